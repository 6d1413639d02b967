#!/usr/bin/env python3
"""What a match's PGN says about one engine: its score, how the games ended, how often each
side castled (the point of a Chess960 match), and the lowest its clock fell, worked out from
the move times that cutechess-cli and fastchess write beside each move (`{+0.11/12 0.25s}`).

    tools/pgn_summary.py GAMES.pgn[.gz] ENGINE_NAME BASE_SECONDS INCREMENT_SECONDS
"""

import collections
import gzip
import re
import sys

import chess.pgn


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    path, name, base, increment = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    source = gzip.open(path, "rt") if path.endswith(".gz") else open(path)
    score = collections.Counter()
    endings = collections.Counter()
    castlings = collections.Counter()
    plies = []
    lowest_clock = float("inf")
    while (game := chess.pgn.read_game(source)) is not None:
        ours = chess.WHITE if game.headers["White"] == name else chess.BLACK
        result = game.headers["Result"]
        if result == "1/2-1/2":
            score["draws"] += 1
        elif (result == "1-0") == (ours == chess.WHITE):
            score["wins"] += 1
        else:
            score["losses"] += 1
        endings[game.headers.get("Termination", "normal")] += 1
        board = game.board()
        clock = {chess.WHITE: base, chess.BLACK: base}
        for node in game.mainline():
            mover = board.turn
            if board.is_castling(node.move):
                castlings["ours" if mover == ours else "theirs"] += 1
            spent = re.search(r"([\d.]+)s", node.comment or "")
            if spent:
                clock[mover] -= float(spent.group(1))
                if mover == ours:
                    lowest_clock = min(lowest_clock, clock[mover])
                clock[mover] += increment
            board.push(node.move)
        plies.append(board.ply())
    games = sum(score.values())
    points = score["wins"] + score["draws"] / 2
    print(f"{name}: {games} games, +{score['wins']} ={score['draws']} -{score['losses']} ({100 * points / games:.1f}%)")
    print(f"terminations: {dict(endings)}")
    print(f"castlings: {name} {castlings['ours']}, opponent {castlings['theirs']}")
    print(f"mean length {sum(plies) / games:.1f} plies; {name}'s lowest clock {lowest_clock * 1000:.0f} ms")


if __name__ == "__main__":
    main()
