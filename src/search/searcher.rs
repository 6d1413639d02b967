//! One search's working state, [`Searcher`], and what every node does with it: count
//! itself, poll the limits, keep the principal variation, look for repetitions, report.
//! The search proper is spread over the files beside this one: `iterate.rs` (iterative
//! deepening at the root), `alphabeta.rs` (every node, the root included) and
//! `quiescence.rs`.

use super::history::QuietHistory;
use super::options::SearchOptions;
use super::report::{Reporter, SearchInfo};
use super::root::RootMoves;
use super::score::{Score, MAX_PLY};
use super::time::{deadlines, Deadlines, Limits};
use super::tt::TranspositionTable;
use crate::chess::board::Board;
use crate::chess::movegen::MoveList;
use crate::chess::types::Move;
use crate::eval::PawnCache;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The stop flag and the clock are looked at once per this many nodes (a power of two).
const POLL_INTERVAL: u64 = 1024;
/// A new best root move found this long after the start is reported at once, without
/// waiting for the iteration to end.
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
    pub(super) tt: &'a mut TranspositionTable,
    pub(super) reporter: &'a mut dyn Reporter,
    pub(super) signals: &'a Signals,
    pub(super) limits: Limits,
    pub(super) deadlines: Deadlines,
    /// When the search started (for reports).
    pub(super) start: Instant,
    /// When our clock started: at `go`, or at `ponderhit` for a ponder search (for deadlines).
    pub(super) clock_start: Instant,
    /// Whether the search was pondering when last polled (to notice `ponderhit`).
    pub(super) was_pondering: bool,
    pub(super) nodes: u64,
    pub(super) node_limit: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    /// The depth of the current iteration; bounds the recapture and check extensions.
    pub(super) root_depth: i32,
    /// Keys of the game so far and of the current search path, for repetition checks.
    pub(super) keys: Vec<u64>,
    /// Index in `keys` of the position after the innermost null move on the path (0: none);
    /// repetition checks do not look back past it.
    pub(super) repetition_barrier: usize,
    /// Triangular principal-variation table: `pv[ply][ply..pv_len[ply]]`.
    pub(super) pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// Killer moves and history, for ordering quiet moves.
    pub(super) quiet: QuietHistory,
    /// Per-ply scratch space for move lists and their sort keys.
    pub(super) frames: Vec<Frame>,
    /// The evaluation's pawn-and-king terms, looked up instead of recomputed.
    pub(super) pawn_cache: PawnCache,
    /// The moves at the root, with each one's score, PV and nodes (see `root.rs`).
    pub(super) root_moves: RootMoves,
}

/// The move list, sort keys and quiet moves tried at one ply. Allocated once per search, so
/// a node does not clear two kilobytes of arrays before it starts (it showed as 6% of the
/// time in `memset`).
pub(super) struct Frame {
    pub(super) moves: MoveList,
    pub(super) keys: [i32; 256],
    pub(super) quiets: [Move; 256],
}

impl<'a> Searcher<'a> {
    /// Prepares a search. `history` holds the keys of the positions before `board` in the
    /// game (oldest first); `options` are the UCI options the search reads.
    pub fn new(
        tt: &'a mut TranspositionTable,
        reporter: &'a mut dyn Reporter,
        signals: &'a Signals,
        limits: Limits,
        history: &[u64],
        options: &SearchOptions,
    ) -> Searcher<'a> {
        let deadlines = deadlines(&limits, options.move_overhead_ms);
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
            quiet: QuietHistory::new(),
            frames: (0..=MAX_PLY)
                .map(|_| Frame { moves: MoveList::new(), keys: [0; 256], quiets: [Move::NONE; 256] })
                .collect(),
            pawn_cache: PawnCache::new(),
            root_moves: RootMoves::default(),
        }
    }

    /// The root moves with what the last search learned of each (empty before `run`).
    pub fn root_moves(&self) -> &RootMoves {
        &self.root_moves
    }

    /// Counts time (for reports and deadlines) from `start` instead of from now: the moment
    /// the GUI's `go` was read.
    pub fn set_start(&mut self, start: Instant) {
        self.start = start;
        self.clock_start = start;
    }

    /// Starts a node: an empty PV at this ply, the node count and limit poll, the selective
    /// depth. True when the search must stop.
    #[inline(always)]
    pub(super) fn enter_node(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        self.count_node_and_poll()
    }

    /// Makes `m` followed by the child's PV the PV of this ply.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// True when the current position (the last key) occurred before, within the plies since
    /// the last irreversible move. One earlier occurrence is enough: if repeating is good
    /// for one side, it can repeat again, so the line is a draw.
    /// The look-back stops at the last irreversible move, at a null move (a "repetition"
    /// through a pass is not one), and after 100 plies (the 50-move rule ends the game first).
    pub(super) fn is_repetition(&self, board: &Board) -> bool {
        let n = self.keys.len();
        let key = board.key();
        let since_barrier = n - 1 - self.repetition_barrier.min(n - 1);
        let window = (board.halfmove_clock() as usize).min(since_barrier).min(100);
        (4..=window).step_by(2).any(|back| self.keys[n - 1 - back] == key)
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

    pub(super) fn report(&mut self, depth: u32, score: i32, pv: &[Move]) {
        let elapsed = self.start.elapsed();
        let info = SearchInfo {
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score: Score::from_search(score),
            nodes: self.nodes,
            nps: (self.nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
            hashfull: self.tt.hashfull(),
            time_ms: elapsed.as_millis() as u64,
            pv: pv.to_vec(),
        };
        self.reporter.info(&info);
    }
}
