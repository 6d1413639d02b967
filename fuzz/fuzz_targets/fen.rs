//! FEN in its three forms (plain, X-FEN and Shredder-FEN castling): any text either fails to
//! parse, with an error, or gives a board whose incremental state matches a from-scratch
//! computation, which writes back to a FEN that reads as the same position in both castling
//! notations, and whose legal moves each leave a consistent board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maxim::chess::board::Board;
use maxim::chess::movegen::{count_legal, generate_legal, MoveList};

fn assert_consistent(board: &Board, context: &str) {
    assert_eq!(board.inconsistency(), None, "{context}");
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(board) = Board::from_fen(&text) else { return };
    let fen = board.to_fen();
    assert_consistent(&board, &fen);
    for chess960 in [false, true] {
        let written = board.to_fen_as(chess960);
        let again = Board::from_fen(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
        assert_eq!(again.to_fen_as(chess960), written);
        assert_eq!(again.key(), board.key(), "{written}");
    }
    let mut moves = MoveList::new();
    generate_legal(&board, &mut moves);
    assert_eq!(count_legal(&board), moves.len(), "{fen}");
    for &m in moves.iter() {
        let mut child = board;
        child.make_move(m);
        assert_consistent(&child, &format!("{fen} {}", m.to_uci()));
    }
});
