//! The typed messages that cross from the front end to the search thread.

use crate::chess::board::Board;
use crate::chess::types::Move;
use crate::search::options::SearchOptions;
use crate::search::time::Limits;
use crate::search::tt::TranspositionTable;
use crate::syzygy::Tablebases;
use crossbeam_channel::Sender;
use std::sync::Arc;
use std::time::Instant;

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
    /// The UCI options the search reads.
    pub options: SearchOptions,
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
    /// Search with this many threads from the next search on (the main thread included).
    SetThreads(usize),
    /// Use these endgame tables from the next search on (None: none). The front end loads
    /// them, so what it found is reported at once.
    SetTablebases(Option<Arc<Tablebases>>),
    /// Answer on the channel once every command before this one is done (`isready`).
    Ping(Sender<()>),
    /// Wakes a finished infinite or ponder search that is waiting to print `bestmove`.
    /// The real signal is `Signals::stop` / `pondering`; this only ends the wait.
    Wake,
    /// Leave the loop.
    Quit,
}
