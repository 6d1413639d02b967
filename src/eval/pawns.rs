//! Pawn-structure terms: doubled, isolated and passed pawns. All from White's point of view.

use super::Pair;
use crate::board::Board;
use crate::types::*;

/// Penalty for each pawn beyond the first on a file.
const DOUBLED_PAWN: Pair = (-10, -20);
/// Penalty for a pawn with no friendly pawn on either neighbouring file.
const ISOLATED_PAWN: Pair = (-12, -15);
/// Bonus for a passed pawn (no enemy pawn ahead on its own or a neighbouring file), by its
/// rank counted from its own side (index 1 = home rank). It grows steeply: a pawn near
/// promotion ties down a piece, and in the endgame it may simply run.
const PASSED_PAWN: [Pair; 8] = [
    (0, 0),
    (0, 0),    // never: a pawn on its home rank is handled like rank 2
    (5, 10),   // 2nd rank
    (8, 15),   // 3rd
    (15, 30),  // 4th
    (30, 55),  // 5th
    (55, 100), // 6th
    (85, 150), // 7th
];

/// Per side and file: the rank (0..8, from White's side) of the pawn nearest its own side and
/// of the most advanced one, or None.
struct PawnFiles {
    /// `[colour][file]` = (lowest rank, highest rank) of that side's pawns, in White's ranks.
    span: [[Option<(usize, usize)>; 8]; 2],
}

impl PawnFiles {
    fn new(board: &Board) -> PawnFiles {
        let mut span = [[None; 8]; 2];
        for colour in [Colour::White, Colour::Black] {
            for &sq in board.pieces(colour) {
                let sq = sq as Square;
                if kind_of(board.piece_at(sq)) == PAWN {
                    let (f, r) = (file_of(sq), rank_of(sq));
                    let entry: &mut Option<(usize, usize)> = &mut span[colour.index()][f];
                    *entry = Some(entry.map_or((r, r), |(lo, hi)| (lo.min(r), hi.max(r))));
                }
            }
        }
        PawnFiles { span }
    }

    /// Whether the pawn of `colour` on (`file`, `rank`) has no enemy pawn ahead on its own
    /// or a neighbouring file.
    fn is_passed(&self, colour: Colour, file: usize, rank: usize) -> bool {
        let enemy = &self.span[colour.flip().index()];
        (file.saturating_sub(1)..=(file + 1).min(7)).all(|f| match (colour, enemy[f]) {
            (_, None) => true,
            (Colour::White, Some((_, hi))) => hi <= rank,
            (Colour::Black, Some((lo, _))) => lo >= rank,
        })
    }
}

/// The pawn terms, White's point of view: (doubled + isolated, passed).
pub fn pawn_terms(board: &Board) -> (Pair, Pair) {
    let files = PawnFiles::new(board);
    let mut structure = (0, 0);
    let mut passed = (0, 0);
    for (colour, sign) in [(Colour::White, 1), (Colour::Black, -1)] {
        let counts = board.pawn_files(colour);
        for f in 0..8 {
            let n = counts[f] as i32;
            if n == 0 {
                continue;
            }
            structure.0 += sign * DOUBLED_PAWN.0 * (n - 1);
            structure.1 += sign * DOUBLED_PAWN.1 * (n - 1);
            let left = f > 0 && counts[f - 1] > 0;
            let right = f < 7 && counts[f + 1] > 0;
            if !left && !right {
                structure.0 += sign * ISOLATED_PAWN.0 * n;
                structure.1 += sign * ISOLATED_PAWN.1 * n;
            }
        }
        for &sq in board.pieces(colour) {
            let sq = sq as Square;
            if kind_of(board.piece_at(sq)) != PAWN {
                continue;
            }
            let (f, r) = (file_of(sq), rank_of(sq));
            if files.is_passed(colour, f, r) {
                let own_rank = if colour == Colour::White { r } else { 7 - r };
                let (mg, eg) = PASSED_PAWN[own_rank];
                passed.0 += sign * mg;
                passed.1 += sign * eg;
            }
        }
    }
    (structure, passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passed_pawns_are_recognised() {
        // White's d5 pawn is passed (no black pawn on c, d or e ahead); its a2 pawn is not.
        let board = Board::from_fen("4k3/p7/8/3P4/8/8/P7/4K3 w - - 0 1").unwrap();
        let files = PawnFiles::new(&board);
        assert!(files.is_passed(Colour::White, 3, 4));
        assert!(!files.is_passed(Colour::White, 0, 1));
        assert!(!files.is_passed(Colour::Black, 0, 6), "the a2 pawn stands in front of a7");
        let (_, passed) = pawn_terms(&board);
        assert_eq!(passed, PASSED_PAWN[4]);
    }
}
