//! The root moves ranked by the tables, so that the search chooses only among the moves that
//! keep the best result the tables know, counting the 50-move rule and repetitions.
//!
//! With DTZ tables, each move is ranked by the distance to zeroing it leaves, counted from
//! the root (Stockfish's scheme, in our words):
//! * a win that the game's clock leaves time for ranks [`WIN_RANK`], whatever its distance:
//!   the search then picks among such moves with its own judgement, and every one of them
//!   keeps the win in reach. As the clock runs, fewer moves qualify, down to those that make
//!   progress, so the win is converted before the 50-move rule ends the game;
//! * a win the clock threatens (or any win, once the root position has repeated, so that a
//!   shuffle cannot go on) ranks by its distance: the nearer the zeroing move, the better;
//! * a draw ranks 0;
//! * a loss ranks [`-WIN_RANK`](WIN_RANK), every loss alike, unless a 50-move draw is in
//!   sight, when the longest resistance ranks highest.
//!
//! Without DTZ tables, the WDL tables rank the moves by outcome alone.

use super::{Tablebases, Wdl};
use crate::chess::board::Board;
use crate::chess::movegen::count_legal;
use crate::chess::types::Move;

/// The rank of a sure win. Ranks within [`RULE_50_RANKS`] of it are wins that the 50-move
/// rule may still turn into draws.
pub const WIN_RANK: i32 = 1 << 18;
/// See [`WIN_RANK`]: a rank at least `WIN_RANK - RULE_50_RANKS` is a win under the 50-move
/// rule, and a positive rank below that a cursed one.
pub const RULE_50_RANKS: i32 = 100;
/// Ranks of the WDL outcomes, when only WDL tables are there.
const CURSED_WIN_RANK: i32 = WIN_RANK - 101;

/// The root moves' ranks, in the order the moves were given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    /// One rank per move, higher is better.
    pub ranks: Vec<i32>,
    /// True when DTZ tables ranked them; false when only WDL tables did.
    pub by_dtz: bool,
}

/// What the root ranking needs besides the tables.
#[derive(Clone, Copy, Debug)]
pub struct RootContext<'a> {
    /// The root position.
    pub board: &'a Board,
    /// Keys of the positions before the root in the game, oldest first.
    pub history: &'a [u64],
}

impl RootContext<'_> {
    /// How often `key` occurred among the root and the game positions before it, looking
    /// back at most `window` positions (the plies since the last capture or pawn move).
    fn occurrences(&self, key: u64, window: usize) -> usize {
        let root = std::iter::once(self.board.key());
        let earlier = self.history.iter().rev().copied();
        root.chain(earlier).take(window + 1).filter(|&k| k == key).count()
    }

    /// True when the root position, or one since the last capture or pawn move, has
    /// occurred before.
    fn has_repeated(&self) -> bool {
        let window = self.board.halfmove_clock() as usize;
        let mut keys: Vec<u64> = std::iter::once(self.board.key()).chain(self.history.iter().rev().copied()).collect();
        keys.truncate(window + 1);
        keys.sort_unstable();
        keys.windows(2).any(|pair| pair[0] == pair[1])
    }
}

impl Tablebases {
    /// Ranks `moves`, the legal moves of the root (or those `searchmoves` leaves), by DTZ,
    /// or by WDL when a DTZ table is missing. None when the root is not in the tables (too
    /// many pieces, castling rights) or a probe fails.
    pub fn rank_root_moves(&self, root: RootContext, moves: &[Move]) -> Option<Ranking> {
        let board = root.board;
        let pieces = board.occupied().count_ones() as usize;
        if board.castling() != 0 || pieces > self.max_pieces() || moves.is_empty() {
            return None;
        }
        if let Some(ranks) = self.rank_by_dtz(root, moves) {
            return Some(Ranking { ranks, by_dtz: true });
        }
        self.rank_by_wdl(root, moves).map(|ranks| Ranking { ranks, by_dtz: false })
    }

    fn rank_by_dtz(&self, root: RootContext, moves: &[Move]) -> Option<Vec<i32>> {
        let clock = root.board.halfmove_clock() as i32;
        let repeated = root.has_repeated();
        moves
            .iter()
            .map(|&m| {
                let dtz = self.dtz_after(root, m)?;
                Some(if dtz > 0 {
                    if dtz + clock <= 99 && !repeated {
                        WIN_RANK
                    } else {
                        WIN_RANK - (dtz + clock)
                    }
                } else if dtz < 0 {
                    if -dtz * 2 + clock < 100 {
                        -WIN_RANK
                    } else {
                        -WIN_RANK + (-dtz + clock)
                    }
                } else {
                    0
                })
            })
            .collect()
    }

    /// The DTZ of the root after `m`, counted from the root (the move itself is a ply of it):
    /// 1 for a mate or a winning capture or pawn move, 0 for a move that draws at once.
    fn dtz_after(&self, root: RootContext, m: Move) -> Option<i32> {
        let mut child = *root.board;
        child.make_move(m);
        if child.in_check() && count_legal(&child) == 0 {
            return Some(1);
        }
        if child.halfmove_clock() == 0 {
            return Some(match self.probe_wdl(&child)?.flip() {
                Wdl::Win => 1,
                Wdl::CursedWin => 101,
                Wdl::Draw => 0,
                Wdl::BlessedLoss => -101,
                Wdl::Loss => -1,
            });
        }
        if draws_at_once(root, &child) {
            return Some(0);
        }
        let dtz = -self.probe_dtz(&child)?;
        Some(dtz + dtz.signum())
    }

