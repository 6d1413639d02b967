//! The move loop's pruning rules: which moves a node leaves out without searching them.
//! With good move ordering, a move late in the list near the horizon almost never raises
//! alpha; each rule below names a kind of such move. None applies to a node's first move or
//! at the root, and all wait until the node has a score that is not a mate against it (a
//! node that left out every other move after a mated first one would return that mate as an
//! upper bound that is not one).

use crate::chess::board::Board;
use crate::chess::see::see_ge;
use crate::chess::types::Move;
use crate::search::ordering::keys::{loses_material_beyond, HASH_MOVE, KILLER_KEY_MIN};
use crate::search::params::{
    futility_base, futility_per_depth, history_prune_margin, see_capture_margin, see_quiet_margin,
};
use crate::search::score::MATE_BOUND;

/// Futility pruning of quiet moves: up to this depth, with a margin growing linearly with
/// depth (`params::futility_base`, `params::futility_per_depth`).
const FUTILITY_MAX_DEPTH: i32 = 3;
/// Late-move pruning: up to this depth, a quiet move that comes this late in the list
/// (0-based, `LMP_BASE + depth * depth`, half that when not improving) is not searched.
const LMP_MAX_DEPTH: i32 = 7;
const LMP_BASE: usize = 3;
/// History pruning: up to this depth, a late quiet move whose statistics are below a margin
/// per ply of depth (`params::history_prune_margin`), negated, is not searched.
const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;
/// SEE pruning: up to this depth, a move that loses more material in the exchange on its
/// square than a margin is not searched: for a quiet move the margin grows linearly with
/// depth, for a capture quadratically (a capture that loses a piece may still win it back
/// deeper in the tree; `params::see_quiet_margin`, `params::see_capture_margin`).
const SEE_PRUNE_MAX_DEPTH: i32 = 8;

/// What a node's pruning rules know of it, worked out once before its move loop.
pub(in crate::search) struct MovePruning {
    root: bool,
    in_check: bool,
    depth: i32,
    /// The static score is so far below alpha that no quiet move can lift it.
    futile: bool,
    /// Quiet moves from this index on are not searched.
    late_move_limit: usize,
}

impl MovePruning {
    pub(in crate::search) fn new(
        root: bool,
        pv_node: bool,
        in_check: bool,
        depth: i32,
        improving: bool,
        static_eval: i32,
        alpha: i32,
    ) -> MovePruning {
        let futile = !pv_node
            && !in_check
            && depth <= FUTILITY_MAX_DEPTH
            && static_eval + futility_base() + futility_per_depth() * depth <= alpha
            && alpha.abs() < MATE_BOUND;
        let late_move_limit = if !pv_node && !in_check && depth <= LMP_MAX_DEPTH {
            let limit = LMP_BASE + (depth * depth) as usize;
            if improving {
                limit
            } else {
                limit / 2
            }
        } else {
            usize::MAX
        };
        MovePruning { root, in_check, depth, futile, late_move_limit }
    }

    /// Whether move `i` is late enough for late-move pruning, which leaves a quiet move this
    /// far down the list out unless it gives check (it may be the mate the node is looking
    /// for): only making the move tells, so a late move is judged in two steps, the cheap
    /// rules of [`MovePruning::skip`] before it is made and [`MovePruning::skip_late`] after.
    #[inline]
    pub(in crate::search) fn is_late(&self, quiet: bool, i: usize, sort_key: i32, best_score: i32) -> bool {
        quiet && sort_key < KILLER_KEY_MIN && self.late_from(i, best_score)
    }

    /// Whether every quiet move but a killer is late from the `i`-th move on, while the
    /// node's best score is `best_score` (it only rises, so the answer holds from then on).
    #[inline]
    pub(in crate::search) fn late_from(&self, i: usize, best_score: i32) -> bool {
        !self.root && i >= self.late_move_limit && best_score > -MATE_BOUND
    }

    /// Whether the `i`-th move (0-based), `m` with its sort key, is left out before it is
    /// made; `best_score` is the node's best so far. For a late move (see
    /// [`MovePruning::is_late`]) the exchange on its square is not looked at here: most late
    /// moves are left out for giving no check, and the exchange is worked out only for the
    /// others, by [`MovePruning::skip_late`]. Either way a move is left out exactly when one
    /// of the rules says so.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(in crate::search) fn skip(
        &self,
        board: &Board,
        m: Move,
        quiet: bool,
        i: usize,
        sort_key: i32,
        best_score: i32,
        late: bool,
    ) -> bool {
        if i == 0 {
            return false;
        }
        if self.root || best_score <= -MATE_BOUND {
            return false;
        }
        let late_quiet = quiet && sort_key < KILLER_KEY_MIN;
        // Futility pruning: at the last plies, a quiet move cannot lift a static score this
        // far below alpha (it gains no material). The hash move and killers are kept.
        if self.futile && late_quiet {
            return true;
        }
        // History pruning: a quiet move whose statistics say it has failed again and again
        // here.
        if late_quiet && self.depth <= HISTORY_PRUNE_MAX_DEPTH && sort_key < -history_prune_margin() * self.depth {
            return true;
        }
        !late && self.loses_too_much(board, m, quiet, sort_key)
    }

    /// SEE pruning: a move that loses material on its square (never the hash move, a killer
    /// or castling). For a capture, only one that takes a cheaper piece can.
    #[inline]
    fn loses_too_much(&self, board: &Board, m: Move, quiet: bool, sort_key: i32) -> bool {
        self.depth <= SEE_PRUNE_MAX_DEPTH
            && sort_key < HASH_MOVE
            && !m.is_castling()
            && !self.in_check
            && if quiet {
                sort_key < KILLER_KEY_MIN && !see_ge(board, m, -see_quiet_margin() * self.depth)
            } else {
                m.promotion() == 0 && loses_material_beyond(board, m, see_capture_margin() * self.depth * self.depth)
            }
    }

    /// A late move (see [`MovePruning::is_late`]), once made: left out unless it gives check,
    /// and then still if it loses too much material on its square.
    #[inline]
    pub(in crate::search) fn skip_late(&self, board: &Board, m: Move, sort_key: i32, gives_check: bool) -> bool {
        !gives_check || self.loses_too_much(board, m, true, sort_key)
    }
}
