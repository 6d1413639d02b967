//! Everything the engine writes to stdout goes through here: one whole line per write, under
//! the lock, flushed. The search's reports become `info` and `bestmove` lines here, so the
//! UCI text format has one home.

use crate::chess::types::Move;
use crate::search::report::{Reporter, SearchInfo};
use crate::search::score::Score;
use std::io::Write;

/// Writes one whole protocol line to stdout under the lock, and flushes it.
pub fn send_line(line: &str) {
    log::debug!(">> {line}");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Sends `info string <text>` and logs the fault at warn level.
pub fn tell(text: &str) {
    log::warn!("{text}");
    send_line(&format!("info string {text}"));
}

/// The UCI `info` line of a report.
pub fn info_line(info: &SearchInfo) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    if info.depth == 0 && info.pv.is_empty() {
        // No legal move at the root: the short form GUIs expect before `bestmove 0000`.
        return format!("info depth 0 score {score}");
    }
    let mut line = format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {} time {}",
        info.depth, info.seldepth, score, info.nodes, info.nps, info.hashfull, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&m.to_uci());
        }
    }
    line
}

/// The `bestmove` line, with `ponder` when there is an expected reply.
pub fn best_move_line(best: Move, ponder: Move) -> String {
    if ponder.is_some() {
        format!("bestmove {best} ponder {ponder}")
    } else {
        format!("bestmove {best}")
    }
}

/// The reporter the search thread uses: every report is one flushed stdout line.
pub struct StdoutReporter;

impl Reporter for StdoutReporter {
    fn info(&mut self, info: &SearchInfo) {
        send_line(&info_line(info));
    }
    fn best_move(&mut self, best: Move, ponder: Move) {
        send_line(&best_move_line(best, ponder));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::board::Board;
    use crate::chess::notation::parse_uci_move;

    #[test]
    fn info_and_bestmove_lines() {
        let board = Board::start();
        let e2e4 = parse_uci_move(&board, "e2e4").unwrap();
        let mut info = SearchInfo {
            depth: 5,
            seldepth: 9,
            score: Score::Mate(-2),
            nodes: 1234,
            nps: 5678,
            hashfull: 7,
            time_ms: 12,
            pv: vec![e2e4],
        };
        assert_eq!(
            info_line(&info),
            "info depth 5 seldepth 9 multipv 1 score mate -2 nodes 1234 nps 5678 hashfull 7 time 12 pv e2e4"
        );
        (info.depth, info.pv, info.score) = (0, vec![], Score::Cp(0));
        assert_eq!(info_line(&info), "info depth 0 score cp 0");
        assert_eq!(best_move_line(e2e4, Move::NONE), "bestmove e2e4");
        assert_eq!(best_move_line(Move::NONE, Move::NONE), "bestmove 0000");
    }
}
