//! The search: micro-Max's hashed, iteratively deepened alpha-beta, made readable.
//!
//! * [`Searcher::run`] (this file) is the driver: iterative deepening at the root, the stop
//!   rules, and the reports.
//! * `search/alphabeta.rs` is the recursive negamax with its numbered steps, and quiescence.
//! * `search/ordering.rs` puts the moves most likely to cut off first.
//!
//! Scores are centipawns from the side to move's point of view. A mate is `MATE - plies`
//! from the root, so a shorter mate scores higher, and a stalemate or other draw scores 0.

mod alphabeta;
mod ordering;
pub mod root;

use crate::board::Board;
use crate::engine::{Reporter, Score, SearchInfo};
use crate::eval::PawnCache;
use crate::movegen::{is_legal, MoveList};
use crate::time::{deadlines, Deadlines, Limits};
use crate::tt::{TranspositionTable, MATE_BOUND};
use crate::types::{Move, NO_SQUARE};
use root::RootMoves;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of checkmate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Larger than any score.
pub const INFINITY: i32 = 32_001;
/// The deepest ply the search will reach; arrays are sized by it.
pub const MAX_PLY: usize = 128;
/// The stop flag and the clock are looked at once per this many nodes (a power of two).
const POLL_INTERVAL: u64 = 1024;
/// Share of the soft deadline used (percent) when the last iteration changed the best move,
/// and when the best move has held for more than three iterations.
const UNSTABLE_TIME_PERCENT: u32 = 160;
const STABLE_TIME_PERCENT: u32 = 60;
/// Aspiration windows (see `aspiration_search`): from this depth, a first window of this
/// half-width around the last score, doubled on each failure, and the full window once it
/// would exceed the last constant.
const ASPIRATION_MIN_DEPTH: i32 = 5;
const ASPIRATION_WINDOW: i32 = 25;
const ASPIRATION_GIVE_UP: i32 = 500;
/// An iteration's best move that changes after this long is reported at once.
pub(super) const LATE_CHANGE_REPORT: Duration = Duration::from_millis(1000);

/// Flags shared with the front end. The front end clears `stop` before it sends a search.
#[derive(Debug, Default)]
pub struct Signals {
    /// Set by the front end to end the running search.
    pub stop: AtomicBool,
    /// True while the search is pondering: time limits wait until the front end clears it
    /// (on `ponderhit`).
    pub pondering: AtomicBool,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; NONE only when the root has no legal move.
    pub best_move: Move,
    /// The expected reply, if the principal variation has one.
    pub ponder_move: Move,
    /// The score of the last completed iteration.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// One search's working state. The transposition table outlives it; everything else here is
/// fresh for each `go`, which keeps fixed-depth searches repeatable.
pub struct Searcher<'a> {
    tt: &'a mut TranspositionTable,
    reporter: &'a mut dyn Reporter,
    signals: &'a Signals,
    limits: Limits,
    deadlines: Deadlines,
    /// When the search started (for reports).
    start: Instant,
    /// When our clock started: at `go`, or at `ponderhit` for a ponder search (for deadlines).
    clock_start: Instant,
    /// Whether the search was pondering when last polled (to notice `ponderhit`).
    was_pondering: bool,
    nodes: u64,
    node_limit: u64,
    seldepth: usize,
    stopped: bool,
    /// The depth of the current iteration; bounds the recapture extension.
    root_depth: i32,
    /// Keys of the game so far and of the current search path, for repetition checks.
    keys: Vec<u64>,
    /// Index in `keys` of the position after the innermost null move on the path (0: none);
    /// repetition checks do not look back past it.
    repetition_barrier: usize,
    /// Triangular principal-variation table: `pv[ply][ply..pv_len[ply]]`.
    pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Killer moves and history, for ordering quiet moves.
    quiet: ordering::QuietHistory,
    /// Per-ply scratch space for move lists and their sort keys.
    frames: Vec<Frame>,
    /// The evaluation's pawn-and-king terms, looked up instead of recomputed.
    pawn_cache: PawnCache,
    /// The moves at the root, with each one's score, PV and nodes (see `root.rs`).
    root_moves: RootMoves,
}

/// The move list, sort keys and quiet moves tried at one ply. Allocated once per search, so
/// a node does not clear two kilobytes of arrays before it starts (it showed as 6% of the
/// time in `memset`).
struct Frame {
    moves: MoveList,
    keys: [i32; 256],
    quiets: [Move; 256],
}

