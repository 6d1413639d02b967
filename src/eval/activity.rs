//! Piece activity, from White's point of view: *mobility* (how many squares each knight,
//! bishop, rook and queen can go to), *king attack* (how many of them bear on the squares
//! around the enemy king; the checks they could give are in `king_danger`), the threats
//! against the enemy's pieces (`threats`), passed pawns free to advance, the attacks on the
//! enemy king's flank and a flank without pawns, bishops on the long diagonals and rooks
//! trapped by their own king. All come from each piece's attack set (see `squareset`): the
//! squares the move generator's step-vector walk would reach, found with a few ANDs.
//!
//! A square counts towards mobility when it is empty or holds an enemy piece, and no enemy
//! pawn guards it: a piece that can only go where a pawn takes it is not really free. A
//! bishop looks through its own queens, and a rook through its own queens and rooks: a
//! battery's back piece bears on the squares beyond the front one.

use super::king_danger::king_danger;
use super::pawns::{ahead, is_passed, relative_rank};
use super::threats::{threat_terms, Attacks};
use super::weights::Weights;
use crate::chess::board::castling::side_rights;
use crate::chess::board::Board;
use crate::chess::squareset::{
    self, bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks, SquareSet, FILE_A,
};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// Percent of the summed weights that counts, by the number of attackers: one piece alone is
/// rarely a danger, while each extra attacker makes a breach more likely.
const KING_ATTACKERS_PERCENT: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];

/// The four centre squares, and the two long diagonals that cross them.
const CENTRE: SquareSet = 0x0000_0018_1800_0000;
const LONG_DIAGONALS: SquareSet = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
/// A side's camp, where its king shelters: its first five ranks.
const WHITE_CAMP: SquareSet = 0x0000_00FF_FFFF_FFFF;
const BLACK_CAMP: SquareSet = 0xFFFF_FFFF_FF00_0000;
/// A rook that can go to this few squares or fewer is trapped when its own king stands
/// between it and the centre.
const TRAPPED_ROOK_MOBILITY: u32 = 3;

/// The files of a king's flank, by the king's file: the wing it stands on (files a to d, c
/// to f or e to h), without the file furthest from it when it stands on an edge file.
fn flank(king_file: usize) -> SquareSet {
    let files = match king_file {
        0 => 0..=2,
        1 | 2 => 0..=3,
        3 | 4 => 2..=5,
        5 | 6 => 4..=7,
        _ => 5..=7,
    };
    files.fold(0, |set, f| set | FILE_A << f)
}

/// The king zone: the king's square and its neighbours.
fn king_zone(king: Square) -> SquareSet {
    let sq = to_64(king);
    1 << sq | king_attacks(sq)
}

/// Mobility, king attack and threats for both sides, White's view (the king attack is a
/// middlegame term only, and only for a side with a queen: without one an attack seldom
/// mates).
pub fn activity_terms(board: &Board, w: &Weights) -> Pair {
    let white = side_activity(board, Colour::White, w);
    let black = side_activity(board, Colour::Black, w);
    let (white_total, black_total) =
        (side_total(board, Colour::White, &white, &black, w), side_total(board, Colour::Black, &black, &white, w));
    (white_total.0 - black_total.0, white_total.1 - black_total.1)
}

/// One side's activity terms from its own point of view (`side` is its activity, `enemy` the
/// other side's).
#[inline(always)]
fn side_total(board: &Board, colour: Colour, side: &SideActivity, enemy: &SideActivity, w: &Weights) -> Pair {
    let threats = threat_terms(board, colour, &side.attacks, &enemy.attacks, w);
    let king = king_terms(board, colour, side, enemy, w);
    let (mut mg, mut eg) = (threats.0 + king.0 + side.mobility.0, threats.1 + king.1 + side.mobility.1);
    for (weight, n) in [(w.bishop_long_diagonal, side.long_diagonal), (w.rook_trapped, side.trapped_rooks)] {
        mg += weight.0 * n;
        eg += weight.1 * n;
    }
    if board.piece_set(colour, QUEEN) != 0 {
        let percent = KING_ATTACKERS_PERCENT[side.attackers.min(7)];
        mg += side.attack_weight.0 * percent / 100;
        eg += side.attack_weight.1 * percent / 100;
    }
    (mg, eg)
}

