#!/usr/bin/env python3
"""Fits Maxim's win/draw/loss model (src/search/wdl.rs) to its own games, and checks it.

    python3 tools/fit_wdl.py GAMES.pgn[.gz] ...

Reads every move whose comment carries the mover's score ("+0.38/10 0.134s", as cutechess-cli,
fastchess and python-chess write them), with the material on the board before the move and
the game's result from the mover's side. Mate scores are left out (the model gives them 1000
or 0 outright). The model:

    win  = 1 / (1 + exp((a - s) / b)),   loss = 1 / (1 + exp((a + s) / b)),   draw = the rest
    a = a0 + a1 x + a2 x^2 + a3 x^3,   b likewise,   x = m / 78
    (s: centipawns; m: the material, pawn 1 ... queen 9, both sides, 78 at the start)

is fitted in two steps on nine games in ten: first a and b by maximum likelihood (Nelder-Mead)
for each band of material on its own, then a cubic through each, weighted by the positions in
the bands. The tenth game (every game whose number ends in 9) is held out, and the
calibration tables compare what the model predicts there with what happened. Prints the
eight numbers to put in wdl.rs and the tables for docs/wdl.md. Needs python-chess
(`pip install chess`).
"""
import gzip
import math
import re
import sys
from collections import Counter

import chess
import chess.pgn

SCORE = re.compile(r"([+-]?\d+\.\d+)/\d+")
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
CLIP = 1500  # scores beyond this many centipawns count as this many
BAND = 6  # material per band in the first step of the fit
BUCKETS = [-10000, -400, -250, -150, -75, -25, 25, 75, 150, 250, 400, 10000]


def material(board):
    return sum(len(board.pieces(kind, colour)) * v for kind, v in VALUES.items() for colour in chess.COLORS)


def samples(paths):
    """(game number, score, material, outcome 0 win / 1 draw / 2 loss) for every scored move."""
    number = 0
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", errors="replace") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                result = game.headers.get("Result", "*")
                if result not in ("1-0", "0-1", "1/2-1/2"):
                    continue
                board = game.board()
                for node in game.mainline():
                    found = SCORE.search(node.comment or "")
                    if found:
                        s = max(-CLIP, min(CLIP, round(float(found.group(1)) * 100)))
                        if result == "1/2-1/2":
                            outcome = 1
                        else:
                            white_won = result == "1-0"
                            outcome = 0 if white_won == (board.turn == chess.WHITE) else 2
                        yield number, s, material(board), outcome
                    board.push(node.move)
                number += 1


def logistic(a, b, s):
    b = max(1.0, b)
    win = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (a - s) / b))))
    loss = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, (a + s) / b))))
    return win, max(1e-9, 1.0 - win - loss), loss


def cubic(c, x):
    return c[0] + x * (c[1] + x * (c[2] + x * c[3]))


def probabilities(params, s, m):
    x = min(78, max(0, m)) / 78
    return logistic(cubic(params[:4], x), cubic(params[4:], x), s)


def band_log_likelihood(ab, cells):
    a, b = ab
    if a <= 0 or b <= 1:
        return 1e30  # a must stay positive, or win and loss overlap
    return -sum(count * math.log(max(logistic(a, b, s)[o], 1e-12)) for (s, o), count in cells.items())


def nelder_mead(f, start, step, iterations):
    n = len(start)
    simplex = [list(start)] + [[x + (step[i] if i == j else 0) for j, x in enumerate(start)] for i in range(n)]
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=values.__getitem__)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        centroid = [sum(p[i] for p in simplex[:-1]) / n for i in range(n)]
        worst = simplex[-1]
        reflected = [c + (c - w) for c, w in zip(centroid, worst)]
        fr = f(reflected)
        if fr < values[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p)] for p in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    i = min(range(n + 1), key=values.__getitem__)
    return simplex[i], values[i]


