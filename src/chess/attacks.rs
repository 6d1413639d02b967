//! Attacks: how the pieces move and what they attack, asked without a board.
//!
//! * micro-Max's *step vectors*, one row per kind, which the move generator walks out on the
//!   0x88 mailbox;
//! * the 0x88 *ray-step table*: indexed by the difference of two squares, it gives the unit
//!   step from one to the other when they share a line. The 0x88 layout makes that difference
//!   identify the squares' geometric relation uniquely, so one 239-entry table serves every
//!   square. The generator walks the ray between a slider and the king with it to find pins;
//! * "is this square attacked?", asked from the square's point of view with square sets (see
//!   `squareset`): a knight attacks it exactly when it stands where a knight on the square
//!   would attack, and so on for each kind, the sliders seeing up to the first piece. The
//!   board passes in its per-kind sets; the king's moves, castling and every check test ask.

use super::squareset::{
    self, bishop_attacks, bishop_lines, king_attacks, knight_attacks, rook_attacks, rook_lines, SquareSet,
};
use super::types::*;

/// Step vectors per kind, one row each (micro-Max's step-vector list). A slider repeats its
/// steps until it is blocked; the knight and king take each step once. Pawns are handled
/// apart: their direction depends on colour and they capture differently from how they push.
pub const STEP_VECTORS: [&[isize]; 7] = [
    &[],                                   // (no piece)
    &[],                                   // pawn: see the generator's pawn moves
    &[33, 31, 18, 14, -14, -18, -31, -33], // knight: the eight L-shaped jumps
    &[17, 15, -15, -17],                   // bishop: the four diagonals
    &[16, -16, 1, -1],                     // rook: up, down, right, left
    &[16, -16, 1, -1, 17, 15, -15, -17],   // queen: rook and bishop steps
    &[16, -16, 1, -1, 17, 15, -15, -17],   // king: the queen's steps, one at a time
];

/// True for the kinds that repeat their step.
#[inline(always)]
pub const fn is_slider(kind: Kind) -> bool {
    matches!(kind, BISHOP | ROOK | QUEEN)
}

/// Offset that turns a 0x88 difference `target - origin` (-119..=119) into a table index.
const DELTA_OFFSET: usize = 119;

/// `RAY_STEP[target - origin + 119]`: the unit step from origin towards target when the two
/// lie on a line (rank, file or diagonal), else 0.
static RAY_STEP: [i8; 239] = {
    let mut steps = [0i8; 239];
    let vectors = STEP_VECTORS[QUEEN as usize];
    let mut i = 0;
    while i < vectors.len() {
        let mut n = 1;
        while n <= 7 {
            steps[(DELTA_OFFSET as isize + vectors[i] * n) as usize] = vectors[i] as i8;
            n += 1;
        }
        i += 1;
    }
    steps
};

/// The unit step from `origin` towards `target` if they share a line, else 0.
#[inline(always)]
pub fn ray_step(target: Square, origin: Square) -> isize {
    RAY_STEP[target + DELTA_OFFSET - origin] as isize
}

/// A side's pieces as square sets, indexed by kind (index 0 unused): what an attack test
/// needs to know of a position besides the occupied squares.
pub type PieceSets = [SquareSet; 8];

/// Whether any piece of `by` (its sets are `pieces`) attacks the square `target` (0..64),
/// with `occupied` blocking the sliders.
#[inline(always)]
pub fn is_attacked(target: usize, by: Colour, pieces: &PieceSets, occupied: SquareSet) -> bool {
    let queens = pieces[QUEEN as usize];
    // The squares a pawn of `by` attacks `target` from: those a pawn of the other colour on
    // `target` would attack.
    knight_attacks(target) & pieces[KNIGHT as usize] != 0
        || squareset::pawn_attacks(1 << target, by.flip()) & pieces[PAWN as usize] != 0
        || king_attacks(target) & pieces[KING as usize] != 0
        || sliders_attack(bishop_lines(target), pieces[BISHOP as usize] | queens, || bishop_attacks(target, occupied))
        || sliders_attack(rook_lines(target), pieces[ROOK as usize] | queens, || rook_attacks(target, occupied))
}

