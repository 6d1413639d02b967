//! perft: count the leaf nodes of the legal move tree to a fixed depth. The counts are known
//! exactly for many positions, so perft is the test of move generation. At the last ply the
//! moves are counted, not made (bulk counting): the generator only emits legal moves, and
//! with a counting sink it need not even list them.

use crate::chess::board::Board;
use crate::chess::movegen::{count_legal, generate_legal, MoveList};
use crate::chess::types::Move;

/// Leaf nodes at `depth` plies below `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 1 { count_legal(board) as u64 } else { 1 };
    }
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *board;
            child.make_move(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// perft split by root move ("divide"), in generation order.
pub fn divide(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    generate_legal(board, &mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *board;
            child.make_move(m);
            (m, if depth <= 1 { 1 } else { perft(&child, depth - 1) })
        })
        .collect()
}

/// The divide report in Stockfish's format: `move: count` per root move, a blank line, then
/// `Nodes searched: N`, castling in Chess960 form when `chess960` is set. Returned as lines
/// so the caller decides where they go.
pub fn divide_report(board: &Board, depth: u32, chess960: bool) -> (Vec<String>, u64) {
    let split = divide(board, depth.max(1));
    let total: u64 = split.iter().map(|&(_, n)| n).sum();
    let mut lines: Vec<String> = split.iter().map(|(m, n)| format!("{}: {n}", m.to_uci_as(chess960))).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    (lines, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_small_depths() {
        let board = Board::start();
        assert_eq!(perft(&board, 0), 1);
        assert_eq!(perft(&board, 1), 20);
        assert_eq!(perft(&board, 2), 400);
        assert_eq!(perft(&board, 3), 8902);
    }

    #[test]
    fn divide_sums_to_perft() {
        let board = Board::start();
        let (lines, total) = divide_report(&board, 3, false);
        assert_eq!(total, 8902);
        assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
        assert_eq!(lines.len(), 22);
    }
}
