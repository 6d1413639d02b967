#!/bin/sh
# A head-to-head match of two builds at a fixed number of games: NEW against OLD at time
# control TC (fastchess form, e.g. 10+0.1 or 40+0.4), one thread and Hash 16 each, the
# openings of tests/data/openings.epd at random (seeded), each with colours reversed, two
# games at a time, no adjudication: every game ends by the rules or a clock.
#   sh tools/h2h.sh NEW OLD TC GAMES SEED OUTDIR
# Needs fastchess on PATH. Writes OUTDIR/h2h-TC.{out,pgn,json}; the last "Results of" block of
# the .out file is the result, and `fastchess -config file=OUTDIR/h2h-TC.json` resumes a match
# that was stopped. Run it on an otherwise idle machine.
set -eu
[ $# -ge 6 ] || { sed -n 2,9p "$0"; exit 2; }
NEW=$1; OLD=$2; TC=$3; GAMES=$4; SEED=$5; OUT=$6
exec sh "$(dirname "$0")/fixed_match.sh" "h2h-$TC" "$TC" "$GAMES" "$SEED" "$OUT" \
  -engine cmd="$NEW" name="$(basename "$NEW")" \
  -engine cmd="$OLD" name="$(basename "$OLD")"
