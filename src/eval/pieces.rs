//! Piece terms computed at evaluation time: bishop pair, bishops hemmed in by their own pawns,
//! outposts, minor pieces shielded by a pawn and kept near their king, rooks on open files,
//! on the seventh rank and behind their passed pawns, and the scaling of endgames that cannot
//! be won. White's point of view. (The king's pawn shelter is in `shelter`.)

use super::pawns::{ahead, attack_span, is_passed, relative_rank};
use super::weights::Weights;
use crate::chess::board::Board;
use crate::chess::squareset::{pawn_attacks, squares, SquareSet, DARK_SQUARES, FILE_A};
use crate::chess::types::*;
use crate::chess::values::{Pair, MATERIAL};

/// Without pawns, a lead in pieces below this (rook against minor, rook and minor against
/// rook) rarely wins; a queen against a rook (470) still does.
const DRAWISH_MARGIN: i32 = 400;

/// What the piece pass learns about one side.
#[derive(Default, Clone, Copy)]
pub struct SideMaterial {
    /// Number of pieces per kind.
    pub count: [i32; 7],
    /// Non-pawn material in middlegame centipawns.
    pub pieces_value: i32,
    /// The square colours of the side's bishops: 1 for dark, 2 for light.
    pub bishop_colours: u8,
}

/// The piece terms (White's view) and each side's material summary.
pub fn piece_terms(board: &Board, w: &Weights) -> (Pair, [SideMaterial; 2]) {
    let all_pawns = board.pawn_set(Colour::White) | board.pawn_set(Colour::Black);
    let (white, white_material) = side_terms(board, Colour::White, all_pawns, w);
    let (black, black_material) = side_terms(board, Colour::Black, all_pawns, w);
    ((white.0 - black.0, white.1 - black.1), [white_material, black_material])
}

/// One side's piece terms, from its own point of view, and its material summary.
#[inline(always)]
fn side_terms(board: &Board, colour: Colour, all_pawns: SquareSet, w: &Weights) -> (Pair, SideMaterial) {
    let (mut mg, mut eg) = (0, 0);
    let mut add = |(term_mg, term_eg): Pair, n: i32| {
        mg += term_mg * n;
        eg += term_eg * n;
    };
    let mut material = SideMaterial::default();
    let own_pawns = board.pawn_set(colour);
    let enemy_pawns = board.pawn_set(colour.flip());
    let guarded = pawn_attacks(own_pawns, colour);
    // A square on the enemy's half, defended by a pawn, that no enemy pawn can attack.
    let outpost = |sq: usize| {
        (3..=5).contains(&relative_rank(colour, sq))
            && guarded & 1 << sq != 0
            && enemy_pawns & attack_span(colour, sq) == 0
    };
    let (knights, bishops) = (board.piece_set(colour, KNIGHT), board.piece_set(colour, BISHOP));
    let minors = knights | bishops;
    let in_front = match colour {
        Colour::White => minors << 8,
        Colour::Black => minors >> 8,
    };
    add(w.minor_behind_pawn, (in_front & all_pawns).count_ones() as i32);
    let king = board.king(colour);
    for sq in squares(minors) {
        add(w.minor_king_distance, distance(from_64(sq), king));
    }
    for sq in squares(knights & OUTPOST_RANKS[colour.index()]) {
        if outpost(sq) {
            add(w.knight_outpost, 1);
        }
    }
    for sq in squares(bishops) {
        if outpost(sq) {
            add(w.bishop_outpost, 1);
        }
        let dark = DARK_SQUARES & 1 << sq != 0;
        let same_colour = if dark { DARK_SQUARES } else { !DARK_SQUARES };
        add(w.bishop_pawns, (own_pawns & same_colour).count_ones() as i32);
        material.bishop_colours |= if dark { 1 } else { 2 };
    }
    material.count[KING as usize] = 1; // a board always has one king per side (FEN checks it)
    for kind in PAWN..=QUEEN {
        let count = board.piece_set(colour, kind).count_ones() as i32;
        material.count[kind as usize] = count;
        add(w.material[kind as usize], count);
        if kind != PAWN {
            material.pieces_value += MATERIAL[kind as usize].0 * count;
        }
    }
    let enemy_king_rank = relative_rank(colour, to_64(board.king(colour.flip())));
    for sq in squares(board.piece_set(colour, ROOK)) {
        let file = FILE_A << (sq % 8);
        let bonus = if all_pawns & file == 0 {
            w.rook_open_file
        } else if own_pawns & file == 0 {
            w.rook_half_open_file
        } else {
            (0, 0)
        };
        add(bonus, 1);
        let passers = squares(own_pawns & ahead(colour, sq)).filter(|&p| is_passed(colour, p, enemy_pawns));
        add(w.rook_behind_passer, passers.count() as i32);
        let rank = 0xFFu64 << (sq & 56);
        if relative_rank(colour, sq) == 6 && (enemy_king_rank == 7 || enemy_pawns & rank != 0) {
            add(w.rook_seventh, 1);
        }
    }
    if material.count[BISHOP as usize] >= 2 {
        add(w.bishop_pair, 1);
    }
    ((mg, eg), material)
}

