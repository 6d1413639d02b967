//! Texel tuning of the evaluation weights (`src/eval/weights.rs`), a tool apart from the
//! engine: `cargo run --release --bin tune -- DATA [EPOCHS [L2]]`.
//!
//! DATA holds quiet positions from our own games, one `FEN;RESULT` per line, the result
//! 1.0, 0.5 or 0.0 from White's side (`tools/texel_data.py` makes it from match PGNs). The
//! method, after Peter Österlund's Texel: turn the static score into an expected result with
//! a logistic curve, `1 / (1 + 10^(-K * score / 400))`, and find the weights that minimise
//! the mean squared difference from the real results.
//!
//! Every term is linear in its weight, so each position is reduced once to its *features*:
//! how many times each term counts (probed by evaluating with one weight set and the rest
//! zero). The score is then a dot product, and plain gradient descent (Adam) is fast. The
//! piece-square values and the endgame scale stay as they are (the scale is taken from the
//! hand-set weights, per position). A tenth of the positions are held out to check that
//! the fit generalises. An optional L2 term pulls each weight towards its hand-set value
//! (`HAND_SET`), for terms the data says little about. The endgame halves of middlegame-only
//! terms stay 0. The tuned weights are printed in the form of `WEIGHTS`.

use maxim::chess::board::Board;
use maxim::chess::types::Colour;
use maxim::chess::values::FULL_PHASE;
use maxim::eval::breakdown::breakdown_with;
use maxim::eval::tuning::term_counts;
use maxim::eval::weights::{Weights, HAND_SET};
use maxim::eval::TEMPO;

/// One position reduced to what the tuner needs.
struct Sample {
    /// Material and piece-square sum (middlegame, endgame), White's view.
    psq: (f64, f64),
    phase: f64,
    /// The engine's endgame scale for this position, out of 64.
    scale: f64,
    /// +TEMPO with White to move, -TEMPO with Black.
    tempo: f64,
    /// Non-zero features: (weight index, count White's minus Black's).
    features: Vec<(usize, f64)>,
    result: f64,
}

fn sample(board: &Board, result: f64) -> Sample {
    let features = term_counts(board).into_iter().enumerate().filter(|&(_, c)| c != 0.0).collect();
    let b = breakdown_with(board, &HAND_SET);
    Sample {
        psq: (b.piece_square.0 as f64, b.piece_square.1 as f64),
        phase: b.phase.min(FULL_PHASE) as f64,
        scale: b.scale as f64,
        tempo: if board.side() == Colour::White { TEMPO as f64 } else { -(TEMPO as f64) },
        features,
        result,
    }
}

/// The model's score (White's view) with weights `w`: weight `j`'s middlegame value at
/// `2 * j` and its endgame value at `2 * j + 1`.
fn score(s: &Sample, w: &[f64]) -> f64 {
    let (mut mg, mut eg) = s.psq;
    for &(j, count) in &s.features {
        mg += w[2 * j] * count;
        eg += w[2 * j + 1] * count;
    }
    let full = FULL_PHASE as f64;
    (mg * s.phase + eg * (full - s.phase)) / full * s.scale / 64.0 + s.tempo
}

fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn mean_error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    samples.iter().map(|s| (s.result - sigmoid(score(s, w), k)).powi(2)).sum::<f64>() / samples.len() as f64
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: tune DATA.epd [EPOCHS [L2]]");
        std::process::exit(2);
    };
    let epochs: usize = args.get(1).and_then(|e| e.parse().ok()).unwrap_or(1000);
    // Weight of the pull towards the hand-set values: (w - w0)^2 per weight, added to the
    // mean error, so that terms the data says little about stay where they were.
    let l2: f64 = args.get(2).and_then(|e| e.parse().ok()).unwrap_or(0.0);
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2);
    });
    // Start from the hand-set weights, so that a run reproduces WEIGHTS from scratch.
    let mut start = HAND_SET;
    let names: Vec<String> = start.params_mut().into_iter().map(|(n, _)| n).collect();
    let initial: Vec<f64> = start.params_mut().into_iter().flat_map(|(_, p)| [p.0 as f64, p.1 as f64]).collect();
    let params = names.len();
    let anchor = initial.clone();
    // Middlegame-only terms keep their endgame half at 0.
    let frozen: Vec<bool> = names.iter().flat_map(|n| [false, Weights::is_middlegame_only(n)]).collect();

    let mut samples = Vec::new();
    for line in text.lines() {
        let Some((fen, result)) = line.split_once(';') else { continue };
        let (Ok(board), Ok(result)) = (Board::from_fen(fen.trim()), result.trim().parse::<f64>()) else { continue };
        samples.push(sample(&board, result));
    }
    // Every tenth position is held out for validation (the data file is already shuffled).
    let mut train = Vec::new();
    let mut test = Vec::new();
    for (i, s) in samples.into_iter().enumerate() {
        if i % 10 == 0 {
            test.push(s);
        } else {
            train.push(s);
        }
    }
    eprintln!("{} training positions, {} held out, {params} weights", train.len(), test.len());

    let k = fit_k(&train, &initial);
    eprintln!("K = {k:.4}");
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
    let full = FULL_PHASE as f64;
    let ln10 = std::f64::consts::LN_10;
    for epoch in 1..=epochs {
        let mut grad = vec![0.0; 2 * params];
        for s in &train {
            let p = sigmoid(score(s, &w), k);
            // d(error)/d(score), then the chain through taper and scale.
            let d = -2.0 * (s.result - p) * p * (1.0 - p) * k * ln10 / 400.0 * s.scale / 64.0;
            let (dmg, deg) = (d * s.phase / full, d * (full - s.phase) / full);
            for &(j, count) in &s.features {
                grad[2 * j] += dmg * count;
                grad[2 * j + 1] += deg * count;
            }
        }
        let n = train.len() as f64;
        for i in 0..2 * params {
            if frozen[i] {
                continue;
            }
            let g = grad[i] / n + 2.0 * l2 * (w[i] - anchor[i]);
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
    let mut tuned = HAND_SET;
    for ((name, p), pair) in tuned.params_mut().into_iter().zip(rounded.chunks(2)) {
        let (mg, eg) = (pair[0], pair[1]);
        eprintln!("{name:24} {:?} -> ({mg}, {eg})", *p);
        *p = (mg as i32, eg as i32);
    }
    println!("{tuned:?}");
}
