//! Static exchange evaluation (SEE): the material result of the exchange a capture starts on
//! its square, when both sides keep recapturing with their least valuable piece and either
//! may stop when continuing would lose. It looks at one square only, so it is cheap and
//! blind to pins and checks; the search uses it to order captures and to skip, in
//! quiescence, captures that lose material.
//!
//! The square sets give every piece that bears on the square at once; sliders behind other
//! pieces join in as the pieces in front are used up ("x-rays"). The search only ever asks
//! whether an exchange reaches some threshold ([`see_ge`]), which is settled, most of the
//! time, by the first capture or two; [`see`] follows the whole exchange, for the tests and
//! the tools that want its value.

use crate::chess::board::Board;
use crate::chess::squareset::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, SquareSet};
use crate::chess::types::*;
use crate::chess::values::EXCHANGE_VALUE;

/// Most captures an exchange is followed for (more pieces than can bear on one square).
const MAX_CAPTURES: usize = 31;

/// The pieces that bear on one square while an exchange goes on there. Every attacker is
/// found once, at the start; as pieces are used up, only the sliders they uncover are
/// looked for again (a piece that leaves a line to the square can reveal a bishop, rook or
/// queen behind it on that line, and nothing else).
struct Exchange<'a> {
    board: &'a Board,
    target: usize,
    /// The occupied squares, without the pieces already used in the exchange.
    occupied: SquareSet,
    /// Both sides' pieces that reach the target over `occupied`.
    attackers: SquareSet,
}

