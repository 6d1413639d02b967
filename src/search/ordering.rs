//! Move ordering: alpha-beta cuts off sooner when the best move comes first. micro-Max tries
//! the hash move first, then captures by MVV/LVA ("most valuable victim, least valuable
//! attacker": take the queen with the pawn before the pawn with the queen), then the rest.
//! The quiet moves are ordered by two memories of earlier cutoffs: the *killer moves* (the
//! last two quiet moves that cut off at the same ply, likely to refute a sibling too) and
//! the *history* table (how often a from-to pair has cut off anywhere, weighted by depth).

use crate::board::Board;
use crate::movegen::{MoveGen, MoveList};
use crate::see::see;
use crate::types::*;

/// Sort key of the hash move: above everything else.
const HASH_MOVE: i32 = 1_000_000;
/// Base of capture and promotion keys: above every quiet move.
const TACTICAL: i32 = 100_000;
/// Victim values for MVV/LVA, by kind (the king is never captured).
const VICTIM: [i32; 7] = [0, 100, 300, 310, 500, 900, 0];
/// Sort keys of the first and second killer move: below captures, above other quiets.
const KILLER: [i32; 2] = [90_000, 89_000];
/// Keys from here up are the hash move, captures, promotions and killers.
pub const KILLER_KEY_MIN: i32 = 89_000;
/// History scores are kept below this, so they never outrank a killer.
pub const HISTORY_MAX: i32 = 50_000;

/// Killer moves per ply and the history table, fresh for each search so that fixed-depth
/// searches repeat exactly.
pub struct QuietHistory {
    killers: [[Move; 2]; crate::search::MAX_PLY],
    /// `history[side][from64 * 64 + to64]`.
    history: Box<[[i32; 64 * 64]; 2]>,
}

impl QuietHistory {
    /// Empty tables.
    pub fn new() -> QuietHistory {
        QuietHistory { killers: [[Move::NONE; 2]; crate::search::MAX_PLY], history: Box::new([[0; 64 * 64]; 2]) }
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
}

impl Default for QuietHistory {
    fn default() -> Self {
        Self::new()
    }
}

/// The ordering key of one move. Larger is tried earlier.
#[inline]
pub fn move_key(board: &Board, m: Move, hash_move: Move) -> i32 {
    if m == hash_move {
        return HASH_MOVE;
    }
    let attacker = kind_of(board.piece_at(m.from())) as i32;
    let victim = board.piece_at(m.to());
    let mut key = 0;
    if victim != EMPTY {
        key = TACTICAL + VICTIM[kind_of(victim) as usize] * 8 - attacker;
    } else if attacker == PAWN as i32 && m.to() == board.ep_square() {
        key = TACTICAL + VICTIM[PAWN as usize] * 8 - attacker;
    }
    if m.promotion() != 0 {
        key += TACTICAL + VICTIM[m.promotion() as usize];
    }
    key
}

/// Fills `keys` with the ordering key of each move: captures and promotions by MVV/LVA;
/// other moves get 0. (The hash move is handed out before any list is scored.)
pub fn score_moves(board: &Board, moves: &[Move], keys: &mut [i32]) {
    for (key, &m) in keys.iter_mut().zip(moves) {
        *key = move_key(board, m, Move::NONE);
    }
}

/// Fills `keys` for moves that neither capture nor promote: the killers, then the rest by
/// history.
pub fn score_quiet_moves(board: &Board, moves: &[Move], keys: &mut [i32], quiet: &QuietHistory, ply: usize) {
    for (key, &m) in keys.iter_mut().zip(moves) {
        *key = quiet_key(board, m, quiet, ply);
    }
}

/// The ordering key of a move that neither captures nor promotes: a killer's, or its history.
#[inline]
pub fn quiet_key(board: &Board, m: Move, quiet: &QuietHistory, ply: usize) -> i32 {
    let killers = quiet.killers(ply);
    if m == killers[0] {
        KILLER[0]
    } else if m == killers[1] {
        KILLER[1]
    } else {
        quiet.score(board.side(), m)
    }
}

/// True for a capture that loses material in the exchange on its square (by SEE). Only a
/// capture of a cheaper piece can; the exchange is worked out only for those, and only when
/// the search gets to the move (most nodes cut off before).
#[inline]
pub fn loses_material(board: &Board, m: Move) -> bool {
    let victim = board.piece_at(m.to());
    let attacker = kind_of(board.piece_at(m.from()));
    victim != EMPTY
        && attacker != KING
        && VICTIM[attacker as usize] > VICTIM[kind_of(victim) as usize]
        && see(board, m) < 0
}

/// True for captures (including en passant) and promotions.
#[inline(always)]
pub fn is_tactical(board: &Board, m: Move) -> bool {
    board.piece_at(m.to()) != EMPTY
        || m.promotion() != 0
        || (m.to() == board.ep_square() && kind_of(board.piece_at(m.from())) == PAWN)
}

/// The key a move gets once [`pick_next`] has handed it out: below every real key.
const PICKED: i32 = i32::MIN;

/// Selection sort, one step at a time: returns the move with the largest key not yet
/// picked, with its key, and marks it picked. Of equal keys the earliest in the list wins,
/// so the moves come out exactly as a stable sort by key would give them. That makes the
/// order the same whether a node's moves are generated at once or in stages (captures
/// first, then quiet moves). With an early cutoff most of the list is never sorted.
/// Call it at most `moves.len()` times per list.
#[inline]
pub fn pick_next(moves: &[Move], keys: &mut [i32]) -> (Move, i32) {
    // Two passes, the largest key and then the first move with it: the first pass is a plain
    // maximum, which the compiler turns into vector instructions. Nothing is moved.
    let keys = &mut keys[..moves.len()];
    let largest = keys.iter().copied().max().unwrap_or(PICKED);
    let best = keys.iter().position(|&k| k == largest).unwrap_or(0);
    keys[best] = PICKED;
    (moves[best], largest)
}

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
    Done,
}

