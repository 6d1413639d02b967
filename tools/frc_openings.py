#!/usr/bin/env python3
"""Start positions for Chess960 and Double Fischer Random matches, as EPD with X-FEN castling.

    python3 tools/frc_openings.py 960 > tests/data/chess960.epd       # all 960, Scharnagl order
    python3 tools/frc_openings.py dfrc 500 2026 > tests/data/dfrc.epd  # 500 random DFRC starts

A Double Fischer Random start gives White and Black two independent Chess960 back ranks (the
same rank for both would be plain Chess960, so those draws are skipped).
"""
import random
import sys

import chess


def back_rank(number):
    """White's back rank of Chess960 start position `number` (0..959), as 8 letters a..h."""
    board = chess.Board.from_chess960_pos(number)
    return "".join(board.piece_at(chess.square(f, 0)).symbol() for f in range(8))


def main():
    if sys.argv[1] == "960":
        for n in range(960):
            rank = back_rank(n)
            print(f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq -")
    else:
        count, seed = int(sys.argv[2]), int(sys.argv[3])
        rng = random.Random(seed)
        seen = set()
        while len(seen) < count:
            white, black = rng.randrange(960), rng.randrange(960)
            if white == black or (white, black) in seen:
                continue
            seen.add((white, black))
            print(f"{back_rank(black).lower()}/pppppppp/8/8/8/8/PPPPPPPP/{back_rank(white)} w KQkq -")


if __name__ == "__main__":
    main()
