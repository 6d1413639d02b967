//! Move text and pictures of the board: UCI long algebraic notation in, a diagram out.

use super::*;

impl Board {
    /// Finds the legal move written in UCI long algebraic notation (`e2e4`, `e7e8q`, castling
    /// as `e1g1`; the king-takes-rook form `e1h1` is accepted too). Errors name the fault.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, String> {
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
        let own_rook = make_piece(self.side, ROOK);
        if kind_of(self.piece_at(from)) == KING && self.piece_at(to) == own_rook && rank_of(from) == rank_of(to) {
            to = if to > from { from + 2 } else { from - 2 };
        }
        let wanted = Move::new(from, to, promotion);
        if movegen::is_legal(self, wanted) {
            Ok(wanted)
        } else {
            Err(format!("'{text}' is not legal in this position"))
        }
    }

    /// A multi-line picture of the board for the `d` command.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            out.push_str(" +---+---+---+---+---+---+---+---+\n |");
            for file in 0..8 {
                out.push(' ');
                let p = self.squares[square(file, rank)];
                out.push(if p == EMPTY { ' ' } else { piece_char(p) });
                out.push_str(" |");
            }
            out.push_str(&format!(" {}\n", rank + 1));
        }
        out.push_str(" +---+---+---+---+---+---+---+---+\n   a   b   c   d   e   f   g   h\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_move_text_round_trips() {
        let board = Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        for text in ["e1g1", "e1c1", "b7b8n", "b7a8q", "a1a8"] {
            assert_eq!(board.parse_uci_move(text).unwrap().to_uci(), text);
        }
        assert_eq!(board.parse_uci_move("e1h1").unwrap().to_uci(), "e1g1");
        assert!(board.parse_uci_move("b7b8").is_err(), "promotion needs a piece");
        assert!(board.parse_uci_move("e1e3").is_err());
        assert!(board.parse_uci_move("z9z9").is_err());
        assert!(board.parse_uci_move("e1g1é").is_err());
    }
}
