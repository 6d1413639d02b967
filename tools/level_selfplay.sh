#!/bin/sh
# A quick look at a level change before its calibration match: two builds at the
# same UCI_Elo play each other with no clock. A level's strength is its node budget, so
# `tc=inf nodes=N` (N above every budget) plays as a clock would, only without the level's
# believable wait: in seconds, and the load does not matter, so a blunder count can run
# beside it. Openings of tests/data/openings.epd at random (seed 7), each with colours
# reversed, two games at a time.
#   sh tools/level_selfplay.sh NEW OLD ELO GAMES OUT
# Writes OUT.pgn and OUT.out (cutechess-cli's, NEW first). Then, for both players' blunders
# in the same games:  python3 tools/blunders.py --games 1:40 OUT.pgn
# Needs cutechess-cli. Only a guide: the level's place on the scale is measured against
# Stockfish with tools/calibrate.sh.
set -eu
[ $# -eq 5 ] || { sed -n 2,12p "$0"; exit 2; }
NEW=$1; OLD=$2; ELO=$3; GAMES=$4; OUT=$5
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cutechess-cli \
  -engine cmd="$NEW" name="$(basename "$NEW")" proto=uci \
  -engine cmd="$OLD" name="$(basename "$OLD")" proto=uci \
  -each option.UCI_LimitStrength=true option.UCI_Elo="$ELO" option.Hash=16 tc=inf nodes=5000000 \
  -openings file="$ROOT/tests/data/openings.epd" format=epd order=random -srand 7 \
  -rounds $((GAMES / 2)) -games 2 -repeat -concurrency 2 -pgnout "$OUT.pgn" -ratinginterval 50 \
  >"$OUT.out" 2>&1
grep -E '^(Score|Elo difference)' "$OUT.out" | tail -n 2
