//! Attack tests: does a piece, or any piece of a side, attack a square?
//!
//! Two tools answer it. micro-Max's 0x88 *attack table*, indexed by the difference of two
//! squares, says at once whether a piece of some kind could attack one square from the other
//! and along which step: the generator takes the step between a slider and the king from it
//! to walk a possible pin, and FEN checking counts checkers with it. Square sets (see
//! `squareset`) answer "is this square attacked by that side?" from the square's point of
//! view, which the king's moves, castling and every check test ask.

use super::{is_slider, STEP_VECTORS};
use crate::board::Board;
use crate::squareset::{
    self, bishop_attacks, bishop_lines, king_attacks, knight_attacks, rook_attacks, rook_lines, SquareSet,
};
use crate::types::*;

/// The attack-table bit of a black pawn; kinds use bit `1 << kind` (white pawn is `1 << 1`).
const BLACK_PAWN_BIT: u8 = 1 << 7;

/// The attack-table bit of a coloured piece.
#[inline(always)]
pub(super) const fn attack_bit(piece: Piece) -> u8 {
    if piece == make_piece(Colour::Black, PAWN) {
        BLACK_PAWN_BIT
    } else {
        1 << kind_of(piece)
    }
}

/// Offset that turns a 0x88 difference `target - origin` (-119..=119) into a table index.
const DELTA_OFFSET: usize = 119;

/// `ATTACKS[target - origin + 119]`: the set of piece bits that could attack `target` from
/// `origin` on an empty board. `RAY_STEP` at the same index is the unit step from origin
/// towards target when the two lie on a line, else 0. The 0x88 layout makes the difference of
/// two squares identify their geometric relation uniquely, so these 239-entry tables replace
/// any per-square attack lists.
pub(super) static ATTACKS: [u8; 239] = build_attacks().0;
pub(super) static RAY_STEP: [i8; 239] = build_attacks().1;

const fn build_attacks() -> ([u8; 239], [i8; 239]) {
    let mut attacks = [0u8; 239];
    let mut steps = [0i8; 239];
    let mut kind = KNIGHT;
    while kind <= KING {
        let vectors = STEP_VECTORS[kind as usize];
        let mut i = 0;
        while i < vectors.len() {
            let step = vectors[i];
            let reach = if is_slider(kind) { 7 } else { 1 };
            let mut n = 1;
            while n <= reach {
                let index = (DELTA_OFFSET as isize + step * n) as usize;
                attacks[index] |= 1 << kind;
                if is_slider(kind) {
                    steps[index] = step as i8;
                }
                n += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    // Pawns capture one diagonal step forward.
    attacks[DELTA_OFFSET + 15] |= 1 << PAWN;
    attacks[DELTA_OFFSET + 17] |= 1 << PAWN;
    attacks[DELTA_OFFSET - 15] |= BLACK_PAWN_BIT;
    attacks[DELTA_OFFSET - 17] |= BLACK_PAWN_BIT;
    (attacks, steps)
}

/// Table index of the difference between two squares.
#[inline(always)]
pub(super) fn delta(target: Square, origin: Square) -> usize {
    target + DELTA_OFFSET - origin
}

/// The unit step from `origin` towards `target` if they share a line, else 0.
#[inline(always)]
pub fn ray_step(target: Square, origin: Square) -> isize {
    RAY_STEP[delta(target, origin)] as isize
}

/// Whether the piece on `from` attacks `target` on this board (sliders must see it).
pub fn piece_attacks(board: &Board, from: Square, target: Square) -> bool {
    let piece = board.piece_at(from);
    let d = delta(target, from);
    if ATTACKS[d] & attack_bit(piece) == 0 {
        return false;
    }
    if !is_slider(kind_of(piece)) {
        return true;
    }
    let step = RAY_STEP[d] as isize;
    let mut sq = from.wrapping_add_signed(step);
    while sq != target {
        if board.piece_at(sq) != EMPTY {
            return false;
        }
        sq = sq.wrapping_add_signed(step);
    }
    true
}

/// Whether any piece of `by` attacks `target`. Asked from the target's side with square
/// sets: a knight of `by` attacks it exactly when it stands on a square a knight on `target`
/// would attack, and so on for each kind, the sliders seeing up to the first piece.
pub fn is_attacked(board: &Board, target: Square, by: Colour) -> bool {
    let sq = to_64(target);
    let occupied = board.occupied();
    let set = |kind| board.piece_set(by, kind);
    // The squares a pawn of `by` attacks `target` from: those a pawn of the other colour on
    // `target` would attack.
    let pawn_origins = squareset::pawn_attacks(1 << sq, by.flip());
    knight_attacks(sq) & set(KNIGHT) != 0
        || pawn_origins & set(PAWN) != 0
        || king_attacks(sq) & set(KING) != 0
        || sliders_attack(bishop_lines(sq), set(BISHOP) | set(QUEEN), || bishop_attacks(sq, occupied))
        || sliders_attack(rook_lines(sq), set(ROOK) | set(QUEEN), || rook_attacks(sq, occupied))
}

/// Whether any of `sliders` attacks the square whose empty-board `lines` and real
/// `attacks` are given; the real attacks are worked out only if a slider is on a line.
#[inline(always)]
fn sliders_attack(lines: SquareSet, sliders: SquareSet, attacks: impl Fn() -> SquareSet) -> bool {
    lines & sliders != 0 && attacks() & sliders != 0
}
