//! Space and closedness, White's point of view.
//!
//! *Space*: the squares of the centre files (c to f) on a side's second, third and fourth
//! ranks that none of its own pawns stands on and no enemy pawn attacks. Its pieces can
//! manoeuvre there, and the enemy's cannot settle there for long. A square within three
//! ranks behind one of its own pawns counts twice: the enemy can hardly contest it. Room
//! matters while there are pieces to use it, so the count is multiplied by the side's
//! knights, bishops, rooks and queens, and it is a middlegame term.
//!
//! *Closedness*: the pawns that stand face to face with an enemy pawn (rams) lock the
//! position. A knight, which jumps, loses little when the lines close; a rook, which needs
//! them, loses much. So each side's knights and rooks are counted once per ram, with a weight
//! each, in both phases; the tuner finds what a locked position does to them.
//!
//! Both are a few operations on the pawn sets and the piece counts, cheap enough for every
//! evaluation.

use super::pieces::SideMaterial;
use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{self, SquareSet};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// Files c to f on ranks 2 to 4 (White's space) and on ranks 7 to 5 (Black's).
const WHITE_SPACE: SquareSet = 0x3C3C_3C00;
const BLACK_SPACE: SquareSet = 0x003C_3C3C_0000_0000;

/// The space count is multiplied by the side's pieces; the weight is per this many of the
/// product, so that a whole centipawn of weight is not too coarse a step for the tuner.
pub const SPACE_DIVISOR: i32 = 8;

/// The space and closedness terms, White's view; `material` is each side's count of pieces
/// (`pieces::piece_terms`).
pub fn space_terms(board: &Board, w: &Weights, material: &[SideMaterial; 2]) -> Pair {
    let (white, black) = (board.pawn_set(Colour::White), board.pawn_set(Colour::Black));
    let rams = (white & black >> 8).count_ones() as i32;
    let mut total = (0, 0);
    for (colour, sign) in [(Colour::White, 1), (Colour::Black, -1)] {
        let count = &material[colour.index()].count;
        let (knights, rooks) = (count[KNIGHT as usize], count[ROOK as usize]);
        let space = space_count(board, colour) * count[KNIGHT as usize..=QUEEN as usize].iter().sum::<i32>();
        total.0 +=
            sign * (w.space.0 * space / SPACE_DIVISOR + (w.knight_closed.0 * knights + w.rook_closed.0 * rooks) * rams);
        total.1 +=
            sign * (w.space.1 * space / SPACE_DIVISOR + (w.knight_closed.1 * knights + w.rook_closed.1 * rooks) * rams);
    }
    total
}

/// `colour`'s safe central squares, those behind its own pawns counted twice.
fn space_count(board: &Board, colour: Colour) -> i32 {
    let (own, their) = (board.pawn_set(colour), board.pawn_set(colour.flip()));
    let (zone, behind) = match colour {
        Colour::White => (WHITE_SPACE, own >> 8 | own >> 16 | own >> 24),
        Colour::Black => (BLACK_SPACE, own << 8 | own << 16 | own << 24),
    };
    let safe = zone & !own & !squareset::pawn_attacks(their, colour.flip());
    (safe.count_ones() + (safe & behind).count_ones()) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pieces::piece_terms;
    use crate::eval::weights::WEIGHTS as W;

    fn terms(fen: &str, w: &Weights) -> Pair {
        terms_on(&Board::from_fen(fen).unwrap(), w)
    }

    fn terms_on(board: &Board, w: &Weights) -> Pair {
        let (_, material) = piece_terms(board, &Weights::zero());
        space_terms(board, w, &material)
    }

    #[test]
    fn the_start_position_is_level() {
        assert_eq!(terms("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &W), (0, 0));
    }

    #[test]
    fn advanced_centre_pawns_gain_space() {
        // White's pawns on d4 and e4 against Black's on d6 and e6: White's safe squares are
        // c2-f4 but for d4 and e4 and what Black's pawns attack (none of them), d2, d3, e2
        // and e3 twice; Black's are c7-f5 but for d6, e6 and the squares d4 and e4 attack
        // (c5, d5, e5, f5), with d7 and e7 twice.
        let board = Board::from_fen("4k3/3n4/3pp3/8/3PP3/8/3N4/4K3 w - - 0 1").unwrap();
        assert_eq!(space_count(&board, Colour::White), 10 + 4);
        assert_eq!(space_count(&board, Colour::Black), 6 + 2);
        let mut w = Weights::zero();
        w.space = (SPACE_DIVISOR, 0);
        // One piece each: the difference of the counts.
        assert_eq!(terms_on(&board, &w), (14 - 8, 0));
    }

    #[test]
    fn rams_count_knights_and_rooks() {
        // Two rams, d4 against d5 and e5 against e6; a knight for White, a rook for Black.
        let fen = "4k3/8/4p1r1/3pP3/3P4/2N5/8/4K3 w - - 0 1";
        let mut w = Weights::zero();
        w.knight_closed = (1, 2);
        assert_eq!(terms(fen, &w), (2, 4));
        let mut w = Weights::zero();
        w.rook_closed = (1, 2);
        assert_eq!(terms(fen, &w), (-2, -4));
    }
}
