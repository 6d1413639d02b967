//! The UCI options the search reads. The front end's options table (`uci::options`) declares
//! each option once and writes its value here; a test or `bench` uses the defaults of this
//! struct, which ask for nothing special.

/// The search's share of the engine's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Move Overhead: milliseconds kept back on every move for the GUI and the pipes.
    pub move_overhead_ms: u64,
    /// MultiPV: how many best lines to search and report (at least 1).
    pub multi_pv: usize,
    /// UCI_ShowWDL: whether reports carry a win/draw/loss estimate.
    pub show_wdl: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions { move_overhead_ms: 0, multi_pv: 1, show_wdl: false }
    }
}
