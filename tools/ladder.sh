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
exec sh "$(dirname "$0")/fixed_match.sh" "ladder-$ELO" 10+0.1 "$GAMES" "$SEED" "$OUT" \
  -engine cmd="$ENGINE" name=Maxim \
  -engine cmd="$SF" name="SF-$ELO" option.UCI_LimitStrength=true option.UCI_Elo="$ELO"
