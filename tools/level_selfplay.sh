#!/bin/sh
# A quick look at a level change before its calibration match: two builds at the
# same UCI_Elo play each other with no clock. A level's strength is its node budget, so
# `go nodes N` (N above every budget) plays as a clock would, only without the level's
# believable wait: 1,000 games at 1400 take a minute, and the load does not matter, so a
# blunder count can run beside it. Openings of tests/data/openings.epd at random (seed 7),
# each with colours reversed, two games at a time.
#   sh tools/level_selfplay.sh NEW OLD ELO GAMES OUT
# Writes OUT.pgn and OUT.out (fastchess's, NEW first) and prints the result. Then, for both
# players' blunders in the same games:  python3 tools/blunders.py --games 1:40 OUT.pgn
# Needs fastchess on PATH. Only a guide: the level's place on the scale is measured against
# Stockfish with tools/calibrate.sh.
set -eu
[ $# -eq 5 ] || { sed -n 2,12p "$0"; exit 2; }
NEW=$1; OLD=$2; ELO=$3; GAMES=$4; OUT=$5
ROOT=$(cd "$(dirname "$0")/.." && pwd)
fastchess \
  -engine cmd="$NEW" name="$(basename "$NEW")" \
  -engine cmd="$OLD" name="$(basename "$OLD")" \
  -each option.UCI_LimitStrength=true option.UCI_Elo="$ELO" option.Hash=16 nodes=5000000 \
  -openings file="$ROOT/tests/data/openings.epd" format=epd order=random -srand 7 \
  -rounds $((GAMES / 2)) -games 2 -repeat -concurrency 2 -pgnout file="$OUT.pgn" \
  >"$OUT.out" 2>&1
grep -A4 'Results of' "$OUT.out" | tail -n 5
