//! Correction history: how far the static evaluation has been off, learned by the search and
//! added back to it. When a node's search score differs from its static score, the evaluation
//! misjudged the position; positions that share a feature tend to be misjudged alike (a
//! structure whose terms rate it too well keeps being rated too well), so the errors are
//! averaged per feature, and the averages correct the static score that the pruning rules and
//! quiescence's stand-pat read at later nodes.
//!
//! Two features are learned, each with the side to move: the pawn structure (both sides'
//! pawns), and each side's pieces other than pawns, where they stand (a side's pieces can be
//! misplaced, or better placed than the evaluation says, whatever the other side has). Each
//! table learns the whole error; the correction is the pawns' average weighted twice, plus
//! the two sides' pieces' averages, over four: where all three agree, it is their common value.

use super::tt::Bound;
use crate::chess::board::Board;
use crate::chess::types::{Colour, BISHOP, KING, KNIGHT, QUEEN, ROOK};
use crate::chess::zobrist::table_slot;

/// Entries per table and side to move (a power of two): three tables of 2 x 16,384 x 4 bytes,
/// 384 KiB per thread.
const ENTRIES: usize = 1 << 14;
/// Entries hold centipawns times this, so that the small steps of the average are not lost.
const GRAIN: i32 = 256;
/// A correction never exceeds this many centipawns either way, nor does one error count for
/// more.
const LIMIT: i32 = 128;
/// An update moves the entry `weight / 256` of the way to the new error, the weight growing
/// with the depth of the search that measured it, up to this.
const MAX_WEIGHT: i32 = 16;

/// The average errors of the static evaluation by feature: the pawn structure, then White's
/// pieces, then Black's, each a block of `2 * ENTRIES` (one half per side to move).
pub struct CorrectionHistory {
    entries: Box<[i32]>,
}

/// The blocks of the tables in `CorrectionHistory::entries`.
const PAWNS: usize = 0;
const WHITE_PIECES: usize = 2 * ENTRIES;
const BLACK_PIECES: usize = 4 * ENTRIES;

/// An entry's index within a side's half of a block.
#[inline(always)]
fn slot(word: u64) -> usize {
    table_slot(word, ENTRIES)
}

impl CorrectionHistory {
    /// No corrections yet.
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { entries: vec![0; 6 * ENTRIES].into_boxed_slice() }
    }

    /// Forgets every correction.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The entries of the board's features with its side to move: its pawn structure (both
    /// pawn sets mixed into one word), White's pieces and Black's (a side's knights, bishops,
    /// rooks, queens and king, each set turned by its own amount, mixed into one word).
    #[inline(always)]
    fn indices(board: &Board) -> [usize; 3] {
        let side = board.side().index() * ENTRIES;
        let pawns = board.pawn_set(Colour::White) ^ board.pawn_set(Colour::Black).rotate_left(29);
        let pieces = |colour| {
            let set = |kind, turn: u32| board.piece_set(colour, kind).rotate_left(turn);
            set(KNIGHT, 0) ^ set(BISHOP, 13) ^ set(ROOK, 26) ^ set(QUEEN, 39) ^ set(KING, 52)
        };
        [
            PAWNS + side + slot(pawns),
            WHITE_PIECES + side + slot(pieces(Colour::White)),
            BLACK_PIECES + side + slot(pieces(Colour::Black)),
        ]
    }

    /// What the search has learned to add to the static score of such positions.
    #[inline(always)]
    pub fn correction(&self, board: &Board) -> i32 {
        let [pawns, white, black] = Self::indices(board).map(|i| self.entries[i]);
        (2 * pawns + white + black) / (4 * GRAIN)
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

    /// Moves the entries of `board` towards the error of `eval` against `score`, a search to
    /// `depth`.
    fn update(&mut self, board: &Board, depth: i32, score: i32, eval: i32) {
        let error = (score - eval).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        for i in Self::indices(board) {
            let entry = &mut self.entries[i];
            *entry = ((*entry * (256 - weight) + error * weight) / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        }
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
    fn corrections_follow_the_errors_of_pawns_and_of_each_sides_pieces() {
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
        // Black's pieces elsewhere, the same pawns and White's pieces: three quarters of it.
        let black_moved = Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let near = |score: i32, expected: i32| assert!((score - expected).abs() <= 1, "{score} {expected}");
        near(h.corrected(&black_moved, 30), 30 + (corrected - 30) * 3 / 4);
        // The same pieces on both sides with other pawns: half of it.
        let pawns_moved = Board::from_fen("r1bqkbnr/ppp2ppp/2np4/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4").unwrap();
        near(h.corrected(&pawns_moved, 30), 30 + (corrected - 30) / 2);
        // Other pawns and pieces, and the same position with the other side to move, are
        // untouched.
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
