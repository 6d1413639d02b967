#!/bin/sh
# Plays one rung of the strength ladder: Maxim against Stockfish 15.1 limited to
# UCI_Elo ELO, at 10+0.1, one thread and Hash 16 each, the openings of tests/data/openings.epd
# at random (seeded), each with colours reversed, two games at a time, no adjudication.
#   sh tools/ladder.sh ENGINE ELO GAMES SEED OUTDIR [STOCKFISH]
# Needs fastchess on PATH. Writes OUTDIR/ladder-ELO.{out,pgn}; the last "Results of" block of
# the .out file is the result. Run it on an otherwise idle machine.
set -eu
[ $# -ge 5 ] || { sed -n 2,7p "$0"; exit 2; }
ENGINE=$1; ELO=$2; GAMES=$3; SEED=$4; OUT=$5; SF=${6:-/usr/games/stockfish}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
fastchess \
  -engine cmd="$ENGINE" name=Maxim \
  -engine cmd="$SF" name="SF-$ELO" option.UCI_LimitStrength=true option.UCI_Elo="$ELO" \
  -each tc=10+0.1 option.Hash=16 option.Threads=1 \
  -openings file="$ROOT/tests/data/openings.epd" format=epd order=random -srand "$SEED" \
  -rounds $((GAMES / 2)) -games 2 -repeat -concurrency 2 \
  -pgnout file="$OUT/ladder-$ELO.pgn" -config outname="$OUT/ladder-$ELO.json" \
  -ratinginterval 10 2>&1 | tee "$OUT/ladder-$ELO.out"
