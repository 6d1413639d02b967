//! Square sets: the 64 squares as the bits of a `u64` (bit `rank * 8 + file`, a1 = bit 0),
//! and the attack sets of each piece built from them.
//!
//! Moves are walked out on the 0x88 mailbox, micro-Max's way. The evaluation asks different
//! questions: "how many squares does this rook reach?", "does anything bear on the squares
//! around the king?", "is any enemy pawn ahead on these three files?". Those are questions
//! about whole sets of squares, and a set answers them with a few ANDs and a population count
//! where the mailbox would walk every ray square by square. So the board keeps one set per
//! piece alongside its mailbox, and this module turns a piece and the occupied squares into
//! the set of squares it attacks. The move generator uses the sets in two places only: to ask
//! whether a square is attacked, and in quiescence to jump straight to the first piece on a
//! slider's ray.
//!
//! ## Sliding attacks
//! A slider's attacks along one direction are the ray from its square, cut at the first
//! piece on it: take the ray, find the nearest occupied square on it (the lowest set bit for
//! directions that increase the index, the highest for those that decrease it), and remove
//! the ray that continues beyond that blocker. The blocker itself stays in the set: it can be
//! captured, or it is defended. The generator asks for that nearest piece by direction
//! ([`nearest_blocker`]); the whole attack sets of bishops and rooks are worked out a line at
//! a time with a little arithmetic instead (see `line_attacks`), which gives the same sets
//! with fewer steps, as the tests check on random boards.

use super::types::Colour;

/// A set of squares, bit `rank * 8 + file`.
pub type SquareSet = u64;

/// The dark squares (a1, c1, ... b2, ..., h8), for the colour a bishop moves on.
pub const DARK_SQUARES: SquareSet = 0xAA55_AA55_AA55_AA55;
/// The a-file; shift left by `f` for file `f`.
pub const FILE_A: SquareSet = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: SquareSet = FILE_A << 7;

/// The eight ray directions as (file step, rank step). The first four increase the square
/// index, the rest decrease it: the nearest blocker is the lowest set bit on the first kind of
/// ray and the highest on the second (see [`nearest_blocker`]).
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (1, 1),   // north-east
    (-1, 1),  // north-west
    (0, -1),  // south
    (-1, 0),  // west
    (-1, -1), // south-west
    (1, -1),  // south-east
];
/// The first direction in [`DIRECTIONS`] that decreases the square index.
const FIRST_DECREASING: usize = 4;
const _: () = {
    let mut d = 0;
    while d < 8 {
        let index_step = DIRECTIONS[d].1 * 8 + DIRECTIONS[d].0;
        assert!((index_step > 0) == (d < FIRST_DECREASING));
        d += 1;
    }
};

/// The knight's jumps and the king's steps as (file step, rank step).
const KNIGHT_JUMPS: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] = DIRECTIONS;

/// The squares reached from `sq` by repeating `(df, dr)`, at most `reach` times.
const fn walk(sq: usize, (df, dr): (i32, i32), reach: i32) -> SquareSet {
    let mut set = 0;
    let (mut f, mut r) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut n = 0;
    while n < reach {
        f += df;
        r += dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            break;
        }
        set |= 1 << (r * 8 + f);
        n += 1;
    }
    set
}

