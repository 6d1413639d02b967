#!/usr/bin/env python3
"""Search speed of two builds, measured side by side and interleaved on the same machine.

    python3 tools/speed.py OLD NEW [--bench RUNS] [--suite ROUNDS] [--movetime MS]
                           [--hash MIB] [--positions FILE] [--only N] [--cpu N]
                           [--depth-pairs PAIRS] [--depth D]

Two measures, each alternating the builds run by run (old, new, new, old, ...) so that a
machine that drifts slower or faster over the minutes treats both alike:

* `--bench RUNS` (default 9): `ENGINE bench` RUNS times each. Prints each build's node count
  (they must agree when the change keeps the tree) and the median, lowest and highest nodes
  per second, and the ratio of the medians.
* `--suite ROUNDS` (default 1): every position of `tests/data/speed.epd` (middlegames, late
  middlegames, endgames), each in a fresh engine process with `Hash` MIB (default 64):
  `ucinewgame`, `go movetime MS` (default 5000) for the node rate; then `ucinewgame` and
  `go depth D` for the time to reach depth D, where D is the position's `; depth D` field (the
  depth the reference build completes in about a second). Prints each position's nodes per
  second and time to depth for both, and over all positions the geometric mean of the ratios
  with their lowest and highest.
* `--depth-pairs PAIRS` (default 0): time to depth with many repeats, for changes too small
  for the suite to see. Each build in turn, in a fresh process with `Hash` MIB, searches every
  third position of the file to `--depth` (default 15) from a fresh table; the pair's ratio
  is old total time over new, and the node counts must agree (the same tree). Prints the
  median, quartiles and geometric mean of the ratios.

Every engine process runs on one processor, `--cpu` (default 1; -1 for none), and this script
on another: on the development machine, a process left to move between the two processors ran
anywhere from 0.7 to 1.3 M nodes/s from one run to the next, and one kept on processor 1
within 10%. Run it on an idle machine: timing with a match or a build on the other core is
meaningless. Only Python 3's standard library is needed.
"""
import argparse
import math
import os
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE_CPU = {"cpu": 1}


def pinned():
    """For Popen: runs the child on the engine's processor, if one is set."""
    cpu = ENGINE_CPU["cpu"]
    return (lambda: os.sched_setaffinity(0, {cpu})) if cpu >= 0 else None
DEFAULT_POSITIONS = os.path.join(HERE, "..", "tests", "data", "speed.epd")


def read_positions(path):
    """(fen, depth) per line; the depth comes from a `; depth D` field (12 without one)."""
    positions = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        depth = 12
        for f in fields[1:]:
            if f.startswith("depth "):
                depth = int(f.split()[1])
        positions.append((fields[0], depth))
    return positions


def bench(engine):
    """(nodes, nodes per second) from the last line of `ENGINE bench`."""
    out = subprocess.run([engine, "bench"], capture_output=True, text=True, check=True, preexec_fn=pinned()).stdout
    words = out.strip().splitlines()[-1].split()
    return int(words[0]), int(words[2])


