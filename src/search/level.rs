//! Playing strength below the engine's best, for `UCI_LimitStrength` and `UCI_Elo`.
//!
//! A level weakens the engine the way a weaker player is weak: it knows less, rather than
//! throwing games. Three things fall as the level falls, each interpolated between the
//! anchors of [`ANCHORS`]:
//! * the **nodes** it may search per move: a shallower search misses deeper tactics and plans;
//! * **noise** on every static evaluation (a fixed pseudo-random offset per position within a
//!   search): positional judgement gets blurred;
//! * at the lower levels, a **choice among the best few root moves**, weighted by their scores
//!   (a softmax whose temperature falls as the level rises): the second-best move is played
//!   often, a bad one rarely.
//!
//! What a level never does is written in `search::weaken`: it plays a mate it has found, it
//! mates a bare king at full strength, and from [`GUARD_ELO`] up it never plays a move that a
//! short noise-free search shows losing material to a one-move refutation; from
//! [`DEEP_GUARD_ELO`] up, nor one that a deeper search shows losing two pawns or more.
//!
//! The scale is Stockfish 15.1's `UCI_Elo` (anchored by its authors to CCRL ratings); the
//! anchors are fitted by `tools/calibrate.sh` and `docs/strength-limit.md` has the table.

use super::score::MATE_BOUND;

/// The weakest level offered.
pub const MIN_ELO: u32 = 1000;
/// The strongest level offered: the full strength of this build on the scale above (a
/// level at or above it is no limit at all), measured by the Stockfish ladder at 10+0.1
/// (`docs/strength-limit.md`). Raise it, and the anchor below it, as the engine grows.
pub const MAX_ELO: u32 = 2325;
/// From this level up, moves are checked against blunders (see `search::weaken`).
pub const GUARD_ELO: u32 = 1400;
/// From here up, the chosen move is also checked by a deeper search (`weaken::DEEP_CHECK`).
pub const DEEP_GUARD_ELO: u32 = 1700;
/// Root moves a level with a temperature chooses among.
const CHOICE_LINES: usize = 4;

/// One calibration point: at `elo`, search `nodes` per move with `noise` centipawns of noise
/// (each side of zero) and choose among the best moves with `temperature` centipawns.
struct Anchor {
    elo: u32,
    nodes: u64,
    noise: i32,
    temperature: i32,
}

/// The calibration points, weakest first; between two, the node budget is interpolated
/// geometrically and the rest linearly. The last one is full strength. 1400 and 1700 are
/// measured against Stockfish at the same setting, `MAX_ELO` by the ladder's rung at 2300;
/// 1000 is extrapolated below Stockfish's minimum, and 1900, 2050 and 2200 are placed between
/// 1700 and full strength at about 75 Elo a doubling of nodes (`docs/strength-limit.md`).
const ANCHORS: [Anchor; 7] = [
    Anchor { elo: MIN_ELO, nodes: 80, noise: 100, temperature: 85 },
    Anchor { elo: 1400, nodes: 475, noise: 48, temperature: 40 },
    Anchor { elo: 1700, nodes: 2_800, noise: 27, temperature: 17 },
    Anchor { elo: 1900, nodes: 10_000, noise: 15, temperature: 0 },
    Anchor { elo: 2050, nodes: 40_000, noise: 6, temperature: 0 },
    Anchor { elo: 2200, nodes: 160_000, noise: 3, temperature: 0 },
    Anchor { elo: MAX_ELO, nodes: u64::MAX, noise: 0, temperature: 0 },
];

/// A playing level: what the search may do at one `UCI_Elo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The setting it was made from.
    pub elo: u32,
    /// Nodes searched per move, at most.
    pub nodes: u64,
    /// Evaluation noise, in centipawns each side of zero.
    pub noise: i32,
    /// Softmax temperature of the root move choice, in centipawns; 0 plays the best move.
    pub temperature: i32,
}

impl Level {
    /// The level for `UCI_Elo` = `elo`, or None at full strength (`MAX_ELO` and up).
    pub fn new(elo: u32) -> Option<Level> {
        let elo = elo.max(MIN_ELO);
        if elo >= MAX_ELO {
            return None;
        }
        let upper = ANCHORS.iter().position(|a| a.elo > elo).unwrap_or(ANCHORS.len() - 1);
        let (a, b) = (&ANCHORS[upper - 1], &ANCHORS[upper]);
        let t = (elo - a.elo) as f64 / (b.elo - a.elo) as f64;
        let linear = |x: i32, y: i32| (x as f64 + t * (y - x) as f64).round() as i32;
        // Towards full strength the budget has no end point: keep the last step's growth.
        let b_nodes = if b.nodes == u64::MAX { a.nodes * 4 } else { b.nodes };
        let nodes = (a.nodes as f64 * (b_nodes as f64 / a.nodes as f64).powf(t)).round() as u64;
        Some(Level { elo, nodes, noise: linear(a.noise, b.noise), temperature: linear(a.temperature, b.temperature) })
    }

