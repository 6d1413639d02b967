//! Capture history: how often a capture (or promotion) has cut off, by the piece that moves,
//! the square it lands on and the kind of piece it takes. MVV/LVA orders the captures by what
//! they win on paper; this table shifts that order by what such captures have done in the
//! search so far (a capture of a defended pawn that keeps failing sinks below one that keeps
//! refuting). Kept for the whole game and emptied with the quiet histories.

use super::history::{history_bonus, piece_to, update_entry, PieceTo, PIECE_TO};
use crate::chess::board::Board;
use crate::chess::types::*;

/// Kinds of captured piece: none (a promotion that takes nothing) to queen.
const VICTIMS: usize = 6;
/// A capture's key moves by its history divided by this: at most +/- 512, less than a pawn's
/// worth of MVV/LVA (`keys::VICTIM` times 8, 800), so a capture of a knight stays ahead
/// of a capture of a pawn whatever their histories; between a knight and a bishop, whose
/// values are close, the history decides.
pub const CAPTURE_HISTORY_DIVISOR: i32 = 32;

/// `capture[piece-to][captured kind]`.
pub struct CaptureHistory {
    table: Box<[[i16; VICTIMS]; PIECE_TO]>,
}

#[inline(always)]
fn slot(board: &Board, m: Move) -> (PieceTo, usize) {
    (piece_to(board, m), (board.captured_kind(m) as usize).min(VICTIMS - 1))
}

impl CaptureHistory {
    /// An empty table.
    pub fn new() -> CaptureHistory {
        CaptureHistory { table: Box::new([[0; VICTIMS]; PIECE_TO]) }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.fill([0; VICTIMS]);
    }

    /// The history of capture or promotion `m` on `board`, within +/- `history::HISTORY_MAX`.
    #[inline(always)]
    pub fn score(&self, board: &Board, m: Move) -> i32 {
        let (to, victim) = slot(board, m);
        self.table[to][victim] as i32
    }

    /// After a beta cutoff at `depth` on `board`: raises `best` if it is one of `tried` (the
    /// captures and promotions searched, in order) and lowers the others; a quiet cutoff
    /// passes a `best` that is not among them, and every capture tried is lowered.
    /// Underpromotions are left out: they share the entry of the promotion to a queen on
    /// the same square, whose record they would blur.
    pub fn reward(&mut self, board: &Board, depth: i32, best: Move, tried: &[Move]) {
        let bonus = history_bonus(depth);
        for &m in tried.iter().filter(|m| m.promotion() == 0 || m.promotion() == QUEEN) {
            let (to, victim) = slot(board, m);
            update_entry(&mut self.table[to][victim], if m == best { bonus } else { -bonus });
        }
    }

    /// Sets one entry (for tests of the ordering built on it).
    #[cfg(test)]
    pub(in crate::search) fn set_score(&mut self, board: &Board, m: Move, score: i32) {
        let (to, victim) = slot(board, m);
        self.table[to][victim] = score as i16;
    }
}

impl Default for CaptureHistory {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci_move;
    use crate::search::ordering::history::HISTORY_MAX;

    #[test]
    fn cutoffs_raise_a_capture_and_lower_the_ones_tried_before_it() {
        let board = Board::from_fen("4k3/8/8/3p4/4PN2/8/8/4K3 w - - 0 1").unwrap();
        let nxd5 = parse_uci_move(&board, "f4d5").unwrap();
        let exd5 = parse_uci_move(&board, "e4d5").unwrap();
        let mut h = CaptureHistory::new();
        h.reward(&board, 5, exd5, &[nxd5, exd5]);
        assert!(h.score(&board, exd5) > 0);
        assert_eq!(h.score(&board, nxd5), -h.score(&board, exd5));
        // A quiet cutoff (a move not among them) lowers every capture tried.
        let quiet = parse_uci_move(&board, "e1d1").unwrap();
        h.reward(&board, 5, quiet, &[nxd5]);
        assert!(h.score(&board, nxd5) < -h.score(&board, exd5));
        // Entries stay bounded however often they are rewarded.
        for _ in 0..1000 {
            h.reward(&board, 20, exd5, &[exd5]);
        }
        assert!(h.score(&board, exd5) <= HISTORY_MAX);
        h.clear();
        assert_eq!(h.score(&board, exd5), 0);
    }
}
