//! The staged move picker: a node's moves handed out in order, generated in stages so that a
//! cutoff saves the work of the moves it made unnecessary.

use super::ordering::capture_history::CaptureHistory;
use super::ordering::history::{QuietContext, QuietHistory};
use super::ordering::keys::{
    loses_material, pick_next, score_noisy_moves, score_quiet_moves, HASH_MOVE, KILLER_KEY_MIN, PICKED,
};
use super::thread_data::{Frame, MAX_DEFERRED, MAX_KEPT};
use crate::chess::board::foresight::CheckSquares;
use crate::chess::board::Board;
use crate::chess::movegen::{MoveGen, MoveList};
use crate::chess::types::Move;

/// A [`MovePicker`] picks this many moves of a stage one at a time, then sorts the rest.
const SELECTION_PICKS: usize = 3;

/// Sorts the moves by key, largest first, keeping the order of equal keys (an insertion
/// sort: the lists are short). Moves already handed out by [`pick_next`] carry the lowest
/// key and so go last, and the others come out in the order further picks would give.
fn sort_by_key(moves: &mut [Move], keys: &mut [i32]) {
    for i in 1..moves.len() {
        let (m, k) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < k {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = m;
        keys[j] = k;
    }
}

/// Where a [`MovePicker`] is in its node's moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    HashMove,
    GenerateNoisy,
    Noisy,
    GenerateQuiet,
    Quiet,
    Losing,
    Done,
}

/// Hands out a search node's moves in order, generating them in stages so that a cutoff
/// saves the work of the moves it made unnecessary: first the hash move (checked for
/// legality, not generated), then the captures and promotions by MVV/LVA and their history,
/// then the quiet moves by killers and history, and last the captures that lose material in
/// the exchange (by SEE), which a quiet move usually beats. Because [`pick_next`] is a stable
/// selection and every capture or promotion key is above every quiet key, the order is that
/// of one stable sort of the whole list by the same keys, with the losing captures moved to
/// the end in their own order. One thing differs from scoring the whole list up front: the
/// quiet moves are scored when their stage starts, so with the history as the captures'
/// subtrees have left it.
pub struct MovePicker {
    stage: Stage,
    hash_move: Move,
    /// The current stage's moves are `list[..len]`; the next to hand out is at `next`.
    len: usize,
    next: usize,
    /// The losing captures put off are the frame's `deferred[..deferred_len]`.
    deferred_len: usize,
    /// Once the late quiet moves are left out: how many of them come, in the sorted order,
    /// just before each kept one (the frame's `passed[k]` before `moves[k]`), and after the
    /// last.
    passed_after: usize,
    filtered: bool,
}

impl MovePicker {
    /// A picker for a node whose hash move (NONE for none) is known to be legal.
    pub fn new(hash_move: Move) -> MovePicker {
        MovePicker {
            stage: Stage::HashMove,
            hash_move,
            len: 0,
            next: 0,
            deferred_len: 0,
            passed_after: 0,
            filtered: false,
        }
    }

