//! How a limited level (`level.rs`) plays: what it changes before the search, and how it
//! chooses its move after. Full strength never comes here.
//!
//! Before the search: the level's evaluation noise and node budget. A bare enemy king is
//! mated at full strength (no noise, no gamble, a budget that finds the mate), guided like
//! full strength by the evaluation's push of that king to where it is mated
//! (`eval::endgame`), so that every level completes the basic mates.
//!
//! After the search: a move among the best few lines, by the level's softmax (`level::choose`),
//! never instead of a mate found. From `level::GUARD_ELO` up, the move is first checked by a
//! short search without noise: a move that scores more than 80 cp below the best move there
//! (one that loses material to a one-move refutation, say) is not played, and the choice is
//! made again without it ([`SHORT_CHECK`]). From `level::DEEP_GUARD_ELO` up, a second check
//! some plies deeper refuses a move further below the best ([`DEEP_CHECK`]). The move
//! played is reported last, so the GUI's last `info` belongs to it. Then, with a clock, the
//! level takes a believable share of its time.

use super::level::Level;
use super::root::{RootMove, RootMoves};
use super::score::{INFINITY, MATE_BOUND};
use super::searcher::{SearchResult, Searcher};
use super::{level, report::ScoreBound};
use crate::chess::board::Board;
use crate::chess::rng::Rng;
use crate::chess::types::{Move, NO_SQUARE};
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime};

/// Nodes a level may always spend mating a bare king.
const MATING_NODES: u64 = 50_000;
/// The noise-free checks of a level's move, as (depth, margin): a move scoring more than
/// `margin` below the best move in a search of `depth` plies is a blunder and is not played.
/// The short check (its reply and ours, then quiescence) catches a piece left hanging or a
/// fork; it applies from `level::GUARD_ELO` up.
const SHORT_CHECK: (i32, i32) = (3, 80);
/// The deep check, from `level::DEEP_GUARD_ELO` up, catches a combination a few moves long
/// that a small node budget does not see, and lets smaller inaccuracies through.
const DEEP_CHECK: (i32, i32) = (8, 200);
/// With a clock, a level spends between these percentages of the search's soft deadline.
const THINK_PERCENT: (u64, u64) = (40, 80);
/// How often the believable wait looks at the stop flag.
const WAIT_SLICE: Duration = Duration::from_millis(5);