/// Hands out a search node's moves in order, generating them in stages so that a cutoff
/// saves the work of the moves it made unnecessary: first the hash move (checked for
/// legality, not generated), then the captures and promotions by MVV/LVA, then the quiet
/// moves by killers and history. Because [`pick_next`] is a stable selection and every
/// capture or promotion key is above every quiet key, the order is that of one stable sort
/// of the whole list by the same keys. One thing differs from scoring the whole list up
/// front: the quiet moves are scored when their stage starts, so with the history as the
/// captures' subtrees have left it.
pub struct MovePicker {
    stage: Stage,
    hash_move: Move,
    /// The current stage's moves are `list[..len]`; the next to hand out is at `next`.
    len: usize,
    next: usize,
}

impl MovePicker {
    /// A picker for a node whose hash move (NONE for none) is known to be legal.
    pub fn new(hash_move: Move) -> MovePicker {
        MovePicker { stage: Stage::HashMove, hash_move, len: 0, next: 0 }
    }

    /// The next move and its sort key, or None when all have been handed out. `list` and
    /// `keys` are the node's scratch space and must be passed in unchanged between calls.
    pub fn next(
        &mut self,
        board: &Board,
        generator: &MoveGen,
        list: &mut MoveList,
        keys: &mut [i32],
        quiet: (&QuietHistory, usize),
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateNoisy;
                    if self.hash_move.is_some() {
                        return Some((self.hash_move, HASH_MOVE));
                    }
                }
                Stage::GenerateNoisy | Stage::GenerateQuiet => {
                    list.clear();
                    if self.stage == Stage::GenerateNoisy {
                        generator.noisy(list);
                        score_moves(board, list.as_slice(), &mut keys[..list.len()]);
                        self.stage = Stage::Noisy;
                    } else {
                        generator.quiet(list);
                        let (history, ply) = quiet;
                        score_quiet_moves(board, list.as_slice(), &mut keys[..list.len()], history, ply);
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
                            sort_by_key(list.as_mut_slice(), &mut keys[..self.len]);
                        }
                        let (m, key) = if self.next < SELECTION_PICKS {
                            pick_next(list.as_slice(), &mut keys[..self.len])
                        } else {
                            // Sorted, the picked moves went last, so the rest start at 0.
                            let i = self.next - SELECTION_PICKS;
                            (list.as_slice()[i], keys[i])
                        };
                        self.next += 1;
                        if m != self.hash_move {
                            return Some((m, key));
                        }
                    }
                    self.stage = if self.stage == Stage::Noisy { Stage::GenerateQuiet } else { Stage::Done };
                }
                Stage::Done => return None,
            }
        }
    }
}

