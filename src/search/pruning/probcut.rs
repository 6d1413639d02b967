//! ProbCut: a capture that wins clearly more than beta in a much shallower search almost
//! always wins more than beta in the full one too, so the node is cut on the shallow
//! result. Only captures (and queen promotions) that win enough by SEE to plausibly get
//! there are tried, each first by quiescence (cheap, and most fail there), then by the
//! reduced search.

use crate::chess::board::Board;
use crate::chess::movegen::generate_tactical;
use crate::chess::see::see_ge;
use crate::search::ordering::history::piece_to;
use crate::search::ordering::keys::{pick_next, score_noisy_moves};
use crate::search::params::probcut_margin;
use crate::search::score::TB_WIN_BOUND;
use crate::search::searcher::Searcher;
use crate::search::tt::{Bound, Hit, NO_EVAL};

/// ProbCut needs at least this much depth left. (The shallow search must beat beta by a
/// margin, `params::probcut_margin`.)
const PROBCUT_MIN_DEPTH: i32 = 5;
/// The shallow search is this many plies shallower than the node.
const PROBCUT_REDUCTION: i32 = 4;

impl Searcher<'_> {
    /// The score a node of `depth` fails high with by ProbCut, or None. The caller rules out
    /// PV nodes, check, the singular test's searches and nodes the tables bound; `hit` is the
    /// table's entry for the node, which may say the test is hopeless. 0 when the search was
    /// stopped meanwhile (the caller returns it, as every stopped node does). `cut_node` as
    /// for `search`: the shallow searches are of its children.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::search) fn probcut(
        &mut self,
        board: &Board,
        beta: i32,
        depth: i32,
        ply: usize,
        static_eval: i32,
        hit: Option<Hit>,
        cut_node: bool,
    ) -> Option<i32> {
        let probcut_beta = beta + probcut_margin();
        // Not near the 50-move rule either, where a won line may be a draw.
        if depth < PROBCUT_MIN_DEPTH || beta.abs() >= TB_WIN_BOUND || board.halfmove_clock() >= 90 {
            return None;
        }
        // A stored result nearly as deep that stays below the bound: the test would fail.
        if hit.is_some_and(|h| h.depth >= depth - (PROBCUT_REDUCTION - 1) && h.score < probcut_beta) {
            return None;
        }
        // A capture must win at least what the static score lacks to reach the bound.
        let threshold = probcut_beta - static_eval;
        let frame = &mut self.data.frames[ply];
        frame.moves.clear();
        generate_tactical(board, &mut frame.moves);
        let n = frame.moves.len();
        score_noisy_moves(board, frame.moves.as_slice(), &mut frame.keys[..n], &self.data.captures);
        for _ in 0..n {
            let frame = &mut self.data.frames[ply];
            let (m, _) = pick_next(frame.moves.as_slice(), &mut frame.keys[..n]);
            if !see_ge(board, m, threshold) {
                continue;
            }
            let mut child = *board;
            child.make_move(m);
            let gives_check = child.in_check();
            self.data.frames[ply].moved = piece_to(board, m);
            self.keys.push(child.key());
            let mut score = -self.quiescence(&child, -probcut_beta, -probcut_beta + 1, ply + 1, 0, gives_check);
            if score >= probcut_beta && !self.stopped {
                let child_depth = depth - PROBCUT_REDUCTION;
                score = -self.search(
                    &child,
                    -probcut_beta,
                    -probcut_beta + 1,
                    child_depth,
                    ply + 1,
                    m.to(),
                    gives_check,
                    !cut_node,
                );
            }
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= probcut_beta {
                self.tt.store(board.key(), m, score, depth - (PROBCUT_REDUCTION - 1), Bound::Lower, ply, NO_EVAL);
                return Some(score);
            }
        }
        None
    }
}
