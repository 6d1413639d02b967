//! Which thread's move a search plays. Each thread of a Lazy SMP search ends with its own best
//! move, score and completed depth; the helpers' are not worse than the main thread's, and
//! often deeper. So the threads vote: each gives its move a weight that grows with how deep
//! it searched and how much better its score is than the worst thread's, and the move with
//! the most weight is played (by the thread that backs it most). Mates are taken at their
//! word: the shortest mate found wins outright, and a thread that sees itself mated votes
//! only if every thread does.

use crate::chess::types::Move;
use crate::search::score::MATE_BOUND;
use crate::search::SearchResult;

/// Added to every thread's score margin, so that the worst-scoring thread still counts a
/// little (in proportion to its depth).
const VOTE_FLOOR: i64 = 14;

/// A thread's weight: its completed depth times its score's margin over the worst score.
fn weight(result: &SearchResult, worst: i32) -> i64 {
    (result.score as i64 - worst as i64 + VOTE_FLOOR) * result.depth as i64
}

/// The index in `results` of the thread whose move to play: one with a legal move (not
/// NONE), preferring the shortest mate, else backing the move with the most weight, and of
/// those the one with the most weight itself. `results[0]` is the main thread, chosen when
/// nothing else is better.
pub fn best_thread(results: &[SearchResult]) -> usize {
    let voters: Vec<usize> = (0..results.len()).filter(|&i| results[i].best_move.is_some()).collect();
    let Some(&first) = voters.first() else { return 0 };
    let worst = voters.iter().map(|&i| results[i].score).min().unwrap_or(0);
    let votes_for = |m: Move| -> i64 {
        voters.iter().filter(|&&i| results[i].best_move == m).map(|&i| weight(&results[i], worst)).sum()
    };
    let mut best = first;
    for &i in &voters[1..] {
        let (candidate, chosen) = (&results[i], &results[best]);
        let better = if chosen.score >= MATE_BOUND || candidate.score >= MATE_BOUND {
            candidate.score > chosen.score // the shortest mate
        } else if candidate.score <= -MATE_BOUND {
            false // a thread that sees a mate against it does not outvote one that does not
        } else if chosen.score <= -MATE_BOUND {
            true
        } else {
            let (for_candidate, for_chosen) = (votes_for(candidate.best_move), votes_for(chosen.best_move));
            for_candidate > for_chosen
                || (for_candidate == for_chosen && weight(candidate, worst) > weight(chosen, worst))
        };
        if better {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::square;
    use crate::search::score::MATE;

    fn result(from_file: usize, score: i32, depth: u32) -> SearchResult {
        let best_move = Move::new(square(from_file, 1), square(from_file, 3), 0);
        SearchResult { best_move, ponder_move: Move::NONE, pv: vec![best_move], score, depth, nodes: 0 }
    }

    #[test]
    fn the_move_with_most_weight_wins() {
        // Two helpers agree on the d-pawn at depth 12; the main thread prefers e4 at depth 11.
        let results = [result(4, 20, 11), result(3, 25, 12), result(3, 22, 12)];
        assert_eq!(results[best_thread(&results)].best_move, results[1].best_move);
        assert_eq!(best_thread(&results), 1, "the thread that backs the move most");
        // Alone, the main thread plays its own move.
        assert_eq!(best_thread(&results[..1]), 0);
    }

    #[test]
    fn mates_decide_outright() {
        let results = [result(4, 30, 14), result(3, MATE - 7, 9), result(2, MATE - 5, 8)];
        assert_eq!(best_thread(&results), 2, "the shortest mate");
        let results = [result(4, -(MATE - 6), 14), result(3, -40, 9)];
        assert_eq!(best_thread(&results), 1, "not the thread that sees itself mated");
        let results = [result(4, -(MATE - 6), 14), result(3, -(MATE - 4), 9)];
        assert_eq!(best_thread(&results), 0, "all mated: the main thread");
    }

    #[test]
    fn a_thread_without_a_move_never_wins() {
        let mut empty = result(0, 500, 30);
        empty.best_move = Move::NONE;
        let results = [empty, result(3, 10, 5)];
        assert_eq!(best_thread(&results), 1);
    }
}
