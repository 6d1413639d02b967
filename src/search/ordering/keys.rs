//! Move ordering: alpha-beta cuts off sooner when the best move comes first. micro-Max tries
//! the hash move first, then captures by MVV/LVA ("most valuable victim, least valuable
//! attacker": take the queen with the pawn before the pawn with the queen), then the rest.
//! The quiet moves are ordered by the killers and the history (`history.rs`), and the
//! captures' MVV/LVA order is shifted by their own history (`capture_history.rs`). This file
//! gives each move its sort key and picks the moves in key order; `picker.rs` hands a node
//! its moves stage by stage.

use super::capture_history::{CaptureHistory, CAPTURE_HISTORY_DIVISOR};
use super::history::{piece_to, QuietContext, QuietHistory};
use crate::chess::board::Board;
use crate::chess::see::see_ge;
use crate::chess::types::*;
use crate::chess::values::EXCHANGE_VALUE;

/// Sort key of the hash move: above everything else.
pub(in crate::search) const HASH_MOVE: i32 = 1_000_000;
/// Base of capture and promotion keys: above every quiet move.
const TACTICAL: i32 = 100_000;
/// Victim (and attacker) values for MVV/LVA: the exchange scale (see `chess::values`). The
/// king is never a victim, and never the attacker [`loses_material`] weighs.
const VICTIM: [i32; 7] = EXCHANGE_VALUE;
/// Sort keys of the first and second killer move: below captures, above other quiets.
pub(in crate::search) const KILLER: [i32; 2] = [90_000, 89_000];
/// Keys from here up are the hash move, captures, promotions and killers.
pub const KILLER_KEY_MIN: i32 = 89_000;

/// The ordering key of one move. Larger is tried earlier.
#[inline]
pub fn move_key(board: &Board, m: Move, hash_move: Move) -> i32 {
    if m == hash_move {
        return HASH_MOVE;
    }
    let attacker = kind_of(board.piece_at(m.from())) as i32;
    let captured = board.captured_kind(m);
    let mut key = 0;
    if captured != 0 {
        key = TACTICAL + VICTIM[captured as usize] * 8 - attacker;
    }
    if m.promotion() != 0 {
        key += TACTICAL + VICTIM[m.promotion() as usize];
    }
    key
}

/// The ordering key of a capture or promotion in the search: its MVV/LVA key moved by its
/// capture history, by less than a pawn's worth of victim (`CAPTURE_HISTORY_DIVISOR`).
#[inline]
pub fn noisy_key(board: &Board, m: Move, captures: &CaptureHistory) -> i32 {
    move_key(board, m, Move::NONE) + captures.score(board, m) / CAPTURE_HISTORY_DIVISOR
}

/// Fills `keys` with the ordering key of each capture and promotion ([`noisy_key`]). (The
/// hash move is handed out before any list is scored.)
pub fn score_noisy_moves(board: &Board, moves: &[Move], keys: &mut [i32], captures: &CaptureHistory) {
    for (key, &m) in keys.iter_mut().zip(moves) {
        *key = noisy_key(board, m, captures);
    }
}

/// Fills `keys` for moves that neither capture nor promote: the killers, then the rest by
/// their statistics (history and continuation history).
pub fn score_quiet_moves(board: &Board, moves: &[Move], keys: &mut [i32], quiet: &QuietHistory, context: QuietContext) {
    for (key, &m) in keys.iter_mut().zip(moves) {
        *key = quiet_key(board, m, quiet, context);
    }
}

/// The ordering key of a move that neither captures nor promotes: a killer's, or its
/// statistics (below every killer's key, see `history::HISTORY_MAX`).
#[inline]
pub fn quiet_key(board: &Board, m: Move, quiet: &QuietHistory, context: QuietContext) -> i32 {
    let killers = quiet.killers(context.ply);
    if m == killers[0] {
        KILLER[0]
    } else if m == killers[1] {
        KILLER[1]
    } else {
        quiet.score(board.side(), context, m, piece_to(board, m))
    }
}

