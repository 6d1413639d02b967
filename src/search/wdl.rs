//! The win/draw/loss estimate that `UCI_ShowWDL` adds to each score: how often Maxim wins,
//! draws and loses from a position it scores so, in per mille.
//!
//! The model is logistic in the score, with a centre and a spread that depend on the material
//! left on the board (pawns 1, knights and bishops 3, rooks 5, queens 9, both sides: 78 at
//! the start). The chance of a win is `1 / (1 + e^((a - s) / b))`: `a` is the score at which
//! a win and a non-win are equally likely, `b` how fast the chance grows with the score. The
//! chance of a loss is the same curve seen from the other side, `1 / (1 + e^((a + s) / b))`,
//! and a draw takes the rest. With less material a score is worth more (a pawn up in an
//! endgame wins more often than a pawn up in the middlegame), so `a` and `b` fall with it.
//!
//! `a` and `b` are cubics in the material (as a share of the starting 78); their eight
//! numbers below were fitted by `tools/fit_wdl.py` to Maxim's own games (`docs/wdl.md` gives
//! the fit and its calibration on games the fit did not see).

use super::score::MATE_BOUND;
use crate::chess::board::Board;
use crate::chess::types::{Colour, BISHOP, KNIGHT, PAWN, QUEEN, ROOK};

/// `a` in centipawns: the coefficients of 1, x, x² and x³, where x is the material / 78.
const CENTRE: [f64; 4] = [469.7, -1656.4, 2255.6, -983.8];
/// `b` in centipawns, the same way.
const SPREAD: [f64; 4] = [114.1, -74.3, -149.4, 237.2];
/// The material at the start, where x = 1 (more, after promotions, counts as this).
const FULL_MATERIAL: i32 = 78;

/// A win/draw/loss estimate in per mille: the three sum to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Wins per thousand.
    pub win: u32,
    /// Draws per thousand.
    pub draw: u32,
    /// Losses per thousand.
    pub loss: u32,
}

/// The material on the board as the model counts it (both sides, kings not counted).
pub fn material(board: &Board) -> i32 {
    const VALUES: [(u8, i32); 5] = [(PAWN, 1), (KNIGHT, 3), (BISHOP, 3), (ROOK, 5), (QUEEN, 9)];
    [Colour::White, Colour::Black]
        .iter()
        .flat_map(|&colour| {
            VALUES.iter().map(move |&(kind, value)| board.piece_set(colour, kind).count_ones() as i32 * value)
        })
        .sum()
}

/// The estimate for a search score (the side to move's view) with `material` on the board.
/// A mate found is a certain win (1000 0 0) and a mate against a certain loss (0 0 1000).
pub fn wdl(score: i32, material: i32) -> Wdl {
    if score >= MATE_BOUND {
        return Wdl { win: 1000, draw: 0, loss: 0 };
    }
    if score <= -MATE_BOUND {
        return Wdl { win: 0, draw: 0, loss: 1000 };
    }
    let x = material.clamp(0, FULL_MATERIAL) as f64 / FULL_MATERIAL as f64;
    let cubic = |c: [f64; 4]| c[0] + x * (c[1] + x * (c[2] + x * c[3]));
    // Both stay positive over 0..=1 as fitted; the floor only guards the arithmetic.
    let (a, b) = (cubic(CENTRE).max(1.0), cubic(SPREAD).max(1.0));
    let s = score as f64;
    let win = (1000.0 / (1.0 + ((a - s) / b).exp())).round() as u32;
    let loss = (1000.0 / (1.0 + ((a + s) / b).exp())).round() as u32;
    // a > 0 keeps win + loss under 1000; the guard keeps the draw share from going negative
    // if a rounding ever pushes them over.
    let loss = loss.min(1000 - win);
    Wdl { win, draw: 1000 - win - loss, loss }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    #[test]
    fn shares_sum_to_a_thousand_and_follow_the_score() {
        for material in [0, 10, 30, 60, 78, 100] {
            let mut last_win = 0;
            for score in (-3000..=3000).step_by(25) {
                let w = wdl(score, material);
                assert_eq!(w.win + w.draw + w.loss, 1000, "{score} {material}");
                assert!(w.win >= last_win, "the win share grows with the score");
                last_win = w.win;
                let mirrored = wdl(-score, material);
                assert_eq!((w.win, w.loss), (mirrored.loss, mirrored.win), "symmetric");
            }
        }
        assert_eq!(wdl(0, 78).win, wdl(0, 78).loss);
    }

    #[test]
    fn mates_are_certain() {
        assert_eq!(wdl(MATE - 5, 40), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(wdl(-(MATE - 8), 40), Wdl { win: 0, draw: 0, loss: 1000 });
    }

    #[test]
    fn the_fitted_model_says_what_the_games_said() {
        // With little material an even score is nearly always a draw, and a pawn more wins
        // less often than in the middlegame: Maxim's endgame scores promise more than they
        // deliver at fast controls (docs/wdl.md, first step of the fit).
        assert!(wdl(0, 12).draw > 800 && wdl(0, 78).draw < 500);
        assert!(wdl(100, 12).win < wdl(100, 70).win);
        // Four pawns up wins from a rook and minor piece's worth of material up; below, the
        // games' pawn endings with such scores were often drawn.
        assert!((12..=78).all(|m| wdl(400, m).win > 750));
        assert!(wdl(400, 3).win < 500);
    }

    #[test]
    fn material_is_counted_as_the_model_expects() {
        assert_eq!(material(&Board::start()), 78);
        let board = Board::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1").unwrap();
        assert_eq!(material(&board), 6);
    }
}
