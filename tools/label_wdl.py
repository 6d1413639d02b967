#!/usr/bin/env python3
"""Give tuning positions a second label: a strong engine's expected score.

Usage: label_wdl.py [--engine PATH] [--nodes N] [--workers W] [--result-weight L]
                    [--skip S] [--limit K] IN.epd OUT.epd

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
"""
import argparse
import sys
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--result-weight", type=float, default=0.5)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first S lines")
    parser.add_argument("--limit", type=int, default=0, help="then label only K lines")
    parser.add_argument("input")
    parser.add_argument("output")
    args = parser.parse_args()

    with open(args.input) as f:
        lines = [line.strip().split(";")[:2] for line in f if ";" in line]
    lines = lines[args.skip:args.skip + args.limit] if args.limit else lines[args.skip:]
    lines = [(fen, float(result)) for fen, result in lines]
    chunks = [lines[i::args.workers] for i in range(args.workers)]

    def label(chunk):
        out = []
        with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
            engine.configure({"UCI_ShowWDL": True, "Threads": 1, "Hash": 16})
            for n, (fen, result) in enumerate(chunk):
                info = engine.analyse(chess.Board(fen), chess.engine.Limit(nodes=args.nodes))
                if "wdl" not in info:
                    out.append((f"{fen};{result}", None))
                else:
                    expected = info["wdl"].white().expectation()
                    blend = args.result_weight * result + (1 - args.result_weight) * expected
                    out.append((f"{fen};{blend:.4f}", expected))
                if n % 20000 == 0:
                    print(f"worker: {n} of {len(chunk)}", file=sys.stderr, flush=True)
        return out

    with ThreadPoolExecutor(args.workers) as pool:
        results = list(pool.map(label, chunks))

    unlabelled, agree, total = 0, 0, 0
    with open(args.output, "w") as f:
        for i in range(len(lines)):
            line, expected = results[i % args.workers][i // args.workers]
            f.write(line + "\n")
            if expected is None:
                unlabelled += 1
                continue
            result = lines[i][1]
            total += 1
            agree += (result - 0.5) * (expected - 0.5) > 0 or (result == 0.5 and abs(expected - 0.5) < 0.25)
    print(f"{len(lines)} positions, {unlabelled} kept the result alone; the engine's expected "
          f"score sided with the result in {agree} of {total}", file=sys.stderr)


if __name__ == "__main__":
    main()
