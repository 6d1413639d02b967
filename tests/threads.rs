//! Lazy SMP over the protocol: searches with several threads return legal moves, `go nodes`
//! counts every thread, and a long run of `go` and `stop` with Threads and Hash changes in
//! between neither deadlocks nor loses a `bestmove`. (On a 2-core machine, 4 and 8 threads
//! are oversubscribed on purpose.)

mod common;

use common::{last_info_nodes, Engine};
use maxim::chess::board::Board;
use maxim::chess::notation::parse_uci_move;

/// The move of a `bestmove` line.
fn best_move(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

#[test]
fn threaded_searches_return_legal_moves_in_every_suite_position() {
    let suite = common::test_data("perftsuite.epd");
    let fens: Vec<&str> =
        suite.lines().filter(|l| !l.trim().is_empty()).map(|l| l.split(';').next().unwrap().trim()).collect();
    for threads in [2, 4, 8] {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.sync();
        for fen in &fens {
            engine.send(&format!("position fen {fen}"));
            engine.send("go depth 5");
            let lines = engine.read_until("bestmove", 30);
            let answer = best_move(lines.last().unwrap());
            let board = Board::from_fen(fen).unwrap();
            assert!(parse_uci_move(&board, answer).is_ok(), "{threads} threads, {fen}: bestmove {answer}");
        }
    }
}

#[test]
fn go_nodes_counts_the_nodes_of_every_thread() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 4");
    engine.sync();
    let limit = 200_000u64;
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send(&format!("go nodes {limit}"));
    let nodes = last_info_nodes(&engine.read_until("bestmove", 60));
    // Each thread notices the total at its next poll, 1,024 nodes at most.
    assert!((limit..=limit + 4 * 1024).contains(&nodes), "{nodes} nodes reported for go nodes {limit}");
}

#[test]
fn a_thousand_go_and_stop_cycles_with_threads_and_hash_changes() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 4");
    engine.sync();
    let positions = [
        "startpos",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let mut answers = 0;
    for cycle in 0..1000 {
        if cycle % 100 == 50 {
            engine.send(&format!("setoption name Threads value {}", 1 + cycle / 100 % 4));
        }
        if cycle % 100 == 75 {
            engine.send(&format!("setoption name Hash value {}", 1 << (cycle / 100 % 6)));
        }
        engine.send(&format!("position {}", positions[cycle % positions.len()]));
        // An infinite search always gets its `stop`; the others get one every other time,
        // often before they would have ended by themselves.
        let infinite = cycle % 3 == 0;
        engine.send(["go infinite", "go movetime 5", "go wtime 1000 btime 1000"][cycle % 3]);
        if infinite || cycle % 2 == 0 {
            engine.send("stop");
        }
        let lines = engine.read_until("bestmove", 10);
        assert_ne!(best_move(lines.last().unwrap()), "0000", "cycle {cycle}");
        answers += 1;
    }
    engine.sync();
    assert_eq!(answers, 1000);
}

/// Only the main thread keeps the time: on a clock whose deadlines pass at once, the main
/// thread's search ends after its first iterations, and a helper searches on until the main
/// thread's end stops it (a helper stopping by itself would leave its core idle).
#[test]
fn helpers_search_until_the_main_thread_stops_them() {
    use maxim::chess::types::Move;
    use maxim::search::time::{Clock, Limits};
    use maxim::search::{options::SearchOptions, tt::TranspositionTable};
    use maxim::search::{SearchInputs, Searcher, Signals, ThreadData};
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    let tt = TranspositionTable::new(1);
    let signals = Signals::default();
    let limits = Limits { clock: Some(Clock { time_left: 30, ..Clock::default() }), ..Limits::default() };
    let options = SearchOptions::default();
    let board = Board::start();
    let inputs = || SearchInputs {
        tt: &tt,
        signals: &signals,
        limits: &limits,
        history: &[],
        options: &options,
        threads: 2,
        tablebases: None,
    };
    signals.start_search();
    let mut main = Searcher::for_thread(inputs(), 0, ThreadData::new(), None);
    std::thread::scope(|scope| {
        let helper = scope.spawn(|| Searcher::for_thread(inputs(), 1, ThreadData::new(), None).run(&board, &[]));
        let played = main.run(&board, &[]);
        assert_ne!(played.best_move, Move::NONE);
        std::thread::sleep(Duration::from_millis(300));
        assert!(!helper.is_finished(), "the helper stopped by its own clock");
        signals.helpers_stop.store(true, Ordering::SeqCst);
        assert_ne!(helper.join().unwrap().best_move, Move::NONE);
    });
}
