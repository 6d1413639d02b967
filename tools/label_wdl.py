#!/usr/bin/env python3
"""Give tuning positions a second label: a strong engine's expected score.

Usage: label_wdl.py [--engine PATH] [--nodes N] [--workers W] [--result-weight L]
                    [--skip S] [--limit K] [--save-scores FILE | --scores FILE] IN.epd OUT.epd

IN holds ``FEN;RESULT`` lines as tools/texel_data.py writes them (the result from
White's point of view); a third field, the search score ``--with-score`` adds, is dropped,
since the stronger engine's judgement takes its place.  For each position the engine
(Stockfish 15.1 by default, with UCI_ShowWDL) searches N nodes; its last ``wdl W D L`` is
the side to move's chances per mille, turned into White's expected score (W + D/2) / 1000.
The output line is ``FEN;LABEL`` with

    LABEL = L * RESULT + (1 - L) * EXPECTED

so the tuner (src/bin/tune/main.rs), which reads any number in [0, 1] as the label, needs
no change.  A game's result says how the game went from there, between two players
of Maxim's strength; the expected score says what a stronger player makes of the
position itself.  Material given for an attack, which Maxim's own games price too
dearly (tools/misjudged.py), is where the two disagree.

W engines run side by side (python-chess's UCI client), one position at a time each; a
position the engine gives no wdl for keeps the game result alone.  Output order is input
order.  A summary goes to stderr.  The output is written at the end, so a long file is best
labelled a slice at a time: ``--skip S --limit K`` labels lines S+1 to S+K.

The searches are the costly part (about 9 ms a position at 5,000 nodes), so
``--save-scores FILE`` keeps the expected scores themselves, one a line in input order ("-"
where the engine gave none; gzip-compressed when FILE ends in .gz), and ``--scores FILE``
reads them back instead of searching, with the same ``--skip`` and ``--limit``: a blend with
another ``--result-weight``, or the same labels on another machine, then takes seconds.
Only the count of scores is checked against the slice, not which positions they belong to.
"""
import argparse
import gzip
import sys
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine


def open_text(path, mode):
    """A text file, gzip-compressed when its name ends in .gz."""
    return gzip.open(path, mode + "t") if path.endswith(".gz") else open(path, mode)


def search_scores(args, lines):
    """The engine's expected score for White in each position, None where it gave no wdl."""
    chunks = [lines[i::args.workers] for i in range(args.workers)]

    def label(chunk):
        out = []
        with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
            engine.configure({"UCI_ShowWDL": True, "Threads": 1, "Hash": 16})
            for n, (fen, _) in enumerate(chunk):
                info = engine.analyse(chess.Board(fen), chess.engine.Limit(nodes=args.nodes))
                out.append(info["wdl"].white().expectation() if "wdl" in info else None)
                if n % 20000 == 0:
                    print(f"worker: {n} of {len(chunk)}", file=sys.stderr, flush=True)
        return out

    with ThreadPoolExecutor(args.workers) as pool:
        results = list(pool.map(label, chunks))
    return [results[i % args.workers][i // args.workers] for i in range(len(lines))]


def read_scores(path, count):
    """Expected scores saved by --save-scores, one a line, "-" where there was none."""
    with open_text(path, "r") as f:
        lines = [line.strip() for line in f if line.strip()]
    try:
        scores = [None if line == "-" else float(line) for line in lines]
    except ValueError as e:
        sys.exit(f"{path}: not a score a line: {e}")
    if len(scores) != count:
        sys.exit(f"{path} holds {len(scores)} scores for {count} positions: "
                 "give the --skip and --limit it was saved with")
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--result-weight", type=float, default=0.5)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first S lines")
    parser.add_argument("--limit", type=int, default=0, help="then label only K lines")
    saved = parser.add_mutually_exclusive_group()
    saved.add_argument("--save-scores", metavar="FILE",
                       help="also write each position's expected score, one a line")
    saved.add_argument("--scores", metavar="FILE",
                       help="take the expected scores from FILE instead of searching")
    parser.add_argument("input")
    parser.add_argument("output")
    args = parser.parse_args()

    with open(args.input) as f:
        lines = [line.strip().split(";")[:2] for line in f if ";" in line]
    lines = lines[args.skip:args.skip + args.limit] if args.limit else lines[args.skip:]
    lines = [(fen, float(result)) for fen, result in lines]
    scores = read_scores(args.scores, len(lines)) if args.scores else search_scores(args, lines)

    if args.save_scores:
        with open_text(args.save_scores, "w") as f:
            for expected in scores:
                f.write("-\n" if expected is None else f"{expected:.4f}\n")

    unlabelled, agree, total = 0, 0, 0
    with open(args.output, "w") as f:
        for (fen, result), expected in zip(lines, scores):
            if expected is None:
                f.write(f"{fen};{result}\n")
                unlabelled += 1
                continue
            blend = args.result_weight * result + (1 - args.result_weight) * expected
            f.write(f"{fen};{blend:.4f}\n")
            total += 1
            agree += (result - 0.5) * (expected - 0.5) > 0 or (result == 0.5 and abs(expected - 0.5) < 0.25)
    print(f"{len(lines)} positions, {unlabelled} kept the result alone; the engine's expected "
          f"score sided with the result in {agree} of {total}", file=sys.stderr)


if __name__ == "__main__":
    main()
