//! The danger one side's pieces pose to the enemy king, from that side's point of view: the
//! checks they could give next move, *safe* (nothing of the enemy guards the square) or not.
//! Each is a count times its weight, so the tuner can fit it. (A count of the lines open
//! towards the king, the squares a queen on its square would see, was fitted to 0 as a
//! linear term and left out.)

use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{bishop_attacks, knight_attacks, rook_attacks, SquareSet};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// What `colour`'s pieces threaten against the enemy king: `by_kind` holds the squares its
/// pieces of each kind attack (index by kind), `enemy_guards` every square the enemy attacks.
/// The bishops' and rooks' sets are the mobility's, which see through their own queen (and a
/// rook through its own rooks): a check square behind the front piece of a battery counts for
/// the back one too, though only the front piece can go there next move.
pub(super) fn king_danger(
    board: &Board,
    colour: Colour,
    by_kind: &[SquareSet; 7],
    enemy_guards: SquareSet,
    w: &Weights,
) -> Pair {
    let them = colour.flip();
    let king = to_64(board.king(them));
    let occupied = board.occupied();
    // The squares from which each kind would check, that a piece of that kind reaches and
    // that hold none of our own pieces.
    let (diagonal, straight) = (bishop_attacks(king, occupied), rook_attacks(king, occupied));
    let free = !board.colour_set(colour);
    let checks = [(KNIGHT, knight_attacks(king)), (BISHOP, diagonal), (ROOK, straight), (QUEEN, diagonal | straight)];
    let (mut mg, mut eg) = (0, 0);
    let mut unsafe_checks = 0;
    for (kind, from) in checks {
        let reached = from & by_kind[kind as usize] & free;
        let safe = (reached & !enemy_guards).count_ones() as i32;
        let (weight_mg, weight_eg) = w.safe_check[kind as usize];
        mg += weight_mg * safe;
        eg += weight_eg * safe;
        unsafe_checks += (reached & enemy_guards).count_ones() as i32;
    }
    (mg + w.unsafe_check.0 * unsafe_checks, eg + w.unsafe_check.1 * unsafe_checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::threats::Attacks;

    fn danger(fen: &str, w: &Weights) -> Pair {
        let board = Board::from_fen(fen).unwrap();
        let (white, black) = (Attacks::of_board(&board, Colour::White), Attacks::of_board(&board, Colour::Black));
        king_danger(&board, Colour::White, &white.by_kind, black.by_any, w)
    }

    #[test]
    fn checks_are_safe_or_not() {
        // White's rook on a1 could check from a8, which nothing of Black's guards; its knight
        // on e5 reaches none of the knight checks (e7, f6, h6).
        let fen = "6k1/8/8/4N3/8/8/8/R5K1 w - - 0 1";
        let mut w = Weights::zero();
        w.safe_check[ROOK as usize] = (1, 0);
        w.unsafe_check = (0, 1);
        assert_eq!(danger(fen, &w), (1, 0));
        // A knight on g4 reaches f6 and h6, both checks; Black's g7 pawn guards f6 and h6:
        // two unsafe checks.
        let fen = "6k1/6p1/8/8/6N1/8/8/6K1 w - - 0 1";
        let mut w = Weights::zero();
        w.safe_check[KNIGHT as usize] = (1, 0);
        w.unsafe_check = (0, 1);
        assert_eq!(danger(fen, &w), (0, 2));
    }
}
