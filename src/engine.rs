//! The seam between the front end and the search: the typed messages that cross the thread
//! boundary (`command`), the search thread's loop (`thread`) and its helper threads
//! (`pool`); and the two commands that run searches without a front end, `bench` and `epd`.
//!
//! ```text
//! front end --Command--> channel --> search thread (owns the table and the helper pool)
//!     sets Signals::stop / pondering ---------> polled by every search thread
//!                                     search thread --HelperJob--> helper threads
//! stdout <-- Reporter (info / bestmove), main search thread only, one locked line at a time
//! ```

pub mod bench;
pub mod command;
pub mod epd;
pub mod lag;
pub mod pool;
pub mod thread;
pub mod vote;
