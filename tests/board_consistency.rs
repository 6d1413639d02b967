//! The incremental state (Zobrist key, piece-square sum, phase, square sets) must equal a
//! from-scratch computation after every move of many random games, and FEN must round-trip
//! along the way; the key foreseen before a move (for the table prefetch) must be the key
//! after it, and whether a move gives check must be foreseen exactly. The captures quiescence generates must be the full generator's, in order.

use maxim::chess::board::foresight::CheckSquares;
use maxim::chess::board::Board;
use maxim::chess::movegen::{count_legal, generate_legal, generate_tactical, MoveGen, MoveList};
use maxim::chess::rng::Rng;
use maxim::chess::types::*;

/// Quiescence's generator finds its captures differently (sliders jump to the first piece on
/// each ray), but must produce the full generator's captures, en-passant captures and queen
/// promotions, in the same order.
fn assert_tactical_moves_are_the_legal_captures(board: &Board) {
    let mut all = MoveList::new();
    generate_legal(board, &mut all);
    let tactical_kind = |m: &Move| {
        let capture = (board.piece_at(m.to()) != EMPTY && !m.is_castling())
            || (m.to() == board.ep_square() && kind_of(board.piece_at(m.from())) == PAWN);
        match m.promotion() {
            0 => capture,
            kind => kind == QUEEN,
        }
    };
    let expected: Vec<Move> = all.iter().copied().filter(tactical_kind).collect();
    let mut tactical = MoveList::new();
    generate_tactical(board, &mut tactical);
    assert_eq!(tactical.as_slice(), &expected[..], "{}", board.to_fen());
}

/// The search's two stages split the legal moves: the noisy stage has the captures and every
/// promotion, the quiet stage the rest, each in the full generator's order (so a stable
/// ordering of the stages tries the moves in the same order as one of the whole list).
/// The hash-move check accepts exactly the legal moves.
fn assert_stages_split_the_legal_moves(board: &Board) {
    let mut all = MoveList::new();
    generate_legal(board, &mut all);
    let noisy_kind = |m: &Move| {
        (board.piece_at(m.to()) != EMPTY && !m.is_castling())
            || m.promotion() != 0
            || (m.to() == board.ep_square() && kind_of(board.piece_at(m.from())) == PAWN)
    };
    let generator = MoveGen::new(board);
    let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    generator.noisy(&mut noisy);
    generator.quiet(&mut quiet);
    let expected_noisy: Vec<Move> = all.iter().copied().filter(noisy_kind).collect();
    let expected_quiet: Vec<Move> = all.iter().copied().filter(|m| !noisy_kind(m)).collect();
    assert_eq!(noisy.as_slice(), &expected_noisy[..], "{}", board.to_fen());
    assert_eq!(quiet.as_slice(), &expected_quiet[..], "{}", board.to_fen());
    for &m in all.iter() {
        assert!(generator.is_legal(m), "{} {}", board.to_fen(), m.to_uci());
        // Near misses, the shapes a table collision leaves: the move backwards, with another
        // promotion or none, and a move of the other side's piece. Each is legal only when
        // the generator has it too.
        let mut near_misses = vec![Move::new(m.to(), m.from(), 0)];
        near_misses.extend([0, KNIGHT, BISHOP, ROOK, QUEEN].map(|kind| Move::new(m.from(), m.to(), kind)));
        near_misses.extend(
            (0..64)
                .map(from_64)
                .filter(|&sq| colour_of(board.piece_at(sq)) != board.side())
                .map(|sq| Move::new(sq, m.to(), 0)),
        );
        for near in near_misses {
            assert_eq!(
                generator.is_legal(near),
                all.iter().any(|&x| x == near),
                "{} {}",
                board.to_fen(),
                near.to_uci()
            );
        }
    }
}

#[test]
fn incremental_state_matches_from_scratch_over_random_playouts() {
    let mut rng = Rng::new(0x5EED_F4A1);
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // Chess960 and Double Fischer Random: castling rooks beside the king, kings on b and c.
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQNBR w HBca - 0 1",
    ];
    let mut plies = 0;
    for game in 0..300 {
        let mut board = Board::from_fen(starts[game % starts.len()]).unwrap();
        for _ in 0..200 {
            let mut moves = MoveList::new();
            generate_legal(&board, &mut moves);
            assert_eq!(count_legal(&board), moves.len(), "perft's counting generator in {}", board.to_fen());
            if moves.is_empty() {
                break;
            }
            let check_squares = CheckSquares::new(&board);
            for &m in moves.iter() {
                let mut child = board;
                child.make_move(m);
                assert_eq!(board.gives_check(m), child.in_check(), "{m} in {}", board.to_fen());
                assert_eq!(check_squares.gives_check(&board, m), child.in_check(), "{m} in {}", board.to_fen());
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            let parent = board;
            board.make_move(m);
            plies += 1;
            assert_eq!(board.inconsistency(), None, "after {m} in {}", board.to_fen());
            // The key the search foresees to prefetch the table entry is the real one but for
            // castling, promotions, en passant and changes of rights or of the e.p. square.
            let ordinary = !m.is_castling()
                && m.promotion() == 0
                && board.castling() == parent.castling()
                && board.ep_square() == NO_SQUARE
                && !(kind_of(parent.piece_at(m.from())) == PAWN && m.to() == parent.ep_square());
            if ordinary {
                assert_eq!(parent.key_after(m), board.key(), "{m} in {}", parent.to_fen());
            }
            let again = Board::from_fen(&board.to_fen()).unwrap();
            assert_eq!(again.key(), board.key(), "FEN round trip of {}", board.to_fen());
            assert_eq!(again.to_fen(), board.to_fen());
            let shredder = Board::from_fen(&board.to_fen_as(true)).unwrap();
            assert_eq!(shredder.to_fen_as(true), board.to_fen_as(true));
            assert_eq!(shredder.key(), board.key());
            assert_tactical_moves_are_the_legal_captures(&board);
            assert_stages_split_the_legal_moves(&board);
        }
    }
    assert!(plies > 10_000, "the playouts should cover many positions, got {plies}");
}
