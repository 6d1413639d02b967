//! Move generation against exact perft counts: the 126-position suite and the six
//! standard positions from the Chess Programming Wiki.

mod common;

use maxim::chess::board::Board;
use maxim::chess::perft::perft;

/// Depths whose expected count is below this are run; deeper ones are left to `maxim perft`.
const NODE_LIMIT: u64 = 2_000_000;

#[test]
fn every_suite_position_matches() {
    let data = common::test_data("perftsuite.epd");
    let mut positions = 0;
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let (fen, expected) = common::perft_line(line);
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        positions += 1;
        // The deepest depth under the limit; at least depth 1 always runs.
        let (depth, count) = expected
            .iter()
            .copied()
            .filter(|&(d, c)| c < NODE_LIMIT || d == 1)
            .max_by_key(|&(d, _)| d)
            .unwrap_or_else(|| panic!("no depths in line: {line}"));
        assert_eq!(perft(&board, depth), count, "perft {depth} of {fen}");
        checked += 1;
    }
    assert_eq!(positions, 126, "the suite should hold 126 positions");
    assert_eq!(checked, positions);
}

#[test]
fn six_standard_positions() {
    let cases: &[(&str, u32, u64)] = &[
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
    ];
    for &(fen, depth, expected) in cases {
        let board = Board::from_fen(fen).unwrap();
        assert_eq!(perft(&board, depth), expected, "perft {depth} of {fen}");
    }
}

/// perft's last ply counts moves with a counting generator that takes some pieces' targets
/// as whole sets; it must agree with the listing generator the search uses, in every node of
/// the first three plies below every suite position (standard and Chess960), so that the
/// exact perft counts vouch for both.
#[test]
fn counting_generator_agrees_with_the_list_in_every_node() {
    use maxim::chess::movegen::{count_legal, generate_legal, MoveList};
    fn walk(board: &Board, depth: u32, nodes: &mut u64) {
        let mut moves = MoveList::new();
        generate_legal(board, &mut moves);
        assert_eq!(count_legal(board), moves.len(), "{}", board.to_fen());
        *nodes += 1;
        if depth > 1 {
            for &m in moves.iter() {
                let mut child = *board;
                child.make_move(m);
                walk(&child, depth - 1, nodes);
            }
        }
    }
    let mut nodes = 0;
    for file in ["perftsuite.epd", "frcperftsuite.epd", "dfrcperft.epd"] {
        let data = common::test_data(file);
        let lines = data.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines.step_by(if file == "perftsuite.epd" { 1 } else { 8 }) {
            let (fen, _) = common::perft_line(line);
            walk(&Board::from_fen(fen).unwrap(), 3, &mut nodes);
        }
    }
    assert!(nodes > 100_000, "the walk should cover many positions, got {nodes}");
}

/// `movegen::is_legal` generates only the moves of one piece; it must agree with the full
/// generator on every one of the 65,536 move codes (including garbage from a colliding hash
/// entry) in every suite position.
#[test]
fn is_legal_agrees_with_the_generator_on_every_move_code() {
    use maxim::chess::movegen::{generate_legal, is_legal, MoveList};
    use maxim::chess::types::Move;
    let data = common::test_data("perftsuite.epd");
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let board = Board::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&board, &mut list);
        let mut accepted = 0;
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            let legal = is_legal(&board, m);
            assert_eq!(legal, list.iter().any(|&g| g == m), "{m:?} in {fen}");
            accepted += legal as usize;
        }
        assert_eq!(accepted, list.len(), "each legal move has one code, in {fen}");
    }
}
