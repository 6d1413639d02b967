//! Step 1 of generation: the checkers, the pinned pieces and the squares that answer a
//! check, worked out from the king's square before any move is looked at.

use crate::chess::attacks::ray_step;
use crate::chess::board::Board;
use crate::chess::squareset::{self, knight_attacks, SquareSet};
use crate::chess::types::*;

/// Everything the generator works out about the king before it looks at any move.
pub(super) struct Restrictions {
    /// Squares a non-king move may land on: all, or those that answer a single check.
    pub(super) evasion: u128,
    /// Our pieces that are pinned to our king.
    pub(super) pinned: u128,
    /// Number of pieces giving check.
    pub(super) checkers: usize,
    /// For up to two checking sliders, their step towards the king: the king may not retreat
    /// along it, because the square behind the king is covered once the king leaves.
    pub(super) check_rays: [isize; 2],
}

#[inline(always)]
pub(super) const fn bit(sq: Square) -> u128 {
    1u128 << sq
}

/// A set of 0x88 squares (as `bit` makes them) as a square set (bit `sq64`).
pub(super) fn to_square_set(mut bits: u128) -> SquareSet {
    let mut set = 0;
    while bits != 0 {
        set |= 1 << to_64(bits.trailing_zeros() as Square);
        bits &= bits - 1;
    }
    set
}

/// Step 1: checkers, pins and the evasion mask.
pub(super) fn restrictions(board: &Board, us: Colour, king: Square) -> Restrictions {
    let mut r = Restrictions { evasion: !0, pinned: 0, checkers: 0, check_rays: [0; 2] };
    let them = us.flip();
    let k = to_64(king);
    // Knights and pawns can only check, from the squares a knight or a pawn of ours on the
    // king's square would attack.
    let contact = knight_attacks(k) & board.piece_set(them, KNIGHT)
        | squareset::pawn_attacks(1 << k, us) & board.piece_set(them, PAWN);
    for sq in squareset::squares(contact) {
        r.checkers += 1;
        r.evasion = if r.checkers == 1 { bit(from_64(sq)) } else { 0 };
    }
    // Sliders that would reach the king on an empty board: each checks, pins one of our
    // pieces, or is blocked.
    let queens = board.piece_set(them, QUEEN);
    let snipers = squareset::rook_lines(k) & (board.piece_set(them, ROOK) | queens)
        | squareset::bishop_lines(k) & (board.piece_set(them, BISHOP) | queens);
    for sq in squareset::squares(snipers) {
        let from = from_64(sq);
        // Walk from the slider to the king, noting what stands between.
        let step = ray_step(king, from);
        let mut ray = bit(from);
        let mut blocker = NO_SQUARE;
        let mut sq = from.wrapping_add_signed(step);
        while sq != king {
            if board.piece_at(sq) != EMPTY {
                if blocker != NO_SQUARE {
                    blocker = king; // two blockers: neither check nor pin
                    break;
                }
                blocker = sq;
            }
            ray |= bit(sq);
            sq = sq.wrapping_add_signed(step);
        }
        if blocker == NO_SQUARE {
            if r.checkers < 2 {
                r.check_rays[r.checkers] = step;
            }
            r.checkers += 1;
            r.evasion = if r.checkers == 1 { ray } else { 0 };
        } else if blocker != king && colour_of(board.piece_at(blocker)) == us {
            r.pinned |= bit(blocker);
        }
    }
    r
}
