//! The recursive search: negamax alpha-beta, fail-soft, laid out in numbered steps as in
//! micro-Max (probe, horizon, hash move first, generate, recurse with the recapture
//! extension, store). Every node runs it, the root included; at the horizon it hands over to
//! quiescence (`quiescence.rs`).

use super::ordering::history::{piece_to, QuietContext, NO_PIECE_TO};
use super::ordering::keys::{is_tactical, KILLER_KEY_MIN};
use super::picker::MovePicker;
use super::pruning::move_loop::MovePruning;
use super::pruning::reductions::{bad_capture_reduction, late_move_reduction};
use super::score::{repetition_score, DRAW, INFINITY, MATE, MAX_PLY, TB_WIN_BOUND};
use super::searcher::Searcher;
use super::thread_data::MAX_TACTICAL_TRIED;
use super::tt::Bound;
use crate::chess::board::foresight::CheckSquares;
use crate::chess::board::Board;
use crate::chess::movegen::{generate_legal, MoveGen, MoveList};
use crate::chess::types::*;
use crate::eval::evaluate_cached;
use std::ops::ControlFlow;

/// Internal iterative deepening: at this depth or more, a PV node without a hash move first
/// searches `depth - IID_REDUCTION` to find one (micro-Max deepens every node this way).
/// Other nodes without one are searched a ply shallower instead (internal iterative
/// reduction): a position the table does not know was probably not worth much so far.
const IID_MIN_DEPTH: i32 = 4;
const IID_REDUCTION: i32 = 2;
/// micro-Max's recapture extension applies at the horizon (depth 1), where the recapture
/// would otherwise drop into quiescence, and only while the path is at most this many plies
/// longer than the iteration's depth. Unbounded, recapture chains kept whole subtrees at
/// full depth and grew the tree roughly 30-fold at depth 6 in busy middlegames.
const RECAPTURE_EXTENSION_PLIES: i32 = 2;

