//! The pawn cache: the evaluation terms that depend only on where the pawns and the kings
//! stand (the pawn structure, passed pawns, and the pawn shelter in front of each king).
//!
//! Pawns move seldom compared with pieces, so the same pawn-and-king placement comes back at
//! most nodes of a search, and the terms can be looked up instead of recomputed. Each entry
//! keeps the placement itself (both pawn sets and both king squares) rather than a hash of
//! it, so a lookup can never return another placement's terms: the cache changes only the
//! speed of the evaluation, never its result, and searches repeat node for node with or
//! without it.

use super::weights::WEIGHTS;
use super::{pawns, shelter};
use crate::chess::board::Board;
use crate::chess::types::*;
use crate::chess::values::Pair;
use crate::chess::zobrist::table_slot;

/// The terms that depend only on pawns and kings, White's view, with the engine's weights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnKingTerms {
    /// The pawn structure (`pawns::pawn_terms`), with each king's distance to its pawns.
    pub structure: Pair,
    /// Passed pawns.
    pub passed: Pair,
    /// The pawn shelter of both kings.
    pub shelter: Pair,
}

impl PawnKingTerms {
    /// Computes the terms from the board.
    pub fn compute(board: &Board) -> PawnKingTerms {
        let (structure, passed) = pawns::pawn_terms(board, &WEIGHTS);
        PawnKingTerms { structure, passed, shelter: shelter::shelter_terms(board, &WEIGHTS) }
    }
}

/// Entries in the cache (a power of two). Each is 32 bytes, so the cache is 256 KiB: small
/// enough to stay in the core's level-2 cache.
const ENTRIES: usize = 1 << 13;

/// One cached placement: what it is, and its terms stored as 16-bit pairs.
#[derive(Clone, Copy, Default)]
struct Entry {
    white_pawns: u64,
    black_pawns: u64,
    /// The kings' squares (0x88), White's in the low byte; 0 marks an empty entry, since
    /// the two kings can never share a square.
    kings: u16,
    terms: [i16; 6],
}

/// A direct-mapped cache of [`PawnKingTerms`], one per search thread.
pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl Default for PawnCache {
    fn default() -> Self {
        Self::new()
    }
}

impl PawnCache {
    /// An empty cache.
    pub fn new() -> PawnCache {
        PawnCache { entries: vec![Entry::default(); ENTRIES].into_boxed_slice() }
    }

    /// The terms of the board's pawn-and-king placement: from the cache when it holds them,
    /// else computed and stored.
    #[inline]
    pub fn terms(&mut self, board: &Board) -> PawnKingTerms {
        let white_pawns = board.pawn_set(Colour::White);
        let black_pawns = board.pawn_set(Colour::Black);
        let kings = board.king(Colour::White) as u16 | (board.king(Colour::Black) as u16) << 8;
        // A multiplicative hash of the placement picks the slot.
        let placement = white_pawns ^ black_pawns.rotate_left(23) ^ (kings as u64) << 40;
        let slot = &mut self.entries[table_slot(placement, ENTRIES)];
        if slot.kings == kings && slot.white_pawns == white_pawns && slot.black_pawns == black_pawns {
            let t = slot.terms.map(i32::from);
            return PawnKingTerms { structure: (t[0], t[1]), passed: (t[2], t[3]), shelter: (t[4], t[5]) };
        }
        let terms = PawnKingTerms::compute(board);
        let values = [terms.structure, terms.passed, terms.shelter];
        let packed = [values[0].0, values[0].1, values[1].0, values[1].1, values[2].0, values[2].1];
        // Every term fits 16 bits by far (eight passed pawns on the seventh rank sum to a few
        // hundred centipawns); a value that did not would simply not be cached.
        if packed.iter().all(|&v| i16::try_from(v).is_ok()) {
            *slot = Entry { white_pawns, black_pawns, kings, terms: packed.map(|v| v as i16) };
        }
        terms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rng::Rng;
    use crate::chess::testing::random_walk;

    /// Along playouts from several positions, every lookup equals the computed terms, and
    /// lookups of earlier placements still agree after other placements went in between.
    #[test]
    fn lookups_equal_computed_terms() {
        let mut cache = PawnCache::new();
        let fens = [
            crate::chess::board::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12",
        ];
        let mut seen = Vec::new();
        for fen in fens {
            random_walk(fen, 200, &mut Rng::new(0x1234_5678), |board, _, _| {
                assert_eq!(cache.terms(board), PawnKingTerms::compute(board), "{fen}");
                seen.push(*board);
            });
        }
        for board in &seen {
            assert_eq!(cache.terms(board), PawnKingTerms::compute(board));
        }
    }
}
