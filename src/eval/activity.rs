//! Piece activity, from White's point of view: *mobility* (how many squares each knight,
//! bishop, rook and queen can go to), *king attack* (how many of them bear on the squares
//! around the enemy king) and *threats* (enemy pieces attacked by cheaper ones, or attacked and
//! not defended). All come from each piece's attack set (see `squareset`): the squares the
//! move generator's step-vector walk would reach, found with a few ANDs.
//!
//! A square counts towards mobility when it is empty or holds an enemy piece, and no enemy
//! pawn guards it: a piece that can only go where a pawn takes it is not really free.

use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{
    self, bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks, SquareSet,
};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// Squares a piece of each kind typically reaches in the middlegame; mobility is scored
/// relative to it, so a piece on an average square is worth its material.
const TYPICAL_MOBILITY: [i32; 7] = [0, 0, 4, 6, 6, 12, 0];

/// Percent of the summed weights that counts, by the number of attackers: one piece alone is
/// rarely a danger, while each extra attacker makes a breach more likely.
const KING_ATTACKERS_PERCENT: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];

/// The king zone: the king's square and its neighbours.
fn king_zone(king: Square) -> SquareSet {
    let sq = to_64(king);
    1 << sq | king_attacks(sq)
}

/// Mobility, king attack and threats for both sides, White's view (the king attack is a
/// middlegame term only, and only for a side with a queen: without one an attack seldom
/// mates).
pub fn activity_terms(board: &Board, w: &Weights) -> Pair {
    let sides = [side_activity(board, Colour::White, w), side_activity(board, Colour::Black, w)];
    let mut total = (0, 0);
    for (colour, sign) in [(Colour::White, 1), (Colour::Black, -1)] {
        let side = &sides[colour.index()];
        let threats = threat_terms(board, colour, side, &sides[colour.flip().index()], w);
        total.0 += sign * threats.0;
        total.1 += sign * threats.1;
        total.0 += sign * side.mobility.0;
        total.1 += sign * side.mobility.1;
        if board.piece_set(colour, QUEEN) != 0 {
            let percent = KING_ATTACKERS_PERCENT[side.attackers.min(7)];
            total.0 += sign * side.attack_weight.0 * percent / 100;
            total.1 += sign * side.attack_weight.1 * percent / 100;
        }
    }
    total
}

/// What one side's pieces do.
struct SideActivity {
    mobility: Pair,
    /// Pieces that reach the enemy king zone, and the sum of their weights.
    attackers: usize,
    attack_weight: Pair,
    /// Squares attacked by the side's pawns, by its knights and bishops, by its rooks, and
    /// by anything (the king included).
    by_pawns: SquareSet,
    by_minors: SquareSet,
    by_rooks: SquareSet,
    by_any: SquareSet,
}

/// What `colour` earns for attacking the enemy's pieces (`side` is its own activity, `enemy`
/// the other side's): each enemy piece counts once per kind of threat it is under.
fn threat_terms(board: &Board, colour: Colour, side: &SideActivity, enemy: &SideActivity, w: &Weights) -> Pair {
    let them = colour.flip();
    let set = |kind| board.piece_set(them, kind);
    let (minors, majors, queens) = (set(KNIGHT) | set(BISHOP), set(ROOK) | set(QUEEN), set(QUEEN));
    let pieces = minors | majors;
    let counts = [
        (w.threat_by_pawn, pieces & side.by_pawns),
        (w.threat_by_minor, majors & side.by_minors),
        (w.threat_by_rook, queens & side.by_rooks),
        (w.hanging, pieces & side.by_any & !enemy.by_any),
    ];
    counts.iter().fold((0, 0), |total, (weight, targets)| {
        let n = targets.count_ones() as i32;
        (total.0 + weight.0 * n, total.1 + weight.1 * n)
    })
}

