//! Our own parsing of `go`, `position` and `setoption`, the commands where vampirc-uci 0.11.1
//! cannot be trusted with what GUIs send:
//! * `go depth 256`, `go movestogo 300` and `go mate 300` panic inside it (a `u8` unwrap);
//! * `go ponder wtime …` loses the ponder flag, and numbers too big for it are cut silently;
//! * `position … moves` stops at the first move it cannot parse, without saying so;
//! * 4-field FENs and Shredder castling letters (`HAha`) are rejected;
//! * a `setoption` value must reach us as written: a folder's name may hold two spaces in a
//!   row, and the front end's tokens would join them into one.
//!
//! Everything here returns values plus a list of warnings; nothing panics.

use crate::chess::board::Board;
use crate::chess::notation::parse_uci_move;
use crate::chess::types::{Colour, Move};
use crate::search::score::MAX_PLY;
use crate::search::time::{Clock, Limits};

/// A parsed `go` command, before it is tied to the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// depth / nodes / movetime / mate / infinite (the clock is filled in by `limits_for`).
    pub limits: Limits,
    /// wtime, btime, winc, binc in milliseconds.
    pub times: [Option<u64>; 4],
    /// movestogo.
    pub moves_to_go: Option<u32>,
    /// `go ponder`.
    pub ponder: bool,
    /// `go perft N`.
    pub perft: Option<u32>,
    /// `searchmoves` as text; checked against the position by the caller.
    pub searchmoves: Vec<String>,
}

impl GoRequest {
    /// The limits for the side to move at ply `game_ply` of the game, with its clock.
    pub fn limits_for(&self, side: Colour, game_ply: u32) -> Limits {
        let mut limits = self.limits.clone();
        let (time, inc) = match side {
            Colour::White => (self.times[0], self.times[2]),
            Colour::Black => (self.times[1], self.times[3]),
        };
        if let Some(time_left) = time {
            let moves_to_go = self.moves_to_go;
            limits.clock =
                Some(Clock { time_left, increment: inc.unwrap_or(0), moves_to_go, game_ply, ..Clock::default() });
        }
        limits
    }
}

/// Deepest `go perft` over UCI: it runs on the front-end thread, which answers nothing else
/// meanwhile, and depth 7 from the start position already takes about 30 s.
pub const MAX_UCI_PERFT: i64 = 7;

/// The words that end a `searchmoves` list.
const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// An integer, saturating instead of failing when it has too many digits.
fn parse_int(text: &str) -> Option<i64> {
    if let Ok(n) = text.parse::<i64>() {
        return Some(n);
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Some(if text.starts_with('-') { i64::MIN } else { i64::MAX })
    } else {
        None
    }
}

/// Parses the tokens after `go`. Faults (bad numbers, clamped values, unknown words) are
/// pushed to `warnings` and the rest of the command still counts.
pub fn parse_go(tokens: &[&str], warnings: &mut Vec<String>) -> GoRequest {
    let mut go = GoRequest::default();
    let mut unknown: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i];
        i += 1;
        match word {
            "ponder" => go.ponder = true,
            "infinite" => go.limits.infinite = true,
            "searchmoves" => {
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate" | "movetime" | "perft" => {
                let Some(text) = tokens.get(i) else {
                    warnings.push(format!("go {word} needs a number"));
                    break;
                };
                i += 1;
                let Some(value) = parse_int(text) else {
                    warnings.push(format!("go {word} '{text}' is not a number; ignored"));
                    continue;
                };
                let mut clamp = |lo: i64, hi: i64| -> i64 {
                    let v = value.clamp(lo, hi);
                    if v != value {
                        warnings.push(format!("go {word} {value} is out of range; using {v}"));
                    }
                    v
                };
                match word {
                    "wtime" | "btime" | "winc" | "binc" => {
                        let index = ["wtime", "btime", "winc", "binc"].iter().position(|w| *w == word).unwrap_or(0);
                        go.times[index] = Some(clamp(0, i64::MAX) as u64);
                    }
                    // 0 is what some GUIs send for "no time control ahead": treat it as absent.
                    "movestogo" => go.moves_to_go = (value > 0).then(|| clamp(1, 10_000) as u32),
                    "depth" => go.limits.depth = Some(clamp(1, MAX_PLY as i64 - 1) as u32),
                    "nodes" => go.limits.nodes = Some(clamp(1, i64::MAX) as u64),
                    "mate" => go.limits.mate = Some(clamp(1, MAX_PLY as i64 / 2) as u32),
                    "movetime" => go.limits.movetime = Some(clamp(0, i64::MAX) as u64),
                    _ => go.perft = Some(clamp(1, MAX_UCI_PERFT) as u32),
                }
            }
            other => unknown.push(other),
        }
    }
    // One report per command, however many stray words it had.
    if !unknown.is_empty() {
        let shown: Vec<&str> = unknown.iter().take(5).copied().collect();
        let more = if unknown.len() > 5 { format!(" and {} more", unknown.len() - 5) } else { String::new() };
        warnings.push(format!("go: unknown tokens ignored: {}{more}", shown.join(" ")));
    }
    go
}