/// `RAYS[direction][sq]`: the squares from `sq` (exclusive) to the board's edge.
static RAYS: [[SquareSet; 64]; 8] = {
    let mut rays = [[0; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            rays[d][sq] = walk(sq, DIRECTIONS[d], 7);
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The squares one fixed step away, for each square.
const fn leaper_table(steps: [(i32, i32); 8]) -> [SquareSet; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            table[sq] |= walk(sq, steps[i], 1);
            i += 1;
        }
        sq += 1;
    }
    table
}

/// `KNIGHT_ATTACKS[sq]`: the squares a knight on `sq` attacks.
static KNIGHT_ATTACKS: [SquareSet; 64] = leaper_table(KNIGHT_JUMPS);
/// `KING_ATTACKS[sq]`: the squares a king on `sq` attacks.
static KING_ATTACKS: [SquareSet; 64] = leaper_table(KING_STEPS);

/// The index into the ray tables of the direction `(file_step, rank_step)`, each -1, 0 or 1.
/// For building tables at compile time.
///
/// # Panics
/// Unless the steps name one of the eight directions (a build error in a constant).
pub(crate) const fn direction_of(file_step: i32, rank_step: i32) -> usize {
    let mut d = 0;
    while d < 8 {
        if DIRECTIONS[d].0 == file_step && DIRECTIONS[d].1 == rank_step {
            return d;
        }
        d += 1;
    }
    panic!("not a ray direction")
}

/// The first occupied square from `sq` along a direction (see [`direction_of`]), if any.
#[inline(always)]
pub fn nearest_blocker(direction: usize, sq: usize, occupied: SquareSet) -> Option<usize> {
    let blockers = RAYS[direction][sq] & occupied;
    if blockers == 0 {
        return None;
    }
    let nearest = if direction < FIRST_DECREASING { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    Some(nearest as usize)
}

/// The squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: usize) -> SquareSet {
    KNIGHT_ATTACKS[sq]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: usize) -> SquareSet {
    KING_ATTACKS[sq]
}

/// `LINES[sq]`: the file, the diagonal and the anti-diagonal through `sq`, without `sq`.
static LINES: [[SquareSet; 3]; 64] = {
    let mut lines = [[0; 3]; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = walk(sq, (0, 1), 7) | walk(sq, (0, -1), 7);
        let diagonal = walk(sq, (1, 1), 7) | walk(sq, (-1, -1), 7);
        let anti_diagonal = walk(sq, (-1, 1), 7) | walk(sq, (1, -1), 7);
        lines[sq] = [file, diagonal, anti_diagonal];
        sq += 1;
    }
    lines
};

/// The squares a slider on `sq` attacks along one line (a file or a diagonal, given as
/// the line's squares without `sq`), by *hyperbola quintessence*: subtracting the slider's
/// bit from the line's occupied squares borrows through the empty squares above it up to
/// the first blocker, so the changed bits are the attacks upwards; the same sum on the board
/// flipped top to bottom (a byte swap, which keeps such a line a line) gives the attacks
/// downwards. Four arithmetic steps instead of a walk; ranks need the table below instead,
/// as a byte swap does not flip a rank.
#[inline(always)]
fn line_attacks(sq: usize, line: SquareSet, occupied: SquareSet) -> SquareSet {
    let slider: SquareSet = 1 << sq;
    let up = occupied & line;
    let down = up.swap_bytes();
    let up = up.wrapping_sub(slider);
    let down = down.wrapping_sub(slider.swap_bytes());
    (up ^ down.swap_bytes()) & line
}

/// `RANK_ATTACKS[inner][file]`: the squares a slider on `file` attacks along its rank, as a
/// byte, when `inner` holds which of the six inner squares (files b to g) are occupied.
/// The edge squares never block anything beyond them, so they need no bit.
static RANK_ATTACKS: [[u8; 8]; 64] = {
    let mut table = [[0; 8]; 64];
    let mut inner = 0;
    while inner < 64 {
        let occupied = inner << 1;
        let mut file = 0;
        while file < 8 {
            let mut attacks = 0u8;
            let mut f = file + 1;
            while f < 8 {
                attacks |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file;
            while f > 0 {
                f -= 1;
                attacks |= 1 << f;
                if occupied & (1 << f) != 0 {
                    break;
                }
            }
            table[inner][file] = attacks;
            file += 1;
        }
        inner += 1;
    }
    table
};

/// The squares a slider on `sq` attacks along its rank.
#[inline(always)]
fn rank_attacks(sq: usize, occupied: SquareSet) -> SquareSet {
    let rank_shift = sq & 56;
    let inner = (occupied >> (rank_shift + 1)) & 63;
    (RANK_ATTACKS[inner as usize][sq & 7] as SquareSet) << rank_shift
}

/// The squares a bishop on `sq` would attack on an empty board: its two diagonals.
#[inline(always)]
pub fn bishop_lines(sq: usize) -> SquareSet {
    LINES[sq][1] | LINES[sq][2]
}

/// The squares a rook on `sq` would attack on an empty board: its file and rank.
#[inline(always)]
pub fn rook_lines(sq: usize) -> SquareSet {
    LINES[sq][0] | (0xFF << (sq & 56)) ^ 1 << sq
}

/// The squares a bishop on `sq` attacks when `occupied` holds the pieces.
#[inline(always)]
pub fn bishop_attacks(sq: usize, occupied: SquareSet) -> SquareSet {
    let [_, diagonal, anti_diagonal] = LINES[sq];
    line_attacks(sq, diagonal, occupied) | line_attacks(sq, anti_diagonal, occupied)
}

/// The squares a rook on `sq` attacks when `occupied` holds the pieces.
#[inline(always)]
pub fn rook_attacks(sq: usize, occupied: SquareSet) -> SquareSet {
    line_attacks(sq, LINES[sq][0], occupied) | rank_attacks(sq, occupied)
}

/// The squares a queen on `sq` attacks when `occupied` holds the pieces.
#[inline(always)]
pub fn queen_attacks(sq: usize, occupied: SquareSet) -> SquareSet {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// The squares attacked by a set of pawns of one colour (White's capture upwards).
#[inline(always)]
pub fn pawn_attacks(pawns: SquareSet, colour: Colour) -> SquareSet {
    match colour {
        Colour::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Colour::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

/// The squares attacked by two pawns of one colour at once, one from each side.
#[inline(always)]
pub fn pawn_double_attacks(pawns: SquareSet, colour: Colour) -> SquareSet {
    match colour {
        Colour::White => ((pawns & !FILE_A) << 7) & ((pawns & !FILE_H) << 9),
        Colour::Black => ((pawns & !FILE_A) >> 9) & ((pawns & !FILE_H) >> 7),
    }
}

/// Iterates over the squares (0..64) of a set, lowest first.
#[inline(always)]
pub fn squares(mut set: SquareSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let sq = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(sq)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::rng::Rng;

    /// Indices into [`DIRECTIONS`] of the rook's and the bishop's rays.
    const ROOK_DIRECTIONS: [usize; 4] = [0, 1, 4, 5];
    const BISHOP_DIRECTIONS: [usize; 4] = [2, 3, 6, 7];

    /// The slider attacks, one ray at a time up to the first blocker (the first version).
    fn ray_walk(sq: usize, occupied: SquareSet, directions: &[usize]) -> SquareSet {
        let ray_attacks = |d: usize| match nearest_blocker(d, sq, occupied) {
            Some(nearest) => RAYS[d][sq] ^ RAYS[d][nearest],
            None => RAYS[d][sq],
        };
        directions.iter().fold(0, |set, &d| set | ray_attacks(d))
    }

    #[test]
    fn slider_attacks_match_the_ray_walk_on_random_boards() {
        let mut rng = Rng::new(0xB0A2_D5EE);
        for _ in 0..2000 {
            // Boards from about an eighth to three quarters full: AND or OR random words.
            let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
            let occupied = match c % 3 {
                0 => a & b & c,
                1 => a & b,
                _ => a | b,
            };
            for sq in 0..64 {
                assert_eq!(
                    bishop_attacks(sq, occupied),
                    ray_walk(sq, occupied, &BISHOP_DIRECTIONS),
                    "{occupied:x} {sq}"
                );
                assert_eq!(rook_attacks(sq, occupied), ray_walk(sq, occupied, &ROOK_DIRECTIONS), "{occupied:x} {sq}");
                assert_eq!(bishop_lines(sq), bishop_attacks(sq, 0));
                assert_eq!(rook_lines(sq), rook_attacks(sq, 0));
            }
        }
    }

    #[test]
    fn pawn_attacks_do_not_wrap_around_the_edges() {
        // White pawns on a2 and h2 attack b3 and g3; black pawns on a7 and h7 attack b6 and g6.
        let a2_h2 = 1 << 8 | 1 << 15;
        assert_eq!(pawn_attacks(a2_h2, Colour::White), 1 << 17 | 1 << 22);
        let a7_h7 = 1 << 48 | 1 << 55;
        assert_eq!(pawn_attacks(a7_h7, Colour::Black), 1 << 41 | 1 << 46);
    }

    #[test]
    fn squares_iterates_lowest_first() {
        assert_eq!(squares(1 << 60 | 1 << 3).collect::<Vec<_>>(), vec![3, 60]);
        assert_eq!(squares(0).count(), 0);
    }
}
