//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// A file from the repository's test data, `tests/data/` (where each file came from is in
/// `tests/data/README.md`). A missing file fails the test with its path.
pub fn test_data(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {} ({e})", path.display()))
}
