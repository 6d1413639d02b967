//! The endgame tables, checked against an independent prober and in play: every probe of
//! 10,000 random 3- and 4-piece positions agrees with python-chess (`tools/syzygy_oracle.py`
//! wrote its answers), the root ranking keeps the result where most moves throw it away, the
//! in-search probes score a won capture as a win, and tables damaged while the engine
//! searches cost it nothing but their help.

mod common;

use common::{test_data, Engine};
use maxim::chess::board::Board;
use maxim::search::options::SearchOptions;
use maxim::search::report::Collector;
use maxim::search::score::{TB_WIN, TB_WIN_BOUND};
use maxim::search::time::Limits;
use maxim::search::tt::TranspositionTable;
use maxim::search::{SearchInputs, SearchResult, Searcher, Signals, ThreadData};
use maxim::syzygy::root::RootContext;
use maxim::syzygy::{Tablebases, Wdl};
use std::path::PathBuf;

fn tables() -> Tablebases {
    Tablebases::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"))
}

/// The value of field `name` in an EPD line's `; name value` operations.
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    line.split(';').map(str::trim).find_map(|op| op.strip_prefix(name)).map(str::trim).unwrap()
}

fn wdl_number(wdl: Wdl) -> i32 {
    wdl as i32
}

#[test]
fn probes_agree_with_python_chess() {
    let tables = tables();
    let data = test_data("syzygy-oracle.epd");
    let mut positions = 0;
    for line in data.lines() {
        let fen = line.split(';').next().unwrap().trim();
        let board = Board::from_fen(fen).unwrap();
        let wdl: i32 = field(line, "wdl").parse().unwrap();
        let dtz: i32 = field(line, "dtz").parse().unwrap();
        let ours_wdl = tables.probe_wdl(&board).map(wdl_number);
        assert_eq!(ours_wdl, Some(wdl), "{fen}: WDL");
        let ours = tables.probe_dtz(&board).unwrap_or_else(|| panic!("{fen}: no DTZ"));
        // The same value, so the same sign and the same side of the 50-move line too.
        assert_eq!(ours, dtz, "{fen}: DTZ");
        positions += 1;
    }
    assert_eq!(positions, 10_000);
}

/// A search of `board` to `depth` plies with a fresh table, with the tables when given: its
/// result and its reports.
fn search(board: &Board, depth: u32, tables: Option<&Tablebases>) -> (SearchResult, Collector) {
    let tt = TranspositionTable::new(8);
    let signals = Signals::default();
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let options = SearchOptions::default();
    let inputs = SearchInputs {
        tt: &tt,
        signals: &signals,
        limits: &limits,
        history: &[],
        options: &options,
        threads: 1,
        tablebases: tables,
    };
    let mut collector = Collector::default();
    let result = Searcher::for_thread(inputs, 0, ThreadData::new(), Some(&mut collector)).run(board, &[]);
    (result, collector)
}

/// The best move of `board` in a search of `depth` plies, with the tables when given.
fn best_move(board: &Board, depth: u32, tables: Option<&Tablebases>) -> SearchResult {
    search(board, depth, tables).0
}

#[test]
fn the_root_ranking_keeps_the_result() {
    let tables = tables();
    let data = test_data("syzygy-keep.epd");
    let (mut kept_without, mut positions) = (0, 0);
    for line in data.lines() {
        let fen = line.split(';').next().unwrap().trim();
        let board = Board::from_fen(fen).unwrap();
        let keep: Vec<&str> = field(line, "keep").split_whitespace().collect();
        let with = best_move(&board, 2, Some(&tables)).best_move.to_uci();
        assert!(keep.contains(&with.as_str()), "{fen}: {with} throws the result away (keep: {keep:?})");
        kept_without += keep.contains(&best_move(&board, 2, None).best_move.to_uci().as_str()) as usize;
        positions += 1;
    }
    assert_eq!(positions, 300);
    println!("{positions} positions: the result kept in all with the tables, in {kept_without} at depth 2 without");
}

#[test]
fn the_search_scores_a_capture_into_a_won_ending_as_a_win() {
    let tables = tables();
    // Five pieces, so the root is not in the tables; R takes the rook, leaving K+R v K+P
    // with the pawn far back: a win the search sees only through the probe.
    let board = Board::from_fen("8/6p1/8/8/1k6/8/r7/R3K3 w - - 0 1").unwrap();
    let result = best_move(&board, 3, Some(&tables));
    assert_eq!(result.best_move.to_uci(), "a1a2");
    assert!(result.score >= TB_WIN_BOUND && result.score < TB_WIN, "score {}", result.score);
    let without = best_move(&board, 3, None);
    assert!(without.score < TB_WIN_BOUND, "no table, no table score");
}