    /// The next move, its sort key, and how many moves were passed over just before it, or
    /// None when all have been handed out. `frame` is the node's scratch space (its moves,
    /// keys, put-off captures and counts) and must be passed in unchanged between calls;
    /// `stats` are the histories that order the moves.
    ///
    /// `late` is for a node where every quiet move handed out from now on is late, so that
    /// late-move pruning leaves it out unless it gives check (`pruning/move_loop.rs`): with its check
    /// squares, the quiet moves still to sort are cut down to those that give check or are
    /// killers, and only those are sorted and handed out. The others are passed over, and
    /// counted, so that each move handed out comes with the number of moves the node would
    /// have been handed, and left out, before it: its place in the order is the same.
    pub fn next(
        &mut self,
        board: &Board,
        generator: &MoveGen,
        frame: &mut Frame,
        stats: (&QuietHistory, &CaptureHistory, QuietContext),
        late: Option<&CheckSquares>,
    ) -> Option<(Move, i32, usize)> {
        let (list, keys) = (&mut frame.moves, &mut frame.keys);
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.hash_move.is_some() {
                        return Some((self.hash_move, HASH_MOVE, 0));
                    }
                }
                Stage::GenerateNoisy | Stage::GenerateQuiet => {
                    list.clear();
                    if self.stage == Stage::GenerateNoisy {
                        generator.noisy(list);
                        score_noisy_moves(board, list.as_slice(), &mut keys[..list.len()], stats.1);
                        self.stage = Stage::Noisy;
                    } else {
                        generator.quiet(list);
                        let (history, _, context) = stats;
                        score_quiet_moves(board, list.as_slice(), &mut keys[..list.len()], history, context);
                        self.stage = Stage::Quiet;
                    }
                    self.len = list.len();
                    self.next = 0;
                }
                Stage::Noisy | Stage::Quiet => {
                    while self.next < self.len {
                        // A node that has tried a few moves without a cutoff will likely try
                        // them all: sort the rest once instead of scanning for each pick.
                        if self.next == SELECTION_PICKS {
                            let kept = match late {
                                Some(checks) if self.stage == Stage::Quiet => {
                                    self.keep_unskippable(board, list, &mut keys[..self.len], &mut frame.passed, checks)
                                }
                                _ => None,
                            };
                            match kept {
                                Some(kept) => {
                                    self.len = SELECTION_PICKS + kept;
                                    if self.next == self.len {
                                        break;
                                    }
                                }
                                None => sort_by_key(list.as_mut_slice(), &mut keys[..self.len]),
                            }
                        }
                        let (m, key) = if self.next < SELECTION_PICKS {
                            pick_next(list.as_slice(), &mut keys[..self.len])
                        } else {
                            // Sorted, the picked moves went last, so the rest start at 0.
                            let i = self.next - SELECTION_PICKS;
                            (list.as_slice()[i], keys[i])
                        };
                        let passed = if self.next >= SELECTION_PICKS && self.filtered {
                            frame.passed[self.next - SELECTION_PICKS] as usize
                        } else {
                            0
                        };
                        self.next += 1;
                        if m == self.hash_move {
                            continue;
                        }
                        if self.stage == Stage::Noisy
                            && self.deferred_len < MAX_DEFERRED
                            && m.promotion() == 0
                            && loses_material(board, m)
                        {
                            frame.deferred[self.deferred_len] = (m, key);
                            self.deferred_len += 1;
                            continue;
                        }
                        return Some((m, key, passed));
                    }
                    self.stage = if self.stage == Stage::Noisy { Stage::GenerateQuiet } else { Stage::Losing };
                    self.next = 0;
                }
                Stage::Losing => {
                    // The late moves passed over after the last kept one come before these.
                    let passed = std::mem::take(&mut self.passed_after);
                    if self.next < self.deferred_len {
                        self.next += 1;
                        let (m, key) = frame.deferred[self.next - 1];
                        return Some((m, key, passed));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

impl MovePicker {
    /// Cuts the quiet moves not yet handed out (`list[..keys.len()]`, the handed-out ones
    /// carrying the lowest key) down to the killers and the moves that give check, sorted
    /// into `list[..kept]` with their keys, and records how many of the others come before
    /// each in the order a sort of them all would give (`passed`, `passed_after`). The hash
    /// move, which the picker never hands out twice, is neither kept nor counted. None, with
    /// nothing changed, when more than [`MAX_KEPT`] would be kept. Kept out of line, so that
    /// [`MovePicker::next`] stays small enough to be inlined into the search.
    #[inline(never)]
    fn keep_unskippable(
        &mut self,
        board: &Board,
        list: &mut MoveList,
        keys: &mut [i32],
        passed_before: &mut [u8; MAX_KEPT],
        checks: &CheckSquares,
    ) -> Option<usize> {
        let moves = list.as_mut_slice();
        // Each move's fate: handed out already (or the hash move), kept, or passed over.
        const GONE: u8 = 0;
        const KEPT: u8 = 1;
        const PASSED: u8 = 2;
        let mut fate = [GONE; 256];
        let (mut kept, mut passed) = (0, 0);
        for i in 0..keys.len() {
            if keys[i] == PICKED || moves[i] == self.hash_move {
                continue;
            }
            if keys[i] >= KILLER_KEY_MIN || checks.gives_check(board, moves[i]) {
                fate[i] = KEPT;
                kept += 1;
            } else {
                fate[i] = PASSED;
                passed += 1;
            }
        }
        if kept > MAX_KEPT {
            return None;
        }
        // The kept moves with how many passed-over ones come before each in the full order:
        // those with a larger key, or the same key and generated earlier.
        let mut kept_moves = [(Move::NONE, 0i32, 0usize); MAX_KEPT];
        for (k, i) in (0..keys.len()).filter(|&i| fate[i] == KEPT).enumerate() {
            let before = (0..keys.len())
                .filter(|&j| fate[j] == PASSED && (keys[j] > keys[i] || keys[j] == keys[i] && j < i))
                .count();
            kept_moves[k] = (moves[i], keys[i], before);
        }
        // Their own order: by key, the earlier generated first among equals (a stable
        // insertion sort; there are few).
        let kept_moves = &mut kept_moves[..kept];
        for i in 1..kept {
            let entry = kept_moves[i];
            let mut j = i;
            while j > 0 && kept_moves[j - 1].1 < entry.1 {
                kept_moves[j] = kept_moves[j - 1];
                j -= 1;
            }
            kept_moves[j] = entry;
        }
        let mut counted = 0;
        for (k, &(m, key, before)) in kept_moves.iter().enumerate() {
            moves[k] = m;
            keys[k] = key;
            passed_before[k] = (before - counted) as u8;
            counted = before;
        }
        self.filtered = true;
        self.passed_after = passed - counted;
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::testing::random_walk;
    use crate::chess::types::square;
    use crate::search::ordering::history::piece_to;
    use crate::search::ordering::keys::{move_key, noisy_key, KILLER};

    #[test]
    fn sorting_the_rest_continues_the_selection() {
        let moves: Vec<Move> = (0..8).map(|i| Move::new(square(i, 1), square(i, 2), 0)).collect();
        let keys = [3, 7, 3, 9, 7, 1, 9, 3];
        let mut by_selection = (moves.clone(), keys);
        let picked: Vec<(Move, i32)> = (0..8).map(|_| pick_next(&by_selection.0, &mut by_selection.1)).collect();
        let (mut sorted, mut sorted_keys) = (moves.clone(), keys);
        let mut mixed: Vec<(Move, i32)> = (0..2).map(|_| pick_next(&sorted, &mut sorted_keys)).collect();
        sort_by_key(&mut sorted, &mut sorted_keys);
        mixed.extend(sorted.iter().copied().zip(sorted_keys).take(6));
        assert_eq!(mixed, picked);
    }

    /// The staged picker hands out exactly the legal moves, each once, in the order of one
    /// stable sort of the whole list by key: hash move, captures and promotions, killers,
    /// history; then the captures that lose material. Checked along playouts, with made-up
    /// killers, history and hash moves.
    #[test]
    fn staged_picking_equals_sorting_the_whole_list() {
        let mut rng = crate::chess::rng::Rng::new(0x00C0_FFEE);
        let fens = [
            crate::chess::board::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in fens {
            random_walk(fen, 60, &mut rng, |board, moves, rng| {
                if moves.is_empty() {
                    return;
                }
                let mut history = QuietHistory::new();
                let mut captures = CaptureHistory::new();
                for &m in moves {
                    history.set_score(board.side(), m, rng.below(7) as i32 - 3);
                    captures.set_score(board, m, rng.below(2001) as i32 - 1000);
                }
                let killers = [moves[rng.below(moves.len())], moves[rng.below(moves.len())]];
                history.set_killers(5, killers);
                let context = QuietContext { ply: 5, ..QuietContext::default() };
                let hash_move = if rng.below(3) == 0 { Move::NONE } else { moves[rng.below(moves.len())] };
                // One stable sort of the whole list by the keys each move gets.
                let key = |m: Move| match move_key(board, m, hash_move) {
                    0 if m == killers[0] => KILLER[0],
                    0 if m == killers[1] => KILLER[1],
                    0 => history.score(board.side(), context, m, piece_to(board, m)),
                    HASH_MOVE => HASH_MOVE,
                    _ => noisy_key(board, m, &captures),
                };
                let mut expected: Vec<Move> = moves.to_vec();
                expected.sort_by_key(|&m| -key(m));
                // Captures that lose material (not the hash move) go last, in their order.
                let losing = |m: Move| m != hash_move && m.promotion() == 0 && loses_material(board, m);
                let (last, mut expected): (Vec<Move>, Vec<Move>) = expected.into_iter().partition(|&m| losing(m));
                expected.extend(last);
                // The picker, stage by stage.
                let generator = MoveGen::new(board);
                let mut picker = MovePicker::new(hash_move);
                let mut frame = Frame::new();
                let mut picked = Vec::new();
                while let Some((m, _, passed)) =
                    picker.next(board, &generator, &mut frame, (&history, &captures, context), None)
                {
                    assert_eq!(passed, 0);
                    picked.push(m);
                }
                assert_eq!(picked, expected, "{}", board.to_fen());
                // Told that the quiet moves are late from its first sorted one on, the picker
                // passes over those that are neither killers nor checks, and each move it hands
                // out keeps its place in the full order.
                let checks = CheckSquares::new(board);
                let mut picker = MovePicker::new(hash_move);
                let mut place = 0;
                let mut placed = Vec::new();
                while let Some((m, _, passed)) =
                    picker.next(board, &generator, &mut frame, (&history, &captures, context), Some(&checks))
                {
                    place += passed;
                    placed.push((place, m));
                    place += 1;
                }
                // Every move handed out has its place in the full order; every move missing is
                // a quiet one, neither the hash move nor a killer, that gives no check.
                let in_order: Vec<(usize, Move)> = expected.iter().copied().enumerate().collect();
                assert!(placed.iter().all(|p| in_order.contains(p)), "{}", board.to_fen());
                for &(_, m) in in_order.iter().filter(|p| !placed.contains(p)) {
                    let quiet = move_key(board, m, hash_move) == 0;
                    assert!(quiet && !killers.contains(&m) && !checks.gives_check(board, m), "{}", board.to_fen());
                }
            });
        }
    }
}