/// Every piece of `by` that attacks the square `target` (0..64), as a set.
pub fn attackers(target: usize, by: Colour, pieces: &PieceSets, occupied: SquareSet) -> SquareSet {
    let queens = pieces[QUEEN as usize];
    knight_attacks(target) & pieces[KNIGHT as usize]
        | squareset::pawn_attacks(1 << target, by.flip()) & pieces[PAWN as usize]
        | king_attacks(target) & pieces[KING as usize]
        | bishop_attacks(target, occupied) & (pieces[BISHOP as usize] | queens)
        | rook_attacks(target, occupied) & (pieces[ROOK as usize] | queens)
}

/// Whether any of `sliders` attacks the square whose empty-board `lines` and real
/// `attacks` are given; the real attacks are worked out only if a slider is on a line.
#[inline(always)]
fn sliders_attack(lines: SquareSet, sliders: SquareSet, attacks: impl Fn() -> SquareSet) -> bool {
    lines & sliders != 0 && attacks() & sliders != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rng::Rng;
    use crate::chess::squareset::queen_attacks;

    /// The attack set of a piece walked square by square on the 0x88 mailbox, micro-Max's
    /// way, with `occupied` (bit `sq64`) blocking.
    fn mailbox_attacks(occupied: SquareSet, from: Square, kind: Kind) -> SquareSet {
        let mut set = 0;
        for &step in STEP_VECTORS[kind as usize] {
            let mut to = from.wrapping_add_signed(step);
            while on_board(to) {
                set |= 1 << to_64(to);
                if occupied & 1 << to_64(to) != 0 || !is_slider(kind) {
                    break;
                }
                to = to.wrapping_add_signed(step);
            }
        }
        set
    }

    #[test]
    fn attack_sets_match_the_mailbox_walk() {
        let mut rng = Rng::new(0xA77A_C4ED);
        for _ in 0..200 {
            let occupied = rng.next_u64() & rng.next_u64();
            for sq64 in 0..64 {
                let sq = from_64(sq64);
                assert_eq!(knight_attacks(sq64), mailbox_attacks(occupied, sq, KNIGHT), "N {sq64}");
                assert_eq!(king_attacks(sq64), mailbox_attacks(occupied, sq, KING), "K {sq64}");
                assert_eq!(bishop_attacks(sq64, occupied), mailbox_attacks(occupied, sq, BISHOP), "B {sq64}");
                assert_eq!(rook_attacks(sq64, occupied), mailbox_attacks(occupied, sq, ROOK), "R {sq64}");
                assert_eq!(queen_attacks(sq64, occupied), mailbox_attacks(occupied, sq, QUEEN), "Q {sq64}");
            }
        }
    }

    #[test]
    fn ray_steps_join_squares_on_a_line() {
        let (a1, h8, b3) = (square(0, 0), square(7, 7), square(1, 2));
        assert_eq!(ray_step(h8, a1), 17);
        assert_eq!(ray_step(a1, h8), -17);
        assert_eq!(ray_step(square(0, 7), a1), 16);
        assert_eq!(ray_step(b3, a1), 0, "a knight's jump is no line");
    }

    #[test]
    fn attackers_and_is_attacked_agree() {
        let mut rng = Rng::new(0x5EED_A77A);
        for _ in 0..500 {
            // Pieces of one side on about a quarter of the squares, one kind per square, and
            // random blockers.
            let mut pieces: PieceSets = [0; 8];
            for sq in 0..64 {
                let kind = 1 + rng.below(24);
                if kind <= KING as usize {
                    pieces[kind] |= 1 << sq;
                }
            }
            let occupied = pieces.iter().fold(rng.next_u64() & rng.next_u64(), |all, &set| all | set);
            let by = if rng.below(2) == 0 { Colour::White } else { Colour::Black };
            for target in 0..64 {
                let set = attackers(target, by, &pieces, occupied);
                assert_eq!(set != 0, is_attacked(target, by, &pieces, occupied));
                for from in squareset::squares(set) {
                    let kind = (PAWN..=KING).find(|&k| pieces[k as usize] & 1 << from != 0).unwrap();
                    let reach = if kind == PAWN {
                        squareset::pawn_attacks(1 << from, by)
                    } else {
                        mailbox_attacks(occupied, from_64(from), kind)
                    };
                    assert!(reach & 1 << target != 0, "{kind} on {from} does not reach {target}");
                }
            }
        }
    }
}
