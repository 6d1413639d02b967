#!/usr/bin/env python3
"""Build a labelled position set (``FEN;RESULT``) for Texel tuning from match PGNs.

Usage: texel_data.py [--out FILE] [--sample-every K] [--seed N] [--with-score] GAMES.pgn[.gz] ...

Each output line is a full FEN and the game's result from White's point of view
(1.0 / 0.5 / 0.0).  With ``--with-score`` a third field follows when the move's comment has
a score: the mover's search score turned to White's point of view, in centipawns
(``FEN;RESULT;SCORE``), which ``tune --lambda`` blends with the result.  Input is the PGN written by tools/match.py: a FEN/SetUp start
position, Result/Termination/PlyCount headers and a ``{+0.35/7 0.123s}`` style comment
on every move (``{book}`` or missing comments are accepted: they just carry no score).

Game filters (a skipped game contributes nothing):
  * Result is not 1-0, 0-1 or 1/2-1/2 (e.g. ``*``);
  * Termination is "time forfeit", "illegal move", "crash", "stall" or "protocol error",
    or the final comment reports a loss on time / illegal move / disconnect / stall
    (this also catches "Draw by timeout vs insufficient material");
  * the game is incomplete: parse errors, or fewer moves than its PlyCount header
    (a game still being written at the end of a file);
  * the game is an exact duplicate (same start FEN and moves) of one already read.
Position filters (the position *before* each move of the game; the final position is
never used, since no move was played from it):
  * ply < 8 counted from the game's start FEN (opening-book territory);
  * the side to move is in check;
  * the move played is a capture (en passant included) or a promotion;
  * the mover's score in the move's comment is a mate score (``M``) or |score| >= 100;
  * the halfmove (50-move) clock is > 80.
Then ``--sample-every K`` keeps every K-th surviving position of each game, positions
are deduplicated across all input on the first four FEN fields (first one wins), and
the lines are shuffled with ``random.Random(--seed)``.  A summary goes to stderr.
"""
import argparse
import collections
import gzip
import random
import re
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1.0", "0-1": "0.0", "1/2-1/2": "0.5"}
BAD_TERMINATIONS = {"time forfeit", "illegal move", "crash", "stall", "protocol error"}
BAD_REASON = re.compile(r"on time|timeout|illegal|disconnect|stall|fails to start", re.I)
SCORE = re.compile(r"^\s*([-+]?)(M?)(\d+(?:\.\d+)?)/\d+")
MIN_PLY, MAX_HALFMOVE, HUGE_SCORE = 8, 80, 100.0


def open_pgn(path):
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def read_games(path):
    with open_pgn(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            yield game


def game_skip_reason(game):
    """Why a whole game is unusable, or None if it is fine."""
    h = game.headers
    if h.get("Result") not in RESULTS:
        return "no result"
    if h.get("Termination", "normal").lower() in BAD_TERMINATIONS:
        return "bad termination"
    if BAD_REASON.search(game.end().comment or ""):
        return "bad termination"
    plies = sum(1 for _ in game.mainline_moves())
    if game.errors or ("PlyCount" in h and plies < int(h["PlyCount"])):
        return "incomplete"
    return None


def is_mate_comment(comment):
    """True if the comment's score is a mate score or implausibly large."""
    m = SCORE.match(comment or "")
    return bool(m) and (m.group(2) == "M" or float(m.group(3)) >= HUGE_SCORE)


def white_centipawns(comment, white_to_move):
    """The comment's score in centipawns from White's side, or None without one."""
    m = SCORE.match(comment or "")
    if not m or m.group(2) == "M":
        return None
    pawns = float(m.group(3)) * (-1 if m.group(1) == "-" else 1)
    return round(100 * pawns) * (1 if white_to_move else -1)


def quiet_positions(game):
    """Yield (FEN, White's score in centipawns or None) for each of a game's positions that
    pass the position filters."""
    board = game.board()
    for ply, node in enumerate(game.mainline()):
        move = node.move
        if (ply >= MIN_PLY and not board.is_check() and not board.is_capture(move)
                and move.promotion is None and not is_mate_comment(node.comment)
                and board.halfmove_clock <= MAX_HALFMOVE):
            yield board.fen(), white_centipawns(node.comment, board.turn == chess.WHITE)
        board.push(move)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgns", nargs="+", help="PGN files (.pgn or .pgn.gz)")
    ap.add_argument("--out", help="output file (default stdout)")
    ap.add_argument("--sample-every", type=int, default=1, metavar="K")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--with-score", action="store_true",
                    help="add the search's score (White's side, centipawns) as a third field")
    args = ap.parse_args()

    stats = collections.Counter()
    seen_games, seen_fens, lines = set(), set(), []
    for path in args.pgns:
        for game in read_games(path):
            stats["games read"] += 1
            reason = game_skip_reason(game)
            key = (game.headers.get("FEN", ""), " ".join(m.uci() for m in game.mainline_moves()))
            if reason is None and key in seen_games:
                reason = "duplicate game"
            if reason:
                stats["skipped: " + reason] += 1
                continue
            seen_games.add(key)
            stats["games used"] += 1
            result = RESULTS[game.headers["Result"]]
            for i, (fen, score) in enumerate(quiet_positions(game)):
                ident = " ".join(fen.split()[:4])
                if i % args.sample_every or ident in seen_fens:
                    continue
                seen_fens.add(ident)
                scored = args.with_score and score is not None
                lines.append(f"{fen};{result};{score}" if scored else f"{fen};{result}")
                stats["result " + result] += 1

    random.Random(args.seed).shuffle(lines)
    out = open(args.out, "w") if args.out else sys.stdout
    out.writelines(line + "\n" for line in lines)
    if args.out:
        out.close()
    print(f"files: {len(args.pgns)}", file=sys.stderr)
    for name in ["games read", "games used"] + sorted(k for k in stats if k.startswith("skipped")):
        print(f"{name}: {stats[name]}", file=sys.stderr)
    print(f"positions written: {len(lines)}", file=sys.stderr)
    for r in ("1.0", "0.5", "0.0"):
        n = stats["result " + r]
        print(f"  {r}: {n} ({100 * n / max(len(lines), 1):.1f}%)", file=sys.stderr)


if __name__ == "__main__":
    main()
