//! Making moves on the board: a move, a pass (for null-move pruning), and the en-passant
//! rule that the key depends on.

use super::*;
use crate::chess::psq::from_scratch;

impl Board {
    /// Plays a legal move. The move must come from the legal generator (or be checked
    /// against it); an illegal move leaves the board in an unspecified but memory-safe state.
    pub fn make_move(&mut self, m: Move) {
        let from = m.from();
        let to = m.to();
        let piece = self.squares[from];
        let us = self.side;
        let old_ep = self.ep;
        if old_ep != NO_SQUARE {
            self.key ^= KEYS.en_passant[file_of(old_ep)];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        let mut double_push = false;
        if m.is_castling() {
            self.castle_pieces(from, to);
        } else {
            if self.squares[to] != EMPTY {
                self.remove(to);
                self.halfmove = 0;
            }
            self.move_piece(from, to);
            if kind_of(piece) == PAWN {
                self.halfmove = 0;
                if to == old_ep {
                    // En passant: the captured pawn stands behind the target square.
                    self.remove((to as isize - us.forward()) as Square);
                } else if m.promotion() != 0 {
                    self.remove(to);
                    self.put(to, make_piece(us, m.promotion()));
                } else {
                    double_push = to.abs_diff(from) == 32;
                }
            }
        }
        let touched: SquareSet = 1 << m.from_index() | 1 << m.to_index();
        if self.castling != 0 && self.castle_squares & touched != 0 {
            let rights = self.rights_after(piece, from, to);
            self.key ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
            self.castling = rights;
        }
        if us == Colour::Black {
            self.fullmove += 1;
        }
        self.side = us.flip();
        self.key ^= KEYS.black_to_move;
        if double_push {
            self.set_ep_if_capturable((from + to) / 2);
        }
        debug_assert_eq!(self.key, self.compute_key(), "incremental key diverged");
        debug_assert_eq!((self.psq, self.phase), from_scratch(self.piece_squares()));
    }

    /// Passes the move to the other side (for null-move pruning). Not legal in check.
    /// The search stops its repetition checks at a pass (see `search`).
    pub fn make_null_move(&mut self) {
        if self.ep != NO_SQUARE {
            self.key ^= KEYS.en_passant[file_of(self.ep)];
            self.ep = NO_SQUARE;
        }
        self.halfmove += 1;
        self.side = self.side.flip();
        self.key ^= KEYS.black_to_move;
    }

    /// Records `ep` as the e.p. square only when the side to move has a legal capture onto
    /// it. A pawn that merely passed an empty file changes nothing, so it must not change
    /// the key either; otherwise repetitions would be missed.
    pub(super) fn set_ep_if_capturable(&mut self, ep: Square) {
        let us = self.side;
        let pawn = make_piece(us, PAWN);
        let behind = (ep as isize - us.forward()) as Square; // the pawn that just moved
        for from in [behind.wrapping_sub(1), behind + 1] {
            if on_board(from) && self.squares[from] == pawn && self.en_passant_is_legal(from, ep) {
                self.ep = ep;
                self.key ^= KEYS.en_passant[file_of(ep)];
                return;
            }
        }
    }

    /// Whether the pawn on `from` may capture en passant onto `ep` without exposing its king.
    /// Both pawns leave the capturer's rank at once, which is what makes the horizontal-pin
    /// case special; a scratch copy answers every case the same simple way.
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.side;
        let mut scratch = *self;
        scratch.remove((ep as isize - us.forward()) as Square);
        scratch.move_piece(from, ep);
        !scratch.is_attacked(scratch.king(us), us.flip())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move from its squares (these tests play only legal moves without promotion).
    fn mv(text: &str) -> Move {
        Move::new(parse_square(&text[..2]).unwrap(), parse_square(&text[2..4]).unwrap(), 0)
    }

    #[test]
    fn castling_moves_the_rook_and_clears_rights() {
        let mut board = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        board.make_move(Move::castling(parse_square("e1").unwrap(), parse_square("h1").unwrap()));
        assert_eq!(board.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        board.make_move(mv("a8a1"));
        assert_eq!(board.to_fen(), "4k2r/8/8/8/8/8/8/r4RK1 w k - 0 2");
    }

    #[test]
    fn ep_square_only_when_capture_is_legal() {
        let mut board = Board::start();
        board.make_move(mv("e2e4"));
        assert_eq!(board.ep_square(), NO_SQUARE, "no black pawn can take on e3");
        // Horizontal pin: the black pawn on d4 may not take e3 e.p. (its king on a4 would face the rook).
        let mut board = Board::from_fen("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1").unwrap();
        board.make_move(mv("e2e4"));
        assert_eq!(board.ep_square(), NO_SQUARE);
        let mut board = Board::from_fen("8/8/8/8/3p4/8/4P3/k3K3 w - - 0 1").unwrap();
        board.make_move(mv("e2e4"));
        assert_eq!(square_name(board.ep_square()), "e3");
    }
}
