//! Static exchange evaluation (SEE): the material result of the exchange a capture starts on
//! its square, when both sides keep recapturing with their least valuable piece and either
//! may stop when continuing would lose. It looks at one square only, so it is cheap and
//! blind to pins and checks; the search uses it to order captures and to skip, in
//! quiescence, captures that lose material.
//!
//! Sliders behind other pieces join in as the pieces in front are used up ("x-rays"): the
//! attacker search treats the squares already vacated in the exchange as empty. It asks the
//! square sets which pieces of each kind reach the square, cheapest kind first.

use crate::chess::board::Board;
use crate::chess::squareset::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks, SquareSet,
};
use crate::chess::types::*;
use crate::chess::values::EXCHANGE_VALUE;

/// The square of `side`'s least valuable piece that attacks `target`, skipping pieces
/// already used (in `vacated`, which also count as empty for the sliders behind them).
/// Of several pieces of the cheapest kind, the first in the side's piece list.
fn least_valuable_attacker(board: &Board, target: Square, side: Colour, vacated: SquareSet) -> Option<Square> {
    let t = to_64(target);
    let occupied = board.occupied() & !vacated;
    for kind in PAWN..=KING {
        let pieces = board.piece_set(side, kind) & !vacated;
        if pieces == 0 {
            continue;
        }
        let reach = match kind {
            // The squares a pawn of `side` attacks `target` from are those a pawn of the
            // other colour on `target` would attack.
            PAWN => pawn_attacks(1 << t, side.flip()),
            KNIGHT => knight_attacks(t),
            BISHOP => bishop_attacks(t, occupied),
            ROOK => rook_attacks(t, occupied),
            QUEEN => queen_attacks(t, occupied),
            _ => king_attacks(t),
        };
        let attackers = reach & pieces;
        if attackers.is_power_of_two() {
            return Some(from_64(attackers.trailing_zeros() as usize));
        }
        if attackers != 0 {
            return board.pieces(side).iter().map(|&s| s as Square).find(|&sq| attackers & 1 << to_64(sq) != 0);
        }
    }
    None
}

/// The exchange value of move `m` for the side making it, in centipawns (0 for a quiet move
/// that cannot be taken back, negative when the piece would be lost for less).
pub fn see(board: &Board, m: Move) -> i32 {
    exchange(board, m, least_valuable_attacker)
}

