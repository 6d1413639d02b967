//! Memory over many games: GUIs send their options again before every game, and the engine
//! must not hold a second table for it. Reads the engine's RSS from /proc, so it runs on Linux
//! only.
#![cfg(target_os = "linux")]

mod common;

use common::{last_info_nodes, Engine};

/// The engine's resident memory in MiB.
fn rss_mib(engine: &Engine) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", engine.pid())).expect("/proc is readable");
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("a VmRSS line");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse::<f64>().ok()).expect("a number of kB") / 1024.0
}

/// The node count of `go depth 7` from a fixed position.
fn nodes(engine: &mut Engine) -> u64 {
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    engine.send("go depth 7");
    last_info_nodes(&engine.read_until("bestmove", 60))
}

/// Five games begun as fastchess begins them (Hash and Threads set again, then `ucinewgame`)
/// stay within Hash + 16 MiB, the bound a long-lived engine must keep; before the fix the
/// same-size Hash made a new table every time and RSS reached 53 MiB at Hash 16. Setting the same Hash still
/// empties the table: one thread then searches exactly as a fresh engine does.
#[test]
fn options_sent_again_each_game_do_not_grow_memory() {
    let mut fresh = Engine::start();
    fresh.send("setoption name Hash value 16");
    fresh.sync();
    let expected = nodes(&mut fresh);

    let mut engine = Engine::start();
    let mut peak: f64 = 0.0;
    for _ in 0..5 {
        engine.send("setoption name Threads value 1");
        engine.send("setoption name Hash value 16");
        engine.sync();
        assert_eq!(nodes(&mut engine), expected, "the same Hash again leaves an empty table");
        engine.send("setoption name Threads value 2");
        engine.send("setoption name Hash value 16");
        engine.send("ucinewgame");
        engine.sync();
        engine.send("position startpos moves d2d4");
        engine.send("go depth 9");
        engine.read_until("bestmove", 60);
        peak = peak.max(rss_mib(&engine));
    }
    assert!(peak < 16.0 + 16.0, "RSS {peak:.1} MiB over five games at Hash 16");
}
