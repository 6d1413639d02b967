//! The UCI options the search reads. The front end's options table (`uci::options`) declares
//! each option once and writes its value here; a test or `bench` uses the defaults of this
//! struct, which ask for nothing special.

use super::level::{Level, MAX_ELO};

/// The search's share of the engine's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Move Overhead: milliseconds kept back on every move for the GUI and the pipes.
    pub move_overhead_ms: u64,
    /// MultiPV: how many best lines to search and report (at least 1).
    pub multi_pv: usize,
    /// UCI_ShowWDL: whether reports carry a win/draw/loss estimate.
    pub show_wdl: bool,
    /// UCI_LimitStrength: whether to play at the level of `elo` instead of full strength.
    pub limit_strength: bool,
    /// UCI_Elo: the level played when `limit_strength` is on.
    pub elo: u32,
    /// The endgame tables' options (`SyzygyProbeDepth`, `Syzygy50MoveRule`,
    /// `SyzygyProbeLimit`); the tables themselves come with the search's inputs.
    pub syzygy: SyzygyOptions,
}

/// How the search uses the endgame tables, as Stockfish's options of the same names say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyzygyOptions {
    /// SyzygyProbeDepth: the least depth left at which a node with as many pieces as the
    /// largest tables hold is probed (nodes with fewer pieces are probed at any depth).
    pub probe_depth: i32,
    /// Syzygy50MoveRule: a win or loss that the 50-move rule turns into a draw counts as
    /// (nearly) a draw.
    pub rule_50: bool,
    /// SyzygyProbeLimit: positions with more pieces than this are never probed.
    pub probe_limit: usize,
}

impl Default for SyzygyOptions {
    fn default() -> Self {
        SyzygyOptions { probe_depth: 1, rule_50: true, probe_limit: 7 }
    }
}

impl SearchOptions {
    /// The playing level, or None at full strength.
    pub fn level(&self) -> Option<Level> {
        if self.limit_strength {
            Level::new(self.elo)
        } else {
            None
        }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            move_overhead_ms: 0,
            multi_pv: 1,
            show_wdl: false,
            limit_strength: false,
            elo: MAX_ELO,
            syzygy: SyzygyOptions::default(),
        }
    }
}
