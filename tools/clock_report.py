#!/usr/bin/env python3
"""How each engine of a match used its clock, from the PGN that fastchess or cutechess-cli
wrote: per engine its games, score (W-L-D from its own side), losses on time, the lowest its
clock fell (and in which game, at which of its own moves), and its mean think time by its own
move number (1-40, 41-80, 81-120, 121+), as a markdown pipe table; then how many games went
to move 120. With --svg, one game's two clocks are drawn against move number.

    python3 tools/clock_report.py GAMES.pgn[.gz] [--tc TC] [--svg OUT.svg] [--game N]

"Clock" here is the time an engine had left the moment its move arrived, before that move's
increment (and before a new period's time, at 40/10 and the like). Each move's comment gives
its think time (`{+0.56/16 0.412s, tl=9.588s, ...}` from fastchess, `{+0.56/16 0.41s}` from
cutechess-cli). fastchess with `-pgnout ... timeleft=true` also gives the clock after the move
(tl=, which includes the increment and any new period's time); without it the clock is rebuilt
from the TimeControl header (or --tc: 10+0.1, 40/10, 40/1:30+0.5, 0.5/move) the way both
clients keep it: base plus one increment at the start, minus each move's time, plus the
increment after each move, plus the base again after every M-th move of a period of M. Rebuilt
clocks carry cutechess-cli's rounding of long think times (1 decimal from 1 s, none from 10 s).
--game N picks the N-th game of the file (from 1) for the chart; by default the longest.
"""
import argparse
import gzip
import math
import re
import sys
from xml.sax.saxutils import escape

import chess
import chess.pgn

BANDS = ((1, 40), (41, 80), (81, 120), (121, math.inf))
# The think time is the first "<seconds>s" word of a comment's first field; tl= is a later field.
SPENT = re.compile(r"(?:^|\s)(\d+(?:\.\d+)?)s(?=\s|$)")
AFTER = re.compile(r"\btl=(-?\d+(?:\.\d+)?)s")


def parse_tc(text):
    """(moves per period, base, increment, fixed time per move), all times in ms, from a time
    control in the clients' notation; None when there is none or it has no clock (inf, -)."""
    text = (text or "").strip()
    if m := re.fullmatch(r"(\d+(?:\.\d+)?)/move", text):
        return 0, 0.0, 0.0, float(m.group(1)) * 1000
    m = re.fullmatch(r"(?:(\d+)/)?(?:(\d+):)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?", text)
    if not m:
        return None
    moves, minutes, seconds, increment = m.groups()
    base = (int(minutes or 0) * 60 + float(seconds)) * 1000
    return int(moves or 0), base, float(increment or 0) * 1000, 0.0


def timed_moves(game, tc_override):
    """Each side's moves that were on the clock, as (own move number, think ms, clock ms when
    the move arrived, or None when the time control is unknown). Book moves are not timed."""
    headers = game.headers
    tcs, clocks, moves = {}, {}, {chess.WHITE: [], chess.BLACK: []}
    for side, key in ((chess.WHITE, "WhiteTimeControl"), (chess.BLACK, "BlackTimeControl")):
        tcs[side] = parse_tc(tc_override or headers.get(key) or headers.get("TimeControl"))
        if tcs[side]:
            clocks[side] = tcs[side][3] or tcs[side][1] + tcs[side][2]
    board = game.board()
    for node in game.mainline():
        side = board.turn
        board.push(node.move)
        first = (node.comment or "").split(",")[0].strip()
        spent = SPENT.search(first)
        if not spent:
            continue
        spent = float(spent.group(1)) * 1000
        own = len(moves[side]) + 1
        after = AFTER.search(node.comment)
        # fastchess leaves tl= at 0 when the engine printed nothing but its bestmove (the
        # comment then starts with "/0"): that 0 is no clock reading, so rebuild instead.
        after = float(after.group(1)) * 1000 if after else None
        if after == 0 and first.startswith("/"):
            after = None
        left = None
        if tcs[side] is None:
            left = after
        else:
            periods, base, increment, fixed = tcs[side]
            refill = base if periods and own % periods == 0 else 0.0
            if fixed:
                left, clocks[side] = fixed - spent, fixed
            elif after is not None:
                # A negative tl= is fastchess's reading on a flag fall: no increment was added.
                left = after - refill - (increment if after >= 0 else 0.0)
                clocks[side] = after
            else:
                left = clocks[side] - spent
                clocks[side] = left + increment + refill
        moves[side].append((own, spent, left))
    return moves


