//! Maxim: a UCI chess engine in the micro-Max lineage.
//!
//! The module tree is the engine's glossary, and its folders are its layers. Each layer
//! imports only from the layers below it, and within a layer no module imports one that
//! imports it (`tests/architecture.rs` checks both):
//!
//! ```text
//! 6  uci      the front end: stdin, the options table, game state, stdout
//! 5  engine   the seam: commands to the search thread and its loop; bench and epd runs
//! 4  search   iterative deepening, root moves, alpha-beta, quiescence, ordering, the
//!             transposition table, time, the report types
//! 3  syzygy   the endgame tablebases: loading a path, WDL and DTZ probes, the root moves
//!             ranked by them
//! 2  eval     the evaluation terms computed when a node is evaluated
//! 1  chess    the rules: squares, moves, piece values and piece-square tables, attacks, the
//!             board and FEN, move generation, move text, SEE, perft
//! ```

pub mod chess;
pub mod engine;
pub mod eval;
pub mod search;
pub mod syzygy;
pub mod uci;
