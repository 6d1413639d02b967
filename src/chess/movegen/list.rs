//! Where the generator puts its moves: a list on the stack, or, for perft's last ply, only
//! their number.

use crate::chess::squareset::SquareSet;
use crate::chess::types::{from_64, Move, Square};

/// What the generator fills. The generator is compiled once per sink, so the counting sink's
/// shortcuts cost the list nothing.
pub trait MoveSink {
    /// One move.
    fn push(&mut self, m: Move);

    /// The moves from `from` to each square (0..64) of `targets`, highest square first (the
    /// order of the knight's step vectors; see the generator).
    fn push_targets(&mut self, from: Square, targets: SquareSet);

    /// The count, for a sink that only counts: the generator may then count whole square
    /// sets of targets instead of walking them one by one. `None` for a list.
    fn counter(&mut self) -> Option<&mut usize>;
}

/// A sink that only counts: perft's last ply asks how many legal moves there are, not which.
#[derive(Default)]
pub struct MoveCount(pub usize);

impl MoveSink for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_targets(&mut self, _: Square, targets: SquareSet) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline(always)]
    fn counter(&mut self) -> Option<&mut usize> {
        Some(&mut self.0)
    }
}

/// A list of moves on the stack. 256 exceeds the most legal moves any position has (218).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NONE; 256], len: 0 }
    }

    /// Empties the list (its storage is reused).
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    #[inline(always)]
    fn push_targets(&mut self, from: Square, mut targets: SquareSet) {
        while targets != 0 {
            let sq64 = 63 - targets.leading_zeros() as usize;
            targets ^= 1 << sq64;
            self.push(Move::new(from, from_64(sq64), 0));
        }
    }

    #[inline(always)]
    fn counter(&mut self) -> Option<&mut usize> {
        None
    }
}
