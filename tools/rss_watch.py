#!/usr/bin/env python3
"""RSS of every running engine process whose command line contains NAME, sampled from /proc
(Linux) every INTERVAL seconds until stopped (Ctrl-C or SIGTERM), then a table per process:
its first, largest and last RSS, its threads, and how long it was watched. For the soak:
does a long-lived engine process stay within Hash + 16 MiB, and does it grow over a soak?

    tools/rss_watch.py NAME [INTERVAL] > rss.txt
"""
import os
import signal
import sys
import time


def status(pid: str) -> dict:
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def engines(name: str):
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        if name in cmd.split(" ")[0]:
            yield pid, cmd


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    name, interval = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    seen = {}  # pid -> [cmd, first, peak, last, threads, start, end]
    running = True

    def stop(*_):
        nonlocal running
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while running:
        now = time.monotonic()
        for pid, cmd in engines(name):
            try:
                fields = status(pid)
            except OSError:
                continue
            rss = int(fields.get("VmRSS", "0 kB").split()[0]) / 1024
            threads = int(fields.get("Threads", "0"))
            entry = seen.setdefault(pid, [cmd, rss, rss, rss, threads, now, now])
            entry[2], entry[3], entry[4], entry[6] = max(entry[2], rss), rss, max(entry[4], threads), now
        time.sleep(interval)
    print("| pid | command | first RSS MiB | peak RSS MiB | last RSS MiB | threads | watched s |")
    print("|---|---|---|---|---|---|---|")
    for pid, (cmd, first, peak, last, threads, start, end) in sorted(seen.items(), key=lambda e: e[1][5]):
        print(f"| {pid} | {cmd} | {first:.1f} | {peak:.1f} | {last:.1f} | {threads} | {end - start:.0f} |")


if __name__ == "__main__":
    main()
