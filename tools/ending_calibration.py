#!/usr/bin/env python3
"""How much Maxim's static score means in each kind of ending, measured on played-out games.

Usage: ending_calibration.py [--maxim PATH] [--seed N] [--share F] GAMES.pgn[.gz] ...

From each game (a fastchess or cutechess PGN with a result), quiet positions are taken after
the eighth move: no check, and the move played from them is no capture. --share of them (half
by default, chosen with --seed) are kept. Maxim's ``eval`` gives each one's middlegame and
endgame sums, phase and endgame scale, so the static score can be rebuilt with the endgame
half multiplied by a factor.

First the logistic curve's constant K is fitted (result = 1 / (1 + 10^(-K * score / 400)),
White's side) on the positions with pieces of several kinds, where an ending's scale hardly
acts. Then, for each kind of ending (rooks only, minor pieces only, queens only, pawns only)
split by whether both sides have the same pieces and by how many pawns apart they are (0, 1,
2 or more), the factor on the endgame half that best predicts the results is fitted by itself,
with K fixed. A factor of 1 means the score means there what it means elsewhere; below 1, the
evaluation promises more than those endings give. The mean squared error before and after is
printed beside it, so a factor that changes nothing shows as such.

Games against a stronger opponent without adjudication (the ladder's) say what a score is
worth against good defence; our own matches, adjudicated, say what it is worth against Maxim.
"""
import argparse
import collections
import random

import chess

from misjudged import Engine, maxim_terms
from texel_data import read_games

PIECE_VALUES = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def ending_kind(board):
    """'rooks', 'minors', 'queens' or 'pawns' when only that kind of piece is left, else None."""
    present = {kind for kind in PIECE_VALUES for colour in chess.COLORS if board.pieces(kind, colour)}
    if not present:
        return "pawns"
    if present == {chess.ROOK}:
        return "rooks"
    if present <= {chess.KNIGHT, chess.BISHOP}:
        return "minors"
    if present == {chess.QUEEN}:
        return "queens"
    return None


def positions(paths, share, rng):
    """(FEN, result for White) of the quiet positions kept."""
    for path in paths:
        for game in read_games(path):
            result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"))
            if result is None:
                continue
            for ply, node in enumerate(game.mainline()):
                board = node.parent.board()
                if ply < 16 or board.is_check() or board.is_capture(node.move) or rng.random() >= share:
                    continue
                yield board.fen(), result


def static_parts(lines):
    """(middlegame sum, endgame sum, endgame scale out of 64, phase out of 24, mating bonus)."""
    groups, phase, _ = maxim_terms(lines)
    mg, eg = sum(g[0] for g in groups.values()), sum(g[1] for g in groups.values())
    scale = next((int(l.split()[2]) for l in lines if l.startswith("Endgame scale")), 64)
    mating = next((int(l.split()[1]) for l in lines if l.startswith("Mating")), 0)
    return mg, eg, scale, phase, mating


def score(parts, factor):
    mg, eg, scale, phase, mating = parts
    return (mg * phase + eg * scale / 64 * factor * (24 - phase)) / 24 + mating


def error(samples, k, factor=1.0):
    total = sum((result - 1 / (1 + 10 ** (-k * score(parts, factor) / 400))) ** 2 for result, parts in samples)
    return total / len(samples)


def minimise(f, lo, hi, steps=40):
    """The argument of f's minimum in [lo, hi], f taken to have one (ternary search)."""
    for _ in range(steps):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if f(a) < f(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--maxim", default="./target/release/maxim")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--share", type=float, default=0.5)
    ap.add_argument("pgns", nargs="+")
    args = ap.parse_args()
    maxim = Engine(args.maxim)
    groups, mixed = collections.defaultdict(list), []
    for fen, result in positions(args.pgns, args.share, random.Random(args.seed)):
        board = chess.Board(fen)
        sample = (result, static_parts(maxim.eval(fen)))
        kind = ending_kind(board)
        if kind is None:
            mixed.append(sample)
            continue
        material = [sum(v * len(board.pieces(p, c)) for p, v in PIECE_VALUES.items()) for c in chess.COLORS]
        same = "same pieces" if material[0] == material[1] else "unequal pieces"
        gap = abs(len(board.pieces(chess.PAWN, chess.WHITE)) - len(board.pieces(chess.PAWN, chess.BLACK)))
        groups[(kind, same, min(gap, 2))].append(sample)
    maxim.close()
    print(f"{len(mixed) + sum(map(len, groups.values()))} positions")
    k = minimise(lambda k: error(mixed, k), 0.2, 3.0)
    print(f"K = {k:.3f} on {len(mixed)} positions with pieces of several kinds")
    print("| ending | pieces | pawns apart | positions | factor | error before | after |")
    print("|---|---|---|---|---|---|---|")
    for (kind, same, gap), samples in sorted(groups.items()):
        if len(samples) < 300:
            continue
        factor = minimise(lambda f: error(samples, k, f), 0.05, 3.0)
        gap_text = "2+" if gap == 2 else str(gap)
        print(f"| {kind} | {same} | {gap_text} | {len(samples)} | {factor:.2f} | "
              f"{error(samples, k):.5f} | {error(samples, k, factor):.5f} |")


if __name__ == "__main__":
    main()
