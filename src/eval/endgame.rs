//! Mating a bare king. Once one side has nothing but its king and the other has the force to
//! mate (a queen, a rook, two bishops on both colours, or a bishop and a knight), the win is
//! a matter of technique: drive that king to the edge, or for the bishop and knight to a
//! corner the bishop covers, and bring the other king up. The piece-square tables barely tell
//! those positions apart, so without this term a search shuffles until the mate comes within
//! its horizon, which for the bishop and knight takes longer than the 50-move rule allows.
//!
//! The term also says that such a position is won outright ([`KNOWN_WIN`]), so the search
//! takes the last enemy pawn or trades into it whenever it can.

use crate::chess::board::Board;
use crate::chess::squareset::DARK_SQUARES;
use crate::chess::types::{distance, file_of, rank_of, Colour, Square, BISHOP, KNIGHT, QUEEN, ROOK};

/// A bare king against mating force is a win: worth this much beyond the material.
pub const KNOWN_WIN: i32 = 2_000;
/// Per step of the bare king from the centre (0 on the four centre squares, 6 in a corner).
const EDGE: i32 = 40;
/// Per step of the bare king from the long diagonal of the corners the bishop cannot reach
/// (0 on it, 7 in one of the two corners it can), for the bishop and knight.
const CORNER: i32 = 80;
/// Per king step the attacking king is closer than the farthest it can be (7).
const CLOSE: i32 = 20;

/// The bonus of mating a bare king, from White's point of view (negative when Black mates):
/// [`KNOWN_WIN`] plus the push of the bare king toward where it can be mated and of the other
/// king toward it. 0 when no king is bare or its opponent cannot force mate.
pub fn mating_bonus(board: &Board) -> i32 {
    for strong in [Colour::White, Colour::Black] {
        let weak = strong.flip();
        if board.colour_set(weak).count_ones() != 1 {
            continue;
        }
        let count = |kind| board.piece_set(strong, kind).count_ones();
        let bishops = board.piece_set(strong, BISHOP);
        let heavy = count(QUEEN) + count(ROOK) > 0;
        let bishop_pair = bishops & DARK_SQUARES != 0 && bishops & !DARK_SQUARES != 0;
        let bishop_and_knight = bishops != 0 && count(KNIGHT) > 0;
        if !(heavy || bishop_pair || bishop_and_knight) {
            return 0;
        }
        let (lone, attacker) = (board.king(weak), board.king(strong));
        let push = if heavy || bishop_pair {
            EDGE * from_centre(lone)
        } else {
            EDGE * from_centre(lone) + CORNER * toward_bishop_corner(lone, bishops & DARK_SQUARES != 0)
        };
        let bonus = KNOWN_WIN + push + CLOSE * (7 - distance(lone, attacker));
        return if strong == Colour::White { bonus } else { -bonus };
    }
    0
}

/// King steps from the centre: 0 on d4, e4, d5 and e5, 6 in a corner.
fn from_centre(sq: Square) -> i32 {
    let (file, rank) = (file_of(sq) as i32, rank_of(sq) as i32);
    (3 - file).max(file - 4) + (3 - rank).max(rank - 4)
}

/// How far a king stands from the long diagonal through the two corners of the colour the
/// bishop does not cover: 7 in the corners it does cover (a1 and h8 for a dark-squared
/// bishop), falling by one a step along the edge toward the wrong corners, where it is 0.
fn toward_bishop_corner(sq: Square, dark_bishop: bool) -> i32 {
    let (file, rank) = (file_of(sq) as i32, rank_of(sq) as i32);
    // The dark corners a1 and h8 lie off the light diagonal a8-h1 (file + rank = 7); the
    // light corners a8 and h1 off the dark diagonal a1-h8 (file = rank).
    if dark_bishop {
        (file + rank - 7).abs()
    } else {
        (file - rank).abs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bonus(fen: &str) -> i32 {
        mating_bonus(&Board::from_fen(fen).unwrap())
    }

    #[test]
    fn the_bare_king_belongs_at_the_edge_with_the_other_king_near() {
        assert_eq!(bonus("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), KNOWN_WIN + 20 * 3, "centre: only the kings' distance");
        assert_eq!(bonus("k7/8/1K6/8/8/8/8/1R6 w - - 0 1"), KNOWN_WIN + 40 * 6 + 20 * 5, "a corner, kings close");
        assert_eq!(bonus("k7/8/1K6/8/8/8/8/1R6 b - - 0 1"), KNOWN_WIN + 40 * 6 + 20 * 5, "White's view either way");
        assert_eq!(bonus("r7/8/1k6/8/8/8/8/7K w - - 0 1"), -(KNOWN_WIN + 40 * 6 + 20), "Black's rook");
        assert_eq!(bonus("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"), 0, "pawns alone: promoting is the plan");
        assert_eq!(bonus("8/8/8/4k3/8/8/8/2N1K1N1 w - - 0 1"), 0, "two knights cannot force mate");
        assert_eq!(bonus("8/8/8/4k3/8/4B3/8/2B1K3 w - - 0 1"), 0, "two bishops on one colour neither");
        assert_eq!(bonus("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1"), KNOWN_WIN + 20 * 3, "bishops on both colours");
        assert_eq!(bonus("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), 0, "both bare");
        assert_eq!(bonus("8/8/8/4k3/8/2q5/8/R3K3 w - - 0 1"), 0, "no king bare");
    }

    #[test]
    fn bishop_and_knight_mate_in_the_bishops_corner() {
        // c1 is a dark square: the bare king belongs in a1 or h8, not a8 or h1.
        let dark = |king: &str| bonus(&format!("{king}/8/8/8/8/8/8/2B1KN2 w - - 0 1"));
        let (a8, h8) = (dark("k7"), dark("7k"));
        assert!(h8 > a8, "{h8} {a8}");
        assert_eq!(h8 - a8, 80 * 7, "the same distances from the centre and the other king");
        assert_eq!(toward_bishop_corner(crate::chess::types::square(0, 7), true), 0, "a8, the wrong corner");
        assert_eq!(toward_bishop_corner(crate::chess::types::square(0, 0), true), 7, "a1");
        assert_eq!(toward_bishop_corner(crate::chess::types::square(0, 4), true), 3, "a5");
        assert_eq!(toward_bishop_corner(crate::chess::types::square(0, 7), false), 7, "a8 for a light bishop");
        assert_eq!(toward_bishop_corner(crate::chess::types::square(3, 3), true), 1, "d4");
    }
}
