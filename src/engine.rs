//! The seam between the front end and the search: the typed messages that cross the thread
//! boundary, the [`Reporter`] through which the search speaks, and the search thread's loop.
//!
//! ```text
//! front end --Command--> channel --> search thread (owns the transposition table)
//!     sets Signals::stop / pondering ---------> polled by the search
//! stdout <-- Reporter (info / bestmove), one locked line at a time
//! ```

use crate::board::Board;
use crate::search::{SearchResult, Searcher, Signals};
use crate::time::Limits;
use crate::tt::TranspositionTable;
use crate::types::Move;
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the engine's point of view.
    Cp(i32),
    /// Mate in this many moves; negative when the engine is being mated; 0 when mated now.
    Mate(i32),
}

/// One `info` report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth in plies.
    pub depth: u32,
    /// Deepest ply reached, including quiescence and extensions.
    pub seldepth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// The UCI `info` line.
    pub fn to_uci(&self) -> String {
        let score = match self.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        };
        if self.depth == 0 && self.pv.is_empty() {
            // No legal move at the root: the short form GUIs expect before `bestmove 0000`.
            return format!("info depth 0 score {score}");
        }
        let mut line = format!(
            "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {}",
            self.depth, self.seldepth, score, self.nodes, self.nps, self.hashfull, self.time_ms
        );
        if !self.pv.is_empty() {
            line.push_str(" pv");
            for m in &self.pv {
                line.push(' ');
                line.push_str(&m.to_uci());
            }
        }
        line
    }
}

/// Where the search's output goes. The UCI front end prints it; tests collect it.
pub trait Reporter: Send {
    /// A progress report.
    fn info(&mut self, info: &SearchInfo);
    /// The final answer: `bestmove` (and `ponder` when there is a second PV move).
    fn best_move(&mut self, best: Move, ponder: Move);
}

/// A reporter that keeps everything, for tests and `bench`.
#[derive(Default, Debug)]
pub struct Collector {
    /// Every info report in order.
    pub infos: Vec<SearchInfo>,
    /// Every bestmove.
    pub best_moves: Vec<(Move, Move)>,
}

impl Reporter for Collector {
    fn info(&mut self, info: &SearchInfo) {
        self.infos.push(info.clone());
    }
    fn best_move(&mut self, best: Move, ponder: Move) {
        self.best_moves.push((best, ponder));
    }
}

/// A search request: the position, its game history and the limits.
#[derive(Clone, Debug)]
pub struct SearchJob {
    /// The position to search.
    pub board: Board,
    /// Keys of the positions before `board` in the game, oldest first.
    pub history: Vec<u64>,
    /// The limits from `go`.
    pub limits: Limits,
    /// Root moves to consider (`searchmoves`); empty means all.
    pub searchmoves: Vec<Move>,
    /// `go infinite` or `go ponder`: never print `bestmove` before `stop` or `ponderhit`.
    pub wait_for_stop: bool,
    /// Move Overhead in milliseconds.
    pub overhead_ms: u64,
    /// When the front end read `go`: our clock runs from here, not from when the search
    /// thread got to it.
    pub received: Instant,
}

/// Messages from the front end to the search thread.
#[derive(Debug)]
pub enum Command {
    /// Search and answer with exactly one `bestmove`.
    Go(Box<SearchJob>),
    /// Forget the previous game (`ucinewgame`): clears the table.
    NewGame,
    /// Replace the table with this one (the front end allocates it, so a failure to get the
    /// memory is reported to the user and the old table stays).
    SetHash(Box<TranspositionTable>),
    /// Clear the table (the `Clear Hash` button).
    ClearHash,
    /// Answer on the channel once every command before this one is done (`isready`).
    Ping(Sender<()>),
    /// Wakes a finished infinite or ponder search that is waiting to print `bestmove`.
    /// The real signal is `Signals::stop` / `pondering`; this only ends the wait.
    Wake,
    /// Leave the loop.
    Quit,
}

/// Whether a search is running, with a way to wait (without spinning) until it is not.
/// Set by the front end when it sends `Go`; cleared by the search thread after `bestmove`.
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

/// Marks the search idle when dropped.
struct IdleOnDrop(Arc<Busy>);

impl Drop for IdleOnDrop {
    fn drop(&mut self) {
        self.0.clear();
    }
}

