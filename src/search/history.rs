//! Memories of earlier cutoffs that order the quiet moves: the *killer moves* (the last two
//! quiet moves that cut off at the same ply, likely to refute a sibling too) and the
//! *history* table (how often a from-to pair has cut off anywhere, weighted by depth).

use super::score::MAX_PLY;
use crate::chess::types::*;

/// History scores are kept below this, so they never outrank a killer (`ordering::KILLER`).
pub const HISTORY_MAX: i32 = 50_000;

/// Killer moves per ply and the history table, fresh for each search so that fixed-depth
/// searches repeat exactly.
pub struct QuietHistory {
    killers: [[Move; 2]; MAX_PLY],
    /// `history[side][from64 * 64 + to64]`.
    history: Box<[[i32; 64 * 64]; 2]>,
}

impl QuietHistory {
    /// Empty tables.
    pub fn new() -> QuietHistory {
        QuietHistory { killers: [[Move::NONE; 2]; MAX_PLY], history: Box::new([[0; 64 * 64]; 2]) }
    }

    /// Forgets every killer and all history.
    pub fn clear(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|side| side.fill(0));
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

    /// Records a quiet move that caused a beta cutoff at `depth`, and lowers the history of the
    /// quiet moves tried before it (they did not cut off).
    pub fn reward(&mut self, side: Colour, ply: usize, depth: i32, best: Move, tried: &[Move]) {
        if self.killers[ply][0] != best {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = best;
        }
        let bonus = (depth * depth).min(400);
        let table = &mut self.history[side.index()];
        for &m in tried {
            let h = &mut table[Self::index(m)];
            // Gravity: the bonus shrinks as the entry nears the bound, so entries stay in range.
            let delta = if m == best { bonus } else { -bonus };
            *h += delta - *h * delta.abs() / HISTORY_MAX;
        }
    }

    /// The history score of a quiet move.
    #[inline(always)]
    pub fn score(&self, side: Colour, m: Move) -> i32 {
        self.history[side.index()][Self::index(m)]
    }

    /// Sets a history entry (for tests of the ordering built on it).
    #[cfg(test)]
    pub(super) fn set_score(&mut self, side: Colour, m: Move, score: i32) {
        self.history[side.index()][Self::index(m)] = score;
    }

    /// Sets the killers of a ply (for tests).
    #[cfg(test)]
    pub(super) fn set_killers(&mut self, ply: usize, killers: [Move; 2]) {
        self.killers[ply] = killers;
    }
}

impl Default for QuietHistory {
    fn default() -> Self {
        Self::new()
    }
}
