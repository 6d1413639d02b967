//! Move ordering and the histories behind it: alpha-beta cuts off sooner when the best move
//! comes first, and what cut off before is the best guess at what will cut off now.
//!
//! From the bottom up (each imports only those above it):
//! * `history`: the killers, the history and the continuation history of quiet moves;
//! * `capture_history`: the history of captures and promotions;
//! * `keys`: each move's sort key (hash move, MVV/LVA shifted by the capture history, the
//!   killers, the quiet statistics) and picking moves in key order.
//!
//! `picker` (beside this folder) hands a node its moves in stages by these keys. It works in
//! the thread's per-ply frames (`thread_data`), which own these histories, so it sits above
//! them, outside this folder.

pub(super) mod capture_history;
pub(super) mod history;
pub(super) mod keys;
