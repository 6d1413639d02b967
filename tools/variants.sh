#!/usr/bin/env bash
# The x86-64 Linux build variants, side by side: how fast each runs `bench`.
#
#   bash tools/variants.sh build          # builds every variant into target/variants/NAME/maxim
#   bash tools/variants.sh measure [RUNS] [DEPTH]
#                                         # bench DEPTH RUNS times each (5 and 13 by default),
#                                         # interleaved; the default bench depth lasts a quarter
#                                         # of a second, too short to time well
#
# Variants: `x86-64` (no target CPU: any x86-64), `v2` (x86-64-v2: SSE4.2, POPCNT; what a plain
# `cargo build` makes here, by .cargo/config.toml), `v3` (x86-64-v3: AVX2, BMI2, FMA, ...), and
# `pgo-v2`, `pgo-v3`: the same with profile-guided optimisation, profiled on `bench` (the LLVM
# tools come from rustup: `rustup component add llvm-tools`). `measure` checks that every
# variant's bench node count is the same, and prints each one's median, lowest and highest
# nodes per second. Measure on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/variants
variants=(x86-64 v2 v3 pgo-v2 pgo-v3)

cpu_of() {
    case $1 in
        x86-64) echo x86-64 ;;
        v2 | pgo-v2) echo x86-64-v2 ;;
        v3 | pgo-v3) echo x86-64-v3 ;;
    esac
}

build() {
    local profdata
    profdata=$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/llvm-profdata
    [ -x "$profdata" ] || { echo "llvm-profdata missing: rustup component add llvm-tools" >&2; exit 1; }
    for name in "${variants[@]}"; do
        local cpu flags
        cpu=$(cpu_of "$name")
        flags="-C target-cpu=$cpu"
        if [[ $name == pgo-* ]]; then
            # Profile an instrumented build of the same CPU level on bench, then build with it.
            local data=$PWD/$out/$name-profile
            rm -rf "$data"
            RUSTFLAGS="$flags -C profile-generate=$data" cargo build --release --quiet --target-dir "$out/$name-gen"
            "$out/$name-gen/release/maxim" bench >/dev/null
            "$profdata" merge -o "$data/merged.profdata" "$data"
            flags="$flags -C profile-use=$data/merged.profdata"
        fi
        RUSTFLAGS="$flags" cargo build --release --quiet --target-dir "$out/$name-build"
        mkdir -p "$out/$name"
        cp "$out/$name-build/release/maxim" "$out/$name/maxim"
        echo "built $out/$name/maxim ($flags)"
    done
}

measure() {
    local runs=${1:-5} depth=${2:-13} nodes=""
    declare -A rates
    for ((run = 1; run <= runs; run++)); do
        for name in "${variants[@]}"; do
            local line
            line=$("$out/$name/maxim" bench "$depth" | tail -n 1)
            local count=${line%% *}
            if [ -z "$nodes" ]; then nodes=$count; fi
            if [ "$count" != "$nodes" ]; then
                echo "$name: bench counts $count nodes, the first variant $nodes" >&2
                exit 1
            fi
            rates[$name]+="$(echo "$line" | awk '{print $3}') "
        done
    done
    echo "bench $depth: $nodes nodes in every variant; nodes per second over $runs runs"
    printf '%-8s %10s %10s %10s\n' variant median lowest highest
    for name in "${variants[@]}"; do
        echo "${rates[$name]}" | tr ' ' '\n' | grep . | sort -n | awk -v n="$name" \
            '{a[NR]=$1} END {printf "%-8s %10d %10d %10d\n", n, a[int((NR+1)/2)], a[1], a[NR]}'
    done
}

case ${1:-} in
    build) build ;;
    measure) measure "${2:-5}" "${3:-13}" ;;
    *) echo "usage: $0 build | measure [RUNS] [DEPTH]" >&2; exit 2 ;;
esac
