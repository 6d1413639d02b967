//! Static evaluation, micro-Max style: most of the score is a sum over pieces of a
//! piece-square value, kept up to date move by move by the board (the *differential*
//! evaluation, `chess::psq`), plus the terms computed here when a node is evaluated: pawn
//! structure, passed pawns, pieces, king shelter, mobility and king attack.
//!
//! Every value is a (middlegame, endgame) pair blended by the game phase (`chess::values`).
//!
//! * `breakdown`: every term, White's point of view, for the `eval` command and the tuner;
//! * `pawns`, `pieces`, `activity`: the terms, each a function of the board and the weights;
//! * `king_danger`: the checks each side could give, safe or not;
//! * `threats`: the enemy's pieces our pieces attack, hanging, hemmed in or about to be hit;
//! * `shelter`: the pawns in front of each king, and the enemy's pawns storming them;
//! * `space`: room in the centre behind the pawns, and knights and rooks in a locked position;
//! * `endgame`: the win against a bare king, and the push of that king to where it is mated;
//! * `pawn_cache`: the pawn-and-king terms looked up instead of recomputed;
//! * `score_cache`: the scores of positions evaluated shortly before, looked up;
//! * `weights`: the terms' weights; `tuning` and `resolve`: what the Texel tuner reads of them,
//!   and the quiet position it fits a position's result to.

mod activity;
pub mod breakdown;
pub mod endgame;
mod king_danger;
mod pawn_cache;
mod pawns;
mod pieces;
pub mod resolve;
mod score_cache;
mod shelter;
mod space;
mod threats;
pub mod tuning;
pub mod weights;

pub use breakdown::{breakdown, Breakdown};
use pawn_cache::PawnCache;
use score_cache::{CachedScores, ScoreCache};

use crate::chess::board::Board;
use crate::chess::types::*;
use crate::chess::values::{add, taper, Pair};
use weights::WEIGHTS;

/// Bonus for the side to move: it gets to act first.
pub const TEMPO: i32 = 10;

/// The static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    let white = breakdown(board).white_total;
    let relative = if board.side() == Colour::White { white } else { -white };
    relative + TEMPO
}

/// What a search thread keeps to evaluate faster: the pawn-and-king terms by placement, and
/// the scores of the positions it evaluated last. Neither ever changes a score.
#[derive(Default)]
pub struct EvalCaches {
    pawns: PawnCache,
    scores: ScoreCache,
}

impl EvalCaches {
    /// After a pass (a null move) from the position keyed `from` to the one keyed `to`. The
    /// evaluation's White-view sum does not depend on the side to move, so the passed
    /// position's scores are the first one's turned round with the tempo bonus moved to the
    /// other side: when the first position's are cached, the second's are cached too, exactly
    /// as evaluating it would give, and the null-move search below need not evaluate it.
    pub fn pass(&mut self, from: u64, to: u64) {
        if let Some(scores) = self.scores.get(from) {
            let turn = |score: i32| 2 * TEMPO - score;
            self.scores.put(to, CachedScores { partial: turn(scores.partial), full: scores.full.map(turn) });
        }
    }
}

/// [`evaluate`], with the search thread's caches. Same result.
pub fn evaluate_cached(board: &Board, caches: &mut EvalCaches) -> i32 {
    evaluate_lazy(board, -INFINITE_WINDOW, INFINITE_WINDOW, caches).0
}

/// A window no score reaches, so that [`evaluate_lazy`] always completes the evaluation.
const INFINITE_WINDOW: i32 = 1_000_000;

/// Lazy evaluation, for quiescence's stand-pat: the piece activity terms cost more than all
/// the others together (they walk every piece's rays), and are seldom worth more than
/// [`LAZY_MARGIN`]. So when the score without them is that far above `beta` (the node will
/// cut off) or below `alpha` (it will not raise alpha), it is returned as it is; otherwise the
/// full evaluation is. Side to move's point of view, like [`evaluate`]; the flag says whether
/// the score is the full one. A position in the score cache is answered from it, the same way.
pub fn evaluate_lazy(board: &Board, alpha: i32, beta: i32, caches: &mut EvalCaches) -> (i32, bool) {
    let lazy_enough = |partial: i32| partial - LAZY_MARGIN >= beta || partial + LAZY_MARGIN <= alpha;
    let key = board.key();
    let cached = caches.scores.get(key);
    match cached {
        Some(CachedScores { partial, .. }) if lazy_enough(partial) => return (partial, false),
        Some(CachedScores { full: Some(full), .. }) => return (full, true),
        _ => {}
    }
    let w = &WEIGHTS;
    let pawn_king = caches.pawns.terms(board);
    let (pieces, material) = pieces::piece_terms(board, w);
    let pieces = add(pieces, space::space_terms(board, w, &material));
    let pawn_king_sum = add(add(pawn_king.structure, pawn_king.passed), pawn_king.shelter);
    let sum = add(add(board.psq(), pawn_king_sum), pieces);
    let phase = board.phase();
    let partial = side_relative(board, sum, phase, &material);
    if lazy_enough(partial) {
        caches.scores.put(key, CachedScores { partial, full: None });
        return (partial, false);
    }
    let activity = activity::activity_terms(board, w);
    let full = side_relative(board, add(sum, activity), phase, &material);
    caches.scores.put(key, CachedScores { partial, full: Some(full) });
    (full, true)
}

