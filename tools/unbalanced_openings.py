#!/usr/bin/env python3
"""Writes an unbalanced opening book: starts where one side already stands about a pawn better.

From balanced starts two engines of nearly equal strength draw most game pairs (each side
draws, or wins with the same colour), and a pair that ends 1-1 says nothing about which
engine is stronger. From a start where one side is clearly, but not decisively, better, the
better side wins more often, the worse side sometimes holds, and which engine converts or
holds more often shows in more pairs: a test needs fewer games for the same verdict (the
reason Stockfish's tests moved to such books). It also weighs what conversion changes are
for, turning an edge into a win.

Each start is a position from the PGNs given, a random 8 to 16 plies after the game's own
start (fastchess's games start from an opening of `tests/data/openings.epd`), at most one per
game, not in check, which Stockfish 15.1 at depth DEPTH scores between LOW and HIGH
centipawns for one side, and whose best move there is not a capture (an edge that is not a
piece about to be taken back). Played with both colours, as every match here does, each
engine gets the better side once.

    python3 tools/unbalanced_openings.py --out tests/data/unbalanced.epd [--count 1000] \\
        [--seed 2026] [--depth 10] [--low 90] [--high 130] [--jobs 2] GAMES.pgn[.gz] ...

The same PGNs and seed give the same book whatever --jobs is (each search starts from a new
game, on one thread, to a fixed depth).

Needs python-chess and /usr/games/stockfish (or --stockfish PATH).
"""
import argparse
import concurrent.futures
import queue
import random

import chess
import chess.engine

from texel_data import read_games


def candidate(game, rng):
    """A position 8 to 16 plies into `game` (None if the game is shorter or it is in check)."""
    board = game.board()
    target = rng.randint(8, 16)
    for ply, move in enumerate(game.mainline_moves()):
        if ply == target:
            break
        board.push(move)
    else:
        return None
    return None if board.is_check() or board.is_game_over() else board


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgns", nargs="+")
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--low", type=int, default=90)
    parser.add_argument("--high", type=int, default=130)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = []
    seen = set()
    games = (game for path in sorted(args.pgns) for game in read_games(path))
    for game in games:
        board = candidate(game, rng)
        if board is None:
            continue
        key = board.epd()
        if key not in seen:
            seen.add(key)
            pool.append(key)
    rng.shuffle(pool)
    engines = queue.Queue()
    for _ in range(args.jobs):
        engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        engine.configure({"Threads": 1, "Hash": 16})
        engines.put(engine)

    def unbalanced(epd):
        """True when Stockfish calls the start clearly but not decisively better for one side."""
        board = chess.Board()
        board.set_epd(epd)
        engine = engines.get()
        try:
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=object())
        finally:
            engines.put(engine)
        score = info["score"].white()
        best = (info.get("pv") or [None])[0]
        if score.is_mate() or best is None or board.is_capture(best):
            return False
        return args.low <= abs(score.score()) <= args.high

    kept = []
    tried = 0
    batch = 50 * args.jobs
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool_of_jobs:
        for start in range(0, len(pool), batch):
            chunk = pool[start : start + batch]
            for epd, good in zip(chunk, pool_of_jobs.map(unbalanced, chunk)):
                if len(kept) < args.count:
                    tried += 1
                    if good:
                        kept.append(epd)
            if len(kept) >= args.count:
                break
    while not engines.empty():
        engines.get().quit()
    with open(args.out, "w") as f:
        for epd in kept:
            f.write(epd + "\n")
    print(f"{len(kept)} starts from {tried} positions scored ({len(pool)} candidates, one per game)")


if __name__ == "__main__":
    main()
