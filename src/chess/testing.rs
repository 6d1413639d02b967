//! Helpers for the unit tests (compiled only for tests).

use super::board::Board;
use super::movegen::{generate_legal, MoveList};
use super::rng::Rng;
use super::types::Move;

/// A random game of up to `plies` legal moves from `fen`: `visit` sees each position reached,
/// the start included, with its legal moves (none at a mate or stalemate, where the walk ends)
/// and the generator, which then picks the move to play.
pub(crate) fn random_walk(fen: &str, plies: usize, rng: &mut Rng, mut visit: impl FnMut(&Board, &[Move], &mut Rng)) {
    let mut board = Board::from_fen(fen).unwrap();
    for _ in 0..plies {
        let mut moves = MoveList::new();
        generate_legal(&board, &mut moves);
        visit(&board, moves.as_slice(), rng);
        if moves.is_empty() {
            break;
        }
        board.make_move(moves.as_slice()[rng.below(moves.len())]);
    }
}
