#!/usr/bin/env python3
"""Nodes per second and table hits with and without Syzygy tables, on endgame positions.

Searches each of the first N positions of an EPD file for a fixed time, once with
`SyzygyPath` set and once without, in one engine process per setting (Hash cleared before each
position), and prints the total nodes, the node rate and the table hits of each setting.
Run it on an otherwise idle machine: it measures time.

    python3 tools/syzygy_speed.py --engine target/release/maxim --tables tests/data/syzygy \\
        [--epd tests/data/endgames.epd] [--positions 50] [--ms 2000]

Needs python-chess.
"""
import argparse

import chess
import chess.engine


def run(engine_path, positions, ms, tables):
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    if tables:
        engine.configure({"SyzygyPath": tables})
    nodes = hits = time_ms = 0
    try:
        for fen in positions:
            engine.configure({"Clear Hash": None})
            info = engine.analyse(chess.Board(fen), chess.engine.Limit(time=ms / 1000))
            nodes += info.get("nodes", 0)
            hits += info.get("tbhits", 0)
            time_ms += int(info.get("time", 0) * 1000)
    finally:
        engine.quit()
    return nodes, hits, time_ms


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--tables", required=True)
    parser.add_argument("--epd", default="tests/data/endgames.epd")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--ms", type=int, default=2000)
    args = parser.parse_args()
    with open(args.epd) as f:
        positions = [" ".join(line.split()[:4]) + " 0 1" for line in f if line.strip()][: args.positions]
    print(f"{len(positions)} positions of {args.epd}, {args.ms} ms each")
    print(f"{'tables':8} {'nodes':>12} {'nodes/s':>10} {'tbhits':>10} {'hits/s':>8}")
    for label, tables in (("without", None), ("with", args.tables)):
        nodes, hits, time_ms = run(args.engine, positions, args.ms, tables)
        seconds = max(time_ms, 1) / 1000
        print(f"{label:8} {nodes:12} {nodes / seconds:10.0f} {hits:10} {hits / seconds:8.0f}")


if __name__ == "__main__":
    main()
