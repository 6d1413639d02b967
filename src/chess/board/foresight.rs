//! What a move will do, known before it is made: the key of the position it leads to, so
//! the table's entry can be fetched from memory early, and whether it gives check, which
//! decides whether a late move is searched at all. The search asks both for moves it may
//! never make; working them out on the board as it is spares the copy and the make. A node
//! that asks about many moves works out once where checks can come from ([`CheckSquares`]).

use super::*;
use crate::chess::squareset::{self, bishop_attacks, rook_attacks};

impl Board {
    /// The key the position will have after `m`, worked out without making it, so that the
    /// table's entry for it can be fetched from memory while the move is made and the node
    /// set up. Exact for ordinary moves and captures; for castling, promotions, moves that
    /// change castling rights and double pushes that allow an en-passant capture it is some
    /// other key, which costs only a useless fetch.
    #[inline(always)]
    pub fn key_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from(), m.to());
        let piece = self.piece_at(from) as usize;
        let mut key =
            self.key ^ KEYS.black_to_move ^ KEYS.piece_square[piece][to_64(from)] ^ KEYS.piece_square[piece][to_64(to)];
        let victim = self.piece_at(to);
        if victim != EMPTY {
            key ^= KEYS.piece_square[victim as usize][to_64(to)];
        }
        if self.ep != NO_SQUARE {
            key ^= KEYS.en_passant[file_of(self.ep)];
        }
        key
    }

    /// Whether the legal move `m` gives check: exactly what `in_check` says of the position
    /// after it. Only the mover's own pieces can attack the enemy king, and none did before
    /// the move (the side not to move is never in check). So a check comes either from the
    /// moved piece on its new square, or from a slider whose line to the king the move
    /// opened, which must run through a square the move empties (`from`, or an en-passant
    /// capture's pawn). Most moves are settled by those two quick tests; the rest are worked
    /// out on copies of the mover's square sets with the piece moved. Castling moves two
    /// pieces, and is rare: it is made on a copy.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        if m.is_castling() {
            let mut child = *self;
            child.make_move(m);
            return child.in_check();
        }
        let us = self.side;
        let (from, to) = (m.from(), m.to());
        let kind = kind_of(self.piece_at(from));
        let landing = if m.promotion() != 0 { m.promotion() } else { kind };
        let (from_bit, to_bit): (SquareSet, SquareSet) = (1 << to_64(from), 1 << to_64(to));
        let king = to_64(self.king(us.flip()));
        // A pawn or a knight checks from where it lands, or not at all.
        let leaper_check = match landing {
            PAWN => squareset::pawn_attacks(to_bit, us) & 1 << king != 0,
            KNIGHT => squareset::knight_attacks(to_64(to)) & 1 << king != 0,
            _ => false,
        };
        if leaper_check {
            return true;
        }
        let mut vacated = from_bit;
        if kind == PAWN && to == self.ep {
            vacated |= 1 << to_64((to as isize - us.forward()) as Square);
        }
        let lines = squareset::bishop_lines(king) | squareset::rook_lines(king);
        if vacated & lines == 0 && !(attacks::is_slider(landing) && to_bit & lines != 0) {
            return false;
        }
        let mut ours = *self.piece_sets(us);
        ours[kind as usize] ^= from_bit;
        ours[landing as usize] |= to_bit;
        attacks::is_attacked(king, us, &ours, self.occupied() & !vacated | to_bit)
    }
}

/// Where the side to move can give check from, worked out once for a node that asks
/// [`CheckSquares::gives_check`] of many moves: the squares from which each kind of piece
/// attacks the enemy king as the board stands, and the lines through the king, along which a
/// move may open a check or change what the king's neighbourhood looks like.
pub struct CheckSquares {
    /// The squares from which a pawn, a knight, a bishop and a rook of the side to move would
    /// attack the enemy king (a queen: the last two).
    pawn: SquareSet,
    knight: SquareSet,
    diagonal: SquareSet,
    straight: SquareSet,
    /// The files, ranks and diagonals through the enemy king, on an empty board.
    lines: SquareSet,
}

impl CheckSquares {
    /// The check squares of the side to move in `board`.
    #[inline]
    pub fn new(board: &Board) -> CheckSquares {
        let them = board.side().flip();
        let king = to_64(board.king(them));
        let occupied = board.occupied();
        CheckSquares {
            pawn: squareset::pawn_attacks(1 << king, them),
            knight: squareset::knight_attacks(king),
            diagonal: bishop_attacks(king, occupied),
            straight: rook_attacks(king, occupied),
            lines: squareset::bishop_lines(king) | squareset::rook_lines(king),
        }
    }

    /// [`Board::gives_check`] for a move of `board`, the position these squares were worked
    /// out for. A move that empties no square on the king's lines leaves every other piece's
    /// attacks on the king as they were (none): it checks only if the moved piece lands on a
    /// square of its kind. The others, and castling, are left to [`Board::gives_check`].
    #[inline]
    pub fn gives_check(&self, board: &Board, m: Move) -> bool {
        let from_bit: SquareSet = 1 << m.from_index();
        let en_passant = m.to() == board.ep_square();
        if m.is_castling() || from_bit & self.lines != 0 || en_passant {
            return board.gives_check(m);
        }
        let kind = kind_of(board.piece_at(m.from()));
        let landing = if m.promotion() != 0 { m.promotion() } else { kind };
        let from_here = match landing {
            PAWN => self.pawn,
            KNIGHT => self.knight,
            BISHOP => self.diagonal,
            ROOK => self.straight,
            QUEEN => self.diagonal | self.straight,
            _ => 0,
        };
        from_here & 1 << m.to_index() != 0
    }
}
