//! UCI_LimitStrength through the search: every level plays a legal move and reports it last,
//! mates a bare king with a queen or a rook within the fifty-move rule, and from 1400 up never
//! plays a move that a short noise-free search shows losing material. (The option parsing is
//! tested in `uci::options`; the `go` forms in `uci-scripts/limit_strength_*.uci`.)

use maxim::chess::board::{Board, START_FEN};
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::rng::Rng;
use maxim::chess::types::Move;
use maxim::search::level::{MAX_ELO, MIN_ELO};
use maxim::search::options::SearchOptions;
use maxim::search::report::Collector;
use maxim::search::time::Limits;
use maxim::search::tt::TranspositionTable;
use maxim::search::{SearchResult, Searcher, Signals};

const POSITIONS: [&str; 5] = [
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "2r3k1/pp3ppp/2n1b3/3pP3/3P4/P1N2N2/1P3PPP/2R3K1 w - - 0 20",
    "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 b - - 0 40",
];

fn level(elo: u32) -> SearchOptions {
    SearchOptions { limit_strength: true, elo, ..SearchOptions::default() }
}

/// One search of `board` with `options` and `limits` on a fresh table, with the game's keys.
fn search(board: &Board, options: &SearchOptions, limits: Limits, history: &[u64]) -> (SearchResult, Collector) {
    let (tt, signals, mut collector) = (TranspositionTable::new(16), Signals::default(), Collector::default());
    let result = Searcher::new(&tt, &mut collector, &signals, limits, history, options).run(board, &[]);
    (result, collector)
}

fn is_legal(board: &Board, m: Move) -> bool {
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    moves.iter().any(|&legal| legal == m)
}

#[test]
fn every_level_plays_a_legal_move_and_reports_it_last() {
    for elo in (MIN_ELO..MAX_ELO).step_by(150) {
        for fen in POSITIONS {
            let board = Board::from_fen(fen).unwrap();
            let (result, collector) = search(&board, &level(elo), Limits::default(), &[]);
            assert!(is_legal(&board, result.best_move), "{elo} {fen}");
            let last = collector.infos.last().expect("a report");
            assert_eq!(last.pv.first(), Some(&result.best_move), "{elo} {fen}: the last info is the move played");
            assert_eq!(result.pv.first(), Some(&result.best_move));
        }
    }
}

#[test]
fn a_level_searches_within_its_budget() {
    // 1000 searches 80 nodes; the weakest levels do not check their move, so that is all.
    let board = Board::from_fen(POSITIONS[1]).unwrap();
    let (result, _) = search(&board, &level(MIN_ELO), Limits::default(), &[]);
    assert!(result.nodes <= 80, "{}", result.nodes);
    // `go nodes` below the level's budget still counts.
    let (result, _) = search(&board, &level(1800), Limits { nodes: Some(25), ..Limits::default() }, &[]);
    // The checks of the move come on top: 6,000 to 20,000 nodes in these positions.
    assert!(result.nodes <= 25 + 50_000, "the checks of the move come on top: {}", result.nodes);
}

/// Plays `fen` out, both sides at level `elo`, until the game ends or `plies` have gone.
/// Returns the plies to mate if the side to move at the start gave mate.
fn play_out(fen: &str, elo: u32, plies: usize) -> Option<usize> {
    let mut board = Board::from_fen(fen).unwrap();
    let mut keys = Vec::new();
    let attacker = board.side();
    for ply in 0..plies {
        let (result, _) = search(&board, &level(elo), Limits::default(), &keys);
        if !result.best_move.is_some() {
            return (board.in_check() && board.side() != attacker).then_some(ply);
        }
        keys.push(board.key());
        board.make_move(result.best_move);
        if board.halfmove_clock() >= 100 {
            return None;
        }
    }
    let mut moves = MoveList::new();
    generate_legal(&board, &mut moves);
    (moves.is_empty() && board.in_check() && board.side() != attacker).then_some(plies)
}

#[test]
fn the_weakest_level_mates_with_a_rook_or_a_queen() {
    // The kings apart, the defender's in the centre: the long way to mate.
    for fen in ["8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/2k5/8/8/8/8/3QK3 w - - 0 1", "8/8/8/3K4/8/8/8/r3k3 b - - 0 1"] {
        assert!(play_out(fen, MIN_ELO, 100).is_some(), "no mate within the fifty-move rule: {fen}");
    }
}

/// The same from 450 random starts (225 with a rook, 225 with a queen), both sides at the
/// weakest level: every one is mate within the fifty-move rule. Prints the longest mates (a
/// level seeds its choices from the clock, so they differ from run to run).
/// `cargo test --release --test strength_limit -- --ignored --nocapture many_starts`
#[test]
#[ignore]
fn the_weakest_level_mates_from_many_starts() {
    let mut rng = Rng::new(18);
    for piece in ['R', 'Q'] {
        let (mut games, mut longest) = (0, 0);
        while games < 225 {
            let squares = [rng.below(64), rng.below(64), rng.below(64)];
            let (white_king, black_king) = (squares[0], squares[2]);
            let apart = (white_king % 8).abs_diff(black_king % 8).max((white_king / 8).abs_diff(black_king / 8));
            if squares[0] == squares[1] || squares[1] == squares[2] || apart < 2 {
                continue;
            }
            // Each empty square a "1": the FEN reader adds up runs of digits.
            let mut cells = ['1'; 64];
            (cells[squares[0]], cells[squares[1]], cells[squares[2]]) = ('K', piece, 'k');
            let ranks: Vec<String> = (0..8).rev().map(|r| cells[r * 8..r * 8 + 8].iter().collect()).collect();
            let placement = ranks.join("/");
            // Black must not stand in check with White to move, nor be mated or stalemated at once.
            let black_to_move = Board::from_fen(&format!("{placement} b - - 0 1")).unwrap();
            let mut replies = MoveList::new();
            generate_legal(&black_to_move, &mut replies);
            if black_to_move.in_check() || replies.is_empty() {
                continue;
            }
            let fen = Board::from_fen(&format!("{placement} w - - 0 1")).unwrap().to_fen();
            let plies =
                play_out(&fen, MIN_ELO, 100).unwrap_or_else(|| panic!("no mate within the fifty-move rule: {fen}"));
            (games, longest) = (games + 1, longest.max(plies));
        }
        println!("K+{piece} v K: {games} starts at {MIN_ELO}, every one mate, the longest in {longest} plies");
    }
}

#[test]
fn from_1400_no_move_loses_material_to_a_short_search() {
    // The score a fresh full-strength search at depth 3 gives `m` (alone), and the position.
    let check = |board: &Board, m: Option<Move>| {
        let (tt, signals, mut collector) = (TranspositionTable::new(16), Signals::default(), Collector::default());
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let moves: Vec<Move> = m.into_iter().collect();
        let options = SearchOptions::default();
        Searcher::new(&tt, &mut collector, &signals, limits, &[], &options).run(board, &moves).score
    };
    // Positions where a piece can be left hanging or walked into a fork.
    let fens = [
        POSITIONS[2],
        POSITIONS[3],
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
        "rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 1 4",
    ];
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        let best = check(&board, None);
        for elo in [1400, 1600, 1800] {
            for _ in 0..4 {
                let (result, _) = search(&board, &level(elo), Limits::default(), &[]);
                let played = check(&board, Some(result.best_move));
                // The level's own check shares the table with its noisy search, so allow more
                // than its margin (80) for what a fresh table sees differently.
                assert!(
                    played >= best - 150,
                    "{elo} {fen}: {} scores {played}, best {best}",
                    result.best_move.to_uci()
                );
            }
        }
    }
}
