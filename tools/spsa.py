#!/usr/bin/env python3
"""SPSA tuning of the search parameters of Maxim's tune build, with fastchess.

    python3 tools/spsa.py --engine PATH --state STATE.json [--iterations N] [--pairs 4]
                          [--tc 2+0.02] [--concurrency 2] [--params NAME,NAME] [--seed S]
    python3 tools/spsa.py --state STATE.json --print

The engine must be built with the feature `tune` (docs/tuning.md): its `tunables` command
lists the parameters as OpenBench's SPSA input, `NAME, int, value, min, max, c_end, r_end`,
which is the one place their ranges and steps are written. The method is OpenBench's form of
SPSA (simultaneous perturbation stochastic approximation). For N iterations, per parameter:

    c = c_end * N^gamma        a_end = r_end * c_end^2        a = a_end * (A + N)^alpha
    at iteration k (0-based):  c_k = c / (k + 1)^gamma        a_k = a / (A + k + 1)^alpha

with alpha 0.602, gamma 0.101 and A = N / 10. Each iteration draws a sign delta = +-1 per
parameter, plays `pairs` game pairs (each opening with both colours) of the engine set to
round(theta + c_k * delta) ("plus") against the engine set to round(theta - c_k * delta)
("minus"), and moves theta by a_k / c_k * (wins - losses of plus) * delta, within the range.
theta is kept as a float; the engine gets it rounded.

The state file holds theta, the number of iterations played, the seed every iteration's
random draws come from, and the totals; it is replaced atomically after each iteration, so
rerunning with the same state continues where it stopped. Beside it: STATE.csv (one line per
iteration: k, wins, losses, draws, then theta), STATE.pgn (every game, appended). Ctrl-C or
SIGTERM stops the games under way and discards that iteration; nothing is left half written
(the PGN keeps the games that iteration finished: it is a record, not the state).
Time losses, illegal moves, crashes and stalls are counted and reported: a tuner that
rewards them is tuning the wrong thing. `--print` shows the current values as `setoption`
lines and as a table. Needs only Python 3 and fastchess on PATH.
"""

import argparse
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ALPHA = 0.602
GAMMA = 0.101
A_SHARE = 0.1  # A = A_SHARE * N
DEFAULTS = {"iterations": 2000, "pairs": 4, "tc": "2+0.02", "concurrency": 2}
STATE_VERSION = 1
OPENINGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "openings.epd"
TUNABLE_LINE = re.compile(
    r"^(\w+), int, (-?\d+), (-?\d+), (-?\d+), ([0-9.eE+-]+), ([0-9.eE+-]+)$"
)
RESULT_LINE = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")
# The endings fastchess writes on a "Finished game" line that are the engine's fault.
FAULTS = {
    "timeouts": ("loses on time",),
    "illegal": ("illegal move",),
    "crashes": ("disconnects", "crash"),
    "stalls": ("stalls",),
}


