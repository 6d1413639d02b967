//! Static evaluation, micro-Max style: most of the score is a sum over pieces of a
//! piece-square value, kept up to date move by move (the *differential* evaluation), plus a
//! few terms computed when a node is evaluated.
//!
//! Every value is a pair (middlegame, endgame) in centipawns. The final score blends the two
//! by the *phase*, the non-pawn material left, so a term can matter more in one part of the
//! game than the other.
//!
//! The piece-square table is built by the compiler from the small commented tables below, so
//! each idea (material, centre distance, pawn advance, king shelter) stays readable.

mod activity;
mod pawn_cache;
mod pawns;
mod pieces;
mod weights;

pub use pawn_cache::{PawnCache, PawnKingTerms};
pub use weights::{term_counts, terms_with, Weights, HAND_SET, WEIGHTS};

use crate::board::Board;
use crate::types::*;

/// A (middlegame, endgame) pair of centipawn values.
pub type Pair = (i32, i32);

/// Material per kind, indexed by kind (0 unused).
pub const MATERIAL: [Pair; 7] = [
    (0, 0),
    (90, 110),   // pawn: worth more as the board empties and it can run
    (320, 300),  // knight
    (330, 320),  // bishop
    (480, 540),  // rook: gains in open endgames
    (950, 1000), // queen
    (0, 0),      // king: never captured, so no material
];

/// How much each kind counts towards the game phase; 24 is the full opening set.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
/// Phase of the starting position.
pub const FULL_PHASE: i32 = 24;

/// Penalty per step of distance from the centre, indexed by kind (micro-Max's centre table).
const CENTRE_WEIGHT: [Pair; 7] = [
    (0, 0),
    (0, 0),   // pawn: has its own table below
    (-8, -8), // knight: "a knight on the rim is dim"
    (-5, -5), // bishop: more diagonals from the middle
    (-2, 0),  // rook: files matter more than centrality
    (-2, -5), // queen
    (0, -12), // king: hides in the middlegame (table below), centralises in the endgame
];

/// Pawn bonus by rank (index 0 = its own first rank, never occupied).
const PAWN_ADVANCE: [Pair; 8] = [
    (0, 0),
    (0, 0), // home rank
    (2, 5),
    (6, 12),
    (14, 25),
    (25, 50),
    (45, 90), // one step from promotion
    (0, 0),   // promotes before it stands here
];

/// Extra middlegame bonus for a centre pawn (files d and e) on its 4th or 5th rank.
const CENTRE_PAWN_BONUS: i32 = 12;

/// King placement in the middlegame by file (a..h) on its own back rank: the castling bonus.
/// Castled kings on b/c or g/h are sheltered; a king still on e keeps its castling option.
const KING_BACK_RANK: [i32; 8] = [15, 30, 20, 0, 0, 5, 30, 15];
/// Middlegame penalty per rank a king has left its back rank.
const KING_ADVANCE_PENALTY: i32 = -25;

/// Distance (0..=6) of a square from the four centre squares, in king steps per axis summed.
const fn centre_distance(sq: Square) -> i32 {
    let f = file_of(sq) as i32;
    let r = rank_of(sq) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

/// White's value of a piece kind on a square (White's point of view, square as for White).
const fn white_value(kind: Kind, sq: Square) -> Pair {
    let k = kind as usize;
    let mut mg = MATERIAL[k].0 + CENTRE_WEIGHT[k].0 * centre_distance(sq);
    let mut eg = MATERIAL[k].1 + CENTRE_WEIGHT[k].1 * centre_distance(sq);
    let rank = rank_of(sq);
    let file = file_of(sq);
    if kind == PAWN {
        mg += PAWN_ADVANCE[rank].0;
        eg += PAWN_ADVANCE[rank].1;
        if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
            mg += CENTRE_PAWN_BONUS;
        }
    }
    if kind == KING {
        mg += if rank == 0 { KING_BACK_RANK[file] } else { KING_ADVANCE_PENALTY * rank as i32 };
    }
    (mg, eg)
}

const fn build_psq() -> [[Pair; 64]; 16] {
    let mut table = [[(0, 0); 64]; 16];
    let mut kind = PAWN;
    while kind <= KING {
        let mut i = 0;
        while i < 64 {
            let sq = from_64(i);
            let (mg, eg) = white_value(kind, sq);
            table[make_piece(Colour::White, kind) as usize][i] = (mg, eg);
            // Black reads White's table through a rank mirror, and scores count against White.
            table[make_piece(Colour::Black, kind) as usize][to_64(flip_rank(sq))] = (-mg, -eg);
            i += 1;
        }
        kind += 1;
    }
    table
}

/// Piece-square values from White's point of view: `PSQ[piece][sq64]`.
pub static PSQ: [[Pair; 64]; 16] = build_psq();

/// Bonus for the side to move: it gets to act first.
pub const TEMPO: i32 = 10;

