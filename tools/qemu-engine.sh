#!/bin/sh
# Runs the 64-bit ARM build of Maxim under QEMU's user-mode emulator, as an engine command for
# the uci-scripts: `MAXIM_ENGINE=tools/qemu-engine.sh`. The binary is $MAXIM_BIN, or the one
# `make arm64` builds; its C library comes from Debian's ARM cross packages.
bin=${MAXIM_BIN:-$(dirname "$0")/../target/aarch64-unknown-linux-gnu/release/maxim}
exec qemu-aarch64 -L /usr/aarch64-linux-gnu "$bin" "$@"
