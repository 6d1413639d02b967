#!/usr/bin/env python3
"""Lazy SMP speed: nodes per second and time to a depth with 1 and 2 threads, side by side.

    python3 tools/smp_speed.py [ENGINE] [DEPTH] [RUNS]

For each position (the start, Kiwipete, bench position 12) and each thread count, RUNS fresh
engine processes (default 3) each run `ucinewgame` and `go depth DEPTH` (default 16); the
median time, the median nodes per second of the final `info`, and the ratios of 2 threads to 1
are printed. Lazy SMP searches differ from run to run, hence the median. Run it on an idle
machine; only Python 3's standard library is needed (and `time_to_depth.py` beside it, whose
run it uses).
"""
import statistics
import sys

from time_to_depth import POSITIONS as TTD_POSITIONS, one_run

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./target/release/maxim"
DEPTH = int(sys.argv[2]) if len(sys.argv) > 2 else 16
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
POSITIONS = {
    **TTD_POSITIONS,
    "bench 12": "fen r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12",
}


def run(position, threads):
    elapsed, _, nps, _ = one_run(ENGINE, position, DEPTH, {"Threads": threads})
    return elapsed, nps


print(f"{ENGINE}, go depth {DEPTH}, median of {RUNS} runs")
for name, position in POSITIONS.items():
    row = {}
    for threads in (1, 2):
        results = [run(position, threads) for _ in range(RUNS)]
        row[threads] = (statistics.median(r[0] for r in results), statistics.median(r[1] for r in results))
    (t1, n1), (t2, n2) = row[1], row[2]
    print(f"{name:9} 1 thread {t1 * 1000:7.0f} ms {n1 / 1e6:5.2f} M nodes/s | 2 threads {t2 * 1000:7.0f} ms "
          f"{n2 / 1e6:5.2f} M nodes/s | time to depth x{t1 / t2:.2f}, nodes/s x{n2 / max(n1, 1):.2f}")
