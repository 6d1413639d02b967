//! The position: a 0x88 mailbox plus piece lists and square sets, and the rest of the game
//! state that FEN records. It knows how to make a move and how to describe itself; it never
//! searches or prints.
//!
//! ## Copy-make
//! A move is made on a copy: the search writes `let mut child = *board; child.make_move(m)`.
//! The board is a few hundred bytes with no pointers, so a copy is a handful of cache-line
//! writes, about what an unmake costs. In exchange there is no undo record and no unmake to
//! get wrong (castling rights, e.p. and promotions are where make/unmake pairs usually break),
//! and the parent position is still intact for the next move.
//!
//! ## Piece lists
//! micro-Max scans all 128 squares to find its own pieces. Here each side keeps a list of the
//! squares its pieces stand on, and `slot[sq]` says where in the list a square sits, so moving
//! or removing a piece is O(1) and move generation never visits an empty square. The king is
//! always slot 0, so finding it is one load.
//!
//! ## Square sets
//! Alongside the mailbox, the board keeps one 64-bit set per piece code and one per side
//! (see `squareset`). Moves are walked out on the mailbox. The sets answer the evaluation's
//! questions, which are about whole sets of squares (how many squares a rook reaches, whether
//! any enemy pawn is ahead), and the generator's "is this square attacked?".

pub mod castling;
pub mod display;
pub mod fen;
pub mod foresight;
mod make;

