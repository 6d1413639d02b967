//! Move text in UCI's long algebraic notation: `e2e4`, `e7e8q`, castling as the king's
//! two-square move `e1g1` (the king-takes-rook spelling `e1h1` is read too).

use super::board::Board;
use super::movegen::is_legal;
use super::types::*;

/// Finds the legal move written in UCI long algebraic notation (`e2e4`, `e7e8q`, castling
/// as `e1g1`; the king-takes-rook form `e1h1` is accepted too). Errors name the fault.
pub fn parse_uci_move(board: &Board, text: &str) -> Result<Move, String> {
    let bad = || format!("'{text}' is not a move in UCI notation");
    if !(4..=5).contains(&text.len()) || !text.is_ascii() {
        return Err(bad());
    }
    let from = parse_square(&text[0..2]).ok_or_else(bad)?;
    let mut to = parse_square(&text[2..4]).ok_or_else(bad)?;
    let promotion = match text.as_bytes().get(4) {
        None => 0,
        Some(b'n') | Some(b'N') => KNIGHT,
        Some(b'b') | Some(b'B') => BISHOP,
        Some(b'r') | Some(b'R') => ROOK,
        Some(b'q') | Some(b'Q') => QUEEN,
        Some(_) => return Err(bad()),
    };
    // King takes own rook on its home square: the Chess960-style spelling of castling.
    let own_rook = make_piece(board.side(), ROOK);
    if kind_of(board.piece_at(from)) == KING && board.piece_at(to) == own_rook && rank_of(from) == rank_of(to) {
        to = if to > from { from + 2 } else { from - 2 };
    }
    let wanted = Move::new(from, to, promotion);
    if is_legal(board, wanted) {
        Ok(wanted)
    } else {
        Err(format!("'{text}' is not legal in this position"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_move_text_round_trips() {
        let board = Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        for text in ["e1g1", "e1c1", "b7b8n", "b7a8q", "a1a8"] {
            assert_eq!(parse_uci_move(&board, text).unwrap().to_uci(), text);
        }
        assert_eq!(parse_uci_move(&board, "e1h1").unwrap().to_uci(), "e1g1");
        assert!(parse_uci_move(&board, "b7b8").is_err(), "promotion needs a piece");
        assert!(parse_uci_move(&board, "e1e3").is_err());
        assert!(parse_uci_move(&board, "z9z9").is_err());
        assert!(parse_uci_move(&board, "e1g1é").is_err());
    }
}
