//! Entry point: sets up logging, runs a command-line one-shot (`bench`, `perft`) or starts the
//! UCI front end. No chess logic lives here.

use maxim::board::Board;
use std::io::Write;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("perft") {
        {
            let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
            let fen = args[2.min(args.len())..].join(" ");
            let board = if fen.is_empty() { Ok(Board::start()) } else { Board::from_fen(&fen) };
            match board {
                Ok(board) => {
                    let start = Instant::now();
                    let (lines, total) = maxim::perft::divide_report(&board, depth);
                    let elapsed = start.elapsed().as_secs_f64();
                    let mut out = std::io::stdout().lock();
                    for line in lines {
                        let _ = writeln!(out, "{line}");
                    }
                    let _ = writeln!(out, "Time: {:.3} s, {:.0} nps", elapsed, total as f64 / elapsed.max(1e-9));
                }
                Err(e) => {
                    eprintln!("maxim: {e}");
                    std::process::exit(2);
                }
            }
        }
    }
}