def time_loser(game):
    """The side that lost on time, or None: fastchess and cutechess-cli both set the
    Termination tag to "time forfeit", and both write "<Side> loses on time" as the last
    comment; the loser is the side the result goes against."""
    result = game.headers.get("Result")
    text = " ".join((game.comment or "", game.end().comment or "")).lower()
    flagged = "time forfeit" in game.headers.get("Termination", "").lower() or "loses on time" in text
    if flagged and result in ("1-0", "0-1"):
        return chess.BLACK if result == "1-0" else chess.WHITE
    return None


def report(stats_rows):
    """Prints the per-engine table."""
    print("| engine | games | W-L-D | time losses | lowest clock ms (game, move) | "
          + " | ".join(f"ms {lo}-{hi} (n)" if hi != math.inf else f"ms {lo}+ (n)" for lo, hi in BANDS) + " |")
    print("|---" * (5 + len(BANDS)) + "|")
    for name, s in stats_rows.items():
        low = "-" if s["low"] is None else f"{s['low'][0]:.0f} (g{s['low'][1]}, m{s['low'][2]})"
        bands = [f"{sum(b) / len(b):.0f} ({len(b)})" if b else "- (0)" for b in s["bands"]]
        print(f"| {name} | {s['games']} | {s['w']}-{s['l']}-{s['d']} | {s['flags']} | {low} | "
              + " | ".join(bands) + " |")


def ticks(lo, hi, count=6):
    """Round tick values (steps of 1, 2 or 5 times a power of ten) spanning lo..hi."""
    raw = max(hi - lo, 1e-9) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    return [round(first + i * step, 9) for i in range(int((hi - first) / step + 1e-9) + 1)]


