#!/usr/bin/env bash
# Writes the release files into dist/ (`make dist`): one binary per platform and CPU level,
# named maxim-VERSION-TARGET[.exe], with the README, the licence, the changelog and SHA256SUMS.
# VERSION comes from Cargo.toml. Needs the cross toolchains of docs/release.md (mingw-w64 for
# Windows, gcc-aarch64-linux-gnu for ARM); checks each build's bench node count where it can
# run it (natively, or under Wine and QEMU when they are installed).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
dist=dist
work=target/dist

# name in the file | Rust target | target CPU ('-': the target's own default). Two x86-64
# levels: the baseline runs on every x86-64 CPU; x86-64-v2 (POPCNT, SSE4.2: every such CPU
# since about 2009) runs bench about 9% faster. x86-64-v3 and profile-guided builds measured
# no faster than v2 and are not shipped (docs/release.md).
builds=(
    "x86_64-unknown-linux-gnu        x86_64-unknown-linux-gnu  x86-64"
    "x86_64-v2-unknown-linux-gnu     x86_64-unknown-linux-gnu  x86-64-v2"
    "x86_64-pc-windows-gnu           x86_64-pc-windows-gnu     x86-64"
    "x86_64-v2-pc-windows-gnu        x86_64-pc-windows-gnu     x86-64-v2"
    "aarch64-unknown-linux-gnu       aarch64-unknown-linux-gnu -"
)

# Runs a built binary here with its arguments (under Wine or QEMU, through the same engine
# commands the tests use); fails if it cannot run here.
run() {
    local file=$1
    shift
    case $file in
        *windows*) command -v wine >/dev/null && MAXIM_EXE=$file tools/wine-engine.sh "$@" ;;
        *aarch64*) command -v qemu-aarch64 >/dev/null && MAXIM_BIN=$file tools/qemu-engine.sh "$@" ;;
        *v2*) grep -qw popcnt /proc/cpuinfo && grep -qw sse4_2 /proc/cpuinfo && "$file" "$@" ;;
        *) "$file" "$@" ;;
    esac
}

rm -rf "$dist"
mkdir -p "$dist" "$work"
expected=""
for line in "${builds[@]}"; do
    read -r name target cpu <<<"$line"
    flags=""
    [ "$cpu" != "-" ] && flags="-C target-cpu=$cpu"
    # Linux files are linked statically, so they run whatever C library the system has (a
    # dynamic build would need the build machine's glibc 2.34 or later). The Windows ones
    # import only system DLLs already.
    [[ $target == *linux* ]] && flags="$flags -C target-feature=+crt-static"
    # RUSTFLAGS replaces the rustflags of .cargo/config.toml, so each build has only its own.
    RUSTFLAGS="$flags" cargo build --release --quiet --target "$target" --target-dir "$work/$name"
    suffix=""
    [[ $target == *windows* ]] && suffix=.exe
    file="$dist/maxim-$version-$name$suffix"
    cp "$work/$name/$target/release/maxim$suffix" "$file"
    if nodes=$(run "$file" bench | tr -d '\r' | tail -n 1 | awk '{print $1}') && [ -n "$nodes" ]; then
        [ -z "$expected" ] && expected=$nodes
        if [ "$nodes" != "$expected" ]; then
            echo "$file: bench $nodes nodes, expected $expected" >&2
            exit 1
        fi
        echo "$file: bench $nodes nodes"
    else
        echo "$file: built (cannot be run here to check bench)"
    fi
done
cp README.md LICENSE CHANGELOG.md "$dist/"
(cd "$dist" && sha256sum -- * > SHA256SUMS)
echo "release $version in $dist/:"
cat "$dist/SHA256SUMS"
