//! The weights of the terms computed at evaluation time, each a (middlegame, endgame) pair
//! in centipawns, gathered in one struct so that the tuner (`src/bin/tune/main.rs`) can adjust
//! them. The engine only ever reads [`WEIGHTS`], a constant, so the compiler folds them in
//! as it would separate constants. Every term is linear in its weight (the king attack's
//! scaling by the number of attackers depends on the position, not on the weights), which
//! the tuner relies on (see `tuning`).

use crate::chess::values::Pair;

/// The weights; each field's comment says what the term counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Correction to each kind's material (pawn..queen; index by kind), per piece.
    pub material: [Pair; 6],
    /// Per pawn with a friendly pawn ahead of it on the same file.
    pub doubled_pawn: Pair,
    /// Per pawn with no friendly pawn on either neighbouring file.
    pub isolated_pawn: Pair,
    /// Per pawn beside or defended by an own pawn, by its rank counted from its own side.
    pub connected_pawn: [Pair; 8],
    /// Per backward pawn: no own pawn level with it or behind it on a neighbouring file,
    /// and its stop square guarded by an enemy pawn.
    pub backward_pawn: Pair,
    /// Per pawn that two enemy pawns attack and no own pawn defends: it will be lost or must
    /// advance.
    pub weak_lever: Pair,
    /// Per own pawn defending a pawn: on top of `connected_pawn`, a pawn held by two counts
    /// twice.
    pub defended_pawn: Pair,
    /// Per pawn with an own pawn beside it on its rank (a phalanx, which can advance side by
    /// side), by its rank counted from its own side; on top of `connected_pawn`.
    pub phalanx_pawn: [Pair; 8],
    /// Per isolated or backward pawn with no enemy pawn in front of it on its file: the enemy's
    /// rooks and queens can attack it down the half-open file.
    pub weak_unopposed: Pair,
    /// Per candidate passer, by its rank counted from its own side: a pawn that is not passed
    /// but has no enemy pawn ahead on its file and at least as many own pawns beside or behind
    /// it on the neighbouring files as enemy pawns ahead on them, so it can force its way
    /// through.
    pub candidate_passer: [Pair; 8],
    /// Per king step from a side's king to its nearest own pawn (none with no pawns): in the
    /// endgame the king defends its pawns and escorts them.
    pub king_pawn_distance: Pair,
    /// Per passed pawn (no enemy pawn ahead on its own or a neighbouring file), by its rank
    /// counted from its own side (index 0 = its first rank, which never holds a pawn). It
    /// grows steeply: a pawn near promotion ties down a piece, and in the endgame it runs.
    pub passed_pawn: [Pair; 8],
    /// Per passed pawn beyond its third rank: the own king's distance in king steps (at most
    /// 5) to the square in front of it, times the ranks it has gone past the third. A king
    /// near its passer escorts it; so the weight is negative.
    pub passed_own_king: Pair,
    /// The same count for the enemy king: far from the stop square, it cannot catch the pawn.
    pub passed_enemy_king: Pair,
    /// Per passed pawn beyond its third rank whose stop square is empty and not attacked by
    /// the enemy, times the ranks it has gone past the third: it can advance at once.
    pub passed_free: Pair,
    /// The same count for passed pawns whose every square to promotion is empty and not
    /// attacked by the enemy: nothing stops them but a piece that can still get there.
    pub passed_free_path: Pair,
    /// Per passed pawn beyond its third rank whose stop square we attack (empty or not), times
    /// the ranks it has gone past the third: its advance is supported.
    pub passed_supported: Pair,
    /// Per passed pawn, its distance in files from the nearer edge (0 to 3): a passer in the
    /// centre is easier for the enemy king to stop than one on a wing.
    pub passed_file: Pair,
    /// Per own rook on the file of an own passed pawn, behind it: it pushes the pawn from
    /// behind and keeps its path in sight as it advances.
    pub rook_behind_passer: Pair,
    /// Per knight on an outpost: the enemy's half (ranks 4 to 6 from its side), defended by
    /// an own pawn, with no enemy pawn left that could ever chase it away.
    pub knight_outpost: Pair,
    /// Per bishop on such an outpost.
    pub bishop_outpost: Pair,
    /// Per own pawn on the squares of a bishop's colour, per bishop: pawns that block it.
    pub bishop_pawns: Pair,
    /// Per rook on the seventh rank while the enemy king is on the eighth or enemy pawns are
    /// on the seventh.
    pub rook_seventh: Pair,
    /// Once, for a side with two bishops or more: they cover both square colours.
    pub bishop_pair: Pair,
    /// Per rook on a file without pawns.
    pub rook_open_file: Pair,
    /// Per rook on a file without pawns of its own side (but with enemy pawns).
    pub rook_half_open_file: Pair,
    /// Per knight or bishop with a pawn (of either side) right in front of it: shielded from
    /// attacks along the file, and the pawn's advance blocked or supported.
    pub minor_behind_pawn: Pair,
    /// Per knight or bishop, per king step between it and its own king (at most 7): a minor
    /// piece far from its king does not defend it.
    pub minor_king_distance: Pair,
    /// Per file next to (or on) a king on its back two ranks with no own pawn one or two
    /// squares in front of the king. Like the next one, a middlegame term (endgame half 0).
    pub shelter_missing: Pair,
    /// Per such file with no own pawn at all: an open line to the king.
    pub shelter_open_file: Pair,
    /// Per file of the three around the king (see `shelter`), by the rank of the nearest own
    /// pawn level with the king or in front of it (index 0: none).
    pub shelter_pawn: [Pair; 8],
    /// Per such file, by the rank (counted from our side) of the nearest enemy pawn in front of
    /// the king (index 0: none).
    pub pawn_storm: [Pair; 8],
    /// Mobility: by the number of squares a knight, bishop, rook or queen can go to (see
    /// `activity`), one value per count, so that the first squares can weigh more than the
    /// last. Knights: 0 to 8 squares.
    pub mobility_knight: [Pair; 9],
    /// Bishops: 0 to 13 squares.
    pub mobility_bishop: [Pair; 14],
    /// Rooks: 0 to 14 squares.
    pub mobility_rook: [Pair; 15],
    /// Queens: 0 to 27 squares.
    pub mobility_queen: [Pair; 28],
    /// Per attack of our pieces on a square of the enemy king zone (a piece reaching two
    /// squares counts twice).
    pub king_zone_attacks: Pair,
    /// Per square of the enemy king zone we attack that no enemy pawn, knight, bishop or rook
    /// defends (only its king or queen, if anything).
    pub weak_king_squares: Pair,
    /// Per piece of each kind bearing on the enemy king zone, scaled by how many attack.
    /// A middlegame term: the endgame halves stay 0 (the tuner leaves them alone).
    pub king_attack: [Pair; 7],
    /// Per enemy knight, bishop, rook or queen attacked by one of our pawns.
    pub threat_by_pawn: Pair,
    /// Per enemy piece attacked by one of our knights or bishops, by its kind (pawn to queen):
    /// every piece but a pawn, and a pawn only when weak (see `threats`).
    pub threat_by_minor: [Pair; 7],
    /// Per weak enemy piece attacked by one of our rooks, by its kind (pawn to queen).
    pub threat_by_rook: [Pair; 7],
    /// Per weak enemy piece attacked by our king.
    pub threat_by_king: Pair,
    /// Per weak enemy piece (pawns too) that nothing of theirs defends, or, but for a pawn,
    /// that we attack twice.
    pub hanging: Pair,
    /// Per weak enemy piece that their queen defends: the queen is tied to it.
    pub weak_queen_protection: Pair,
    /// Per square the enemy attacks and we attack too, where the enemy is not strongly
    /// protected: room its pieces lose.
    pub restricted: Pair,
    /// With one enemy queen, per square from which a knight would attack it that one of our
    /// knights reaches safely (nothing of ours there, not strongly protected by the enemy).
    pub knight_on_queen: Pair,
    /// The same for bishops and rooks on the queen's lines, where we attack the square twice.
    pub slider_on_queen: Pair,
    /// Per enemy knight, bishop, rook or queen that one of our pawns would attack after a
    /// safe push (one step, or two from its first rank, onto a square no enemy pawn guards).
    pub threat_by_push: Pair,
    /// Per square from which one of our pieces of each kind (index by kind) could give check
    /// next move, safely: it reaches the square now (a bishop or rook through its own queen,
    /// as for mobility), and nothing of the enemy guards it.
    pub safe_check: [Pair; 7],
    /// Per square from which one of our pieces could give check next move that the enemy
    /// guards: a check that can be answered by a capture still drives the king and gains time.
    pub unsafe_check: Pair,
    /// Per safe central square times the side's knights, bishops, rooks and queens, over
    /// `space::SPACE_DIVISOR` (`space`). Middlegame term.
    pub space: Pair,
    /// Per knight times the pawns blocked face to face, the rams (`space`).
    pub knight_closed: Pair,
    /// Per rook times the rams.
    pub rook_closed: Pair,
    /// Per square of the enemy king's flank in its camp (its first five ranks) that we attack
    /// (`activity`). Middlegame term.
    pub flank_attacks: Pair,
    /// Once, when the enemy king's flank holds no pawn of either side.
    pub pawnless_flank: Pair,
    /// Per bishop on a long diagonal that sees two centre squares past the pawns.
    pub bishop_long_diagonal: Pair,
    /// Per rook with at most three squares to go to, on the far side of its own king from the
    /// centre; twice when the king has lost its castling rights.
    pub rook_trapped: Pair,
}

