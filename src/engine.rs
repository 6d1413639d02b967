//! The seam between the front end and the search: the typed messages that cross the thread
//! boundary (`command`) and the search thread's loop (`thread`); and the two commands that
//! run searches without a front end, `bench` and `epd`.
//!
//! ```text
//! front end --Command--> channel --> search thread (owns the transposition table)
//!     sets Signals::stop / pondering ---------> polled by the search
//! stdout <-- Reporter (info / bestmove), one locked line at a time
//! ```

pub mod bench;
pub mod command;
pub mod epd;
pub mod thread;
