#!/bin/sh
# Runs the Windows build of Maxim under Wine, as an engine command for the uci-scripts or a
# match client: `MAXIM_ENGINE=tools/wine-engine.sh`. The .exe is $MAXIM_EXE, or the one
# `make windows` builds. Wine's own diagnostics are silenced (WINEDEBUG=-all) so that stderr
# holds only the engine's, and it runs in its own Wine prefix (WINEPREFIX, ~/.wine-maxim by
# default), apart from the user's.
exe=${MAXIM_EXE:-$(dirname "$0")/../target/x86_64-pc-windows-gnu/release/maxim.exe}
WINEPREFIX=${WINEPREFIX:-$HOME/.wine-maxim} WINEDEBUG=-all exec wine "$exe" "$@"
