//! The search thread: it owns the transposition table and the helper threads, serves the
//! front end's commands in order, runs each search (as the main thread of Lazy SMP, see
//! `pool.rs`) and prints its one `bestmove`.

use super::command::{Command, SearchJob};
use super::lag::LagMeter;
use super::pool::HelperPool;
use super::vote::best_thread;
use crate::chess::movegen::{generate_legal, MoveList};
use crate::chess::types::Move;
use crate::search::report::{Reporter, ScoreBound, SearchInfo};
use crate::search::score::Score;
use crate::search::tt::TranspositionTable;
use crate::search::wdl::{material, wdl};
use crate::search::{SearchInputs, SearchResult, Searcher, Signals, ThreadData};
use crate::syzygy::Tablebases;
use crossbeam_channel::Receiver;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex};

/// Whether a search is running, with a way to wait (without spinning) until it is not.
/// Set by the front end when it sends `Go`; cleared by the search thread just before it
/// prints `bestmove`.
#[derive(Debug, Default)]
pub struct Busy {
    searching: Mutex<bool>,
    idle: Condvar,
}

impl Busy {
    fn lock(&self) -> std::sync::MutexGuard<'_, bool> {
        self.searching.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Marks a search as started.
    pub fn set(&self) {
        *self.lock() = true;
    }

    /// Marks the search as finished and wakes anyone waiting.
    pub fn clear(&self) {
        *self.lock() = false;
        self.idle.notify_all();
    }

    /// True while a search runs.
    pub fn is_busy(&self) -> bool {
        *self.lock()
    }