impl<'a> Searcher<'a> {
    /// Prepares a search. `history` holds the keys of the positions before `board` in the
    /// game (oldest first); `overhead_ms` is the Move Overhead option.
    pub fn new(
        tt: &'a mut TranspositionTable,
        reporter: &'a mut dyn Reporter,
        signals: &'a Signals,
        limits: Limits,
        history: &[u64],
        overhead_ms: u64,
    ) -> Searcher<'a> {
        let deadlines = deadlines(&limits, overhead_ms);
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 1);
        keys.extend_from_slice(history);
        Searcher {
            tt,
            reporter,
            signals,
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            limits,
            deadlines,
            start: Instant::now(),
            clock_start: Instant::now(),
            was_pondering: signals.pondering.load(Ordering::Relaxed),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            keys,
            repetition_barrier: 0,
            pv: Box::new([[Move::NONE; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            quiet: ordering::QuietHistory::new(),
            frames: (0..=MAX_PLY)
                .map(|_| Frame { moves: MoveList::new(), keys: [0; 256], quiets: [Move::NONE; 256] })
                .collect(),
            pawn_cache: PawnCache::new(),
            root_moves: RootMoves::default(),
        }
    }

    /// Counts time (for reports and deadlines) from `start` instead of from now: the moment
    /// the GUI's `go` was read.
    pub fn set_start(&mut self, start: Instant) {
        self.start = start;
        self.clock_start = start;
    }

    /// Iterative deepening: search depth 1, 2, 3 ... each time with the previous best move
    /// first, until a limit says stop. Returns the best move of the deepest search that
    /// produced one; a legal move is returned whenever one exists, even if the search is
    /// stopped after one node.
    pub fn run(&mut self, board: &Board, searchmoves: &[Move]) -> SearchResult {
        self.tt.new_search();
        let hash_move = self.tt.probe(board.key(), 0).map_or(Move::NONE, |h| h.best_move);
        self.root_moves = RootMoves::new(board, searchmoves, hash_move);
        let mut result = SearchResult { best_move: Move::NONE, ponder_move: Move::NONE, score: 0, depth: 0, nodes: 0 };
        if self.root_moves.is_empty() {
            return result;
        }
        result.best_move = self.root_moves.best().mv;
        self.keys.push(board.key());

        let max_depth = self.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let mut pv: Vec<Move> = vec![result.best_move];
        let mut stable_iterations = 0;
        for depth in 1..=max_depth {
            let previous_best = result.best_move;
            self.root_depth = depth as i32;
            self.seldepth = 0;
            self.root_moves.start_iteration();
            let score = self.aspiration_search(board, depth as i32, result.score);
            // The front of the list is the best move known, even in an unfinished iteration:
            // a move moves up only once its search has finished.
            let best = self.root_moves.best();
            pv = self.complete_pv(board, if best.pv.is_empty() { std::slice::from_ref(&best.mv) } else { &best.pv });
            result.best_move = pv[0];
            if self.stopped {
                // The iteration did not finish: its score is not trustworthy, but the caller
                // still gets a final report with the move it will play.
                self.report(result.depth.max(1), result.score, &pv);
                break;
            }
            result.score = score;
            result.depth = depth;
            self.report(depth, score, &pv);
            stable_iterations = if result.best_move == previous_best { stable_iterations + 1 } else { 0 };
            if self.should_stop_iterating(score, stable_iterations) {
                break;
            }
        }
        result.ponder_move = pv.get(1).copied().unwrap_or(Move::NONE);
        result.nodes = self.nodes;
        self.keys.pop();
        result
    }

    /// Aspiration windows: the score of one iteration is usually close to the last one's, so
    /// the root is searched with a narrow window around it, where more of the tree is cut
    /// off. A score outside the window is only a bound, so the window is widened on that side
    /// (doubling each time) and the root searched again, until the score falls inside. Early
    /// iterations, whose scores still jump, and mate scores get the full window. After each
    /// search of the root the root moves are sorted, so a move that failed high is searched
    /// first next time.
    fn aspiration_search(&mut self, board: &Board, depth: i32, previous: i32) -> i32 {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        let in_check = board.in_check();
        loop {
            let score = self.search(board, alpha, beta, depth, 0, NO_SQUARE, in_check);
            self.root_moves.sort();
            if self.stopped {
                return score;
            }
            if score <= alpha {
                // Fail low: every move scored at most alpha. Lower the floor.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                // Fail high: a move scored at least beta. Raise the ceiling.
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > ASPIRATION_GIVE_UP {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The principal variation as the GUI should see it. The search's line is cut after a
    /// move that ends the game by rule (a position seen before in the game or the line, as
    /// the search scores it, or the fifty-move rule). Table cutoffs end a line early, so it
    /// is then extended with the table's best moves while they are legal and the game goes
    /// on, so the GUI sees the expected line and `bestmove` gets a `ponder` move.
    fn complete_pv(&self, board: &Board, line: &[Move]) -> Vec<Move> {
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

    /// The stop rules checked between iterations.
    /// `stable_iterations` counts the iterations in a row that kept the same best move: a
    /// move that keeps changing deserves more time, one that has held for several iterations
    /// less (the soft deadline is scaled; the hard deadline never moves).
    fn should_stop_iterating(&self, score: i32, stable_iterations: u32) -> bool {
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
        let percent = match stable_iterations {
            _ if self.limits.movetime.is_some() => 100,
            0 => UNSTABLE_TIME_PERCENT,
            1..=3 => 100,
            _ => STABLE_TIME_PERCENT,
        };
        let mut soft = soft * percent / 100;
        if let Some(hard) = self.deadlines.hard {
            soft = soft.min(hard);
        }
        self.clock_start.elapsed() >= soft
    }

    /// Counts a node and decides whether to stop. The stop flag and the clock are polled once
    /// per [`POLL_INTERVAL`] nodes; the node limit is checked at every node, so `go nodes N`
    /// stops on exactly N.
    #[inline(always)]
    fn count_node_and_poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.poll();
        }
        self.stopped
    }

    fn poll(&mut self) {
        if self.signals.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        let pondering = self.signals.pondering.load(Ordering::Relaxed);
        if self.was_pondering && !pondering {
            self.clock_start = Instant::now(); // ponderhit: our clock starts now
        }
        self.was_pondering = pondering;
        if !pondering && matches!(self.deadlines.hard, Some(hard) if self.clock_start.elapsed() >= hard) {
            self.stopped = true;
        }
    }

    fn report(&mut self, depth: u32, score: i32, pv: &[Move]) {
        let elapsed = self.start.elapsed();
        let info = SearchInfo {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score: uci_score(score),
            nodes: self.nodes,
            nps: (self.nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
            hashfull: self.tt.hashfull(),
            time_ms: elapsed.as_millis() as u64,
            pv: pv.to_vec(),
        };
        self.reporter.info(&info);
    }
}

/// Converts an internal score to UCI's: centipawns, or mate in moves (negative when mated).
pub fn uci_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}