/// The hand-set weights, before tuning: where the tuner's L2 term pulls back to, and a record
/// of the starting point.
pub const HAND_SET: Weights = Weights {
    material: [(0, 0); 6],
    doubled_pawn: (-10, -20),
    isolated_pawn: (-12, -15),
    connected_pawn: [(0, 0), (4, 2), (6, 4), (10, 8), (18, 15), (30, 25), (45, 40), (0, 0)],
    backward_pawn: (-8, -10),
    weak_lever: (0, -45),
    defended_pawn: (6, 4),
    phalanx_pawn: [(0, 0), (1, 1), (2, 2), (4, 3), (6, 5), (12, 10), (20, 16), (0, 0)],
    weak_unopposed: (-6, -10),
    candidate_passer: [(0, 0), (0, 2), (2, 5), (5, 10), (10, 20), (20, 35), (0, 0), (0, 0)],
    king_pawn_distance: (0, -6),
    passed_pawn: [(0, 0), (5, 10), (8, 15), (15, 30), (30, 55), (55, 100), (85, 150), (0, 0)],
    passed_own_king: (0, -5),
    passed_enemy_king: (0, 10),
    passed_free: (0, 8),
    passed_free_path: (10, 20),
    passed_supported: (4, 6),
    passed_file: (-8, -6),
    rook_behind_passer: (5, 15),
    knight_outpost: (25, 15),
    bishop_outpost: (15, 8),
    bishop_pawns: (-3, -6),
    rook_seventh: (10, 20),
    bishop_pair: (25, 50),
    rook_open_file: (25, 10),
    rook_half_open_file: (12, 6),
    minor_behind_pawn: (15, 3),
    minor_king_distance: (-4, -3),
    shelter_missing: (-12, 0),
    shelter_open_file: (-10, 0),
    shelter_pawn: [(-10, 0), (10, 0), (5, 0), (0, 0), (-3, 0), (-5, 0), (-5, 0), (0, 0)],
    pawn_storm: [(0, 0), (0, 0), (-20, 0), (-10, 0), (-5, 0), (0, 0), (0, 0), (0, 0)],
    mobility_knight: linear((8, 7), 4),
    mobility_bishop: linear((7, 6), 6),
    mobility_rook: linear((5, 4), 6),
    mobility_queen: linear((3, 7), 12),
    king_zone_attacks: (5, 0),
    weak_king_squares: (8, 0),
    king_attack: [(0, 0), (0, 0), (20, 0), (20, 0), (40, 0), (80, 0), (0, 0)],
    threat_by_pawn: (40, 30),
    threat_by_minor: [(0, 0), (4, 25), (44, 33), (60, 45), (70, 95), (63, 130), (0, 0)],
    threat_by_rook: [(0, 0), (2, 35), (30, 54), (34, 48), (0, 31), (46, 34), (0, 0)],
    threat_by_king: (20, 70),
    hanging: (55, 30),
    weak_queen_protection: (11, 0),
    restricted: (6, 6),
    knight_on_queen: (13, 9),
    slider_on_queen: (48, 14),
    threat_by_push: (15, 12),
    safe_check: [(0, 0), (0, 0), (30, 5), (20, 5), (40, 10), (30, 10), (0, 0)],
    unsafe_check: (6, 2),
    space: (2, 0),
    knight_closed: (2, 2),
    rook_closed: (-2, -2),
    flank_attacks: (3, 0),
    pawnless_flank: (10, 40),
    bishop_long_diagonal: (20, 0),
    rook_trapped: (-25, -5),
};

