//! The pawns in front of each king, from White's point of view: the shield the king's own pawns
//! give it (missing shield pawns, files open towards it, and the rank of the nearest own pawn on
//! each of the three files around it) and the enemy pawns storming towards it (the rank of the
//! nearest one on each of those files). All middlegame terms. They depend only on the pawns and
//! the kings, so the search looks them up in the pawn cache (see `pawn_cache`).

use super::pawns::relative_rank;
use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::FILE_A;
use crate::chess::types::*;
use crate::chess::values::Pair;

/// The king-shelter term of both sides, White's view.
pub fn shelter_terms(board: &Board, w: &Weights) -> Pair {
    let mut total = (0, 0);
    for (colour, sign) in [(Colour::White, 1), (Colour::Black, -1)] {
        let (missing, open) = king_shelter(board, colour);
        total.0 += sign * (missing * w.shelter_missing.0 + open * w.shelter_open_file.0);
        total.1 += sign * (missing * w.shelter_missing.1 + open * w.shelter_open_file.1);
        for (own, enemy) in shield_and_storm(board, colour) {
            let (shield, storm) = (w.shelter_pawn[own], w.pawn_storm[enemy]);
            total.0 += sign * (shield.0 + storm.0);
            total.1 += sign * (shield.1 + storm.1);
        }
    }
    total
}

/// For each of the three files around `colour`'s king (b to d for a king on the a-file, f to
/// h on the h-file), the rank (counted from `colour`'s side) of the nearest own pawn level with
/// the king or in front of it, and of the nearest enemy pawn in front of it; 0 where there is
/// none.
fn shield_and_storm(board: &Board, colour: Colour) -> [(usize, usize); 3] {
    let king = to_64(board.king(colour));
    let centre = (king % 8).clamp(1, 6);
    let ahead = match colour {
        Colour::White => u64::MAX << (king & 56),
        Colour::Black => u64::MAX >> (56 - (king & 56)),
    };
    let (own, enemy) = (board.pawn_set(colour) & ahead, board.pawn_set(colour.flip()) & ahead);
    // The pawn of `set` on the file nearest the king's rank, as a rank from our side.
    let nearest = |set: u64| match (set, colour) {
        (0, _) => 0,
        (set, Colour::White) => relative_rank(colour, set.trailing_zeros() as usize),
        (set, Colour::Black) => relative_rank(colour, 63 - set.leading_zeros() as usize),
    };
    [centre - 1, centre, centre + 1].map(|f| {
        let file = FILE_A << f;
        (nearest(own & file), nearest(enemy & file))
    })
}

/// The shelter of one side's king: the number of files next to it without a pawn shield,
/// and of those, the files without an own pawn at all. (0, 0) once the king has left its
/// back ranks, where the piece-square table already penalises it.
fn king_shelter(board: &Board, colour: Colour) -> (i32, i32) {
    let king = board.king(colour);
    let own_rank = if colour == Colour::White { rank_of(king) } else { 7 - rank_of(king) };
    if own_rank > 1 {
        return (0, 0);
    }
    let pawns = board.pawn_set(colour);
    let (mut missing, mut open) = (0, 0);
    let file = file_of(king);
    for f in file.saturating_sub(1)..=(file + 1).min(7) {
        let file_set = FILE_A << f;
        // The two squares in front of the king on this file.
        let mut shield = 0u64;
        for step in 1..=2 {
            let r = if colour == Colour::White { rank_of(king) + step } else { rank_of(king).wrapping_sub(step) };
            if r < 8 {
                shield |= 1u64 << (r * 8 + f);
            }
        }
        if pawns & shield == 0 {
            missing += 1;
            if pawns & file_set == 0 {
                open += 1;
            }
        }
    }
    (missing, open)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::WEIGHTS as W;

    #[test]
    fn shield_storm_and_open_files() {
        // White's king on g1 behind f2 and g2, its h-pawn gone to h5; Black's king on g8 behind
        // f7 and h7. Ranks count from each side's own first rank (index 0 means no pawn).
        let board = Board::from_fen("6k1/5p1p/8/7P/8/8/5PP1/6K1 w - - 0 1").unwrap();
        // White's files f, g, h: own pawns on its 2nd, 2nd and 5th ranks; Black's f7 and h7
        // stand on White's 7th.
        assert_eq!(shield_and_storm(&board, Colour::White), [(1, 6), (1, 0), (4, 6)]);
        // Black's: f7 and h7 on its 2nd rank, no g-pawn; White's f2 and g2 on Black's 7th, and
        // the h5 pawn storming on Black's 4th.
        assert_eq!(shield_and_storm(&board, Colour::Black), [(1, 6), (0, 6), (1, 3)]);
        // Black's king lacks the g-pawn shield (and the g-file has no black pawn); White's
        // lacks the h-pawn (h3 is empty, and the h-file holds h5 further up, so it is not open).
        let (w_missing, w_open) = king_shelter(&board, Colour::White);
        let (b_missing, b_open) = king_shelter(&board, Colour::Black);
        assert_eq!((w_missing, w_open, b_missing, b_open), (1, 0, 1, 1));
        let table = |c| {
            shield_and_storm(&board, c).iter().fold((0, 0), |t, &(o, e)| {
                (t.0 + W.shelter_pawn[o].0 + W.pawn_storm[e].0, t.1 + W.shelter_pawn[o].1 + W.pawn_storm[e].1)
            })
        };
        let (white, black) = (table(Colour::White), table(Colour::Black));
        let expected = W.shelter_missing.0 - (W.shelter_missing.0 + W.shelter_open_file.0) + white.0 - black.0;
        assert_eq!(shelter_terms(&board, &W).0, expected);
    }
}
