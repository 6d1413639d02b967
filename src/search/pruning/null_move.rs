//! Null-move pruning (micro-Max 4.8 has it): if the side to move could pass and a reduced
//! search still scores at least beta, a real move will almost surely do too, so the node is
//! cut. Unsafe in zugzwang, where passing would be the best "move": so never without pieces
//! (king and pawn endings are where zugzwang lives). The caller rules out PV nodes, check
//! and a pass right after a pass.

use crate::chess::board::Board;
use crate::chess::types::NO_SQUARE;
use crate::search::ordering::history::NO_PIECE_TO;
use crate::search::params::null_eval_divisor;
use crate::search::score::MATE_BOUND;
use crate::search::searcher::Searcher;

/// Null-move pruning needs at least this much depth left.
const NULL_MIN_DEPTH: i32 = 3;
/// Depth taken off a null-move search: this base, plus one per this many plies of depth,
/// plus one per so much of the static score above beta (`params::null_eval_divisor`, at most
/// `NULL_EVAL_MAX_PLIES`): the further ahead the side to move stands, the less the pass needs
/// proving.
const NULL_REDUCTION: i32 = 3;
const NULL_REDUCTION_DIVISOR: i32 = 3;
const NULL_EVAL_MAX_PLIES: i32 = 3;

impl Searcher<'_> {
    /// The score a node of `depth` fails high with after a pass, or None when it does not
    /// (or may not pass). 0 when the search was stopped meanwhile (the caller returns it,
    /// as every stopped node does).
    pub(in crate::search) fn null_move_cut(
        &mut self,
        board: &Board,
        beta: i32,
        depth: i32,
        ply: usize,
        static_eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        if depth < NULL_MIN_DEPTH
            || beta.abs() >= MATE_BOUND
            || !board.has_non_pawn_material(board.side())
            || static_eval < beta
        {
            return None;
        }
        let reduction = NULL_REDUCTION
            + depth / NULL_REDUCTION_DIVISOR
            + ((static_eval - beta) / null_eval_divisor()).min(NULL_EVAL_MAX_PLIES);
        let mut child = *board;
        child.make_null_move();
        self.tt.prefetch(child.key());
        self.data.eval_caches.pass(board.key(), child.key());
        self.data.frames[ply].moved = NO_PIECE_TO;
        self.keys.push(child.key());
        // Repetition checks below the pass must not look back across it.
        let outer_barrier = std::mem::replace(&mut self.repetition_barrier, self.keys.len() - 1);
        let score = -self.search(&child, -beta, -beta + 1, depth - 1 - reduction, ply + 1, NO_SQUARE, false, !cut_node);
        self.repetition_barrier = outer_barrier;
        self.keys.pop();
        if self.stopped {
            Some(0)
        } else if score >= beta {
            // A mate found after a pass is not proven for a real move: return beta.
            Some(if score >= MATE_BOUND { beta } else { score })
        } else {
            None
        }
    }
}
