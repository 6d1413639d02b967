//! Texel tuning of the evaluation weights (`src/eval/weights.rs`), a tool apart from the
//! engine: `cargo run --release --bin tune -- [--resolve] [--lambda=L] [--from-engine]
//! [--only=NAMES] DATA [EPOCHS [L2 [L2_PSQ [HELD_OUT]]]]`.
//!
//! DATA holds quiet positions from our own games, one `FEN;RESULT` per line, the result
//! 1.0, 0.5 or 0.0 from White's side (`tools/texel_data.py` makes it from match PGNs,
//! `datagen` from self-play). The method, after Peter Österlund's Texel: turn the static
//! score into an expected result with a logistic curve, `1 / (1 + 10^(-K * score / 400))`,
//! and find the weights that minimise the mean squared difference from the real results.
//!
//! A line may carry a third field, `FEN;RESULT;SCORE`: a search's score of the position in
//! centipawns, White's side. With `--lambda=L` (0 to 1) the target of such a position is
//! L × the result + (1 − L) × the search's score as an expected result (the same curve, the K
//! fitted to the results): a game's result says what happened but not how early it was
//! decided, and a search's score says how the position stands but not what it led to; the
//! strongest hand-crafted engines fit to such a blend. Without it, or at L = 1, the result
//! alone. The held-out error is also given against the results alone, so that fits with
//! different L compare.
//!
//! Every term is linear in its weight, so each position is reduced once to its *features*:
//! how many times each term counts (probed by evaluating with one weight set and the rest
//! zero). The score is then a dot product, and plain gradient descent (Adam) is fast.
//! With `--resolve`, each position is first replaced by the end of the best line of captures
//! from it (`eval::resolve`), the quiet position whose static score the search trusts. The
//! piece-square values and the endgame scale stay as they are (the scale is taken from the
//! hand-set weights, per position, and multiplies the endgame half as in the engine). A
//! tenth of the positions are held out to check that the fit generalises. An optional L2
//! term pulls each weight towards its hand-set value (`HAND_SET`), for terms the data says
//! little about. The endgame halves of middlegame-only terms stay 0. The tuned weights are
//! printed in the form of `WEIGHTS`.
//!
//! The piece-square formula (`chess::psq`) stays, and the tuner fits a correction to it per
//! kind and square (`chess::psq_learned`), starting from 0, with its own L2 pull towards 0:
//! a square the data rarely sees keeps the formula's value. The table is printed after the
//! weights, in the form of `PSQ_LEARNED`.
//!
//! With `--from-engine` the fit starts from the engine's weights and corrections (`WEIGHTS`,
//! `PSQ_LEARNED`), K is fitted to the engine's weights, and the L2 pull is towards the
//! engine's values: a weight the new data says little about stays where the last fit put it,
//! not at its hand-set value.
//! `--only=NAME,NAME,...` (which implies `--from-engine`) moves only the named weights (a
//! name covers a whole table: `passed_pawn` is `passed_pawn[1]` to `[6]`): new terms
//! are fitted to what the engine's evaluation leaves unexplained, and nothing else moves.

mod args;
mod data;

use args::Args;
use data::{in_parallel, read_samples, Sample};
use maxim::chess::psq_learned::PSQ_LEARNED;
use maxim::chess::values::FULL_PHASE;
use maxim::eval::weights::{Weights, HAND_SET, WEIGHTS};

/// Piece-square corrections: one (middlegame, endgame) pair per kind and square.
const PSQ_PARAMS: usize = 6 * 64;

/// The model's score (White's view) with weights `w`: weight `j`'s middlegame value at
/// `2 * j` and its endgame value at `2 * j + 1`.
fn score(s: &Sample, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = s.psq;
    for &(j, count) in &s.features {
        mg += w[2 * j] * count;
        eg += w[2 * j + 1] * count;
    }
    let full = FULL_PHASE as f64;
    (mg * s.phase + eg * s.scale / 64.0 * (full - s.phase)) / full + s.tempo
}

fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The mean squared difference between the model's expected results and the targets.
fn mean_error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    error_against(samples, w, k, |s| s.target)
}

/// The mean squared difference between the model's expected results and `label`.
fn error_against(samples: &[Sample], w: &[f64], k: f64, label: fn(&Sample) -> f64) -> f64 {
    samples.iter().map(|s| (label(s) - sigmoid(score(s, w), k)).powi(2)).sum::<f64>() / samples.len() as f64
}

