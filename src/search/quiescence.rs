//! Quiescence search: at the horizon, only captures and promotions are searched, until the
//! position is quiet, so the static score is never trusted in the middle of an exchange.

use super::ordering::keys::{loses_material, pick_next, score_noisy_moves};
use super::params::delta_base;
use super::score::{DRAW, INFINITY, MATE, MAX_PLY};
use super::searcher::Searcher;
use super::tt::{Bound, NO_EVAL};
use crate::chess::board::Board;
use crate::chess::movegen::{generate_legal, generate_tactical};
use crate::chess::types::Move;
use crate::chess::values::EXCHANGE_VALUE;
use crate::eval::{evaluate_cached, evaluate_lazy, LAZY_MARGIN};

/// Quiescence answers a check with all evasions (so mates at the horizon are seen) for this
/// many plies of quiescence; beyond it, checks are treated like quiet positions so a chain
/// of checks cannot recurse without end.
const QS_CHECK_PLIES: usize = 6;

impl Searcher<'_> {
    /// Quiescence search: at the horizon, only captures and promotions are searched, until
    /// the position is quiet. The side to move may also "stand pat" on the static score,
    /// because it is not forced to capture. In check there is no standing pat: every evasion
    /// is searched, so a mate at the horizon is found.
    /// `in_check` is only looked at (and only needs to be right) while `qply < QS_CHECK_PLIES`.
    pub(super) fn quiescence(
        &mut self,
        board: &Board,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        in_check: bool,
    ) -> i32 {
        if self.enter_node(ply) {
            return 0;
        }
        if board.is_insufficient_material() {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_cached(board, &mut self.data.eval_caches);
        }

        // The table: any entry is at least as deep as quiescence (depth 0), so a bound that
        // settles the window ends the node, except at PV nodes, where the line matters.
        let key = board.key();
        let pv_node = beta - alpha > 1;
        let hit = self.tt.probe(key, ply);
        if let Some(hit) = hit {
            let settles = hit.settles(alpha, beta);
            if !pv_node && settles {
                return hit.score;
            }
        }
        // The static score to store with the result: only a full one, never a lazy one.
        let mut plain_eval = NO_EVAL;
        let alpha_orig = alpha;

        self.data.frames[ply].moves.clear();
        let mut best_score;
        let mut stand_pat = None;
        if qply < QS_CHECK_PLIES && in_check {
            generate_legal(board, &mut self.data.frames[ply].moves);
            if self.data.frames[ply].moves.is_empty() {
                return -MATE + ply as i32;
            }
            best_score = -INFINITY;
        } else {
            // Stand pat: the static score is a lower bound, since we may decline all captures.
            // It is corrected as the main search's static score is (`correction.rs`); the lazy
            // evaluation's window is shifted by the correction, so it still decides whether
            // the corrected score can fall inside the window.
            // A static score stored in the table is a full one, and costs nothing.
            let correction = self.data.correction.correction(board);
            let score = match hit.and_then(|h| h.eval) {
                Some(score) => score,
                None => {
                    let window = (alpha - correction, beta - correction);
                    let (score, complete) = evaluate_lazy(board, window.0, window.1, &mut self.data.eval_caches);
                    if complete {
                        plain_eval = score;
                    }
                    score
                }
            };
            best_score = self.noisy(score, key) + correction;
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
            stand_pat = Some(best_score);
            generate_tactical(board, &mut self.data.frames[ply].moves);
        }

        let frame = &mut self.data.frames[ply];
        let n = frame.moves.len();
        score_noisy_moves(board, frame.moves.as_slice(), &mut frame.keys[..n], &self.data.captures);
        let evading = qply < QS_CHECK_PLIES && in_check;
        let mut best_move = Move::NONE;
        for _ in 0..n {
            let frame = &mut self.data.frames[ply];
            let (m, _) = pick_next(frame.moves.as_slice(), &mut frame.keys[..n]);
            // Captures that lose material by SEE are not searched (a side may stand pat
            // instead), unless evading check, where every reply counts.
            if !evading && m.promotion() == 0 && loses_material(board, m) {
                continue;
            }
            // Foreseen without making the move (`board/foresight.rs`), so that a capture delta
            // pruning leaves out is never made.
            let gives_check = qply + 1 < QS_CHECK_PLIES && board.gives_check(m);
            // Delta pruning: this capture cannot bring the side up to alpha. Not a check,
            // whose evasions are searched and may be none.
            if let Some(stand_pat) = stand_pat.filter(|_| m.promotion() == 0 && !gives_check) {
                let gain = EXCHANGE_VALUE[board.captured_kind(m) as usize];
                // A stand-pat score that far below alpha is a lazy one (`eval::LAZY_MARGIN`),
                // without the activity terms, so their margin is added to the parameter's.
                let hope = stand_pat + gain + delta_base() + LAZY_MARGIN;
                if hope <= alpha {
                    // It could have scored up to this, so the node's bound must allow it.
                    best_score = best_score.max(hope);
                    continue;
                }
            }
            self.tt.prefetch(board.key_after(m));
            let mut child = *board;
            child.make_move(m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1, gives_check);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Stored at depth 0, below every main-search result for the same position.
        let bound = Bound::of(best_score, alpha_orig, beta);
        self.tt.store(key, best_move, best_score, 0, bound, ply, plain_eval);
        best_score
    }
}