fn side_activity(board: &Board, colour: Colour, w: &Weights) -> SideActivity {
    let them = colour.flip();
    let guarded = squareset::pawn_attacks(board.pawn_set(them), them);
    let zone = king_zone(board.king(them));
    let occupied = board.occupied();
    // Squares a piece may go to: empty, or holding an enemy piece.
    let open = !board.colour_set(colour);
    let by_pawns = squareset::pawn_attacks(board.pawn_set(colour), colour);
    let mut side = SideActivity {
        mobility: (0, 0),
        attackers: 0,
        attack_weight: (0, 0),
        by_pawns,
        by_minors: 0,
        by_rooks: 0,
        by_any: by_pawns | king_attacks(to_64(board.king(colour))),
    };
    for kind in KNIGHT..=QUEEN {
        let (mobility_mg, mobility_eg) = w.mobility[kind as usize];
        for sq in squareset::squares(board.piece_set(colour, kind)) {
            let attacks = match kind {
                KNIGHT => knight_attacks(sq),
                BISHOP => bishop_attacks(sq, occupied),
                ROOK => rook_attacks(sq, occupied),
                _ => queen_attacks(sq, occupied),
            };
            match kind {
                KNIGHT | BISHOP => side.by_minors |= attacks,
                ROOK => side.by_rooks |= attacks,
                _ => {}
            }
            side.by_any |= attacks;
            let reach = attacks & open;
            let squares = (reach & !guarded).count_ones() as i32 - TYPICAL_MOBILITY[kind as usize];
            side.mobility = (side.mobility.0 + mobility_mg * squares, side.mobility.1 + mobility_eg * squares);
            if reach & zone != 0 {
                side.attackers += 1;
                let (mg, eg) = w.king_attack[kind as usize];
                side.attack_weight = (side.attack_weight.0 + mg, side.attack_weight.1 + eg);
            }
        }
    }
    side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::WEIGHTS as W;

    #[test]
    fn symmetric_positions_score_zero() {
        let board = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3").unwrap();
        assert_eq!(activity_terms(&board, &W), (0, 0));
    }

    #[test]
    fn a_free_rook_beats_a_boxed_one() {
        // White's rook on the open d-file; Black's rook boxed in by its own pieces.
        let board = Board::from_fen("6kr/6pp/8/8/8/8/6PP/3R2K1 w - - 0 1").unwrap();
        let (mg, eg) = activity_terms(&board, &W);
        assert!(mg > 0 && eg > 0, "{mg} {eg}");
    }

    #[test]
    fn pawn_guarded_squares_do_not_count() {
        // The knight on a3 reaches b5, c4, c2 and b1; Black's pawns on a6 and c6 guard b5.
        let board = Board::from_fen("4k3/8/p1p5/8/8/N7/8/4K3 w - - 0 1").unwrap();
        let free = 3 - TYPICAL_MOBILITY[KNIGHT as usize];
        assert_eq!(
            activity_terms(&board, &W),
            (W.mobility[KNIGHT as usize].0 * free, W.mobility[KNIGHT as usize].1 * free)
        );
    }

    #[test]
    fn threats_are_counted() {
        // White's pawn on d4 forks Black's knights on c5 and e5, its bishop on b7 attacks the
        // rook on a8 and its knight on f3 the queen on h4 (and e5). None of the four black
        // pieces is defended, so all four hang.
        let board = Board::from_fen("r5k1/1B6/8/2n1n3/3P3q/5N2/8/6K1 w - - 0 1").unwrap();
        let white = side_activity(&board, Colour::White, &W);
        let black = side_activity(&board, Colour::Black, &W);
        let (w, s) = (&W, |p: Pair, n: i32| (p.0 * n, p.1 * n));
        let expected = [s(w.threat_by_pawn, 2), s(w.threat_by_minor, 2), s(w.hanging, 4)]
            .iter()
            .fold((0, 0), |a, p| (a.0 + p.0, a.1 + p.1));
        assert_eq!(threat_terms(&board, Colour::White, &white, &black, &W), expected);
    }

    #[test]
    fn attackers_of_the_king_zone_are_counted() {
        // White's queen on h5 (eyeing h7) and knight on g5 (f7, h7) bear on the squares
        // around Black's king; the rook on a1 does not.
        let board = Board::from_fen("6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        let white = side_activity(&board, Colour::White, &W);
        assert_eq!(white.attackers, 2);
        assert_eq!(white.attack_weight.0, W.king_attack[QUEEN as usize].0 + W.king_attack[KNIGHT as usize].0);
        assert_eq!(side_activity(&board, Colour::Black, &W).attackers, 0);
    }
}
