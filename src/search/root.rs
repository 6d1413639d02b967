//! The root moves: the moves the search may play, each with what the search has learned about
//! it so far. The root is searched by the same move loop as every other node (see
//! `alphabeta.rs`); at ply 0 that loop takes its moves from this list, in the list's order,
//! and records each move's result here.
//!
//! After each search of the root the list is sorted, best first, with a stable sort. Only the
//! moves whose score is known in this iteration carry one (the first move searched, and each
//! move that raised alpha); the others carry `-INFINITY`, so the sort brings the best move to
//! the front and leaves the rest in the order they had. The next iteration searches them in
//! that order. A move moves up only once its search has finished, so a search stopped in the
//! middle of an iteration still plays the best move it knows. `searchmoves` builds this list;
//! it is where per-move results live for what reads them (`Searcher::root_moves`).
//!
//! When the endgame tables rank the root moves (`tablebase.rs`), the rank comes before the
//! score in every sort: the moves fall into groups of equal rank, best group first, and a
//! line is searched only among the moves of its group ([`RootMoves::group_end`]). Without
//! tables every move has rank 0, one group.

use super::ordering::keys::order_root;
use super::score::INFINITY;
use crate::chess::board::Board;
use crate::chess::movegen::{generate_legal, MoveList};
use crate::chess::types::Move;

/// One move at the root and what the search knows about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its score in the current iteration: exact, or a bound when the root search failed low
    /// or high; `-INFINITY` when the move was searched and did not raise alpha, or not yet
    /// searched in this iteration.
    pub score: i32,
    /// Its score at the end of the previous iteration (`-INFINITY` if it had none).
    pub previous_score: i32,
    /// The principal variation it leads, starting with the move; empty until it has one.
    pub pv: Vec<Move>,
    /// Nodes searched below this move, over all iterations.
    pub nodes: u64,
    /// The endgame tables' rank of the move (higher is better; 0 without tables).
    pub tb_rank: i32,
    /// The score the tables give the move, shown instead of a search score that is not a
    /// mate (when the tables ranked the root).
    pub tb_score: i32,
}

/// The root move list.
#[derive(Clone, Debug, Default)]
pub struct RootMoves {
    moves: Vec<RootMove>,
    /// True when `searchmoves` left out some legal moves.
    restricted: bool,
}

