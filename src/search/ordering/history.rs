//! Memories of earlier cutoffs that order the quiet moves: the *killer moves* (the last two
//! quiet moves that cut off at the same ply, likely to refute a sibling too), the *history*
//! table (how often a from-to pair has cut off anywhere, weighted by depth) and the
//! *continuation history* (how often a piece going to a square has cut off right after a
//! given piece went to a given square, one or two plies before: the counter-move and the
//! follow-up). The three history scores added up are a quiet move's *statistics*, which
//! order it, shrink or grow its reduction and prune it when they are bad enough.

use crate::chess::board::Board;
use crate::chess::types::*;
use crate::search::params::{history_bonus_lin, history_bonus_max, history_bonus_quad};
use crate::search::score::MAX_PLY;

/// Each history entry stays within +/- this (the gravity of [`update_entry`] keeps it there), so a
/// quiet move's statistics, three entries, stay below a killer's key (`keys::KILLER`).
pub const HISTORY_MAX: i32 = 16_384;

/// A piece landing on a square, as a continuation-history index: `piece * 64 + to64`.
/// [`NO_PIECE_TO`] stands for no move (the root, a null move): its entries are never changed.
pub type PieceTo = usize;
pub const NO_PIECE_TO: PieceTo = 0;
/// How many [`PieceTo`] indexes there are.
pub const PIECE_TO: usize = 16 * 64;

/// The [`PieceTo`] of move `m` on `board`, before it is made.
#[inline(always)]
pub fn piece_to(board: &Board, m: Move) -> PieceTo {
    board.piece_at(m.from()) as usize * 64 + m.to_index()
}

/// What a node passes for its quiet moves' statistics: its ply (for the killers) and the
/// moves one and two plies before it.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuietContext {
    pub ply: usize,
    pub previous: [PieceTo; 2],
}

/// Killer moves per ply, the history and the continuation history. The killers are fresh
/// for each search; the histories are kept for the whole game (a position a move later has
/// mostly the same good moves) and emptied by `ucinewgame`, so that a fixed-depth search
/// after it repeats exactly.
pub struct QuietHistory {
    killers: [[Move; 2]; MAX_PLY],
    /// `history[side][from64 * 64 + to64]`.
    history: Box<[[i16; 64 * 64]; 2]>,
    /// `continuation[earlier piece-to][piece-to]`, the same table one and two plies back.
    continuation: Box<[[i16; PIECE_TO]; PIECE_TO]>,
}

/// What a cutoff at `depth` adds to the move's entry (and takes from the moves tried before
/// it): growing with the square of the depth, since a deep cutoff saved a large subtree
/// (`params::history_bonus_quad` and the two beside it).
#[inline(always)]
pub fn history_bonus(depth: i32) -> i32 {
    (history_bonus_quad() * depth * depth + history_bonus_lin() * depth).min(history_bonus_max())
}

/// Moves entry `h` by `delta`, less the nearer it is to the bound: entries stay in range and
/// recent results weigh more than old ones.
#[inline(always)]
pub fn update_entry(h: &mut i16, delta: i32) {
    let value = *h as i32;
    *h = (value + delta - value * delta.abs() / HISTORY_MAX) as i16;
}

impl QuietHistory {
    /// Empty tables.
    pub fn new() -> QuietHistory {
        let continuation = vec![[0i16; PIECE_TO]; PIECE_TO].into_boxed_slice().try_into().expect("PIECE_TO rows");
        QuietHistory { killers: [[Move::NONE; 2]; MAX_PLY], history: Box::new([[0; 64 * 64]; 2]), continuation }
    }

    /// Forgets every killer and all history (a new game).
    pub fn clear(&mut self) {
        self.clear_killers();
        self.history.iter_mut().for_each(|side| side.fill(0));
        self.continuation.iter_mut().for_each(|row| row.fill(0));
    }

    /// Forgets the killers (a new search of the same game): they belong to plies of the last
    /// search's tree, which are other positions now.
    pub fn clear_killers(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY];
    }

    #[inline(always)]
    fn index(m: Move) -> usize {
        m.from_index() * 64 + m.to_index()
    }

    /// The killers at a ply.
    #[inline(always)]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// Records a quiet move that caused a beta cutoff at `depth`, and lowers the statistics of
    /// the quiet moves tried before it (they did not cut off) on `board`.
    pub fn reward(&mut self, board: &Board, context: QuietContext, depth: i32, best: Move, tried: &[Move]) {
        let side = board.side();
        let ply = context.ply;
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
        let bonus = history_bonus(depth);
        for &m in tried {
            let to = piece_to(board, m);
            let delta = if m == best { bonus } else { -bonus };
            update_entry(&mut self.history[side.index()][Self::index(m)], delta);
            for &previous in &context.previous {
                if previous != NO_PIECE_TO {
                    update_entry(&mut self.continuation[previous][to], delta);
                }
            }
        }
    }

    /// The statistics of a quiet move: its history and its two continuation entries.
    #[inline(always)]
    pub fn score(&self, side: Colour, context: QuietContext, m: Move, to: PieceTo) -> i32 {
        self.history[side.index()][Self::index(m)] as i32
            + self.continuation[context.previous[0]][to] as i32
            + self.continuation[context.previous[1]][to] as i32
    }

    /// Sets a history entry (for tests of the ordering built on it).
    #[cfg(test)]
    pub(in crate::search) fn set_score(&mut self, side: Colour, m: Move, score: i32) {
        self.history[side.index()][Self::index(m)] = score as i16;
    }

    /// Sets the killers of a ply (for tests).
    #[cfg(test)]
    pub(in crate::search) fn set_killers(&mut self, ply: usize, killers: [Move; 2]) {
        self.killers[ply] = killers;
    }
}

impl Default for QuietHistory {
    fn default() -> Self {
        Self::new()
    }
}