/// The target of a position: `lambda` × the result + (1 − `lambda`) × the search's score as
/// an expected result; the result alone without a score.
fn blend(result: f64, search: Option<f64>, lambda: f64, k: f64) -> f64 {
    match search {
        Some(score) => lambda * result + (1.0 - lambda) * sigmoid(score, k),
        None => result,
    }
}

/// The K that best fits the current weights: a scan, then finer scans around the best.
fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut best, mut step) = (1.0, 0.5);
    for _ in 0..6 {
        let candidates = (-4..=4).map(|i| best + i as f64 * step).filter(|&k| k > 0.0);
        best = candidates.min_by(|&a, &b| mean_error(samples, w, a).total_cmp(&mean_error(samples, w, b))).unwrap();
        step /= 4.0;
    }
    best
}

fn main() {
    let args = match Args::parse(std::env::args().skip(1).collect()) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let (path, resolve, lambda, epochs) = (&args.data, args.resolve, args.lambda, args.epochs);
    // Start from the hand-set weights, so that a run reproduces WEIGHTS from scratch, or from
    // the engine's own.
    let mut tuned = if args.from_engine { WEIGHTS } else { HAND_SET };
    let names: Vec<String> = tuned.params_mut().into_iter().map(|(n, _)| n).collect();
    let mut initial: Vec<f64> = tuned.params_mut().into_iter().flat_map(|(_, p)| [p.0 as f64, p.1 as f64]).collect();
    let weights = names.len();
    let params = weights + PSQ_PARAMS;
    // The corrections start (and are pulled back) at 0, or at the engine's.
    if args.from_engine {
        initial.extend(PSQ_LEARNED.iter().flatten().flat_map(|p| [p.0 as f64, p.1 as f64]));
    }
    initial.resize(2 * params, 0.0);
    let anchor = initial.clone();
    let pull: Vec<f64> = (0..2 * params).map(|i| if i < 2 * weights { args.l2 } else { args.l2_psq }).collect();
    // Middlegame-only terms keep their endgame half at 0; with --only, all but the named
    // weights stay as they are.
    let mut frozen: Vec<bool> =
        names.iter().flat_map(|n| [!args.moves(n), !args.moves(n) || Weights::is_middlegame_only(n)]).collect();
    frozen.resize(2 * params, args.only.is_some());
    if let Some(list) = &args.only {
        let unknown = args.unknown_names(&names);
        if !unknown.is_empty() {
            eprintln!("--only: no weight is called {}", unknown.join(", "));
            std::process::exit(2);
        }
        let moving = names.iter().filter(|n| args.moves(n)).count();
        eprintln!("only {}: {moving} weights move, the rest and the square corrections stay", list.join(","));
    }

    let samples = read_samples(path, weights, resolve);
    let (mut train, mut test) = match &args.held_out {
        Some(held_out) => (samples, read_samples(held_out, weights, resolve)),
        // Every tenth position is held out (the data file is already shuffled).
        None => {
            let (test, train): (Vec<_>, Vec<_>) = samples.into_iter().enumerate().partition(|(i, _)| i % 10 == 0);
            (train.into_iter().map(|(_, s)| s).collect(), test.into_iter().map(|(_, s)| s).collect())
        }
    };
    eprintln!(
        "{} training positions, {} held out, {weights} weights and {PSQ_PARAMS} square corrections",
        train.len(),
        test.len()
    );

    let k = fit_k(&train, &initial);
    eprintln!("K = {k:.4}");
    let scored = train.iter().filter(|s| s.search.is_some()).count();
    for s in train.iter_mut().chain(test.iter_mut()) {
        s.target = blend(s.result, s.search, lambda, k);
    }
    eprintln!("targets: lambda {lambda}, {scored} training positions with a search score");
    eprintln!(
        "error before: train {:.6}  held out {:.6}",
        mean_error(&train, &initial, k),
        mean_error(&test, &initial, k)
    );

    // Adam over all weights, full batch.
    let mut w = initial.clone();
    let (rate, beta1, beta2, eps) = (1.0, 0.9, 0.999, 1e-8);
    let mut m = vec![0.0; 2 * params];
    let mut v = vec![0.0; 2 * params];
    for epoch in 1..=epochs {
        let grad = in_parallel(&train, |chunk| gradient(chunk, &w, k, params)).into_iter().fold(
            vec![0.0; 2 * params],
            |mut sum, part| {
                sum.iter_mut().zip(part).for_each(|(a, b)| *a += b);
                sum
            },
        );
        let n = train.len() as f64;
        for i in 0..2 * params {
            if frozen[i] {
                continue;
            }
            let g = grad[i] / n + 2.0 * pull[i] * (w[i] - anchor[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + eps);
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: train {:.6}  held out {:.6}",
                mean_error(&train, &w, k),
                mean_error(&test, &w, k)
            );
        }
    }

    let rounded: Vec<f64> = w.iter().map(|x| x.round()).collect();
    eprintln!(
        "error after (rounded): train {:.6}  held out {:.6}",
        mean_error(&train, &rounded, k),
        mean_error(&test, &rounded, k)
    );
    eprintln!(
        "held out against the results alone: before {:.6}  after {:.6}",
        error_against(&test, &initial, k, |s| s.result),
        error_against(&test, &rounded, k, |s| s.result)
    );
    for ((name, p), pair) in tuned.params_mut().into_iter().zip(rounded.chunks(2)) {
        let (mg, eg) = (pair[0], pair[1]);
        eprintln!("{name:24} {:?} -> ({mg}, {eg})", *p);
        *p = (mg as i32, eg as i32);
    }
    println!("{tuned:?}");
    print_psq_table(&rounded[2 * weights..]);
}

