//! What the transposition table tells a search node: the kind of bound a stored score is,
//! and a probe's result, with the two questions every node asks of them (is this result a
//! bound, and does a stored one settle my window?).

use crate::chess::types::Move;

/// Score bound stored with an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored score (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored score (a move reached beta).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best move found for the position (may be NONE).
    pub best_move: Move,
    /// The score, already converted back to be relative to the probing node's ply.
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
    /// The position's static score, before correction, if a search worked it out.
    pub eval: Option<i32>,
}

impl Bound {
    /// The bound a search result is, given the window it was searched with: at least beta
    /// is a lower bound, at most the original alpha an upper bound, between them exact.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Hit {
    /// `score`, a static guess at the position, moved to the stored search score where the
    /// stored bound lies beyond it (a lower bound above it, an upper bound below): a search
    /// result is the better guess.
    pub fn refine(&self, score: i32) -> i32 {
        match self.bound {
            Bound::Exact => self.score,
            Bound::Lower => self.score.max(score),
            Bound::Upper => self.score.min(score),
        }
    }

    /// True if the stored result decides a search with window (alpha, beta) by itself.
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}
