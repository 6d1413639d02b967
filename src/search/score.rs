//! Scores: centipawns from the side to move's point of view, and the one home of the special
//! values. A mate is `MATE - plies` from the root, so a shorter mate scores higher; a win the
//! endgame tables know of is `TB_WIN - plies`, below every mate and above every evaluation;
//! a draw by the fifty-move rule, a stalemate and insufficient material score `DRAW`, a
//! repetition inside the tree `DRAW` give or take a centipawn.

/// The score of checkmate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this far from zero are mate scores: a mate within `MATE - MATE_BOUND`
/// (2,000) plies, far more than any search reaches.
pub const MATE_BOUND: i32 = 30_000;
/// A win the endgame tables report at the root; one found `n` plies from the root scores
/// `TB_WIN - n`. A mate the search finds is worth more: it is a proven line to the end.
pub const TB_WIN: i32 = 25_000;
/// Scores at least this far from zero are tablebase wins or mates: they count plies from
/// the root, and the transposition table stores them relative to the node (`tt.rs`). The
/// margin leaves room for a win found through the table many plies below where it is used,
/// and stays far above any evaluation (all the material on the board is about 8,000).
pub const TB_WIN_BOUND: i32 = TB_WIN - 1_000;
/// Larger than any score: the open window's edges.
pub const INFINITY: i32 = 32_001;
/// A draw scores 0 for both sides.
pub const DRAW: i32 = 0;

/// The score of a repetition inside the tree, after `nodes` nodes: [`DRAW`] plus or minus
/// one centipawn. With every repetition scored exactly 0 the search keeps the first drawing
/// line it meets and looks no further; a jitter of a centipawn lets it weigh one repetition
/// against another and against a level line, which makes it less blind to them. One thread's
/// node count is the same on every run, so its search still repeats node for node.
#[inline(always)]
pub fn repetition_score(nodes: u64) -> i32 {
    DRAW - 1 + (nodes & 2) as i32
}
/// The deepest ply the search will reach; per-ply arrays are sized by it, and `go depth`
/// and `go mate` are clamped to it.
pub const MAX_PLY: usize = 128;

// Every mate the search can report stays beyond the mate bound, and the bound beyond any
// evaluation.
const _: () = assert!(MATE - MAX_PLY as i32 > MATE_BOUND && INFINITY > MATE && MATE_BOUND > TB_WIN);

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the engine's point of view.
    Cp(i32),
    /// Mate in this many moves; negative when the engine is being mated; 0 when mated now.
    Mate(i32),
}

impl Score {
    /// Converts a search score: centipawns, or mate in moves (negative when mated).
    pub fn from_search(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Cp(score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves_not_plies() {
        assert_eq!(Score::from_search(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_search(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_search(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_search(-MATE), Score::Mate(0));
        assert_eq!(Score::from_search(123), Score::Cp(123));
    }
}
