//! A picture of the board for the `d` command.

use super::*;

impl Board {
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
