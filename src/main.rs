//! Entry point: sets up logging, runs a command-line one-shot (`bench`, `perft`) or starts the
//! UCI front end. No chess logic lives here.

use maxim::chess::board::Board;
use maxim::uci::output::send_line;
use maxim::uci::ENGINE_NAME;
use std::io::IsTerminal;
use std::time::Instant;

fn main() {
    // Logs go to stderr only; RUST_LOG=debug shows every protocol line in and out.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        Some("bench") => {
            let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(maxim::engine::bench::BENCH_DEPTH);
            maxim::engine::bench::report(depth).iter().for_each(|l| send_line(l));
            0
        }
        Some("perft") => perft(&args[1..]),
        Some("epd") => epd(&args[1..]),
        Some(other) => {
            eprintln!(
                "maxim: unknown argument '{other}'. Usage: maxim [bench [DEPTH] | perft DEPTH [FEN] | epd FILE [MS]]"
            );
            2
        }
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("{ENGINE_NAME}, a UCI chess engine: type `uci`, or `help`");
            }
            maxim::uci::run()
        }
    };
    std::process::exit(code);
}

/// `maxim perft DEPTH [FEN]`: divide output in Stockfish's format, then the time taken.
fn perft(args: &[String]) -> i32 {
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("maxim: usage: maxim perft DEPTH [FEN]");
        return 2;
    };
    let fen = args[1..].join(" ");
    let board = if fen.is_empty() { Ok(Board::start()) } else { Board::from_fen(&fen) };
    match board {
        Ok(board) => {
            let start = Instant::now();
            let (lines, total) = maxim::chess::perft::divide_report(&board, depth, false);
            let elapsed = start.elapsed().as_secs_f64();
            lines.iter().for_each(|l| send_line(l));
            send_line(&format!("Time: {:.3} s, {:.0} nodes/s", elapsed, total as f64 / elapsed.max(1e-9)));
            0
        }
        Err(e) => {
            eprintln!("maxim: {e}");
            2
        }
    }
}

/// `maxim epd FILE [MS]`: the solve rate of a `bm` test suite at MS milliseconds per position.
fn epd(args: &[String]) -> i32 {
    let Some(path) = args.first() else {
        eprintln!("maxim: usage: maxim epd FILE [MS]");
        return 2;
    };
    let movetime = args.get(1).and_then(|m| m.parse().ok()).unwrap_or(1000);
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let (lines, _, _) = maxim::engine::epd::run(&text, movetime);
            lines.iter().for_each(|l| send_line(l));
            0
        }
        Err(e) => {
            eprintln!("maxim: {path}: {e}");
            2
        }
    }
}
