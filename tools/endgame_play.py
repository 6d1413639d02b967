#!/usr/bin/env python3
"""Won endings, played out: Maxim takes the winning side of random won starts and plays on
against a defender (Stockfish 15.1 at full strength by default) at a fixed time a move. Used for
the basic mates without tables (K+B+N, K+R and K+Q against a bare king) and for endgame
conversion with and without tables (K+B+N v K, K+R v K+P, K+Q v K+R, K+P v K).

Each start is a random legal position of the ending, the winning side to move, which the
Syzygy tables of tests/data/syzygy call a win within the 50-move rule; the side that owns the
stronger half is White or Black at random. A game ends at mate, stalemate, the 50-move rule
(100 plies without a capture or pawn move), a threefold repetition or insufficient material.
A conversion is a mate by Maxim.

    python3 tools/endgame_play.py --engine target/release/maxim --endings KBNvK,KRvK,KQvK \\
        --starts 100 --ms 100 --pgn mates.pgn [--seed 1] [--concurrency 2] \\
        [--option SyzygyPath=tests/data/syzygy] [--defender /usr/games/stockfish] \\
        [--defender-option SyzygyPath=tests/data/syzygy]

The same seed gives the same starts, so runs with and without an option compare game by game.
Needs python-chess (`pip install chess`). Prints a line per game and a table per ending:
games, conversions, draws, losses, and the average and longest number of moves to mate.
"""
import argparse
import concurrent.futures
import os
import random
import sys

import chess
import chess.engine
import chess.pgn
import chess.syzygy

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABLES = os.path.join(ROOT, "tests", "data", "syzygy")
KINDS = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_start(rng, ending, tables):
    """A random position of `ending`, its first half's owner to move, won for that side."""
    first, second = ending.split("v")
    while True:
        colour = rng.random() < 0.5
        board = chess.Board(None)
        for letters, owner in ((first, colour), (second, not colour)):
            for letter in letters:
                while True:
                    square = rng.randrange(64)
                    rank = chess.square_rank(square)
                    if board.piece_at(square) is None and (letter != "P" or 1 <= rank <= 6):
                        break
                board.set_piece_at(square, chess.Piece(KINDS[letter], owner))
        board.turn = colour
        if board.is_valid() and not board.is_game_over() and tables.probe_wdl(board) == 2:
            return board


def configure(engine, options):
    for option in options:
        name, value = option.split("=", 1)
        engine.configure({name: value})


def play(args, ending, start, index):
    """Plays one game; returns (ending, index, outcome, plies, game). The outcome is 'mate'
    (Maxim mated), 'mated', or the reason for a draw."""
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    try:
        configure(engine, args.option)
        configure(defender, args.defender_option)
        maxim = start.turn
        board = start.copy()
        limit = chess.engine.Limit(time=args.ms / 1000)
        while True:
            player = engine if board.turn == maxim else defender
            board.push(player.play(board, limit).move)
            if board.is_checkmate():
                outcome = "mate" if board.turn != maxim else "mated"
            elif board.is_stalemate():
                outcome = "stalemate"
            elif board.halfmove_clock >= 100:
                outcome = "50-move rule"
            elif board.is_repetition(3):
                outcome = "repetition"
            elif board.is_insufficient_material():
                outcome = "insufficient material"
            else:
                continue
            break
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"won endings {ending}"
        game.headers["White"] = "Maxim" if maxim == chess.WHITE else "Defender"
        game.headers["Black"] = "Defender" if maxim == chess.WHITE else "Maxim"
        game.headers["Round"] = str(index + 1)
        game.headers["Termination"] = outcome
        return ending, index, outcome, board.ply(), game
    finally:
        engine.quit()
        defender.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--defender", default="/usr/games/stockfish")
    parser.add_argument("--endings", default="KBNvK,KRvK,KQvK")
    parser.add_argument("--starts", type=int, default=100, help="starts per ending")
    parser.add_argument("--ms", type=int, default=100, help="time a move for both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="Name=Value for Maxim")
    parser.add_argument("--defender-option", action="append", default=[], help="Name=Value for the defender")
    parser.add_argument("--pgn")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    endings = args.endings.split(",")
    jobs = []
    with chess.syzygy.open_tablebase(TABLES) as tables:
        for ending in endings:
            jobs += [(ending, random_start(rng, ending, tables), i) for i in range(args.starts)]
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        for future in concurrent.futures.as_completed([pool.submit(play, args, *job) for job in jobs]):
            result = future.result()
            results.append(result)
            ending, index, outcome, plies, _ = result
            print(f"{ending} #{index + 1}: {outcome} after {(plies + 1) // 2} moves", flush=True)
    results.sort(key=lambda r: (endings.index(r[0]), r[1]))
    if args.pgn:
        with open(args.pgn, "w") as out:
            for result in results:
                print(result[4], file=out, end="\n\n")
    print(f"\n{'ending':8} {'games':>5} {'mates':>5} {'draws':>5} {'lost':>4} {'avg moves':>9} {'max':>4}  not converted")
    for ending in endings:
        rows = [r for r in results if r[0] == ending]
        mates = [(r[3] + 1) // 2 for r in rows if r[2] == "mate"]
        lost = sum(r[2] == "mated" for r in rows)
        missed = ", ".join(f"#{r[1] + 1} {r[2]}" for r in rows if r[2] != "mate") or "-"
        average = sum(mates) / len(mates) if mates else 0
        print(
            f"{ending:8} {len(rows):5} {len(mates):5} {len(rows) - len(mates) - lost:5} {lost:4}"
            f" {average:9.1f} {max(mates, default=0):4}  {missed}"
        )
    return 0 if all(r[2] == "mate" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
