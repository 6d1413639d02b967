//! The endgame tables in the search, as Stockfish uses them:
//! * **At the root**, when the position is in the tables, the root moves are ranked by the
//!   tables (`syzygy::root`) and each line is searched only among the moves of its rank, so
//!   the move played keeps the best result the tables know. The search still chooses among
//!   those moves, and a mate it finds is shown; otherwise the tables' score is shown.
//! * **In the search**, a node just after a capture or pawn move with few enough pieces takes
//!   its WDL result from the tables: a win scores just below the mates (`TB_WIN - ply`), a
//!   loss just above them, a draw 0, and a win or loss that the 50-move rule spoils ±2 (a
//!   near-draw, still better or worse than a plain one). The result is a bound the node
//!   returns when it settles the window, stored in the transposition table like a search
//!   result.
//!
//! Once DTZ tables have ranked the root, or the root is drawn or lost, the search probes no
//! more: the ranking has already settled what the probes would say. Only a win ranked by WDL
//! tables alone keeps probing, so that the search sees which captures and pawn moves keep it.
//!
//! A limited level (`UCI_LimitStrength`) uses no tables: its strength was measured without
//! them, and a level that played endings perfectly would not be the level it claims.

use super::score::{DRAW, INFINITY, MATE_BOUND, MAX_PLY, TB_WIN};
use super::searcher::Searcher;
use super::tt::NO_EVAL;
use super::tt::{Bound, Hit};
use crate::chess::board::Board;
use crate::chess::types::Move;
use crate::syzygy::root::{RootContext, RULE_50_RANKS, WIN_RANK};
use crate::syzygy::Wdl;
use std::ops::ControlFlow;

/// The score of a win or loss that the 50-move rule turns into a draw, while
/// `Syzygy50MoveRule` is on: just off the draw, toward the side that would have won.
const SPOILED_WIN: i32 = 2;
/// A cursed win ranked at the root is shown as this many centipawns per step of closeness to
/// a real win, out of 200 steps to a pawn (so between about 0.02 and 0.49 pawns).
const PAWN: i32 = 100;
const CURSED_STEPS: i32 = 200;
/// A tablebase result is stored in the transposition table this much deeper than the node's
/// depth: no search below the node can improve on it.
const TABLEBASE_DEPTH_BONUS: i32 = 6;

