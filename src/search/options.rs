//! The UCI options the search reads. The front end's options table (`uci::options`) declares
//! each option once and writes its value here; a test or `bench` uses the defaults of this
//! struct, which ask for nothing special.

/// The search's share of the engine's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// Move Overhead: milliseconds kept back on every move for the GUI and the pipes.
    pub move_overhead_ms: u64,
}