    /// How many root lines the search needs to choose among (1: it plays the best).
    pub fn lines(&self) -> usize {
        if self.temperature > 0 {
            CHOICE_LINES
        } else {
            1
        }
    }

    /// Whether moves are checked against one-move blunders.
    pub fn guards_blunders(&self) -> bool {
        self.elo >= GUARD_ELO
    }

    /// Whether the chosen move is also checked deeply, for combinations a few moves long.
    pub fn guards_deeply(&self) -> bool {
        self.elo >= DEEP_GUARD_ELO
    }
}

/// The evaluation noise of the position with key `key` in a search seeded with `seed`: a
/// number in `-amplitude..=amplitude`, the same each time the search meets the position.
#[inline]
pub fn eval_noise(key: u64, seed: u64, amplitude: i32) -> i32 {
    let (_, random) = crate::chess::rng::splitmix64(key ^ seed);
    (random % (2 * amplitude as u64 + 1)) as i32 - amplitude
}

/// Chooses among root moves scored `scores` (best first) with a softmax of temperature
/// `temperature` centipawns: a move `temperature` worse than the best is played e^-1 times
/// as often. `random` is a uniform pseudo-random word. Mate scores are never gambled with:
/// a mate found is played, and a move into a mate is never chosen over one that avoids it.
pub fn choose(scores: &[i32], temperature: i32, random: u64) -> usize {
    let Some(&best) = scores.first() else { return 0 };
    if temperature <= 0 || best >= MATE_BOUND {
        return 0;
    }
    let weights: Vec<f64> =
        scores
            .iter()
            .map(|&s| {
                if s <= -MATE_BOUND && best > -MATE_BOUND {
                    0.0
                } else {
                    ((s - best) as f64 / temperature as f64).exp()
                }
            })
            .collect();
    let total: f64 = weights.iter().sum();
    let mut point = (random >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (i, w) in weights.iter().enumerate() {
        if point < *w {
            return i;
        }
        point -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rng::Rng;
    use crate::search::score::MATE;

    #[test]
    fn levels_grow_with_the_setting() {
        assert_eq!(Level::new(MAX_ELO), None);
        assert_eq!(Level::new(MAX_ELO + 500), None);
        assert_eq!(Level::new(500), Level::new(MIN_ELO), "below the minimum is the minimum");
        let levels: Vec<Level> = (MIN_ELO..MAX_ELO).step_by(10).map(|e| Level::new(e).unwrap()).collect();
        for w in levels.windows(2) {
            assert!(w[1].nodes >= w[0].nodes && w[1].noise <= w[0].noise, "{:?} {:?}", w[0], w[1]);
            assert!(w[1].temperature <= w[0].temperature);
        }
        let first = Level::new(MIN_ELO).unwrap();
        assert_eq!((first.nodes, first.noise, first.temperature, first.lines()), (80, 100, 85, 4));
        // Anchors are hit exactly; between them the budget grows geometrically.
        assert_eq!(Level::new(1400).unwrap().nodes, 475);
        assert_eq!(Level::new(1200).unwrap().nodes, 195);
        assert!(!first.guards_blunders() && Level::new(1400).unwrap().guards_blunders());
        assert!(!Level::new(1650).unwrap().guards_deeply() && Level::new(1700).unwrap().guards_deeply());
        assert_eq!(Level::new(1950).unwrap().lines(), 1);
    }

    #[test]
    fn noise_stays_in_range_and_repeats() {
        let mut rng = Rng::new(3);
        let mut seen = [false; 11];
        for _ in 0..1000 {
            let key = rng.next_u64();
            let n = eval_noise(key, 99, 5);
            assert!((-5..=5).contains(&n));
            assert_eq!(n, eval_noise(key, 99, 5));
            seen[(n + 5) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value occurs");
    }

    #[test]
    fn the_choice_favours_better_moves_and_never_gambles_a_mate() {
        let mut rng = Rng::new(11);
        let mut counts = [0; 3];
        for _ in 0..10_000 {
            counts[choose(&[50, 0, -400], 50, rng.next_u64())] += 1;
        }
        // Weights 1, 1/e, e^-9: about 73%, 27% and 0.01%.
        assert!((7_000..7_600).contains(&counts[0]) && (2_400..3_000).contains(&counts[1]), "{counts:?}");
        assert!(counts[2] < 10, "{counts:?}");
        for _ in 0..100 {
            assert_eq!(choose(&[MATE - 3, 900, 800], 100, rng.next_u64()), 0);
            assert_ne!(choose(&[-50, -MATE + 4], 1000, rng.next_u64()), 1);
            assert_eq!(choose(&[10, 5], 0, rng.next_u64()), 0);
        }
        assert_eq!(choose(&[], 50, 1), 0);
    }
}
