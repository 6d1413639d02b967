#!/bin/sh
# One SPRT of a change, the way docs/strength.md's rows from 29 on were played: NEW against
# OLD with fastchess at 5+0.05, one thread and Hash 16 each, the openings of
# tests/data/openings.epd at random (seeded), each with colours reversed, two games at a
# time, elo0=0 elo1=10 (alpha = beta = 0.05, normalized Elo), resign when both agree on
# 600 cp for 3 moves, draw from move 40 after 8 moves within 10 cp.
#   sh tools/sprt.sh NEW OLD SEED NAME [OUTDIR]
# Writes OUTDIR/NAME.{out,pgn,json} (OUTDIR defaults to the current folder); the json is
# fastchess's own state, which resumes a paused test: fastchess -config file=OUTDIR/NAME.json
# Run it on an otherwise idle machine. CONCURRENCY=1 plays one game at a time, for two tests
# side by side, each pinned to its own core with taskset. TC=10+0 plays another time
# control (a change to the clock's use is tested at the clock it is for). ELO0=-10 ELO1=0
# MODEL=logistic sets other bounds, e.g. for a non-regression test; ADJUDICATE=0 turns resign
# and draw adjudication off, as a test of the clock's use needs (it ends exactly the long games
# where a clock runs out). OPENINGS=tests/data/endgames.epd plays another set of starts (a
# change to the endgame is tested on the endgames it is for); OPENINGS=tests/data/unbalanced.epd
# plays starts where one side is about a pawn better, so that fewer pairs end 1-1 and a verdict
# comes sooner.
set -eu
[ $# -ge 4 ] || { sed -n 2,16p "$0"; exit 2; }
NEW=$1; OLD=$2; SEED=$3; NAME=$4; OUT=${5:-.}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
ADJUDICATION="-resign movecount=3 score=600 twosided=true -draw movenumber=40 movecount=8 score=10"
[ "${ADJUDICATE:-1}" = 0 ] && ADJUDICATION=
# shellcheck disable=SC2086  # ADJUDICATION is a list of arguments, split on purpose
fastchess \
  -engine cmd="$NEW" name=new \
  -engine cmd="$OLD" name=old \
  -each tc="${TC:-5+0.05}" option.Hash=16 option.Threads=1 \
  -openings file="${OPENINGS:-$ROOT/tests/data/openings.epd}" format=epd order=random -srand "$SEED" \
  -rounds 5000 -games 2 -repeat -concurrency "${CONCURRENCY:-2}" \
  -sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 model="${MODEL:-normalized}" \
  $ADJUDICATION \
  -pgnout file="$OUT/$NAME.pgn" -config outname="$OUT/$NAME.json" \
  -ratinginterval 10 >"$OUT/$NAME.out" 2>&1
