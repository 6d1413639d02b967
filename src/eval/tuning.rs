//! What the Texel tuner (`src/bin/tune/main.rs`) needs of the evaluation: the weights as a list,
//! the terms' sum under any weights, and how often each weight counts in a position.

use super::breakdown::breakdown_with;
use super::weights::{Weights, WEIGHTS};
use crate::chess::board::Board;
use crate::chess::values::Pair;
use std::ops::Range;
use std::sync::OnceLock;

impl Weights {
    /// True for the weights that are middlegame terms only, whose endgame half stays 0.
    pub fn is_middlegame_only(name: &str) -> bool {
        ["shelter", "pawn_storm", "king_attack", "king_zone", "weak_king", "space", "flank_attacks"]
            .iter()
            .any(|p| name.starts_with(p))
    }

    /// Every weight, in a fixed order, for the tuner. The first rank and the promotion rank
    /// of the passed-pawn table and the pawn and king entries of the piece tables are never
    /// counted by any term, so they are left out.
    pub fn params_mut(&mut self) -> Vec<(String, &mut Pair)> {
        let mut out: Vec<(String, &mut Pair)> = Vec::new();
        indexed(&mut out, "material", &mut self.material, 1..6);
        out.push(("doubled_pawn".into(), &mut self.doubled_pawn));
        out.push(("isolated_pawn".into(), &mut self.isolated_pawn));
        indexed(&mut out, "connected_pawn", &mut self.connected_pawn, 1..7);
        out.push(("backward_pawn".into(), &mut self.backward_pawn));
        out.push(("weak_lever".into(), &mut self.weak_lever));
        out.push(("defended_pawn".into(), &mut self.defended_pawn));
        indexed(&mut out, "phalanx_pawn", &mut self.phalanx_pawn, 1..7);
        out.push(("weak_unopposed".into(), &mut self.weak_unopposed));
        indexed(&mut out, "candidate_passer", &mut self.candidate_passer, 1..6);
        out.push(("king_pawn_distance".into(), &mut self.king_pawn_distance));
        indexed(&mut out, "passed_pawn", &mut self.passed_pawn, 1..7);
        out.push(("passed_own_king".into(), &mut self.passed_own_king));
        out.push(("passed_enemy_king".into(), &mut self.passed_enemy_king));
        out.push(("passed_free".into(), &mut self.passed_free));
        out.push(("passed_free_path".into(), &mut self.passed_free_path));
        out.push(("passed_supported".into(), &mut self.passed_supported));
        out.push(("passed_file".into(), &mut self.passed_file));
        out.push(("rook_behind_passer".into(), &mut self.rook_behind_passer));
        out.push(("knight_outpost".into(), &mut self.knight_outpost));
        out.push(("bishop_outpost".into(), &mut self.bishop_outpost));
        out.push(("bishop_pawns".into(), &mut self.bishop_pawns));
        out.push(("rook_seventh".into(), &mut self.rook_seventh));
        out.push(("bishop_pair".into(), &mut self.bishop_pair));
        out.push(("rook_open_file".into(), &mut self.rook_open_file));
        out.push(("rook_half_open_file".into(), &mut self.rook_half_open_file));
        out.push(("minor_behind_pawn".into(), &mut self.minor_behind_pawn));
        out.push(("minor_king_distance".into(), &mut self.minor_king_distance));
        out.push(("shelter_missing".into(), &mut self.shelter_missing));
        out.push(("shelter_open_file".into(), &mut self.shelter_open_file));
        indexed(&mut out, "shelter_pawn", &mut self.shelter_pawn, 0..7);
        indexed(&mut out, "pawn_storm", &mut self.pawn_storm, 0..7);
        let tables: [(&str, &mut [Pair]); 4] = [
            ("mobility_knight", &mut self.mobility_knight),
            ("mobility_bishop", &mut self.mobility_bishop),
            ("mobility_rook", &mut self.mobility_rook),
            ("mobility_queen", &mut self.mobility_queen),
        ];
        for (name, table) in tables {
            let len = table.len();
            indexed(&mut out, name, table, 0..len);
        }
        out.push(("king_zone_attacks".into(), &mut self.king_zone_attacks));
        out.push(("weak_king_squares".into(), &mut self.weak_king_squares));
        indexed(&mut out, "king_attack", &mut self.king_attack, 2..6);
        out.push(("threat_by_pawn".into(), &mut self.threat_by_pawn));
        indexed(&mut out, "threat_by_minor", &mut self.threat_by_minor, 1..6);
        indexed(&mut out, "threat_by_rook", &mut self.threat_by_rook, 1..6);
        out.push(("threat_by_king".into(), &mut self.threat_by_king));
        out.push(("hanging".into(), &mut self.hanging));
        out.push(("weak_queen_protection".into(), &mut self.weak_queen_protection));
        out.push(("restricted".into(), &mut self.restricted));
        out.push(("knight_on_queen".into(), &mut self.knight_on_queen));
        out.push(("slider_on_queen".into(), &mut self.slider_on_queen));
        out.push(("threat_by_push".into(), &mut self.threat_by_push));
        indexed(&mut out, "safe_check", &mut self.safe_check, 2..6);
        out.push(("unsafe_check".into(), &mut self.unsafe_check));
        out.push(("space".into(), &mut self.space));
        out.push(("knight_closed".into(), &mut self.knight_closed));
        out.push(("rook_closed".into(), &mut self.rook_closed));
        out.push(("flank_attacks".into(), &mut self.flank_attacks));
        out.push(("pawnless_flank".into(), &mut self.pawnless_flank));
        out.push(("bishop_long_diagonal".into(), &mut self.bishop_long_diagonal));
        out.push(("rook_trapped".into(), &mut self.rook_trapped));
        out
    }

    /// All weights zero: the terms then add nothing.
    pub fn zero() -> Weights {
        let mut w = WEIGHTS;
        for (_, p) in w.params_mut() {
            *p = (0, 0);
        }
        w
    }
}

/// Pushes the weights `table[range]` onto `out`, each as `name[i]`.
fn indexed<'a>(out: &mut Vec<(String, &'a mut Pair)>, name: &str, table: &'a mut [Pair], range: Range<usize>) {
    let first = range.start;
    for (i, p) in table[range].iter_mut().enumerate() {
        out.push((format!("{name}[{}]", first + i), p));
    }
}

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