#[test]
fn a_drawn_root_is_shown_as_a_draw_and_a_lost_one_as_a_loss() {
    let tables = tables();
    for (fen, expected) in [("8/8/3k4/8/4r3/8/2R5/3K4 b - - 0 1", 0), ("8/8/8/8/8/1k6/8/KQ6 b - - 0 1", -TB_WIN)] {
        let (_, collector) = search(&Board::from_fen(fen).unwrap(), 6, Some(&tables));
        let last = collector.infos.last().unwrap();
        assert_eq!(last.score, maxim::search::score::Score::Cp(expected), "{fen}");
        assert!(last.tbhits > 0, "{fen}: the root probes are counted");
    }
}

/// A copy of the test tables in a fresh folder of the system's temporary directory, whose
/// name has spaces in it.
fn table_copy(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("maxim tables {tag} {}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

/// Tables truncated, overwritten or deleted while the engine searches with them: the search
/// goes on, answers with a legal move, and the engine keeps answering.
#[test]
fn tables_damaged_during_a_search_do_no_harm() {
    for damage in ["truncate", "scramble", "delete"] {
        let dir = table_copy(damage);
        let mut engine = Engine::start();
        engine.send(&format!("setoption name SyzygyPath value {}", dir.display()));
        engine.sync();
        // Five pieces: the search probes the 4-piece endings its captures reach.
        engine.send("position fen 8/6p1/8/3k4/8/8/r7/R3K3 w - - 0 1");
        engine.send("go infinite");
        std::thread::sleep(std::time::Duration::from_millis(300));
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            match damage {
                "truncate" => std::fs::write(&path, b"").unwrap(),
                "scramble" => {
                    let size = std::fs::metadata(&path).unwrap().len() as usize;
                    let noise: Vec<u8> = (0..size).map(|i| (i * 7919 % 251) as u8).collect();
                    std::fs::write(&path, noise).unwrap();
                }
                _ => std::fs::remove_file(&path).unwrap(),
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        engine.send("stop");
        let lines = engine.read_until("bestmove", 10);
        assert!(!lines.iter().any(|l| l.contains("library failed")), "{damage}: the prober panicked: {lines:?}");
        let hits = lines.iter().filter_map(|l| l.split(" tbhits ").nth(1)?.split(' ').next()?.parse::<u64>().ok());
        assert!(hits.max().unwrap_or(0) > 0, "{damage}: the tables were probed before the damage");
        let best = lines.last().unwrap();
        assert!(best.starts_with("bestmove ") && !best.contains("0000"), "{damage}: {best}");
        // Searches after the damage go on too, with or without the tables' help.
        engine.send("go depth 8");
        let lines = engine.read_until("bestmove", 30);
        assert!(lines.last().unwrap().starts_with("bestmove "), "{damage}");
        engine.sync();
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Without the DTZ tables, the WDL tables rank the root: the win is kept, the ranking says it
/// came from WDL alone, and the search goes on probing (a win ranked by WDL only).
#[test]
fn wdl_tables_alone_rank_the_root() {
    let dir = std::env::temp_dir().join(format!("maxim-wdl-only-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rtbw") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let tables = Tablebases::load(dir.to_str().unwrap());
    assert_eq!((tables.report().wdl, tables.report().dtz), (35, 0));
    let board = Board::from_fen("8/8/8/3k4/8/3r4/8/3QK3 w - - 0 1").unwrap();
    let mut list = maxim::chess::movegen::MoveList::new();
    maxim::chess::movegen::generate_legal(&board, &mut list);
    let moves: Vec<_> = list.iter().copied().collect();
    let ranking = tables.rank_root_moves(RootContext { board: &board, history: &[] }, &moves).unwrap();
    assert!(!ranking.by_dtz);
    let best = best_move(&board, 4, Some(&tables));
    let keeps = |m: &str| {
        let mut child = board;
        child.make_move(maxim::chess::notation::parse_uci_move(&board, m).unwrap());
        tables.probe_wdl(&child) == Some(Wdl::Loss)
    };
    assert!(keeps(&best.best_move.to_uci()), "{} keeps the win", best.best_move.to_uci());
    let _ = std::fs::remove_dir_all(&dir);
}

/// With two threads, `tbhits` counts the probes of both.
#[test]
fn tbhits_count_every_thread() {
    let mut engine = Engine::start();
    engine.send(&format!("setoption name SyzygyPath value {}", test_data_dir("syzygy")));
    engine.send("setoption name Threads value 2");
    engine.sync();
    engine.send("position fen 8/6p1/8/3k4/8/8/r7/R3K3 w - - 0 1");
    engine.send("go depth 10");
    let lines = engine.read_until("bestmove", 30);
    let hits: Vec<u64> =
        lines.iter().filter_map(|l| l.split(" tbhits ").nth(1)?.split(' ').next()?.parse().ok()).collect();
    assert!(hits.last().copied().unwrap_or(0) > 0, "{lines:?}");
}

fn test_data_dir(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name).display().to_string()
}
