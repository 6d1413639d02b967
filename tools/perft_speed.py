#!/usr/bin/env python3
"""Perft speed of Maxim against another UCI engine (Stockfish 15.1), side by side.

Each engine gets the same UCI session: `position ...` and `go perft N` for the start position
(perft 6), Kiwipete (perft 5), and optionally every position of a Chess960 perft file at one
depth (with UCI_Chess960 on). The session is timed as a whole, from the first command to the
last `Nodes searched` line, best of RUNS; the counts are checked against the known values.
Run it on an idle machine.

    tools/perft_speed.py target/release/maxim /usr/games/stockfish [RUNS] [FRC_FILE FRC_DEPTH]
"""

import subprocess
import sys
import threading
import time

START = ("startpos", 6, 119_060_324)
KIWIPETE = ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690)


def session(engine, cases, chess960):
    """Runs `go perft` for every (position, depth, expected) case in one process; returns the
    seconds from the first command to the last count, after checking every count."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    proc.stdin.write("uci\n")
    if chess960:
        proc.stdin.write("setoption name UCI_Chess960 value true\n")
    proc.stdin.write("isready\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    begin = time.perf_counter()
    # Written from a thread: an engine that reads its input only between commands would
    # otherwise fill its output pipe while this side is still writing.
    commands = "".join(f"position {position}\ngo perft {depth}\n" for position, depth, _ in cases)
    writer = threading.Thread(target=lambda: (proc.stdin.write(commands), proc.stdin.flush()))
    writer.start()
    counts = []
    for line in proc.stdout:
        if line.startswith("Nodes searched"):
            counts.append(int(line.split(":")[1]))
            if len(counts) == len(cases):
                break
    elapsed = time.perf_counter() - begin
    writer.join()
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    for (position, depth, expected), count in zip(cases, counts):
        if expected is not None and count != expected:
            sys.exit(f"{engine}: perft {depth} of {position}: {count}, expected {expected}")
    return elapsed, sum(counts)


def frc_cases(path, depth):
    cases = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split(";")
        expected = None
        for field in fields[1:]:
            parts = field.split()
            if parts and parts[0] == f"D{depth}":
                expected = int(parts[1])
        cases.append((f"fen {fields[0].strip()}", depth, expected))
    return cases


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    maxim, other = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rows = [("start, perft 6", [START], False), ("Kiwipete, perft 5", [KIWIPETE], False)]
    if len(sys.argv) > 5:
        depth = int(sys.argv[5])
        cases = frc_cases(sys.argv[4], depth)
        rows.append((f"{len(cases)} Chess960 positions, perft {depth} each", cases, True))
    print("| position | nodes | Maxim | other | Maxim's speed / other's |")
    print("|---|---:|---:|---:|---:|")
    for name, cases, chess960 in rows:
        best = {}
        for _ in range(runs):
            for engine in (maxim, other):
                elapsed, nodes = session(engine, cases, chess960)
                best[engine] = min(best.get(engine, elapsed), elapsed)
        mine, theirs = best[maxim], best[other]
        print(
            f"| {name} | {nodes:,} | {mine:.3f} s, {nodes / mine / 1e6:.0f} M/s "
            f"| {theirs:.3f} s, {nodes / theirs / 1e6:.0f} M/s | {theirs / mine:.2f} |"
        )


if __name__ == "__main__":
    main()
