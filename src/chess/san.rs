//! Standard Algebraic Notation, the move text of books, PGN and EPD test suites: `Nf3`,
//! `exd5`, `e8=Q+`, `O-O`. Writing is exact; reading is tolerant, because EPD files in the
//! wild spell castling with zeros, drop the `=` before a promotion and add `!?` annotations.
//!
//! Both directions work against the legal move list rather than against chess rules of their
//! own: a SAN move means "the one legal move that fits this description", so disambiguation,
//! check marks and legality all come from the generator that the search already trusts.

use crate::chess::board::Board;
use crate::chess::movegen::{generate_legal, MoveList};
use crate::chess::types::*;

/// The SAN letter of a piece kind; pawns have none.
fn piece_letter(kind: Kind) -> &'static str {
    match kind {
        KNIGHT => "N",
        BISHOP => "B",
        ROOK => "R",
        QUEEN => "Q",
        KING => "K",
        _ => "",
    }
}

/// The piece kind an upper-case SAN letter names. Lower case is refused because `b` is also
/// a file, and `bxc3` must stay a pawn capture.
fn kind_from_letter(letter: u8) -> Option<Kind> {
    match letter {
        b'P' => Some(PAWN),
        b'N' => Some(KNIGHT),
        b'B' => Some(BISHOP),
        b'R' => Some(ROOK),
        b'Q' => Some(QUEEN),
        b'K' => Some(KING),
        _ => None,
    }
}

/// The letter of a square's file, `a`..`h`.
fn file_char(sq: Square) -> char {
    (b'a' + file_of(sq) as u8) as char
}

/// The digit of a square's rank, `1`..`8`.
fn rank_char(sq: Square) -> char {
    (b'1' + rank_of(sq) as u8) as char
}

/// The SAN of a legal move: piece letter, the least disambiguation that makes it unique
/// (file, else rank, else both), `x` on captures, `=Q` on promotions, `O-O` / `O-O-O`, and a
/// `+` or `#` found by playing the move and looking at the replies. A move that is not legal
/// in `board` has no SAN; it comes back in UCI notation rather than as a panic.
pub fn to_san(board: &Board, m: Move) -> String {
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    if !moves.iter().any(|&legal| legal == m) {
        return m.to_uci();
    }
    let (from, to) = (m.from(), m.to());
    let kind = kind_of(board.piece_at(from));
    let mut san = String::new();
    if m.is_castling() {
        san.push_str(if to > from { "O-O" } else { "O-O-O" });
    } else if kind == PAWN {
        // A pawn that changes file captures, en passant included (its target square is
        // empty, so the board alone would not say so). The file it left is all SAN needs:
        // two pawns can never capture onto the same square from the same file.
        if file_of(from) != file_of(to) {
            san.push(file_char(from));
            san.push('x');
        }
        san.push_str(&square_name(to));
        if m.promotion() != 0 {
            san.push('=');
            san.push_str(piece_letter(m.promotion()));
        }
    } else {
        san.push_str(piece_letter(kind));
        san.push_str(&disambiguation(board, &moves, m));
        if board.piece_at(to) != EMPTY {
            san.push('x');
        }
        san.push_str(&square_name(to));
    }
    let mut child = *board;
    child.make_move(m);
    if child.in_check() {
        let mut replies = MoveList::new();
        generate_legal(&child, &mut replies);
        san.push(if replies.is_empty() { '#' } else { '+' });
    }
    san
}

/// What must follow the piece letter so that no other piece of the same kind could be read
/// as moving to the same square: nothing, the file, the rank, or (three or more pieces, as
/// after promotions) the whole square.
fn disambiguation(board: &Board, moves: &MoveList, m: Move) -> String {
    let from = m.from();
    let kind = kind_of(board.piece_at(from));
    let rivals: Vec<Square> = moves
        .iter()
        .filter(|r| r.to() == m.to() && r.from() != from && kind_of(board.piece_at(r.from())) == kind)
        .map(|r| r.from())
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|&sq| file_of(sq) != file_of(from)) {
        file_char(from).to_string()
    } else if rivals.iter().all(|&sq| rank_of(sq) != rank_of(from)) {
        rank_char(from).to_string()
    } else {
        square_name(from)
    }
}

