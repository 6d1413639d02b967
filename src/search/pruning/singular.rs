//! Singular extensions: when the hash move looks much better than every other move, it is
//! searched one ply deeper (two off the PV when far better), since the line depends on it
//! alone. The test is a reduced
//! search of the node *without* the hash move against a bound a little below the hash
//! move's stored score; its outcome also decides two related cases (see
//! [`Searcher::singular_extension`]).

use crate::chess::board::Board;
use crate::chess::types::*;
use crate::search::params::{double_margin, singular_margin_x16};
use crate::search::score::TB_WIN_BOUND;
use crate::search::searcher::Searcher;
use crate::search::tt::{Bound, Hit};
use std::ops::ControlFlow;

/// Only nodes with at least this much depth left are tested (the test costs a search of half
/// the depth).
const SINGULAR_MIN_DEPTH: i32 = 8;
/// The stored score may be this many plies shallower than the node's depth.
const SINGULAR_DEPTH_SLACK: i32 = 3;
/// The other moves must stay a margin per ply of depth below the stored score
/// (`params::singular_margin_x16`). Off the PV, a hash move whose rivals stay a further margin
/// below (`params::double_margin`) is extended two plies, at most this many times along one
/// path (each one deepens the whole subtree).
const MAX_DOUBLE_EXTENSIONS: u8 = 6;

impl Searcher<'_> {
    /// The extension of the hash move at a node of `depth`, given the table's entry `hit`
    /// for it: +1 when no other move comes near the hash move's score (it is *singular*), +2
    /// off the PV when they stay far below it (see `params::double_margin`);
    /// -1 when another move does and the stored score beats beta anyway (the hash move is
    /// not the only way to a cutoff, so it need not be searched so deep); else 0.
    /// `Break(score)` when several moves beat beta by themselves ("multi-cut"): the node fails
    /// high without a search of its own. A stored mate or table-win score is left alone: a
    /// bound just below it is no score a multi-cut could return.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::search) fn singular_extension(
        &mut self,
        board: &Board,
        beta: i32,
        depth: i32,
        ply: usize,
        last_to: Square,
        in_check: bool,
        hit: Hit,
        pv_node: bool,
        cut_node: bool,
    ) -> ControlFlow<i32, i32> {
        if depth < SINGULAR_MIN_DEPTH
            || hit.depth < depth - SINGULAR_DEPTH_SLACK
            || hit.bound == Bound::Upper
            || hit.score.abs() >= TB_WIN_BOUND
            || ply as i32 >= 2 * self.root_depth
        {
            return ControlFlow::Continue(0);
        }
        // depth >= SINGULAR_MIN_DEPTH > 0 here, so the division rounds as the margin's unit
        // says (2 cp per ply at the default, exactly).
        let singular_beta = hit.score - singular_margin_x16() * depth / 16;
        // Read before the test, whose own move loop writes this ply's frame.
        let doubles = self.data.frames[ply].double_extensions;
        self.data.frames[ply].excluded = hit.best_move;
        let score =
            self.search(board, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, last_to, in_check, cut_node);
        self.data.frames[ply].excluded = Move::NONE;
        // The test's line is not this node's: forget it, or a fail low would leave it.
        self.data.pv_len[ply] = ply;
        if self.stopped {
            ControlFlow::Continue(0)
        } else if score < singular_beta {
            let double = !pv_node && score < singular_beta - double_margin() && doubles < MAX_DOUBLE_EXTENSIONS;
            ControlFlow::Continue(1 + double as i32)
        } else if singular_beta >= beta {
            ControlFlow::Break(singular_beta)
        } else if hit.score >= beta {
            ControlFlow::Continue(-1)
        } else {
            ControlFlow::Continue(0)
        }
    }
}
