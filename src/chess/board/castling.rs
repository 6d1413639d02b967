//! Castling, in standard chess and in Chess960 (Fischer Random, and Double Fischer Random
//! where each side's back rank is shuffled on its own).
//!
//! ## One rule for both games
//! In Chess960 the king and the castling rooks may start on any files of the back rank, the
//! king between its rooks. Castling still ends where it ends in standard chess: kingside, the
//! king on g and the rook on f; queenside, the king on c and the rook on d. So a position
//! needs one more fact per right than standard chess does: which rook it belongs to. The board
//! keeps that square per right (`castle_rooks`, from the FEN); the king's square is the king's.
//! Standard chess is the case with the rooks on a and h and the king on e.
//!
//! A castling move is stored as the king taking its own rook (`e1h1`): with the king already
//! on g1 and the rook on h1, "the king's destination" would name no move at all, and with
//! two rooks on one side only the rook's square says which one castles.
//!
//! ## Rights
//! A right is lost when the king moves, or when anything moves from or to its rook's square
//! (the rook moves or is captured). Rather than a per-square mask in every board copy, the
//! board keeps the set of the kings' and castling rooks' squares: a move touching none of them
//! (almost every move) keeps the rights after one AND; the others compare their two squares
//! with the four rook squares.

use super::fen::FenError;
use super::*;

/// White may castle kingside.
pub const WHITE_KINGSIDE: u8 = 1;
/// White may castle queenside.
pub const WHITE_QUEENSIDE: u8 = 2;
/// Black may castle kingside.
pub const BLACK_KINGSIDE: u8 = 4;
/// Black may castle queenside.
pub const BLACK_QUEENSIDE: u8 = 8;

/// The rights of one side.
#[inline(always)]
pub const fn side_rights(colour: Colour) -> u8 {
    match colour {
        Colour::White => WHITE_KINGSIDE | WHITE_QUEENSIDE,
        Colour::Black => BLACK_KINGSIDE | BLACK_QUEENSIDE,
    }
}

/// The bit of one right.
#[inline(always)]
pub const fn right(colour: Colour, kingside: bool) -> u8 {
    (if kingside { WHITE_KINGSIDE } else { WHITE_QUEENSIDE }) << (2 * colour as u8)
}

/// Where the king and the rook of a castling end: g and f kingside, c and d queenside, on
/// the king's rank. `(king, rook)`.
#[inline(always)]
pub const fn destinations(king: Square, rook: Square) -> (Square, Square) {
    let rank = king & 0x70;
    if rook > king {
        (rank + 6, rank + 5)
    } else {
        (rank + 2, rank + 3)
    }
}

/// The squares of a castling's rank, by the king's file and the rook's file, as bits 0..8
/// (a..h): `.0` the squares that must be empty (all the king and rook cross or land on, but
/// their own two), `.1` the squares the king crosses or lands on, apart from its start, which
/// must not be attacked.
static PATHS: [[(u8, u8); 8]; 8] = {
    const fn span(a: usize, b: usize) -> u8 {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        ((0xFFu16 >> (7 - hi)) & (0xFFu16 << lo)) as u8
    }
    let mut table = [[(0, 0); 8]; 8];
    let mut king = 0;
    while king < 8 {
        let mut rook = 0;
        while rook < 8 {
            let (king_to, rook_to) = if rook > king { (6, 5) } else { (2, 3) };
            let movers = 1u8 << king | 1u8 << rook;
            let empty = (span(king, king_to) | span(rook, rook_to)) & !movers;
            let crossed = span(king, king_to) & !(1u8 << king);
            table[king][rook] = (empty, crossed);
            rook += 1;
        }
        king += 1;
    }
    table
};

/// The squares a castling needs empty and the squares its king must find unattacked (its
/// destination included), as square sets; see [`PATHS`].
#[inline(always)]
pub fn paths(king: Square, rook: Square) -> (SquareSet, SquareSet) {
    let (empty, crossed) = PATHS[file_of(king)][file_of(rook)];
    let shift = rank_of(king) * 8;
    ((empty as SquareSet) << shift, (crossed as SquareSet) << shift)
}

impl Board {
    /// The square of the rook a right belongs to (`right` is one of the four bits).
    #[inline(always)]
    pub fn castling_rook(&self, right: u8) -> Square {
        self.castle_rooks[right.trailing_zeros() as usize & 3] as Square
    }

