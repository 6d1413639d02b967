//! The quiet position behind a position, for the Texel tuner: the end of the principal
//! variation of a small captures-only search.
//!
//! A position from a game is labelled with the game's result, and the tuner fits the static
//! score to it. If a piece hangs there, the static score is off by the piece while the game
//! was not, and the fit learns from noise. Playing out the exchanges first, as quiescence
//! does in the search, gives the position whose static score the engine actually trusts.
//! Strong hand-crafted engines tune on positions resolved this way.

use super::evaluate;
use crate::chess::board::Board;
use crate::chess::movegen::{generate_tactical, MoveList};
use crate::chess::see::see_ge;

/// Captures deep enough for any exchange on a square and a recapture elsewhere; beyond it
/// the position stands as it is.
const MAX_PLIES: usize = 8;
/// A window no static score reaches.
const WIDE: i32 = 1_000_000;

/// The position at the end of the best line of captures and promotions from `board` (or
/// `board` itself when standing pat is best). Only captures that do not lose material by
/// SEE are tried, as in the engine's quiescence.
pub fn quiet_leaf(board: &Board) -> Board {
    let mut leaf = *board;
    search(board, -WIDE, WIDE, 0, &mut leaf);
    leaf
}

/// Fail-hard alpha-beta over captures, standing pat on the static score; writes the end of
/// the best line into `leaf` and returns its score, side to move's view.
fn search(board: &Board, mut alpha: i32, beta: i32, ply: usize, leaf: &mut Board) -> i32 {
    let stand_pat = evaluate(board);
    *leaf = *board;
    if stand_pat >= beta || ply >= MAX_PLIES {
        return stand_pat;
    }
    alpha = alpha.max(stand_pat);
    let mut moves = MoveList::new();
    generate_tactical(board, &mut moves);
    for &m in moves.iter() {
        if m.promotion() == 0 && !see_ge(board, m, 0) {
            continue;
        }
        let mut child = *board;
        child.make_move(m);
        let mut child_leaf = child;
        let score = -search(&child, -beta, -alpha, ply + 1, &mut child_leaf);
        if score > alpha {
            alpha = score;
            *leaf = child_leaf;
            if score >= beta {
                break;
            }
        }
    }
    alpha
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_position_is_its_own_leaf() {
        let board = Board::start();
        assert_eq!(quiet_leaf(&board).to_fen(), board.to_fen());
    }

    #[test]
    fn a_hanging_piece_is_taken() {
        // White to move takes the undefended rook on d5 with the knight.
        let board = Board::from_fen("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1").unwrap();
        assert_eq!(quiet_leaf(&board).to_fen(), "4k3/8/8/3N4/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn a_defended_pawn_is_not_taken_by_the_queen() {
        // Qxd5 would lose the queen to exd5: no capture, the position stands.
        let board = Board::from_fen("4k3/8/4p3/3p4/8/8/3Q4/4K3 w - - 0 1").unwrap();
        assert_eq!(quiet_leaf(&board).to_fen(), board.to_fen());
    }
}