def weighted_cubic(xs, ys, ws):
    """The least-squares cubic through the points (x, y) with weights w."""
    n = 4
    m = [[sum(w * x ** (i + j) for x, w in zip(xs, ws)) for j in range(n)] for i in range(n)]
    v = [sum(w * y * x**i for x, y, w in zip(xs, ys, ws)) for i in range(n)]
    for col in range(n):  # Gauss-Jordan elimination with partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot], v[col], v[pivot] = m[pivot], m[col], v[pivot], v[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col])]
                v[r] -= f * v[col]
    return [v[i] / m[i][i] for i in range(n)]


def fit(train):
    bands = {}
    for (s, m, outcome), count in train.items():
        bands.setdefault(min(m // BAND, 78 // BAND), Counter())[(s, outcome)] += count
    xs, a_values, b_values, weights = [], [], [], []
    print("First step, each band of material alone:\n")
    print("| material | positions | a | b |")
    print("|---|---|---|---|")
    for band in sorted(bands):
        cells = bands[band]
        positions = sum(cells.values())
        if positions < 500:
            continue
        (a, b), _ = nelder_mead(lambda ab: band_log_likelihood(ab, cells), [100.0, 80.0], [30.0, 20.0], 200)
        low, high = band * BAND, min(78, band * BAND + BAND - 1)
        print(f"| {low}-{high} | {positions} | {a:.0f} | {b:.0f} |")
        xs.append((low + high) / 2 / 78)
        a_values.append(a)
        b_values.append(b)
        weights.append(positions)
    return weighted_cubic(xs, a_values, weights) + weighted_cubic(xs, b_values, weights)


def calibration(params, held_out):
    print("\nHeld-out calibration (per mille; predicted / observed):\n")
    print("| score (cp) | positions | win | draw | loss |")
    print("|---|---|---|---|---|")
    for low, high in zip(BUCKETS, BUCKETS[1:]):
        rows = [(s, m, o) for s, m, o in held_out if low <= s < high]
        if not rows:
            continue
        predicted, observed = [0.0, 0.0, 0.0], [0, 0, 0]
        for s, m, o in rows:
            for k, p in enumerate(probabilities(params, s, m)):
                predicted[k] += p
            observed[o] += 1
        cells = " | ".join(f"{1000 * predicted[k] / len(rows):.0f} / {1000 * observed[k] / len(rows):.0f}" for k in range(3))
        label = f"below {high}" if low == BUCKETS[0] else f"{low} and above" if high == BUCKETS[-1] else f"{low} .. {high - 1}"
        print(f"| {label} | {len(rows)} | {cells} |")
    loss = -sum(math.log(max(probabilities(params, s, m)[o], 1e-12)) for s, m, o in held_out)
    print(f"\nHeld-out mean log loss {loss / max(1, len(held_out)):.4f}")
    print("\nBy material (held out, |score| < 150; win + loss per mille, predicted / observed):\n")
    print("| material | positions | decisive |")
    print("|---|---|---|")
    for low, high in ((0, 20), (20, 40), (40, 60), (60, 79)):
        rows = [(s, m, o) for s, m, o in held_out if low <= m < high and abs(s) < 150]
        if rows:
            predicted = sum(1 - probabilities(params, s, m)[1] for s, m, o in rows)
            observed = sum(o != 1 for s, m, o in rows)
            print(f"| {low}-{high - 1} | {len(rows)} | {1000 * predicted / len(rows):.0f} / {1000 * observed / len(rows):.0f} |")


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.exit(__doc__)
    train, held_out, games = Counter(), [], set()
    for number, s, m, outcome in samples(paths):
        games.add(number)
        if number % 10 == 9:
            held_out.append((s, m, outcome))
        else:
            train[(5 * round(s / 5), m, outcome)] += 1
    print(f"{len(games)} games, {sum(train.values())} positions to fit, {len(held_out)} held out\n")
    params = fit(train)
    a_text = ", ".join(f"{c:.1f}" for c in params[:4])
    b_text = ", ".join(f"{c:.1f}" for c in params[4:])
    print(f"\nwdl.rs: const CENTRE: [f64; 4] = [{a_text}]; const SPREAD: [f64; 4] = [{b_text}];")
    calibration(params, held_out)


if __name__ == "__main__":
    main()