    /// Blocks until no search runs.
    pub fn wait_idle(&self) {
        let mut searching = self.lock();
        while *searching {
            searching = self.idle.wait(searching).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

/// Marks the search idle when released, or when dropped unreleased (by a panic, say).
struct IdleOnDrop(Option<Arc<Busy>>);

impl IdleOnDrop {
    /// Marks the search idle now; later calls and the drop do nothing.
    fn release(&mut self) {
        if let Some(busy) = self.0.take() {
            busy.clear();
        }
    }
}

impl Drop for IdleOnDrop {
    fn drop(&mut self) {
        self.release();
    }
}

/// Lazy SMP: whether the threads vote on the move to play (`vote.rs`), or the main thread's
/// move is played.
const VOTE: bool = true;

/// The search thread's state: it owns the table, the helper threads and its own tables.
pub struct SearchThread<R: Reporter> {
    tt: Arc<TranspositionTable>,
    reporter: R,
    signals: Arc<Signals>,
    /// Busy from the moment the front end sends `Go` until `bestmove` has been printed.
    busy: Arc<Busy>,
    /// The helpers (Threads - 1 of them).
    pool: HelperPool,
    /// The main thread's own tables, kept between searches (None only during one).
    data: Option<Box<ThreadData>>,
    /// The endgame tables, shared with the helpers (None without `SyzygyPath`).
    tablebases: Option<Arc<Tablebases>>,
    /// What our moves cost the clock outside the search, for the time manager.
    lag: LagMeter,
}

impl<R: Reporter> SearchThread<R> {
    /// A search thread owning `tt`, reporting to `reporter`, searching alone until told
    /// otherwise (`Command::SetThreads`).
    pub fn new(tt: TranspositionTable, reporter: R, signals: Arc<Signals>, busy: Arc<Busy>) -> Self {
        SearchThread {
            tt: Arc::new(tt),
            reporter,
            signals,
            busy,
            pool: HelperPool::default(),
            data: Some(ThreadData::new()),
            tablebases: None,
            lag: LagMeter::default(),
        }
    }

    /// Serves commands until `Quit` or until the channel closes.
    pub fn run(mut self, commands: Receiver<Command>) {
        while let Ok(command) = commands.recv() {
            match command {
                Command::Go(job) => {
                    // Cleared just before `bestmove` goes out, or when this scope ends, even by
                    // a panic, so a dead search can never leave the front end waiting forever.
                    let mut idle = IdleOnDrop(Some(Arc::clone(&self.busy)));
                    if self.go(Arc::from(job), &commands, &mut idle) {
                        return;
                    }
                }
                Command::Quit => return,
                other => self.between_searches(other),
            }
        }
    }

    /// The commands that change the engine between searches.
    fn between_searches(&mut self, command: Command) {
        match command {
            Command::NewGame | Command::ClearHash => {
                self.clear_table();
                self.signals.games.fetch_add(1, Ordering::SeqCst);
            }
            Command::SetHash(table) => self.tt = Arc::new(*table),
            Command::SetThreads(threads) => self.pool.resize(threads.max(1) - 1),
            Command::SetTablebases(tables) => self.tablebases = tables,
            Command::Ping(reply) => {
                let _ = reply.send(());
            }
            Command::Wake => {}                  // a stop with no search running: nothing to do
            Command::Go(_) | Command::Quit => {} // handled by the callers
        }
    }

    /// Empties the table. Between searches this thread holds the only reference to it, so it
    /// is cleared in place; if not, a fresh table of the same size replaces it.
    fn clear_table(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(table) => table.clear(self.pool.len() + 1),
            None => match TranspositionTable::try_new(self.tt.size_mib()) {
                Ok(table) => self.tt = Arc::new(table),
                Err(e) => log::error!("{e}; the table keeps its entries"),
            },
        }
    }

    /// Runs one search on every thread and prints its single `bestmove`. Returns true if
    /// `Quit` arrived while a finished infinite search was waiting.
    fn go(&mut self, job: Arc<SearchJob>, commands: &Receiver<Command>, idle: &mut IdleOnDrop) -> bool {
        self.signals.start_search();
        // A limited level (UCI_LimitStrength) searches with one thread: its node budget is
        // its strength.
        let alone = job.options.level().is_some();
        let threads = if alone { 1 } else { self.pool.len() + 1 };
        // The main thread keeps the time: its clock carries the delays measured so far.
        let mut limits = job.limits.clone();
        if let Some(clock) = limits.clock.as_mut() {
            self.lag.measure(clock, &job.history);
        }
        let inputs = SearchInputs {
            tt: &self.tt,
            signals: &self.signals,
            limits: &limits,
            history: &job.history,
            options: &job.options,
            threads,
            tablebases: self.tablebases.as_deref(),
        };
        let tables = self.data.take().unwrap_or_else(ThreadData::new);
        // The main searcher first: it starts the table's new generation, then the helpers go.
        let mut main = Searcher::for_thread(inputs, 0, tables, Some(&mut self.reporter));
        main.set_start(job.received);
        let helpers = if alone {
            crossbeam_channel::unbounded().1 // no helper: a closed, empty channel
        } else {
            self.pool.start(&self.tt, &self.signals, &job, &self.tablebases)
        };
        // A bug in the search must not cost the game: catch a panic and fall back to the
        // first legal move, so exactly one legal `bestmove` still goes out.
        let searched =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| main.run(&job.board, &job.searchmoves)));
        // The main search is over: stop the helpers and wait until every one has answered.
        self.signals.helpers_stop.store(true, Ordering::SeqCst);
        let helper_results: Vec<Option<SearchResult>> = helpers.iter().collect();
        if helper_results.iter().any(Option::is_none) {
            log::error!("a helper's search panicked");
        }
        let result = match searched {
            Ok(result) => {
                self.data = Some(main.into_thread_data());
                self.choose(result, helper_results, &job)
            }
            Err(_) => {
                drop(main);
                log::error!("the search panicked; playing the first legal move");
                self.clear_table();
                let fallback = std::panic::catch_unwind(|| {
                    let mut moves = MoveList::new();
                    generate_legal(&job.board, &mut moves);
                    moves.iter().next().copied().unwrap_or(Move::NONE)
                });
                let best_move = fallback.unwrap_or(Move::NONE);
                SearchResult { best_move, ponder_move: Move::NONE, pv: vec![best_move], score: 0, depth: 0, nodes: 0 }
            }
        };
        if !result.best_move.is_some() {
            // No legal move at the root: say why, in the form GUIs expect.
            let score = if job.board.in_check() { Score::Mate(0) } else { Score::Cp(0) };
            self.reporter.info(&SearchInfo {
                multipv: 1,
                depth: 0,
                seldepth: 0,
                score,
                bound: ScoreBound::Exact,
                wdl: None,
                nodes: 0,
                nps: 0,
                hashfull: self.tt.hashfull(),
                tbhits: 0,
                time_ms: 0,
                pv: vec![],
            });
        }
        // A table that failed during the search (damaged or changed on disk) is told once.
        if let Some((count, first)) = self.tablebases.as_ref().and_then(|t| t.take_failures()) {
            self.reporter.message(&format!("Syzygy: {count} probes failed; the search went on without them ({first})"));
        }
        // `go infinite` and `go ponder` may finish early (a forced mate, a depth cap), but must
        // not answer until `stop` or `ponderhit`. The wait blocks on the channel: no spinning.
        let mut quit = false;
        if job.wait_for_stop {
            while !self.signals.stop.load(Ordering::SeqCst) && !self.ponderhit_ends_wait(&job) {
                match commands.recv() {
                    Ok(Command::Quit) | Err(_) => {
                        quit = true;
                        break;
                    }
                    Ok(Command::Go(_)) => {} // the front end stops a search before a new go
                    Ok(other) => self.between_searches(other),
                }
            }
        }
        // Idle before `bestmove` is printed: a GUI that answers it at once (a `setoption` at
        // the end of a game, say) must find the search over, not a change deferred to its end.
        idle.release();
        self.reporter.best_move(result.best_move, result.ponder_move);
        let spent = job.received.elapsed().as_millis() as u64;
        self.lag.record(job.board.key(), job.limits.clock.as_ref(), spent, job.wait_for_stop);
        quit
    }

