//! The vocabulary every other module speaks: squares on the 0x88 board, colours, pieces and
//! moves. This module imports nothing else from the crate.
//!
//! ## The 0x88 board
//! micro-Max's board is a 128-entry array laid out as 8 ranks of 16 entries. The left 8 entries
//! of each rank are real squares (a..h); the right 8 are a phantom board. A square index `sq`
//! is on the board exactly when `sq & 0x88 == 0`, so a step vector that walks off any edge is
//! caught with one AND instead of a bounds table. Rank 1 is indices 0..8, so White moves up
//! (`+16`) and Black moves down (`-16`).

/// An index into the 128-entry 0x88 board. Valid squares satisfy `sq & 0x88 == 0`.
pub type Square = usize;

/// Marks "no square" (for example, no en-passant square). It is off the board.
pub const NO_SQUARE: Square = 0x88;

/// True when `sq` is one of the 64 real squares.
#[inline(always)]
pub const fn on_board(sq: usize) -> bool {
    sq & 0x88 == 0
}

/// Builds a 0x88 square from a file (0 = a) and a rank (0 = rank 1).
#[inline(always)]
pub const fn square(file: usize, rank: usize) -> Square {
    rank * 16 + file
}

/// The file of a square, 0 = a.
#[inline(always)]
pub const fn file_of(sq: Square) -> usize {
    sq & 7
}

/// The rank of a square, 0 = rank 1.
#[inline(always)]
pub const fn rank_of(sq: Square) -> usize {
    sq >> 4
}

/// King steps between two squares: the larger of the file and rank distances.
#[inline(always)]
pub const fn distance(a: Square, b: Square) -> i32 {
    let files = file_of(a).abs_diff(file_of(b));
    let ranks = rank_of(a).abs_diff(rank_of(b));
    (if files > ranks { files } else { ranks }) as i32
}

/// Packs a 0x88 square into 0..64 (a1 = 0, h8 = 63) for compact tables and move encoding.
#[inline(always)]
pub const fn to_64(sq: Square) -> usize {
    (sq + (sq & 7)) >> 1
}

/// Unpacks 0..64 back to a 0x88 square.
#[inline(always)]
pub const fn from_64(i: usize) -> Square {
    i + (i & !7)
}

/// Mirrors a square top to bottom (a1 <-> a8), so Black can read White's tables.
#[inline(always)]
pub const fn flip_rank(sq: Square) -> Square {
    sq ^ 0x70
}

/// The algebraic name of a square, such as `e4`.
pub fn square_name(sq: Square) -> String {
    let file = (b'a' + file_of(sq) as u8) as char;
    let rank = (b'1' + rank_of(sq) as u8) as char;
    format!("{file}{rank}")
}

/// Parses `e4` into a square; `None` for anything else.
pub fn parse_square(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].wrapping_sub(b'a') as usize;
    let rank = bytes[1].wrapping_sub(b'1') as usize;
    (file < 8 && rank < 8).then(|| square(file, rank))
}

/// The side to move, or the owner of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Moves up the board (`+16` per rank).
    White = 0,
    /// Moves down the board (`-16` per rank).
    Black = 1,
}

impl Colour {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// 0 for White, 1 for Black, for indexing per-colour arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The step a pawn of this colour takes forward.
    #[inline(always)]
    pub const fn forward(self) -> isize {
        match self {
            Colour::White => 16,
            Colour::Black => -16,
        }
    }
}

/// A piece kind without colour. The numbers are part of the piece encoding below.
pub type Kind = u8;
/// Pawn.
pub const PAWN: Kind = 1;
/// Knight.
pub const KNIGHT: Kind = 2;
/// Bishop.
pub const BISHOP: Kind = 3;
/// Rook.
pub const ROOK: Kind = 4;
/// Queen.
pub const QUEEN: Kind = 5;
/// King.
pub const KING: Kind = 6;

/// A coloured piece as stored on the board: `colour * 8 + kind`, and 0 for an empty square.
/// White pieces are 1..=6 and Black pieces 9..=14, so `piece >> 3` is the colour and
/// `piece & 7` the kind.
pub type Piece = u8;
/// An empty square.
pub const EMPTY: Piece = 0;

/// Builds a coloured piece.
#[inline(always)]
pub const fn make_piece(colour: Colour, kind: Kind) -> Piece {
    (colour as u8) << 3 | kind
}

/// The kind of a (non-empty) piece.
#[inline(always)]
pub const fn kind_of(piece: Piece) -> Kind {
    piece & 7
}