/// True for a capture that loses material in the exchange on its square (by SEE). Only a
/// capture of a cheaper piece can; the exchange is worked out only for those, and only when
/// the search gets to the move (most nodes cut off before).
#[inline]
pub fn loses_material(board: &Board, m: Move) -> bool {
    loses_material_beyond(board, m, 0)
}

/// True for a capture that loses more than `margin` in the exchange on its square (by SEE).
/// It cannot unless the capturing piece is worth more than the victim by that much.
#[inline]
pub fn loses_material_beyond(board: &Board, m: Move, margin: i32) -> bool {
    let victim = board.piece_at(m.to());
    let attacker = kind_of(board.piece_at(m.from()));
    victim != EMPTY
        && attacker != KING
        && VICTIM[attacker as usize] - VICTIM[kind_of(victim) as usize] > margin
        && !see_ge(board, m, -margin)
}

/// True for captures (including en passant) and promotions.
#[inline(always)]
pub fn is_tactical(board: &Board, m: Move) -> bool {
    board.captured_kind(m) != 0 || m.promotion() != 0
}

/// The key a move gets once [`pick_next`] has handed it out: below every real key.
pub(in crate::search) const PICKED: i32 = i32::MIN;

/// Selection sort, one step at a time: returns the move with the largest key not yet
/// picked, with its key, and marks it picked. Of equal keys the earliest in the list wins,
/// so the moves come out exactly as a stable sort by key would give them. That makes the
/// order the same whether a node's moves are generated at once or in stages (captures
/// first, then quiet moves). With an early cutoff most of the list is never sorted.
/// Call it at most `moves.len()` times per list.
#[inline]
pub fn pick_next(moves: &[Move], keys: &mut [i32]) -> (Move, i32) {
    // Two passes, the largest key and then the first move with it: the first pass is a plain
    // maximum, which the compiler turns into vector instructions. Nothing is moved.
    let keys = &mut keys[..moves.len()];
    let largest = keys.iter().copied().max().unwrap_or(PICKED);
    let best = keys.iter().position(|&k| k == largest).unwrap_or(0);
    keys[best] = PICKED;
    (moves[best], largest)
}

/// Orders the root moves once, before the first iteration: hash move, then MVV/LVA. Later
/// iterations take the order the root list's sort leaves (`RootMoves::sort`).
pub fn order_root(board: &Board, moves: &mut [Move], hash_move: Move) {
    // A stable sort keeps generation order among equals, so the order is reproducible.
    moves.sort_by_key(|&m| -move_key(board, m, hash_move));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci_move;

    #[test]
    fn pick_next_is_a_stable_selection() {
        let a = Move::new(square(0, 1), square(0, 2), 0);
        let b = Move::new(square(1, 1), square(1, 2), 0);
        let c = Move::new(square(2, 1), square(2, 2), 0);
        let d = Move::new(square(3, 1), square(3, 2), 0);
        let moves = [a, b, c, d];
        let mut keys = [5, 9, 5, 9];
        // Equal keys come out in list order, as a stable sort would give them (swapping each
        // pick into place, the old way, moved `a` behind `c`).
        let picked: Vec<(Move, i32)> = (0..4).map(|_| pick_next(&moves, &mut keys)).collect();
        assert_eq!(picked, [(b, 9), (d, 9), (a, 5), (c, 5)]);
    }

    #[test]
    fn mvv_lva_prefers_big_victims_and_small_attackers() {
        let board = Board::from_fen("7k/8/8/3q4/2P1R3/8/8/4K3 w - - 0 1").unwrap();
        let pawn_takes_queen = parse_uci_move(&board, "c4d5").unwrap();
        let rook_sideways = parse_uci_move(&board, "e4d4").unwrap();
        let quiet = parse_uci_move(&board, "e4e5").unwrap();
        let key = |m| move_key(&board, m, Move::NONE);
        assert!(key(pawn_takes_queen) > key(quiet));
        assert_eq!(key(rook_sideways), 0, "e4d4 is a quiet rook move");
        assert_eq!(move_key(&board, quiet, quiet), HASH_MOVE);
    }
}
