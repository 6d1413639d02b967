//! Move generation on the 0x88 board: micro-Max's step vectors, made exactly legal.
//!
//! micro-Max generates pseudo-legal moves and discovers an illegal one only when the reply
//! captures the king. Here every generated move is legal, which is what perft counts and what
//! lets the search trust its move count for mate and stalemate. The method:
//!
//! 1. Find the checkers and the pinned pieces. Knights and pawns that check stand where a
//!    knight or pawn on the king's square would attack (a square-set lookup each). A slider
//!    matters only if it stands on a line through the king; for each such slider, walk the
//!    0x88 ray between it and the king (its step from the *ray-step table*): nothing between
//!    is a check, exactly one of our pieces between is a pin.
//! 2. In double check only the king moves. In single check the other pieces may only land on
//!    the checker or between it and the king (the *evasion mask*).
//! 3. A pinned piece may only move along the line through its king.
//! 4. The king never steps onto an attacked square, nor backwards along a checking ray.
//! 5. En passant, the one move that removes a piece from a square it does not land on, is
//!    tried on a scratch copy of the board.

mod attacks;

use attacks::{delta, RAY_STEP};
pub use attacks::{is_attacked, piece_attacks, ray_step};

use crate::board::{Board, BLACK_KINGSIDE, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_QUEENSIDE};
use crate::squareset::{self, king_attacks, knight_attacks, nearest_blocker};
use crate::types::*;

/// Step vectors per kind, one row each (micro-Max's step-vector list). A slider repeats its
/// steps until it is blocked; the knight and king take each step once. Pawns are handled
/// apart: their direction depends on colour and they capture differently from how they push.
pub const STEP_VECTORS: [&[isize]; 7] = [
    &[],                                   // (no piece)
    &[],                                   // pawn: see generate_pawn_moves
    &[33, 31, 18, 14, -14, -18, -31, -33], // knight: the eight L-shaped jumps
    &[17, 15, -15, -17],                   // bishop: the four diagonals
    &[16, -16, 1, -1],                     // rook: up, down, right, left
    &[16, -16, 1, -1, 17, 15, -15, -17],   // queen: rook and bishop steps
    &[16, -16, 1, -1, 17, 15, -15, -17],   // king: the queen's steps, one at a time
];

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

/// True for the kinds that repeat their step.
#[inline(always)]
pub const fn is_slider(kind: Kind) -> bool {
    matches!(kind, BISHOP | ROOK | QUEEN)
}

/// A list of moves on the stack. 256 exceeds the most legal moves any position has (218).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList { moves: [Move::NONE; 256], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Empties the list (its storage is reused).
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering).
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

/// What a call to the generator should produce.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Every legal move.
    All,
    /// Legal captures and queen promotions (quiescence search).
    Tactical,
    /// Legal captures and promotions to every kind: the first stage of a search node.
    Noisy,
    /// The other legal moves (neither capture nor promotion): the second stage. `Noisy` and
    /// `Quiet` together are `All`, each in the order `All` gives its moves.
    Quiet,
}

impl Scope {
    /// Whether captures (including en passant) are wanted.
    #[inline(always)]
    fn captures(self) -> bool {
        self != Scope::Quiet
    }

    /// Whether moves that neither capture nor promote are wanted.
    #[inline(always)]
    fn quiet_moves(self) -> bool {
        matches!(self, Scope::All | Scope::Quiet)
    }

    /// The promotions wanted, best first.
    #[inline(always)]
    fn promotions(self) -> &'static [Kind] {
        match self {
            Scope::All | Scope::Noisy => &PROMOTIONS,
            Scope::Tactical => &PROMOTIONS[..1],
            Scope::Quiet => &[],
        }
    }
}

/// Every legal move in the position, appended to `list`.
pub fn generate_legal(board: &Board, list: &mut MoveList) {
    MoveGen::new(board).generate(list, Scope::All, NO_SQUARE);
}

/// Whether `m` is one of the legal moves of the position (for moves from outside or from the
/// transposition table). See [`MoveGen::is_legal`].
pub fn is_legal(board: &Board, m: Move) -> bool {
    MoveGen::new(board).is_legal(m)
}

/// Legal captures (including en passant) and promotions to a queen, appended to `list`.
pub fn generate_tactical(board: &Board, list: &mut MoveList) {
    MoveGen::new(board).generate(list, Scope::Tactical, NO_SQUARE);
}

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

