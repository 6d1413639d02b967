//! Maxim: a UCI chess engine in the micro-Max lineage.
//!
//! The module tree is the engine's glossary; each module's comment says what it owns.

pub mod board;
pub mod eval;
pub mod movegen;
pub mod perft;
pub mod types;
pub mod zobrist;