/// What a piece of SAN text says about its move. Every field is a constraint; a legal move
/// that meets them all is a reading of the text.
struct SanPattern {
    /// The kind of the piece that moves.
    kind: Kind,
    /// The file it leaves, when the text names one.
    from_file: Option<usize>,
    /// The rank it leaves, when the text names one.
    from_rank: Option<usize>,
    /// Where it lands.
    to: Square,
    /// The promotion kind, 0 for none. It must match exactly, so a bare `e8` does not fit a
    /// promotion: which piece to make is never guessed.
    promotion: Kind,
    /// `O-O` (true) or `O-O-O` (false): then only that castling fits, and the fields above
    /// are unused. Otherwise no castling fits.
    castling: Option<bool>,
}

impl SanPattern {
    /// Reads SAN text, or `None` when it is not SAN at all. Only the shape
    /// is checked here; whether a legal move fits is `parse_san`'s job.
    fn parse(text: &str) -> Option<SanPattern> {
        if !text.is_ascii() {
            // Also what makes the byte slicing below safe: every byte is a char boundary.
            return None;
        }
        // Peel check marks, annotations and an "e.p." remark off the end, in any order.
        let mut body = text.trim();
        loop {
            let before = body.len();
            body = body.trim_end_matches(['+', '#', '!', '?']).trim_end();
            body = body.strip_suffix("e.p.").unwrap_or(body).trim_end();
            if body.len() == before {
                break;
            }
        }
        let castling = match body.replace('0', "O").to_ascii_uppercase().as_str() {
            "O-O" | "OO" => Some(true),
            "O-O-O" | "OOO" => Some(false),
            _ => None,
        };
        if let Some(kingside) = castling {
            return Some(SanPattern {
                kind: KING,
                from_file: None,
                from_rank: None,
                to: NO_SQUARE,
                promotion: 0,
                castling: Some(kingside),
            });
        }

        let mut rest = body.as_bytes();
        let kind = match rest.first().copied().and_then(kind_from_letter) {
            Some(kind) => {
                rest = &rest[1..];
                kind
            }
            None => PAWN,
        };
        // A square always ends in a digit, so a trailing letter can only be a promotion;
        // here either case is fine.
        let mut promotion = 0;
        if let Some((&last, head)) = rest.split_last() {
            if let Some(k) = kind_from_letter(last.to_ascii_uppercase()).filter(|k| (KNIGHT..=QUEEN).contains(k)) {
                promotion = k;
                rest = head.strip_suffix(b"=").unwrap_or(head);
            }
        }
        if rest.len() < 2 {
            return None;
        }
        let (middle, target) = rest.split_at(rest.len() - 2);
        let to = parse_square(std::str::from_utf8(target).ok()?)?;
        // Between piece and target: an optional origin file and/or rank, in that order, and
        // capture or long-algebraic separators, which say nothing the move list does not.
        let (mut from_file, mut from_rank) = (None, None);
        for &c in middle.iter().filter(|&&c| !matches!(c, b'x' | b'X' | b':' | b'-')) {
            match c {
                b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => from_file = Some((c - b'a') as usize),
                b'1'..=b'8' if from_rank.is_none() => from_rank = Some((c - b'1') as usize),
                _ => return None,
            }
        }
        Some(SanPattern { kind, from_file, from_rank, to, promotion, castling: None })
    }

    /// Whether the legal move `m` in `board` is one this text could mean.
    fn matches(&self, board: &Board, m: Move) -> bool {
        let from = m.from();
        if let Some(kingside) = self.castling {
            return m.is_castling() && (m.to() > from) == kingside;
        }
        !m.is_castling()
            && kind_of(board.piece_at(from)) == self.kind
            && m.to() == self.to
            && m.promotion() == self.promotion
            && self.from_file.iter().all(|&file| file == file_of(from))
            && self.from_rank.iter().all(|&rank| rank == rank_of(from))
    }
}

