#!/usr/bin/env python3
"""Whether a search of Maxim's own would have seen each listed blunder: for every line of
`tools/blunders.py --list` output made by PLAYER from a position not already lost (Stockfish's
score before the move above -300), searches the position to DEPTH by iterative deepening once
for the best move and once for the move played alone (`go depth DEPTH searchmoves MOVE`), and
prints both scores and their difference. A level's deep check refuses a move whose difference
is more than its margin (`weaken::DEEP_CHECK`).

Usage: blunder_depth.py ENGINE LIST.tsv [DEPTH] [PLAYER_PREFIX]     (defaults 8, Maxim)
"""
import sys

import chess
import chess.engine


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine_path, list_path = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    player = sys.argv[4] if len(sys.argv) > 4 else "Maxim"
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    engine.configure({"Hash": 16})
    limit = chess.engine.Limit(depth=depth)
    for line in open(list_path):
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 6:
            continue
        game, who, fen, san, before, after = fields
        if not who.startswith(player) or int(before) <= -300:
            continue
        board = chess.Board(fen)
        move = board.parse_san(san)
        # A new game object each time: a fresh table, as if the position came cold.
        best = engine.analyse(board, limit, game=object())
        alone = engine.analyse(board, limit, root_moves=[move], game=object())
        best_score = best["score"].pov(board.turn).score(mate_score=20000)
        move_score = alone["score"].pov(board.turn).score(mate_score=20000)
        print(f"{game}\t{fen}\t{san}\tsf {before}->{after}\tmaxim d{depth}: best {best['pv'][0]} {best_score}, "
              f"move {move_score}, diff {best_score - move_score}", flush=True)
    engine.quit()


if __name__ == "__main__":
    main()
