#!/usr/bin/env python3
"""Writes the independent oracle that tests/syzygy.rs checks Maxim's tablebase probes against.

python-chess reads the Syzygy tables with its own prober (chess.syzygy, a port of Ronald de
Man's probing code, separate from the shakmaty-syzygy library Maxim links). This script draws
random legal positions of every 3- and 4-piece ending in tests/data/syzygy, asks python-chess
for each one's WDL and DTZ, and writes them as EPD:

    <fen> ; wdl <-2..2> ; dtz <plies>

A second file holds positions where most moves throw the result away: the side to move wins
(or draws) but at most a quarter of its moves keep that. Each line lists the moves that keep
it, for the test that Maxim's root ranking plays one of them:

    <fen> ; wdl <-2..2> ; keep <uci> <uci> ...

Usage: python3 tools/syzygy_oracle.py [count] [seed]    (defaults: 10000 2026)
Needs `pip install chess`. The files are committed; rerun only to regenerate them.
"""
import os
import random
import sys

import chess
import chess.syzygy

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABLES = os.path.join(ROOT, "tests", "data", "syzygy")
PROBES = os.path.join(ROOT, "tests", "data", "syzygy-oracle.epd")
KEEPERS = os.path.join(ROOT, "tests", "data", "syzygy-keep.epd")
KEEPER_COUNT = 300

PIECES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def endings():
    """The material of every WDL table here, e.g. 'KQvKR'."""
    names = sorted(f[:-5] for f in os.listdir(TABLES) if f.endswith(".rtbw"))
    return names


def random_position(rng, ending):
    """A random legal position of `ending` (either side may own either half), or None."""
    strong, weak = ending.split("v")
    if rng.random() < 0.5:
        strong, weak = weak, strong
    board = chess.Board(None)
    squares = list(range(64))
    rng.shuffle(squares)
    for colour, side in ((chess.WHITE, strong), (chess.BLACK, weak)):
        for letter in side:
            kind = chess.KING if letter == "K" else PIECES[letter]
            square = squares.pop()
            if kind == chess.PAWN and chess.square_rank(square) in (0, 7):
                return None
            board.set_piece_at(square, chess.Piece(kind, colour))
    board.turn = rng.random() < 0.5
    if not board.is_valid():
        return None
    return board


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    rng = random.Random(seed)
    names = endings()
    probes, keepers = [], []
    with chess.syzygy.open_tablebase(TABLES) as tables:
        while len(probes) < count or len(keepers) < KEEPER_COUNT:
            board = random_position(rng, rng.choice(names))
            if board is None or board.is_game_over():
                continue
            wdl = tables.probe_wdl(board)
            dtz = tables.probe_dtz(board)
            if len(probes) < count:
                probes.append(f"{board.fen()} ; wdl {wdl} ; dtz {dtz}")
            if wdl >= 0 and len(keepers) < KEEPER_COUNT:
                keep = []
                for move in board.legal_moves:
                    board.push(move)
                    after = 2 if board.is_checkmate() else -tables.probe_wdl(board)
                    board.pop()
                    if after >= wdl:
                        keep.append(move.uci())
                if len(keep) * 4 <= board.legal_moves.count():
                    keepers.append(f"{board.fen()} ; wdl {wdl} ; keep {' '.join(keep)}")
    with open(PROBES, "w") as out:
        out.write("\n".join(probes) + "\n")
    with open(KEEPERS, "w") as out:
        out.write("\n".join(keepers) + "\n")
    print(f"{len(probes)} probes -> {PROBES}; {len(keepers)} positions to keep -> {KEEPERS}")


if __name__ == "__main__":
    main()
