#!/usr/bin/env python3
"""Where Maxim's evaluation misjudges: in games Maxim lost to Stockfish, the position where
Stockfish's own score first reached a clear advantage, with both engines' static terms there.

Usage: misjudged.py [--maxim PATH] [--stockfish PATH] [--threshold 1.00] [--depth N] [--list] GAMES.pgn[.gz] ...

The PGNs are fastchess's or cutechess's, with a ``{+1.23/15 0.456s}`` comment on every move
(the mover's score). For each game Maxim lost, the position before the first Stockfish move
whose score is at least --threshold pawns is taken (Stockfish saw its advantage there, with
a search), or the first quiet one after it with such a score: no capture just made or about
to be made, no check, so that a static score can be compared. Both engines' ``eval`` commands are asked about it, and their terms are put in
five rough groups that mean much the same in each (Stockfish 15.1 still prints its classical
evaluation's terms beside its network's):

  material   Maxim: material and piece-square values;   Stockfish: material, imbalance
  pawns      pawn structure;                            pawns
  passed     passed pawns;                              passed
  pieces     pieces (and king shelter);                 knights, bishops, rooks, queens
  activity   mobility, king attack, threats;            mobility, king safety, threats, space

Each group is blended by the game phase (Maxim's, 0-24, for both) and given from the winner's
side in centipawns (Stockfish's pawn units times 100). Printed: the medians of each group for
both engines and of their difference, Maxim's and Stockfish's static totals (Stockfish's
network), and with --list each position's FEN and numbers. A group whose median difference is
large is where Maxim lacks or misweights something, in the positions where it matters.

With --depth N, Stockfish also searches each position to depth N (one thread, its default
hash, a new game each time), and the median of that score minus Maxim's static total is
printed: the gap a better evaluation closes. Run it with two Maxim builds on the same games to
compare their evaluations on the same positions.
"""
import argparse
import re
import statistics
import subprocess
import sys

import chess
import chess.pgn

# The match PGNs' readers and their move-comment pattern are texel_data's, beside this file.
from texel_data import SCORE, open_pgn

GROUPS = ["material", "pawns", "passed", "pieces", "activity"]
MAXIM_TERMS = {
    "Material+PSQ": "material",
    "Pawn structure": "pawns",
    "Passed pawns": "passed",
    "Pieces": "pieces",
    "Activity": "activity",
}
SF_TERMS = {
    "Material": "material",
    "Imbalance": "material",
    "Pawns": "pawns",
    "Passed": "passed",
    "Knights": "pieces",
    "Bishops": "pieces",
    "Rooks": "pieces",
    "Queens": "pieces",
    "Mobility": "activity",
    "King safety": "activity",
    "Threats": "activity",
    "Space": "activity",
}


