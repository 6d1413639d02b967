#!/usr/bin/env python3
"""Which games Maxim had won and did not win, from the PGN of a fastchess match.

A game counts as "won on the board" when, at some move of Maxim's, Maxim's own search gave
itself at least +1.50 while the opponent's last search gave the opponent at most -1.00: both
engines agreed that Maxim stood clearly better. Such games are split by their result; a
drawn or lost one is a conversion that failed. The rest are split by whether Maxim alone
thought it stood that well ("Maxim only") or never did.

    python3 tools/conversion.py MATCH.pgn[.gz] [--engine Maxim] [--list]

Reads the `{score/depth time}` comments fastchess writes after each move. --list prints,
for each failed conversion, the round, Maxim's colour, the move where both agreed, Maxim's
best score, the game's length and its last position.
"""
import argparse
import collections

from texel_data import SCORE, read_games

MAXIM_SURE = 1.5
OPPONENT_SURE = 1.0


def score_of(comment):
    """The score of a fastchess move comment in pawns, a mate as +/-100; None without one."""
    m = SCORE.match(comment or "")
    if not m:
        return None
    size = 100.0 if m.group(2) == "M" else float(m.group(3))
    return -size if m.group(1) == "-" else size


def classify(game, engine):
    """(result for Maxim 'W'/'D'/'L', kind, first move both agreed, Maxim's best score)."""
    maxim_white = game.headers["White"] == engine
    result = game.headers["Result"]
    if result == "1/2-1/2":
        outcome = "D"
    elif (result == "1-0") == maxim_white:
        outcome = "W"
    else:
        outcome = "L"
    opponent_view = None  # the opponent's last score, from Maxim's side
    agreed, alone, peak = None, False, -1000.0
    for ply, node in enumerate(game.mainline()):
        score = score_of(node.comment)
        if score is None:
            continue
        if (ply % 2 == 0) == maxim_white:
            peak = max(peak, score)
            if score >= MAXIM_SURE:
                if opponent_view is not None and opponent_view >= OPPONENT_SURE:
                    agreed = agreed if agreed is not None else ply // 2 + 1
                else:
                    alone = True
        else:
            opponent_view = -score
    kind = "both agreed" if agreed is not None else "Maxim only" if alone else "never"
    return outcome, kind, agreed, peak


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="Maxim")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    counts = collections.Counter()
    for game in read_games(args.pgn):
        if args.engine not in (game.headers["White"], game.headers["Black"]):
            continue
        outcome, kind, agreed, peak = classify(game, args.engine)
        counts[(kind, outcome)] += 1
        if args.list and kind == "both agreed" and outcome != "W":
            end = game.end().board()
            plies = len(list(game.mainline()))
            colour = "White" if game.headers["White"] == args.engine else "Black"
            print(f"round {game.headers['Round']} {colour} {outcome}: agreed at move {agreed}, "
                  f"best {peak:+.2f}, {plies} plies, ends {end.fen()}")
    print(f"| Maxim stood at +{MAXIM_SURE:.2f} or more | won | drawn | lost |")
    print("|---|---|---|---|")
    for kind in ("both agreed", "Maxim only", "never"):
        print(f"| {kind} | {counts[(kind, 'W')]} | {counts[(kind, 'D')]} | {counts[(kind, 'L')]} |")


if __name__ == "__main__":
    main()
