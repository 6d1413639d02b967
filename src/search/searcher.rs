//! One thread's search, [`Searcher`], and what every node does with it: count itself, poll
//! the limits, keep the principal variation, look for repetitions, report.
//! The search proper is spread over the files beside this one: `iterate.rs` (iterative
//! deepening at the root), `alphabeta.rs` (every node, the root included) and
//! `quiescence.rs`.

use super::level::{eval_noise, Level};
use super::options::SearchOptions;
use super::report::{Reporter, ScoreBound, SearchInfo};
use super::root::RootMoves;
use super::score::{Score, MAX_PLY};
use super::thread_data::ThreadData;
use super::time::{deadlines, Deadlines, Limits};
use super::tt::TranspositionTable;
use super::wdl::wdl;
use crate::chess::board::Board;
use crate::chess::types::Move;
use crate::syzygy::Tablebases;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The stop flag and the clock are looked at once per this many nodes (a power of two).
const POLL_INTERVAL: u64 = 1024;
/// A new best root move found this long after the start is reported at once, without
/// waiting for the iteration to end.
pub(super) const LATE_CHANGE_REPORT: Duration = Duration::from_millis(1000);
/// `currmove` is reported once a search has run this long.
const CURRMOVE_AFTER: Duration = Duration::from_millis(1000);

/// What the front end and every search thread share, besides the table. The front end
/// clears `stop` before it sends a search; the search thread resets the rest at each start
/// ([`Signals::start_search`]).
#[derive(Debug, Default)]
pub struct Signals {
    /// Set by the front end to end the running search.
    pub stop: AtomicBool,
    /// True while the search is pondering: time limits wait until the front end clears it
    /// (on `ponderhit`).
    pub pondering: AtomicBool,
    /// Set by the main search thread when its search is over: the helpers stop too.
    pub helpers_stop: AtomicBool,
    /// Nodes searched by all threads of the current search, as each thread publishes its
    /// count (at every poll, so it lags by under [`POLL_INTERVAL`] nodes a thread).
    pub nodes: AtomicU64,
    /// Endgame table probes that answered, by all threads, published with `nodes`.
    pub tbhits: AtomicU64,
    /// How many games the front end has begun (`ucinewgame`, Clear Hash): a thread whose
    /// move-ordering memories are from an earlier game empties them before it searches.
    pub games: AtomicU64,
}

impl Signals {
    /// Readies the shared counters for a new search (before any of its threads starts).
    pub fn start_search(&self) {
        self.helpers_stop.store(false, Ordering::SeqCst);
        self.nodes.store(0, Ordering::SeqCst);
        self.tbhits.store(0, Ordering::SeqCst);
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; NONE only when the root has no legal move.
    pub best_move: Move,
    /// The expected reply, if the principal variation has one.
    pub ponder_move: Move,
    /// The principal variation, from the best move on.
    pub pv: Vec<Move>,
    /// The score of the last completed iteration.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched by this thread.
    pub nodes: u64,
}

/// The inputs of one search, the same for each of its threads: the shared table and
/// signals (`'a`, kept by the searchers), and what each searcher copies (`'b`).
#[derive(Clone, Copy)]
pub struct SearchInputs<'a, 'b> {
    /// The transposition table, shared by all threads.
    pub tt: &'a TranspositionTable,
    /// The stop flags and the node total.
    pub signals: &'a Signals,
    /// The limits from `go`.
    pub limits: &'b Limits,
    /// Keys of the positions before the root in the game, oldest first.
    pub history: &'b [u64],
    /// The UCI options the search reads.
    pub options: &'b SearchOptions,
    /// How many threads search.
    pub threads: usize,
    /// The endgame tables, shared by all threads; None without `SyzygyPath`.
    pub tablebases: Option<&'a Tablebases>,
}

/// One thread's search: its own state (killers, history, PV, counters) over the shared
/// table. Thread 0, the main thread, reports, manages the time and decides when the search
/// ends; the others (helpers) search the same root until it does.
pub struct Searcher<'a> {
    pub(super) tt: &'a TranspositionTable,
    /// Where the main thread reports; None for helpers.
    pub(super) reporter: Option<&'a mut dyn Reporter>,
    pub(super) signals: &'a Signals,
    pub(super) limits: Limits,
    pub(super) deadlines: Deadlines,
    /// The UCI options the search reads (MultiPV, UCI_ShowWDL, Move Overhead).
    pub(super) options: SearchOptions,
    /// This thread's index: 0 for the main thread.
    pub(super) id: usize,
    /// When the search started (for reports).
    pub(super) start: Instant,
    /// When our clock started: at `go`, or at `ponderhit` for a ponder search (for deadlines).
    pub(super) clock_start: Instant,
    /// Whether the search was pondering when last polled (to notice `ponderhit`).
    pub(super) was_pondering: bool,
    /// Nodes this thread searched, and how many of them it has added to `signals.nodes`.
    pub(super) nodes: u64,
    published: u64,
    /// Stop at this many nodes of this thread: exact, for a search alone.
    pub(super) node_limit: u64,
    /// Stop when all threads together reach this many nodes (several threads).
    total_node_limit: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    /// The depth of the current iteration; bounds the recapture and check extensions.
    pub(super) root_depth: i32,
    /// Keys of the game so far and of the current search path, for repetition checks.
    pub(super) keys: Vec<u64>,
    /// Index in `keys` of the position after the innermost null move on the path (0: none);
    /// repetition checks do not look back past it.
    pub(super) repetition_barrier: usize,
    /// The thread's own tables (see `thread_data.rs`).
    pub(super) data: Box<ThreadData>,
    /// The moves at the root, with each one's score, PV and nodes (see `root.rs`).
    pub(super) root_moves: RootMoves,
    /// The MultiPV line being searched, from 0: the root searches the moves from this index
    /// of the root list on (the better lines' moves are left out).
    pub(super) pv_index: usize,
    /// The end (exclusive) of the root moves the current line may choose from: the moves
    /// that share the line's rank in the tables (all of them without tables).
    pub(super) root_end: usize,
    /// The root position's material, for the win/draw/loss estimate (`wdl.rs`).
    pub(super) root_material: i32,
    /// The playing level (UCI_LimitStrength), None at full strength; see `weaken.rs`.
    pub(super) level: Option<Level>,
    /// The level's evaluation noise in centipawns (0: none), and the search's seed for it.
    pub(super) noise: i32,
    pub(super) noise_seed: u64,
    /// The endgame tables and how the search uses them (see `tablebase.rs`).
    pub(super) tables: Option<&'a Tablebases>,
    /// Positions with at most this many pieces are probed in the search (0: none are).
    pub(super) tb_cardinality: usize,
    /// Positions with exactly `tb_cardinality` pieces are probed only this deep or deeper.
    pub(super) tb_probe_depth: i32,
    /// True when the tables ranked the root moves: their scores are shown.
    pub(super) root_in_tb: bool,
    /// Probes that answered, and how many of them are in `signals.tbhits`.
    pub(super) tb_hits: u64,
    tb_published: u64,
}

