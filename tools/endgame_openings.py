#!/usr/bin/env python3
"""Writes tests/data/endgames.epd: starting positions for matches that are about endgame play.

Each is a random legal position of 5 to 7 pieces, drawn from a list of endings that players
meet (rook and pawn against rook, minor pieces with pawns, queen against rook and pawn, ...),
kings and pieces anywhere, pawns on ranks 2 to 6 of their side, either side to move, not in
check, with no capture or promotion as Stockfish's best first move, and which Stockfish 15.1
at depth 10 scores between 100 and 300 centipawns for one side: an edge that technique may
or may not turn into a win. Games from them reach the 3- and 4-piece endings of the test
tables often, and, each opening being played with both colours, both engines get the better
side once.

    python3 tools/endgame_openings.py [count] [seed]     (defaults: 500 2026)

Needs python-chess and /usr/games/stockfish.
"""
import os
import random
import sys

import chess
import chess.engine

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "tests", "data", "endgames.epd")
ENDINGS = [
    "KRPvKR", "KRPPvKRP", "KRPvKRP", "KRvKPP", "KRPvKP", "KBPvKB", "KBPvKN", "KNPvKN", "KNPvKB",
    "KBPPvKBP", "KNPPvKNP", "KPPvKP", "KPPvKPP", "KQvKRP", "KQPvKQ", "KRBvKR", "KRNvKR",
    "KRvKBP", "KRvKNP", "KBNvKP", "KQvKPP", "KRPPvKR",
]
KINDS = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}
EDGE = (100, 300)


def random_position(rng, ending):
    board = chess.Board(None)
    first, second = ending.split("v")
    white_first = rng.random() < 0.5
    for letters, colour in ((first, white_first), (second, not white_first)):
        for letter in letters:
            kind = chess.KING if letter == "K" else KINDS[letter]
            while True:
                square = rng.randrange(64)
                rank = chess.square_rank(square) if colour == chess.WHITE else 7 - chess.square_rank(square)
                if board.piece_at(square) is None and (kind != chess.PAWN or 1 <= rank <= 5):
                    break
            board.set_piece_at(square, chess.Piece(kind, colour))
    board.turn = rng.random() < 0.5
    return board if board.is_valid() and not board.is_check() and not board.is_game_over() else None


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    rng = random.Random(seed)
    found = []
    with chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish") as stockfish:
        while len(found) < count:
            board = random_position(rng, rng.choice(ENDINGS))
            if board is None:
                continue
            info = stockfish.analyse(board, chess.engine.Limit(depth=10))
            score = info["score"].relative.score()
            pv = info.get("pv", [])
            if score is None or not EDGE[0] <= abs(score) <= EDGE[1] or not pv:
                continue
            if board.is_capture(pv[0]) or pv[0].promotion:
                continue
            found.append(board.epd())
    with open(OUT, "w") as out:
        out.write("\n".join(found) + "\n")
    print(f"{len(found)} positions -> {OUT}")


if __name__ == "__main__":
    main()
