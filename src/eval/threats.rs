//! Threats against the enemy's pieces, from the attacking side's point of view: which of them
//! our pieces attack, by attacker and victim; which hang; which a pawn push would attack;
//! where the enemy's pieces are hemmed in by our attacks; and from where our knights and
//! sliders could attack the enemy queen next move.
//!
//! A square is *strongly protected* by the enemy when one of its pawns guards it, or two of
//! its pieces do and we attack it fewer than twice: taking there loses material. An enemy
//! piece we attack that is not strongly protected is *weak*.
//!
//! The terms and their hand-set starting weights follow the shapes of Stockfish's classical
//! evaluation (its published source, before its network took over); the weights the engine
//! uses are fitted on our own games by `tune`.

use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{self, bishop_attacks, knight_attacks, rook_attacks, SquareSet};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// The squares one side's pieces attack.
pub(super) struct Attacks {
    /// By the side's pieces of each kind (index by kind; the king's too).
    pub by_kind: [SquareSet; 7],
    /// By anything of the side's.
    pub by_any: SquareSet,
    /// By at least two of the side's pieces.
    pub by_two: SquareSet,
}

impl Attacks {
    /// The attacks of a side's pawns and king, before its pieces are added with [`Attacks::add`].
    pub fn of_pawns_and_king(board: &Board, colour: Colour) -> Attacks {
        let pawns = board.pawn_set(colour);
        let by_pawns = squareset::pawn_attacks(pawns, colour);
        let by_king = squareset::king_attacks(to_64(board.king(colour)));
        let mut by_kind = [0; 7];
        by_kind[PAWN as usize] = by_pawns;
        by_kind[KING as usize] = by_king;
        let by_two = squareset::pawn_double_attacks(pawns, colour) | (by_pawns & by_king);
        Attacks { by_kind, by_any: by_pawns | by_king, by_two }
    }

    /// A side's attacks computed the plain way, every piece's attack set added in turn and
    /// stopped by the first piece on each line, for tests.
    #[cfg(test)]
    pub fn of_board(board: &Board, colour: Colour) -> Attacks {
        let occupied = board.occupied();
        let mut attacks = Attacks::of_pawns_and_king(board, colour);
        for kind in [KNIGHT, BISHOP, ROOK, QUEEN] {
            for sq in squareset::squares(board.piece_set(colour, kind)) {
                let set = match kind {
                    KNIGHT => knight_attacks(sq),
                    BISHOP => bishop_attacks(sq, occupied),
                    ROOK => rook_attacks(sq, occupied),
                    _ => bishop_attacks(sq, occupied) | rook_attacks(sq, occupied),
                };
                attacks.add(kind, set);
            }
        }
        attacks
    }

    /// One more piece of `kind`, attacking `attacks`.
    #[inline(always)]
    pub fn add(&mut self, kind: Kind, attacks: SquareSet) {
        self.by_kind[kind as usize] |= attacks;
        self.by_two |= self.by_any & attacks;
        self.by_any |= attacks;
    }
}

/// What `colour` earns for its threats against the enemy's pieces (`side` holds its attacks,
/// `enemy` the enemy's): each enemy piece counts once per kind of threat it is under, and the
/// contested squares and the squares from which to attack the queen count once each.
pub(super) fn threat_terms(board: &Board, colour: Colour, side: &Attacks, enemy: &Attacks, w: &Weights) -> Pair {
    let them = colour.flip();
    let set = |kind: Kind| board.piece_set(them, kind);
    let pieces = board.colour_set(them) & !set(KING);
    let non_pawn = pieces & !set(PAWN);
    let strongly_protected = enemy.by_kind[PAWN as usize] | (enemy.by_two & !side.by_two);
    let weak = pieces & !strongly_protected & side.by_any;
    // A minor attacking a defended piece still gains something (the piece must move or stay
    // tied), but a strongly protected pawn is no target.
    let minor_targets = (non_pawn & strongly_protected) | weak;
    let by_minors = side.by_kind[KNIGHT as usize] | side.by_kind[BISHOP as usize];
    let (mut mg, mut eg) = (0, 0);
    let mut add = |(weight_mg, weight_eg): Pair, set: SquareSet| {
        let n = set.count_ones() as i32;
        mg += weight_mg * n;
        eg += weight_eg * n;
    };
    add(w.threat_by_pawn, non_pawn & side.by_kind[PAWN as usize]);
    for kind in PAWN..=QUEEN {
        add(w.threat_by_minor[kind as usize], set(kind) & minor_targets & by_minors);
        add(w.threat_by_rook[kind as usize], set(kind) & weak & side.by_kind[ROOK as usize]);
    }
    add(w.threat_by_king, weak & side.by_kind[KING as usize]);
    // Weak and undefended, or a piece we attack twice: it will be lost.
    add(w.hanging, weak & (!enemy.by_any | (non_pawn & side.by_two)));
    add(w.weak_queen_protection, weak & enemy.by_kind[QUEEN as usize]);
    // Squares the enemy attacks but cannot hold against our attacks: its pieces' room shrinks.
    add(w.restricted, enemy.by_any & !strongly_protected & side.by_any);
    add(w.threat_by_push, non_pawn & push_threats(board, colour, side, enemy));
    let queens = set(QUEEN);
    if queens.count_ones() == 1 {
        let queen = queens.trailing_zeros() as usize;
        let safe = !board.colour_set(colour) & !strongly_protected;
        add(w.knight_on_queen, knight_attacks(queen) & side.by_kind[KNIGHT as usize] & safe);
        let occupied = board.occupied();
        // The sliders' sets see through their own queen (see `activity`), so the queen and a
        // bishop or rook behind it make a square attacked twice, as a battery does.
        let sliders = (bishop_attacks(queen, occupied) & side.by_kind[BISHOP as usize])
            | (rook_attacks(queen, occupied) & side.by_kind[ROOK as usize]);
        add(w.slider_on_queen, sliders & safe & side.by_two);
    }
    (mg, eg)
}

