//! Pawn moves: pushes, double steps, captures, promotions and en passant.

use super::list::MoveList;
use super::scope::Scope;
use crate::chess::board::Board;
use crate::chess::types::*;

/// Pushes one pawn move, expanding it into the scope's promotions when it reaches the last
/// rank; a move that does not promote is pushed if the scope wants it (`wanted`).
#[inline(always)]
fn push_pawn_move(list: &mut MoveList, scope: Scope, from: Square, to: Square, wanted: bool) {
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
    list: &mut MoveList,
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
