//! Texel tuning of the evaluation weights (`src/eval/weights.rs`), a tool apart from the
//! engine: `cargo run --release --bin tune -- [--resolve] [--lambda=L] DATA [EPOCHS [L2
//! [L2_PSQ [HELD_OUT]]]]`.
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

use maxim::chess::board::Board;
use maxim::chess::psq_learned::PSQ_LEARNED;
use maxim::chess::types::{colour_of, flip_rank, kind_of, to_64, Colour, Piece, Square};
use maxim::chess::values::FULL_PHASE;
use maxim::eval::breakdown::breakdown_with;
use maxim::eval::resolve::quiet_leaf;
use maxim::eval::tuning::term_counts;
use maxim::eval::weights::{Weights, HAND_SET};
use maxim::eval::TEMPO;

/// Piece-square corrections: one (middlegame, endgame) pair per kind and square.
const PSQ_PARAMS: usize = 6 * 64;

/// One position reduced to what the tuner needs.
struct Sample {
    /// Material and the piece-square formula's sum (middlegame, endgame), White's view,
    /// without the learned corrections (they are features).
    psq: (f64, f64),
    phase: f64,
    /// The engine's endgame scale for this position, out of 64.
    scale: f64,
    /// +TEMPO with White to move, -TEMPO with Black.
    tempo: f64,
    /// Non-zero features: (weight index, count White's minus Black's); the piece-square
    /// corrections follow the weights, from index `weights` on (see [`psq_index`]).
    features: Vec<(usize, f64)>,
    /// The game's result, White's side.
    result: f64,
    /// A search's score of the position (centipawns, White's side), if the data has one.
    search: Option<f64>,
    /// What the fit aims at: the result, or its blend with the search's score.
    target: f64,
}

/// Which square correction a piece counts for, `(kind - 1) * 64 + square` as in
/// `PSQ_LEARNED`, and its sign: +1 for White, -1 for Black, whose square is mirrored.
fn psq_index(piece: Piece, sq: Square) -> (usize, f64) {
    let white = colour_of(piece) == Colour::White;
    let sq64 = if white { to_64(sq) } else { to_64(flip_rank(sq)) };
    ((kind_of(piece) as usize - 1) * 64 + sq64, if white { 1.0 } else { -1.0 })
}

