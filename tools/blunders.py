#!/usr/bin/env python3
"""Count blunders in match PGNs, per player: moves after which an independent analysis
(Stockfish at a fixed depth, from the mover's side) drops by at least --threshold centipawns.

Usage: blunders.py [--engine PATH] [--depth 12] [--threshold 300] [--games A:B] [--list] GAMES.pgn[.gz] ...

--games A:B analyses only games A to B (counted from 1 over all the files, both included), so
that one match can be split between processes; the counts of the parts add up.

Each position of each game is analysed once (the position after a move is the one before the
next). A mate score counts as +/-10000 minus its distance, capped at +/-2000 before comparing,
so that a "mate in 12" becoming "mate in 9 for the opponent" is one blunder, not a sum. Moves
in already lost or won positions (|eval| >= 1000 before the move) are not counted: shuffling
in a dead position is not a blunder a person would notice. Prints, per player: moves judged,
blunders, blunders per 100 moves, and the mean centipawn loss (capped at 1000 per move).

--list prints each blunder first, one tab-separated line: game, player, FEN before the move,
the move in SAN, and the scores before and after it from the mover's side.
"""
import argparse
import collections
import gzip
import sys

import chess
import chess.engine
import chess.pgn

CAP = 2000


def score_cp(info, colour):
    score = info["score"].pov(colour)
    if score.is_mate():
        mate = score.mate()
        return CAP if mate > 0 else -CAP
    return max(-CAP, min(CAP, score.score()))


def games(paths):
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", errors="replace") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                yield game


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threshold", type=int, default=300)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--games", default="1:", help="A:B, the games to analyse (from 1, inclusive)")
    ap.add_argument("--list", action="store_true", help="print each blunder: game, player, FEN, move, scores")
    ap.add_argument("pgn", nargs="+")
    args = ap.parse_args()
    first, _, last = args.games.partition(":")
    first, last = int(first or 1), int(last) if last else None
    engine = chess.engine.SimpleEngine.popen_uci(args.engine, timeout=120)
    engine.configure({"Hash": args.hash, "Threads": 1})
    stats = collections.defaultdict(lambda: [0, 0, 0])  # moves, blunders, total loss
    limit = chess.engine.Limit(depth=args.depth)
    n = 0
    for game in games(args.pgn):
        n += 1
        if n < first or (last is not None and n > last):
            continue
        board = game.board()
        names = {chess.WHITE: game.headers.get("White", "?"), chess.BLACK: game.headers.get("Black", "?")}
        before = score_cp(engine.analyse(board, limit), board.turn)
        for move in game.mainline_moves():
            mover = board.turn
            board.push(move)
            if board.is_game_over():
                after_for_mover = CAP if board.is_checkmate() else 0
            else:
                after_for_mover = -score_cp(engine.analyse(board, limit), board.turn)
            if abs(before) < 1000:
                loss = max(0, before - after_for_mover)
                s = stats[names[mover]]
                s[0] += 1
                s[1] += loss >= args.threshold
                if args.list and loss >= args.threshold:
                    board.pop()
                    print(f"{n}\t{names[mover]}\t{board.fen()}\t{board.san(move)}\t{before}\t{after_for_mover}")
                    board.push(move)
                s[2] += min(loss, 1000)
            before = -after_for_mover
        print(f"{n} games", file=sys.stderr, flush=True) if n % 20 == 0 else None
    engine.quit()
    print(f"{'player':<24} {'moves':>7} {'blunders':>9} {'per 100':>8} {'mean loss':>10}")
    for name, (moves, blunders, loss) in sorted(stats.items()):
        print(f"{name:<24} {moves:>7} {blunders:>9} {100 * blunders / max(moves, 1):>8.2f} {loss / max(moves, 1):>10.1f}")


if __name__ == "__main__":
    main()
