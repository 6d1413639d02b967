#!/usr/bin/env bash
# The Windows build of Maxim, tested under Wine on Linux (`make test-windows`):
#   1. bench under Wine gives the same node count as the Linux build;
#   2. the uci-scripts pass against it (MAXIM_ENGINE_OS=windows: the `only windows` scripts run,
#      with `;` between folders, drive letters and backslashes; the `only unix` ones are skipped);
#   3. with MATCH=1, fastchess plays it (under Wine) against the Linux build, 20 games at
#      10+0.1 (CONCURRENCY games at a time, 2 by default), and the result block shows any time
#      loss, illegal move or crash.
# Needs Debian's wine (and wine64) and mingw-w64 (gcc-mingw-w64-x86-64); the .exe is built by
# `make windows`.
set -euo pipefail
cd "$(dirname "$0")/.."
exe=target/x86_64-pc-windows-gnu/release/maxim.exe
[ -f "$exe" ] || { echo "build it first: make windows" >&2; exit 1; }
export WINEPREFIX=${WINEPREFIX:-$HOME/.wine-maxim} WINEDEBUG=-all
wineboot -i >/dev/null 2>&1 || true
wineserver -p >/dev/null 2>&1 || true   # keep Wine's server up between the engine processes
cargo build --release --quiet

echo "== bench: Linux build, then the Windows build under Wine"
native=$(./target/release/maxim bench | tail -n 1)
windows=$(tools/wine-engine.sh bench | tr -d '\r' | tail -n 1)
echo "linux:   $native"
echo "windows: $windows"
if [ "${native%% *}" != "${windows%% *}" ]; then
    echo "the node counts differ" >&2
    exit 1
fi

echo "== uci-scripts against the Windows build"
MAXIM_ENGINE=$PWD/tools/wine-engine.sh MAXIM_ENGINE_OS=windows \
    cargo test --release --test uci_scripts -- --nocapture

if [ "${MATCH:-0}" = 1 ]; then
    echo "== 20 games at 10+0.1: the Windows build under Wine against the Linux build"
    mkdir -p target/wine-match
    rm -f target/wine-match/wine-match.pgn   # fastchess appends to an existing file
    fastchess -engine cmd="$PWD/tools/wine-engine.sh" name=maxim-windows \
        -engine cmd="$PWD/target/release/maxim" name=maxim-linux \
        -each proto=uci tc=10+0.1 option.Hash=16 -rounds 10 -repeat -concurrency "${CONCURRENCY:-2}" \
        -openings file=tests/data/openings.epd format=epd order=random -srand 3801 \
        -pgnout file=target/wine-match/wine-match.pgn \
        -config outname=target/wine-match/config.json
fi
wineserver -k >/dev/null 2>&1 || true
echo "Windows build: all checks passed"
