//! Pawn-structure terms: doubled, isolated, backward, connected (defended, in a phalanx), weak
//! unopposed, weak levers (attacked by two pawns, defended by none) and passed pawns and
//! candidate passers, how near each king stands to an advanced passer's path and to its own
//! nearest pawn, from White's point of view.
//! The board keeps each side's pawns as a 64-bit set, so each question below is one AND with
//! a mask built at compile time.

use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{pawn_attacks, FILE_A};
use crate::chess::types::*;
use crate::chess::values::Pair;

/// `AHEAD[colour][sq64]`: the squares in front of a pawn on its own file.
/// `SPAN[colour][sq64]`: the squares in front of it on its own and the neighbouring files
/// (an enemy pawn there can stop or capture it).
static AHEAD: [[u64; 64]; 2] = build_masks().0;
static SPAN: [[u64; 64]; 2] = build_masks().1;
/// Whether a pawn of `colour` on the 0..64 square `sq` is passed: no enemy pawn in front of
/// it on its own or a neighbouring file.
#[inline(always)]
pub(super) fn is_passed(colour: Colour, sq: usize, enemy_pawns: u64) -> bool {
    enemy_pawns & SPAN[colour.index()][sq] == 0
}

/// The squares in front of a square on its own file, seen from `colour`'s side.
#[inline(always)]
pub(super) fn ahead(colour: Colour, sq: usize) -> u64 {
    AHEAD[colour.index()][sq]
}

/// The squares in front of a square on the two neighbouring files only: where the enemy
/// pawns that could one day attack a piece on `sq` stand.
#[inline(always)]
pub(super) fn attack_span(colour: Colour, sq: usize) -> u64 {
    SPAN[colour.index()][sq] & !AHEAD[colour.index()][sq]
}

/// A rank counted from `colour`'s own side: 0 is its first rank.
#[inline(always)]
pub(super) fn relative_rank(colour: Colour, sq: usize) -> usize {
    if colour == Colour::White {
        sq / 8
    } else {
        7 - sq / 8
    }
}

/// `NEIGHBOURS[file]`: the files on either side.
static NEIGHBOURS: [u64; 8] = {
    let mut m = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            m[f] |= FILE_A << (f - 1);
        }
        if f < 7 {
            m[f] |= FILE_A << (f + 1);
        }
        f += 1;
    }
    m
};

const fn build_masks() -> ([[u64; 64]; 2], [[u64; 64]; 2]) {
    let mut ahead = [[0u64; 64]; 2];
    let mut span = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let mut r = 0;
        while r < 8 {
            let mut df = 0;
            while df < 3 {
                let f = file as i32 + df - 1;
                if f >= 0 && f < 8 {
                    let bit = 1u64 << (r * 8 + f as usize);
                    if r > rank {
                        span[0][sq] |= bit;
                        if f as usize == file {
                            ahead[0][sq] |= bit;
                        }
                    }
                    if r < rank {
                        span[1][sq] |= bit;
                        if f as usize == file {
                            ahead[1][sq] |= bit;
                        }
                    }
                }
                df += 1;
            }
            r += 1;
        }
        sq += 1;
    }
    (ahead, span)
}

/// King steps from `king` (0x88) to the 0..64 square `sq`, capped at [`FAR`]: beyond that,
/// a king is out of the race whatever the exact count.
fn king_steps(king: Square, sq: usize) -> i32 {
    distance(king, from_64(sq)).min(FAR)
}

/// See [`king_steps`].
const FAR: i32 = 5;

/// The squares of the ranks behind `sq`'s rank and on it, seen from `colour`'s side.
#[inline(always)]
fn at_or_behind(colour: Colour, sq: usize) -> u64 {
    let rank = sq / 8;
    match colour {
        Colour::White => u64::MAX >> (8 * (7 - rank)),
        Colour::Black => u64::MAX << (8 * rank),
    }
}

