//! Late-move reductions: how many plies a quiet move searched late at a node loses. With good
//! move ordering such a move rarely beats alpha, so it is searched shallower first, and again
//! at full depth only if it does (`alphabeta.rs`). Quiet moves that are not killers, give no
//! check and do not answer one are reduced by the table below; a capture that loses material
//! by the static exchange, late in the list, by one ply.

use crate::chess::board::Board;
use crate::chess::types::Move;
use crate::search::ordering::keys::loses_material;
use crate::search::params::{lmr_base, lmr_divisor, lmr_history_divisor};

/// Late-move reductions start at this depth and this move number (0-based).
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVE: usize = 3;

/// Natural logarithms times 1000 of 0..64, written out so that reductions are the same on
/// every machine (a maths library may round `ln` differently in the last bit).
const LN_1000: [i32; 64] = [
    0, 0, 693, 1099, 1386, 1609, 1792, 1946, 2079, 2197, 2303, 2398, 2485, 2565, 2639, 2708, 2773, 2833, 2890, 2944,
    2996, 3045, 3091, 3135, 3178, 3219, 3258, 3296, 3332, 3367, 3401, 3434, 3466, 3497, 3526, 3555, 3584, 3611, 3638,
    3664, 3689, 3714, 3738, 3761, 3784, 3807, 3829, 3850, 3871, 3892, 3912, 3932, 3951, 3970, 3989, 4007, 4025, 4043,
    4060, 4078, 4094, 4111, 4127, 4143,
];

/// How many plies the quiet move at `move_number` (0-based) loses at a node of `depth`, before
/// the node's own search depth bounds it: 0.75 + ln(depth) * ln(move number) / 2.25
/// (`params::lmr_base`, `params::lmr_divisor`), growing with the logarithms of depth and of
/// the move's place in the list (a common shape since Stockfish; the constants are ours); one
/// less at a PV node, one more when the side to move is not improving, one more at a node
/// expected to fail high, and less or more by the move's statistics
/// (`params::lmr_history_divisor`).
pub(in crate::search) fn late_move_reduction(
    depth: i32,
    move_number: usize,
    pv_node: bool,
    improving: bool,
    cut_node: bool,
    stats: i32,
) -> i32 {
    if depth < LMR_MIN_DEPTH || move_number < LMR_MIN_MOVE {
        return 0;
    }
    let ln = |x: usize| LN_1000[x.min(63)] as i64;
    // In millionths of a ply, rounded down once at the end.
    let micro_plies = lmr_base() as i64 * 1000 + ln(depth as usize) * ln(move_number) * 1000 / lmr_divisor() as i64;
    let base = (micro_plies / 1_000_000) as i32;
    (base - pv_node as i32 + !improving as i32 + cut_node as i32 - stats / lmr_history_divisor()).max(0)
}

/// How many plies a capture at `move_number` (0-based) loses: one when it comes late (from
/// the same depth and move number as a quiet move's reduction) and gives up more than it wins
/// by the static exchange. Such a capture seldom raises alpha, and when it does the re-search
/// at full depth finds it. Not at PV nodes, nor for the hash move, promotions (the exchange
/// does not count what a pawn becomes), checks or evasions: the caller leaves those out.
pub(in crate::search) fn bad_capture_reduction(board: &Board, m: Move, depth: i32, move_number: usize) -> i32 {
    (depth >= LMR_MIN_DEPTH && move_number >= LMR_MIN_MOVE && loses_material(board, m)) as i32
}