def turning_points(paths, threshold):
    """(game number, FEN, Stockfish's colour, its score) for each game Maxim lost."""
    number = 0
    for path in paths:
        with open_pgn(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                number += 1
                h = game.headers
                sf_white = "stockfish" in h.get("White", "").lower() + h.get("EngineWhiteName", "").lower()
                sf = chess.WHITE if sf_white else chess.BLACK
                if h.get("Result") != ("1-0" if sf == chess.WHITE else "0-1"):
                    continue
                board, reached, last_capture = game.board(), False, False
                for node in game.mainline():
                    m = SCORE.match(node.comment or "")
                    if board.turn == sf and m and not m.group(2):
                        score = float(m.group(3)) * (-1 if m.group(1) == "-" else 1)
                        reached = reached or score >= threshold
                        quiet = not (last_capture or board.is_check() or board.is_capture(node.move))
                        if reached and quiet and score >= threshold:
                            yield number, board.fen(), sf, score
                            break
                    last_capture = board.is_capture(node.move)
                    board.push(node.move)


class Engine:
    """An engine kept running, asked for ``eval`` output one position at a time."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def eval(self, fen):
        self.p.stdin.write(f"position fen {fen}\neval\nisready\n")
        lines = []
        while (line := self.p.stdout.readline()) and line.strip() != "readyok":
            lines.append(line.rstrip("\n"))
        return lines

    def search(self, fen, depth):
        """The score of a `go depth` search, centipawns from the side to move (a mate as 100
        pawns)."""
        self.p.stdin.write(f"ucinewgame\nposition fen {fen}\ngo depth {depth}\n")
        score = 0
        while (line := self.p.stdout.readline()) and not line.startswith("bestmove"):
            m = re.search(r" score (cp|mate) (-?\d+)", line)
            if m:
                value = int(m.group(2))
                score = value if m.group(1) == "cp" else (10_000 if value > 0 else -10_000)
        return score

    def close(self):
        self.p.stdin.write("quit\n")
        self.p.stdin.close()
        self.p.wait()


def maxim_terms(lines):
    """Groups (mg, eg) in centipawns, White's view, and the phase out of 24."""
    groups, phase = {g: [0, 0] for g in GROUPS}, 24
    for line in lines:
        m = re.match(r"^(.+?)\s+\((-?\d+), (-?\d+)\)", line)
        if m and m.group(1).strip() in MAXIM_TERMS:
            g = groups[MAXIM_TERMS[m.group(1).strip()]]
            g[0] += int(m.group(2))
            g[1] += int(m.group(3))
        m = re.match(r"^Phase\s+(\d+)", line)
        if m:
            phase = min(24, int(m.group(1)))
    total = next((int(l.split()[-1]) for l in lines if l.startswith("Total (White)")), 0)
    return groups, phase, total


def sf_terms(lines):
    """Groups (mg, eg) in centipawns, White's view, and the network's score (White's view)."""
    groups = {g: [0.0, 0.0] for g in GROUPS}
    for line in lines:
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= 5 and cells[1] in SF_TERMS:
            mg, eg = cells[4].split()
            g = groups[SF_TERMS[cells[1]]]
            g[0] += 100 * float(mg)
            g[1] += 100 * float(eg)
    nnue = next((float(l.split()[2]) for l in lines if l.startswith("NNUE evaluation")), 0.0)
    return groups, 100 * nnue


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--maxim", default="./target/release/maxim")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--threshold", type=float, default=1.0)
    ap.add_argument("--depth", type=int, default=0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("pgns", nargs="+")
    a = ap.parse_args()
    maxim, sf = Engine(a.maxim), Engine(a.stockfish)
    rows = []
    for number, fen, sf_colour, score in turning_points(a.pgns, a.threshold):
        sign = 1 if sf_colour == chess.WHITE else -1
        mg_groups, phase, m_total = maxim_terms(maxim.eval(fen))
        sf_groups, nnue = sf_terms(sf.eval(fen))
        taper = lambda p: (p[0] * phase + p[1] * (24 - phase)) / 24
        row = {"game": number, "fen": fen, "search": 100 * score, "phase": phase,
               "maxim total": sign * m_total, "sf network": sign * nnue}
        if a.depth:
            row["sf depth"] = sf.search(fen, a.depth)
        for g in GROUPS:
            row[f"maxim {g}"] = sign * taper(mg_groups[g])
            row[f"sf {g}"] = sign * taper(sf_groups[g])
        rows.append(row)
        if a.list:
            print("\t".join([str(number), fen] + [f"{row[k]:.0f}" for k in row if k not in ("game", "fen")]))
    maxim.close()
    sf.close()
    if not rows:
        sys.exit("no game lost by Maxim with a turning point in these files")
    med = lambda key: statistics.median(r[key] for r in rows)
    print(f"{len(rows)} lost games; medians from the winner's side, centipawns "
          f"(Stockfish's pawn units x 100), blended by Maxim's phase (median {med('phase'):.0f}/24)")
    print(f"  Stockfish's search at the turning point: {med('search'):+.0f}")
    print(f"  static totals: Maxim {med('maxim total'):+.0f}, Stockfish's network {med('sf network'):+.0f}")
    if a.depth:
        gap = statistics.median(r["sf depth"] - r["maxim total"] for r in rows)
        print(f"  Stockfish at depth {a.depth}: {med('sf depth'):+.0f}; its score minus Maxim's static total: {gap:+.0f}")
    print(f"  {'group':10} {'Maxim':>7} {'Stockfish':>10} {'difference (SF - Maxim)':>25}")
    for g in GROUPS:
        diff = statistics.median(r[f"sf {g}"] - r[f"maxim {g}"] for r in rows)
        print(f"  {g:10} {med('maxim ' + g):>+7.0f} {med('sf ' + g):>+10.0f} {diff:>+25.0f}")


if __name__ == "__main__":
    main()
