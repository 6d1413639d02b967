//! The bounds a harness (the fuzzer) puts on the front end, so that no input it makes up can
//! keep the engine busy for long.

use super::options::Settings;

/// Bounds a harness puts on what its input may ask of the engine, so that every command is
/// answered in milliseconds (the fuzzer's searches stop after a few hundred nodes). A user's
/// engine has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Nodes per search, whatever `go` says.
    pub nodes: u64,
    /// Transposition table size in MiB: a larger `Hash` is lowered to it.
    pub hash_mib: usize,
    /// Search threads: a larger `Threads` is lowered to it.
    pub threads: usize,
    /// Depth of `perft` and `go perft`; `bench` is not run at all.
    pub perft_depth: u32,
}

impl Caps {
    /// Lowers the table size and thread count of `settings` to these bounds.
    pub(super) fn bound(&self, settings: &mut Settings) {
        settings.hash_mib = settings.hash_mib.min(self.hash_mib);
        settings.threads = settings.threads.min(self.threads);
    }
}
