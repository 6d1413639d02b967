#!/bin/sh
# One leg of a clock test: Maxim (ENGINE) against Stockfish 15.1 limited to UCI_Elo 2300, at
# time control TC (e.g. 10+0.1, 40/10, 40/60+0.5), Hash 16 each, the openings of
# tests/data/openings.epd at random (seeded), each with colours reversed, no adjudication:
# every game ends by the rules or a clock.
#   sh tools/clock_leg.sh NAME TC GAMES SEED OUTDIR ENGINE
# Needs fastchess (or cutechess-cli) on PATH. Writes OUTDIR/NAME.{out,pgn}, and with fastchess
# OUTDIR/NAME.json, which resumes a stopped match (`fastchess -config file=...`); a '/' in NAME,
# as in 40/10, becomes '_'. Maxim plays as the basename of ENGINE, Stockfish as SF<elo>. The
# environment can change the setting:
#   CLIENT=cutechess  cutechess-cli instead of fastchess (its PGN has no tl=, so the clock
#                     report rebuilds each clock from the move times)
#   PONDER=1          both engines ponder (cutechess-cli only), one game at a time
#   THREADS=N         N threads for each engine (default 1); above 1, one game at a time
#   LAG_MS=N          Maxim's lines, both ways, held N ms each by tools/latency.py
#   SF_LAG=1          Stockfish's too (needs LAG_MS)
#   SF_ELO=E          Stockfish's UCI_Elo (default 2300); SF=PATH its binary (/usr/games/stockfish)
# Two games at a time by default, so run it on an otherwise idle two-core machine. Then
#   python3 tools/clock_report.py OUTDIR/NAME.pgn --svg OUTDIR/NAME.svg
set -eu
[ $# -ge 6 ] || { sed -n 2,19p "$0"; exit 2; }
NAME=$(printf %s "$1" | tr / _); TC=$2; GAMES=$3; SEED=$4; OUT=$5; ENGINE=$6
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CLIENT=${CLIENT:-fastchess}; PONDER=${PONDER:-0}; THREADS=${THREADS:-1}
SF=${SF:-/usr/games/stockfish}; SF_ELO=${SF_ELO:-2300}; LAG_MS=${LAG_MS:-}; SF_LAG=${SF_LAG:-0}
case $CLIENT in
  fastchess|cutechess) ;;
  *) echo "CLIENT must be fastchess or cutechess, not '$CLIENT'" >&2; exit 2 ;;
esac
if [ "$PONDER" = 1 ] && [ "$CLIENT" = fastchess ]; then
  echo "fastchess cannot ponder: use CLIENT=cutechess with PONDER=1" >&2; exit 2
fi
if [ "$SF_LAG" = 1 ] && [ -z "$LAG_MS" ]; then
  echo "SF_LAG=1 needs LAG_MS" >&2; exit 2
fi
# A pondering engine, or a second thread, takes the core a second game would have used.
CONCURRENCY=2
if [ "$PONDER" = 1 ] || [ "$THREADS" -gt 1 ]; then CONCURRENCY=1; fi
MAXIM_NAME=$(basename "$ENGINE"); SF_NAME="SF$SF_ELO"
# Absolute paths: fastchess may resolve a bare command against the engine's directory.
PY=$(command -v python3)
LAG="$ROOT/tools/latency.py"
mkdir -p "$OUT"

# The engine arguments of one player in the chosen client: NAME CMD WRAP [OPTIONS...], where
# WRAP=1 runs CMD through the latency wrapper.
player() {
  name=$1; cmd=$2; wrap=$3; shift 3
  printf '%s\n' -engine "name=$name"
  if [ "$wrap" = 1 ] && [ "$CLIENT" = fastchess ]; then
    printf '%s\n' "cmd=$PY" "args=$LAG $LAG_MS $cmd"
  elif [ "$wrap" = 1 ]; then
    printf '%s\n' "cmd=$PY" "arg=$LAG" "arg=$LAG_MS" "arg=$cmd"
  else
    printf '%s\n' "cmd=$cmd"
  fi
  [ "$CLIENT" = cutechess ] && printf '%s\n' proto=uci
  if [ $# -gt 0 ]; then printf '%s\n' "$@"; fi
}
MAXIM_LAG=0; [ -n "$LAG_MS" ] && MAXIM_LAG=1
# Each argument on its own line, read back below with IFS set to a newline, so that no
# argument (a path with spaces, say) is split or globbed.
ARGS=$(player "$MAXIM_NAME" "$ENGINE" "$MAXIM_LAG"
       player "$SF_NAME" "$SF" "$SF_LAG" option.UCI_LimitStrength=true "option.UCI_Elo=$SF_ELO"
       printf '%s\n' -each "tc=$TC" option.Hash=16 "option.Threads=$THREADS"
       [ "$PONDER" = 1 ] && printf '%s\n' ponder
       printf '%s\n' -openings "file=$ROOT/tests/data/openings.epd" format=epd order=random \
         -srand "$SEED" -rounds $((GAMES / 2)) -games 2 -repeat -concurrency "$CONCURRENCY" \
         -ratinginterval 10
       if [ "$CLIENT" = fastchess ]; then
         printf '%s\n' -pgnout "file=$OUT/$NAME.pgn" timeleft=true -config "outname=$OUT/$NAME.json"
       else
         printf '%s\n' -pgnout "$OUT/$NAME.pgn"
       fi)
OLDIFS=$IFS; IFS='
'
set -f
# shellcheck disable=SC2086  # split on newlines only, on purpose
set -- $ARGS
IFS=$OLDIFS; set +f
if [ "$CLIENT" = fastchess ]; then BIN=fastchess; else BIN=cutechess-cli; fi
echo "$BIN $*" > "$OUT/$NAME.out"
"$BIN" "$@" 2>&1 | tee -a "$OUT/$NAME.out"
