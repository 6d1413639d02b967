//! Chess960 and Double Fischer Random Chess: castling with the king and rooks anywhere on the
//! back rank, checked by exact perft counts (the 960-position Chess960 suite, and Double
//! Fischer Random positions counted by python-chess), by the castling rules' corner cases,
//! and by FEN in its three castling forms.

mod common;

use maxim::chess::board::Board;
use maxim::chess::movegen::{generate_legal, is_legal, MoveList};
use maxim::chess::perft::perft;
use maxim::chess::types::Move;

/// Runs every line of a suite to `max_depth` (or its deepest count below that). Returns how
/// many positions were checked.
fn run_suite(file: &str, max_depth: u32) -> usize {
    let data = common::test_data(file);
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (fen, counts) = common::perft_line(line);
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let &(depth, count) =
            counts.iter().filter(|&&(d, _)| d <= max_depth).max_by_key(|&&(d, _)| d).expect("a count to check");
        assert_eq!(perft(&board, depth), count, "perft {depth} of {fen}");
        checked += 1;
    }
    checked
}

#[test]
fn every_chess960_suite_position_at_depth_4() {
    assert_eq!(run_suite("frcperftsuite.epd", 4), 960);
}

#[test]
fn every_double_fischer_random_position_at_depth_4() {
    assert_eq!(run_suite("dfrcperft.epd", 4), 50);
}

/// About 250 billion nodes in all: some 20 minutes at the 228 M nodes/s `go perft` reaches on
/// this suite (docs/chess960.md; an estimate). `cargo test --release -- --ignored deep`.
#[test]
#[ignore]
fn deep_every_chess960_suite_position_at_depth_6() {
    assert_eq!(run_suite("frcperftsuite.epd", 6), 960);
}

/// Positions built to break castling code, with perft 3 counts from python-chess 1.11.2.
#[test]
fn castling_corner_cases() {
    let cases: &[(&str, u64, &str)] = &[
        // The castling rook on b1 is pinned along the rank by the rook on a1: O-O-O would
        // leave the king on c1 in check.
        ("4k3/8/8/8/8/8/8/rR2K1N1 w B - 0 1", 2219, "pinned castling rook"),
        // The king already stands on g1 and castles by moving only the rook (h1-f1).
        ("4k3/8/8/8/8/8/8/6KR w H - 0 1", 948, "king already on its destination"),
        // The king on b1 castles queenside by stepping onto c1 with the rook from a1 to d1.
        ("4k3/8/8/8/8/8/8/RK6 w A - 0 1", 945, "king steps right to castle queenside"),
        // King f1 and rook g1 swap squares (O-O: king to g1, rook to f1).
        ("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", 1033, "king and rook swap"),
        // A square only the rook crosses may be attacked; one the king crosses may not.
        ("1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1", 3602, "rook crosses an attacked square"),
        ("2r1k3/8/8/8/8/8/8/R3K3 w A - 0 1", 3415, "king would cross an attacked square"),
        // Two rooks on one side: castling with the outer one is blocked by the inner one,
        // castling with the inner one is not.
        ("4k3/8/8/8/8/8/8/4K1RR w K - 0 1", 2380, "outer rook blocked by the inner"),
        ("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", 2446, "inner rook castles"),
        // Rights for both sides; Black's queenside rook in the corner.
        ("r3k3/8/8/8/8/8/8/1R4KR w Hq - 0 1", 8682, "king on g1 with rooks b1 and h1"),
        // In check: no castling either way.
        ("2r1kr2/8/8/8/8/8/8/1RK3R1 w GBfc - 0 1", 1503, "castling out of check"),
    ];
    for &(fen, expected, what) in cases {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(perft(&board, 3), expected, "{what}: perft 3 of {fen}");
    }
}
/// `is_legal` (the check of hash and killer moves) must accept exactly the generated moves,
/// castling flag included, in Chess960 positions too.
#[test]
fn is_legal_agrees_with_the_generator_on_every_move_code() {
    let data = common::test_data("frcperftsuite.epd");
    for line in data.lines().take(40) {
        let (fen, _) = common::perft_line(line);
        let board = Board::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&board, &mut list);
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            assert_eq!(is_legal(&board, m), list.iter().any(|&g| g == m), "{m:?} in {fen}");
        }
    }
}

#[test]
fn fen_reads_shredder_x_fen_and_plain_castling() {
    // Shredder-FEN, X-FEN and plain FEN name the same rights here.
    let shredder = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    let x_fen = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9").unwrap();
    assert_eq!(shredder.key(), x_fen.key());
    assert_eq!(shredder.to_fen_as(true), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(shredder.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    // Two rooks on one side: K is the outer one (h1), a file letter names the inner one (g1).
    let outer = Board::from_fen("4k3/8/8/8/8/8/8/4K1RR w K - 0 1").unwrap();
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/4K1RR w G - 0 1").unwrap();
    assert_eq!(outer.to_fen_as(true), "4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
    assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "X-FEN names an inner rook by its file");
    // Impossible rights are refused: no rook on the file, the king off its back rank, a file
    // letter on the king's own file, two rooks for one right.
    for fen in [
        "4k3/8/8/8/8/8/8/4K2R w A - 0 1",
        "8/8/8/8/8/4k3/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w E - 0 1",
        "4k3/8/8/8/8/8/8/4K1RR w GH - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KX - 0 1",
    ] {
        assert!(Board::from_fen(fen).is_err(), "{fen} should be refused");
    }
}

#[test]
fn san_and_uci_text_of_chess960_castling() {
    use maxim::chess::notation::parse_uci_move;
    use maxim::chess::san::{parse_san, to_san};
    // King f1, rooks a1 and h1: O-O is f1h1 (king to g1), O-O-O is f1a1 (king to c1).
    let board = Board::from_fen("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1").unwrap();
    let short = parse_san(&board, "O-O").unwrap();
    let long = parse_san(&board, "0-0-0").unwrap();
    assert_eq!((short.to_uci_as(true), long.to_uci_as(true)), ("f1h1".to_string(), "f1a1".to_string()));
    assert_eq!((to_san(&board, short), to_san(&board, long)), ("O-O".to_string(), "O-O-O".to_string()));
    // Kg1 is the king's step, not castling; the king taking its rook is only castling.
    assert!(!parse_san(&board, "Kg1").unwrap().is_castling());
    assert!(parse_san(&board, "Kh1").is_err());
    assert_eq!(parse_uci_move(&board, "f1h1").unwrap(), short);
    // Without UCI_Chess960 a castling with no two-square form keeps the king-takes-rook text.
    assert_eq!(short.to_uci_as(false), "f1h1");
    // Standard chess: both spellings read, the two-square one written.
    let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
    let castle = parse_uci_move(&board, "e8h8").unwrap();
    assert_eq!(parse_uci_move(&board, "e8g8").unwrap(), castle);
    assert_eq!((castle.to_uci(), to_san(&board, castle)), ("e8g8".to_string(), "O-O".to_string()));
}