class Engine:
    """One engine process, spoken to over UCI."""

    def __init__(self, path, hash_mib):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, preexec_fn=pinned())
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Hash value {hash_mib}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"the engine ended before '{prefix}'")

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def go(self, fen, limit):
        """Fresh table, then `go LIMIT`: (seconds from go to bestmove, last info's nodes, depth)."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.ready()
        start = time.perf_counter()
        self.send(f"go {limit}")
        nodes = depth = 0
        for line in self.proc.stdout:
            words = line.split()
            if line.startswith("info") and "nodes" in words and "pv" in words:
                nodes = int(words[words.index("nodes") + 1])
                depth = int(words[words.index("depth") + 1])
            if line.startswith("bestmove"):
                return time.perf_counter() - start, nodes, depth
        raise RuntimeError("the engine ended before bestmove")

    def quit(self):
        self.send("quit")
        self.proc.wait()


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def run_bench(old, new, runs):
    """Bench RUNS times each, in pairs run back to back (old first in one pair, new first in
    the next): the machine's speed drifts over tens of seconds, and within a pair both builds
    see nearly the same machine. The ratio is taken per pair."""
    results = {old: [], new: []}
    ratios = []
    for i in range(runs):
        pair = {}
        for engine in (old, new) if i % 2 == 0 else (new, old):
            pair[engine] = bench(engine)
            results[engine].append(pair[engine])
        ratios.append(pair[new][1] / pair[old][1])
    for name, engine in (("old", old), ("new", new)):
        nodes = {n for n, _ in results[engine]}
        rates = sorted(r for _, r in results[engine])
        print(f"bench {name}: nodes {','.join(map(str, sorted(nodes)))}  nodes/s median {statistics.median(rates) / 1e6:.3f} M "
              f"(lowest {rates[0] / 1e6:.3f}, highest {rates[-1] / 1e6:.3f}, {runs} runs)")
    ratios.sort()
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    print(f"bench nodes/s new/old, per pair: median x{statistics.median(ratios):.3f} (quartiles {quartiles[0]:.3f} to "
          f"{quartiles[2]:.3f}, lowest {ratios[0]:.3f}, highest {ratios[-1]:.3f}, {runs} pairs)")


def run_suite(old, new, rounds, movetime, hash_mib, positions):
    nps = {old: [], new: []}
    ttd = {old: [], new: []}
    print(f"{'#':>2} {'old nodes/s':>11} {'new nodes/s':>11} {'ratio':>6} | {'depth':>5} {'old ms':>8} {'new ms':>8} "
          f"{'ratio':>6} {'old nodes':>10} {'new nodes':>10}")
    for index, (fen, depth) in enumerate(positions):
        row = {old: ([], [], []), new: ([], [], [])}
        for r in range(rounds):
            order = (old, new) if (index + r) % 2 == 0 else (new, old)
            for engine in order:
                e = Engine(engine, hash_mib)
                seconds, nodes, _ = e.go(fen, f"movetime {movetime}")
                row[engine][0].append(nodes / seconds)
                seconds, nodes, reached = e.go(fen, f"depth {depth}")
                row[engine][1].append(seconds)
                row[engine][2].append(nodes)
                e.quit()
        rate = {e: statistics.median(row[e][0]) for e in (old, new)}
        took = {e: statistics.median(row[e][1]) for e in (old, new)}
        for e in (old, new):
            nps[e].append(rate[e])
            ttd[e].append(took[e])
        print(f"{index + 1:>2} {rate[old] / 1e6:>9.3f} M {rate[new] / 1e6:>9.3f} M {rate[new] / rate[old]:>6.3f} | "
              f"{depth:>5} {took[old] * 1000:>8.0f} {took[new] * 1000:>8.0f} {took[old] / took[new]:>6.3f} "
              f"{row[old][2][-1]:>10} {row[new][2][-1]:>10}", flush=True)
    speed = [n / o for o, n in zip(nps[old], nps[new])]
    sooner = [o / n for o, n in zip(ttd[old], ttd[new])]
    print(f"nodes/s new/old over {len(positions)} positions ({movetime} ms, Hash {hash_mib}): geometric mean "
          f"x{geometric_mean(speed):.3f} (lowest {min(speed):.3f}, highest {max(speed):.3f}); "
          f"old {statistics.mean(nps[old]) / 1e6:.3f} M, new {statistics.mean(nps[new]) / 1e6:.3f} M on average")
    print(f"time to depth old/new: geometric mean x{geometric_mean(sooner):.3f} (lowest {min(sooner):.3f}, "
          f"highest {max(sooner):.3f}); total old {sum(ttd[old]):.2f} s, new {sum(ttd[new]):.2f} s")


def depth_run(engine, hash_mib, depth, positions):
    """(seconds, nodes) of one fresh process searching each position to `depth`."""
    e = Engine(engine, hash_mib)
    seconds = nodes = 0
    for fen, _ in positions:
        took, n, _ = e.go(fen, f"depth {depth}")
        seconds += took
        nodes += n
    e.quit()
    return seconds, nodes


def run_depth_pairs(old, new, pairs, depth, hash_mib, positions):
    positions = positions[::3]
    ratios = []
    for i in range(pairs):
        result = {}
        for engine in (old, new) if i % 2 == 0 else (new, old):
            result[engine] = depth_run(engine, hash_mib, depth, positions)
        if result[old][1] != result[new][1]:
            print(f"the trees differ: {result[old][1]} and {result[new][1]} nodes")
        ratios.append(result[old][0] / result[new][0])
    ratios.sort()
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
    print(f"time to depth {depth} on {len(positions)} positions (Hash {hash_mib}), old/new per pair: median "
          f"x{statistics.median(ratios):.3f} (quartiles {q[0]:.3f} to {q[2]:.3f}), geometric mean "
          f"x{geometric_mean(ratios):.3f}, {pairs} pairs, {result[old][1]} nodes")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--bench", type=int, default=9, help="bench runs of each build (0: none)")
    parser.add_argument("--suite", type=int, default=1, help="rounds over the positions (0: none)")
    parser.add_argument("--movetime", type=int, default=5000)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--positions", default=DEFAULT_POSITIONS)
    parser.add_argument("--only", type=int, default=0, help="just the first N positions")
    parser.add_argument("--cpu", type=int, default=1, help="the processor the engines run on (-1: any)")
    parser.add_argument("--depth-pairs", type=int, default=0, help="pairs of fixed-depth runs (0: none)")
    parser.add_argument("--depth", type=int, default=15, help="the depth of --depth-pairs")
    args = parser.parse_args()
    ENGINE_CPU["cpu"] = args.cpu
    if args.cpu >= 0 and os.cpu_count() > 1:
        os.sched_setaffinity(0, set(range(os.cpu_count())) - {args.cpu})
    old, new = os.path.abspath(args.old), os.path.abspath(args.new)
    if args.bench:
        run_bench(old, new, args.bench)
    positions = read_positions(args.positions)
    if args.only:
        positions = positions[: args.only]
    if args.suite:
        run_suite(old, new, args.suite, args.movetime, args.hash, positions)
    if args.depth_pairs:
        run_depth_pairs(old, new, args.depth_pairs, args.depth, args.hash, positions)


if __name__ == "__main__":
    main()
