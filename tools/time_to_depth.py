#!/usr/bin/env python3
"""Time to depth: how long an engine takes to finish `go depth N` from a fresh table.

    python3 tools/time_to_depth.py ENGINE [DEPTH] [RUNS] [MULTIPV]

Each run starts a new engine process, sends `ucinewgame`, the position and `go depth N`, and
times from the `go` to the `bestmove`. Prints, per position, the median of RUNS runs (default
5) with the node count of the last `info` line. MULTIPV (default 1) is set with `setoption`
before each run. Only Python 3's standard library is needed.
"""
import statistics
import subprocess
import sys
import time

POSITIONS = {
    "start": "startpos",
    "kiwipete": "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}


def one_run(engine, position, depth, options=None):
    """One fresh process: `setoption` for each of `options`, `ucinewgame`, `go depth`.
    Returns the seconds from `go` to `bestmove`, the last `info` line's nodes and nps, and the
    move."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    send = lambda line: (proc.stdin.write(line + "\n"), proc.stdin.flush())
    send("uci")
    for name, value in (options or {}).items():
        send(f"setoption name {name} value {value}")
    send("ucinewgame")
    send(f"position {position}")
    send("isready")
    while proc.stdout.readline().strip() != "readyok":
        pass
    start = time.perf_counter()
    send(f"go depth {depth}")
    nodes = nps = 0
    for line in proc.stdout:
        words = line.split()
        if "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
        if "nps" in words:
            nps = int(words[words.index("nps") + 1])
        if line.startswith("bestmove"):
            elapsed = time.perf_counter() - start
            break
    send("quit")
    proc.wait()
    return elapsed, nodes, nps, line.split()[1]


def main():
    engine = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    multipv = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    for name, position in POSITIONS.items():
        results = [one_run(engine, position, depth, {"MultiPV": multipv}) for _ in range(runs)]
        times = sorted(r[0] for r in results)
        print(f"{name:9} multipv {multipv} depth {depth}: median {statistics.median(times) * 1000:7.0f} ms "
              f"(min {times[0] * 1000:.0f}, max {times[-1] * 1000:.0f}), nodes {results[-1][1]}, "
              f"bestmove {results[-1][3]}")


if __name__ == "__main__":
    main()
