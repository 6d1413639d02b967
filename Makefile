# Maxim's builds. `make` (or `make EXE=path`, the OpenBench convention) builds the engine for
# this machine; the other targets cross-compile from Linux and test under emulation, and
# `make dist` writes the release files (docs/release.md says what each step needs).
EXE ?= maxim
CARGO ?= cargo
WINDOWS := x86_64-pc-windows-gnu
ARM64 := aarch64-unknown-linux-gnu

.PHONY: all test bench windows arm64 test-windows test-arm64 dist clean

all:
	$(CARGO) build --release
	cp target/release/maxim $(EXE)

test:
	$(CARGO) test --release

bench: all
	./$(EXE) bench

# Windows x86-64, through mingw-w64: target/x86_64-pc-windows-gnu/release/maxim.exe
windows:
	$(CARGO) build --release --target $(WINDOWS)

# 64-bit ARM Linux, through Debian's cross gcc: target/aarch64-unknown-linux-gnu/release/maxim
arm64:
	$(CARGO) build --release --target $(ARM64)

# The Windows build under Wine: bench, the uci-scripts (and with MATCH=1 a 20-game match).
test-windows: windows
	bash tools/wine_test.sh

# The ARM build under QEMU: bench, the perft suites, the consistency test and the uci-scripts.
test-arm64: arm64
	bash tools/qemu_test.sh

# The release files in dist/, with SHA256SUMS.
dist:
	bash tools/dist.sh

clean:
	$(CARGO) clean
	rm -rf dist