/// A parsed `position` command: the new position and the keys of the positions before it.
#[derive(Clone, Debug)]
pub struct Position {
    /// The position after the legal prefix of the move list.
    pub board: Board,
    /// Keys of the earlier positions of the game, oldest first.
    pub history: Vec<u64>,
}

/// Parses the tokens after `position`. A bad FEN or a missing `startpos`/`fen` is an error
/// (the caller keeps its previous position). A bad move is a warning: the position is kept up
/// to the last legal move, as the GUI most likely meant.
pub fn parse_position(tokens: &[&str], warnings: &mut Vec<String>) -> Result<Position, String> {
    let moves_at = tokens.iter().position(|&t| t == "moves").unwrap_or(tokens.len());
    let mut board = match tokens.first() {
        Some(&"startpos") => {
            if moves_at > 1 {
                warnings.push(format!("position startpos: extra tokens '{}' ignored", tokens[1..moves_at].join(" ")));
            }
            Board::start()
        }
        Some(&"fen") => {
            let fen = tokens[1..moves_at].join(" ");
            Board::from_fen(&fen).map_err(|e| format!("invalid FEN '{fen}': {e}"))?
        }
        _ => return Err("position needs 'startpos' or 'fen <FEN>'".to_string()),
    };
    let mut history = Vec::new();
    for text in tokens.iter().skip(moves_at + 1) {
        match parse_uci_move(&board, text) {
            Ok(m) => {
                history.push(board.key());
                board.make_move(m);
            }
            Err(e) => {
                warnings.push(format!("illegal move in position command: {e}; position kept up to the move before"));
                break;
            }
        }
    }
    Ok(Position { board, history })
}

/// Checks `searchmoves` against the position; illegal ones are reported and dropped.
pub fn parse_searchmoves(board: &Board, texts: &[String], warnings: &mut Vec<String>) -> Vec<Move> {
    texts
        .iter()
        .filter_map(|t| parse_uci_move(board, t).map_err(|e| warnings.push(format!("searchmoves: {e}"))).ok())
        .collect()
}

/// A `setoption` line after its first word: `name <N> [value <V>]`. The name is its words
/// joined by single spaces; the value is the text after the word `value`, inner spacing
/// kept, trimmed at both ends (None when there is no value or it is empty).
pub fn parse_setoption(rest: &str) -> Result<(String, Option<String>), String> {
    let mut words = rest.split_whitespace();
    if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
        return Err("setoption: expected 'name <option> [value <value>]'".into());
    }
    let mut name = Vec::new();
    let mut value = None;
    // Walk the words with their places in `rest`, to cut the value from the text itself.
    let mut at = rest.find(|c: char| !c.is_whitespace()).unwrap_or(0) + "name".len();
    for word in rest[at..].split_whitespace() {
        at = rest[at..].find(word).map_or(at, |i| at + i) + word.len();
        if word.eq_ignore_ascii_case("value") {
            value = Some(rest[at..].trim().to_string()).filter(|v| !v.is_empty());
            break;
        }
        name.push(word);
    }
    if name.is_empty() {
        return Err("setoption: the option's name is missing".into());
    }
    Ok((name.join(" "), value))
}