impl<'a> Exchange<'a> {
    /// The exchange on `target` after the piece on `from` has moved there.
    #[inline]
    fn new(board: &'a Board, target: Square, from: Square) -> Exchange<'a> {
        let t = to_64(target);
        let occupied = board.occupied() & !(1 << to_64(from));
        let mut exchange = Exchange { board, target: t, occupied, attackers: 0 };
        let both = |kind| board.piece_set(Colour::White, kind) | board.piece_set(Colour::Black, kind);
        // The squares a pawn of one colour attacks `target` from are those a pawn of the other
        // colour on `target` would attack.
        let pawns = pawn_attacks(1 << t, Colour::Black) & board.piece_set(Colour::White, PAWN)
            | pawn_attacks(1 << t, Colour::White) & board.piece_set(Colour::Black, PAWN);
        exchange.attackers = (pawns | knight_attacks(t) & both(KNIGHT) | king_attacks(t) & both(KING)) & occupied
            | exchange.diagonal_sliders()
            | exchange.straight_sliders();
        exchange
    }

    fn diagonal_sliders(&self) -> SquareSet {
        let b = self.board;
        let sliders = b.piece_set(Colour::White, BISHOP)
            | b.piece_set(Colour::White, QUEEN)
            | b.piece_set(Colour::Black, BISHOP)
            | b.piece_set(Colour::Black, QUEEN);
        bishop_attacks(self.target, self.occupied) & sliders & self.occupied
    }

    fn straight_sliders(&self) -> SquareSet {
        let b = self.board;
        let sliders = b.piece_set(Colour::White, ROOK)
            | b.piece_set(Colour::White, QUEEN)
            | b.piece_set(Colour::Black, ROOK)
            | b.piece_set(Colour::Black, QUEEN);
        rook_attacks(self.target, self.occupied) & sliders & self.occupied
    }

    /// `side`'s least valuable piece that bears on the target, taken off the board for the
    /// rest of the exchange, with its exchange value; None when `side` has none left. Of
    /// several pieces of the cheapest kind, the first in the side's piece list goes.
    #[inline]
    fn take_least_valuable(&mut self, side: Colour) -> Option<i32> {
        let board = self.board;
        let ours = self.attackers & board.colour_set(side);
        if ours == 0 {
            return None;
        }
        for kind in PAWN..=KING {
            let candidates = ours & board.piece_set(side, kind);
            if candidates == 0 {
                continue;
            }
            let square = if candidates.is_power_of_two() {
                candidates.trailing_zeros() as usize
            } else {
                let first = board.pieces(side).iter().map(|&s| to_64(s as Square)).find(|&s| candidates & 1 << s != 0);
                first.unwrap_or(candidates.trailing_zeros() as usize)
            };
            self.occupied &= !(1 << square);
            self.attackers &= !(1 << square);
            // What the piece may have stood in front of: a piece that reaches the target
            // along a diagonal (pawn, bishop, queen, king) or a file or rank (rook, queen,
            // king) stood on that line.
            if matches!(kind, PAWN | BISHOP | QUEEN | KING) {
                self.attackers |= self.diagonal_sliders();
            }
            if matches!(kind, ROOK | QUEEN | KING) {
                self.attackers |= self.straight_sliders();
            }
            return Some(EXCHANGE_VALUE[kind as usize]);
        }
        None
    }
}

/// The value the piece making move `m` has on its target square: its own, or a promotion's.
#[inline]
fn mover_value(board: &Board, m: Move) -> i32 {
    if m.promotion() != 0 {
        EXCHANGE_VALUE[m.promotion() as usize]
    } else {
        EXCHANGE_VALUE[kind_of(board.piece_at(m.from())) as usize]
    }
}

/// The exchange value of move `m` for the side making it, in centipawns (0 for a quiet move
/// that cannot be taken back, negative when the piece would be lost for less).
pub fn see(board: &Board, m: Move) -> i32 {
    let mut exchange = Exchange::new(board, m.to(), m.from());
    // gains[i]: the material balance after the i-th capture, from the view of the side that
    // made it (the move itself is capture 0).
    let mut gains = [0i32; MAX_CAPTURES + 1];
    gains[0] = EXCHANGE_VALUE[board.captured_kind(m) as usize];
    let mut on_square = mover_value(board, m);
    let mut side = colour_of(board.piece_at(m.from())).flip();
    let mut depth = 0;
    while depth < MAX_CAPTURES {
        let Some(value) = exchange.take_least_valuable(side) else { break };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value;
        side = side.flip();
    }
    // Either side may stand pat instead of recapturing: fold back from the end.
    while depth > 0 {
        gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Whether `see(board, m) >= threshold`, found without following the exchange further than
/// it needs: it stops as soon as one side's capture settles the question either way, and
/// most captures settle it at once (a pawn taking a knight wins, whatever follows).
///
/// Why that is exact: write `g[d]` for the balance after capture `d` from its maker's view,
/// and `v[d]` for the exchange's value from capture `d` on, which is `min(g[d], -v[d + 1])`
/// (the next side recaptures only if that is better for it), or `g[d]` when nobody can. Then
/// `v[d] >= T` holds exactly when `g[d] >= T` and capture `d + 1` does not reach `1 - T`
/// for its maker. So the first capture whose balance falls short of its own bound decides
/// everything before it, alternately; and if the next capture would fall short even before
/// its attacker is looked for, the current one stands, whether that attacker exists or not.
pub fn see_ge(board: &Board, m: Move, threshold: i32) -> bool {
    let mut balance = EXCHANGE_VALUE[board.captured_kind(m) as usize];
    let mut bound = threshold;
    if balance < bound {
        return false;
    }
    let mut on_square = mover_value(board, m);
    // Even if the piece is taken for nothing, the move keeps the threshold: no need to look
    // for the square's attackers at all.
    if on_square - balance < 1 - bound {
        return true;
    }
    let mut exchange = Exchange::new(board, m.to(), m.from());
    let mut side = colour_of(board.piece_at(m.from())).flip();
    // True while the capture reached so far (the move itself, then every second one) is the
    // mover's: whether `v[0] >= threshold` when the current capture stands.
    let mut movers_turn = true;
    for _ in 0..MAX_CAPTURES {
        bound = 1 - bound;
        if on_square - balance < bound {
            break;
        }
        let Some(value) = exchange.take_least_valuable(side) else { break };
        balance = on_square - balance;
        on_square = value;
        side = side.flip();
        movers_turn = !movers_turn;
    }
    movers_turn
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

    /// SEE as first written: the whole exchange with the mailbox walk, then folded back.
    fn reference_see(board: &Board, m: Move) -> i32 {
        let (from, to) = (m.from(), m.to());
        let mut gains = vec![EXCHANGE_VALUE[board.captured_kind(m) as usize]];
        let mut on_square = mover_value(board, m);
        let mut vacated: SquareSet = 1 << to_64(from);
        let mut side = colour_of(board.piece_at(from)).flip();
        while let Some(attacker) = reference_least_valuable_attacker(board, to, side, vacated) {
            gains.push(on_square - gains[gains.len() - 1]);
            on_square = EXCHANGE_VALUE[kind_of(board.piece_at(attacker)) as usize];
            vacated |= 1 << to_64(attacker);
            side = side.flip();
        }
        let last = gains.pop().unwrap_or(0);
        gains.iter().rev().fold(last, |after, &gain| gain.min(-after))
    }

    /// Along random playouts, SEE with its attackers found once and the x-rays added as they
    /// open gives the mailbox walk's value for every capture and quiet move, and `see_ge`
    /// agrees with it at every threshold around it.
    #[test]
    fn square_sets_agree_with_the_mailbox_walk() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12",
            "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        ];
        let mut rng = crate::chess::rng::Rng::new(0x5EE);
        let (mut compared, mut exchanges) = (0, 0);
        for fen in starts {
            random_walk(fen, 150, &mut rng, |board, moves, _| {
                for &m in moves.iter().filter(|m| !m.is_castling()) {
                    let value = see(board, m);
                    assert_eq!(value, reference_see(board, m), "{} {}", board.to_fen(), m.to_uci());
                    for threshold in [value - 1, value, value + 1, -500, -100, -1, 0, 1, 100, 500] {
                        assert_eq!(
                            see_ge(board, m, threshold),
                            value >= threshold,
                            "{} {}",
                            board.to_fen(),
                            m.to_uci()
                        );
                    }
                    compared += 1;
                    exchanges += (value != EXCHANGE_VALUE[board.captured_kind(m) as usize]) as usize;
                }
            });
        }
        assert!(compared > 5000 && exchanges > 500, "only {compared} moves, {exchanges} exchanges compared");
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
