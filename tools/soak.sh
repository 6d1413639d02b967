#!/bin/sh
# The soak: Maxim under every clock form, against Stockfish 15.1 (limited to UCI_Elo
# 2000, so that games last) and Fairy-Max (xboard, through cutechess-cli), two games at a time,
# with Move Overhead at its default. Each leg writes OUTDIR/LEG.{pgn,out}; afterwards
# tools/soak_faults.py OUTDIR/*.pgn counts Maxim's time losses, illegal moves, crashes, stalls
# and disconnections per leg. Needs cutechess-cli, fastchess, stockfish and fairymax.
#   sh tools/soak.sh ENGINE OUTDIR [SCALE] [LEG...]
# SCALE multiplies every leg's game count (default 1: 2,100 games, about 2.5 hours on 2 cores);
# naming legs runs only those; SOAK_GAMES=N sets every leg to N games (a quick check).
set -eu
[ $# -ge 2 ] || { sed -n 2,9p "$0"; exit 2; }
ENGINE=$1; OUT=$2; SCALE=${3:-1}; shift 2; [ $# -gt 0 ] && shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OPENINGS="$ROOT/tests/data/openings.epd"
SF=/usr/games/stockfish; FM=/usr/games/fairymax
mkdir -p "$OUT"

# cutechess-cli wants every engine's protocol named; fastchess speaks only UCI.
maxim() { echo "-engine cmd=$ENGINE name=Maxim option.Threads=$1 option.Hash=16 $2"; }
sf="-engine cmd=$SF name=SF-2000 option.UCI_LimitStrength=true option.UCI_Elo=2000 option.Hash=16"
fm="-engine cmd=$FM name=Fairy-Max proto=xboard"

# LEG CLIENT GAMES THREADS OPPONENT EACH [EXTRA...]
leg() {
  name=$1; client=$2; games=${SOAK_GAMES:-$(( $3 * SCALE ))}; threads=$4; opponent=$5; each=$6; shift 6
  if [ -n "$ONLY" ] && ! echo " $ONLY " | grep -q " $name "; then return; fi
  echo "== $name: $client, $games games, $each, Threads $threads, $(echo "$opponent" | sed 's/.*name=\([^ ]*\).*/\1/')"
  if [ "$client" = fastchess ]; then
    # shellcheck disable=SC2086
    fastchess $(maxim "$threads" "") $opponent -each $each -rounds $((games / 2)) -games 2 -repeat \
      -concurrency 2 -recover -pgnout file="$OUT/$name.pgn" -config outname="$OUT/$name.json" \
      -ratinginterval 50 "$@" >"$OUT/$name.out" 2>&1
  else
    # shellcheck disable=SC2086
    cutechess-cli $(maxim "$threads" proto=uci) $(echo "$opponent" | sed 's/SF-2000/SF-2000 proto=uci/') -each $each -rounds $((games / 2)) -games 2 -repeat \
      -concurrency 2 -recover -pgnout "$OUT/$name.pgn" -ratinginterval 50 "$@" >"$OUT/$name.out" 2>&1
  fi
  tail -n 4 "$OUT/$name.out"
}
ONLY="$*"
book_fc="-openings file=$OPENINGS format=epd order=random -srand 19"
book_cc="-openings file=$OPENINGS format=epd order=random -srand 19"
book_960="-variant fischerandom -openings file=$ROOT/tests/data/chess960.epd format=epd order=random"

leg blitz-sf     fastchess    400 1 "$sf" "tc=1+0.01" $book_fc
leg blitz-fm     cutechess-cli 300 2 "$fm" "tc=1+0.01" $book_cc
leg ponder-sf    cutechess-cli 100 1 "$sf" "tc=10+0.1 ponder" $book_cc
leg sudden-fm    cutechess-cli 200 1 "$fm" "tc=10" $book_cc
leg moves40-sf   fastchess    200 2 "$sf" "tc=40/5" $book_fc
leg moves40-fm   cutechess-cli 300 1 "$fm" "tc=40/1" $book_cc
leg movetime-sf  fastchess    200 1 "$sf" "st=0.1 timemargin=50" $book_fc
leg nodes-sf     cutechess-cli 100 2 "$sf" "tc=inf nodes=20000" $book_cc
leg chess960-sf  cutechess-cli 300 2 "$sf" "tc=1+0.01" $book_960
