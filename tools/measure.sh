#!/bin/sh
# Reproduces the search-speed figures of docs/performance.md. Run it on an idle machine:
#   sh tools/measure.sh [ENGINE]
# Prints the bench (five runs: node count and the median nodes/s), two 10 s searches, the time
# to depth 10 on the start position and Kiwipete, and Fairy-Max's own node rate (`st 10` from
# the start position; its thinking lines are: depth, score, time in centiseconds, nodes, PV).
E=${1:-./target/release/maxim}
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MIDDLEGAME="r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 4 12"  # bench position 12

echo "== bench x5 (nodes, median nodes/s)"
for i in 1 2 3 4 5; do $E bench 2>/dev/null | tail -1; done | sort -k3 -n | sed -n 3p
echo "== 10 s searches: start position, middlegame"
for pos in "startpos" "fen $MIDDLEGAME"; do
  (echo "position $pos"; echo "go movetime 10000"; sleep 10.5; echo quit) | $E | grep "^info depth" | tail -1
done
echo "== time to depth 10: start position, Kiwipete"
for pos in "startpos" "fen $KIWIPETE"; do
  (echo "position $pos"; echo "go depth 10"; sleep 5; echo quit) | $E | grep "^info depth 10 " | tail -1
done
if [ -x /usr/games/fairymax ]; then
  echo "== Fairy-Max, st 10 from the start position (last completed iteration)"
  (echo xboard; echo new; echo post; echo "st 10"; echo go; sleep 11; echo quit) \
    | /usr/games/fairymax 2>/dev/null | grep -E "^ *[0-9]+ +-?[0-9]+ +[0-9]+ +[0-9]+ " | tail -1 \
    | awk '{printf "%s  -> %.2f M nodes/s\n", $0, $4 / ($3 / 100) / 1e6}'
  echo "== Fairy-Max, sd 9 (a longer search)"
  (echo xboard; echo new; echo post; echo "sd 9"; echo "st 100"; echo go; sleep 20; echo quit) \
    | /usr/games/fairymax 2>/dev/null | grep -E "^ *[0-9]+ +-?[0-9]+ +[0-9]+ +[0-9]+ " | tail -1 \
    | awk '{printf "%s  -> %.2f M nodes/s\n", $0, $4 / ($3 / 100) / 1e6}'
fi