/// The search thread's state.
pub struct SearchThread<R: Reporter> {
    tt: TranspositionTable,
    reporter: R,
    signals: Arc<Signals>,
    /// Busy from the moment the front end sends `Go` until `bestmove` has been printed.
    busy: Arc<Busy>,
}

impl<R: Reporter> SearchThread<R> {
    /// A search thread with a table of `hash_mib` MiB.
    pub fn new(tt: TranspositionTable, reporter: R, signals: Arc<Signals>, busy: Arc<Busy>) -> Self {
        SearchThread { tt, reporter, signals, busy }
    }

    /// Serves commands until `Quit` or until the channel closes.
    pub fn run(mut self, commands: Receiver<Command>) {
        while let Ok(command) = commands.recv() {
            match command {
                Command::Go(job) => {
                    // Cleared when this scope ends, even by a panic, so a dead search can never
                    // leave the front end waiting for it forever.
                    let _idle_on_exit = IdleOnDrop(Arc::clone(&self.busy));
                    if self.go(&job, &commands) {
                        return;
                    }
                }
                Command::NewGame | Command::ClearHash => self.tt.clear(),
                Command::SetHash(table) => self.tt = *table,
                Command::Ping(reply) => {
                    let _ = reply.send(());
                }
                Command::Wake => {} // a stop with no search running: nothing to do
                Command::Quit => return,
            }
        }
    }

    /// Runs one search and prints its single `bestmove`. Returns true if `Quit` arrived
    /// while a finished infinite search was waiting.
    fn go(&mut self, job: &SearchJob, commands: &Receiver<Command>) -> bool {
        // A bug in the search must not cost the game: catch a panic and fall back to the
        // first legal move, so exactly one legal `bestmove` still goes out.
        let searched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut searcher = Searcher::new(
                &mut self.tt,
                &mut self.reporter,
                &self.signals,
                job.limits.clone(),
                &job.history,
                job.overhead_ms,
            );
            searcher.set_start(job.received);
            searcher.run(&job.board, &job.searchmoves)
        }));
        let result = searched.unwrap_or_else(|_| {
            log::error!("the search panicked; playing the first legal move");
            self.tt.clear();
            let fallback = std::panic::catch_unwind(|| {
                let mut moves = crate::movegen::MoveList::new();
                crate::movegen::generate_legal(&job.board, &mut moves);
                moves.iter().next().copied().unwrap_or(Move::NONE)
            });
            let best_move = fallback.unwrap_or(Move::NONE);
            SearchResult { best_move, ponder_move: Move::NONE, score: 0, depth: 0, nodes: 0 }
        });
        if !result.best_move.is_some() {
            // No legal move at the root: say why, in the form GUIs expect.
            let score = if job.board.in_check() { crate::engine::Score::Mate(0) } else { Score::Cp(0) };
            self.reporter.info(&SearchInfo {
                depth: 0,
                seldepth: 0,
                score,
                nodes: 0,
                nps: 0,
                hashfull: self.tt.hashfull(),
                time_ms: 0,
                pv: vec![],
            });
        }
        // `go infinite` and `go ponder` may finish early (a forced mate, a depth cap), but must
        // not answer until `stop` or `ponderhit`. The wait blocks on the channel: no spinning.
        let mut quit = false;
        if job.wait_for_stop {
            while !self.signals.stop.load(Ordering::SeqCst) && !self.ponderhit_ends_wait(job) {
                match commands.recv() {
                    Ok(Command::Wake) => {}
                    Ok(Command::Ping(reply)) => {
                        let _ = reply.send(());
                    }
                    Ok(Command::Quit) | Err(_) => {
                        quit = true;
                        break;
                    }
                    Ok(Command::NewGame) | Ok(Command::ClearHash) => self.tt.clear(),
                    Ok(Command::SetHash(table)) => self.tt = *table,
                    Ok(Command::Go(_)) => {} // the front end stops a search before a new go
                }
            }
        }
        self.reporter.best_move(result.best_move, result.ponder_move);
        quit
    }

    /// After `ponderhit` a ponder search becomes a normal one; if it already finished, its
    /// move is played at once. `go infinite` ignores `ponderhit`.
    fn ponderhit_ends_wait(&self, job: &SearchJob) -> bool {
        !job.limits.infinite && !self.signals.pondering.load(Ordering::SeqCst)
    }
}
