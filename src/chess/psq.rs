//! The piece-square tables: what a piece is worth on each square, material included. Most of
//! micro-Max's evaluation is this sum over the pieces, and the board keeps it up to date
//! move by move (the *differential* evaluation), so the tables live here, below the board,
//! rather than with the evaluation terms computed at evaluation time (`eval`).
//!
//! The table is built by the compiler from the small commented tables below, so each idea
//! (material, centre distance, pawn advance, king shelter) stays readable, plus the tuner's
//! per-square corrections (`psq_learned`), which say where the data disagrees with the formula.

use super::psq_learned::PSQ_LEARNED;
use super::types::*;
use super::values::{Pair, MATERIAL, PHASE_WEIGHT};

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
    let learned = PSQ_LEARNED[k - 1][to_64(sq)];
    (mg + learned.0, eg + learned.1)
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

/// The piece-square sum and the phase of a set of pieces, computed from nothing: `pieces`
/// yields each piece with its square. The board checks its incremental sums against it.
pub fn from_scratch(pieces: impl Iterator<Item = (Piece, Square)>) -> (Pair, i32) {
    let mut psq = (0, 0);
    let mut phase = 0;
    for (piece, sq) in pieces {
        let (mg, eg) = PSQ[piece as usize][to_64(sq)];
        psq = (psq.0 + mg, psq.1 + eg);
        phase += PHASE_WEIGHT[kind_of(piece) as usize];
    }
    (psq, phase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_mirrors_white() {
        for kind in PAWN..=KING {
            let black = &PSQ[make_piece(Colour::Black, kind) as usize];
            for (i, &white) in PSQ[make_piece(Colour::White, kind) as usize].iter().enumerate() {
                let mirrored = black[to_64(flip_rank(from_64(i)))];
                assert_eq!(white, (-mirrored.0, -mirrored.1));
            }
        }
        // A knight in the centre beats one on the rim.
        let knight = make_piece(Colour::White, KNIGHT) as usize;
        assert!(PSQ[knight][to_64(square(3, 3))].0 > PSQ[knight][to_64(square(0, 3))].0);
    }
}
