//! `maxim epd FILE [MS]`: runs a test suite of EPD positions with `bm` (best move) operations
//! in SAN, searching each for MS milliseconds (default 1000), and reports the solve rate.
//! A position counts as solved when the move chosen is one of its `bm` moves.

use crate::chess::board::Board;
use crate::chess::san::parse_san;
use crate::search::options::SearchOptions;
use crate::search::report::Collector;
use crate::search::time::Limits;
use crate::search::tt::TranspositionTable;
use crate::search::{Searcher, Signals};

/// One suite position: the board, its accepted best moves, and its id.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The position.
    pub board: Board,
    /// Its `bm` moves, each legal in it.
    pub best: Vec<crate::chess::types::Move>,
    /// Its `id`, without quotes (empty if none).
    pub id: String,
}

/// Parses one EPD line: 4 FEN fields, then `op args;` operations. Lines without a legal `bm`
/// are reported as errors.
pub fn parse_line(line: &str) -> Result<Problem, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 5 {
        return Err(format!("too short: {line}"));
    }
    let board = Board::from_fen(&fields[..4].join(" ")).map_err(|e| e.to_string())?;
    let ops = fields[4..].join(" ");
    let mut best = Vec::new();
    let mut id = String::new();
    for op in ops.split(';').map(str::trim) {
        if let Some(moves) = op.strip_prefix("bm ") {
            for text in moves.split_whitespace() {
                best.push(parse_san(&board, text)?);
            }
        } else if let Some(text) = op.strip_prefix("id ") {
            id = text.trim_matches('"').to_string();
        }
    }
    if best.is_empty() {
        return Err(format!("no bm in: {line}"));
    }
    Ok(Problem { board, best, id })
}

/// Runs the suite; returns the report lines, solved count and total.
pub fn run(text: &str, movetime_ms: u64) -> (Vec<String>, usize, usize) {
    let signals = Signals::default();
    let mut tt = TranspositionTable::new(64);
    let mut lines = Vec::new();
    let (mut solved, mut total) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let problem = match parse_line(line) {
            Ok(p) => p,
            Err(e) => {
                lines.push(format!("skipped: {e}"));
                continue;
            }
        };
        tt.clear(1);
        let mut collector = Collector::default();
        let limits = Limits { movetime: Some(movetime_ms), ..Limits::default() };
        let result = Searcher::new(&tt, &mut collector, &signals, limits, &[], &SearchOptions::default())
            .run(&problem.board, &[]);
        total += 1;
        let ok = problem.best.contains(&result.best_move);
        solved += ok as usize;
        lines.push(format!(
            "{:<10} {} played {} depth {}",
            problem.id,
            if ok { "solved" } else { "missed" },
            result.best_move,
            result.depth
        ));
    }
    lines.push(format!("solved {solved} of {total} at {movetime_ms} ms per position"));
    (lines, solved, total)
}