impl Searcher<'_> {
    /// Readies a level's search of `board`: a fresh random seed, the noise and node budget.
    pub(super) fn start_level(&mut self, board: &Board) {
        let Some(mut level) = self.level else { return };
        if board.colour_set(board.side().flip()).count_ones() == 1 {
            level = Level { nodes: level.nodes.max(MATING_NODES), noise: 0, temperature: 0, ..level };
            self.level = Some(level);
        }
        let time = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        self.noise_seed = time ^ board.key();
        self.noise = level.noise;
        self.node_limit = self.node_limit.min(level.nodes.max(1));
    }

    /// The level's move, after the search: `result` and `pv` are the best line found, and
    /// become the line the level plays.
    pub(super) fn finish_level(&mut self, board: &Board, result: &mut SearchResult, pv: &mut Vec<Move>) {
        let Some(level) = self.level else { return };
        if self.id != 0 || self.root_moves.is_empty() {
            return;
        }
        self.noise = 0;
        let mut rng = Rng::new(self.noise_seed ^ 0x5EED);
        // The candidates, best first, each with its score from the deepest search that has one.
        let score_of = |rm: &RootMove| if rm.score > -INFINITY { rm.score } else { rm.previous_score };
        let mut candidates: Vec<(Move, i32, Vec<Move>)> = self
            .root_moves
            .iter()
            .take(level.lines())
            .filter(|rm| score_of(rm) > -INFINITY)
            .map(|rm| (rm.mv, score_of(rm), if rm.pv.is_empty() { vec![rm.mv] } else { rm.pv.clone() }))
            .collect();
        candidates.sort_by_key(|c| std::cmp::Reverse(c.1));
        if candidates.is_empty() || candidates[0].0 != result.best_move {
            candidates.insert(0, (result.best_move, result.score, pv.clone()));
        }
        // The checks that apply, each with its floor; the deepest check's own best move
        // stands in if every candidate fails.
        let checks: &[(i32, i32)] = if candidates[0].1 >= MATE_BOUND {
            &[]
        } else if level.guards_deeply() {
            &[SHORT_CHECK, DEEP_CHECK]
        } else if level.guards_blunders() {
            &[SHORT_CHECK]
        } else {
            &[]
        };
        let mut floors = Vec::with_capacity(checks.len());
        let mut fallback = None;
        for &(depth, margin) in checks {
            let (score, best) = self.guard_search(board, None, depth);
            floors.push((depth, score - margin));
            fallback = Some((best.mv, score, best.pv));
        }
        let played = loop {
            if self.signals.stop.load(Ordering::Relaxed) {
                break None; // the GUI wants the move now: the search's best
            }
            if candidates.is_empty() {
                break fallback;
            }
            let scores: Vec<i32> = candidates.iter().map(|c| c.1).collect();
            let k = level::choose(&scores, level.temperature, rng.next_u64());
            let mv = candidates[k].0;
            if floors.iter().all(|&(depth, floor)| self.guard_search(board, Some(mv), depth).0 >= floor) {
                break Some(candidates.swap_remove(k));
            }
            candidates.remove(k);
        };
        if let Some((mv, score, line)) = played {
            if mv != result.best_move {
                *pv = self.complete_pv(board, if line.is_empty() { std::slice::from_ref(&mv) } else { &line });
                result.best_move = mv;
                result.score = score;
                self.report(0, result.depth.max(1), score, ScoreBound::Exact, pv);
            }
        }
        self.take_believable_time(&mut rng);
    }

    /// The noise-free score at `depth` of `only` alone, or of the position with None,
    /// with the best move found. Searched like a root of its own, by iterative deepening as
    /// the real search is (one search straight at `depth`, without the earlier iterations'
    /// move order, let a reduced refutation go unseen: it once judged a queen given away the
    /// best move), leaving the real root's list as it was, and silently: a long check must
    /// not report its own best move as the level's line. If the search is stopped, the last
    /// finished depth answers; with none finished the score is `-INFINITY`: the position's
    /// check then sets no floor, and a move's check fails its floor.
    fn guard_search(&mut self, board: &Board, only: Option<Move>, depth: i32) -> (i32, RootMove) {
        let reporter = self.reporter.take();
        let moves: Vec<Move> = only.into_iter().collect();
        let saved_roots = std::mem::replace(&mut self.root_moves, RootMoves::new(board, &moves, Move::NONE));
        let saved = (self.node_limit, self.root_depth, self.pv_index, self.stopped);
        (self.node_limit, self.pv_index, self.stopped) = (u64::MAX, 0, false);
        let mut score = -INFINITY;
        for iteration in 1..=depth {
            self.root_depth = iteration;
            self.root_moves.start_iteration();
            let iteration_score =
                self.search(board, -INFINITY, INFINITY, iteration, 0, NO_SQUARE, board.in_check(), false);
            if self.stopped {
                break;
            }
            score = iteration_score;
            self.root_moves.sort();
        }
        let best = std::mem::replace(&mut self.root_moves, saved_roots).best().clone();
        (self.node_limit, self.root_depth, self.pv_index, self.stopped) = saved;
        self.reporter = reporter;
        (score, best)
    }

    /// With a clock (or `movetime`), waits until the level has used a believable share of
    /// its time: a weak level's small search would otherwise answer at once. `stop` ends the
    /// wait; pondering and `go infinite` wait for the GUI anyway.
    fn take_believable_time(&self, rng: &mut Rng) {
        if self.limits.infinite || self.signals.pondering.load(Ordering::Relaxed) {
            return;
        }
        let Some(soft) = self.deadlines.soft else { return };
        let target = if self.limits.movetime.is_some() {
            soft
        } else {
            let (low, high) = THINK_PERCENT;
            soft / 100 * (low + rng.below((high - low) as usize) as u64) as u32
        };
        let target = self.deadlines.hard.map_or(target, |hard| target.min(hard));
        while !self.signals.stop.load(Ordering::Relaxed) {
            let Some(left) = target.checked_sub(self.clock_start.elapsed()) else { break };
            std::thread::sleep(left.min(WAIT_SLICE));
        }
    }
}
