#!/usr/bin/env python3
"""Double Fischer Random perft positions, counted by python-chess (an independent generator).

Each position is a Double Fischer Random start (White's and Black's back ranks shuffled on
their own, each a legal Chess960 arrangement) followed by 0 to 9 random legal plies, so that
castling rights, castling through and into attacks, and castling after rooks have moved all
come up. Output: one EPD line per position, Shredder-FEN castling, `;D1 n ;D2 n ...`.

    python3 tools/dfrc_perft.py 50 4 2026 > tests/data/dfrcperft.epd
"""
import random
import sys

import chess


def back_rank(rng):
    """One legal Chess960 back rank, as 8 piece letters a..h."""
    while True:
        rank = list("RNBQKBNR")
        rng.shuffle(rank)
        bishops = [i for i, p in enumerate(rank) if p == "B"]
        rooks = [i for i, p in enumerate(rank) if p == "R"]
        king = rank.index("K")
        if bishops[0] % 2 != bishops[1] % 2 and rooks[0] < king < rooks[1]:
            return "".join(rank)


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main():
    count, depth, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    print(f"# Double Fischer Random perft: tools/dfrc_perft.py {count} {depth} {seed} (python-chess {chess.__version__})")
    made = 0
    while made < count:
        white, black = back_rank(rng), back_rank(rng)
        if white == black.upper():
            continue  # that is plain Chess960; keep the two ranks different
        fen = f"{black.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
        board = chess.Board(fen, chess960=True)
        for _ in range(rng.randrange(10)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        board = chess.Board(board.fen(), chess960=True)
        counts = " ".join(f";D{d} {perft(board, d)}" for d in range(1, depth + 1))
        print(f"{board.fen(shredder=True)} {counts}", flush=True)
        made += 1


if __name__ == "__main__":
    main()
