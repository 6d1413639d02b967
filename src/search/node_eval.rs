//! What a node of the main search knows of its position before it searches a move: the static
//! score, three ways. Every pruning rule of the node reads one of them.

use super::score::{INFINITY, TB_WIN_BOUND};
use super::searcher::Searcher;
use super::tt::{Hit, NO_EVAL};
use crate::chess::board::Board;
use crate::eval::evaluate_cached;

/// A node's static scores, side to move's view. In check there is none: every field is
/// `-INFINITY` (`plain` is `NO_EVAL`), since no pruning rule applies there.
pub(super) struct NodeEval {
    /// The evaluation itself, as the table stores it.
    pub plain: i32,
    /// With the noise of a weakened level, if any: what the correction history learns from.
    pub raw: i32,
    /// Corrected by what the search has learned of the evaluation's errors in this pawn
    /// structure (`correction.rs`): the node's static score, which "improving" compares.
    pub corrected: i32,
    /// The corrected score moved to the table's stored search score where that score's bound
    /// lies beyond it (a lower bound above it, an upper bound below): a search result is a
    /// better guess than a static one. The node's static cuts judge by this.
    pub refined: i32,
}

impl Searcher<'_> {
    /// The static scores of `board` (key `key`), whose table entry, if any, is `hit`. The
    /// evaluation is taken from the entry when it has one, which spares working it out.
    pub(super) fn node_eval(&mut self, board: &Board, key: u64, hit: Option<Hit>, in_check: bool) -> NodeEval {
        if in_check {
            return NodeEval { plain: NO_EVAL, raw: -INFINITY, corrected: -INFINITY, refined: -INFINITY };
        }
        let plain = match hit.and_then(|h| h.eval) {
            Some(score) => score,
            None => evaluate_cached(board, &mut self.data.eval_caches),
        };
        let raw = self.noisy(plain, key);
        let corrected = self.data.correction.corrected(board, raw);
        let refined = match hit {
            Some(h) if h.score.abs() < TB_WIN_BOUND => h.refine(corrected),
            _ => corrected,
        };
        NodeEval { plain, raw, corrected, refined }
    }
}
