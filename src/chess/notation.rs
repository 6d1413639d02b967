//! Move text in UCI's long algebraic notation: `e2e4`, `e7e8q`, and castling either as the
//! king's two-square move `e1g1` (standard chess) or as the king taking its own rook `e1h1`
//! (Chess960). Both castling forms are read whatever `UCI_Chess960` says: neither can be
//! mistaken for another move, since a king never steps two squares and never takes its own
//! rook otherwise.

use super::board::Board;
use super::movegen::{generate_legal, MoveList};
use super::types::*;

/// Finds the legal move written in UCI long algebraic notation. Errors name the fault.
pub fn parse_uci_move(board: &Board, text: &str) -> Result<Move, String> {
    let bad = || format!("'{text}' is not a move in UCI notation");
    if !(4..=5).contains(&text.len()) || !text.is_ascii() {
        return Err(bad());
    }
    let from = parse_square(&text[0..2]).ok_or_else(bad)?;
    let to = parse_square(&text[2..4]).ok_or_else(bad)?;
    let promotion = match text.as_bytes().get(4) {
        None => 0,
        Some(b'n') | Some(b'N') => KNIGHT,
        Some(b'b') | Some(b'B') => BISHOP,
        Some(b'r') | Some(b'R') => ROOK,
        Some(b'q') | Some(b'Q') => QUEEN,
        Some(_) => return Err(bad()),
    };
    let wanted = Move::new(from, to, promotion);
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    let spelled = |m: &Move| {
        *m == wanted
            || (m.is_castling() && [m.to_uci_as(false), m.to_uci_as(true)].contains(&text.to_ascii_lowercase()))
    };
    moves.iter().copied().find(spelled).ok_or_else(|| format!("'{text}' is not legal in this position"))
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
        assert_eq!(parse_uci_move(&board, "e1a1").unwrap().to_uci_as(true), "e1a1");
        // Chess960: the king on f1 castles kingside with the rook on h1 (f1h1); f1g1 is a king step.
        let board = Board::from_fen("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1").unwrap();
        assert!(parse_uci_move(&board, "f1h1").unwrap().is_castling());
        assert!(!parse_uci_move(&board, "f1g1").unwrap().is_castling());
        assert_eq!(parse_uci_move(&board, "f1a1").unwrap().to_uci_as(false), "f1a1");
        assert!(parse_uci_move(&board, "b7b8").is_err(), "promotion needs a piece");
        assert!(parse_uci_move(&board, "e1e3").is_err());
        assert!(parse_uci_move(&board, "z9z9").is_err());
        assert!(parse_uci_move(&board, "e1g1é").is_err());
    }
}