/// What one side's pieces do.
struct SideActivity {
    mobility: Pair,
    /// Pieces that reach the enemy king zone, and the sum of their weights.
    attackers: usize,
    attack_weight: Pair,
    /// Attacks on the squares of the enemy king zone, one per piece and square.
    zone_attacks: i32,
    /// The squares the side's pieces attack.
    attacks: Attacks,
    /// Bishops on a long diagonal that see two centre squares past the pawns.
    long_diagonal: i32,
    /// Rooks with little room on the far side of their own king, counted twice when the
    /// king can no longer castle (the rook cannot get out that way either).
    trapped_rooks: i32,
}

/// What `colour` earns for the danger to the enemy king, and for its passed pawns free to
/// advance or supported (`side` is its own activity, `enemy` the other side's).
fn king_terms(board: &Board, colour: Colour, side: &SideActivity, enemy: &SideActivity, w: &Weights) -> Pair {
    let them = colour.flip();
    let (ours, theirs) = (&side.attacks, &enemy.attacks);
    // The enemy king zone's squares we attack that only its king or queen defends, if anything.
    let defenders = theirs.by_kind[PAWN as usize..=ROOK as usize].iter().fold(0, |set, s| set | s);
    let weak = king_zone(board.king(them)) & ours.by_any & !defenders;
    // The enemy king's flank: the squares we attack there in its camp, and whether the flank
    // has no pawn of either side left to shield it.
    let flank = flank(file_of(board.king(them)));
    let camp = if them == Colour::White { WHITE_CAMP } else { BLACK_CAMP };
    let pawns = board.pawn_set(Colour::White) | board.pawn_set(Colour::Black);
    let passers = passer_counts(board, colour, ours, theirs);
    let counted = [
        (w.flank_attacks, (flank & camp & ours.by_any).count_ones() as i32),
        (w.pawnless_flank, (flank & pawns == 0) as i32),
        (w.passed_free, passers[0]),
        (w.passed_free_path, passers[1]),
        (w.passed_supported, passers[2]),
        (w.king_zone_attacks, side.zone_attacks),
        (w.weak_king_squares, weak.count_ones() as i32),
    ];
    let danger = king_danger(board, colour, &ours.by_kind, theirs.by_any, w);
    counted.iter().fold(danger, |total, &(weight, n)| (total.0 + weight.0 * n, total.1 + weight.1 * n))
}

/// `colour`'s passed pawns beyond the third rank, each counted by the ranks it has gone past
/// the third (`ours` and `theirs` are the two sides' attacks): those whose stop square is
/// empty and not attacked by the enemy, those whose whole path to promotion is, and those
/// whose stop square we attack.
fn passer_counts(board: &Board, colour: Colour, ours: &Attacks, theirs: &Attacks) -> [i32; 3] {
    let (own, their) = (board.pawn_set(colour), board.pawn_set(colour.flip()));
    let blocked = board.occupied() | theirs.by_any;
    let advanced = match colour {
        Colour::White => own & !0xFF_FFFF,
        Colour::Black => own & !(0xFF_FFFF << 40),
    };
    let mut counts = [0; 3];
    for sq in squareset::squares(advanced) {
        if !is_passed(colour, sq, their) {
            continue;
        }
        let advance = relative_rank(colour, sq) as i32 - 2;
        let stop = if colour == Colour::White { sq + 8 } else { sq - 8 };
        if blocked & 1 << stop == 0 {
            counts[0] += advance;
            if blocked & ahead(colour, sq) == 0 {
                counts[1] += advance;
            }
        }
        if ours.by_any & 1 << stop != 0 {
            counts[2] += advance;
        }
    }
    counts
}