def draw(path, game, number, moves, tc_override):
    """Writes an SVG chart of both engines' clocks (s) against their own move numbers."""
    width, height, left, right, top, bottom = 700, 400, 60, 20, 50, 45
    series = {side: [(own, ms / 1000) for own, _, ms in moves[side] if ms is not None]
              for side in (chess.WHITE, chess.BLACK)}
    points = series[chess.WHITE] + series[chess.BLACK]
    if not points:
        sys.exit(f"game {number} has no clock readings to draw")
    x_hi = max(2, max(p[0] for p in points))
    y_lo, y_hi = min(0.0, min(p[1] for p in points)), max(p[1] for p in points) * 1.05 or 1.0
    px = lambda x: left + (x - 1) / (x_hi - 1) * (width - left - right)
    py = lambda y: top + (y_hi - y) / (y_hi - y_lo) * (height - top - bottom)
    h = game.headers
    title = (f"{h.get('Event', '?')}, {tc_override or h.get('TimeControl', '?')}, game {number}: "
             f"{h.get('White', '?')} vs {h.get('Black', '?')} {h.get('Result', '')}")
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="13">{escape(title)}</text>']
    for y in ticks(y_lo, y_hi):
        if y_lo <= y <= y_hi:
            out.append(f'<line x1="{left}" x2="{width - right}" y1="{py(y):.1f}" y2="{py(y):.1f}" '
                       f'stroke="{"#888" if y == 0 else "#ddd"}"/>')
            out.append(f'<text x="{left - 5}" y="{py(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
    for x in ticks(1, x_hi):
        if 1 <= x <= x_hi:
            out.append(f'<line x1="{px(x):.1f}" x2="{px(x):.1f}" y1="{height - bottom}" '
                       f'y2="{height - bottom + 4}" stroke="black"/>')
            out.append(f'<text x="{px(x):.1f}" y="{height - bottom + 16}" text-anchor="middle">{x:g}</text>')
    out.append(f'<polyline fill="none" stroke="black" points="{left},{top} {left},{height - bottom} '
               f'{width - right},{height - bottom}"/>')
    out.append(f'<text x="{(left + width - right) / 2}" y="{height - 8}" text-anchor="middle">'
               f'own move number</text>')
    out.append(f'<text transform="translate(15 {(top + height - bottom) / 2}) rotate(-90)" '
               f'text-anchor="middle">clock when moving (s)</text>')
    out.append(f'<rect x="{width - right - 176}" y="{top - 4}" width="172" height="36" fill="white" '
               f'fill-opacity="0.85" stroke="#ccc"/>')
    for row, (side, colour) in enumerate(((chess.WHITE, "#1f5fbf"), (chess.BLACK, "#d2461e"))):
        line = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in series[side])
        if line:
            out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{line}"/>')
        name = h.get("White" if side == chess.WHITE else "Black", "?")
        y = top + 8 + 16 * row
        out.append(f'<line x1="{width - right - 170}" x2="{width - right - 150}" y1="{y}" y2="{y}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{width - right - 145}" y="{y + 4}">{escape(name)} '
                   f'({"White" if side == chess.WHITE else "Black"})</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1].strip(), description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn")
    parser.add_argument("--tc", help="time control, instead of the PGN's TimeControl tags")
    parser.add_argument("--svg", help="write a chart of one game's clocks to this file")
    parser.add_argument("--game", type=int, help="the game to chart, from 1 (default: the longest)")
    args = parser.parse_args()
    source = gzip.open(args.pgn, "rt") if args.pgn.endswith(".gz") else open(args.pgn)
    stats, chosen, number, untimed, long_games = {}, None, 0, 0, 0
    while (game := chess.pgn.read_game(source)) is not None:
        number += 1
        moves = timed_moves(game, args.tc)
        loser = time_loser(game)
        result = game.headers.get("Result")
        length = max(len(moves[chess.WHITE]), len(moves[chess.BLACK]))
        untimed += length == 0
        long_games += length >= 120
        for side in (chess.WHITE, chess.BLACK):
            name = game.headers.get("White" if side == chess.WHITE else "Black", "?")
            s = stats.setdefault(name, {"games": 0, "w": 0, "l": 0, "d": 0, "flags": 0, "low": None,
                                        "bands": [[] for _ in BANDS]})
            s["games"] += 1
            if result == "1/2-1/2":
                s["d"] += 1
            elif result in ("1-0", "0-1"):
                s["w" if (result == "1-0") == (side == chess.WHITE) else "l"] += 1
            s["flags"] += loser == side
            for own, spent, left in moves[side]:
                next(b for b, (lo, hi) in zip(s["bands"], BANDS) if lo <= own <= hi).append(spent)
                if left is not None and (s["low"] is None or left < s["low"][0]):
                    s["low"] = (left, number, own)
        if args.svg and (number == args.game or (args.game is None and length > 0
                                                  and (chosen is None or length > chosen[2]))):
            chosen = (game, number, length, moves)
    if number == 0:
        sys.exit("no games in " + args.pgn)
    report(stats)
    print(f"\n{long_games} of {number} games reached move 120 (of one side's own moves)"
          + (f"; {untimed} had no move times" if untimed else ""))
    if args.svg:
        if chosen is None:
            sys.exit(f"no game {args.game} with move times to draw" if args.game else "no game to draw")
        draw(args.svg, chosen[0], chosen[1], chosen[3], args.tc)
        print(f"chart of game {chosen[1]} written to {args.svg}")


if __name__ == "__main__":
    main()