impl RootMoves {
    /// The legal moves of `board`, or only those listed in `searchmoves` when any of them is
    /// legal (an empty or wholly illegal list means every move). Ordered for the first
    /// iteration: the hash move first, then captures and promotions by MVV/LVA, then the rest
    /// in generation order.
    pub fn new(board: &Board, searchmoves: &[Move], hash_move: Move) -> RootMoves {
        let mut legal = MoveList::new();
        generate_legal(board, &mut legal);
        let mut moves: Vec<Move> = legal.iter().copied().collect();
        if moves.iter().any(|m| searchmoves.contains(m)) {
            moves.retain(|m| searchmoves.contains(m));
        }
        let restricted = moves.len() < legal.len();
        order_root(board, &mut moves, hash_move);
        let moves = moves
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INFINITY,
                previous_score: -INFINITY,
                pv: Vec::new(),
                nodes: 0,
                tb_rank: 0,
                tb_score: 0,
            })
            .collect();
        RootMoves { moves, restricted }
    }

    /// True when `searchmoves` left out some legal moves: the root's best score is then the
    /// best of those listed, not the position's.
    pub fn is_restricted(&self) -> bool {
        self.restricted
    }

    /// Number of root moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there is nothing to search (checkmate or stalemate).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move at `index` in search order.
    pub fn get(&self, index: usize) -> Option<&RootMove> {
        self.moves.get(index)
    }

    /// The best move so far (the front of the list). The list must not be empty.
    pub fn best(&self) -> &RootMove {
        &self.moves[0]
    }

    /// Every root move, best first.
    pub fn iter(&self) -> std::slice::Iter<'_, RootMove> {
        self.moves.iter()
    }

    /// Starts an iteration: each move's score becomes its previous score, and no move has a
    /// score in the new iteration until it is searched in it.
    pub fn start_iteration(&mut self) {
        for rm in &mut self.moves {
            rm.previous_score = rm.score;
            rm.score = -INFINITY;
        }
    }

    /// Gives each move its rank and score from the tables (`ranks[i]` and `scores[i]` for the
    /// move at index `i`), and brings the best ranks to the front, keeping the order within a
    /// rank.
    pub fn set_table_ranks(&mut self, ranks: &[i32], scores: &[i32]) {
        for ((rm, &rank), &score) in self.moves.iter_mut().zip(ranks).zip(scores) {
            rm.tb_rank = rank;
            rm.tb_score = score;
        }
        self.moves.sort_by_key(|rm| std::cmp::Reverse(rm.tb_rank));
    }

    /// The end (exclusive) of the group of moves that share the rank of the move at `index`:
    /// a line starting there is searched among these moves only.
    pub fn group_end(&self, index: usize) -> usize {
        let Some(rank) = self.moves.get(index).map(|rm| rm.tb_rank) else { return self.moves.len() };
        index + self.moves[index..].iter().take_while(|rm| rm.tb_rank == rank).count()
    }

    /// Adds the nodes spent below the move at `index`.
    pub fn add_nodes(&mut self, index: usize, nodes: u64) {
        self.moves[index].nodes += nodes;
    }

    /// Records a finished search of the move at `index`. Its score is kept when it is the
    /// first move searched (`first`: a bound when it failed low) or raised alpha, and is
    /// `-INFINITY` otherwise. Its principal variation, the move followed by `pv_tail`, is
    /// replaced only when it raised alpha (or had none): a first move that failed low keeps
    /// the line of its last real score.
    pub fn record(&mut self, index: usize, score: i32, first: bool, raised_alpha: bool, pv_tail: &[Move]) {
        let rm = &mut self.moves[index];
        rm.score = if first || raised_alpha { score } else { -INFINITY };
        if raised_alpha || rm.pv.is_empty() {
            rm.pv.clear();
            rm.pv.push(rm.mv);
            rm.pv.extend_from_slice(pv_tail);
        }
    }

    /// Brings the best move to the front: a stable sort by table rank, then score, then
    /// previous score.
    pub fn sort(&mut self) {
        self.sort_range(0, self.moves.len());
    }

    /// Sorts the moves from index `first` up to (not including) `end` the same way, leaving
    /// the others in place. With MultiPV, line k is searched among the moves from k on (the
    /// better lines' moves are left out), so only those are sorted after its searches, and
    /// the first k + 1 once it is done.
    pub fn sort_range(&mut self, first: usize, end: usize) {
        let end = end.min(self.moves.len());
        if first < end {
            self.moves[first..end].sort_by_key(|rm| std::cmp::Reverse((rm.tb_rank, rm.score, rm.previous_score)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_uci_move;

    fn texts(list: &RootMoves) -> Vec<String> {
        list.iter().map(|rm| rm.mv.to_uci()).collect()
    }

    #[test]
    fn searchmoves_keep_only_the_legal_listed_moves() {
        let board = Board::start();
        let listed = [parse_uci_move(&board, "g1f3").unwrap(), parse_uci_move(&board, "e2e4").unwrap()];
        let list = RootMoves::new(&board, &listed, Move::NONE);
        assert_eq!(texts(&list), ["e2e4", "g1f3"], "generation order, not the order listed");
        // No legal move listed: every move.
        let e7e5 = Move::new(crate::chess::types::square(4, 6), crate::chess::types::square(4, 4), 0);
        assert_eq!(RootMoves::new(&board, &[e7e5], Move::NONE).len(), 20);
        assert_eq!(RootMoves::new(&board, &[], Move::NONE).len(), 20);
    }

    #[test]
    fn hash_move_then_captures_first() {
        let board = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K2R w K - 0 1").unwrap();
        let h1h8 = parse_uci_move(&board, "h1h8").unwrap();
        let list = RootMoves::new(&board, &[], h1h8);
        assert_eq!(&texts(&list)[..2], ["h1h8", "e4d5"]);
    }

    #[test]
    fn sorting_brings_the_best_to_the_front_and_keeps_the_rest_in_order() {
        let board = Board::start();
        let mut list = RootMoves::new(&board, &[], Move::NONE);
        let before = texts(&list);
        list.start_iteration();
        list.record(0, 10, true, true, &[]);
        list.record(1, -5, false, false, &[]);
        list.record(5, 30, false, true, &[]);
        list.add_nodes(5, 70);
        list.sort();
        let after = texts(&list);
        assert_eq!(after[0], before[5]);
        assert_eq!(after[1], before[0]);
        let rest: Vec<&String> = before.iter().enumerate().filter(|&(i, _)| i != 0 && i != 5).map(|(_, t)| t).collect();
        assert_eq!(after[2..].iter().collect::<Vec<_>>(), rest);
        assert_eq!(list.best().score, 30);
        assert_eq!(list.best().nodes, 70);
        assert_eq!(list.best().pv, [list.best().mv]);
    }

    #[test]
    fn sorting_a_range_leaves_the_better_lines_alone() {
        let board = Board::start();
        let mut list = RootMoves::new(&board, &[], Move::NONE);
        let before = texts(&list);
        list.start_iteration();
        list.record(0, 50, true, true, &[]);
        list.record(1, 10, true, true, &[]);
        list.record(3, 30, false, true, &[]);
        list.sort_range(1, list.len());
        let after = texts(&list);
        assert_eq!(after[0], before[0], "line 1 stays");
        assert_eq!((after[1].as_str(), after[2].as_str()), (before[3].as_str(), before[1].as_str()));
        list.sort_range(0, 2);
        assert_eq!(texts(&list)[0], before[0], "50 is still ahead of 30");
        list.sort_range(5, 2); // an empty range is no error
    }

    #[test]
    fn table_ranks_come_before_scores() {
        let board = Board::start();
        let mut list = RootMoves::new(&board, &[], Move::NONE);
        let before = texts(&list);
        let mut ranks = vec![0; list.len()];
        (ranks[3], ranks[7]) = (5, 5);
        ranks[0] = -5;
        list.set_table_ranks(&ranks, &vec![0; list.len()]);
        let after = texts(&list);
        assert_eq!((after[0].as_str(), after[1].as_str()), (before[3].as_str(), before[7].as_str()));
        assert_eq!(after.last(), before.first());
        assert_eq!((list.group_end(0), list.group_end(1), list.group_end(2)), (2, 2, list.len() - 1));
        // The second move of the best group scores more than the first, a lower-ranked move
        // more than both: a sort keeps the groups and orders within them.
        list.start_iteration();
        list.record(0, 10, true, true, &[]);
        list.record(1, 20, false, true, &[]);
        list.record(4, 90, false, true, &[]);
        list.sort();
        assert_eq!(&texts(&list)[..2], [before[7].as_str(), before[3].as_str()]);
    }

    #[test]
    fn a_stopped_iteration_keeps_the_searched_best_in_front() {
        // Iteration 1: the first move scores 20, the second raises alpha to 40.
        let board = Board::start();
        let mut list = RootMoves::new(&board, &[], Move::NONE);
        let (a, b) = (list.get(0).unwrap().mv, list.get(1).unwrap().mv);
        list.start_iteration();
        list.record(0, 20, true, true, &[]);
        list.record(1, 40, false, true, &[]);
        list.sort();
        // Iteration 2: b, now first, fails low to 10, and the search stops before a is
        // searched again. b stays in front: a has no score in this iteration.
        list.start_iteration();
        list.record(0, 10, true, false, &[]);
        list.sort();
        assert_eq!(list.best().mv, b);
        assert_eq!(list.get(1).unwrap().mv, a);
        assert_eq!(list.best().pv, [b], "a fail-low keeps the last real line");
    }
}