def read_tunables(engine):
    """The engine's parameters, from its `tunables` command, as dicts in its order."""
    try:
        done = subprocess.run(
            [engine], input="tunables\nquit\n", capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit(f"spsa: cannot ask {engine} for its parameters: {e}")
    params = []
    for line in done.stdout.splitlines():
        m = TUNABLE_LINE.match(line.strip())
        if m:
            name, value, lo, hi, c_end, r_end = m.groups()
            params.append({
                "name": name, "default": int(value), "min": int(lo), "max": int(hi),
                "c_end": float(c_end), "r_end": float(r_end),
            })
    if not params:
        sys.exit(f"spsa: {engine} lists no parameters: build it with `--features tune`")
    return params


def new_state(args):
    """The state of a new run: every chosen parameter at the engine's value."""
    params = read_tunables(args.engine)
    if args.params:
        wanted = [n.strip().upper() for n in args.params.split(",") if n.strip()]
        known = {p["name"] for p in params}
        unknown = [n for n in wanted if n not in known]
        if unknown:
            sys.exit(f"spsa: the engine has no parameter {', '.join(unknown)}")
        params = [p for p in params if p["name"] in wanted]
    for p in params:
        p["theta"] = float(p["default"])
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    return {
        "version": STATE_VERSION,
        "engine": str(Path(args.engine).resolve()),
        "iterations": args.iterations or DEFAULTS["iterations"],
        "pairs": args.pairs or DEFAULTS["pairs"],
        "tc": args.tc or DEFAULTS["tc"],
        "concurrency": args.concurrency or DEFAULTS["concurrency"],
        "seed": seed,
        "k": 0,
        "params": params,
        "totals": {"games": 0, "wins": 0, "losses": 0, "draws": 0,
                   **{fault: 0 for fault in FAULTS}},
    }


def resume_state(args, state):
    """Checks a saved state against this command line; the time control, concurrency and
    engine path may change between sessions, the schedule may not."""
    if state.get("version") != STATE_VERSION:
        sys.exit(f"spsa: {args.state} is not a state file of this version")
    for key in ("iterations", "pairs"):
        given = getattr(args, key)
        if given is not None and given != state[key]:
            sys.exit(f"spsa: this run has --{key} {state[key]}; it cannot change when resumed")
    if args.params:
        wanted = [n.strip().upper() for n in args.params.split(",") if n.strip()]
        if wanted != [p["name"] for p in state["params"]]:
            sys.exit("spsa: this run tunes other parameters; --params cannot change")
    for key in ("tc", "concurrency"):
        if getattr(args, key) is not None:
            state[key] = getattr(args, key)
    if args.engine:
        engine = str(Path(args.engine).resolve())
        ranges = {p["name"]: (p["min"], p["max"]) for p in read_tunables(engine)}
        for p in state["params"]:
            if ranges.get(p["name"]) != (p["min"], p["max"]):
                sys.exit(f"spsa: {engine} does not have {p['name']} in {p['min']}..{p['max']}")
        if engine != state["engine"]:
            print(f"spsa: engine is now {engine} (was {state['engine']})", file=sys.stderr)
            state["engine"] = engine
    return state


def write_atomically(path, text):
    """Replaces `path` by `text` all at once: a reader, or a crash, sees the old or the new."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def csv_path(state_path):
    return state_path.with_suffix(".csv")


def trim_csv(state_path, state):
    """Starts STATE.csv, or drops lines past the saved state (an iteration logged but not
    saved, when the machine went down between the two)."""
    path = csv_path(state_path)
    header = "k,wins,losses,draws," + ",".join(p["name"] for p in state["params"])
    if not path.exists():
        write_atomically(path, header + "\n")
        return
    lines = path.read_text().splitlines()
    kept = [lines[0]] + [l for l in lines[1:] if l and int(l.split(",")[0]) <= state["k"]]
    if len(kept) != len(lines):
        write_atomically(path, "\n".join(kept) + "\n")


def gains(state, p, k):
    """(c_k, a_k) of parameter `p` at iteration `k` (0-based)."""
    n = state["iterations"]
    big_a = A_SHARE * n
    c = p["c_end"] * n**GAMMA
    a = p["r_end"] * p["c_end"] ** 2 * (big_a + n) ** ALPHA
    return c / (k + 1) ** GAMMA, a / (big_a + k + 1) ** ALPHA


def clamp(p, x):
    return min(max(x, p["min"]), p["max"])


class Stopper:
    """SIGINT and SIGTERM: stop the games under way (the iteration is then discarded) and let
    the loop end at its next check; never in the middle of writing the state."""

    def __init__(self):
        self.requested = False
        self.child = None

    def __call__(self, signum, frame):
        self.requested = True
        if self.child is not None and self.child.poll() is None:
            try:
                os.killpg(self.child.pid, signal.SIGINT)
            except ProcessLookupError:
                pass


def fastchess_command(state, state_path, plus, minus, srand):
    names = [p["name"] for p in state["params"]]
    engine = state["engine"]
    cmd = ["fastchess"]
    for side, values in (("plus", plus), ("minus", minus)):
        cmd += ["-engine", f"cmd={engine}", f"name={side}"]
        cmd += [f"option.{n}={v}" for n, v in zip(names, values)]
    cmd += ["-each", f"tc={state['tc']}", "option.Hash=16", "option.Threads=1",
            "-openings", f"file={OPENINGS}", "format=epd", "order=random", "-srand", str(srand),
            "-rounds", str(state["pairs"]), "-games", "2", "-repeat",
            "-concurrency", str(state["concurrency"]), "-recover",
            "-resign", "movecount=3", "score=600", "twosided=true",
            "-draw", "movenumber=40", "movecount=8", "score=10",
            "-pgnout", f"file={state_path.with_suffix('.pgn')}",
            "-config", f"outname={state_path.with_suffix('.fastchess.json')}"]
    return cmd


def play(cmd, stopper):
    """Runs fastchess in a process group of its own (so a stop reaches its engines too) and
    returns its output, or None when stopped."""
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    stopper.child = child
    try:
        output, _ = child.communicate()
    finally:
        if child.poll() is None:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()
        stopper.child = None
    if stopper.requested:
        return None
    if child.returncode != 0:
        tail = "\n".join(output.splitlines()[-15:])
        sys.exit(f"spsa: fastchess failed (exit {child.returncode}); the iteration is not "
                 f"counted:\n{tail}")
    return output


def results(output):
    """(games, wins, losses, draws) of plus from fastchess's last summary, and the faults."""
    found = RESULT_LINE.findall(output)
    if not found:
        sys.exit("spsa: no 'Games: N, Wins: W, ...' line in fastchess's output")
    games, wins, losses, draws = map(int, found[-1])
    faults = {fault: 0 for fault in FAULTS}
    lines = []
    for line in output.splitlines():
        if not line.startswith("Finished game"):
            continue
        for fault, words in FAULTS.items():
            if any(w in line for w in words):
                faults[fault] += 1
                lines.append(line)
                break
    return (games, wins, losses, draws), faults, lines


def iterate(state, state_path, stopper):
    """Plays iteration k and updates `state`; returns False when stopped (nothing changed)."""
    k = state["k"]
    rng = random.Random(f"{state['seed']}-{k}")
    deltas = [rng.choice((-1, 1)) for _ in state["params"]]
    srand = rng.randrange(1, 2**31)
    steps = [gains(state, p, k) for p in state["params"]]
    plus = [clamp(p, round(p["theta"] + c * d)) for p, (c, _), d in zip(state["params"], steps, deltas)]
    minus = [clamp(p, round(p["theta"] - c * d)) for p, (c, _), d in zip(state["params"], steps, deltas)]
    output = play(fastchess_command(state, state_path, plus, minus, srand), stopper)
    if output is None:
        return False
    (games, wins, losses, draws), faults, fault_lines = results(output)
    for p, (c, a), d in zip(state["params"], steps, deltas):
        p["theta"] = clamp(p, p["theta"] + a / c * (wins - losses) * d)
    state["k"] = k + 1
    totals = state["totals"]
    for key, value in (("games", games), ("wins", wins), ("losses", losses), ("draws", draws), *faults.items()):
        totals[key] += value
    # The line first, then the state: a crash between them leaves a line that trim_csv drops.
    with open(csv_path(state_path), "a") as f:
        thetas = ",".join(f"{p['theta']:.4f}" for p in state["params"])
        f.write(f"{k + 1},{wins},{losses},{draws},{thetas}\n")
        f.flush()
        os.fsync(f.fileno())
    write_atomically(state_path, json.dumps(state, indent=1) + "\n")
    expected = 2 * state["pairs"]
    note = "" if games == expected else f" (of {expected} games)"
    print(f"iteration {k + 1}/{state['iterations']}: plus {wins}-{losses}-{draws}{note}", flush=True)
    if fault_lines:
        print(f"spsa: warning: {', '.join(f'{n} {v}' for n, v in faults.items() if v)} in iteration "
              f"{k + 1}:", file=sys.stderr)
        for line in fault_lines[:5]:
            print(f"  {line}", file=sys.stderr)
    return True


def print_state(state):
    """The current values: `setoption` lines, then a table with the defaults and ranges."""
    for p in state["params"]:
        print(f"setoption name {p['name']} value {round(p['theta'])}")
    print()
    print(f"{'parameter':<22}{'value':>7}{'theta':>11}{'default':>9}{'min':>7}{'max':>7}")
    for p in state["params"]:
        print(f"{p['name']:<22}{round(p['theta']):>7}{p['theta']:>11.2f}{p['default']:>9}"
              f"{p['min']:>7}{p['max']:>7}")
    t = state["totals"]
    faults = ", ".join(f"{n} {t[n]}" for n in FAULTS)
    print(f"\n{state['k']}/{state['iterations']} iterations, {t['games']} games, plus "
          f"{t['wins']}-{t['losses']}-{t['draws']}; {faults}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", help="the tune build of maxim")
    parser.add_argument("--state", required=True, type=Path, help="state file (JSON)")
    parser.add_argument("--iterations", type=int, help=f"N (default {DEFAULTS['iterations']})")
    parser.add_argument("--pairs", type=int, help=f"game pairs per iteration (default {DEFAULTS['pairs']})")
    parser.add_argument("--tc", help=f"time control (default {DEFAULTS['tc']})")
    parser.add_argument("--concurrency", type=int, help=f"games at once (default {DEFAULTS['concurrency']})")
    parser.add_argument("--params", help="the parameters to tune, comma-separated (default all)")
    parser.add_argument("--seed", type=int, help="seed of a new run (default random)")
    parser.add_argument("--print", action="store_true", help="show the current values and stop")
    args = parser.parse_args()
    for key in ("iterations", "pairs", "concurrency"):
        if getattr(args, key) is not None and getattr(args, key) < 1:
            parser.error(f"--{key} must be at least 1")

    state_path = args.state.resolve()
    if args.print:
        if not state_path.exists():
            sys.exit(f"spsa: no state at {state_path}")
        print_state(json.loads(state_path.read_text()))
        return
    if not args.engine:
        parser.error("--engine is needed to play")
    if state_path.exists():
        state = resume_state(args, json.loads(state_path.read_text()))
    else:
        state_path.parent.mkdir(parents=True, exist_ok=True)
        state = new_state(args)
    write_atomically(state_path, json.dumps(state, indent=1) + "\n")
    trim_csv(state_path, state)

    stopper = Stopper()
    signal.signal(signal.SIGINT, stopper)
    signal.signal(signal.SIGTERM, stopper)
    names = ", ".join(p["name"] for p in state["params"])
    print(f"spsa: {len(state['params'])} parameters ({names}); iteration {state['k']} of "
          f"{state['iterations']}, {state['pairs']} pairs at {state['tc']}", flush=True)
    start = time.monotonic()
    while state["k"] < state["iterations"] and not stopper.requested:
        if not iterate(state, state_path, stopper):
            break
    try:
        state_path.with_suffix(".fastchess.json").unlink()
    except FileNotFoundError:
        pass
    minutes = (time.monotonic() - start) / 60
    if stopper.requested:
        print(f"spsa: stopped after {minutes:.1f} min; the state keeps {state['k']} iterations",
              file=sys.stderr)
        sys.exit(130)
    print(f"spsa: {state['k']} of {state['iterations']} iterations done ({minutes:.1f} min)")
    print_state(state)


if __name__ == "__main__":
    main()
