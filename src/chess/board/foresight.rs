//! What a move will do, known before it is made: the key of the position it leads to, so
//! the table's entry can be fetched from memory early, and whether it gives check, which
//! decides whether a late move is searched at all. The search asks both for moves it may
//! never make; working them out on the board as it is spares the copy and the make.

use super::*;

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
    /// after it. Only the mover's own pieces attack the enemy king, so it is enough to move
    /// them in a copy of their square sets (the piece leaves `from`, lands on `to`, promoted
    /// or not) and to empty the squares the move empties (`from`, and an en-passant capture's
    /// pawn). Castling moves two pieces, and is rare: it is made on a copy.
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
        let (from_bit, to_bit): (SquareSet, SquareSet) = (1 << to_64(from), 1 << to_64(to));
        let mut ours = *self.piece_sets(us);
        ours[kind as usize] ^= from_bit;
        ours[if m.promotion() != 0 { m.promotion() } else { kind } as usize] |= to_bit;
        let mut occupied = self.occupied() & !from_bit | to_bit;
        if kind == PAWN && to == self.ep {
            occupied &= !(1 << to_64((to as isize - us.forward()) as Square));
        }
        attacks::is_attacked(to_64(self.king(us.flip())), us, &ours, occupied)
    }
}
