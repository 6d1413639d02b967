//! The evaluation split into its terms, White's point of view: what the `eval` command
//! prints, and the one place the terms are added up for a full evaluation.

use super::weights::{Weights, WEIGHTS};
use super::{activity, endgame, pawns, pieces, shelter, space};
use crate::chess::board::Board;
use crate::chess::values::{add, taper, Pair};

/// The evaluation split into its terms, White's point of view, for the `eval` command.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Breakdown {
    /// Material plus piece-square values (middlegame, endgame).
    pub piece_square: Pair,
    /// Doubled and isolated pawns (middlegame, endgame).
    pub pawn_structure: Pair,
    /// Passed pawns (middlegame, endgame).
    pub passed_pawns: Pair,
    /// Material corrections, bishop pair, rooks on open files, king shelter, space and
    /// closedness (middlegame, endgame).
    pub pieces: Pair,
    /// Mobility and king attack (middlegame, endgame).
    pub activity: Pair,
    /// Share of the endgame score kept, out of 64, in endgames the side ahead may not win.
    pub scale: i32,
    /// The win against a bare king and the push toward its mate (`endgame`), never scaled.
    pub mating: i32,
    /// Phase, 0 (bare kings and pawns) to [`FULL_PHASE`].
    pub phase: i32,
    /// The blended total from White's point of view, without tempo.
    pub white_total: i32,
}

/// The evaluation split into terms (White's point of view).
pub fn breakdown(board: &Board) -> Breakdown {
    breakdown_with(board, &WEIGHTS)
}

/// [`breakdown`] with other weights (the tuner's).
pub fn breakdown_with(board: &Board, w: &Weights) -> Breakdown {
    let piece_square = board.psq();
    let (pawn_structure, passed_pawns) = pawns::pawn_terms(board, w);
    let phase = board.phase();
    let (pieces, material) = pieces::piece_terms(board, w);
    let pieces = add(add(pieces, shelter::shelter_terms(board, w)), space::space_terms(board, w, &material));
    let activity = activity::activity_terms(board, w);
    let sum = add(add(add(add(piece_square, pawn_structure), passed_pawns), pieces), activity);
    let scale = pieces::endgame_scale(sum.1, &material);
    let tapered = taper((sum.0, sum.1 * scale / 64), phase);
    let mating = endgame::mating_bonus(board);
    Breakdown {
        piece_square,
        pawn_structure,
        passed_pawns,
        pieces,
        activity,
        phase,
        scale,
        mating,
        white_total: tapered + mating,
    }
}
