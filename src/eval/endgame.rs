//! Mating a bare king. Once one side has nothing but its king, the other side's win is a
//! matter of technique: drive that king to the edge and bring its own king up. The
//! piece-square tables alone barely tell those positions apart, so a search with few nodes
//! shuffles until the mate comes within its horizon, which can take longer than the
//! fifty-move rule allows.
//!
//! The playing levels of `UCI_LimitStrength` add this term when they mate a bare king (see
//! `search::weaken`), so that every level completes K+Q v K and K+R v K. Full strength does
//! not use it yet: it changes the tree, and waits for its own SPRT.

use crate::chess::board::Board;
use crate::chess::types::{distance, file_of, rank_of, Colour, BISHOP, KNIGHT, QUEEN, ROOK};
use crate::chess::values::MATERIAL;

/// Per step of the bare king from the centre (0 on d4 to e5, 6 in a corner).
const EDGE: i32 = 20;
/// Per king step the attacking king is closer than the farthest it can be (7).
const CLOSE: i32 = 20;

/// The bonus of the side to move against a bare king (negative when its own king is the
/// bare one), when the other side has at least a rook's worth of pieces; 0 otherwise (with
/// pawns alone, promoting is the plan, not the edge).
pub fn mop_up(board: &Board) -> i32 {
    for strong in [Colour::White, Colour::Black] {
        let weak = strong.flip();
        let pieces: i32 = [KNIGHT, BISHOP, ROOK, QUEEN]
            .iter()
            .map(|&kind| board.piece_set(strong, kind).count_ones() as i32 * MATERIAL[kind as usize].0)
            .sum();
        if board.colour_set(weak).count_ones() == 1 && pieces >= MATERIAL[ROOK as usize].0 {
            let (lone, attacker) = (board.king(weak), board.king(strong));
            let (file, rank) = (file_of(lone) as i32, rank_of(lone) as i32);
            let from_centre = (3 - file).max(file - 4) + (3 - rank).max(rank - 4);
            let bonus = EDGE * from_centre + CLOSE * (7 - distance(lone, attacker));
            return if board.side() == strong { bonus } else { -bonus };
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bonus(fen: &str) -> i32 {
        mop_up(&Board::from_fen(fen).unwrap())
    }

    #[test]
    fn the_bare_king_belongs_in_a_corner_with_the_other_king_near() {
        assert_eq!(bonus("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), 20 * 3, "centre: only the kings' distance");
        assert_eq!(bonus("k7/8/1K6/8/8/8/8/1R6 w - - 0 1"), 20 * 6 + 20 * 5, "a corner, the kings two steps apart");
        assert_eq!(bonus("k7/8/1K6/8/8/8/8/1R6 b - - 0 1"), -(20 * 6 + 20 * 5), "the bare king to move");
        assert_eq!(bonus("r7/8/1k6/8/8/8/8/7K w - - 0 1"), -(20 * 6 + 20), "Black's rook, the kings far apart");
        assert_eq!(bonus("8/8/8/4k3/8/8/r7/4K3 b - - 0 1"), 20 * 3 + 20 * 3, "White's king on its edge");
        assert_eq!(bonus("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"), 0, "pawns alone: no bonus");
        assert_eq!(bonus("8/8/8/4k3/8/8/8/2B1K1N1 w - - 0 1"), 20 * 3, "a bishop and a knight");
        assert_eq!(bonus("8/8/8/4k3/8/8/8/4K3 w - - 0 1"), 0, "both bare");
    }
}
