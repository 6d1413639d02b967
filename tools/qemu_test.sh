#!/usr/bin/env bash
# The 64-bit ARM Linux build of Maxim, tested under QEMU's user-mode emulator
# (`make test-arm64`):
#   1. bench under QEMU gives the same node count as the x86-64 build;
#   2. the perft suites (tests/perft_suite.rs: the 126 standard positions; tests/chess960.rs:
#      960 Chess960 and 50 double Chess960 ones) and the make/unmake consistency walk
#      (tests/board_consistency.rs) are built for ARM and run under QEMU;
#   3. the uci-scripts pass against the ARM binary.
# Needs Debian's qemu-user and gcc-aarch64-linux-gnu (which brings the ARM C library under
# /usr/aarch64-linux-gnu); the binary is built by `make arm64`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/aarch64-unknown-linux-gnu/release/maxim
[ -f "$bin" ] || { echo "build it first: make arm64" >&2; exit 1; }
cargo build --release --quiet

echo "== bench: x86-64 build, then the ARM build under QEMU"
native=$(./target/release/maxim bench | tail -n 1)
arm=$(tools/qemu-engine.sh bench | tail -n 1)
echo "x86-64: $native"
echo "arm64:  $arm"
if [ "${native%% *}" != "${arm%% *}" ]; then
    echo "the node counts differ" >&2
    exit 1
fi

echo "== the perft suites and the consistency walk, built for ARM and run under QEMU"
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu" \
    cargo test --release --target aarch64-unknown-linux-gnu \
    --test perft_suite --test chess960 --test board_consistency

echo "== uci-scripts against the ARM build"
MAXIM_ENGINE=$PWD/tools/qemu-engine.sh cargo test --release --test uci_scripts -- --nocapture
echo "ARM build: all checks passed"