/// The pawn terms, White's point of view: (structure, passed). The structure holds doubled,
/// isolated, backward, connected, defended, phalanx, weak unopposed pawns, weak levers and
/// candidate passers, and each king's distance to its nearest pawn; the passed term holds each
/// passer by its rank and its distance from the edge, and the kings' distances to its stop
/// square, weighted by how far it has come.
///
/// A pawn is *connected* when an own pawn defends it or stands beside it (it can advance
/// with support), scored by its rank; it is *backward* when it has neighbours but none level
/// with it or behind it to support its advance, and an enemy pawn guards the square in
/// front of it.
pub fn pawn_terms(board: &Board, w: &Weights) -> (Pair, Pair) {
    let mut structure = (0, 0);
    let mut passed = (0, 0);
    for (colour, sign) in [(Colour::White, 1), (Colour::Black, -1)] {
        let own = board.pawn_set(colour);
        let enemy = board.pawn_set(colour.flip());
        let enemy_guards = pawn_attacks(enemy, colour.flip());
        let c = colour.index();
        let king = board.king(colour);
        let mut nearest = i32::MAX;
        let mut rest = own;
        let mut add = |(mg, eg): Pair, n: i32| {
            structure = (structure.0 + sign * mg * n, structure.1 + sign * eg * n);
        };
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let file = sq % 8;
            let own_rank = relative_rank(colour, sq);
            nearest = nearest.min(distance(king, from_64(sq)));
            if own & AHEAD[c][sq] != 0 {
                add(w.doubled_pawn, 1);
            }
            let unopposed = enemy & AHEAD[c][sq] == 0;
            let neighbours = own & NEIGHBOURS[file];
            let mut weak = neighbours == 0;
            if weak {
                add(w.isolated_pawn, 1);
            } else {
                let rank = 0xFFu64 << (sq & 56);
                let defenders = pawn_attacks(1 << sq, colour.flip()) & own;
                let phalanx = neighbours & rank != 0;
                if defenders != 0 || phalanx {
                    add(w.connected_pawn[own_rank], 1);
                }
                add(w.defended_pawn, defenders.count_ones() as i32);
                if phalanx {
                    add(w.phalanx_pawn[own_rank], 1);
                }
                let stop = if colour == Colour::White { sq + 8 } else { sq - 8 };
                if neighbours & at_or_behind(colour, sq) == 0 && enemy_guards & 1 << stop != 0 {
                    add(w.backward_pawn, 1);
                    weak = true;
                }
            }
            if weak && unopposed {
                add(w.weak_unopposed, 1);
            }
            let levers = pawn_attacks(1 << sq, colour) & enemy;
            if levers.count_ones() == 2 && pawn_attacks(1 << sq, colour.flip()) & own == 0 {
                add(w.weak_lever, 1);
            }
            if is_passed(colour, sq, enemy) {
                let (mg, eg) = w.passed_pawn[own_rank];
                let edge = file.min(7 - file) as i32;
                passed.0 += sign * (mg + edge * w.passed_file.0);
                passed.1 += sign * (eg + edge * w.passed_file.1);
                let advance = own_rank as i32 - 2;
                if advance > 0 {
                    let stop = if colour == Colour::White { sq + 8 } else { sq - 8 };
                    let own = advance * king_steps(king, stop);
                    let enemy = advance * king_steps(board.king(colour.flip()), stop);
                    let (o, e) = (w.passed_own_king, w.passed_enemy_king);
                    passed.0 += sign * (own * o.0 + enemy * e.0);
                    passed.1 += sign * (own * o.1 + enemy * e.1);
                }
            } else if unopposed {
                // A candidate: its helpers beside or behind it outnumber or match the enemy
                // pawns (the sentries) that stand in its way on the neighbouring files.
                let helpers = neighbours & at_or_behind(colour, sq);
                let sentries = enemy & attack_span(colour, sq);
                if helpers.count_ones() >= sentries.count_ones() {
                    add(w.candidate_passer[own_rank], 1);
                }
            }
        }
        if nearest != i32::MAX {
            add(w.king_pawn_distance, nearest);
        }
    }
    (structure, passed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::values::add;
    use crate::eval::weights::WEIGHTS as W;

    /// The engine's weights without the terms that count a pawn again for what the older
    /// terms already see (defended, phalanx, weak unopposed, candidate) and the king's
    /// distance to its pawns: for the older terms' tests.
    fn classic() -> Weights {
        Weights {
            defended_pawn: (0, 0),
            phalanx_pawn: [(0, 0); 8],
            weak_unopposed: (0, 0),
            candidate_passer: [(0, 0); 8],
            king_pawn_distance: (0, 0),
            weak_lever: (0, 0),
            passed_file: (0, 0),
            ..W
        }
    }

    #[test]
    fn a_passer_counts_its_distance_from_the_edge() {
        let mut w = Weights::zero();
        w.passed_file = (1, 2);
        // Passed pawns on b5 (one file from the edge) and e4 (three), Black's on h6 (none).
        let board = Board::from_fen("4k3/8/7p/1P6/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(pawn_terms(&board, &w).1, (4, 8));
    }

    #[test]
    fn a_pawn_attacked_by_two_and_defended_by_none_is_a_weak_lever() {
        let mut w = Weights::zero();
        w.weak_lever = (1, 2);
        // White's d4 pawn is attacked by c5 and e5; each black pawn by d4 alone.
        let board = Board::from_fen("4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(pawn_terms(&board, &w).0, (1, 2));
        // With c3 defending it, d4 holds.
        let board = Board::from_fen("4k3/8/8/2p1p3/3P4/2P5/8/4K3 w - - 0 1").unwrap();
        assert_eq!(pawn_terms(&board, &w).0, (0, 0));
    }

    /// Weights that count only the newer pawn terms, each on its own decimal places of the
    /// middlegame half so that one sum shows every count (for positions with few of each): a
    /// defender 1, a weak unopposed pawn 100, a phalanx pawn 1,000 times its rank index, a
    /// candidate 10,000 times its rank index; the king's distance to its pawns is the endgame
    /// half.
    fn newer() -> Weights {
        let mut w = Weights::zero();
        w.defended_pawn = (1, 0);
        w.weak_unopposed = (100, 0);
        w.king_pawn_distance = (0, 1);
        for r in 0..8 {
            w.phalanx_pawn[r] = (1000 * r as i32, 0);
            w.candidate_passer[r] = (10_000 * r as i32, 0);
        }
        w
    }

    #[test]
    fn defended_phalanx_weak_unopposed_and_candidate_pawns() {
        let board = Board::from_fen("4k3/7p/1p6/2p5/3PP3/5P2/P7/4K3 w - - 0 1").unwrap();
        let (structure, _) = pawn_terms(&board, &newer());
        // White: d4 and e4 stand side by side on the fourth rank (rank index 3), a phalanx
        // counted for each; f3 defends e4. a2 is isolated with no black pawn in front of it on
        // the a-file: weak and unopposed. d4 is not passed (c5 guards its path) but nothing
        // stands in front of it on the d-file, and its helper e4 matches the one sentry c5:
        // a candidate. e4 and f3 are passed. The king on e1 is two steps from f3.
        let white = (2 * 3000 + 1 + 100 + 30_000, 2);
        // Black: b6 defends c5, which is a candidate in the same way (helper b6, sentry d4, on
        // Black's fifth rank, index 3); h7 is isolated and unopposed (and passed). b6 is not a
        // candidate: no helper beside or behind it, and a2 is a sentry. The king on e8 is three
        // steps from its nearest pawns.
        let black = (1 + 30_000 + 100, 3);
        assert_eq!(structure, (white.0 - black.0, white.1 - black.1));
    }

    #[test]
    fn backward_and_connected_pawns() {
        // White's d3 pawn has its neighbours c4 and e4 ahead of it, and Black's c5 pawn guards
        // its stop square d4, so it is backward. Black's c5 pawn is defended by b6.
        let board = Board::from_fen("4k3/8/1p6/2p5/2P1P3/3P4/8/4K3 w - - 0 1").unwrap();
        let (structure, _) = pawn_terms(&board, &classic());
        // d3 defends c4 and e4: both connected, on White's fourth rank.
        let white = add(W.backward_pawn, add(W.connected_pawn[3], W.connected_pawn[3]));
        // c5 is connected on Black's fourth rank; b6 is not isolated (c5 is beside it) and its
        // stop square b5 is guarded by White's c4, with no black pawn level or behind: backward.
        let black = add(W.connected_pawn[3], W.backward_pawn);
        assert_eq!(structure, (white.0 - black.0, white.1 - black.1));
    }

    #[test]
    fn passed_doubled_and_isolated_pawns() {
        // White's d5 pawn is passed; its a2 pawn is not (a7 is ahead), and both are isolated.
        let board = Board::from_fen("4k3/p7/8/3P4/8/8/P7/4K3 w - - 0 1").unwrap();
        let (structure, passed) = pawn_terms(&board, &classic());
        // d5 is two ranks past the third; its stop square d6 is 5 steps from e1, 2 from e8.
        let (o, e) = (W.passed_own_king, W.passed_enemy_king);
        let expected = (W.passed_pawn[4].0 + 2 * (5 * o.0 + 2 * e.0), W.passed_pawn[4].1 + 2 * (5 * o.1 + 2 * e.1));
        assert_eq!(passed, expected);
        // Two isolated white pawns, one isolated black pawn.
        assert_eq!(structure, (W.isolated_pawn.0, W.isolated_pawn.1));
        // Doubled: the rear pawn of a doubled pair is penalised once; b2 defends c3, which is
        // connected (on White's third rank); c4 is neither defended nor beside a pawn.
        let board = Board::from_fen("4k3/8/8/8/2P5/2P5/1P6/4K3 w - - 0 1").unwrap();
        let (structure, _) = pawn_terms(&board, &classic());
        assert_eq!(structure, add(W.doubled_pawn, W.connected_pawn[2]));
        // Black's passed pawn on e2 counts from Black's side (its 7th rank); its stop square
        // e1 is 7 steps from its own king on e8, counted as 5, and 4 from White's on a1.
        let board = Board::from_fen("4k3/8/8/8/8/8/4p3/K7 w - - 0 1").unwrap();
        let far = 4 * (5 * o.0 + 4 * e.0);
        let far_eg = 4 * (5 * o.1 + 4 * e.1);
        assert_eq!(pawn_terms(&board, &classic()).1, (-(W.passed_pawn[6].0 + far), -(W.passed_pawn[6].1 + far_eg)));
    }
}