/// The first words of the commands we understand.
pub fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "isready"
            | "setoption"
            | "debug"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "d"
            | "eval"
            | "bench"
            | "perft"
            | "help"
    ) || (cfg!(feature = "tune") && word == "tunables")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(text: &str) -> (GoRequest, Vec<String>) {
        let mut w = Vec::new();
        let tokens: Vec<&str> = text.split_whitespace().collect();
        (parse_go(&tokens, &mut w), w)
    }

    #[test]
    fn go_values_that_break_vampirc() {
        let (g, w) = go("depth 256 movestogo 300 mate 300");
        assert_eq!(g.limits.depth, Some(127));
        assert_eq!(g.moves_to_go, Some(300));
        assert_eq!(go("movestogo 0").0.moves_to_go, None);
        assert_eq!(g.limits.mate, Some(64));
        assert_eq!(w.len(), 2);
        let (g, _) = go("ponder wtime 1000 btime 2000 winc 10 binc 20");
        assert!(g.ponder);
        assert_eq!(g.limits_for(Colour::Black, 0).clock.unwrap().time_left, 2000);
        let (g, w) = go("wtime -5 nodes 99999999999999999999999 depth 1000000");
        assert_eq!(g.times[0], Some(0));
        assert_eq!(g.limits.nodes, Some(i64::MAX as u64));
        assert_eq!(g.limits.depth, Some(127));
        assert_eq!(w.len(), 2);
        let (g, w) = go("searchmoves e2e4 d2d4 movetime abc infinite");
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert!(g.limits.infinite);
        assert_eq!(w.len(), 1);
        let (g, _) = go("perft 3");
        assert_eq!(g.perft, Some(3));
        let (_, w) = go("depth");
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn position_keeps_the_legal_prefix() {
        let mut w = Vec::new();
        let p = parse_position(&["startpos", "moves", "e2e4", "e7e5", "e1e3", "g1f3"], &mut w).unwrap();
        assert_eq!(p.board.to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(p.history.len(), 2);
        assert!(w[0].contains("e1e3"));
        let p = parse_position(&["fen", "4k3/8/8/8/8/8/8/4K2R", "w", "K", "-", "moves", "e1g1"], &mut w).unwrap();
        assert_eq!(p.board.to_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
        assert!(parse_position(&["fen", "bad"], &mut w).is_err());
        assert!(parse_position(&[], &mut w).is_err());
    }

    #[test]
    fn setoption_keeps_the_value_as_written() {
        let parse = |rest: &str| parse_setoption(rest);
        assert_eq!(parse("name Hash value 64"), Ok(("Hash".into(), Some("64".into()))));
        assert_eq!(parse(" name  Clear   Hash "), Ok(("Clear Hash".into(), None)));
        assert_eq!(
            parse("NAME SyzygyPath VALUE  /tb/my  tables:/tb/6 "),
            Ok(("SyzygyPath".into(), Some("/tb/my  tables:/tb/6".into())))
        );
        assert_eq!(parse("name SyzygyPath value"), Ok(("SyzygyPath".into(), None)));
        assert_eq!(parse("name SyzygyPath value /a/value/b"), Ok(("SyzygyPath".into(), Some("/a/value/b".into()))));
        assert_eq!(parse("name Move Overhead value 10"), Ok(("Move Overhead".into(), Some("10".into()))));
        assert!(parse("").is_err());
        assert!(parse("Hash value 3").is_err());
        assert!(parse("name value 3").is_err());
    }
}
