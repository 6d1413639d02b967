//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The shared data folder, `../shared/data/` relative to the crate. A missing folder fails the
/// test with a message saying where the data was expected, instead of skipping silently.
pub fn shared_data(file: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let path = dir.join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}). The tests need the shared data folder beside the crate: \
             ../shared/data/ relative to {}",
            path.display(),
            env!("CARGO_MANIFEST_DIR")
        )
    })
}

/// A small fixed-seed generator (xorshift64*) for reproducible random playouts.
pub struct Rng(pub u64);

impl Rng {
    /// The next pseudo-random number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
