//! What the pieces are worth: the one table of piece values, the scale derived beside it for
//! exchanges, and the game phase that blends middlegame and endgame values.
//!
//! Every value the evaluation adds up is a pair (middlegame, endgame) in centipawns. The
//! final score blends the two by the *phase*, the non-pawn material left, so a term can
//! matter more in one part of the game than the other.

/// A (middlegame, endgame) pair of centipawn values.
pub type Pair = (i32, i32);

/// Material per kind, indexed by kind (0 unused): the one table of piece values. The
/// evaluation counts it (through the piece-square tables, `psq`), and the tuner corrects it
/// (`eval::weights`).
pub const MATERIAL: [Pair; 7] = [
    (0, 0),
    (90, 110),   // pawn: worth more as the board empties and it can run
    (320, 300),  // knight
    (330, 320),  // bishop
    (480, 540),  // rook: gains in open endgames
    (950, 1000), // queen
    (0, 0),      // king: never captured, so no material
];

/// Values for exchanges, by kind: static exchange evaluation (`see`) and the MVV/LVA order
/// of captures (`search::ordering`). They follow [`MATERIAL`]'s middlegame column in the
/// classical units, with the pawn at exactly 100 and rook 500, and differ from it on
/// purpose: an exchange is judged by one fixed scale, whatever the phase, so that SEE's
/// thresholds read as pawns and a retuned evaluation never reorders captures. Only the order
/// P < N < B < R < Q matters to MVV/LVA. The king's value is larger than everything else put
/// together: it can capture last in an exchange but is never captured.
pub const EXCHANGE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20_000];

/// How much each kind counts towards the game phase; [`FULL_PHASE`] is the full opening set.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 1, 1, 2, 4, 0];
/// Phase of the starting position.
pub const FULL_PHASE: i32 = 24;

/// Adds two pairs.
#[inline]
pub const fn add(a: Pair, b: Pair) -> Pair {
    (a.0 + b.0, a.1 + b.1)
}

/// Blends a middlegame/endgame pair by phase.
#[inline]
pub fn taper((mg, eg): Pair, phase: i32) -> i32 {
    let phase = phase.min(FULL_PHASE);
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};

    #[test]
    fn both_scales_order_the_pieces_alike() {
        for kinds in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN].windows(2) {
            let (lower, higher) = (kinds[0] as usize, kinds[1] as usize);
            assert!(MATERIAL[lower].0 < MATERIAL[higher].0);
            assert!(EXCHANGE_VALUE[lower] < EXCHANGE_VALUE[higher]);
        }
        let opening_set = 2 * (2 * PHASE_WEIGHT[2] + 2 * PHASE_WEIGHT[3] + 2 * PHASE_WEIGHT[4] + PHASE_WEIGHT[5]);
        assert_eq!(opening_set, FULL_PHASE);
    }
}
