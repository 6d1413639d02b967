//! Pawn moves: pushes, double steps, captures, promotions and en passant.

use super::list::MoveSink;
use super::scope::Scope;
use crate::chess::board::Board;
use crate::chess::squareset::{pawn_attacks, SquareSet, FILE_A, FILE_H};
use crate::chess::types::*;

/// The number of legal moves of the pawns in `pawns`, none of them pinned and the king not
/// in check, each promotion counted four times (perft's last ply). The pawns move as one set:
/// a shift by a rank pushes them all.
pub(super) fn count_pawn_moves(board: &Board, pawns: SquareSet) -> usize {
    const LAST_RANKS: SquareSet = 0xFF00_0000_0000_00FF;
    let us = board.side();
    let white = us == Colour::White;
    let forward = |set: SquareSet| if white { set << 8 } else { set >> 8 };
    let empty = !board.occupied();
    let enemies = board.colour_set(us.flip());
    let third_rank: SquareSet = if white { 0xFF << 16 } else { 0xFF << 40 };
    let single = forward(pawns) & empty;
    let double = forward(single & third_rank) & empty;
    let west = forward(pawns & !FILE_A) >> 1 & enemies;
    let east = forward(pawns & !FILE_H) << 1 & enemies;
    let count = |set: SquareSet| ((set & !LAST_RANKS).count_ones() + 4 * (set & LAST_RANKS).count_ones()) as usize;
    let mut total = count(single) + double.count_ones() as usize + count(west) + count(east);
    let ep = board.ep_square();
    if ep != NO_SQUARE {
        let mut capturers = pawn_attacks(1 << to_64(ep), us.flip()) & pawns;
        while capturers != 0 {
            total += board.en_passant_is_legal(from_64(capturers.trailing_zeros() as usize), ep) as usize;
            capturers &= capturers - 1;
        }
    }
    total
}

/// Pushes one pawn move, expanding it into the scope's promotions when it reaches the last
/// rank; a move that does not promote is pushed if the scope wants it (`wanted`).
#[inline(always)]
fn push_pawn_move(list: &mut impl MoveSink, scope: Scope, from: Square, to: Square, wanted: bool) {
    if rank_of(to) == 0 || rank_of(to) == 7 {
        for &kind in scope.promotions() {
            list.push(Move::new(from, to, kind));
        }
    } else if wanted {
        list.push(Move::new(from, to, 0));
    }
}

/// Pawn pushes (single, double), captures, promotions and en passant for one pawn.
pub(super) fn generate_pawn_moves(
    board: &Board,
    list: &mut impl MoveSink,
    scope: Scope,
    from: Square,
    legal: &impl Fn(Square) -> bool,
) {
    let us = board.side();
    let forward = us.forward();
    let start_rank = if us == Colour::White { 1 } else { 6 };
    let one = from.wrapping_add_signed(forward);
    let promotes = rank_of(one) == 0 || rank_of(one) == 7;
    if board.piece_at(one) == EMPTY && (scope.quiet_moves() || promotes) {
        if legal(one) {
            push_pawn_move(list, scope, from, one, scope.quiet_moves());
        }
        let two = one.wrapping_add_signed(forward);
        if scope.quiet_moves() && rank_of(from) == start_rank && board.piece_at(two) == EMPTY && legal(two) {
            list.push(Move::new(from, two, 0));
        }
    }
    for side_step in [-1, 1] {
        let to = one.wrapping_add_signed(side_step);
        if !on_board(to) {
            continue;
        }
        let target = board.piece_at(to);
        if target != EMPTY && colour_of(target) != us {
            if legal(to) {
                push_pawn_move(list, scope, from, to, scope.captures());
            }
        } else if scope.captures() && to == board.ep_square() && board.en_passant_is_legal(from, to) {
            list.push(Move::new(from, to, 0));
        }
    }
}
