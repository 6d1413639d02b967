//! The tuner's data: each line of a data file, `FEN;RESULT[;SCORE]`, read into a [`Sample`],
//! the position reduced to what the fit needs (see `main.rs`).

use maxim::chess::board::Board;
use maxim::chess::psq_learned::PSQ_LEARNED;
use maxim::chess::types::{colour_of, flip_rank, kind_of, to_64, Colour, Piece, Square};
use maxim::chess::values::FULL_PHASE;
use maxim::eval::breakdown::breakdown_with;
use maxim::eval::resolve::quiet_leaf;
use maxim::eval::tuning::term_counts;
use maxim::eval::weights::HAND_SET;
use maxim::eval::TEMPO;

/// One position reduced to what the tuner needs.
pub struct Sample {
    /// Material and the piece-square formula's sum (middlegame, endgame), White's view,
    /// without the learned corrections (they are features).
    pub psq: (f64, f64),
    pub phase: f64,
    /// The engine's endgame scale for this position, out of 64.
    pub scale: f64,
    /// +TEMPO with White to move, -TEMPO with Black.
    pub tempo: f64,
    /// Non-zero features: (weight index, count White's minus Black's); the piece-square
    /// corrections follow the weights, from index `weights` on (see [`psq_index`]).
    pub features: Vec<(usize, f64)>,
    /// The game's result, White's side.
    pub result: f64,
    /// A search's score of the position (centipawns, White's side), if the data has one.
    pub search: Option<f64>,
    /// What the fit aims at: the result, or its blend with the search's score.
    pub target: f64,
}

/// Which square correction a piece counts for, `(kind - 1) * 64 + square` as in
/// `PSQ_LEARNED`, and its sign: +1 for White, -1 for Black, whose square is mirrored.
pub fn psq_index(piece: Piece, sq: Square) -> (usize, f64) {
    let white = colour_of(piece) == Colour::White;
    let sq64 = if white { to_64(sq) } else { to_64(flip_rank(sq)) };
    ((kind_of(piece) as usize - 1) * 64 + sq64, if white { 1.0 } else { -1.0 })
}

pub fn sample(board: &Board, result: f64, search: Option<f64>, weights: usize) -> Sample {
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

/// One data line, `FEN;RESULT` or `FEN;RESULT;SCORE`: the FEN, the result and the score.
pub fn parse_line(line: &str) -> Option<(&str, f64, Option<f64>)> {
    let mut fields = line.split(';');
    let fen = fields.next()?.trim();
    let result = fields.next()?.trim().parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r))?;
    let search = match fields.next() {
        Some(score) => Some(score.trim().parse::<f64>().ok()?),
        None => None,
    };
    Some((fen, result, search))
}

/// Reads `FEN;RESULT[;SCORE]` lines into samples (unreadable lines are skipped).
pub fn read_samples(path: &str, weights: usize, resolve: bool) -> Vec<Sample> {
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

/// Splits `items` into one chunk per core, runs `work` on each in its own thread, and returns
/// the results in chunk order.
pub fn in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&[T]) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let size = items.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items.chunks(size).map(|chunk| scope.spawn(|| work(chunk))).collect();
        handles.into_iter().map(|h| h.join().expect("a tuner thread panicked")).collect()
    })
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
}
