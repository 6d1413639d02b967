//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file from the repository's test data, `tests/data/` (where each file came from is in
/// `tests/data/README.md`). A missing file fails the test with its path.
pub fn test_data(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {} ({e})", path.display()))
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
