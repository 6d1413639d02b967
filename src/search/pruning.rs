//! Selectivity: where the search looks less than the full width to the full depth, and where
//! it looks deeper. Each file is one rule, called from `alphabeta.rs` at its step:
//! * `static_cuts`: reverse futility pruning and razoring, on the static score alone;
//! * `null_move`: null-move pruning, passing to see whether the node holds anyway;
//! * `probcut`: a capture that beats beta well in a much shallower search;
//! * `singular`: extending a hash move far better than every other move;
//! * `move_loop`: moves the loop leaves out (futility, late moves, history, SEE);
//! * `reductions`: how many plies a late quiet move loses.
//!
//! None of them imports another.

pub(super) mod move_loop;
pub(super) mod null_move;
pub(super) mod probcut;
pub(super) mod reductions;
pub(super) mod singular;
pub(super) mod static_cuts;