impl Searcher<'_> {
    /// Decides how this search uses the tables: how many pieces a probed node may have, and
    /// from what depth. Called once the options and the level are known.
    pub(super) fn start_tables(&mut self) {
        let Some(tables) = self.tables else { return };
        if self.level.is_some() {
            return;
        }
        let options = self.options.syzygy;
        let largest = tables.max_pieces();
        // A limit within the tables: positions with as many pieces as the limit need the probe
        // depth. A limit beyond them: every position the tables hold is probed at any depth.
        (self.tb_cardinality, self.tb_probe_depth) =
            if options.probe_limit <= largest { (options.probe_limit, options.probe_depth) } else { (largest, 0) };
    }

    /// Ranks the root moves by the tables when the root is in them, and settles whether the
    /// search probes on (see the module comment).
    pub(super) fn rank_root_by_tables(&mut self, board: &Board) {
        let Some(tables) = self.tables else { return };
        let pieces = board.occupied().count_ones() as usize;
        if self.tb_cardinality == 0 || pieces > self.tb_cardinality || board.castling() != 0 {
            return;
        }
        let moves: Vec<Move> = self.root_moves.iter().map(|rm| rm.mv).collect();
        let root = RootContext { board, history: &self.keys };
        let Some(ranking) = tables.rank_root_moves(root, &moves) else { return };
        if self.id == 0 {
            self.tb_hits += moves.len() as u64;
        }
        let rule_50 = self.options.syzygy.rule_50;
        let scores: Vec<i32> = ranking.ranks.iter().map(|&rank| rank_score(rank, rule_50)).collect();
        self.root_moves.set_table_ranks(&ranking.ranks, &scores);
        self.root_in_tb = true;
        if ranking.by_dtz || self.root_moves.best().tb_score <= DRAW {
            self.tb_cardinality = 0;
        }
    }

    /// A node's step of the search that asks the tables (see `alphabeta.rs`). `Break(score)`
    /// when their result settles the window (it is stored in the transposition table); else
    /// `Continue((floor, ceiling))`, the bounds the node's result must respect: at a PV node
    /// a result that does not settle the window still bounds it (`-INFINITY` and `INFINITY`
    /// when nothing is known, and always at the root and at non-PV nodes, `no_bounds`).
    pub(super) fn consult_tables(
        &mut self,
        board: &Board,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        no_bounds: bool,
    ) -> ControlFlow<i32, (i32, i32)> {
        let unknown = ControlFlow::Continue((-INFINITY, INFINITY));
        if ply == 0 || self.tb_cardinality == 0 {
            return unknown;
        }
        let Some((score, bound)) = self.probe_tables(board, depth, ply) else { return unknown };
        let depth = (depth + TABLEBASE_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
        if (Hit { best_move: Move::NONE, score, depth, bound, eval: None }).settles(alpha, beta) {
            self.tt.store(board.key(), Move::NONE, score, depth, bound, ply, NO_EVAL);
            return ControlFlow::Break(score);
        }
        match bound {
            _ if no_bounds => unknown,
            Bound::Lower => ControlFlow::Continue((score, INFINITY)),
            _ => ControlFlow::Continue((-INFINITY, score)),
        }
    }

    /// The tables' verdict on a node inside the search, as a score and the bound it is, when
    /// the node is one to probe: few enough pieces, just after a capture or pawn move, no
    /// castling rights, deep enough. None otherwise, or when the tables do not know.
    fn probe_tables(&mut self, board: &Board, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let tables = self.tables?;
        let pieces = board.occupied().count_ones() as usize;
        if pieces > self.tb_cardinality
            || (pieces == self.tb_cardinality && depth < self.tb_probe_depth)
            || board.halfmove_clock() != 0
            || board.castling() != 0
        {
            return None;
        }
        let wdl = tables.probe_wdl(board);
        // A probe may read the disk: look at the clock and the stop flag now rather than
        // after another POLL_INTERVAL nodes.
        self.poll();
        let wdl = wdl?;
        self.tb_hits += 1;
        let ply = ply as i32;
        let rule_50 = self.options.syzygy.rule_50;
        Some(match wdl {
            Wdl::Win => (TB_WIN - ply, Bound::Lower),
            Wdl::Loss => (-TB_WIN + ply, Bound::Upper),
            Wdl::CursedWin if !rule_50 => (TB_WIN - ply, Bound::Lower),
            Wdl::BlessedLoss if !rule_50 => (-TB_WIN + ply, Bound::Upper),
            Wdl::CursedWin => (DRAW + SPOILED_WIN, Bound::Exact),
            Wdl::BlessedLoss => (DRAW - SPOILED_WIN, Bound::Exact),
            Wdl::Draw => (DRAW, Bound::Exact),
        })
    }

    /// The score to show for a root line that starts with `mv` and scored `score`: the
    /// tables' score when they ranked the root, unless the search found a mate.
    pub(super) fn shown_score(&self, mv: Move, score: i32) -> i32 {
        if !self.root_in_tb || score.abs() >= MATE_BOUND {
            return score;
        }
        self.root_moves.iter().find(|rm| rm.mv == mv).map_or(score, |rm| rm.tb_score)
    }
}

/// The score a root rank stands for: a win or loss under the 50-move rule is `±TB_WIN`; with
/// the rule on, a win it spoils is shown as a small plus that grows as the win comes closer
/// to reach (and a spoiled loss as a small minus); a draw is 0.
fn rank_score(rank: i32, rule_50: bool) -> i32 {
    let bound = if rule_50 { WIN_RANK - RULE_50_RANKS } else { 1 };
    let near_win = WIN_RANK - CURSED_STEPS;
    if rank >= bound {
        TB_WIN
    } else if rank > 0 {
        (rank - near_win).max(3) * PAWN / CURSED_STEPS
    } else if rank == 0 {
        DRAW
    } else if rank > -bound {
        (rank + near_win).min(-3) * PAWN / CURSED_STEPS
    } else {
        -TB_WIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_become_scores() {
        assert_eq!(rank_score(WIN_RANK, true), TB_WIN);
        assert_eq!(rank_score(WIN_RANK - 100, true), TB_WIN, "a win on the last ply the rule allows");
        assert_eq!(rank_score(WIN_RANK - 101, true), 49, "cursed, one ply too far");
        assert_eq!(rank_score(WIN_RANK - 101, false), TB_WIN, "no rule: a win");
        assert_eq!(rank_score(WIN_RANK - 400, true), 1, "cursed and far: the least plus");
        assert_eq!(rank_score(0, true), DRAW);
        assert_eq!(rank_score(-WIN_RANK + 150, true), -25);
        assert_eq!(rank_score(-WIN_RANK, true), -TB_WIN);
    }
}