impl Searcher<'_> {
    /// Negamax alpha-beta. Returns a score for `board` from the side to move's view: exact if
    /// strictly between `alpha` and `beta`, else a bound on the side it fell (fail-soft: the
    /// bound may lie beyond the window, which helps the parent and the table).
    /// `last_to` is the square the opponent's last move landed on (recapture extension), and
    /// `in_check` whether the side to move is in check (the parent has worked it out already).
    /// `cut_node` says the node is expected to fail high: a null-window node whose parent
    /// expects to fail low, or a late move's reduced search. Its late moves are reduced more,
    /// since a cutoff, if there is one, most likely comes from the first few.
    ///
    /// The root (ply 0) is a node like any other, with three differences: its moves come from
    /// the root move list, in that list's order, and each one's result is recorded there; it
    /// is never cut short (no draw by rule, table cutoff or pruning: a move must come back);
    /// and it is always a PV node.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        mut depth: i32,
        ply: usize,
        last_to: Square,
        in_check: bool,
        cut_node: bool,
    ) -> i32 {
        // Step 1. Node bookkeeping: count, poll the limits, start an empty PV. A node at the
        // horizon is handed to quiescence in step 3, which counts it: each position once
        // (a razoring test, `pruning/static_cuts.rs`, counts its node twice).
        if depth <= 0 {
            self.data.pv_len[ply] = ply;
        } else if self.enter_node(ply) {
            return 0;
        }

        // Step 2. Draws by rule: repetition, insufficient material, and the 50-move rule
        // (unless the move that reached 100 plies gave mate, which the move loop finds).
        // Not at the root, which must return a move whatever the game's state.
        let root = ply == 0;
        if !root && board.is_insufficient_material() {
            return DRAW;
        }
        if !root && self.is_repetition(board) {
            return repetition_score(self.nodes);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate_cached(board, &mut self.data.eval_caches);
        }
        // Mate-distance pruning: no line from here can mate faster than in one ply, nor be
        // mated sooner than now; if the window lies outside those bounds, a shorter mate is
        // already known above and this subtree cannot change the result.
        let (alpha, beta) =
            if root { (alpha, beta) } else { (alpha.max(-MATE + ply as i32), beta.min(MATE - ply as i32 - 1)) };
        if alpha >= beta {
            return alpha;
        }

        // Step 3. The horizon: resolve captures before trusting the static score.
        if depth <= 0 {
            return self.quiescence(board, alpha, beta, ply, 0, in_check);
        }

        // Step 4. Probe the transposition table; a deep enough bound that settles the window
        // ends the node at once.
        // At the root the list gives the order, so the table is not asked.
        let key = board.key();
        let pv_node = root || beta - alpha > 1;
        // A node searched without one of its moves (the singular test, `pruning/singular.rs`) is
        // another question than the table's answer for the position: it asks nothing of it.
        let excluded = self.data.frames[ply].excluded;
        let hit = if root || excluded.is_some() { None } else { self.tt.probe(key, ply) };
        let mut hash_move = Move::NONE;
        if let Some(hit) = hit {
            hash_move = hit.best_move;
            let settles = hit.settles(alpha, beta);
            // Not at PV nodes (open window): there the exact line matters, and they are few.
            if !pv_node && hit.depth >= depth && settles && board.halfmove_clock() < 90 {
                return hit.score;
            }
        }

        // Step 5. The endgame tables: just after a capture or pawn move with few pieces left,
        // they know the result. It ends the node when it settles the window; at a PV node
        // where it does not, it bounds what the search below may return (`tablebase.rs`).
        let tables = if excluded.is_some() {
            ControlFlow::Continue((-INFINITY, INFINITY))
        } else {
            self.consult_tables(board, alpha, beta, depth, ply, !pv_node)
        };
        let (tb_floor, tb_ceiling) = match tables {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(bounds) => bounds,
        };

        // The static score, used by the pruning steps below (meaningless in check), corrected
        // and refined by the table (`node_eval.rs`). The side to move is "improving" when it
        // stands better than two plies ago, at its own last turn: then a fail high is more
        // likely, and pruning can be bolder; when it is not, late moves are less likely to
        // help, and more of them are pruned.
        let node_eval = self.node_eval(board, key, hit, in_check);
        let (eval, static_eval) = (node_eval.refined, node_eval.corrected);
        self.data.frames[ply].static_eval = static_eval;
        // The double extensions on the path here, which the searches below inherit.
        let doubles = if root { 0 } else { self.data.frames[ply - 1].double_extensions };
        self.data.frames[ply].double_extensions = doubles;
        let improving = !in_check && (ply < 2 || static_eval > self.data.frames[ply - 2].static_eval);

        // Step 6. Reverse futility pruning and razoring (`pruning/static_cuts.rs`): near the horizon,
        // a static score far above beta or far below alpha decides the node.
        if !pv_node && !in_check && !excluded.is_some() {
            if let Some(score) = self.static_cut(board, alpha, beta, depth, ply, eval, improving) {
                return score;
            }
        }

        // Step 7. Null-move pruning (`pruning/null_move.rs`): if passing still holds beta in a reduced
        // search, a real move almost surely does too. Never at PV nodes, in check, or twice
        // in a row (`last_to` is NO_SQUARE after a pass).
        if !pv_node && !in_check && last_to != NO_SQUARE && !excluded.is_some() {
            if let Some(score) = self.null_move_cut(board, beta, depth, ply, eval, cut_node) {
                return score;
            }
        }
        // Not where the tables bound the score: the shortcuts below do not consult them.
        let table_bounds = tb_floor > -INFINITY || tb_ceiling < INFINITY;

        // Step 7b. ProbCut (`pruning/probcut.rs`): a capture that beats beta well in a shallow search.
        if !pv_node && !in_check && !excluded.is_some() && !table_bounds {
            if let Some(score) = self.probcut(board, beta, depth, ply, eval, hit, cut_node) {
                return score;
            }
        }

        // Step 8. Internal iterative deepening: without a hash move, a shallower search finds
        // a good first move, which pays for itself in cutoffs.
        if !root && !hash_move.is_some() && !excluded.is_some() && depth >= IID_MIN_DEPTH {
            if pv_node {
                self.search(board, alpha, beta, depth - IID_REDUCTION, ply, last_to, in_check, false);
                if self.stopped {
                    return 0;
                }
                hash_move = self.tt.probe(key, ply).map_or(Move::NONE, |h| h.best_move);
                // Its line is not this node's: forget it, or a fail low below would leave it.
                self.data.pv_len[ply] = ply;
            } else {
                depth -= 1;
            }
        }

        // Step 9. The 50-move rule: a draw, unless the side to move is checkmated. Only here
        // must the node know up front whether it has a legal move at all.
        if !root && board.halfmove_clock() >= 100 {
            let mut any = MoveList::new();
            generate_legal(board, &mut any);
            return if any.is_empty() && in_check { -MATE + ply as i32 } else { DRAW };
        }

        // Step 10. Order: hash move first, then captures by MVV/LVA and their history,
        // killers, history (`ordering/keys.rs`). The moves are generated in stages as they are
        // needed (see `MovePicker`): a node that cuts off on its hash move generates nothing,
        // and one that cuts off on a capture never generates its quiet moves.
        // (At the root the moves come from the root list: nothing is generated.)
        let generator = (!root).then(|| MoveGen::new(board));
        if hash_move.is_some() && !generator.as_ref().is_some_and(|g| g.is_legal(hash_move)) {
            hash_move = Move::NONE;
        }
        // Step 10b. Singular extensions (`pruning/singular.rs`): the hash move goes a ply deeper when
        // it is far better than the rest, a ply shallower when it is not needed for the
        // cutoff; and when other moves beat beta too, the node fails high at once.
        let mut hash_extension = 0;
        if let Some(hit) = hit.filter(|h| h.best_move == hash_move && hash_move.is_some() && !table_bounds) {
            match self.singular_extension(board, beta, depth, ply, last_to, in_check, hit, pv_node, cut_node) {
                ControlFlow::Break(score) => return score,
                ControlFlow::Continue(extension) => hash_extension = extension,
            }
            if self.stopped {
                return 0;
            }
        }
        let mut picker = MovePicker::new(hash_move);
        let context = QuietContext {
            ply,
            previous: [
                if ply >= 1 { self.data.frames[ply - 1].moved } else { NO_PIECE_TO },
                if ply >= 2 { self.data.frames[ply - 2].moved } else { NO_PIECE_TO },
            ],
        };

        // Step 11. Try each move. A recapture at the horizon on the square the opponent just
        // moved to does not use up depth (micro-Max's recapture extension), so the exchange is
        // seen with a full-width reply; RECAPTURE_EXTENSION_PLIES bounds it.
        // Principal variation search: the first move gets the full window; the others are
        // first searched with a null window, only to prove they are not better, and are
        // searched again in full only when that proof fails.
        let pruning = MovePruning::new(root, pv_node, in_check, depth, improving, static_eval, alpha);
        let alpha_orig = alpha;
        let mut alpha = alpha.max(tb_floor);
        let mut best_score = tb_floor;
        let mut best_move = Move::NONE;
        let (mut quiet_count, mut tactical_count) = (0, 0);
        let mut tried = 0;
        let mut check_squares = None;
        loop {
            let next = match &generator {
                None if self.pv_index + tried >= self.root_end => None,
                None => {
                    let rm = self.root_moves.get(self.pv_index + tried);
                    rm.map(|rm| (rm.mv, self.root_key(board, rm.mv, context), 0))
                }
                Some(generator) => {
                    // Once every quiet move left is late, the picker passes over those that
                    // give no check (late-move pruning would leave them out) and says how
                    // many it passed, so each move keeps its place in the count.
                    let late = (!excluded.is_some() && pruning.late_from(tried, best_score))
                        .then(|| &*check_squares.get_or_insert_with(|| CheckSquares::new(board)));
                    let frame = &mut self.data.frames[ply];
                    let stats = (&self.data.quiet, &self.data.captures, context);
                    picker.next(board, generator, frame, stats, late)
                }
            };
            let Some((m, sort_key, passed)) = next else { break };
            tried += passed;
            debug_assert!(!root || !excluded.is_some(), "the root never leaves a move out");
            if m == excluded {
                continue;
            }
            let i = tried;
            tried += 1;
            let nodes_before = self.nodes;
            let quiet = !is_tactical(board, m);
            // Moves that almost never raise alpha near the horizon are left out (`pruning/move_loop.rs`):
            // most before they are made, a late one once it is known whether it gives check.
            let late = pruning.is_late(quiet, i, sort_key, best_score);
            // The child's table entry is fetched from memory as early as it is known to be
            // wanted: at once for a move that will most likely be searched, after the check
            // test for a late one (most late moves are left out, and fetching their entries
            // for nothing crowds out the ones that are used).
            if !late {
                self.tt.prefetch(board.key_after(m));
            }
            if pruning.skip(board, m, quiet, i, sort_key, best_score, late) {
                continue;
            }
            if root && self.id == 0 {
                self.report_current_move(depth as u32, m, self.pv_index + i + 1);
            }
            // Foreseen without making the move (`board/foresight.rs`): most late moves are
            // left out for giving no check, and are never made.
            let gives_check = check_squares.get_or_insert_with(|| CheckSquares::new(board)).gives_check(board, m);
            if late && pruning.skip_late(board, m, sort_key, gives_check) {
                continue;
            }
            if late {
                self.tt.prefetch(board.key_after(m));
            }
            let is_recapture = m.to() == last_to && board.piece_at(m.to()) != EMPTY;
            let moved = piece_to(board, m);
            let mut child = *board;
            child.make_move(m);
            // Extensions: a recapture at the horizon (micro-Max), and a check anywhere: a
            // check forces the reply, so it costs the opponent a ply and often hides a
            // tactic. Both are bounded by path length so they cannot recurse without end.
            let extend = (is_recapture && depth == 1 && (ply as i32) < self.root_depth + RECAPTURE_EXTENSION_PLIES)
                || (gives_check && (ply as i32) < 2 * self.root_depth);
            let extension = if m == hash_move { hash_extension.max(extend as i32) } else { extend as i32 };
            let child_depth = depth - 1 + extension;
            self.keys.push(child.key());
            // Late-move reductions: with good ordering, a quiet move late in the list rarely
            // beats alpha, so it is searched shallower first. If it does beat alpha, it is
            // searched again at full depth, so only the effort is reduced, never the result of
            // a move that matters. Not for tactical moves, killers, checks or evasions.
            let reduction = if quiet && sort_key < KILLER_KEY_MIN && !in_check && !gives_check {
                late_move_reduction(depth, i, pv_node, improving, cut_node, sort_key).min((child_depth - 1).max(0))
            } else if !quiet && !pv_node && !in_check && !gives_check && m != hash_move && m.promotion() == 0 {
                bad_capture_reduction(board, m, depth, i).min((child_depth - 1).max(0))
            } else {
                0
            };
            self.data.frames[ply].moved = moved;
            self.data.frames[ply].double_extensions = doubles + (extension >= 2) as u8;
            let mut score;
            // The child of a PV node's first move is a PV node; a null-window child is a cut
            // node when this one is not, and a reduced one always is.
            let (to, check) = (m.to(), gives_check);
            if i == 0 {
                score = -self.search(&child, -beta, -alpha, child_depth, ply + 1, to, check, !pv_node && !cut_node);
            } else {
                let expect_cut = reduction > 0 || !cut_node;
                score =
                    -self.search(&child, -alpha - 1, -alpha, child_depth - reduction, ply + 1, to, check, expect_cut);
                if score > alpha && reduction > 0 && !self.stopped {
                    score = -self.search(&child, -alpha - 1, -alpha, child_depth, ply + 1, to, check, !cut_node);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search(&child, -beta, -alpha, child_depth, ply + 1, to, check, false);
                }
            }
            self.keys.pop();
            if root {
                self.root_moves.add_nodes(self.pv_index + i, self.nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            if quiet {
                self.data.frames[ply].quiets[quiet_count] = m;
                quiet_count += 1;
            } else if tactical_count < MAX_TACTICAL_TRIED {
                self.data.frames[ply].tactical[tactical_count] = m;
                tactical_count += 1;
            }
            if root {
                self.record_root_move(board, i, score, alpha, beta, depth);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        // Beta cutoff: the opponent will not allow this line. The move that
                        // refutes is remembered for the siblings (killer, histories), and
                        // the moves tried before it count against theirs.
                        let frame = &self.data.frames[ply];
                        if quiet {
                            self.data.quiet.reward(board, context, depth, m, &frame.quiets[..quiet_count]);
                        }
                        self.data.captures.reward(board, depth, m, &frame.tactical[..tactical_count]);
                        break;
                    }
                }
            }
        }

        // No legal move: checkmate or stalemate. (Without the excluded move, no other move:
        // the singular test fails low, the excluded move being singular.)
        if tried == 0 && excluded.is_some() {
            return alpha;
        }
        if tried == 0 {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }

        // Step 12. Store the result with the kind of bound it is, and learn how far the static
        // score was off (`correction.rs`): not in check, nor after a best move that wins
        // material (the static score does not see it coming), nor from a mate or table score.
        let best_score = best_score.min(tb_ceiling);
        let bound = Bound::of(best_score, alpha_orig, beta);
        let wins_material = best_move.is_some() && is_tactical(board, best_move);
        if !(root || in_check || excluded.is_some() || table_bounds || wins_material) && best_score.abs() < TB_WIN_BOUND
        {
            self.data.correction.learn(board, depth, best_score, bound, node_eval.raw, static_eval);
        }
        // Not at a root restricted by `searchmoves` or the tables' ranks, nor for a MultiPV
        // line after the first: their score is that of some of the moves, not of the position.
        let partial_root =
            self.root_moves.is_restricted() || self.pv_index > 0 || self.root_end < self.root_moves.len();
        if !(excluded.is_some() || root && partial_root) {
            self.tt.store(key, best_move, best_score, depth, bound, ply, node_eval.plain);
        }
        best_score
    }
}