/// The endgame scale of the side ahead with pawns, without bishops of opposite colours:
/// [`FEW_PAWNS_SCALE`] plus [`PER_PAWN_SCALE`] per pawn, full (64) from four pawns on.
const FEW_PAWNS_SCALE: i32 = 36;
const PER_PAWN_SCALE: i32 = 7;
/// The endgame scale when one side alone has a queen (against, say, a rook and a minor
/// piece), without a lead of a rook's worth of pieces: [`LONE_QUEEN_SCALE`] plus
/// [`PER_MINOR_SCALE`] per knight or bishop of the side without it, whose pieces can build a
/// fortress or win the queen's pawns; the queen's side cannot trade into a simple ending.
const LONE_QUEEN_SCALE: i32 = 37;
const PER_MINOR_SCALE: i32 = 3;

/// The ranks where a side's outposts lie (its fourth to sixth), by colour.
const OUTPOST_RANKS: [SquareSet; 2] = [0xFF_FFFF << 24, 0xFF_FFFF << 16];

/// How much of the endgame score to keep (out of 64) when the side ahead may not force a win, the
/// side ahead being the one the endgame half of the score favours: with no pawns, being up less
/// than a rook in pieces (say a rook against a bishop) is usually a draw, and two knights cannot
/// force mate. With pawns, bishops of opposite colours and no other pieces hold many a pawn-down
/// ending: half the score is kept. A side ahead by a rook's worth of pieces or more keeps it all
/// (that wins without pawns, so losing them must not raise the scale). Below that, with one queen
/// on the board, the imbalance keeps [`LONE_QUEEN_SCALE`] and a little more; otherwise each pawn
/// it has left, up to four, is a way to win: with fewer, the defender can more often give up a
/// piece for the last of them or build a fortress, so a part of the score goes.
pub fn endgame_scale(white_endgame: i32, material: &[SideMaterial; 2]) -> i32 {
    let (strong, weak) = if white_endgame >= 0 { (0, 1) } else { (1, 0) };
    let (s, w) = (&material[strong], &material[weak]);
    if s.count[PAWN as usize] > 0 {
        let lone_bishop =
            |m: &SideMaterial| m.pieces_value == MATERIAL[BISHOP as usize].0 && m.count[BISHOP as usize] == 1;
        let opposite = lone_bishop(s) && lone_bishop(w) && s.bishop_colours != w.bishop_colours;
        if opposite {
            return 32;
        }
        if s.pieces_value - w.pieces_value >= DRAWISH_MARGIN {
            return 64;
        }
        if s.count[QUEEN as usize] + w.count[QUEEN as usize] == 1 {
            let queenless = if s.count[QUEEN as usize] == 1 { w } else { s };
            let minors = queenless.count[KNIGHT as usize] + queenless.count[BISHOP as usize];
            return LONE_QUEEN_SCALE + PER_MINOR_SCALE * minors;
        }
        return (FEW_PAWNS_SCALE + PER_PAWN_SCALE * s.count[PAWN as usize]).min(64);
    }
    let knights_only = s.pieces_value == s.count[KNIGHT as usize] * MATERIAL[KNIGHT as usize].0;
    if knights_only && s.count[KNIGHT as usize] <= 2 {
        return 4;
    }
    if s.pieces_value - w.pieces_value < DRAWISH_MARGIN {
        return 16;
    }
    64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights::WEIGHTS as W;

    #[test]
    fn open_files_and_pair() {
        // White: rook on the open d-file, bishop pair.
        let board = Board::from_fen("6k1/5p1p/8/8/8/8/5PPP/2BR1BK1 w - - 0 1").unwrap();
        let (terms, material) = piece_terms(&board, &W);
        assert_eq!(material[0].count[BISHOP as usize], 2);
        // White is a pawn, two bishops and a rook up: the material corrections count too.
        // Its dark-squared bishop on c1 shares its colour with the f2 and h2 pawns, the
        // light-squared one on f1 with g2.
        // The bishops stand 4 and 1 king steps from their king, the one on f1 behind the f2
        // pawn.
        let material_mg = W.material[PAWN as usize].0 + 2 * W.material[BISHOP as usize].0 + W.material[ROOK as usize].0;
        let minors = 5 * W.minor_king_distance.0 + W.minor_behind_pawn.0;
        assert_eq!(terms.0, material_mg + W.rook_open_file.0 + W.bishop_pair.0 + 3 * W.bishop_pawns.0 + minors);
    }

    #[test]
    fn outposts_and_the_seventh_rank() {
        // White's knight on d5 is defended by the e4 pawn and no black pawn can chase it (the
        // c- and e-files hold none ahead of it); the one on f5 could be met by ...g6. The rook
        // on b7 stands on the seventh with Black's king on the eighth. Both rooks are on the
        // open b-file; White is two knights up, each 4 king steps from its king.
        let board = Board::from_fen("1r4k1/1R4p1/8/3N1N2/4P3/8/8/6K1 w - - 0 1").unwrap();
        let (terms, _) = piece_terms(&board, &W);
        let rest = W.material[KNIGHT as usize].0 * 2 + 8 * W.minor_king_distance.0;
        assert_eq!(terms.0, rest + W.knight_outpost.0 + W.rook_seventh.0);
        // The same knight on d5 without the e4 pawn is no outpost.
        let board = Board::from_fen("1r4k1/1R4p1/8/3N1N2/8/8/4P3/6K1 w - - 0 1").unwrap();
        assert_eq!(piece_terms(&board, &W).0 .0, rest + W.rook_seventh.0);
    }

    #[test]
    fn drawish_endgames_are_scaled() {
        let rook_v_bishop = Board::from_fen("8/8/4k3/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&rook_v_bishop, &W);
        assert_eq!(endgame_scale(100, &m), 16);
        let two_knights = Board::from_fen("8/8/4k3/8/8/2N5/4N3/4K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&two_knights, &W);
        assert_eq!(endgame_scale(500, &m), 4);
        let queen_v_rook = Board::from_fen("8/8/4k3/8/8/2r5/8/Q3K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&queen_v_rook, &W);
        assert_eq!(endgame_scale(400, &m), 64);
        // Bishops of opposite colours (c3 dark, e6 light) and a pawn up: half; of the same
        // colour (c4 light): the scale of two pawns, and in full with four.
        let opposite = Board::from_fen("8/5p2/4b2k/8/5P1P/2B5/8/4K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&opposite, &W);
        assert_eq!(endgame_scale(100, &m), 32);
        let same = Board::from_fen("8/5p2/4b2k/8/2B2P1P/8/8/4K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&same, &W);
        assert_eq!(endgame_scale(100, &m), 36 + 2 * 7);
        let four = Board::from_fen("8/5p2/4b2k/8/2B2P1P/6P1/7P/4K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&four, &W);
        assert_eq!(endgame_scale(100, &m), 64);
        // The side ahead is the one the score favours: Black, three pawns down but ahead.
        assert_eq!(endgame_scale(-100, &m), 36 + 7);
        // A queen against a rook and a bishop, pawns on both sides: 37/64 and 3 for the bishop,
        // whichever side is ahead.
        let queen_v_rook_bishop = Board::from_fen("8/5pp1/4k3/8/8/2r1b3/5PP1/Q3K3 w - - 0 1").unwrap();
        let (_, m) = piece_terms(&queen_v_rook_bishop, &W);
        assert_eq!(endgame_scale(100, &m), 37 + 3);
        assert_eq!(endgame_scale(-100, &m), 37 + 3);
    }

    #[test]
    fn losing_a_pawn_never_raises_the_scale() {
        // (side ahead with its last pawn, the same without it)
        let pairs = [
            ("8/8/4k3/8/8/2r5/4P3/Q3K3 w - - 0 1", "8/8/4k3/8/8/2r5/8/Q3K3 w - - 0 1"),
            ("8/5pp1/4k3/8/8/8/4P3/R3K3 w - - 0 1", "8/5pp1/4k3/8/8/8/8/R3K3 w - - 0 1"),
            ("8/8/4k3/8/8/2b5/4P3/R3K3 w - - 0 1", "8/8/4k3/8/8/2b5/8/R3K3 w - - 0 1"),
            ("8/8/4k3/8/8/8/4P3/2B1K3 w - - 0 1", "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1"),
        ];
        for (with, without) in pairs {
            let scale = |fen: &str| endgame_scale(100, &piece_terms(&Board::from_fen(fen).unwrap(), &W).1);
            assert!(scale(with) >= scale(without), "{with}: {} < {}", scale(with), scale(without));
        }
    }
}