/// The gradient of the summed squared error against each sample's target (not its bare
/// result: with `--lambda` the two differ) over the weights, summed over `samples`.
fn gradient(samples: &[Sample], w: &[f64], k: f64, params: usize) -> Vec<f64> {
    let full = FULL_PHASE as f64;
    let mut grad = vec![0.0; 2 * params];
    for s in samples {
        let p = sigmoid(score(s, w), k);
        // d(error)/d(score), then the chain through taper and the endgame half's scale.
        let d = -2.0 * (s.target - p) * p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0;
        let (dmg, deg) = (d * s.phase / full, d * (full - s.phase) / full * s.scale / 64.0);
        for &(j, count) in &s.features {
            grad[2 * j] += dmg * count;
            grad[2 * j + 1] += deg * count;
        }
    }
    grad
}

/// Prints the square corrections in the layout of `PSQ_LEARNED` (kind by kind, a1 first).
fn print_psq_table(corrections: &[f64]) {
    const KINDS: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    println!("pub const PSQ_LEARNED: [[Pair; 64]; 6] = [");
    for (kind, squares) in KINDS.iter().zip(corrections.chunks(2 * 64)) {
        println!("    // {kind}\n    [");
        for rank in squares.chunks(2 * 8) {
            let pairs: Vec<String> = rank.chunks(2).map(|p| format!("({}, {}),", p[0] + 0.0, p[1] + 0.0)).collect();
            println!("        {}", pairs.join(" "));
        }
        println!("    ],");
    }
    println!("];");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_blends_the_result_with_the_score() {
        assert_eq!(blend(1.0, None, 0.5, 1.0), 1.0);
        assert_eq!(blend(1.0, Some(-300.0), 1.0, 1.0), 1.0);
        // A level score is an even game: half of a win and half of 0.5.
        assert!((blend(1.0, Some(0.0), 0.5, 1.0) - 0.75).abs() < 1e-12);
        let lost = blend(0.0, Some(400.0), 0.0, 1.0);
        assert!((lost - 1.0 / 1.1).abs() < 1e-12, "{lost}");
    }

    #[test]
    fn the_gradient_follows_the_target_not_the_bare_result() {
        // One feature, counted once, in a pure middlegame at full scale: the score is the
        // weight, and the expected result at weight 0 is exactly 0.5.
        let sample = |result: f64, target: f64| Sample {
            psq: (0.0, 0.0),
            phase: FULL_PHASE as f64,
            scale: 64.0,
            tempo: 0.0,
            features: vec![(0, 1.0)],
            result,
            search: None,
            target,
        };
        let w = [0.0, 0.0];
        // A target equal to the model's expected result: nothing to learn, whatever the game's
        // result was.
        let level = sample(1.0, 0.5);
        assert_eq!(gradient(&[level], &w, 1.0, 1), vec![0.0, 0.0]);
        // A target above the expected result pulls the weight up (a negative gradient), and
        // only the middlegame half, since the phase is full.
        let g = gradient(&[sample(0.0, 0.9)], &w, 1.0, 1);
        assert!(g[0] < 0.0 && g[1] == 0.0, "{g:?}");
    }
}