/// Orders the root moves once, before the first iteration: hash move, then MVV/LVA.
/// Later iterations keep this order except that each new best move goes to the front.
pub fn order_root(board: &Board, moves: &mut [Move], hash_move: Move) {
    // A stable sort keeps generation order among equals, so the order is reproducible.
    moves.sort_by_key(|&m| -move_key(board, m, hash_move));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_walk;

    #[test]
    fn pick_next_is_a_stable_selection() {
        let a = Move::new(square(0, 1), square(0, 2), 0);
        let b = Move::new(square(1, 1), square(1, 2), 0);
        let c = Move::new(square(2, 1), square(2, 2), 0);
        let d = Move::new(square(3, 1), square(3, 2), 0);
        let moves = [a, b, c, d];
        let mut keys = [5, 9, 5, 9];
        // Equal keys come out in list order, as a stable sort would give them (swapping each
        // pick into place, the old way, moved `a` behind `c`).
        let picked: Vec<(Move, i32)> = (0..4).map(|_| pick_next(&moves, &mut keys)).collect();
        assert_eq!(picked, [(b, 9), (d, 9), (a, 5), (c, 5)]);
    }

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
    /// history. Checked along playouts, with made-up killers, history and hash moves.
    #[test]
    fn staged_picking_equals_sorting_the_whole_list() {
        let mut rng = crate::testing::TestRng(0x00C0_FFEE);
        let fens = [
            crate::board::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        for fen in fens {
            random_walk(fen, 60, &mut rng, |board, moves, rng| {
                if moves.is_empty() {
                    return;
                }
                let mut history = QuietHistory::new();
                for &m in moves {
                    history.history[board.side().index()][QuietHistory::index(m)] = rng.below(7) as i32 - 3;
                }
                history.killers[5] = [moves[rng.below(moves.len())], moves[rng.below(moves.len())]];
                let hash_move = if rng.below(3) == 0 { Move::NONE } else { moves[rng.below(moves.len())] };
                // One stable sort of the whole list by the keys each move gets.
                let key = |m: Move| match move_key(board, m, hash_move) {
                    0 if m == history.killers[5][0] => KILLER[0],
                    0 if m == history.killers[5][1] => KILLER[1],
                    0 => history.score(board.side(), m),
                    k => k,
                };
                let mut expected: Vec<Move> = moves.to_vec();
                expected.sort_by_key(|&m| -key(m));
                // The picker, stage by stage.
                let generator = MoveGen::new(board);
                let mut picker = MovePicker::new(hash_move);
                let (mut list, mut keys) = (MoveList::new(), [0; 256]);
                let mut picked = Vec::new();
                while let Some((m, _)) = picker.next(board, &generator, &mut list, &mut keys, (&history, 5)) {
                    picked.push(m);
                }
                assert_eq!(picked, expected, "{}", board.to_fen());
            });
        }
    }

    #[test]
    fn mvv_lva_prefers_big_victims_and_small_attackers() {
        let board = Board::from_fen("7k/8/8/3q4/2P1R3/8/8/4K3 w - - 0 1").unwrap();
        let pawn_takes_queen = board.parse_uci_move("c4d5").unwrap();
        let rook_sideways = board.parse_uci_move("e4d4").unwrap();
        let quiet = board.parse_uci_move("e4e5").unwrap();
        let key = |m| move_key(&board, m, Move::NONE);
        assert!(key(pawn_takes_queen) > key(quiet));
        assert_eq!(key(rook_sideways), 0, "e4d4 is a quiet rook move");
        assert_eq!(move_key(&board, quiet, quiet), HASH_MOVE);
    }
}