impl<'a> Searcher<'a> {
    /// Prepares a search on one thread alone, reporting to `reporter`. `history` holds the
    /// keys of the positions before `board` in the game (oldest first); `options` are the
    /// UCI options the search reads.
    pub fn new(
        tt: &'a TranspositionTable,
        reporter: &'a mut dyn Reporter,
        signals: &'a Signals,
        limits: Limits,
        history: &[u64],
        options: &SearchOptions,
    ) -> Searcher<'a> {
        let inputs = SearchInputs { tt, signals, limits: &limits, history, options, threads: 1, tablebases: None };
        Searcher::for_thread(inputs, 0, ThreadData::new(), Some(reporter))
    }

    /// Prepares thread `id`'s part of a search, with the thread's own tables. The main thread
    /// (id 0) starts a new table generation, so it must be prepared before the helpers start.
    pub fn for_thread(
        inputs: SearchInputs<'a, '_>,
        id: usize,
        mut data: Box<ThreadData>,
        reporter: Option<&'a mut dyn Reporter>,
    ) -> Searcher<'a> {
        if id == 0 {
            inputs.tt.new_search();
        }
        // A playing level forgets its histories at every move, as it always has: its strength
        // was calibrated so.
        let game = inputs.signals.games.load(Ordering::Relaxed);
        data.prepare(game, inputs.options.level().is_none());
        let limits = inputs.limits.clone();
        // Only the main thread keeps the time (and restarts its clock at ponderhit): a helper
        // has no deadlines and searches on until the main thread's search ends.
        let deadlines = if id == 0 { deadlines(&limits, inputs.options.move_overhead_ms) } else { Deadlines::NONE };
        let node_cap = limits.nodes.unwrap_or(u64::MAX).max(1);
        let alone = inputs.threads <= 1;
        let mut keys = Vec::with_capacity(inputs.history.len() + MAX_PLY + 1);
        keys.extend_from_slice(inputs.history);
        Searcher {
            tt: inputs.tt,
            reporter,
            signals: inputs.signals,
            node_limit: if alone { node_cap } else { u64::MAX },
            total_node_limit: if alone { u64::MAX } else { node_cap },
            limits,
            deadlines,
            options: *inputs.options,
            id,
            start: Instant::now(),
            clock_start: Instant::now(),
            was_pondering: inputs.signals.pondering.load(Ordering::Relaxed),
            nodes: 0,
            published: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            keys,
            repetition_barrier: 0,
            data,
            root_moves: RootMoves::default(),
            pv_index: 0,
            root_end: usize::MAX,
            root_material: 0,
            level: inputs.options.level(),
            noise: 0,
            noise_seed: 0,
            tables: inputs.tablebases,
            tb_cardinality: 0,
            tb_probe_depth: 0,
            root_in_tb: false,
            tb_hits: 0,
            tb_published: 0,
        }
    }

    /// Gives back the thread's tables, for its next search.
    pub fn into_thread_data(self) -> Box<ThreadData> {
        self.data
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
        self.data.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        self.count_node_and_poll()
    }

    /// A static score of a position (with key `key`) as the level sees it: with the level's
    /// noise added; unchanged at full strength.
    #[inline(always)]
    pub(super) fn noisy(&self, score: i32, key: u64) -> i32 {
        if self.noise == 0 {
            score
        } else {
            score + eval_noise(key, self.noise_seed, self.noise)
        }
    }

    /// Makes `m` followed by the child's PV the PV of this ply.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let data = &mut self.data;
        let child_len = data.pv_len[ply + 1].max(ply + 1);
        data.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            data.pv[ply][i] = data.pv[ply + 1][i];
        }
        data.pv_len[ply] = child_len;
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

    /// Counts a node and decides whether to stop. The stop flags, the clock and the node
    /// total are polled once per [`POLL_INTERVAL`] nodes; a thread searching alone checks its
    /// node limit at every node, so `go nodes N` stops on exactly N.
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

    pub(super) fn poll(&mut self) {
        if self.publish_nodes() >= self.total_node_limit {
            self.stopped = true;
        }
        let signals = self.signals;
        if signals.stop.load(Ordering::Relaxed) || (self.id > 0 && signals.helpers_stop.load(Ordering::Relaxed)) {
            self.stopped = true;
        }
        if self.id > 0 {
            return; // the main thread keeps the time
        }
        let pondering = signals.pondering.load(Ordering::Relaxed);
        if self.was_pondering && !pondering {
            self.clock_start = Instant::now(); // ponderhit: our clock starts now
        }
        self.was_pondering = pondering;
        if !pondering && matches!(self.deadlines.hard, Some(hard) if self.clock_start.elapsed() >= hard) {
            self.stopped = true;
        }
    }

    /// Adds the nodes (and table hits) not yet published to the shared totals; returns the
    /// node total.
    pub(super) fn publish_nodes(&mut self) -> u64 {
        if self.tb_hits > self.tb_published {
            self.signals.tbhits.fetch_add(self.tb_hits - self.tb_published, Ordering::Relaxed);
            self.tb_published = self.tb_hits;
        }
        let unpublished = self.nodes - self.published;
        self.published = self.nodes;
        self.signals.nodes.fetch_add(unpublished, Ordering::Relaxed) + unpublished
    }

    /// Nodes searched by all threads so far: the published total and this thread's own
    /// unpublished count (exact for a search alone).
    fn total_nodes(&self) -> u64 {
        self.signals.nodes.load(Ordering::Relaxed) + (self.nodes - self.published)
    }

    /// Reports line `line` (0 for the best) of the search: its depth, score (exact or a
    /// bound) and principal variation. Only the main thread has a reporter.
    pub(super) fn report(&mut self, line: usize, depth: u32, score: i32, bound: ScoreBound, pv: &[Move]) {
        if self.reporter.is_none() {
            return;
        }
        let elapsed = self.start.elapsed();
        let nodes = self.total_nodes();
        let score = pv.first().map_or(score, |&mv| self.shown_score(mv, score));
        let info = SearchInfo {
            multipv: line as u32 + 1,
            depth,
            seldepth: self.seldepth.max(depth as usize) as u32,
            score: Score::from_search(score),
            bound,
            wdl: self.options.show_wdl.then(|| wdl(score, self.root_material)),
            nodes,
            nps: (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
            hashfull: self.tt.hashfull(),
            tbhits: self.signals.tbhits.load(Ordering::Relaxed) + (self.tb_hits - self.tb_published),
            time_ms: elapsed.as_millis() as u64,
            pv: pv.to_vec(),
        };
        if let Some(reporter) = self.reporter.as_mut() {
            reporter.info(&info);
        }
    }

    /// Tells the GUI which root move the main thread starts to search (after the first
    /// second of a search, so short searches stay quiet): `number` counts from 1 over all the
    /// root moves, the better MultiPV lines' included.
    pub(super) fn report_current_move(&mut self, depth: u32, mv: Move, number: usize) {
        if self.start.elapsed() < CURRMOVE_AFTER {
            return;
        }
        if let Some(reporter) = self.reporter.as_mut() {
            reporter.current_move(depth, mv, number);
        }
    }
}
