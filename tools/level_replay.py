#!/usr/bin/env python3
"""Replays one game of a calibration match with Maxim's level on the side Maxim played: in one
engine process, as in the match, each of that side's positions is searched in turn at 10+0.1
clocks (8 s left), and the game's own move is then played whatever the level chose. Prints
each move of the game beside the replay's, up to the position FEN if given. With a build that
logs to stderr, the engine's log goes to STDERR_FILE.

Usage: level_replay.py ENGINE ELO GAMES.pgn[.gz] GAME_NUMBER [FEN] [STDERR_FILE]
"""
import gzip
import sys

import chess
import chess.engine
import chess.pgn


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    engine_path, elo, pgn_path, number = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    target = sys.argv[5] if len(sys.argv) > 5 else None
    if number < 1:
        sys.exit("GAME_NUMBER counts from 1")
    stderr = open(sys.argv[6], "w") if len(sys.argv) > 6 else None
    game = None
    with (gzip.open(pgn_path, "rt") if pgn_path.endswith(".gz") else open(pgn_path)) as f:
        for _ in range(number):
            game = chess.pgn.read_game(f)
    if game is None:
        sys.exit(f"{pgn_path} has fewer than {number} games")
    side = chess.WHITE if game.headers["White"].startswith("Maxim") else chess.BLACK
    engine = chess.engine.SimpleEngine.popen_uci(engine_path, stderr=stderr)
    engine.configure({"Hash": 16, "UCI_LimitStrength": True, "UCI_Elo": elo})
    clock = chess.engine.Limit(white_clock=8, black_clock=8, white_inc=0.1, black_inc=0.1)
    board = game.board()
    for node in game.mainline():
        at_target = target is not None and board.fen() == target
        if board.turn == side:
            played = engine.play(board, clock, game=game).move
            print(board.fullmove_number, "game", board.san(node.move), "replay", board.san(played),
                  "<- the position asked for" if at_target else "", flush=True)
        if at_target:
            break
        board.push(node.move)
    engine.quit()


if __name__ == "__main__":
    main()