/// [`see`], with the attacker search passed in (the tests pass a mailbox walk).
fn exchange(
    board: &Board,
    m: Move,
    least_valuable_attacker: impl Fn(&Board, Square, Colour, SquareSet) -> Option<Square>,
) -> i32 {
    let (from, to) = (m.from(), m.to());
    let mover = board.piece_at(from);
    let captured_value = EXCHANGE_VALUE[board.captured_kind(m) as usize];
    // gains[i]: the material balance after the i-th capture, from the first mover's view.
    let mut gains = [0i32; 32];
    gains[0] = captured_value;
    let mut on_square = if m.promotion() != 0 {
        EXCHANGE_VALUE[m.promotion() as usize]
    } else {
        EXCHANGE_VALUE[kind_of(mover) as usize]
    };
    let mut vacated: SquareSet = 1 << to_64(from);
    let mut side = colour_of(mover).flip();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some(attacker) = least_valuable_attacker(board, to, side, vacated) else { break };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = EXCHANGE_VALUE[kind_of(board.piece_at(attacker)) as usize];
        vacated |= 1 << to_64(attacker);
        side = side.flip();
    }
    // Either side may stand pat instead of recapturing: fold back from the end.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::attacks::{ray_step, STEP_VECTORS};
    use crate::chess::notation::parse_uci_move;
    use crate::chess::testing::random_walk;

    /// Whether the piece on `from` attacks `target` when the squares in `vacated` are empty.
    fn attacks_through(board: &Board, from: Square, target: Square, vacated: SquareSet) -> bool {
        let piece = board.piece_at(from);
        let kind = kind_of(piece);
        let step = ray_step(target, from);
        match kind {
            PAWN => {
                let forward = colour_of(piece).forward();
                target == from.wrapping_add_signed(forward - 1) || target == from.wrapping_add_signed(forward + 1)
            }
            KNIGHT | KING => STEP_VECTORS[kind as usize].iter().any(|&s| from.wrapping_add_signed(s) == target),
            _ => {
                let diagonal = step.unsigned_abs() == 15 || step.unsigned_abs() == 17;
                let fits = match kind {
                    BISHOP => diagonal,
                    ROOK => step != 0 && !diagonal,
                    _ => step != 0,
                };
                if !fits {
                    return false;
                }
                let mut sq = from.wrapping_add_signed(step);
                while sq != target {
                    if board.piece_at(sq) != EMPTY && vacated & 1 << to_64(sq) == 0 {
                        return false;
                    }
                    sq = sq.wrapping_add_signed(step);
                }
                true
            }
        }
    }

    /// The attacker search as a walk over the piece list and the mailbox (the first version).
    fn reference_least_valuable_attacker(
        board: &Board,
        target: Square,
        side: Colour,
        vacated: SquareSet,
    ) -> Option<Square> {
        let mut best: Option<(i32, Square)> = None;
        for &s in board.pieces(side) {
            let from = s as Square;
            if vacated & 1 << to_64(from) != 0 || from == target {
                continue;
            }
            let value = EXCHANGE_VALUE[kind_of(board.piece_at(from)) as usize];
            if best.is_some_and(|(v, _)| v <= value) {
                continue;
            }
            if attacks_through(board, from, target, vacated) {
                best = Some((value, from));
            }
        }
        best.map(|(_, sq)| sq)
    }

    /// Along random playouts, the set-based attacker search picks the same piece as the
    /// mailbox walk, at every step of every capture's exchange.
    #[test]
    fn square_sets_agree_with_the_mailbox_walk() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12",
            "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
        ];
        let mut rng = crate::chess::rng::Rng::new(0x5EE);
        let mut compared = 0;
        for fen in starts {
            random_walk(fen, 150, &mut rng, |board, moves, _| {
                // Each attacker chosen along each capture's exchange, including which of two
                // pieces of one kind goes first (that decides which x-ray opens).
                let checked = |b: &Board, target: Square, side: Colour, vacated: SquareSet| {
                    let found = least_valuable_attacker(b, target, side, vacated);
                    let expected = reference_least_valuable_attacker(b, target, side, vacated);
                    assert_eq!(found, expected, "{} {target} {side:?} {vacated:x}", b.to_fen());
                    found
                };
                for &m in moves.iter().filter(|m| board.piece_at(m.to()) != EMPTY) {
                    exchange(board, m, checked);
                    compared += 1;
                }
                // And the first attacker of every square, for both sides.
                for sq in (0..64).map(from_64) {
                    for side in [Colour::White, Colour::Black] {
                        checked(board, sq, side, 0);
                    }
                }
            });
        }
        assert!(compared > 500, "only {compared} captures compared");
    }

    fn see_of(fen: &str, text: &str) -> i32 {
        let board = Board::from_fen(fen).unwrap();
        see(&board, parse_uci_move(&board, text).unwrap())
    }

    #[test]
    fn exchanges() {
        let [_, pawn, knight, _, rook, queen, _] = EXCHANGE_VALUE;
        // A free pawn.
        assert_eq!(see_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), pawn);
        // Pawn defended by a pawn, taken by a knight: lose the knight for a pawn.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5"), pawn - knight);
        // Rook takes a pawn defended by a rook, with a second rook behind (x-ray): wins a pawn.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), pawn);
        // Queen takes a rook defended by a pawn: loses the queen for the rook.
        assert_eq!(see_of("4k3/2p5/3r4/8/8/8/3Q4/4K3 w - - 0 1", "d2d6"), rook - queen);
    }
}