/// The weights the engine plays with: hand-set, then tuned by `tune --lambda=0.5` on 5,665,431
/// positions (2,797,743 from 35,324 of our own match games and 2,867,688 from 35,992 games of
/// `datagen` self-play at 3,000 nodes a move), each labelled half by its game's result and
/// half by the search's score, with an L2 pull of 1e-7 towards the hand-set values; then
/// fitted again from those weights (`tune --from-engine`) on 8,657,495 positions: 3,175,357
/// from our match games and 5,482,138 from `datagen` at 5,000 nodes a move, the pull now
/// towards the weights it started from; and once more from those on 6,668,503 new positions
/// (3,902,003 from 48,738 of our match games and 2,766,500 from 31,985 games of `datagen`
/// self-play of those weights at 5,000 nodes a move); and last from those on 800,000 positions
/// of our match games, each labelled half by its game's result and half by Stockfish 15.1's
/// expected score after 5,000 nodes (`tools/label_wdl.py`), a stronger judge than our own
/// search. Together with the piece-square corrections (`chess::psq_learned`; see
/// docs/strength.md).
pub const WEIGHTS: Weights = Weights {
    material: [(0, 0), (-31, -23), (11, 24), (19, 29), (-30, 19), (16, 12)],
    doubled_pawn: (-6, -21),
    isolated_pawn: (3, -3),
    connected_pawn: [(0, 0), (4, -1), (6, 4), (3, 0), (8, 7), (31, 23), (45, 40), (0, 0)],
    backward_pawn: (-3, -4),
    weak_lever: (0, -45),
    defended_pawn: (16, 0),
    phalanx_pawn: [(0, 0), (1, -2), (6, -4), (11, 4), (15, 9), (12, 10), (20, 16), (0, 0)],
    weak_unopposed: (-12, -13),
    candidate_passer: [(0, 0), (0, -2), (3, 0), (3, 9), (11, 18), (20, 35), (0, 0), (0, 0)],
    king_pawn_distance: (-2, -5),
    passed_pawn: [(0, 0), (2, 14), (0, 19), (6, 32), (37, 60), (58, 98), (81, 134), (0, 0)],
    passed_own_king: (0, -9),
    passed_enemy_king: (1, 10),
    passed_free: (-2, 12),
    passed_free_path: (-1, 12),
    passed_supported: (13, 7),
    passed_file: (-6, -3),
    rook_behind_passer: (7, 21),
    knight_outpost: (17, 8),
    bishop_outpost: (21, 12),
    bishop_pawns: (-3, -4),
    rook_seventh: (8, 15),
    bishop_pair: (27, 51),
    rook_open_file: (20, 4),
    rook_half_open_file: (6, 8),
    minor_behind_pawn: (8, 17),
    minor_king_distance: (-3, 1),
    shelter_missing: (-4, 0),
    shelter_open_file: (-4, 0),
    shelter_pawn: [(-5, 0), (9, 0), (2, 0), (-4, 0), (-3, 0), (-3, 0), (-5, 0), (0, 0)],
    pawn_storm: [(-9, 0), (4, 0), (-20, 0), (-7, 0), (-4, 0), (3, 0), (-2, 0), (0, 0)],
    mobility_knight: [(-31, -29), (-16, -23), (-5, -10), (1, 2), (7, 11), (8, 18), (11, 20), (17, 20), (21, 18)],
    mobility_bishop: [
        (-35, -38),
        (-23, -31),
        (-15, -19),
        (-10, -9),
        (-6, -2),
        (-2, 5),
        (-1, 11),
        (0, 13),
        (8, 15),
        (13, 15),
        (24, 17),
        (29, 22),
        (42, 35),
        (45, 37),
    ],
    mobility_rook: [
        (-28, -26),
        (-18, -20),
        (-14, -16),
        (-10, -8),
        (-10, -3),
        (-5, 1),
        (-2, 5),
        (2, 7),
        (3, 15),
        (8, 17),
        (13, 18),
        (18, 22),
        (27, 24),
        (31, 24),
        (32, 21),
    ],
    mobility_queen: [
        (-33, -84),
        (-28, -77),
        (-23, -70),
        (-22, -63),
        (-17, -56),
        (-15, -49),
        (-13, -40),
        (-11, -33),
        (-9, -24),
        (-7, -17),
        (-8, -10),
        (-5, -4),
        (-3, 2),
        (-1, 7),
        (3, 15),
        (6, 21),
        (9, 28),
        (12, 34),
        (16, 41),
        (19, 47),
        (23, 55),
        (26, 61),
        (29, 69),
        (33, 76),
        (36, 84),
        (39, 91),
        (42, 98),
        (45, 105),
    ],
    king_zone_attacks: (-1, 0),
    weak_king_squares: (3, 0),
    king_attack: [(0, 0), (0, 0), (21, 0), (18, 0), (36, 0), (62, 0), (0, 0)],
    threat_by_pawn: (42, 31),
    threat_by_minor: [(0, 0), (0, 20), (20, 27), (32, 31), (45, 70), (41, 124), (0, 0)],
    threat_by_rook: [(0, 0), (-2, 23), (11, 37), (20, 34), (-4, 27), (42, 32), (0, 0)],
    threat_by_king: (6, 35),
    hanging: (10, 11),
    weak_queen_protection: (3, 3),
    restricted: (6, -2),
    knight_on_queen: (8, 4),
    slider_on_queen: (13, 4),
    threat_by_push: (16, 13),
    safe_check: [(0, 0), (0, 0), (31, 2), (16, 10), (34, 6), (25, 12), (0, 0)],
    unsafe_check: (9, 6),
    space: (7, 0),
    knight_closed: (2, 14),
    rook_closed: (-16, 11),
    flank_attacks: (2, 0),
    pawnless_flank: (9, 41),
    bishop_long_diagonal: (18, 7),
    rook_trapped: (-13, -4),
};

/// A mobility table that grows by `step` per square, 0 at `typical` squares: the linear
/// mobility term of the first tuned evaluation, from which the tables start.
const fn linear<const N: usize>(step: Pair, typical: i32) -> [Pair; N] {
    let mut table = [(0, 0); N];
    let mut n = 0;
    while n < N {
        let above = n as i32 - typical;
        table[n] = (step.0 * above, step.1 * above);
        n += 1;
    }
    table
}
