#!/usr/bin/env python3
"""Runs an engine behind a slow pipe: every line, in both directions, is held for MS
milliseconds before it is passed on, as on a loaded Windows machine or under Wine. Lines keep
their order and each is delivered at its own time, however many are in flight; stderr passes
through untouched. Use it as the engine command of a match client or a uci-script:

    python3 tools/latency.py MS ENGINE [ARGS...]
    LAG_MS=MS python3 tools/latency.py ENGINE [ARGS...]

When our stdin closes, the engine's stdin is closed once the lines before it are delivered;
the wrapper exits with the engine's exit code after the engine's last line is delivered.
"""
import os
import queue
import signal
import subprocess
import sys
import threading
import time


def read_lines(stream, pending, lag):
    """Queues each line of stream with the time it is due, then None (end of stream)."""
    for line in iter(stream.readline, b""):
        pending.put((time.monotonic() + lag, line))
    pending.put((time.monotonic() + lag, None))


def deliver(pending, sink, on_end):
    """Writes each queued line to sink when it is due (sleeping, never spinning), flushing
    after every line; calls on_end once the end of the stream is due."""
    broken = False
    while True:
        due, line = pending.get()
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        if line is None:
            on_end()
            return
        if broken:
            continue
        try:
            sink.write(line)
            sink.flush()
        except (BrokenPipeError, ValueError):
            # The reader has gone; keep draining so that the end of the stream still arrives.
            broken = True


def main():
    args = sys.argv[1:]
    try:
        lag_ms = float(args[0])
        args = args[1:]
    except (IndexError, ValueError):
        lag_ms = float(os.environ.get("LAG_MS", "nan"))
    if not args or not lag_ms >= 0:
        sys.exit(__doc__)
    lag = lag_ms / 1000
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    # A client that stops us stops the engine with us.
    signal.signal(signal.SIGTERM, lambda *_: (child.terminate(), os._exit(128 + signal.SIGTERM)))

    def close_child_stdin():
        try:
            child.stdin.close()
        except BrokenPipeError:
            pass

    inbound, outbound = queue.Queue(), queue.Queue()
    for target, stream_args in ((read_lines, (sys.stdin.buffer, inbound, lag)),
                                (deliver, (inbound, child.stdin, close_child_stdin)),
                                (read_lines, (child.stdout, outbound, lag))):
        threading.Thread(target=target, args=stream_args, daemon=True).start()
    deliver(outbound, sys.stdout.buffer, lambda: None)
    code = child.wait()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    # os._exit: a thread may still be blocked reading our stdin, which would stall a normal exit.
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
