//! The generator itself: micro-Max's step vectors walked out on the 0x88 board, with the
//! restrictions of step 1 applied to every move (see the module comment of `movegen`).

use super::list::{MoveList, MoveSink};
use super::pawns::{count_pawn_moves, generate_pawn_moves};
use super::restrictions::{bit, restrictions, to_square_set, Restrictions};
use super::scope::Scope;
use crate::chess::attacks::{self, is_slider, ray_step, STEP_VECTORS};
use crate::chess::board::castling::{destinations, paths, right as castling_right, side_rights};
use crate::chess::board::Board;
use crate::chess::squareset::{
    self, bishop_attacks, king_attacks, knight_attacks, nearest_blocker, queen_attacks, rook_attacks, SquareSet,
};
use crate::chess::types::*;

/// A 0x88 step as (file step, rank step): 16 is one rank, and what is left over is the file
/// step (-2..=2 for the steps used here).
const fn step_parts(step: isize) -> (isize, isize) {
    let rank_step = (step + 8).div_euclid(16);
    (step - 16 * rank_step, rank_step)
}

/// The square-set direction (see `squareset`) of a 0x88 step between neighbouring squares.
const fn set_direction(step: isize) -> usize {
    let (file_step, rank_step) = step_parts(step);
    squareset::direction_of(file_step as i32, rank_step as i32)
}

/// `SET_DIRECTIONS[kind][i]`: the square-set direction of `STEP_VECTORS[kind][i]`, for sliders.
/// Read only for sliders and only as far as their step count; the other entries are unused.
static SET_DIRECTIONS: [[usize; 8]; 7] = {
    let mut table = [[0; 8]; 7];
    let mut kind = BISHOP;
    while kind <= QUEEN {
        let steps = STEP_VECTORS[kind as usize];
        let mut i = 0;
        while i < steps.len() {
            table[kind as usize][i] = set_direction(steps[i]);
            i += 1;
        }
        kind += 1;
    }
    table
};

/// The square-set index step (8 per rank) of a 0x88 step.
const fn index_step(step: isize) -> isize {
    let (file_step, rank_step) = step_parts(step);
    rank_step * 8 + file_step
}

// The knight's steps, as square-set index steps, strictly decrease (see `generate`).
const _: () = {
    let steps = STEP_VECTORS[KNIGHT as usize];
    let mut i = 1;
    while i < steps.len() {
        assert!(index_step(steps[i]) < index_step(steps[i - 1]));
        i += 1;
    }
};

/// The generator for one position, with its checks and pins worked out once, for a search
/// node that asks for its moves in stages: first whether the hash move is legal, then the
/// captures and promotions, and only if none of those cuts off, the quiet moves.
pub struct MoveGen<'a> {
    board: &'a Board,
    r: Restrictions,
}

impl<'a> MoveGen<'a> {
    /// Works out the checks and pins of the side to move.
    #[inline]
    pub fn new(board: &'a Board) -> MoveGen<'a> {
        MoveGen { board, r: restrictions(board, board.side(), board.king(board.side())) }
    }

    /// Whether `m` is legal. Only the moves of the piece on `m`'s from-square are generated,
    /// so the check is cheap and, being the generator itself, exactly as strict as it.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from();
        if !on_board(from)
            || self.board.piece_at(from) == EMPTY
            || colour_of(self.board.piece_at(from)) != self.board.side()
        {
            return false;
        }
        let mut list = MoveList::new();
        self.generate(&mut list, Scope::All, from);
        list.iter().any(|&legal| legal == m)
    }

    /// Appends the legal captures (including en passant) and promotions.
    pub fn noisy(&self, list: &mut MoveList) {
        self.generate(list, Scope::Noisy, NO_SQUARE);
    }

    /// Appends the legal moves that neither capture nor promote.
    pub fn quiet(&self, list: &mut MoveList) {
        self.generate(list, Scope::Quiet, NO_SQUARE);
    }
}

