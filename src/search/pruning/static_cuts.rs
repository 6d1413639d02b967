//! Cuts decided by the static score near the horizon, before any move is searched: reverse
//! futility pruning (the side to move stands so far above beta that the few plies left will
//! not bring it down) and razoring (it stands so far below alpha that only a capture could
//! help, which quiescence checks). The caller rules out PV nodes, check and the singular
//! test's searches.

use crate::chess::board::Board;
use crate::search::params::{razor_base, razor_per_depth2, rfp_margin};
use crate::search::score::MATE_BOUND;
use crate::search::searcher::Searcher;

/// Reverse futility pruning: up to this depth, with a margin per ply of depth
/// (`params::rfp_margin`).
const RFP_MAX_DEPTH: i32 = 6;
/// Razoring: up to this depth, when the static score is below alpha by a margin growing with
/// the square of the depth (`params::razor_base`, `params::razor_per_depth2`).
const RAZOR_MAX_DEPTH: i32 = 3;

impl Searcher<'_> {
    /// The score a node of `depth` with window (`alpha`, `beta`) is cut with on its static
    /// score, or None. 0 when the search was stopped meanwhile (the caller returns it, as
    /// every stopped node does).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::search) fn static_cut(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        static_eval: i32,
        improving: bool,
    ) -> Option<i32> {
        // Reverse futility: the opponent's threats cannot bring a score this far above beta
        // back under it in the plies left.
        if depth <= RFP_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && static_eval - rfp_margin() * (depth - improving as i32) >= beta
        {
            return Some(static_eval);
        }
        // Razoring: no quiet move lifts a score this far below alpha, so if the captures do
        // not either (quiescence), the node fails low. (Quiescence counts the node again,
        // which keeps the count simple at the price of one node per razoring test.)
        // Not near the 50-move rule, where a lost-looking line may be a draw.
        if depth <= RAZOR_MAX_DEPTH
            && alpha.abs() < MATE_BOUND
            && board.halfmove_clock() < 90
            && static_eval + razor_base() + razor_per_depth2() * depth * depth < alpha
        {
            let score = self.quiescence(board, alpha - 1, alpha, ply, 0, false);
            if self.stopped {
                return Some(0);
            }
            if score < alpha {
                return Some(score);
            }
            // Its line is not this node's: forget it, or a fail low below would leave it.
            self.data.pv_len[ply] = ply;
        }
        None
    }
}