fn side_activity(board: &Board, colour: Colour, w: &Weights) -> SideActivity {
    let them = colour.flip();
    let guarded = squareset::pawn_attacks(board.pawn_set(them), them);
    let zone = king_zone(board.king(them));
    let occupied = board.occupied();
    // Squares a piece may go to: empty, or holding an enemy piece.
    let open = !board.colour_set(colour);
    let mut attacks = Attacks::of_pawns_and_king(board, colour);
    let (mut mobility, mut attack_weight) = ((0, 0), (0, 0));
    let (mut attackers, mut zone_attacks) = (0, 0);
    // One piece of `kind` attacking `attacks`, its mobility weights by count in `table`.
    // Returns the number of squares it counts for mobility.
    let mut piece = |kind: Kind, set: SquareSet, table: &[Pair]| {
        attacks.add(kind, set);
        let reach = set & open;
        let squares = (reach & !guarded).count_ones();
        let (mg, eg) = table[squares as usize];
        mobility = (mobility.0 + mg, mobility.1 + eg);
        zone_attacks += (reach & zone).count_ones() as i32;
        if reach & zone != 0 {
            attackers += 1;
            let (mg, eg) = w.king_attack[kind as usize];
            attack_weight = (attack_weight.0 + mg, attack_weight.1 + eg);
        }
        squares
    };
    for sq in squareset::squares(board.piece_set(colour, KNIGHT)) {
        piece(KNIGHT, knight_attacks(sq), &w.mobility_knight);
    }
    let pawns = board.pawn_set(Colour::White) | board.pawn_set(Colour::Black);
    let queens = board.piece_set(colour, QUEEN);
    let mut long_diagonal = 0;
    for sq in squareset::squares(board.piece_set(colour, BISHOP)) {
        piece(BISHOP, bishop_attacks(sq, occupied ^ queens), &w.mobility_bishop);
        if LONG_DIAGONALS & 1 << sq != 0 && (bishop_attacks(sq, pawns) & CENTRE).count_ones() >= 2 {
            long_diagonal += 1;
        }
    }
    let king_file = file_of(board.king(colour));
    let castled_out = (board.castling() & side_rights(colour) == 0) as i32;
    let mut trapped_rooks = 0;
    let rooks = board.piece_set(colour, ROOK);
    for sq in squareset::squares(rooks) {
        let squares = piece(ROOK, rook_attacks(sq, occupied ^ queens ^ rooks), &w.mobility_rook);
        if squares <= TRAPPED_ROOK_MOBILITY && (king_file < 4) == (sq % 8 < king_file) {
            trapped_rooks += 1 + castled_out;
        }
    }
    for sq in squareset::squares(queens) {
        piece(QUEEN, queen_attacks(sq, occupied), &w.mobility_queen);
    }
    SideActivity { mobility, attackers, attack_weight, zone_attacks, attacks, long_diagonal, trapped_rooks }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::threats::push_threats;
    use crate::eval::weights::WEIGHTS as W;

    /// The engine's weights without the terms that count in almost every position (the king's
    /// flank, the checks that the enemy guards and the squares both sides contest), for tests
    /// of the other terms.
    fn without_flanks() -> Weights {
        Weights { flank_attacks: (0, 0), pawnless_flank: (0, 0), unsafe_check: (0, 0), restricted: (0, 0), ..W }
    }

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
        assert_eq!(activity_terms(&board, &without_flanks()), W.mobility_knight[3]);
    }

    #[test]
    fn threats_and_king_terms_are_counted() {
        // White's pawn on d4 forks Black's knights on c5 and e5, its bishop on b7 attacks the
        // rook on a8 and its knight on f3 the queen on h4 and the knight on e5. None of the
        // four black pieces is defended, so all four hang.
        let board = Board::from_fen("r5k1/1B6/8/2n1n3/3P3q/5N2/8/6K1 w - - 0 1").unwrap();
        let w = &without_flanks();
        let white = side_activity(&board, Colour::White, w);
        let black = side_activity(&board, Colour::Black, w);
        let s = |p: Pair, n: i32| (p.0 * n, p.1 * n);
        let sum = |terms: &[Pair]| terms.iter().fold((0, 0), |a, p| (a.0 + p.0, a.1 + p.1));
        let threats = sum(&[
            s(w.threat_by_pawn, 2),
            w.threat_by_minor[ROOK as usize],
            w.threat_by_minor[KNIGHT as usize],
            w.threat_by_minor[QUEEN as usize],
            s(w.hanging, 4),
        ]);
        assert_eq!(threat_terms(&board, Colour::White, &white.attacks, &black.attacks, w), threats);
        // The bishop could also check from d5, which nothing of Black's guards, and the d4
        // pawn is passed, one rank past the third, with its stop square d5 free and guarded by
        // the bishop; its path on to d8 is not free (Black's rook and king guard d8).
        let king = sum(&[w.safe_check[BISHOP as usize], w.passed_free, w.passed_supported]);
        assert_eq!(king_terms(&board, Colour::White, &white, &black, w), king);
    }

    #[test]
    fn passers_free_to_run_or_supported() {
        // White's d5 pawn is passed, two ranks past the third; nothing stands on or guards
        // d6, d7 or d8.
        let board = Board::from_fen("7k/8/8/3P4/8/8/8/K7 w - - 0 1").unwrap();
        let (white, black) = (side_activity(&board, Colour::White, &W), side_activity(&board, Colour::Black, &W));
        assert_eq!(passer_counts(&board, Colour::White, &white.attacks, &black.attacks), [2, 2, 0]);
        // Black's king on c8 guards d7 and d8 (not d6), and White's king on e5 guards the stop
        // square.
        let board = Board::from_fen("2k5/8/8/3PK3/8/8/8/8 w - - 0 1").unwrap();
        let (white, black) = (side_activity(&board, Colour::White, &W), side_activity(&board, Colour::Black, &W));
        assert_eq!(passer_counts(&board, Colour::White, &white.attacks, &black.attacks), [2, 0, 2]);
    }

    #[test]
    fn push_threats_and_safe_checks() {
        // White's e4 pawn can go to e5 (guarded by the d4 pawn, attacked by nothing) and
        // attack the knight on f6 and the bishop on d6; the c2 pawn could go to c4, but the
        // b5 pawn guards it. White's rook on a1 could check from a8, and its knight on g5 from
        // f7, neither of them guarded by Black; the knight's other check, from g6, is out of
        // its reach.
        let board = Board::from_fen("7k/8/3b1n2/1p4N1/3PP3/8/2P5/R5K1 w - - 0 1").unwrap();
        let white = side_activity(&board, Colour::White, &W);
        let black = side_activity(&board, Colour::Black, &W);
        let push = push_threats(&board, Colour::White, &white.attacks, &black.attacks);
        let targets = board.piece_set(Colour::Black, KNIGHT) | board.piece_set(Colour::Black, BISHOP);
        assert_eq!((push & targets).count_ones(), 2);
        let terms = king_terms(&board, Colour::White, &white, &black, &W);
        let without_checks = {
            let mut w = W;
            w.safe_check[ROOK as usize] = (0, 0);
            king_terms(&board, Colour::White, &white, &black, &w)
        };
        assert_eq!(terms.0 - without_checks.0, W.safe_check[ROOK as usize].0);
        let without_knight = {
            let mut w = W;
            w.safe_check[KNIGHT as usize] = (0, 0);
            king_terms(&board, Colour::White, &white, &black, &w)
        };
        assert_eq!(terms.0 - without_knight.0, W.safe_check[KNIGHT as usize].0);
    }

    #[test]
    fn attackers_of_the_king_zone_are_counted() {
        // White's queen on h5 (eyeing h7) and knight on g5 (f7, h7) bear on the squares
        // around Black's king; the rook on a1 does not.
        let board = Board::from_fen("6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 w - - 0 1").unwrap();
        let white = side_activity(&board, Colour::White, &W);
        assert_eq!(white.attackers, 2);
        assert_eq!(white.attack_weight.0, W.king_attack[QUEEN as usize].0 + W.king_attack[KNIGHT as usize].0);
        let black = side_activity(&board, Colour::Black, &W);
        assert_eq!(black.attackers, 0);
        // The queen reaches f7 and h7 (through g6), the knight f7 and h7: four attacks on the
        // zone, on two squares that only Black's king defends.
        assert_eq!(white.zone_attacks, 4);
        let with = king_terms(&board, Colour::White, &white, &black, &W);
        let mut w = W;
        w.weak_king_squares = (0, 0);
        let without = king_terms(&board, Colour::White, &white, &black, &w);
        assert_eq!(with.0 - without.0, 2 * W.weak_king_squares.0);
    }

    #[test]
    fn a_king_flank_without_pawns_is_counted_and_attacked() {
        // Black's king on g8 with no pawn on files e to h; White's queen on h5 attacks the
        // flank's squares in Black's camp (ranks 4 to 8).
        let board = Board::from_fen("6k1/ppp5/8/7Q/8/8/PPP5/1K6 w - - 0 1").unwrap();
        let mut w = Weights::zero();
        w.pawnless_flank = (1, 2);
        assert_eq!(activity_terms(&board, &w), (1, 2), "Black's flank only: White's king flank has pawns");
        let mut w = Weights::zero();
        w.flank_attacks = (1, 0);
        let queen = queen_attacks(39, board.occupied()) & flank(6) & BLACK_CAMP;
        assert!(queen.count_ones() >= 8);
        let (white, _) = activity_terms(&board, &w);
        assert_eq!(white, queen.count_ones() as i32);
    }

    #[test]
    fn a_bishop_on_the_long_diagonal_and_a_trapped_rook() {
        // White's bishop on b2 sees d4 and e5; Black's rook on h8 beside its king on g8 has
        // no square to go to and no castling rights: trapped, counted twice.
        let board = Board::from_fen("5nkr/5ppp/8/8/8/8/1B3PPP/6K1 w - - 0 1").unwrap();
        let mut w = Weights::zero();
        w.bishop_long_diagonal = (1, 2);
        assert_eq!(activity_terms(&board, &w), (1, 2));
        let mut w = Weights::zero();
        w.rook_trapped = (1, 2);
        assert_eq!(activity_terms(&board, &w), (-2, -4));
    }
}
