//! FEN in and out. Parsing checks everything a position needs for move generation to be
//! safe, builds a fresh board, and only hands it back when every check passed, so a bad FEN
//! never leaves a half-set board behind.

use super::*;

/// What was wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Fewer than 4 or more than 6 space-separated fields.
    FieldCount(usize),
    /// The placement field does not have 8 ranks.
    RankCount(usize),
    /// A rank (numbered 8 down to 1) that does not describe exactly 8 squares.
    RankLength(usize),
    /// A character that is neither a piece letter nor a digit 1-8.
    PieceLetter(char),
    /// A side with no king or with several.
    KingCount(Colour, usize),
    /// More than 16 pieces for one side.
    TooManyPieces(Colour),
    /// A pawn on the first or last rank.
    PawnOnBackRank,
    /// The side-to-move field is not `w` or `b`.
    Side(String),
    /// A castling letter that is not a castling right, whose king is off its back rank or
    /// whose rook is missing, or a second rook named for a right already given.
    Castling(char),
    /// An e.p. field that is not a square a pawn could just have skipped.
    EnPassant(String),
    /// A halfmove or fullmove counter that is not a non-negative number.
    Counter(String),
    /// The side that just moved has left its king in check.
    OpponentInCheck,
    /// The side to move is in check from more than two pieces, which no legal move allows.
    TooManyCheckers,
    /// More promoted pieces than missing pawns (such positions can exceed every move-list
    /// bound that real games respect, 218 legal moves).
    ImpossibleMaterial(Colour),
}

impl std::fmt::Display for FenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = |c: &Colour| if *c == Colour::White { "white" } else { "black" };
        match self {
            FenError::FieldCount(n) => write!(f, "FEN has {n} fields; it needs 4 to 6"),
            FenError::RankCount(n) => write!(f, "FEN placement has {n} ranks; it needs 8"),
            FenError::RankLength(r) => write!(f, "FEN rank {r} does not describe exactly 8 squares"),
            FenError::PieceLetter(c) => write!(f, "FEN placement has an unknown piece letter '{c}'"),
            FenError::KingCount(c, n) => write!(f, "FEN has {n} {} kings; it needs exactly one", side(c)),
            FenError::TooManyPieces(c) => write!(f, "FEN has more than 16 {} pieces", side(c)),
            FenError::PawnOnBackRank => write!(f, "FEN has a pawn on the first or last rank"),
            FenError::Side(s) => write!(f, "FEN side to move '{s}' is not 'w' or 'b'"),
            FenError::Castling(c) => {
                write!(f, "FEN castling right '{c}' names no rook beside its king on the back rank")
            }
            FenError::EnPassant(s) => write!(f, "FEN e.p. square '{s}' is impossible in this position"),
            FenError::Counter(s) => write!(f, "FEN move counter '{s}' is not a number"),
            FenError::OpponentInCheck => write!(f, "FEN side not to move is in check"),
            FenError::TooManyCheckers => write!(f, "FEN side to move is in check from more than two pieces"),
            FenError::ImpossibleMaterial(c) => {
                write!(f, "FEN has more {} pieces than promotions could give", side(c))
            }
        }
    }
}

impl std::error::Error for FenError {}

impl Board {
    /// The standard starting position.
    pub fn start() -> Board {
        Board::from_fen(START_FEN).expect("the start position FEN is valid")
    }

    /// Parses a 6-field FEN, or a 4/5-field EPD-style one whose counters default to `0 1`.
    /// Castling may be given as `KQkq` or in Shredder/X-FEN letters (`HAha`) naming the rook
    /// files. Any fault is returned as a [`FenError`]; the function never panics.
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut board = Board::empty();

