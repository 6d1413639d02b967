//! Helpers for the unit tests (compiled only for tests).

/// A small fixed-seed generator for reproducible random boards and playouts: a 64-bit linear
/// congruential step (Knuth's MMIX constants) with its high bits folded into the output.
pub(crate) struct TestRng(pub(crate) u64);

impl TestRng {
    /// The next pseudo-random word.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 ^ self.0 >> 29
    }

    /// A pseudo-random number below `n` (which must not be 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
}

/// A random game of up to `plies` legal moves from `fen`: `visit` sees each position reached,
/// the start included, with its legal moves (none at a mate or stalemate, where the walk ends)
/// and the generator, which then picks the move to play.
pub(crate) fn random_walk(
    fen: &str,
    plies: usize,
    rng: &mut TestRng,
    mut visit: impl FnMut(&crate::board::Board, &[crate::types::Move], &mut TestRng),
) {
    let mut board = crate::board::Board::from_fen(fen).unwrap();
    for _ in 0..plies {
        let mut moves = crate::movegen::MoveList::new();
        crate::movegen::generate_legal(&board, &mut moves);
        visit(&board, moves.as_slice(), rng);
        if moves.is_empty() {
            break;
        }
        board.make_move(moves.as_slice()[rng.below(moves.len())]);
    }
}