/// Finds the legal move that SAN text describes. Tolerant of how test suites write it:
/// `Nxe5`, `exd5`, `e8=Q` and `e8Q`, `O-O` and `0-0`, long forms such as `Ng1-f3`, and trailing
/// `+`, `#`, `!`, `?` or `e.p.`; check marks and `x` are not verified, since the move list
/// settles the move without them. Any text that fits no legal move, or more than one, is an
/// error naming the text.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, String> {
    let pattern = SanPattern::parse(text).ok_or_else(|| format!("'{text}' is not a move in SAN"))?;
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    let mut fits = moves.iter().copied().filter(|&m| pattern.matches(board, m));
    match (fits.next(), fits.next()) {
        (Some(m), None) => Ok(m),
        (None, _) => Err(format!("'{text}' is not a legal move in this position")),
        (Some(_), Some(_)) => Err(format!("'{text}' is ambiguous in this position")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci_move;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    /// The same position with colours swapped, so Black promotes and castles.
    const PROMOTIONS_BLACK: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
    /// Knights b8/f6 both reach d7, rooks a1/a5 both reach a3, queens e4/h4/h1 all reach e1.
    const RIVALS: &str = "1N1k4/8/5N2/R7/4Q2Q/1K6/8/R6Q w - - 0 1";
    /// Black has just played d7-d5 beside White's e5 pawn.
    const EN_PASSANT: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    const SCHOLARS_MATE: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))
    }

    fn legal_moves(board: &Board) -> Vec<Move> {
        let mut list = MoveList::new();
        generate_legal(board, &mut list);
        list.as_slice().to_vec()
    }

    /// The SAN of the move given in UCI notation.
    fn san_of(fen: &str, uci: &str) -> String {
        let b = board(fen);
        let m = parse_uci_move(&b, uci).unwrap_or_else(|e| panic!("{e} in {fen}"));
        to_san(&b, m)
    }

    #[test]
    fn every_legal_move_round_trips_and_is_unique() {
        for fen in
            [crate::chess::board::START_FEN, KIWIPETE, PROMOTIONS, PROMOTIONS_BLACK, RIVALS, EN_PASSANT, SCHOLARS_MATE]
        {
            let b = board(fen);
            let mut seen = std::collections::HashSet::new();
            for m in legal_moves(&b) {
                let san = to_san(&b, m);
                assert!(seen.insert(san.clone()), "{san} written twice in {fen}");
                assert_eq!(parse_san(&b, &san), Ok(m), "{san} ({m}) in {fen}");
            }
        }
    }

    #[test]
    fn writes_standard_forms() {
        assert_eq!(san_of(crate::chess::board::START_FEN, "e2e4"), "e4");
        assert_eq!(san_of(crate::chess::board::START_FEN, "g1f3"), "Nf3");
        assert_eq!(san_of(KIWIPETE, "e1g1"), "O-O");
        assert_eq!(san_of(KIWIPETE, "e1c1"), "O-O-O");
        assert_eq!(san_of(KIWIPETE, "e2a6"), "Bxa6");
        assert_eq!(san_of(KIWIPETE, "g2h3"), "gxh3");
        assert_eq!(san_of(EN_PASSANT, "e5d6"), "exd6");
        assert_eq!(san_of(RIVALS, "b8d7"), "Nbd7");
        // The f6 knight was blocking the h4 queen's diagonal to d8: a discovered check.
        assert_eq!(san_of(RIVALS, "f6d7"), "Nfd7+");
        assert_eq!(san_of(RIVALS, "a1a3"), "R1a3");
        assert_eq!(san_of(RIVALS, "a5a3"), "R5a3");
        assert_eq!(san_of(RIVALS, "h4e1"), "Qh4e1");
        assert_eq!(san_of(RIVALS, "e4e1"), "Qee1");
        assert_eq!(san_of(RIVALS, "h1e1"), "Q1e1");
        assert_eq!(san_of(SCHOLARS_MATE, "h5f7"), "Qxf7#");
        let promote = "3k4/1P6/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(san_of(promote, "b7b8q"), "b8=Q+");
        assert_eq!(san_of(promote, "b7b8n"), "b8=N");
        assert_eq!(san_of(PROMOTIONS, "b4c5"), "Bc5");
    }

    #[test]
    fn black_castles_and_gives_check() {
        let b = board("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assert_eq!(to_san(&b, parse_uci_move(&b, "e8g8").unwrap()), "O-O");
        assert_eq!(to_san(&b, parse_uci_move(&b, "e8c8").unwrap()), "O-O-O");
        assert_eq!(to_san(&b, parse_uci_move(&b, "a8a1").unwrap()), "Ra1+");
    }

    #[test]
    fn reads_tolerant_spellings() {
        let uci = |fen: &str, text: &str| parse_san(&board(fen), text).map(Move::to_uci);
        assert_eq!(uci(KIWIPETE, "0-0").as_deref(), Ok("e1g1"));
        assert_eq!(uci(KIWIPETE, "O-O-O!").as_deref(), Ok("e1c1"));
        assert_eq!(uci(KIWIPETE, "Nxf7!?").as_deref(), Ok("e5f7"));
        assert_eq!(uci(KIWIPETE, "Ne5xf7").as_deref(), Ok("e5f7"));
        assert_eq!(uci(KIWIPETE, "  dxe6 ").as_deref(), Ok("d5e6"));
        assert_eq!(uci(EN_PASSANT, "exd6 e.p.").as_deref(), Ok("e5d6"));
        assert_eq!(uci(EN_PASSANT, "ed6").as_deref(), Ok("e5d6"));
        assert_eq!(uci(crate::chess::board::START_FEN, "Ng1-f3").as_deref(), Ok("g1f3"));
        assert_eq!(uci(crate::chess::board::START_FEN, "e2e4").as_deref(), Ok("e2e4"));
        let promote = "3k4/1P6/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(uci(promote, "b8=Q+").as_deref(), Ok("b7b8q"));
        assert_eq!(uci(promote, "b8Q").as_deref(), Ok("b7b8q"));
        assert_eq!(uci(promote, "b8=n").as_deref(), Ok("b7b8n"));
        assert_eq!(uci(SCHOLARS_MATE, "Qxf7#").as_deref(), Ok("h5f7"));
        assert_eq!(uci(RIVALS, "Qh4e1").as_deref(), Ok("h4e1"));
        assert_eq!(uci("8/8/8/8/8/8/1p4k1/R3K3 b - - 0 1", "bxa1=Q+").as_deref(), Ok("b2a1q"));
    }

    #[test]
    fn refuses_illegal_ambiguous_and_garbage_text() {
        let rivals = board(RIVALS);
        for text in ["Nd7", "Ra3", "Qe1", "Qhe1"] {
            let err = parse_san(&rivals, text).unwrap_err();
            assert!(err.contains(text) && err.contains("ambiguous"), "{err}");
        }
        let start = Board::start();
        for text in ["e5", "Ke2", "O-O", "Nf6", "e2e5"] {
            let err = parse_san(&start, text).unwrap_err();
            assert!(err.contains(text) && err.contains("not a legal"), "{err}");
        }
        // A promotion must say what it makes.
        assert!(parse_san(&board("3k4/1P6/8/8/8/8/8/K7 w - - 0 1"), "b8").is_err());
        for text in
            ["", " ", "+", "x", "=", "e", "e9", "z4", "Nxx", "Ne4e4e4", "O-O-O-O", "é4", "Ñf3", "e4=", "N\u{0}f3"]
        {
            let err = parse_san(&start, text).unwrap_err();
            assert!(err.contains(text), "{err}");
        }
    }

    #[test]
    fn short_strings_never_panic() {
        let b = board(KIWIPETE);
        let alphabet = ["a", "e", "h", "1", "8", "9", "x", "=", "-", "O", "0", "N", "Q", "q", "+", "é", " "];
        for x in alphabet {
            for y in alphabet {
                for z in alphabet {
                    let text = format!("{x}{y}{z}");
                    if let Ok(m) = parse_san(&b, &text) {
                        assert!(legal_moves(&b).contains(&m), "{text} gave {m}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_bk_best_move_is_legal() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bk.epd");
        let suite = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read test suite {path}: {e}"));
        let mut checked = 0;
        for line in suite.lines().filter(|l| !l.trim().is_empty()) {
            let fields: Vec<&str> = line.splitn(5, ' ').collect();
            assert_eq!(fields.len(), 5, "EPD line without operations: {line}");
            let b = board(&fields[..4].join(" "));
            let best = fields[4].split(';').map(str::trim).find_map(|op| op.strip_prefix("bm "));
            let best = best.unwrap_or_else(|| panic!("no bm in {line}"));
            for text in best.split_whitespace() {
                let m = parse_san(&b, text).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(to_san(&b, m), text, "{line}");
                checked += 1;
            }
        }
        assert!(checked >= 24, "only {checked} best moves found in {path}");
    }
}