    fn rank_by_wdl(&self, root: RootContext, moves: &[Move]) -> Option<Vec<i32>> {
        moves
            .iter()
            .map(|&m| {
                let mut child = *root.board;
                child.make_move(m);
                if child.in_check() && count_legal(&child) == 0 {
                    return Some(WIN_RANK);
                }
                if draws_at_once(root, &child) {
                    return Some(0);
                }
                Some(match self.probe_wdl(&child)?.flip() {
                    Wdl::Win => WIN_RANK,
                    Wdl::CursedWin => CURSED_WIN_RANK,
                    Wdl::Draw => 0,
                    Wdl::BlessedLoss => -CURSED_WIN_RANK,
                    Wdl::Loss => -WIN_RANK,
                })
            })
            .collect()
    }
}

/// True when the game is drawn as soon as the root move leading to `child` is played: by the
/// 50-move rule (a mate has been ruled out already), or by a third occurrence of the position.
fn draws_at_once(root: RootContext, child: &Board) -> bool {
    let window = child.halfmove_clock() as usize;
    child.halfmove_clock() >= 100 || root.occurrences(child.key(), window.saturating_sub(1)) >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::movegen::{generate_legal, MoveList};

    fn tables() -> Tablebases {
        Tablebases::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"))
    }

    fn ranks(tables: &Tablebases, fen: &str, history: &[u64]) -> Option<(Vec<(String, i32)>, bool)> {
        let board = Board::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        generate_legal(&board, &mut list);
        let moves: Vec<Move> = list.iter().copied().collect();
        let ranking = tables.rank_root_moves(RootContext { board: &board, history }, &moves)?;
        let named = moves.iter().map(|m| m.to_uci()).zip(ranking.ranks).collect();
        Some((named, ranking.by_dtz))
    }

    fn rank_of(list: &[(String, i32)], text: &str) -> i32 {
        list.iter().find(|(m, _)| m == text).unwrap().1
    }

    #[test]
    fn a_won_position_keeps_its_win() {
        let tables = tables();
        // K+Q v K+R, White to move and winning: most queen moves hang the queen or allow a
        // skewer; the wins rank highest.
        let (list, by_dtz) = ranks(&tables, "8/8/8/3k4/8/3r4/8/3QK3 w - - 0 1", &[]).unwrap();
        assert!(by_dtz);
        assert_eq!(rank_of(&list, "d1d3"), WIN_RANK, "taking the rook wins at once");
        assert!(list.iter().any(|(_, r)| *r < 0), "some moves lose");
    }

    #[test]
    fn the_clock_and_repetitions_change_the_ranks() {
        let tables = tables();
        let fen = "8/8/8/4k3/8/8/8/4K2R w - - 0 1";
        let (fresh, _) = ranks(&tables, fen, &[]).unwrap();
        let best = fresh.iter().map(|(_, r)| *r).max().unwrap();
        assert_eq!(best, WIN_RANK);
        // 90 plies on the clock: no move wins within the rule with room to spare, so the
        // wins rank by their distance (nearest first), and some become cursed.
        let late = "8/8/8/4k3/8/8/8/4K2R w - - 90 100";
        let (list, _) = ranks(&tables, late, &[]).unwrap();
        assert!(list.iter().all(|(_, r)| *r < WIN_RANK), "{list:?}");
        // The root position seen before: every win ranks by distance, so the shortest leads.
        let board = Board::from_fen("8/8/8/4k3/8/8/8/4K2R w - - 4 10").unwrap();
        let history = [board.key(), 1, 2, 3];
        let (list, _) = ranks(&tables, "8/8/8/4k3/8/8/8/4K2R w - - 4 10", &history).unwrap();
        assert!(list.iter().all(|(_, r)| *r < WIN_RANK));
        assert!(list.iter().any(|(_, r)| *r > WIN_RANK - RULE_50_RANKS));
    }

    #[test]
    fn a_drawn_position_is_not_lost() {
        let tables = tables();
        // K+R v K+R, Black to move: only rook blunders lose.
        let (list, _) = ranks(&tables, "8/8/3k4/8/4r3/8/2R5/3K4 b - - 0 1", &[]).unwrap();
        let best = list.iter().map(|(_, r)| *r).max().unwrap();
        assert_eq!(best, 0);
        assert!(list.iter().any(|(_, r)| *r == -WIN_RANK), "e4e1+ hangs the rook");
    }

    #[test]
    fn not_in_the_tables() {
        let tables = tables();
        assert_eq!(ranks(&tables, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", &[]), None, "castling rights");
        assert_eq!(ranks(&tables, "8/8/8/4k3/8/8/3PP3/4K2R w - - 0 1", &[]), None, "five pieces");
    }
}