/// A White-view (middlegame, endgame) sum, its endgame half scaled, blended by phase, plus the
/// mating of a bare king, then turned to the side to move's view with the tempo bonus.
fn side_relative(board: &Board, sum: Pair, phase: i32, material: &[pieces::SideMaterial; 2]) -> i32 {
    let scale = pieces::endgame_scale(sum.1, material);
    let white = taper((sum.0, sum.1 * scale / 64), phase) + endgame::mating_bonus(board);
    (if board.side() == Colour::White { white } else { -white }) + TEMPO
}

/// See [`evaluate_lazy`].
pub const LAZY_MARGIN: i32 = 200;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::values::FULL_PHASE;

    #[test]
    fn lazy_evaluation_is_exact_inside_its_margin() {
        let fens = [
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let full = evaluate(&board);
            let cache = &mut EvalCaches::default();
            assert_eq!(evaluate_cached(&board, cache), full, "{fen}");
            // A window around the full score: the activity terms must be counted.
            assert_eq!(evaluate_lazy(&board, full - 1, full + 1, cache), (full, true), "{fen}");
            // Far outside the window: the cheap score, within the margin of the full one.
            let (lazy, complete) = evaluate_lazy(&board, full + 1000, full + 1001, cache);
            assert!(!complete, "{fen}");
            assert!((lazy - full).abs() <= LAZY_MARGIN, "{fen}: {lazy} vs {full}");
        }
    }

    #[test]
    fn a_pass_turns_the_scores_round() {
        let fens = [
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "6k1/5ppp/8/6NQ/8/8/5PPP/R5K1 b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/4k3/8/8/2r5/8/Q3K3 w - - 0 1",
        ];
        for fen in fens {
            let board = Board::from_fen(fen).unwrap();
            let mut passed = board;
            passed.make_null_move();
            let cache = &mut EvalCaches::default();
            let (full, lazy) = (evaluate_cached(&board, cache), evaluate_lazy(&board, 5000, 5001, cache));
            cache.pass(board.key(), passed.key());
            assert_eq!(evaluate(&passed), 2 * TEMPO - full, "{fen}");
            assert_eq!(evaluate_cached(&passed, cache), evaluate(&passed), "{fen}");
            let fresh = evaluate_lazy(&passed, -5001, -5000, &mut EvalCaches::default());
            assert_eq!(evaluate_lazy(&passed, -5001, -5000, cache), fresh, "{fen}");
            assert_eq!(fresh.0, 2 * TEMPO - lazy.0, "{fen}");
        }
    }

    /// Along playouts, with windows of every kind and positions coming back, the caches give
    /// exactly what an evaluation without them gives, lazy or full.
    #[test]
    fn cached_scores_equal_fresh_ones() {
        let mut rng = crate::chess::rng::Rng::new(0x5C0E);
        let mut caches = EvalCaches::default();
        let mut seen = Vec::new();
        for fen in [crate::chess::board::START_FEN, "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12"]
        {
            crate::chess::testing::random_walk(fen, 120, &mut rng, |board, _, _| seen.push(*board));
        }
        for round in 0..3 {
            for board in &seen {
                let full = evaluate(board);
                let offset = rng.below(1201) as i32 - 600;
                let window = (full + offset, full + offset + 1 + round * 50);
                let fresh = evaluate_lazy(board, window.0, window.1, &mut EvalCaches::default());
                assert_eq!(evaluate_lazy(board, window.0, window.1, &mut caches), fresh, "{}", board.to_fen());
            }
        }
    }

    #[test]
    fn start_position_is_balanced() {
        let board = Board::start();
        let b = breakdown(&board);
        assert_eq!(b.piece_square, (0, 0));
        assert_eq!(b.white_total, 0);
        assert_eq!(b.phase, FULL_PHASE);
        assert_eq!(evaluate(&board), TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        // The same position with colours swapped and the board mirrored scores the same
        // for the side to move.
        let a = Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5").unwrap();
        let b = Board::from_fen("rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 1 5").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }
}