    /// The result to play: the main thread's, or with several threads, no depth limit and one
    /// line (MultiPV 1), the vote's (`vote.rs`). A helper's line chosen over the main
    /// thread's is reported, so the last `info` belongs to the move played.
    fn choose(&mut self, main: SearchResult, helpers: Vec<Option<SearchResult>>, job: &SearchJob) -> SearchResult {
        if !VOTE || helpers.is_empty() || job.limits.depth.is_some() || job.options.multi_pv > 1 {
            return main;
        }
        let mut results = vec![main];
        results.extend(helpers.into_iter().flatten());
        let chosen = best_thread(&results);
        let result = results.swap_remove(chosen);
        if chosen > 0 && result.best_move != results[0].best_move {
            let nodes = self.signals.nodes.load(Ordering::Relaxed);
            let elapsed = job.received.elapsed();
            self.reporter.info(&SearchInfo {
                multipv: 1,
                depth: result.depth.max(1),
                seldepth: result.depth.max(1),
                score: Score::from_search(result.score),
                bound: ScoreBound::Exact,
                wdl: job.options.show_wdl.then(|| wdl(result.score, material(&job.board))),
                nodes,
                nps: (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64,
                hashfull: self.tt.hashfull(),
                tbhits: self.signals.tbhits.load(Ordering::Relaxed),
                time_ms: elapsed.as_millis() as u64,
                pv: result.pv.clone(),
            });
        }
        result
    }

    /// After `ponderhit` a ponder search becomes a normal one; if it already finished, its
    /// move is played at once. `go infinite` ignores `ponderhit`.
    fn ponderhit_ends_wait(&self, job: &SearchJob) -> bool {
        !job.limits.infinite && !self.signals.pondering.load(Ordering::SeqCst)
    }
}
