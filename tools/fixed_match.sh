#!/bin/sh
# The fixed-length match behind tools/ladder.sh, tools/calibrate.sh and tools/h2h.sh: the two
# engines given, at time control TC, one thread and Hash 16 each, the openings of
# tests/data/openings.epd at random (seeded), each with colours reversed, two games at a
# time, no adjudication.
#   sh tools/fixed_match.sh NAME TC GAMES SEED OUTDIR -engine ... -engine ...
# Needs fastchess on PATH. Writes OUTDIR/NAME.{out,pgn,json} (a '/' in NAME, as in 40/10,
# becomes '_'); the last "Results of" block of the .out file is the result, the PGN has each
# move's clock after it (tl=, for tools/clock_report.py), and
# `fastchess -config file=OUTDIR/NAME.json` resumes a match that was stopped.
set -eu
[ $# -ge 7 ] || { sed -n 2,9p "$0"; exit 2; }
NAME=$(printf %s "$1" | tr / _); TC=$2; GAMES=$3; SEED=$4; OUT=$5; shift 5
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
fastchess "$@" \
  -each tc="$TC" option.Hash=16 option.Threads=1 \
  -openings file="$ROOT/tests/data/openings.epd" format=epd order=random -srand "$SEED" \
  -rounds $((GAMES / 2)) -games 2 -repeat -concurrency 2 \
  -pgnout file="$OUT/$NAME.pgn" timeleft=true -config outname="$OUT/$NAME.json" \
  -ratinginterval 10 2>&1 | tee "$OUT/$NAME.out"
