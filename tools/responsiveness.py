#!/usr/bin/env python3
"""Measures Maxim's protocol latencies: how fast the front end answers.

  uci -> uciok at start-up, isready -> readyok mid-search, stop -> bestmove, and the
  overshoot of `go movetime`. Each is measured N times; min / median / max in ms are printed.

Usage: python3 tools/responsiveness.py [ENGINE] [N] [THREADS]
THREADS (default 1) is sent as `setoption name Threads` before each measurement.
Run it on an otherwise idle machine: the figures are wall-clock times.
"""
import statistics
import subprocess
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./target/release/maxim"
N = int(sys.argv[2]) if len(sys.argv) > 2 else 20
THREADS = int(sys.argv[3]) if len(sys.argv) > 3 else 1


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return time.monotonic()

    def wait_for(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return time.monotonic(), line.strip()

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        self.p.wait(timeout=5)


def summary(name, values):
    values = sorted(values)
    print(f"{name:<34} min {values[0]:7.2f}  median {statistics.median(values):7.2f}  "
          f"max {values[-1]:7.2f} ms  (n={len(values)})")


startup, ready, stop, overshoot = [], [], [], []
for _ in range(N):
    t0 = time.monotonic()
    e = Engine()
    e.send("uci")
    t1, _ = e.wait_for("uciok")
    startup.append((t1 - t0) * 1000)
    e.send(f"setoption name Threads value {THREADS}")
    e.send("isready")
    e.wait_for("readyok")

    e.send("position startpos moves e2e4 e7e5")
    e.send("go infinite")
    time.sleep(0.2)
    t0 = e.send("isready")
    t1, _ = e.wait_for("readyok")
    ready.append((t1 - t0) * 1000)
    time.sleep(0.1)
    t0 = e.send("stop")
    t1, _ = e.wait_for("bestmove")
    stop.append((t1 - t0) * 1000)

    t0 = e.send("go movetime 200")
    t1, _ = e.wait_for("bestmove")
    overshoot.append((t1 - t0) * 1000 - 200)
    e.close()

print(f"Threads {THREADS}")
summary("uci -> uciok (process start)", startup)
summary("isready -> readyok mid-search", ready)
summary("stop -> bestmove", stop)
summary("go movetime 200: overshoot", overshoot)
