#!/usr/bin/env python3
"""How promptly Maxim moves at the clock's edges: a clock of 1 ms, of 0 and below
0, the last move before the time control with little left, and increments larger than the time
remaining. Each `go` is sent N times (after `position` with a few moves played, so the
position is an ordinary one); the time from `go` to `bestmove` is measured, and the move
checked against the legal moves (python-chess). min / median / max in ms are printed per form.

    python3 tools/clock_edges.py [ENGINE] [N]

Run it on an otherwise idle machine: the figures are wall-clock times.
"""
import statistics
import subprocess
import sys
import time

import chess

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./target/release/maxim"
N = int(sys.argv[2]) if len(sys.argv) > 2 else 50
MOVES = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]

FORMS = [
    "go wtime 1 btime 1",
    "go wtime 0 btime 0",
    "go wtime -500 btime -500",
    "go wtime -1 btime -1 winc 100 binc 100",
    "go wtime 0 btime 0 winc 0 binc 0 movestogo 1",
    "go wtime 10 btime 10",
    "go wtime 50 btime 50",
    "go wtime 200 btime 200 movestogo 1",
    "go wtime 100 btime 100 winc 2000 binc 2000",
    "go wtime 60 btime 60 winc 5000 binc 5000 movestogo 1",
]


def main() -> None:
    engine = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(line: str) -> float:
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        return time.monotonic()

    def wait(prefix: str) -> str:
        for line in engine.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"the engine closed its output waiting for {prefix!r}")

    send("uci")
    wait("uciok")
    board = chess.Board()
    for m in MOVES:
        board.push_uci(m)
    legal = {m.uci() for m in board.legal_moves}
    print(f"{'go':56} {'min':>6} {'median':>7} {'max':>6}  illegal")
    for form in FORMS:
        times, illegal = [], 0
        for _ in range(N):
            send("ucinewgame")
            send("position startpos moves " + " ".join(MOVES))
            send("isready")
            wait("readyok")
            start = send(form)
            line = wait("bestmove")
            times.append((time.monotonic() - start) * 1000)
            illegal += line.split()[1] not in legal
        print(f"{form:56} {min(times):6.1f} {statistics.median(times):7.1f} {max(times):6.1f}  {illegal}")
    send("quit")
    engine.wait()


if __name__ == "__main__":
    main()
