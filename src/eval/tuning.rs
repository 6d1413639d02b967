//! What the Texel tuner (`src/bin/tune.rs`) needs of the evaluation: the terms' sum under
//! any weights, and how often each weight counts in a position.

use super::breakdown::breakdown_with;
use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::values::Pair;
use std::sync::OnceLock;

/// Probe weight for [`term_counts`]: large enough that the king attack's percentages stay
/// exact in integer arithmetic.
const PROBE: i32 = 1000;

/// The terms' (middlegame, endgame) sum on `board` with weights `w`, White's view.
pub fn terms_with(board: &Board, w: &Weights) -> Pair {
    let b = breakdown_with(board, w);
    let parts = [b.pawn_structure, b.passed_pawns, b.pieces, b.activity];
    parts.iter().fold((0, 0), |a, p| (a.0 + p.0, a.1 + p.1))
}

/// How many times each weight of [`Weights::params_mut`] counts on `board` (White's minus
/// Black's, fractional where the king attack scales it). Found by evaluating with that one
/// weight set and all others zero, which is exact because every term is linear in its weight.
pub fn term_counts(board: &Board) -> Vec<f64> {
    let base = terms_with(board, &Weights::zero()).0;
    probes().iter().map(|w| (terms_with(board, w).0 - base) as f64 / PROBE as f64).collect()
}

/// One weight set per weight of [`Weights::params_mut`], that weight at [`PROBE`] and the
/// others zero; built once, since naming the weights allocates.
fn probes() -> &'static [Weights] {
    static PROBES: OnceLock<Vec<Weights>> = OnceLock::new();
    PROBES.get_or_init(|| {
        let params = Weights::zero().params_mut().len();
        (0..params)
            .map(|j| {
                let mut w = Weights::zero();
                *w.params_mut()[j].1 = (PROBE, PROBE);
                w
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::WEIGHTS;

    /// The tuner's model, the weights times the counts, must give the engine's own terms (up
    /// to the king attack's rounding to whole centipawns, at most 1 per side and phase).
    #[test]
    fn terms_are_linear_in_the_weights() {
        let fens = [
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "2r3k1/pp3ppp/1qn1p3/3pP3/3P1Q2/P4N2/1P3PPP/2R3K1 b - - 0 20",
        ];
        let mut weights = WEIGHTS;
        let values: Vec<Pair> = weights.params_mut().into_iter().map(|(_, p)| *p).collect();
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let counts = term_counts(&board);
            let base = terms_with(&board, &Weights::zero());
            let model = counts
                .iter()
                .zip(&values)
                .fold((base.0 as f64, base.1 as f64), |a, (c, w)| (a.0 + c * w.0 as f64, a.1 + c * w.1 as f64));
            let engine = terms_with(&board, &WEIGHTS);
            assert!((model.0 - engine.0 as f64).abs() <= 2.0, "{fen}: {model:?} vs {engine:?}");
            assert!((model.1 - engine.1 as f64).abs() <= 2.0, "{fen}: {model:?} vs {engine:?}");
        }
    }

    #[test]
    fn zero_weights_add_nothing() {
        let board = Board::from_fen("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9").unwrap();
        assert_eq!(terms_with(&board, &Weights::zero()), (0, 0));
    }
}
