//! What each search thread owns and keeps from one search to the next: its move-ordering
//! memories, its principal-variation table, its per-ply scratch space and its evaluation
//! cache. Nothing here is shared between threads. Allocated once per thread (about 3 MiB,
//! most of it the continuation history), not once per `go`; what steers the search is reset
//! at the start of each search or, for the histories, of each game (`ucinewgame`), so a
//! single-threaded fixed-depth search after `ucinewgame` repeats exactly.

use super::correction::CorrectionHistory;
use super::ordering::capture_history::CaptureHistory;
use super::ordering::history::{PieceTo, QuietHistory, NO_PIECE_TO};
use super::score::MAX_PLY;
use crate::chess::movegen::MoveList;
use crate::chess::types::Move;
use crate::eval::EvalCaches;

/// At most this many captures that lose material are put off until after the quiet moves;
/// any more are handed out in their place (a position with so many is rare).
pub(super) const MAX_DEFERRED: usize = 32;
/// At most this many quiet moves are kept when the late ones are left out (see
/// `MovePicker::next` in `picker.rs`); a node with more sorts them all, as if none were late.
pub(super) const MAX_KEPT: usize = 64;

/// The move list, sort keys and quiet moves tried at one ply. Kept from search to search, so
/// a node does not clear two kilobytes of arrays before it starts (it showed as 6% of the
/// time in `memset`).
pub(super) struct Frame {
    pub(super) moves: MoveList,
    pub(super) keys: [i32; 256],
    /// The move picker's (`picker.rs`) captures that lose material, put off until after the
    /// quiet moves, with their keys; and once it leaves late quiet moves out, how many it
    /// passes over before each one it keeps. Here, not in the picker, so that a node does not
    /// set them up afresh.
    pub(super) deferred: [(Move, i32); MAX_DEFERRED],
    pub(super) passed: [u8; MAX_KEPT],
    pub(super) quiets: [Move; 256],
    /// The captures and promotions tried at this ply, for the capture history (a node with
    /// more than this many keeps the first ones).
    pub(super) tactical: [Move; MAX_TACTICAL_TRIED],
    /// The piece and square of the move being searched from this ply (for the continuation
    /// history of the plies below), or `NO_PIECE_TO` for a null move.
    pub(super) moved: PieceTo,
    /// How many double extensions (`pruning/singular.rs`) the path to the child being searched from
    /// this ply has had.
    pub(super) double_extensions: u8,
    /// The move a node at this ply leaves out (the singular test), or NONE.
    pub(super) excluded: Move,
    /// The static score of the node at this ply (for the "improving" test two plies on), or
    /// -INFINITY when the side to move was in check there.
    pub(super) static_eval: i32,
}

/// How many of a node's captures and promotions the capture history hears about.
pub(super) const MAX_TACTICAL_TRIED: usize = 64;

impl Frame {
    /// An empty frame.
    pub(super) fn new() -> Frame {
        Frame {
            moves: MoveList::new(),
            keys: [0; 256],
            deferred: [(Move::NONE, 0); MAX_DEFERRED],
            passed: [0; MAX_KEPT],
            quiets: [Move::NONE; 256],
            tactical: [Move::NONE; MAX_TACTICAL_TRIED],
            moved: NO_PIECE_TO,
            excluded: Move::NONE,
            double_extensions: 0,
            static_eval: 0,
        }
    }
}

/// One search thread's own tables.
pub struct ThreadData {
    /// Triangular principal-variation table: `pv[ply][ply..pv_len[ply]]`.
    pub(super) pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// Killer moves and history, for ordering quiet moves.
    pub(super) quiet: QuietHistory,
    /// The history of captures and promotions, for ordering them.
    pub(super) captures: CaptureHistory,
    /// The evaluation's average errors by pawn structure and by each side's pieces (`correction.rs`).
    pub(super) correction: CorrectionHistory,
    /// Per-ply scratch space for move lists and their sort keys.
    pub(super) frames: Vec<Frame>,
    /// The evaluation's pawn-and-king terms and recent scores, looked up instead of
    /// recomputed. They never change a score, so they need not be reset.
    pub(super) eval_caches: EvalCaches,
    /// The game (`Signals::games`) the histories belong to.
    game: u64,
    /// The root and score of this thread's last timed search, for the next move's stop
    /// rules (a score that fell since then earns more time).
    last_score: Option<(u64, i32)>,
}

impl ThreadData {
    /// Fresh tables.
    pub fn new() -> Box<ThreadData> {
        Box::new(ThreadData {
            pv: Box::new([[Move::NONE; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            quiet: QuietHistory::new(),
            captures: CaptureHistory::new(),
            correction: CorrectionHistory::new(),
            frames: (0..=MAX_PLY).map(|_| Frame::new()).collect(),
            eval_caches: EvalCaches::default(),
            game: 0,
            last_score: None,
        })
    }

    /// The score remembered from our previous move's search, if `history` (the keys of the
    /// game's positions before the root) shows its root two plies before the current root.
    pub(super) fn score_two_plies_back(&self, history: &[u64]) -> Option<i32> {
        let (key, score) = self.last_score?;
        (super::time::previous_root(history) == Some(key)).then_some(score)
    }

    /// Remembers a search's root and score for the next move, or forgets the last one if the
    /// search was not `timed`.
    pub(super) fn remember_score(&mut self, key: u64, score: i32, timed: bool) {
        self.last_score = timed.then_some((key, score));
    }

    /// Readies the tables for a search of game `game`: the killers are always forgotten; the
    /// histories and the evaluation's corrections are kept within a game if `keep_history`,
    /// else emptied.
    pub(super) fn prepare(&mut self, game: u64, keep_history: bool) {
        if game != self.game || !keep_history {
            self.quiet.clear();
            self.captures.clear();
            self.correction.clear();
            self.game = game;
        } else {
            self.quiet.clear_killers();
        }
    }
}
