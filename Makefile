# OpenBench convention: `make EXE=path` builds the engine to that path.
EXE ?= maxim
CARGO ?= cargo

.PHONY: all test bench clean

all:
	$(CARGO) build --release
	cp target/release/maxim $(EXE)

test:
	$(CARGO) test --release

bench: all
	./$(EXE) bench

clean:
	$(CARGO) clean
