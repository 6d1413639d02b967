//! Move lists and move notations: the first line of the input is the argument list of a
//! `position` command (`startpos` or `fen ...`, then `moves ...`), the other lines are SAN
//! moves and EPD lines. Checked: nothing panics; a parsed position is consistent and one key
//! of history per move played; every SAN the engine writes for a legal move reads back as that
//! move; any SAN text that parses is a legal move; an EPD line that parses has legal `bm` moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maxim::chess::board::Board;
use maxim::chess::movegen::{generate_legal, MoveList};
use maxim::chess::san::{parse_san, to_san};
use maxim::engine::epd::parse_line;
use maxim::uci::parse::parse_position;

fn legal(board: &Board) -> MoveList {
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    moves
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.lines();
    let first: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    let mut warnings = Vec::new();
    let board = match parse_position(&first, &mut warnings) {
        Ok(position) => {
            let board = position.board;
            assert_eq!(board.inconsistency(), None, "{}", board.to_fen());
            let moves_given = first.iter().position(|&t| t == "moves").map_or(0, |i| first.len() - i - 1);
            assert!(position.history.len() <= moves_given);
            board
        }
        Err(_) => Board::start(),
    };
    let moves = legal(&board);
    for &m in moves.iter() {
        let san = to_san(&board, m);
        assert_eq!(parse_san(&board, &san), Ok(m), "{san} in {}", board.to_fen());
    }
    for line in lines {
        for word in line.split_whitespace() {
            if let Ok(m) = parse_san(&board, word) {
                assert!(moves.iter().any(|&x| x == m), "'{word}' parsed to an illegal move in {}", board.to_fen());
            }
        }
        if let Ok(problem) = parse_line(line) {
            let moves = legal(&problem.board);
            assert!(problem.best.iter().all(|m| moves.iter().any(|x| x == m)), "{line}");
        }
    }
});