impl MoveGen<'_> {
    /// The legal-move generator. See the module comment for the method. With `only_from` set to a
    /// square, just the moves of the piece there are generated (NO_SQUARE: every piece).
    pub(super) fn generate<S: MoveSink>(&self, list: &mut S, scope: Scope, only_from: Square) {
        let board = self.board;
        let r = &self.r;
        let us = board.side();
        let them = us.flip();
        let king = board.king(us);
        let occupied = board.occupied();

        // Only counting and not in check: the pawns that are not pinned, all at once.
        let mut pawns_counted: SquareSet = 0;
        if r.checkers == 0 && scope == Scope::All && only_from == NO_SQUARE {
            if let Some(count) = list.counter() {
                pawns_counted = board.piece_set(us, PAWN) & !to_square_set(r.pinned);
                *count += count_pawn_moves(board, pawns_counted);
            }
        }

        // Pieces other than the king: none can move in double check.
        if r.checkers < 2 {
            for &s in &board.pieces(us)[1..] {
                let from = s as Square;
                if only_from != NO_SQUARE && from != only_from {
                    continue;
                }
                let piece = board.piece_at(from);
                // A move is legal if it answers any check and keeps any pin. (Most positions
                // have neither, and then no piece needs the test.)
                let pinned = r.pinned != 0 && r.pinned & bit(from) != 0;
                let restricted = r.checkers > 0 || pinned;
                let pin_step = if pinned { ray_step(from, king) } else { 0 };
                let legal = |to: Square| {
                    !restricted || (r.evasion & bit(to) != 0 && (pin_step == 0 || ray_step(to, king) == pin_step))
                };
                let kind = kind_of(piece);
                if kind == PAWN && !scope.quiet_moves() {
                    // Without quiet moves, a pawn that attacks no enemy piece nor the e.p.
                    // square, and is not about to promote, has nothing to add: skip it.
                    let sq64 = to_64(from);
                    let ep = board.ep_square();
                    let targets = board.colour_set(them) | if ep != NO_SQUARE { 1 << to_64(ep) } else { 0 };
                    let promotes = rank_of(from.wrapping_add_signed(us.forward())).is_multiple_of(7);
                    if squareset::pawn_attacks(1 << sq64, us) & targets == 0 && !promotes {
                        continue;
                    }
                }
                if kind == PAWN {
                    if pawns_counted & 1 << to_64(from) != 0 {
                        continue;
                    }
                    generate_pawn_moves(board, list, scope, from, &legal);
                    continue;
                }
                if !scope.quiet_moves() && is_slider(kind) {
                    // Captures only: a slider can capture just the first piece on each ray, which
                    // the square sets find without walking the empty squares before it.
                    let directions = &SET_DIRECTIONS[kind as usize][..STEP_VECTORS[kind as usize].len()];
                    for &direction in directions {
                        if let Some(blocker) = nearest_blocker(direction, to_64(from), occupied) {
                            let to = from_64(blocker);
                            if colour_of(board.piece_at(to)) == them && legal(to) {
                                list.push(Move::new(from, to, 0));
                            }
                        }
                    }
                    continue;
                }
                if kind == KNIGHT {
                    // The jumps in step-vector order land on ever lower squares (checked at
                    // compile time below), so the attack set read from the top down gives
                    // the moves in the same order as the step walk.
                    let captures = if scope.captures() { board.colour_set(them) } else { 0 };
                    let quiets = if scope.quiet_moves() { !occupied } else { 0 };
                    let mut targets = knight_attacks(to_64(from)) & (captures | quiets);
                    if !restricted {
                        list.push_targets(from, targets);
                        continue;
                    }
                    while targets != 0 {
                        let sq64 = 63 - targets.leading_zeros() as usize;
                        targets ^= 1 << sq64;
                        let to = from_64(sq64);
                        if legal(to) {
                            list.push(Move::new(from, to, 0));
                        }
                    }
                    continue;
                }
                if let (Some(count), false) = (list.counter(), restricted) {
                    // Only counting (perft's last ply): the slider's targets as one set.
                    let attacks = match kind {
                        BISHOP => bishop_attacks(to_64(from), occupied),
                        ROOK => rook_attacks(to_64(from), occupied),
                        _ => queen_attacks(to_64(from), occupied),
                    };
                    let quiets = if scope.quiet_moves() { !occupied } else { 0 };
                    *count += (attacks & (board.colour_set(them) | quiets)).count_ones() as usize;
                    continue;
                }
                for &step in STEP_VECTORS[kind as usize] {
                    let mut to = from.wrapping_add_signed(step);
                    while on_board(to) {
                        let target = board.piece_at(to);
                        if target != EMPTY && colour_of(target) == us {
                            break;
                        }
                        let wanted = if target != EMPTY { scope.captures() } else { scope.quiet_moves() };
                        if wanted && legal(to) {
                            list.push(Move::new(from, to, 0));
                        }
                        if target != EMPTY || !is_slider(kind) {
                            break;
                        }
                        to = to.wrapping_add_signed(step);
                    }
                }
            }
        }

        if only_from != NO_SQUARE && only_from != king {
            return;
        }
        // The king: never onto an attacked square, never back along a checking ray. Without
        // quiet moves, a king next to no enemy piece has none to add.
        if !scope.quiet_moves() && king_attacks(to_64(king)) & board.colour_set(them) == 0 {
            return;
        }
        for &step in STEP_VECTORS[KING as usize] {
            let to = king.wrapping_add_signed(step);
            if !on_board(to) {
                continue;
            }
            let target = board.piece_at(to);
            if target != EMPTY && colour_of(target) == us {
                continue;
            }
            if !(if target != EMPTY { scope.captures() } else { scope.quiet_moves() }) {
                continue;
            }
            if r.check_rays[..r.checkers.min(2)].contains(&step) || board.is_attacked(to, them) {
                continue;
            }
            list.push(Move::new(king, to, 0));
        }

        if scope.quiet_moves() && r.checkers == 0 && board.castling() & side_rights(us) != 0 {
            self.castling(list, king);
        }
    }

    /// Castling, in standard chess and Chess960 alike (see `board::castling`): every square the
    /// king or the rook crosses or lands on is empty but for those two pieces; the king is not
    /// in check (tested by the caller), crosses no attacked square, and is not in check once
    /// both pieces stand on their new squares (a castling rook may be pinned to its king along
    /// the rank, as in `4k3/8/8/8/8/8/8/rR2K1N1 w B - 0 1`, where b1 shields c1).
    #[inline(always)]
    fn castling<S: MoveSink>(&self, list: &mut S, king: Square) {
        let board = self.board;
        let us = board.side();
        let them = us.flip();
        let occupied = board.occupied();
        for kingside in [true, false] {
            let right = castling_right(us, kingside);
            if board.castling() & right == 0 {
                continue;
            }
            let rook = board.castling_rook(right);
            let (must_be_empty, king_path) = paths(king, rook);
            if occupied & must_be_empty != 0 {
                continue;
            }
            let (king_to, rook_to) = destinations(king, rook);
            let (kt, rt) = (to_64(king_to), to_64(rook_to));
            let mut crossed = king_path & !(1 << kt);
            let mut safe = true;
            while crossed != 0 && safe {
                safe = !board.is_attacked(from_64(crossed.trailing_zeros() as usize), them);
                crossed &= crossed - 1;
            }
            let after = occupied & !(1 << to_64(king) | 1 << to_64(rook)) | 1 << kt | 1 << rt;
            if safe && !attacks::is_attacked(kt, them, board.piece_sets(them), after) {
                list.push(Move::castling(king, rook));
            }
        }
    }
}
