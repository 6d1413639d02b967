//! Maxim's board as the probing library sees it. The library has its own position type
//! (shakmaty's `Chess`), so each probe copies the few pieces of an endgame across; the
//! library's types stop at this module's edge.

use crate::chess::board::Board;
use crate::chess::types::{colour_of, kind_of, to_64, Colour, NO_SQUARE};
use shakmaty::{Bitboard, CastlingMode, Chess, Color, FromSetup, Piece, Role, Setup, Square};

/// The position in the library's terms, or None when the library will not take it (a
/// position reached from a FEN with a check that no legal move could give is accepted; any
/// other objection means the position is not probed). Castling rights are left out: the
/// tables hold no position with them, and the callers probe only positions without.
pub fn to_library(board: &Board) -> Option<Chess> {
    let mut setup = Setup::empty();
    for colour in [Colour::White, Colour::Black] {
        for &sq in board.pieces(colour) {
            let piece = board.piece_at(sq as usize);
            let role = role_of(kind_of(piece))?;
            let color = if colour_of(piece) == Colour::White { Color::White } else { Color::Black };
            setup.board.set_piece_at(square(sq as usize), Piece { color, role });
        }
    }
    setup.turn = if board.side() == Colour::White { Color::White } else { Color::Black };
    setup.castling_rights = Bitboard::EMPTY;
    let ep = board.ep_square();
    setup.ep_square = (ep != NO_SQUARE).then(|| square(ep));
    setup.halfmoves = board.halfmove_clock();
    match Chess::from_setup(setup, CastlingMode::Standard) {
        Ok(pos) => Some(pos),
        Err(e) => e.ignore_impossible_check().ok(),
    }
}

/// A 0x88 square as the library's square (both number a1 = 0, b1 = 1, ..., h8 = 63).
fn square(sq: usize) -> Square {
    Square::new(to_64(sq) as u32)
}

fn role_of(kind: u8) -> Option<Role> {
    use crate::chess::types::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
    Some(match kind {
        PAWN => Role::Pawn,
        KNIGHT => Role::Knight,
        BISHOP => Role::Bishop,
        ROOK => Role::Rook,
        QUEEN => Role::Queen,
        KING => Role::King,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{EnPassantMode, Position};

    /// The copy says what the FEN says (castling rights aside, which are dropped).
    #[test]
    fn positions_cross_unchanged() {
        for fen in [
            "8/8/8/8/B7/N7/K2k4/8 b - - 0 1",
            "8/8/8/4k3/8/8/8/R3K3 w - - 17 40",
            "8/8/8/8/3pP3/8/8/K6k b - e3 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 3 9",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let pos = to_library(&board).unwrap();
            let back = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            let expected: Vec<&str> = fen.split(' ').collect();
            let got: Vec<String> = back.split(' ').map(String::from).collect();
            assert_eq!(got[0], expected[0], "{fen}: board");
            assert_eq!(got[1], expected[1], "{fen}: side");
            assert_eq!(got[3], expected[3], "{fen}: en passant");
            assert_eq!(pos.halfmoves(), board.halfmove_clock(), "{fen}: clock");
        }
    }
}