/// The evaluation split into its terms, White's point of view, for the `eval` command.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Breakdown {
    /// Material plus piece-square values (middlegame, endgame).
    pub piece_square: Pair,
    /// Doubled and isolated pawns (middlegame, endgame).
    pub pawn_structure: Pair,
    /// Passed pawns (middlegame, endgame).
    pub passed_pawns: Pair,
    /// Material corrections, bishop pair, rooks on open files, king shelter (middlegame,
    /// endgame).
    pub pieces: Pair,
    /// Mobility and king attack (middlegame, endgame).
    pub activity: Pair,
    /// Share of the score kept, out of 64, in endgames the side ahead cannot win.
    pub scale: i32,
    /// Phase, 0 (bare kings and pawns) to [`FULL_PHASE`].
    pub phase: i32,
    /// The blended total from White's point of view, without tempo.
    pub white_total: i32,
}

/// Adds two pairs.
fn add(a: Pair, b: Pair) -> Pair {
    (a.0 + b.0, a.1 + b.1)
}

/// Blends a middlegame/endgame pair by phase.
pub fn taper((mg, eg): Pair, phase: i32) -> i32 {
    let phase = phase.min(FULL_PHASE);
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
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
    let pieces = add(pieces, pieces::shelter_terms(board, w));
    let activity = activity::activity_terms(board, w);
    let sum = add(add(add(add(piece_square, pawn_structure), passed_pawns), pieces), activity);
    let tapered = taper(sum, phase);
    let scale = pieces::endgame_scale(tapered, &material);
    Breakdown {
        piece_square,
        pawn_structure,
        passed_pawns,
        pieces,
        activity,
        phase,
        scale,
        white_total: tapered * scale / 64,
    }
}

/// The static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    let white = breakdown(board).white_total;
    let relative = if board.side() == Colour::White { white } else { -white };
    relative + TEMPO
}

/// [`evaluate`], with the pawn-and-king terms from the search's cache. Same result.
pub fn evaluate_cached(board: &Board, cache: &mut PawnCache) -> i32 {
    evaluate_lazy(board, -INFINITE_WINDOW, INFINITE_WINDOW, cache)
}

/// A window no score reaches, so that [`evaluate_lazy`] always completes the evaluation.
const INFINITE_WINDOW: i32 = 1_000_000;

/// Lazy evaluation, for quiescence's stand-pat: the piece activity terms cost more than all
/// the others together (they walk every piece's rays), and are seldom worth more than
/// [`LAZY_MARGIN`]. So when the score without them is that far above `beta` (the node will
/// cut off) or below `alpha` (it will not raise alpha), it is returned as it is; otherwise the
/// full evaluation is. Side to move's point of view, like [`evaluate`].
pub fn evaluate_lazy(board: &Board, alpha: i32, beta: i32, cache: &mut PawnCache) -> i32 {
    let w = &WEIGHTS;
    let pawn_king = cache.terms(board);
    let (pieces, material) = pieces::piece_terms(board, w);
    let pawn_king_sum = add(add(pawn_king.structure, pawn_king.passed), pawn_king.shelter);
    let sum = add(add(board.psq(), pawn_king_sum), pieces);
    let phase = board.phase();
    let relative = side_relative(board, sum, phase, &material);
    if relative - LAZY_MARGIN >= beta || relative + LAZY_MARGIN <= alpha {
        return relative;
    }
    let activity = activity::activity_terms(board, w);
    side_relative(board, add(sum, activity), phase, &material)
}

/// A White-view (middlegame, endgame) sum blended by phase and endgame scale, then turned to
/// the side to move's view with the tempo bonus.
fn side_relative(board: &Board, sum: Pair, phase: i32, material: &[pieces::SideMaterial; 2]) -> i32 {
    let tapered = taper(sum, phase);
    let white = tapered * pieces::endgame_scale(tapered, material) / 64;
    (if board.side() == Colour::White { white } else { -white }) + TEMPO
}

/// See [`evaluate_lazy`].
const LAZY_MARGIN: i32 = 200;

/// Recomputes the piece-square sum and phase from nothing, to check the incremental values.
pub fn from_scratch(board: &Board) -> (Pair, i32) {
    let mut psq = (0, 0);
    let mut phase = 0;
    for sq in (0..128).filter(|&s| on_board(s)) {
        let piece = board.piece_at(sq);
        if piece != EMPTY {
            let (mg, eg) = PSQ[piece as usize][to_64(sq)];
            psq.0 += mg;
            psq.1 += eg;
            phase += PHASE_WEIGHT[kind_of(piece) as usize];
        }
    }
    (psq, phase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lazy_evaluation_is_exact_inside_its_margin() {
        let fens = [
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let full = evaluate(&board);
            let cache = &mut PawnCache::new();
            assert_eq!(evaluate_cached(&board, cache), full, "{fen}");
            // A window around the full score: the activity terms must be counted.
            assert_eq!(evaluate_lazy(&board, full - 1, full + 1, cache), full, "{fen}");
            // Far outside the window: the cheap score, within the margin of the full one.
            let lazy = evaluate_lazy(&board, full + 1000, full + 1001, cache);
            assert!((lazy - full).abs() <= LAZY_MARGIN, "{fen}: {lazy} vs {full}");
        }
    }

    #[test]
    fn start_position_is_balanced() {
        let board = Board::start();
        let b = breakdown(&board);
        assert_eq!(b.piece_square, (0, 0));
        assert_eq!(b.white_total, 0);
        assert_eq!(b.phase, FULL_PHASE);
        assert_eq!(evaluate(&board), TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        // The same position with colours swapped and the board mirrored scores the same
        // for the side to move.
        let a = Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5").unwrap();
        let b = Board::from_fen("rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 1 5").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }
}
