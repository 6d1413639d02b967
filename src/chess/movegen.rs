//! Move generation on the 0x88 board: micro-Max's step vectors, made exactly legal.
//!
//! micro-Max generates pseudo-legal moves and discovers an illegal one only when the reply
//! captures the king. Here every generated move is legal, which is what perft counts and what
//! lets the search trust its move count for mate and stalemate. The method:
//!
//! 1. Find the checkers and the pinned pieces. Knights and pawns that check stand where a
//!    knight or pawn on the king's square would attack (a square-set lookup each). A slider
//!    matters only if it stands on a line through the king; for each such slider, walk the
//!    0x88 ray between it and the king (its step from the *ray-step table*): nothing between
//!    is a check, exactly one of our pieces between is a pin.
//! 2. In double check only the king moves. In single check the other pieces may only land on
//!    the checker or between it and the king (the *evasion mask*).
//! 3. A pinned piece may only move along the line through its king.
//! 4. The king never steps onto an attacked square, nor backwards along a checking ray.
//! 5. En passant, the one move that removes a piece from a square it does not land on, is
//!    tried on a scratch copy of the board.
//!
//! The generator fills a [`MoveSink`]: a [`MoveList`] for the search, or a [`MoveCount`] for
//! perft's last ply, which needs only the number of moves and may count a piece's targets
//! as one square set (a test checks that both give the same number in every position).
mod generator;
mod list;
mod pawns;
mod restrictions;
mod scope;

pub use generator::MoveGen;
pub use list::{MoveCount, MoveList, MoveSink};

use crate::chess::board::Board;
use crate::chess::types::*;
use scope::Scope;

/// Every legal move in the position, appended to `list`.
pub fn generate_legal(board: &Board, list: &mut MoveList) {
    MoveGen::new(board).generate(list, Scope::All, NO_SQUARE);
}

/// The number of legal moves in the position (perft's last ply), counted without listing them.
pub fn count_legal(board: &Board) -> usize {
    let mut count = MoveCount::default();
    MoveGen::new(board).generate(&mut count, Scope::All, NO_SQUARE);
    count.0
}

/// Whether `m` is one of the legal moves of the position (for moves from outside or from the
/// transposition table). See [`MoveGen::is_legal`].
pub fn is_legal(board: &Board, m: Move) -> bool {
    MoveGen::new(board).is_legal(m)
}

/// Legal captures (including en passant) and promotions to a queen, appended to `list`.
pub fn generate_tactical(board: &Board, list: &mut MoveList) {
    MoveGen::new(board).generate(list, Scope::Tactical, NO_SQUARE);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal_moves(fen: &str) -> Vec<String> {
        let board = Board::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&board, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| m.to_uci()).collect();
        v.sort();
        v
    }

    #[test]
    fn start_position_has_twenty_moves() {
        assert_eq!(legal_moves(crate::chess::board::START_FEN).len(), 20);
    }

    #[test]
    fn castling_never_through_check() {
        // The black rook on f8 covers f1: no kingside castling; queenside is fine.
        let moves = legal_moves("2k2r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(!moves.contains(&"e1g1".to_string()));
        assert!(moves.contains(&"e1c1".to_string()));
        // b1 attacked does not stop queenside castling: the king never crosses b1.
        let moves = legal_moves("1r1k4/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert!(moves.contains(&"e1c1".to_string()));
    }

    #[test]
    fn king_cannot_retreat_along_check_ray() {
        let moves = legal_moves("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
        assert!(!moves.contains(&"e1f1".to_string()));
        assert!(moves.contains(&"e1e2".to_string()));
    }

    #[test]
    fn pinned_piece_moves_along_pin_only() {
        // The bishop on d2 is pinned by the b4 bishop... along the a5-e1 diagonal.
        let moves = legal_moves("4k3/8/8/8/1b6/8/3B4/4K3 w - - 0 1");
        let bishop: Vec<_> = moves.iter().filter(|m| m.starts_with("d2")).collect();
        assert_eq!(bishop, vec!["d2b4", "d2c3"]);
    }

    #[test]
    fn tactical_moves_are_captures_and_promotions() {
        let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let mut list = MoveList::new();
        generate_tactical(&board, &mut list);
        let mut v: Vec<String> = list.iter().map(|m| m.to_uci()).collect();
        v.sort();
        assert_eq!(v, vec!["b7b8q", "e4d5"]);
    }
}
