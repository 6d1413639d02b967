//! Maxim: a UCI chess engine in the micro-Max lineage.
//!
//! The module tree is the engine's glossary; each module's comment says what it owns.

pub mod bench;
pub mod board;
pub mod engine;
pub mod epd;
pub mod eval;
pub mod movegen;
pub mod perft;
pub mod san;
pub mod search;
pub mod see;
pub mod squareset;
pub mod time;
pub mod tt;
pub mod types;
pub mod uci;
pub mod zobrist;

#[cfg(test)]
mod testing;
