//! What the search reports, and to whom. The search never prints: it hands each report to a
//! [`Reporter`], which the UCI front end turns into `info` and `bestmove` lines and the tests
//! and `bench` simply keep.

use super::score::Score;
use super::wdl::Wdl;
use crate::chess::types::Move;

/// What a reported score is: exact, or only a bound because the search of the root failed
/// outside its aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The score is exact (at this depth).
    Exact,
    /// The true score is at least this (`lowerbound`: the root failed high).
    Lower,
    /// The true score is at most this (`upperbound`: the root failed low).
    Upper,
}

/// One `info` report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Which line this is, from 1 (the best) to MultiPV.
    pub multipv: u32,
    /// Completed depth in plies.
    pub depth: u32,
    /// Deepest ply reached, including quiescence and extensions.
    pub seldepth: u32,
    /// The score.
    pub score: Score,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// The win/draw/loss estimate, when `UCI_ShowWDL` asks for it.
    pub wdl: Option<Wdl>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use in permille.
    pub hashfull: u32,
    /// Endgame table probes that answered, all threads together.
    pub tbhits: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Where the search's output goes. The UCI front end prints it; tests collect it.
pub trait Reporter: Send {
    /// A progress report.
    fn info(&mut self, info: &SearchInfo);
    /// The final answer: `bestmove` (and `ponder` when there is a second PV move).
    fn best_move(&mut self, best: Move, ponder: Move);
    /// The root move the main thread starts to search (`currmove`, numbered from 1), at
    /// `depth`. Only sent once a search has run for a second; ignored unless overridden.
    fn current_move(&mut self, _depth: u32, _mv: Move, _number: usize) {}
    /// Something the user should know that is not a search result (`info string`): a fault
    /// met during the search, say. Ignored unless overridden.
    fn message(&mut self, _text: &str) {}
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
