//! The rules of chess, at the bottom of the engine: nothing here knows about searching.
//!
//! From the bottom up (each module imports only those above it in this list):
//! * `types`: squares on the 0x88 board, colours, pieces and the 16-bit move;
//!   `squareset`: the 64 squares as bits and the attack sets built from them;
//!   `rng`: the crate's one random-number generator; `zobrist`: the position keys drawn from it;
//! * `values`: what the pieces are worth; `psq_learned`: the tuner's corrections to the
//!   piece-square formula; `psq`: what a piece is worth on each square (the tables the board
//!   keeps summed move by move, micro-Max's differential evaluation);
//! * `attacks`: micro-Max's step vectors, the 0x88 ray table, and "is this square attacked?"
//!   asked of square sets;
//! * `board`: the position and copy-make, with FEN in and out;
//! * `movegen`: legal move generation;
//! * `notation` (UCI move text), `san`, `see` (static exchange evaluation) and `perft`.

pub mod attacks;
pub mod board;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod psq;
pub mod psq_learned;
pub mod rng;
pub mod san;
pub mod see;
pub mod squareset;
#[cfg(test)]
pub(crate) mod testing;
pub mod types;
pub mod values;
pub mod zobrist;
