//! Iterative deepening at the root: search depth 1, 2, 3 ... with aspiration windows around
//! the last score, each time with the previous best move first, until a limit says stop.

use super::ordering::history::QuietContext;
use super::ordering::keys::{is_tactical, noisy_key, quiet_key};
use super::params::aspiration_window;
use super::report::ScoreBound;
use super::root::RootMoves;
use super::score::{INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN_BOUND};
use super::searcher::{SearchResult, Searcher, LATE_CHANGE_REPORT};
use super::time::{soft_scale, Progress, ONE_MOVE_SOFT};
use super::wdl::material;
use crate::chess::board::Board;
use crate::chess::movegen::is_legal;
use crate::chess::types::{Move, NO_SQUARE};
use std::sync::atomic::Ordering;

/// Aspiration windows (see `aspiration_search`): from this depth, a first window around the
/// last score (`params::aspiration_window` each side), widened by half on each failure, and
/// the full window once it would exceed the last constant.
const ASPIRATION_MIN_DEPTH: i32 = 5;
const ASPIRATION_GIVE_UP: i32 = 500;
/// Lazy SMP: whether the odd-numbered helper threads search one ply deeper than the main
/// thread (see `run`).
const HELPER_DEPTH_SKEW: bool = true;

impl Searcher<'_> {
    /// Iterative deepening: search depth 1, 2, 3 ... each time with the previous best move
    /// first, until a limit says stop. Returns the best move of the deepest search that
    /// produced one; a legal move is returned whenever one exists, even if the search is
    /// stopped after one node.
    pub fn run(&mut self, board: &Board, searchmoves: &[Move]) -> SearchResult {
        let hash_move = self.tt.probe(board.key(), 0).map_or(Move::NONE, |h| h.best_move);
        self.root_moves = RootMoves::new(board, searchmoves, hash_move);
        self.start_tables();
        self.rank_root_by_tables(board);
        self.root_material = material(board);
        let mut result = SearchResult {
            best_move: Move::NONE,
            ponder_move: Move::NONE,
            pv: Vec::new(),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        if self.root_moves.is_empty() {
            return result;
        }
        result.best_move = self.root_moves.best().mv;
        self.keys.push(board.key());

        self.start_level(board);

        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        // MultiPV: the lines shown, never more than there are moves to search; a limited
        // level may search more than it shows, to choose among them (`weaken.rs`).
        let shown = self.options.multi_pv.clamp(1, self.root_moves.len());
        let lines = self.level.map_or(1, |level| level.lines()).clamp(shown, self.root_moves.len());
        let mut pv: Vec<Move> = vec![result.best_move];
        // How the search goes, for the stop rules: the score our previous move's search
        // left (if this position follows from it) and this search's last two scores.
        let mut progress = Progress::default();
        let last_move_score = self.data.score_two_plies_back(&self.keys[..self.keys.len() - 1]);
        let mut earlier_scores: [Option<i32>; 2] = [None, None];
        for iteration in 1..=max_depth {
            // Half the helpers search one ply deeper than the main thread at each iteration,
            // so their results are in the table when the main thread gets there.
            let depth = if HELPER_DEPTH_SKEW && self.id % 2 == 1 { (iteration + 1).min(max_depth) } else { iteration };
            let previous_best = result.best_move;
            self.root_depth = depth as i32;
            self.seldepth = 0;
            self.root_moves.start_iteration();
            // Line k is the best move once lines 1..k are left out, searched with its own
            // aspiration window around its last score; after each line the lines found so
            // far are sorted.
            let mut score = -INFINITY;
            let mut lines_done = 0;
            for line in 0..lines {
                self.pv_index = line;
                self.root_end = self.root_moves.group_end(line);
                let previous = if line == 0 {
                    result.score
                } else {
                    self.root_moves.get(line).map_or(-INFINITY, |rm| rm.previous_score)
                };
                let line_score = self.aspiration_search(board, depth as i32, previous);
                if line == 0 {
                    score = line_score;
                }
                if self.stopped {
                    break;
                }
                self.root_moves.sort_range(0, line + 1);
                lines_done = line + 1;
            }
            self.pv_index = 0;
            self.root_end = usize::MAX;
            // The front of the list is the best move known, even in an unfinished iteration:
            // a move moves up only once its search has finished.
            let best = self.root_moves.best();
            pv = self.complete_pv(board, if best.pv.is_empty() { std::slice::from_ref(&best.mv) } else { &best.pv });
            result.best_move = pv[0];
            if lines > 1 && lines_done > 0 {
                score = self.root_moves.best().score;
            }
            if self.stopped {
                // The iteration did not finish: its score is not trustworthy, but the caller
                // still gets a final report with the move it will play.
                if shown == 1 || lines_done == 0 {
                    self.report(0, result.depth.max(1), result.score, ScoreBound::Exact, &pv);
                } else {
                    self.report_lines(board, depth, shown, lines_done.min(shown));
                }
                break;
            }
            result.score = score;
            result.depth = depth;
            if shown == 1 {
                self.report(0, depth, score, ScoreBound::Exact, &pv);
            } else {
                self.report_lines(board, depth, shown, shown);
            }
            let changed = result.best_move != previous_best;
            progress.stable_iterations = if changed { 0 } else { progress.stable_iterations + 1 };
            progress.changes = progress.changes / 2.0 + if changed { 1.0 } else { 0.0 };
            let fall = |from: Option<i32>| from.map_or(0, |s| (s - score).clamp(0, MATE_BOUND));
            progress.fall_since_last_move = fall(last_move_score);
            progress.fall_since_iterations = fall(earlier_scores[0]);
            earlier_scores = [earlier_scores[1], Some(score)];
            if self.should_stop_iterating(score, &progress) {
                break;
            }
        }
        self.finish_level(board, &mut result, &mut pv);
        // Remembered for the next move's stop rules, unless this search answered no clock of
        // ours (an infinite search, or a ponder search the opponent's move made pointless).
        // A search stopped before its first iteration finished has no score to remember.
        let timed = !self.limits.infinite && !self.signals.pondering.load(Ordering::Relaxed) && result.depth > 0;
        self.data.remember_score(board.key(), result.score, timed);
        result.ponder_move = pv.get(1).copied().unwrap_or(Move::NONE);
        result.pv = pv;
        result.nodes = self.nodes;
        self.publish_nodes();
        self.keys.pop();
        result
    }

    /// Reports the first `lines` root moves as MultiPV lines, best first. The first `done`
    /// of them were searched at `depth`; the others (a search stopped before it reached them)
    /// are shown with their score and line from the depth before, as GUIs expect every line
    /// on every report. A line with nothing to show yet is left out.
    fn report_lines(&mut self, board: &Board, depth: u32, lines: usize, done: usize) {
        let mut shown = Vec::with_capacity(lines);
        for (k, rm) in self.root_moves.iter().take(lines).enumerate() {
            let (line_depth, score) = if k < done { (depth, rm.score) } else { (depth - 1, rm.previous_score) };
            if line_depth == 0 || score == -INFINITY {
                continue;
            }
            let line = if rm.pv.is_empty() { vec![rm.mv] } else { rm.pv.clone() };
            shown.push((line_depth, score, line));
        }
        // The lines not searched at this depth come after those that were, best first.
        let searched = done.min(shown.len());
        shown[searched..].sort_by_key(|&(_, score, _)| std::cmp::Reverse(score));
        for (k, (line_depth, score, line)) in shown.into_iter().enumerate() {
            let pv = self.complete_pv(board, &line);
            self.report(k, line_depth, score, ScoreBound::Exact, &pv);
        }
    }

    /// Aspiration windows: the score of one iteration is usually close to the last one's, so
    /// the root is searched with a narrow window around it, where more of the tree is cut
    /// off. A score outside the window is only a bound, so the window is widened on that side
    /// (by half again each time) and the root searched again, until the score falls inside.
    /// After a fail high the root is searched a ply shallower for each fail high in a row (at
    /// least one ply deep): the move that failed high is usually good, and a shallower search
    /// confirms it sooner; a fail low, a mate score and the full window search at full depth
    /// again. Early iterations, whose scores still jump, and mate scores get the full window.
    /// After each search of the root the root moves of this line are sorted, so a move that
    /// failed high is searched first next time. A failure late in a long search is reported,
    /// as a bound.
    fn aspiration_search(&mut self, board: &Board, depth: i32, previous: i32) -> i32 {
        let mut delta = aspiration_window();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let in_check = board.in_check();
        let mut fail_highs = 0;
        loop {
            let searched = (depth - fail_highs).max(1);
            let score = self.search(board, alpha, beta, searched, 0, NO_SQUARE, in_check, false);
            self.root_moves.sort_range(self.pv_index, self.root_moves.len());
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha {
                // Fail low: every move scored at most alpha. Lower the floor.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                fail_highs = 0;
                ScoreBound::Upper
            } else if score >= beta {
                // Fail high: a move scored at least beta. Raise the ceiling. A mate (or a table
                // win) is confirmed at the depth that found it: a shallower search might miss it.
                beta = (score + delta).min(INFINITY);
                fail_highs = if score.abs() >= TB_WIN_BOUND { 0 } else { fail_highs + 1 };
                ScoreBound::Lower
            } else {
                return score;
            };
            if self.start.elapsed() >= LATE_CHANGE_REPORT {
                self.report_bound(board, depth as u32, score, bound);
            }
            delta += delta / 2;
            if delta > ASPIRATION_GIVE_UP {
                // The full window settles the score: at the iteration's own depth.
                (alpha, beta) = (-INFINITY, INFINITY);
                fail_highs = 0;
            }
        }
    }

    /// Reports the line being searched as a bound after its root search failed outside the
    /// window (`lowerbound` or `upperbound`).
    fn report_bound(&mut self, board: &Board, depth: u32, score: i32, bound: ScoreBound) {
        let Some(rm) = self.root_moves.get(self.pv_index) else { return };
        let line = if rm.pv.is_empty() { vec![rm.mv] } else { rm.pv.clone() };
        let pv = self.complete_pv(board, &line);
        self.report(self.pv_index, depth, score, bound, &pv);
    }

    /// The principal variation as the GUI should see it. The search's line is cut after a
    /// move that ends the game by rule (a position seen before in the game or the line, as
    /// the search scores it, or the fifty-move rule). Table cutoffs end a line early, so it
    /// is then extended with the table's best moves while they are legal and the game goes
    /// on, so the GUI sees the expected line and `bestmove` gets a `ponder` move.
    pub(super) fn complete_pv(&self, board: &Board, line: &[Move]) -> Vec<Move> {
        let mut position = *board;
        // The game so far and the root: `keys` holds them while the search runs.
        let mut seen = self.keys.clone();
        let mut pv = Vec::with_capacity(line.len());
        for &m in line {
            position.make_move(m);
            pv.push(m);
            if position.halfmove_clock() >= 100 || seen.contains(&position.key()) {
                return pv;
            }
            seen.push(position.key());
        }
        while pv.len() < MAX_PLY / 2 {
            let Some(hit) = self.tt.probe(position.key(), 0) else { break };
            if !hit.best_move.is_some() || !is_legal(&position, hit.best_move) {
                break;
            }
            position.make_move(hit.best_move);
            pv.push(hit.best_move);
            if position.halfmove_clock() >= 100 || seen.contains(&position.key()) {
                break;
            }
            seen.push(position.key());
        }
        pv
    }

    /// The stop rules checked between iterations. A clock's soft deadline is scaled by how
    /// the search goes (`time::soft_scale`): a move that keeps changing, or a falling score,
    /// deserves more time, a move that has held for several iterations less; the hard
    /// deadline never moves.
    fn should_stop_iterating(&self, score: i32, progress: &Progress) -> bool {
        if self.signals.pondering.load(Ordering::Relaxed) || self.limits.infinite {
            return false; // only `stop` (or ponderhit and then time) ends these
        }
        if let Some(moves) = self.limits.mate {
            if score >= MATE - (2 * moves as i32 - 1) {
                return true;
            }
        }
        if score.abs() >= MATE_BOUND && self.limits.depth.is_none() && self.limits.mate.is_none() {
            // A mate found at this depth is proven; deeper iterations only confirm it.
            let plies = MATE - score.abs();
            if self.root_depth > plies + 2 {
                return true;
            }
        }
        let Some(soft) = self.deadlines.soft else { return false };
        // Only a clock is a budget to manage; `movetime` asks for exactly that long.
        let mut soft = if self.limits.movetime.is_some() { soft } else { soft.mul_f64(soft_scale(progress)) };
        if self.limits.clock.is_some() && self.root_moves.len() == 1 {
            soft = soft.min(ONE_MOVE_SOFT); // nothing to choose
        }
        if let Some(hard) = self.deadlines.hard {
            soft = soft.min(hard);
        }
        self.clock_start.elapsed() >= soft
    }

    /// Records the search of the `i`-th move searched at the root, at index `pv_index + i` of
    /// the root list (see `RootMoves::record`); a new best move found late in a long search
    /// is reported at once.
    pub(super) fn record_root_move(&mut self, board: &Board, i: usize, score: i32, alpha: i32, beta: i32, depth: i32) {
        let raised_alpha = score > alpha;
        let index = self.pv_index + i;
        self.root_moves.record(index, score, i == 0, raised_alpha, &self.data.pv[1][1..self.data.pv_len[1]]);
        if i > 0 && raised_alpha && score < beta && depth > 1 && self.start.elapsed() >= LATE_CHANGE_REPORT {
            let line = self.root_moves.get(index).map(|rm| rm.pv.clone()).unwrap_or_default();
            let pv = self.complete_pv(board, &line);
            self.report(self.pv_index, depth as u32, score, ScoreBound::Exact, &pv);
        }
    }

    /// The sort key a root move would have at any other node, for the pruning and reduction
    /// rules that read it: MVV/LVA and capture history for captures and promotions, the
    /// killer or history key for quiet moves.
    pub(super) fn root_key(&self, board: &Board, m: Move, context: QuietContext) -> i32 {
        if is_tactical(board, m) {
            noisy_key(board, m, &self.data.captures)
        } else {
            quiet_key(board, m, &self.data.quiet, context)
        }
    }
}