fn sample(board: &Board, result: f64, search: Option<f64>, weights: usize) -> Sample {
    let mut features: Vec<(usize, f64)> =
        term_counts(board).into_iter().enumerate().filter(|&(_, c)| c != 0.0).collect();
    let b = breakdown_with(board, &HAND_SET);
    let mut psq = (b.piece_square.0 as f64, b.piece_square.1 as f64);
    for (piece, sq) in board.piece_squares() {
        let (j, sign) = psq_index(piece, sq);
        let learned = PSQ_LEARNED[j / 64][j % 64];
        psq = (psq.0 - sign * learned.0 as f64, psq.1 - sign * learned.1 as f64);
        features.push((weights + j, sign));
    }
    Sample {
        psq,
        phase: b.phase.min(FULL_PHASE) as f64,
        scale: b.scale as f64,
        tempo: if board.side() == Colour::White { TEMPO as f64 } else { -(TEMPO as f64) },
        features,
        result,
        search,
        target: result,
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

/// One data line, `FEN;RESULT` or `FEN;RESULT;SCORE`: the FEN, the result and the score.
fn parse_line(line: &str) -> Option<(&str, f64, Option<f64>)> {
    let mut fields = line.split(';');
    let fen = fields.next()?.trim();
    let result = fields.next()?.trim().parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r))?;
    let search = match fields.next() {
        Some(score) => Some(score.trim().parse::<f64>().ok()?),
        None => None,
    };
    Some((fen, result, search))
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
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let resolve = args.iter().any(|a| a == "--resolve");
    args.retain(|a| a != "--resolve");
    let lambda_arg = args.iter().find_map(|a| a.strip_prefix("--lambda=").map(str::to_string));
    args.retain(|a| !a.starts_with("--lambda="));
    let lambda = match lambda_arg.map(|l| l.parse::<f64>()) {
        None => 1.0,
        Some(Ok(l)) if (0.0..=1.0).contains(&l) => l,
        Some(_) => {
            eprintln!("--lambda wants a number from 0 to 1");
            std::process::exit(2);
        }
    };
    let Some(path) = args.first() else {
        eprintln!("usage: tune [--resolve] [--lambda=L] DATA.epd [EPOCHS [L2 [L2_PSQ [HELD_OUT.epd]]]]");
        std::process::exit(2);
    };
    let epochs: usize = args.get(1).and_then(|e| e.parse().ok()).unwrap_or(1000);
    // Weight of the pull towards the hand-set values: (w - w0)^2 per weight, added to the
    // mean error, so that terms the data says little about stay where they were.
    let l2: f64 = args.get(2).and_then(|e| e.parse().ok()).unwrap_or(0.0);
    // The pull of the piece-square corrections towards 0 (the formula).
    let l2_psq: f64 = args.get(3).and_then(|e| e.parse().ok()).unwrap_or(l2);
    // Held-out positions from other games: a tenth of DATA's positions shares games with the
    // rest, so it cannot show a fit to those games' particulars; other games can.
    let held_out = args.get(4);
    // Start from the hand-set weights, so that a run reproduces WEIGHTS from scratch.
    let mut start = HAND_SET;
    let names: Vec<String> = start.params_mut().into_iter().map(|(n, _)| n).collect();
    let weights = names.len();
    let params = weights + PSQ_PARAMS;
    // The corrections start (and are pulled back) at 0.
    let mut initial: Vec<f64> = start.params_mut().into_iter().flat_map(|(_, p)| [p.0 as f64, p.1 as f64]).collect();
    initial.resize(2 * params, 0.0);
    let anchor = initial.clone();
    let pull: Vec<f64> = (0..2 * params).map(|i| if i < 2 * weights { l2 } else { l2_psq }).collect();
    // Middlegame-only terms keep their endgame half at 0.
    let mut frozen: Vec<bool> = names.iter().flat_map(|n| [false, Weights::is_middlegame_only(n)]).collect();
    frozen.resize(2 * params, false);

    let samples = read_samples(path, weights, resolve);
    let (mut train, mut test) = match held_out {
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
    let mut tuned = HAND_SET;
    for ((name, p), pair) in tuned.params_mut().into_iter().zip(rounded.chunks(2)) {
        let (mg, eg) = (pair[0], pair[1]);
        eprintln!("{name:24} {:?} -> ({mg}, {eg})", *p);
        *p = (mg as i32, eg as i32);
    }
    println!("{tuned:?}");
    print_psq_table(&rounded[2 * weights..]);
}

/// Reads `FEN;RESULT[;SCORE]` lines into samples (unreadable lines are skipped).
fn read_samples(path: &str, weights: usize, resolve: bool) -> Vec<Sample> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(2);
    });
    let lines: Vec<&str> = text.lines().collect();
    let read = |chunk: &[&str]| -> Vec<Sample> {
        chunk
            .iter()
            .filter_map(|line| {
                let (fen, result, search) = parse_line(line)?;
                let board = Board::from_fen(fen).ok()?;
                let board = if resolve { quiet_leaf(&board) } else { board };
                Some(sample(&board, result, search, weights))
            })
            .collect()
    };
    in_parallel(&lines, read).into_iter().flatten().collect()
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

/// Splits `items` into one chunk per core, runs `work` on each in its own thread, and returns
/// the results in chunk order.
fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let size = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items.chunks(size).map(|chunk| scope.spawn(|| work(chunk))).collect();
        handles.into_iter().map(|h| h.join().expect("a tuner thread panicked")).collect()
    })
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
    fn a_line_has_a_fen_a_result_and_perhaps_a_score() {
        let fen = "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1";
        assert_eq!(parse_line(&format!("{fen};1.0")), Some((fen, 1.0, None)));
        assert_eq!(parse_line(&format!("{fen}; 0.5 ;-35")), Some((fen, 0.5, Some(-35.0))));
        assert_eq!(parse_line(&format!("{fen};2.0")), None);
        assert_eq!(parse_line(&format!("{fen};0.0;x")), None);
        assert_eq!(parse_line(fen), None);
    }

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
