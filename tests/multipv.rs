//! MultiPV and the win/draw/loss estimate, through the search's reports: the lines are
//! distinct and sorted, their number is capped by the moves there are, `searchmoves` and mates
//! work with them, and the estimate sums to a thousand.

use maxim::chess::board::{Board, START_FEN};
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::notation::parse_uci_move;
use maxim::chess::types::Move;
use maxim::search::options::SearchOptions;
use maxim::search::report::{Collector, ScoreBound, SearchInfo};
use maxim::search::score::Score;
use maxim::search::time::Limits;
use maxim::search::tt::TranspositionTable;
use maxim::search::{SearchResult, Searcher, Signals};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Searches `fen` to `depth` with `lines` lines (and the WDL estimate on), with a fresh table.
fn search(fen: &str, depth: u32, lines: usize, searchmoves: &[&str]) -> (SearchResult, Vec<SearchInfo>) {
    let board = Board::from_fen(fen).unwrap();
    let searchmoves: Vec<Move> = searchmoves.iter().map(|t| parse_uci_move(&board, t).unwrap()).collect();
    let (tt, signals, mut collector) = (TranspositionTable::new(16), Signals::default(), Collector::default());
    let options = SearchOptions { multi_pv: lines, show_wdl: true, ..SearchOptions::default() };
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let result = Searcher::new(&tt, &mut collector, &signals, limits, &[], &options).run(&board, &searchmoves);
    (result, collector.infos)
}

/// The lines of the last report at `depth`, in the order reported.
fn lines_at(infos: &[SearchInfo], depth: u32) -> Vec<&SearchInfo> {
    let last_first_line = infos.iter().rposition(|i| i.multipv == 1 && i.depth == depth).unwrap();
    let mut lines: Vec<&SearchInfo> =
        infos[last_first_line..].iter().filter(|i| i.bound == ScoreBound::Exact).collect();
    lines.dedup_by_key(|i| i.multipv);
    lines
}

fn cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

#[test]
fn three_lines_are_distinct_and_sorted() {
    for fen in [START_FEN, KIWIPETE] {
        let (result, infos) = search(fen, 7, 3, &[]);
        let lines = lines_at(&infos, 7);
        assert_eq!(lines.iter().map(|i| i.multipv).collect::<Vec<_>>(), [1, 2, 3], "{fen}");
        let firsts: Vec<Move> = lines.iter().map(|i| i.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{fen}: {firsts:?}");
        assert!(lines.windows(2).all(|w| cp(w[0].score) >= cp(w[1].score)), "{fen}: sorted by score");
        assert_eq!(result.best_move, firsts[0], "bestmove is line 1's move");
        assert!(lines.iter().all(|i| i.depth == 7));
    }
}

#[test]
fn no_more_lines_than_moves_or_searchmoves() {
    // Two legal moves (the king's, out of check).
    let fen = "k7/8/8/8/8/8/8/K6r w - - 0 1";
    let board = Board::from_fen(fen).unwrap();
    let mut legal = MoveList::new();
    generate_legal(&board, &mut legal);
    let (_, infos) = search(fen, 5, 10, &[]);
    let lines = lines_at(&infos, 5);
    assert_eq!((lines.len(), legal.len()), (2, 2));
    assert!(infos.iter().all(|i| (i.multipv as usize) <= legal.len()));

    let (result, infos) = search(START_FEN, 5, 5, &["a2a3", "g1f3", "e2e4"]);
    let lines = lines_at(&infos, 5);
    assert_eq!(lines.len(), 3);
    let mut firsts: Vec<String> = lines.iter().map(|i| i.pv[0].to_uci()).collect();
    firsts.sort();
    assert_eq!(firsts, ["a2a3", "e2e4", "g1f3"]);
    assert!(["a2a3", "g1f3", "e2e4"].contains(&result.best_move.to_uci().as_str()));
}

#[test]
fn a_mate_leads_the_lines() {
    // Mate in one with Qc8; the other lines are real moves with their own scores.
    let (result, infos) = search("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 5, 3, &[]);
    let lines = lines_at(&infos, 5);
    assert_eq!(lines[0].score, Score::Mate(1));
    assert_eq!(result.best_move.to_uci(), "c1c8");
    assert_eq!(lines.len(), 3);
    assert!(lines[1..].iter().all(|i| i.pv[0] != result.best_move));
}

#[test]
fn one_line_is_the_plain_search() {
    // MultiPV 1 searches exactly as before: the same nodes and move as the default options.
    let board = Board::from_fen(KIWIPETE).unwrap();
    let run = |options: SearchOptions| {
        let (tt, signals, mut collector) = (TranspositionTable::new(16), Signals::default(), Collector::default());
        let limits = Limits { depth: Some(7), ..Limits::default() };
        Searcher::new(&tt, &mut collector, &signals, limits, &[], &options).run(&board, &[])
    };
    let plain = run(SearchOptions::default());
    let one = run(SearchOptions { multi_pv: 1, show_wdl: true, ..SearchOptions::default() });
    assert_eq!((plain.nodes, plain.best_move), (one.nodes, one.best_move));
}

#[test]
fn the_estimate_sums_to_a_thousand() {
    let (_, infos) = search(KIWIPETE, 6, 2, &[]);
    assert!(!infos.is_empty());
    for info in &infos {
        let wdl = info.wdl.expect("UCI_ShowWDL asks for it");
        assert_eq!(wdl.win + wdl.draw + wdl.loss, 1000, "{info:?}");
    }
    let (_, infos) = search("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", 5, 1, &[]);
    let last = infos.last().unwrap();
    assert_eq!((last.wdl.unwrap().win, last.score), (1000, Score::Mate(1)));
}