    /// The rights left after a move of `piece` from `from` to `to`.
    #[inline(always)]
    pub(super) fn rights_after(&self, piece: Piece, from: Square, to: Square) -> u8 {
        let mut rights = self.castling;
        if kind_of(piece) == KING {
            rights &= !side_rights(colour_of(piece));
        }
        for (i, &rook) in self.castle_rooks.iter().enumerate() {
            if rook as Square == from || rook as Square == to {
                rights &= !(1 << i);
            }
        }
        rights
    }

    /// Moves the king and the rook of a castling to their squares. Either may already stand
    /// on its destination, and the king may land where the rook stood or the other way round,
    /// so both pieces are lifted and set down at once rather than moved one after the other.
    /// Both keep their piece-list slots (the king stays in slot 0).
    pub(super) fn castle_pieces(&mut self, king_from: Square, rook_from: Square) {
        let (king_to, rook_to) = destinations(king_from, rook_from);
        let (king, rook) = (self.squares[king_from], self.squares[rook_from]);
        let c = colour_of(king).index();
        let (king_slot, rook_slot) = (self.slot[king_from], self.slot[rook_from]);
        self.squares[king_from] = EMPTY;
        self.squares[rook_from] = EMPTY;
        self.squares[king_to] = king;
        self.squares[rook_to] = rook;
        self.slot[king_to] = king_slot;
        self.slot[rook_to] = rook_slot;
        self.list[c][king_slot as usize] = king_to as u8;
        self.list[c][rook_slot as usize] = rook_to as u8;
        self.shift_sums(king, king_from, king_to);
        self.shift_sums(rook, rook_from, rook_to);
    }

    /// Adds the right a FEN castling letter names: `K`/`Q` (the outermost rook on that side
    /// of the king, as X-FEN reads them), or a rook's file `A`..`H` (Shredder-FEN, and X-FEN
    /// for an inner rook); lower case for Black. The king must be on its back rank and the
    /// rook on that file of it; one side may not name two rooks for one right.
    pub(super) fn add_castling_right(&mut self, c: char) -> Result<(), FenError> {
        let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
        let back = if colour == Colour::White { 0 } else { 7 };
        let king = self.king(colour);
        let rook_piece = make_piece(colour, ROOK);
        if rank_of(king) != back {
            return Err(FenError::Castling(c));
        }
        let on_back = |file: &usize| self.squares[square(*file, back)] == rook_piece;
        let file = match c.to_ascii_lowercase() {
            'k' => (file_of(king) + 1..8).rev().find(on_back),
            'q' => (0..file_of(king)).find(on_back),
            f @ 'a'..='h' => Some(f as usize - 'a' as usize).filter(on_back),
            _ => None,
        };
        let rook = square(file.ok_or(FenError::Castling(c))?, back);
        let bit = right(colour, rook > king);
        let index = bit.trailing_zeros() as usize;
        if self.castling & bit != 0 && self.castle_rooks[index] as Square != rook {
            return Err(FenError::Castling(c));
        }
        self.castling |= bit;
        self.castle_rooks[index] = rook as u8;
        self.castle_squares |= 1 << to_64(king) | 1 << to_64(rook);
        Ok(())
    }

    /// The castling field of a FEN: Shredder-FEN's rook files (`HAha`), or else X-FEN, which
    /// is plain `KQkq` whenever each rook is the outermost on its side of the king (always in
    /// standard chess) and a file letter for an inner rook.
    pub(super) fn castling_field(&self, shredder: bool) -> String {
        let mut field = String::new();
        for (i, letter) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if self.castling & 1 << i == 0 {
                continue;
            }
            let rook = self.castle_rooks[i] as Square;
            let king = self.king(colour_of(self.squares[rook]));
            let beyond = if rook > king { rook + 1..(rook | 7) + 1 } else { (rook & 0x70)..rook };
            let outermost = !beyond.into_iter().any(|sq| self.squares[sq] == self.squares[rook]);
            let text =
                if shredder || !outermost { (b'A' + file_of(rook) as u8) as char } else { letter.to_ascii_uppercase() };
            field.push(if i < 2 { text } else { text.to_ascii_lowercase() });
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }
}