use super::attacks::{self, PieceSets};
use super::psq::{from_scratch, PSQ};
use super::squareset::SquareSet;
use super::types::*;
use super::values::{Pair, PHASE_WEIGHT};
use super::zobrist::KEYS;

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position with everything needed to continue the game from it (except the history
/// of earlier positions, which the game and the search keep for repetition checks).
#[derive(Clone, Copy, Debug)]
pub struct Board {
    /// The 0x88 mailbox: piece codes; the off-board half stays empty.
    squares: [Piece; 128],
    /// For an occupied square, its index in its side's piece list.
    slot: [u8; 128],
    /// Per side, the squares of its pieces; entry 0 is the king.
    list: [[u8; 16]; 2],
    /// Per side, how many entries of `list` are in use.
    count: [u8; 2],
    /// Per side and kind, the set of squares (bit `sq64`) holding such a piece, and per side
    /// the union of its sets. The evaluation asks questions about whole sets of squares ("any
    /// enemy pawn ahead?", "how many squares does this rook reach?"), which a few ANDs
    /// answer; see `squareset`.
    by_piece: [PieceSets; 2],
    by_colour: [SquareSet; 2],
    side: Colour,
    /// Bit set of WHITE_KINGSIDE .. BLACK_QUEENSIDE.
    castling: u8,
    /// The square of the rook each right belongs to, by bit index (see `castling`).
    castle_rooks: [u8; 4],
    /// The kings' and those rooks' squares: a move touching none of them keeps every right.
    castle_squares: SquareSet,
    /// The square a pawn may capture onto en passant, or NO_SQUARE. Set only when a legal
    /// e.p. capture exists, so equal positions get equal keys (as repetition rules require).
    ep: Square,
    halfmove: u32,
    fullmove: u32,
    key: u64,
    /// Material and piece-square sum, White's point of view (middlegame, endgame).
    psq: Pair,
    /// Non-pawn material in phase units (see eval::PHASE_WEIGHT).
    phase: i32,
}

impl Board {
    /// A board with no pieces, White to move. Only FEN parsing builds on it.
    fn empty() -> Board {
        Board {
            squares: [EMPTY; 128],
            slot: [0; 128],
            list: [[0; 16]; 2],
            count: [0; 2],
            by_piece: [[0; 8]; 2],
            by_colour: [0; 2],
            side: Colour::White,
            castling: 0,
            castle_rooks: [0; 4], // set with each right, read only while it lasts
            castle_squares: 0,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            psq: (0, 0),
            phase: 0,
        }
    }

    // ---- queries ------------------------------------------------------------------------

    /// The piece on a square: EMPTY for none. `sq` must be a 0x88 index below 128; the
    /// phantom (off-board) half of the array is always empty.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.squares[sq & 0x7F]
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Colour {
        self.side
    }

    /// The castling rights as a bit set.
    #[inline(always)]
    pub fn castling(&self) -> u8 {
        self.castling
    }

    /// The en-passant target square, or NO_SQUARE.
    #[inline(always)]
    pub fn ep_square(&self) -> Square {
        self.ep
    }

    /// The kind of piece move `m` captures: a pawn for en passant, 0 for none. Castling,
    /// written as the king taking its own rook, captures nothing.
    #[inline(always)]
    pub fn captured_kind(&self, m: Move) -> Kind {
        let victim = self.piece_at(m.to());
        if victim != EMPTY && !m.is_castling() {
            kind_of(victim)
        } else if m.to() == self.ep && kind_of(self.piece_at(m.from())) == PAWN {
            PAWN
        } else {
            0
        }
    }

    /// Plies since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The FEN move number.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// How many plies into the game the position is by its move number: 0 before White's
    /// first move, 1 before Black's.
    pub fn game_ply(&self) -> u32 {
        self.fullmove.saturating_sub(1).saturating_mul(2) + (self.side == Colour::Black) as u32
    }

    /// The Zobrist key of the position.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The king's square of a side.
    #[inline(always)]
    pub fn king(&self, colour: Colour) -> Square {
        self.list[colour.index()][0] as Square
    }

    /// The squares of a side's pieces, king first.
    #[inline(always)]
    pub fn pieces(&self, colour: Colour) -> &[u8] {
        &self.list[colour.index()][..self.count[colour.index()] as usize]
    }

    /// The squares of a side's pawns as a set (bit `sq64`, a1 = bit 0).
    #[inline(always)]
    pub fn pawn_set(&self, colour: Colour) -> SquareSet {
        self.by_piece[colour.index()][PAWN as usize]
    }

    /// The squares holding one kind of a side's pieces.
    #[inline(always)]
    pub fn piece_set(&self, colour: Colour, kind: Kind) -> SquareSet {
        self.by_piece[colour.index()][kind as usize]
    }

    /// A side's pieces as sets by kind, for the attack tests (see `attacks`).
    #[inline(always)]
    pub fn piece_sets(&self, colour: Colour) -> &PieceSets {
        &self.by_piece[colour.index()]
    }

    /// The squares holding a side's pieces.
    #[inline(always)]
    pub fn colour_set(&self, colour: Colour) -> SquareSet {
        self.by_colour[colour.index()]
    }

    /// The squares holding any piece.
    #[inline(always)]
    pub fn occupied(&self) -> SquareSet {
        self.by_colour[0] | self.by_colour[1]
    }

    /// Incremental material + piece-square sum, White's point of view.
    #[inline(always)]
    pub fn psq(&self) -> Pair {
        self.psq
    }

    /// Incremental game phase.
    #[inline(always)]
    pub fn phase(&self) -> i32 {
        self.phase
    }

    /// Whether any piece of `by` attacks `sq`.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Colour) -> bool {
        attacks::is_attacked(to_64(sq), by, self.piece_sets(by), self.occupied())
    }

    /// True when the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.king(self.side), self.side.flip())
    }

    /// Neither side can ever mate: bare kings, or a single minor piece between them.
    pub fn is_insufficient_material(&self) -> bool {
        let (white, black) = (self.pieces(Colour::White), self.pieces(Colour::Black));
        if white.len() + black.len() > 3 {
            return false;
        }
        white.iter().chain(black).all(|&sq| matches!(kind_of(self.piece_at(sq as Square)), KING | KNIGHT | BISHOP))
    }

    /// True when a side has pieces other than king and pawns (the null-move zugzwang guard).
    pub fn has_non_pawn_material(&self, colour: Colour) -> bool {
        self.colour_set(colour) != self.pawn_set(colour) | self.piece_set(colour, KING)
    }

    // ---- low-level edits: every change to the pieces goes through these three ------------

    fn put(&mut self, sq: Square, piece: Piece) {
        let c = colour_of(piece).index();
        let n = self.count[c];
        self.squares[sq] = piece;
        self.slot[sq] = n;
        self.list[c][n as usize] = sq as u8;
        self.count[c] = n + 1;
        self.key ^= KEYS.piece_square[piece as usize][to_64(sq)];
        let (mg, eg) = PSQ[piece as usize][to_64(sq)];
        self.psq = (self.psq.0 + mg, self.psq.1 + eg);
        self.phase += PHASE_WEIGHT[kind_of(piece) as usize];
        self.by_piece[c][kind_of(piece) as usize] |= 1 << to_64(sq);
        self.by_colour[c] |= 1 << to_64(sq);
    }

    fn remove(&mut self, sq: Square) {
        let piece = self.squares[sq];
        let c = colour_of(piece).index();
        let last = self.count[c] - 1;
        let moved = self.list[c][last as usize];
        let slot = self.slot[sq];
        self.list[c][slot as usize] = moved;
        self.slot[moved as usize] = slot;
        self.count[c] = last;
        self.squares[sq] = EMPTY;
        self.key ^= KEYS.piece_square[piece as usize][to_64(sq)];
        let (mg, eg) = PSQ[piece as usize][to_64(sq)];
        self.psq = (self.psq.0 - mg, self.psq.1 - eg);
        self.phase -= PHASE_WEIGHT[kind_of(piece) as usize];
        self.by_piece[c][kind_of(piece) as usize] &= !(1 << to_64(sq));
        self.by_colour[c] &= !(1 << to_64(sq));
    }

    fn move_piece(&mut self, from: Square, to: Square) {
        let piece = self.squares[from];
        let c = colour_of(piece).index();
        let slot = self.slot[from];
        self.list[c][slot as usize] = to as u8;
        self.slot[to] = slot;
        self.squares[to] = piece;
        self.squares[from] = EMPTY;
        self.shift_sums(piece, from, to);
    }

    /// The key, piece-square sum and square sets of a piece going from `from` to `to`; the
    /// mailbox and the piece list are the caller's. `from` may equal `to` (a castling king or
    /// rook already on its square): every update is an XOR or a difference, which then cancels.
    fn shift_sums(&mut self, piece: Piece, from: Square, to: Square) {
        let c = colour_of(piece).index();
        let keys = &KEYS.piece_square[piece as usize];
        self.key ^= keys[to_64(from)] ^ keys[to_64(to)];
        let (mg0, eg0) = PSQ[piece as usize][to_64(from)];
        let (mg1, eg1) = PSQ[piece as usize][to_64(to)];
        self.psq = (self.psq.0 + mg1 - mg0, self.psq.1 + eg1 - eg0);
        let both: SquareSet = 1 << to_64(from) ^ 1 << to_64(to);
        self.by_piece[c][kind_of(piece) as usize] ^= both;
        self.by_colour[c] ^= both;
    }

    /// Every piece with its square, rank 1 first.
    pub fn piece_squares(&self) -> impl Iterator<Item = (Piece, Square)> + '_ {
        (0..128).filter(|&sq| on_board(sq) && self.squares[sq] != EMPTY).map(|sq| (self.squares[sq], sq))
    }

    /// The key computed from nothing, to check the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for (piece, sq) in self.piece_squares() {
            key ^= KEYS.piece_square[piece as usize][to_64(sq)];
        }
        key ^= KEYS.castling[self.castling as usize];
        if self.ep != NO_SQUARE {
            key ^= KEYS.en_passant[file_of(self.ep)];
        }
        if self.side == Colour::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// What of the incrementally kept state differs from a computation from the mailbox
    /// alone (the key, the piece-square sums and phase, the square sets), or `None`. For the
    /// tests and the fuzz targets.
    pub fn inconsistency(&self) -> Option<String> {
        if self.key != self.compute_key() {
            return Some("key".into());
        }
        if (self.psq, self.phase) != from_scratch(self.piece_squares()) {
            return Some("piece-square sums or phase".into());
        }
        for colour in [Colour::White, Colour::Black] {
            let mut union = 0;
            for kind in PAWN..=KING {
                let expected = (0..64)
                    .filter(|&i| self.piece_at(from_64(i)) == make_piece(colour, kind))
                    .fold(0u64, |set, i| set | 1 << i);
                if self.piece_set(colour, kind) != expected {
                    return Some(format!("{colour:?} {kind} square set"));
                }
                union |= expected;
            }
            if self.colour_set(colour) != union {
                return Some(format!("{colour:?} colour set"));
            }
        }
        None
    }
}
