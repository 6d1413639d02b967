#!/usr/bin/env python3
"""Memory and table timing: RSS at several Hash sizes and thread counts, and how long
`setoption name Hash` and `ucinewgame` take to be answered by `isready`.

    python3 tools/memory.py [ENGINE]

For each Hash (16, 256, 1024 MiB) and Threads (1, 2, 8): a fresh process sets both, then
searches the start position to depth 12, then plays a second game (`ucinewgame`, the same
search); RSS (from /proc, Linux) is printed after the options are set, after the first search
and after the second game, whose table was cleared. Then Hash 4096 alone: the time from `setoption` to `readyok`. Only Python 3's
standard library is needed.
"""
import subprocess
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./target/release/maxim"


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return

    def sync(self):
        start = time.perf_counter()
        self.send("isready")
        self.wait("readyok")
        return (time.perf_counter() - start) * 1000

    def rss_mib(self):
        for line in open(f"/proc/{self.p.pid}/status"):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024

    def quit(self):
        self.send("quit")
        self.p.wait()


for hash_mib in (16, 256, 1024):
    for threads in (1, 2, 8):
        e = Engine()
        e.send(f"setoption name Hash value {hash_mib}")
        e.send(f"setoption name Threads value {threads}")
        e.sync()
        idle = e.rss_mib()
        e.send("position startpos")
        e.send("go depth 12")
        e.wait("bestmove")
        first = e.rss_mib()
        e.send("ucinewgame")
        e.send("position startpos")
        e.send("go depth 12")
        e.wait("bestmove")
        print(
            f"Hash {hash_mib:5} MiB, Threads {threads}: RSS {idle:7.1f} MiB idle, {first:7.1f} MiB after go depth 12,"
            f" {e.rss_mib():7.1f} MiB after ucinewgame and the same search"
        )
        e.quit()

e = Engine()
start = time.perf_counter()
e.send("setoption name Hash value 4096")
e.sync()
set_ms = (time.perf_counter() - start) * 1000
rss = e.rss_mib()
start = time.perf_counter()
e.send("ucinewgame")
e.sync()
clear_ms = (time.perf_counter() - start) * 1000
print(f"Hash 4096: setoption to readyok {set_ms:.1f} ms (RSS {rss:.1f} MiB), ucinewgame to readyok {clear_ms:.1f} ms")
e.quit()
