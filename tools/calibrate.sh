#!/bin/sh
# One point of the UCI_Elo calibration: Maxim with UCI_LimitStrength at UCI_Elo ELO
# against Stockfish 15.1 at the same UCI_Elo (SF_ELO, if given, for settings below Stockfish's
# minimum of 1350), at 10+0.1, one thread and Hash 16 each, the openings of
# tests/data/openings.epd at random (seeded), each with colours reversed, two games at a time.
#   sh tools/calibrate.sh ENGINE ELO GAMES SEED OUTDIR [SF_ELO] [TC]
# Needs fastchess on PATH. Writes OUTDIR/calibrate-ELO.{out,pgn}; the last "Results of" block
# of the .out file is the result (Maxim first). Then count the blunders of both players with
#   python3 tools/blunders.py OUTDIR/calibrate-ELO.pgn
set -eu
[ $# -ge 5 ] || { sed -n 2,9p "$0"; exit 2; }
ENGINE=$1; ELO=$2; GAMES=$3; SEED=$4; OUT=$5; SF_ELO=${6:-$2}; TC=${7:-10+0.1}
exec sh "$(dirname "$0")/fixed_match.sh" "calibrate-$ELO" "$TC" "$GAMES" "$SEED" "$OUT" \
  -engine cmd="$ENGINE" name="Maxim-$ELO" option.UCI_LimitStrength=true option.UCI_Elo="$ELO" \
  -engine cmd=/usr/games/stockfish name="SF-$SF_ELO" option.UCI_LimitStrength=true option.UCI_Elo="$SF_ELO"
