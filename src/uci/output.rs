//! Everything the engine writes to stdout goes through here: one whole line per write, under
//! the lock, flushed. The search's reports become `info` and `bestmove` lines here, so the
//! UCI text format has one home.

use crate::chess::types::Move;
use crate::search::report::{Reporter, ScoreBound, SearchInfo};
use crate::search::score::Score;
use crossbeam_channel::{Receiver, Sender};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// Where protocol lines go instead of stdout once a harness has asked for them.
static CAPTURE: OnceLock<Sender<String>> = OnceLock::new();

/// Sends every protocol line of this process, from now on, to the returned channel instead of
/// stdout: for a harness (the fuzzer) that drives the front end in-process and reads its
/// answers. Only the first call gets the channel; later ones get None.
pub fn capture_output() -> Option<Receiver<String>> {
    let (sender, receiver) = crossbeam_channel::unbounded();
    CAPTURE.set(sender).ok().map(|()| receiver)
}

/// Writes one whole protocol line to stdout under the lock, and flushes it.
pub fn send_line(line: &str) {
    log::debug!(">> {line}");
    if let Some(capture) = CAPTURE.get() {
        let _ = capture.send(line.to_string());
        return;
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Sends `info string <text>` and logs the fault at warn level. The text goes out on one
/// line whatever it holds: a line break in it would start a line that is not UCI.
pub fn tell(text: &str) {
    log::warn!("{text}");
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    send_line(&format!("info string {one_line}"));
}

/// The UCI `info` line of a report; castling in Chess960 form when `chess960` is set.
pub fn info_line(info: &SearchInfo, chess960: bool) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    if info.depth == 0 && info.pv.is_empty() {
        // No legal move at the root: the short form GUIs expect before `bestmove 0000`.
        return format!("info depth 0 score {score}");
    }
    // The order Stockfish uses: the score, its win/draw/loss estimate, then a bound.
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let wdl = info.wdl.map_or(String::new(), |w| format!(" wdl {} {} {}", w.win, w.draw, w.loss));
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score}{wdl}{bound} nodes {} nps {} hashfull {} tbhits {} time {}",
        info.depth, info.seldepth, info.multipv, info.nodes, info.nps, info.hashfull, info.tbhits, info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&m.to_uci_as(chess960));
        }
    }
    line
}

/// The `info currmove` line: the root move the search starts on, numbered from 1.
pub fn current_move_line(depth: u32, mv: Move, number: usize, chess960: bool) -> String {
    format!("info depth {depth} currmove {} currmovenumber {number}", mv.to_uci_as(chess960))
}

/// The `bestmove` line, with `ponder` when there is an expected reply.
pub fn best_move_line(best: Move, ponder: Move, chess960: bool) -> String {
    let best_text = best.to_uci_as(chess960);
    if ponder.is_some() {
        format!("bestmove {best_text} ponder {}", ponder.to_uci_as(chess960))
    } else {
        format!("bestmove {best_text}")
    }
}

/// The reporter the search thread uses: every report is one flushed stdout line. Castling
/// is written as `UCI_Chess960` says at the moment of writing (the front end sets the flag).
pub struct StdoutReporter {
    /// `UCI_Chess960`: castling as the king taking its rook.
    pub chess960: Arc<AtomicBool>,
}

impl StdoutReporter {
    fn chess960(&self) -> bool {
        self.chess960.load(Ordering::Relaxed)
    }
}

impl Reporter for StdoutReporter {
    fn info(&mut self, info: &SearchInfo) {
        send_line(&info_line(info, self.chess960()));
    }
    fn best_move(&mut self, best: Move, ponder: Move) {
        send_line(&best_move_line(best, ponder, self.chess960()));
    }
    fn current_move(&mut self, depth: u32, mv: Move, number: usize) {
        send_line(&current_move_line(depth, mv, number, self.chess960()));
    }
    fn message(&mut self, text: &str) {
        tell(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::board::Board;
    use crate::chess::notation::parse_uci_move;
    use crate::search::wdl::Wdl;

    #[test]
    fn info_and_bestmove_lines() {
        let board = Board::start();
        let e2e4 = parse_uci_move(&board, "e2e4").unwrap();
        let mut info = SearchInfo {
            multipv: 1,
            depth: 5,
            seldepth: 9,
            score: Score::Mate(-2),
            bound: ScoreBound::Exact,
            wdl: None,
            nodes: 1234,
            nps: 5678,
            hashfull: 7,
            tbhits: 0,
            time_ms: 12,
            pv: vec![e2e4],
        };
        assert_eq!(
            info_line(&info, false),
            "info depth 5 seldepth 9 multipv 1 score mate -2 nodes 1234 nps 5678 hashfull 7 tbhits 0 time 12 pv e2e4"
        );
        (info.multipv, info.score, info.bound) = (3, Score::Cp(-40), ScoreBound::Upper);
        info.wdl = Some(Wdl { win: 10, draw: 700, loss: 290 });
        assert_eq!(
            info_line(&info, false),
            "info depth 5 seldepth 9 multipv 3 score cp -40 wdl 10 700 290 upperbound nodes 1234 nps 5678 hashfull 7 tbhits 0 time 12 pv e2e4"
        );
        info.bound = ScoreBound::Lower;
        assert!(info_line(&info, false).contains("score cp -40 wdl 10 700 290 lowerbound nodes"));
        (info.depth, info.pv, info.score) = (0, vec![], Score::Cp(0));
        assert_eq!(info_line(&info, false), "info depth 0 score cp 0");
        assert_eq!(best_move_line(e2e4, Move::NONE, false), "bestmove e2e4");
        assert_eq!(best_move_line(Move::NONE, Move::NONE, false), "bestmove 0000");
        assert_eq!(current_move_line(14, e2e4, 3, false), "info depth 14 currmove e2e4 currmovenumber 3");
        // Castling: e1g1 in standard chess, e1h1 with UCI_Chess960.
        let board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = parse_uci_move(&board, "e1g1").unwrap();
        assert_eq!(best_move_line(castle, Move::NONE, false), "bestmove e1g1");
        assert_eq!(best_move_line(castle, castle, true), "bestmove e1h1 ponder e1h1");
        info.pv = vec![castle];
        info.depth = 1;
        assert!(info_line(&info, true).ends_with(" pv e1h1"));
        assert_eq!(current_move_line(1, castle, 1, true), "info depth 1 currmove e1h1 currmovenumber 1");
    }
}