/// The squares `colour`'s pawns would attack after a safe push: one step onto an empty square
/// (or two from the pawn's first rank, over an empty one) that no enemy pawn guards and that
/// we defend at least as well as they attack it (by anything at all, or by nothing).
pub(super) fn push_threats(board: &Board, colour: Colour, side: &Attacks, enemy: &Attacks) -> SquareSet {
    let empty = !board.occupied();
    let pawns = board.pawn_set(colour);
    let (one, two) = match colour {
        Colour::White => {
            let one = (pawns << 8) & empty;
            (one, ((one & 0xFF << 16) << 8) & empty)
        }
        Colour::Black => {
            let one = (pawns >> 8) & empty;
            (one, ((one & 0xFF << 40) >> 8) & empty)
        }
    };
    let safe = (one | two) & !enemy.by_kind[PAWN as usize] & (side.by_any | !enemy.by_any);
    squareset::pawn_attacks(safe, colour)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(fen: &str, w: &Weights) -> Pair {
        let board = Board::from_fen(fen).unwrap();
        let (white, black) = (Attacks::of_board(&board, Colour::White), Attacks::of_board(&board, Colour::Black));
        threat_terms(&board, Colour::White, &white, &black, w)
    }

    #[test]
    fn squares_attacked_twice() {
        // White's pawns on b2, c2 and e2, its king on d2.
        let board = Board::from_fen("4k3/8/8/8/8/8/1PPKP3/8 w - - 0 1").unwrap();
        let a = Attacks::of_board(&board, Colour::White);
        assert_eq!(a.by_two & 1 << 19, 1 << 19, "d3: the c2 and e2 pawns (and the king)");
        assert_eq!(a.by_two & 1 << 18, 1 << 18, "c3: the b2 pawn and the king");
        assert_eq!(a.by_two & 1 << 16, 0, "a3: the b2 pawn alone");
    }

    #[test]
    fn minors_and_rooks_threaten_by_victim() {
        // White's knight on d5 attacks the undefended rook on c7 and the pawn on b6, which
        // the a7 pawn defends.
        let fen = "7k/p1r5/1p6/3N4/8/8/8/6K1 w - - 0 1";
        let mut w = Weights::zero();
        w.threat_by_minor[ROOK as usize] = (1, 0);
        w.threat_by_minor[PAWN as usize] = (0, 1);
        assert_eq!(terms(fen, &w), (1, 0), "the rook, not the defended pawn");
        // Without the a7 pawn the b6 pawn is weak and counts.
        assert_eq!(terms("7k/2r5/1p6/3N4/8/8/8/6K1 w - - 0 1", &w), (1, 1));
        // A rook threatens only weak pieces: not the knight on b6 that a pawn defends.
        let mut w = Weights::zero();
        w.threat_by_rook[KNIGHT as usize] = (1, 1);
        assert_eq!(terms("7k/2p5/1n6/8/8/8/8/1R4K1 w - - 0 1", &w), (0, 0), "defended by a pawn");
        assert_eq!(terms("7k/8/1n6/8/8/8/8/1R4K1 w - - 0 1", &w), (1, 1), "undefended");
        // Defended once by a piece and attacked once, a piece is still weak.
        assert_eq!(terms("1r5k/8/1n6/8/8/8/8/1R4K1 w - - 0 1", &w), (1, 1));
    }

    #[test]
    fn hanging_weak_queen_protection_and_the_queen() {
        // Black's knight on e5 is undefended and attacked by White's rook on e1: it hangs.
        let mut w = Weights::zero();
        w.hanging = (1, 0);
        assert_eq!(terms("7k/8/8/4n3/8/8/8/4R1K1 w - - 0 1", &w), (1, 0));
        // Defended by the queen on e8 alone, it is weak, and protected only by the queen.
        let mut w = Weights::zero();
        w.weak_queen_protection = (1, 0);
        assert_eq!(terms("4q2k/8/8/4n3/8/8/8/4R1K1 w - - 0 1", &w), (1, 0));
        // White's knight on c3 reaches b5 and d5, two of the squares from which a knight
        // would attack the queen on c7, and Black guards neither.
        let mut w = Weights::zero();
        w.knight_on_queen = (1, 0);
        assert_eq!(terms("7k/2q5/8/8/8/2N5/8/6K1 w - - 0 1", &w), (2, 0));
    }
}
