//! Correction history: how far the static evaluation has been off, learned by the search and
//! added back to it. When a node's search score differs from its static score, the evaluation
//! misjudged the position; positions with the same pawns and the same side to move tend to be
//! misjudged alike (a structure whose terms rate it too well keeps being rated too well), so
//! the errors are averaged per pawn structure, and the average corrects the static score that
//! the pruning rules and quiescence's stand-pat read at later nodes.

use super::tt::Bound;
use crate::chess::board::Board;
use crate::chess::types::Colour;

/// Entries per side to move (a power of two): 2 x 16,384 x 4 bytes = 128 KiB per thread.
const ENTRIES: usize = 1 << 14;
/// Entries hold centipawns times this, so that the small steps of the average are not lost.
const GRAIN: i32 = 256;
/// A correction never exceeds this many centipawns either way, nor does one error count for
/// more.
const LIMIT: i32 = 128;
/// An update moves the entry `weight / 256` of the way to the new error, the weight growing
/// with the depth of the search that measured it, up to this.
const MAX_WEIGHT: i32 = 16;

/// The per-pawn-structure average errors of the static evaluation, one table per side.
pub struct CorrectionHistory {
    entries: Box<[i32]>,
}

impl CorrectionHistory {
    /// No corrections yet.
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { entries: vec![0; 2 * ENTRIES].into_boxed_slice() }
    }

    /// Forgets every correction.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The entry of the board's pawn structure and side to move: both pawn sets mixed into
    /// one word by a multiplication, whose top bits pick the entry.
    #[inline(always)]
    fn index(board: &Board) -> usize {
        let white = board.pawn_set(Colour::White);
        let black = board.pawn_set(Colour::Black);
        let mixed = (white ^ black.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        board.side().index() * ENTRIES + (mixed >> (64 - ENTRIES.trailing_zeros())) as usize
    }

    /// What the search has learned to add to the static score of such positions.
    #[inline(always)]
    pub fn correction(&self, board: &Board) -> i32 {
        self.entries[Self::index(board)] / GRAIN
    }

    /// The static score `eval` corrected by what the search has learned of such positions.
    #[inline(always)]
    pub fn corrected(&self, board: &Board, eval: i32) -> i32 {
        eval + self.correction(board)
    }

    /// Learns from a node searched to `depth` whose search score was `score`, a bound of kind
    /// `bound`, with `static_eval` the corrected static score the node used and `raw_eval`
    /// the one before the correction. Only a result that says something about the error is
    /// used: an exact score, a fail high above the static score, a fail low below it.
    pub fn learn(&mut self, board: &Board, depth: i32, score: i32, bound: Bound, raw_eval: i32, static_eval: i32) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => score > static_eval,
            Bound::Upper => score < static_eval,
        };
        if informative {
            self.update(board, depth, score, raw_eval);
        }
    }

    /// Moves the entry of `board` towards the error of `eval` against `score`, a search to
    /// `depth`.
    fn update(&mut self, board: &Board, depth: i32, score: i32, eval: i32) {
        let error = (score - eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = &mut self.entries[Self::index(board)];
        *entry = ((*entry * (256 - weight) + error * weight) / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_of_one_pawn_structure() {
        let board = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let other = Board::from_fen("rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2").unwrap();
        let flipped = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3").unwrap();
        let mut h = CorrectionHistory::new();
        assert_eq!(h.corrected(&board, 30), 30);
        // The search keeps finding this structure 100 cp better than the evaluation says.
        for _ in 0..200 {
            h.update(&board, 10, 130, 30);
        }
        let corrected = h.corrected(&board, 30);
        assert!((120..=130).contains(&corrected), "{corrected}");
        // The pieces may stand elsewhere: the same pawns share the entry.
        let same_pawns = Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        assert_eq!(h.corrected(&same_pawns, 30), corrected);
        // Another structure, and the same one with the other side to move, are untouched.
        assert_eq!(h.corrected(&other, 30), 30);
        assert_eq!(h.corrected(&flipped, 30), 30);
        // A fail high below the static score, or a fail low above it, says nothing.
        h.learn(&board, 10, 0, Bound::Lower, 30, corrected);
        h.learn(&board, 10, 300, Bound::Upper, 30, corrected);
        assert_eq!(h.corrected(&board, 30), corrected);
        h.learn(&board, 10, 0, Bound::Exact, 30, corrected);
        assert!(h.corrected(&board, 30) < corrected);
        // Errors are capped: one wild score moves the entry by a bounded step.
        let mut h = CorrectionHistory::new();
        h.update(&board, 10, 30_000, 0);
        assert_eq!(h.corrected(&board, 0), LIMIT * 11 / 256);
        h.clear();
        assert_eq!(h.corrected(&board, 0), 0);
    }
}