/// The colour of a (non-empty) piece.
#[inline(always)]
pub const fn colour_of(piece: Piece) -> Colour {
    if piece & 8 == 0 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// FEN letter of a piece: upper case for White.
pub fn piece_char(piece: Piece) -> char {
    let c = match kind_of(piece) {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        KING => 'k',
        _ => '.',
    };
    if piece != EMPTY && colour_of(piece) == Colour::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Parses a FEN piece letter.
pub fn piece_from_char(c: char) -> Option<Piece> {
    let kind = match c.to_ascii_lowercase() {
        'p' => PAWN,
        'n' => KNIGHT,
        'b' => BISHOP,
        'r' => ROOK,
        'q' => QUEEN,
        'k' => KING,
        _ => return None,
    };
    let colour = if c.is_ascii_uppercase() { Colour::White } else { Colour::Black };
    Some(make_piece(colour, kind))
}

/// The bit of [`Move`] that marks castling.
const CASTLING_FLAG: u16 = 1 << 15;

/// A move packed into 16 bits: from-square (6 bits, 0..64), to-square (6 bits), the
/// promotion kind (3 bits, 0 when the move is not a promotion) and a castling flag (1 bit).
/// Castling is stored as the king taking its own rook (`e1h1`), the one form that says which
/// rook in Chess960; [`Move::to_uci`] writes it the way the GUI expects. En passant is a
/// pawn's diagonal move to the e.p. square, recognised from the board when the move is made.
/// 16 bits keep transposition-table entries small.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move: "no move". a1-a1 is never a real move.
    pub const NONE: Move = Move(0);

    /// A move from one 0x88 square to another, with an optional promotion kind (0 for none).
    #[inline(always)]
    pub const fn new(from: Square, to: Square, promotion: Kind) -> Move {
        Move((to_64(from) | to_64(to) << 6 | (promotion as usize) << 12) as u16)
    }

    /// Castling, as the king on `king` taking its own rook on `rook`.
    #[inline(always)]
    pub const fn castling(king: Square, rook: Square) -> Move {
        Move(Move::new(king, rook, 0).0 | CASTLING_FLAG)
    }

    /// True for castling (then [`Move::to`] is the rook's square).
    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        self.0 & CASTLING_FLAG != 0
    }

    /// The square the piece leaves.
    #[inline(always)]
    pub const fn from(self) -> Square {
        from_64((self.0 & 63) as usize)
    }

    /// The square the piece lands on.
    #[inline(always)]
    pub const fn to(self) -> Square {
        from_64((self.0 >> 6 & 63) as usize)
    }

    /// The square the piece leaves, as a square-set index (0..64).
    #[inline(always)]
    pub const fn from_index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The square the piece lands on, as a square-set index (0..64).
    #[inline(always)]
    pub const fn to_index(self) -> usize {
        (self.0 >> 6 & 63) as usize
    }

    /// The kind a pawn promotes to, or 0.
    #[inline(always)]
    pub const fn promotion(self) -> Kind {
        (self.0 >> 12 & 7) as Kind
    }

    /// True for every move except [`Move::NONE`].
    #[inline(always)]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The raw 16-bit encoding, for the transposition table.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::bits`].
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// UCI long algebraic text in standard chess: `e2e4`, `e7e8q`, castling as `e1g1`, and
    /// `0000` for no move. See [`Move::to_uci_as`] for Chess960.
    pub fn to_uci(self) -> String {
        self.to_uci_as(false)
    }

    /// UCI long algebraic text. Castling is the king taking its own rook (`e1h1`) when
    /// `chess960` is set, and otherwise the king's two-square move (`e1g1`). A castling that
    /// has no two-square form (the king not on the e-file or the rook not in the corner, as in
    /// a Chess960 game whose GUI left `UCI_Chess960` off) keeps the king-takes-rook form,
    /// since its king-destination text could be an ordinary king move.
    pub fn to_uci_as(self, chess960: bool) -> String {
        if !self.is_some() {
            return "0000".to_string();
        }
        let (from, mut to) = (self.from(), self.to());
        if self.is_castling() && !chess960 && file_of(from) == 4 && (file_of(to) == 0 || file_of(to) == 7) {
            to = if to > from { from + 2 } else { from - 2 };
        }
        let mut text = square_name(from) + &square_name(to);
        if self.promotion() != 0 {
            text.push(piece_char(make_piece(Colour::Black, self.promotion())));
        }
        text
    }
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_uci())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_packing_round_trips() {
        for i in 0..64 {
            let sq = from_64(i);
            assert!(on_board(sq));
            assert_eq!(to_64(sq), i);
        }
        assert_eq!(parse_square("e4"), Some(square(4, 3)));
        assert_eq!(square_name(square(7, 7)), "h8");
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
    }

    #[test]
    fn move_encoding_round_trips() {
        let m = Move::new(square(4, 6), square(4, 7), KNIGHT);
        assert_eq!(m.from(), square(4, 6));
        assert_eq!(m.to(), square(4, 7));
        assert_eq!(m.promotion(), KNIGHT);
        assert_eq!(m.to_uci(), "e7e8n");
        assert_eq!(Move::from_bits(m.bits()), m);
        assert_eq!(Move::NONE.to_uci(), "0000");
        let castle = Move::castling(square(4, 0), square(7, 0));
        assert!(castle.is_castling() && castle.promotion() == 0 && !m.is_castling());
        assert_eq!((castle.to_uci(), castle.to_uci_as(true)), ("e1g1".to_string(), "e1h1".to_string()));
        let long = Move::castling(square(4, 7), square(0, 7));
        assert_eq!((long.to_uci(), long.to_uci_as(true)), ("e8c8".to_string(), "e8a8".to_string()));
        // Chess960 king on b1, rook on a1: no two-square form, so king-takes-rook either way.
        assert_eq!(Move::castling(square(1, 0), square(0, 0)).to_uci(), "b1a1");
        assert_eq!(Move::from_bits(castle.bits()), castle);
    }
}