        // 1. Placement, rank 8 first. Kings go in first so they take slot 0 of their lists.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut placed: Vec<(Square, Piece)> = Vec::with_capacity(32);
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as usize;
                } else {
                    let piece = piece_from_char(c).ok_or(FenError::PieceLetter(c))?;
                    if file < 8 {
                        placed.push((square(file, rank), piece));
                    }
                    file += 1;
                }
                if file > 8 {
                    return Err(FenError::RankLength(rank + 1));
                }
            }
            if file != 8 {
                return Err(FenError::RankLength(rank + 1));
            }
        }
        for colour in [Colour::White, Colour::Black] {
            let kings = placed.iter().filter(|&&(_, p)| p == make_piece(colour, KING)).count();
            if kings != 1 {
                return Err(FenError::KingCount(colour, kings));
            }
            if placed.iter().filter(|&&(_, p)| colour_of(p) == colour).count() > 16 {
                return Err(FenError::TooManyPieces(colour));
            }
        }
        for colour in [Colour::White, Colour::Black] {
            let count = |kind| placed.iter().filter(|&&(_, p)| p == make_piece(colour, kind)).count();
            // Every piece beyond the starting set must have been a pawn.
            let promoted = count(QUEEN).saturating_sub(1)
                + count(ROOK).saturating_sub(2)
                + count(BISHOP).saturating_sub(2)
                + count(KNIGHT).saturating_sub(2);
            if count(PAWN) + promoted > 8 {
                return Err(FenError::ImpossibleMaterial(colour));
            }
        }
        if placed.iter().any(|&(sq, p)| kind_of(p) == PAWN && (rank_of(sq) == 0 || rank_of(sq) == 7)) {
            return Err(FenError::PawnOnBackRank);
        }
        placed.sort_by_key(|&(_, p)| kind_of(p) != KING);
        for (sq, piece) in placed {
            board.put(sq, piece);
        }

        // 2. Side to move.
        board.side = match fields[1] {
            "w" => Colour::White,
            "b" => Colour::Black,
            other => return Err(FenError::Side(other.to_string())),
        };
        if board.side == Colour::Black {
            board.key ^= KEYS.black_to_move;
        }

        // 3. Castling rights: each needs its king on the back rank and its rook beside it there
        //    (see `castling` for the letters).
        if fields[2] != "-" {
            for c in fields[2].chars() {
                board.add_castling_right(c)?;
            }
        }
        board.key ^= KEYS.castling[board.castling as usize];

        // 4. Counters (before e.p., which needs the finished board).
        let counter = |i: usize, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(s) => s.parse::<u32>().map_err(|_| FenError::Counter(s.to_string())),
            }
        };
        board.halfmove = counter(4, 0)?;
        board.fullmove = counter(5, 1)?.max(1);

        // 5. The side that just moved may not be in check.
        let them = board.side.flip();
        if board.is_attacked(board.king(them), board.side) {
            return Err(FenError::OpponentInCheck);
        }
        let king = to_64(board.king(board.side));
        let checkers = attacks::attackers(king, them, board.piece_sets(them), board.occupied()).count_ones();
        if checkers > 2 {
            return Err(FenError::TooManyCheckers);
        }

        // 6. En passant: the square behind a pawn that just made a double step.
        if fields[3] != "-" {
            let bad = || FenError::EnPassant(fields[3].to_string());
            let ep = parse_square(fields[3]).ok_or_else(bad)?;
            let us = board.side;
            let expected_rank = if us == Colour::White { 5 } else { 2 };
            let pawn_sq = (ep as isize - us.forward()) as Square;
            let origin = (ep as isize + us.forward()) as Square;
            if rank_of(ep) != expected_rank
                || board.squares[ep] != EMPTY
                || board.squares[origin] != EMPTY
                || board.squares[pawn_sq] != make_piece(them, PAWN)
            {
                return Err(bad());
            }
            board.set_ep_if_capturable(ep);
        }
        Ok(board)
    }

    /// Writes the position as a 6-field FEN, castling rights as X-FEN gives them (`KQkq` in
    /// standard chess).
    pub fn to_fen(&self) -> String {
        self.to_fen_as(false)
    }

    /// Writes the position as a 6-field FEN; with `chess960`, castling rights as Shredder-FEN
    /// (the rooks' files, `HAha`), otherwise as X-FEN.
    pub fn to_fen_as(&self, chess960: bool) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let piece = self.squares[square(file, rank)];
                if piece == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    fen.push(char::from(b'0' + empty));
                    empty = 0;
                }
                fen.push(piece_char(piece));
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if self.side == Colour::White { " w " } else { " b " });
        fen.push_str(&self.castling_field(chess960));
        fen.push(' ');
        fen.push_str(&if self.ep == NO_SQUARE { "-".to_string() } else { square_name(self.ep) });
        fen.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        fen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for fen in [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 b - - 99 150",
        ] {
            assert_eq!(Board::from_fen(fen).unwrap().to_fen(), fen);
        }
    }

    #[test]
    fn game_ply_from_the_move_number() {
        assert_eq!(Board::from_fen(START_FEN).unwrap().game_ply(), 0);
        let black = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(black.game_ply(), 1);
        assert_eq!(Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 99 150").unwrap().game_ply(), 299);
        // A move number of 0 (some tools write it) counts as the first move.
        assert_eq!(Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap().game_ply(), 0);
    }

    #[test]
    fn epd_and_shredder_forms() {
        let four = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
        assert_eq!(four.to_fen(), START_FEN);
        let shredder = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(shredder.to_fen(), START_FEN);
        assert_eq!(shredder.key(), four.key());
    }

    #[test]
    fn every_fault_is_named() {
        let cases: &[(&str, FenError)] = &[
            ("", FenError::FieldCount(0)),
            ("8/8/8/8/8/8/8/8 w - - 0 1 extra", FenError::FieldCount(7)),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FenError::RankCount(7)),
            ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankLength(7)),
            ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::RankLength(7)),
            ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FenError::PieceLetter('9')),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FenError::PieceLetter('X')),
            ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FenError::KingCount(Colour::Black, 0)),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FenError::KingCount(Colour::White, 2)),
            ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenError::PawnOnBackRank),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", FenError::Side("x".into())),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FenError::Castling('K')),
            ("4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1", FenError::Castling('k')),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", FenError::Castling('z')),
            ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1", FenError::EnPassant("e4".into())),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", FenError::EnPassant("e3".into())),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq zz 0 1", FenError::EnPassant("zz".into())),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", FenError::Counter("x".into())),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", FenError::Counter("-3".into())),
            ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenError::OpponentInCheck),
            ("QQQQQQQQ/QQQQQQQQ/QQk5/8/8/8/8/4K3 w - - 0 1", FenError::TooManyPieces(Colour::White)),
            ("4r2k/8/8/8/r3K3/8/8/1b6 w - - 0 1", FenError::TooManyCheckers),
            ("QQQQQQQk/QQQQQQQ1/8/8/8/8/8/4K3 w - - 0 1", FenError::ImpossibleMaterial(Colour::White)),
            ("k7/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1", FenError::ImpossibleMaterial(Colour::White)),
        ];
        for (fen, expected) in cases {
            assert_eq!(Board::from_fen(fen).unwrap_err(), *expected, "{fen}");
            assert!(!expected.to_string().is_empty());
        }
    }
}
