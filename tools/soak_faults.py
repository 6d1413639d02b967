#!/usr/bin/env python3
"""The soak's table: for each PGN (one leg of tools/soak.sh), the games, Maxim's score and
every game Maxim lost (or drew, its opponent having no mating material) by a fault rather than
on the board: on time, by an illegal move, by a crash or disconnection, or by a stalled
connection, as cutechess-cli and fastchess record them (the Termination tag and the result
comment). Faults of the opponent are listed apart.

    tools/soak_faults.py [--name Maxim] LEG.pgn [LEG.pgn ...]
"""

import argparse
import collections
import pathlib

import chess.pgn

FAULTS = [
    ("time", ("time forfeit", "on time", "timeout", "loses on time")),
    ("illegal", ("illegal",)),
    ("stall", ("stall",)),
    ("crash", ("disconnect", "crash", "abandon", "terminat", "connection")),
]


def fault_of(game) -> str | None:
    end = game.end()
    text = " ".join([game.headers.get("Termination", ""), end.comment or "", game.comment or ""]).lower()
    for kind, words in FAULTS:
        if any(word in text for word in words):
            return kind
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", default="Maxim")
    parser.add_argument("pgns", nargs="+")
    args = parser.parse_args()
    print("| leg | games | Maxim's score | time losses | illegal moves | crashes, disconnections | stalls | opponent's faults |")
    print("|---|---|---|---|---|---|---|---|")
    total = collections.Counter()
    for path in args.pgns:
        ours, theirs = collections.Counter(), collections.Counter()
        games, points = 0, 0.0
        with open(path, encoding="utf-8", errors="replace") as source:
            while (game := chess.pgn.read_game(source)) is not None:
                games += 1
                white = game.headers.get("White") == args.name
                result = game.headers.get("Result", "*")
                score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
                if score is None:
                    ours["unfinished"] += 1
                    continue
                points += score if white else 1 - score
                fault = fault_of(game)
                if fault is None:
                    continue
                if result == "1/2-1/2":
                    # A flag (or a fault) against a side that cannot be mated is a draw: the
                    # side at fault is the one to move when the game ended.
                    maxim_lost = game.end().board().turn == white  # chess.WHITE is True
                else:
                    maxim_lost = (result == "0-1") == white
                (ours if maxim_lost else theirs)[fault] += 1
                if maxim_lost:
                    print(f"  {path}: {game.headers.get('Round')} {game.headers.get('Termination')} {game.end().comment}")
        total["games"] += games
        for kind, _ in FAULTS:
            total[kind] += ours[kind]
        leg = pathlib.Path(path).stem
        share = f"{100 * points / games:.1f}%" if games else "-"
        others = ", ".join(f"{k} {v}" for k, v in theirs.items()) or "0"
        print(f"| {leg} | {games} | {share} | {ours['time']} | {ours['illegal']} | {ours['crash']} | {ours['stall']} | {others} |"
              + (f" ({ours['unfinished']} unfinished)" if ours["unfinished"] else ""))
    print(f"| all | {total['games']} | | {total['time']} | {total['illegal']} | {total['crash']} | {total['stall']} | |")


if __name__ == "__main__":
    main()