/// Everything the generator works out about the king before it looks at any move.
struct Restrictions {
    /// Squares a non-king move may land on: all, or those that answer a single check.
    evasion: u128,
    /// Our pieces that are pinned to our king.
    pinned: u128,
    /// Number of pieces giving check.
    checkers: usize,
    /// For up to two checking sliders, their step towards the king: the king may not retreat
    /// along it, because the square behind the king is covered once the king leaves.
    check_rays: [isize; 2],
}

#[inline(always)]
const fn bit(sq: Square) -> u128 {
    1u128 << sq
}

/// Step 1: checkers, pins and the evasion mask.
fn restrictions(board: &Board, us: Colour, king: Square) -> Restrictions {
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
        let step = RAY_STEP[delta(king, from)] as isize;
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

impl MoveGen<'_> {
    /// The legal-move generator. See the module comment for the method. With `only_from` set to a
    /// square, just the moves of the piece there are generated (NO_SQUARE: every piece).
    fn generate(&self, list: &mut MoveList, scope: Scope, only_from: Square) {
        let board = self.board;
        let r = &self.r;
        let us = board.side();
        let them = us.flip();
        let king = board.king(us);
        let occupied = board.occupied();

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
                    let promotes = rank_of(from.wrapping_add_signed(us.forward())) % 7 == 0;
                    if squareset::pawn_attacks(1 << sq64, us) & targets == 0 && !promotes {
                        continue;
                    }
                }
                if kind == PAWN {
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
            if r.check_rays[..r.checkers.min(2)].contains(&step) || is_attacked(board, to, them) {
                continue;
            }
            list.push(Move::new(king, to, 0));
        }

        // Castling: not out of, through, or into check; the squares between must be empty.
        if scope.quiet_moves() && r.checkers == 0 {
            let (kingside, queenside) =
                if us == Colour::White { (WHITE_KINGSIDE, WHITE_QUEENSIDE) } else { (BLACK_KINGSIDE, BLACK_QUEENSIDE) };
            let rights = board.castling();
            let free = |sq: Square| board.piece_at(sq) == EMPTY;
            let safe = |sq: Square| !is_attacked(board, sq, them);
            if rights & kingside != 0 && free(king + 1) && free(king + 2) && safe(king + 1) && safe(king + 2) {
                list.push(Move::new(king, king + 2, 0));
            }
            if rights & queenside != 0
                && free(king - 1)
                && free(king - 2)
                && free(king - 3)
                && safe(king - 1)
                && safe(king - 2)
            {
                list.push(Move::new(king, king - 2, 0));
            }
        }
    }
}

/// Promotion kinds, best first, so move ordering sees the queen before the knight.
const PROMOTIONS: [Kind; 4] = [QUEEN, KNIGHT, ROOK, BISHOP];

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
fn generate_pawn_moves(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn legal_moves(fen: &str) -> Vec<String> {
        let board = Board::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&board, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| m.to_uci()).collect();
        v.sort();
        v
    }

    #[test]
    fn start_position_has_twenty_moves() {
        assert_eq!(legal_moves(crate::board::START_FEN).len(), 20);
    }

    #[test]
    fn castling_never_through_check() {
        // The black rook on f8 covers f1: no kingside castling; queenside is fine.
        let moves = legal_moves("2k2r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(!moves.contains(&"e1g1".to_string()));
        assert!(moves.contains(&"e1c1".to_string()));
        // b1 attacked does not stop queenside castling: the king never crosses b1.
        let moves = legal_moves("1r1k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(moves.contains(&"e1c1".to_string()));
    }

    #[test]
    fn king_cannot_retreat_along_check_ray() {
        let moves = legal_moves("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
        assert!(!moves.contains(&"e1f1".to_string()));
        assert!(moves.contains(&"e1e2".to_string()));
    }

    #[test]
    fn pinned_piece_moves_along_pin_only() {
        // The bishop on d2 is pinned by the b4 bishop... along the a5-e1 diagonal.
        let moves = legal_moves("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
        let bishop: Vec<_> = moves.iter().filter(|m| m.starts_with("d2")).collect();
        assert_eq!(bishop, vec!["d2b4", "d2c3"]);
    }

    #[test]
    fn tactical_moves_are_captures_and_promotions() {
        let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let mut list = MoveList::new();
        generate_tactical(&board, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| m.to_uci()).collect();
        v.sort();
        assert_eq!(v, vec!["b7b8q", "e4d5"]);
    }
}
