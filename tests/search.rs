//! Search behaviour: mates with the right score, draws by rule, limits, determinism, and a
//! legal best move everywhere.

mod common;

use maxim::chess::board::Board;
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::notation::parse_uci_move;
use maxim::chess::types::Move;
use maxim::search::options::SearchOptions;
use maxim::search::report::Collector;
use maxim::search::score::Score;
use maxim::search::time::Limits;
use maxim::search::tt::TranspositionTable;
use maxim::search::{SearchResult, Searcher, Signals};

/// Searches `fen` (after the moves in `history_moves`) to `depth` with a fresh table.
fn search_with(fen: &str, history_moves: &[&str], limits: Limits, searchmoves: &[&str]) -> (SearchResult, Collector) {
    let mut board = Board::from_fen(fen).unwrap();
    let mut history = Vec::new();
    for text in history_moves {
        let m = parse_uci_move(&board, text).unwrap();
        history.push(board.key());
        board.make_move(m);
    }
    let searchmoves: Vec<Move> = searchmoves.iter().map(|t| parse_uci_move(&board, t).unwrap()).collect();
    let tt = TranspositionTable::new(16);
    let signals = Signals::default();
    let mut collector = Collector::default();
    let result = Searcher::new(&tt, &mut collector, &signals, limits, &history, &SearchOptions::default())
        .run(&board, &searchmoves);
    (result, collector)
}

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

fn search(fen: &str, d: u32) -> SearchResult {
    search_with(fen, &[], depth(d), &[]).0
}

#[test]
fn finds_mates_with_the_right_score() {
    let cases = [
        ("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 3, "c1c8", 1),
        ("1k6/8/2K5/8/8/8/8/3R4 w - - 0 1", 5, "d1a1", 2),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 6, "f6a6", 3),
        ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 6, "b1g6", 3),
    ];
    for (fen, d, best, mate) in cases {
        let result = search(fen, d);
        assert_eq!(result.best_move.to_uci(), best, "{fen}");
        assert_eq!(Score::from_search(result.score), Score::Mate(mate), "{fen}");
    }
    // Being mated reports a negative mate: Black is mated in 1 whatever it does.
    let result = search("1k6/8/2K5/8/8/8/8/R7 b - - 1 1", 4);
    assert_eq!(Score::from_search(result.score), Score::Mate(-1));
}

#[test]
fn stalemate_is_a_draw() {
    // Black to move has no legal move and is not in check: no best move, score 0.
    let result = search("7k/8/6QK/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(result.best_move, Move::NONE);
    assert_eq!(result.score, 0);
    // Qc7 stalemates; the search must prefer the mate.
    assert_eq!(search("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 4).best_move.to_uci(), "c1c8");
    // White is a queen up, but its only legal move stalemates Black: the score is 0.
    // (White king a1 boxed in by its own pawns; the queen's only move is Qb6.)
    let result = search_with("k7/2Q5/8/8/8/8/PP6/K7 w - - 0 1", &[], depth(3), &["c7b6"]).0;
    assert_eq!(result.score, 0);
}

#[test]
fn repetition_is_a_draw() {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 repeats the start position a third time.
    let moves = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];
    let start = maxim::chess::board::START_FEN;
    let (result, collector) = search_with(start, &moves, depth(4), &["f6g8"]);
    // A repetition scores a draw give or take a centipawn (`search::score::repetition_score`).
    assert!(result.score.abs() <= 1, "{}", result.score);
    // The line ends where the game does: nothing is shown after the repeating move.
    let pv: Vec<String> = collector.infos.last().unwrap().pv.iter().map(|m| m.to_uci()).collect();
    assert_eq!(pv, ["f6g8"]);
    // Without the history the same move is an ordinary move with a non-zero score.
    let board_fen = "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4";
    let (fresh, _) = search_with(board_fen, &[], depth(4), &["f6g8"]);
    assert_ne!(fresh.score, 0);
}

#[test]
fn fifty_move_rule_is_a_draw_but_mate_comes_first() {
    // A queen up, but every move reaches 100 plies without a capture or pawn move.
    let (result, collector) = search_with("7k/8/8/8/8/8/8/1Q4K1 w - - 99 100", &[], depth(4), &[]);
    assert_eq!(result.score, 0);
    assert_eq!(collector.infos.last().unwrap().pv.len(), 1, "the game ends after one move");
    assert_eq!(result.ponder_move, Move::NONE);
    // Mate on the 100th ply is still mate.
    let result = search("7k/8/6K1/8/8/8/Q7/8 w - - 99 100", 3);
    assert_eq!(Score::from_search(result.score), Score::Mate(1));
}

#[test]
fn insufficient_material_is_a_draw() {
    assert_eq!(search("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", 5).score, 0);
    assert_eq!(search("8/8/4k3/8/8/3NK3/8/8 b - - 0 1", 5).score, 0);
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let a = search(fen, 4);
    let b = search(fen, 4);
    assert_eq!(a, b);
    assert!(a.nodes > 1000);
}

#[test]
fn node_limit_is_exact_and_a_move_always_comes_back() {
    for n in [1, 2, 100, 5000, 20_000] {
        let limits = Limits { nodes: Some(n), ..Limits::default() };
        let (result, collector) = search_with(maxim::chess::board::START_FEN, &[], limits, &[]);
        assert!(result.nodes <= n + 1, "nodes {} for limit {n}", result.nodes);
        assert!(result.best_move.is_some());
        assert!(!collector.infos.is_empty(), "a final info is always reported");
    }
}

#[test]
fn best_move_is_legal_in_every_suite_position() {
    let data = common::test_data("perftsuite.epd");
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let board = Board::from_fen(fen).unwrap();
        let mut legal = MoveList::new();
        generate_legal(&board, &mut legal);
        for d in 1..=3 {
            let result = search(fen, d);
            if legal.is_empty() {
                assert_eq!(result.best_move, Move::NONE, "{fen}");
            } else {
                assert!(legal.iter().any(|&m| m == result.best_move), "{fen} depth {d}: {}", result.best_move);
                if result.ponder_move.is_some() {
                    let mut child = board;
                    child.make_move(result.best_move);
                    assert!(parse_uci_move(&child, &result.ponder_move.to_uci()).is_ok(), "ponder move in {fen}");
                }
            }
        }
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let (result, _) = search_with(maxim::chess::board::START_FEN, &[], depth(3), &["a2a3", "h2h3"]);
    assert!(["a2a3", "h2h3"].contains(&result.best_move.to_uci().as_str()));
}

#[test]
fn the_root_moves_account_for_the_search() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let board = Board::from_fen(fen).unwrap();
    let (tt, signals, mut collector) = (TranspositionTable::new(16), Signals::default(), Collector::default());
    let options = SearchOptions::default();
    let mut searcher = Searcher::new(&tt, &mut collector, &signals, depth(6), &[], &options);
    let result = searcher.run(&board, &[]);
    let root = searcher.root_moves();
    assert_eq!(root.len(), 48, "every legal move is a root move");
    // The best move is at the front, with the line reported and the final score.
    assert_eq!(root.best().mv, result.best_move);
    assert_eq!(root.best().pv[0], result.best_move);
    assert_eq!(root.best().score, result.score);
    // Every node below the root belongs to one root move; the rest are the root's own
    // visits, one per search of the root (at least one per iteration).
    let below: u64 = root.iter().map(|rm| rm.nodes).sum();
    assert!(root.iter().all(|rm| rm.nodes > 0), "every root move was searched");
    let root_visits = result.nodes - below;
    assert!((6..=30).contains(&root_visits), "{root_visits} visits of the root for {} nodes", result.nodes);
}
