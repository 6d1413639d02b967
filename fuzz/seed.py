#!/usr/bin/env python3
"""Seeds the fuzz corpora (fuzz/corpus/<target>/) from the repository's own inputs, so that a
campaign starts from every form the engine already knows. Run from anywhere:

    python3 fuzz/seed.py

- fen: every position of tests/data/*.epd (plain, X-FEN and Shredder-FEN castling);
- moves: the arguments of every `position` command in uci-scripts/, then, after a line break,
  a few SAN moves and EPD lines of tests/data/bk.epd and ecm.epd;
- uci: each uci-script's input lines (the `> ` lines), in inputs of at most 24 lines;
- table: each real table of tests/data/syzygy, intact, behind the byte that picks it (the
  harness replaces the file at that place in name order with the rest of the input).
"""
import hashlib
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
# MAX_LINES in fuzz_targets/uci.rs.
UCI_LINES = 24


def put(target: str, text) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    data = text if isinstance(text, bytes) else text.encode()
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def epd_lines():
    for path in sorted((ROOT / "tests" / "data").glob("*.epd")):
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                yield path.name, line


def main() -> None:
    epd = list(epd_lines())
    for _, line in epd:
        fields = line.split(";")[0].split()
        put("fen", " ".join(fields[:6]))
    suites = [line for name, line in epd if name in ("bk.epd", "ecm.epd")]
    scripts = sorted((ROOT / "uci-scripts").glob("*.uci"))
    positions = []
    for script in scripts:
        inputs = [l[2:] for l in script.read_text().splitlines() if l.startswith("> ")]
        # The harness reads at most UCI_LINES lines of an input: longer scripts go in parts.
        for start in range(0, len(inputs), UCI_LINES):
            put("uci", "\n".join(inputs[start : start + UCI_LINES]) + "\n")
        positions += [l[len("position "):] for l in inputs if l.startswith("position ")]
    for i, args in enumerate(positions):
        san = "e4 Nf3 O-O exd5 Qxf7# e8=Q a1 Rad1 N1c3"
        put("moves", f"{args}\n{san}\n{suites[i % len(suites)]}\n")
    for line in suites[:50]:
        put("moves", f"fen {' '.join(line.split()[:4])} 0 1\n{line}\n")
    tables = sorted(p for p in (ROOT / "tests" / "data" / "syzygy").iterdir() if p.suffix in (".rtbw", ".rtbz"))
    for pick, path in enumerate(tables):
        put("table", bytes([pick]) + path.read_bytes())
    for target in ("fen", "moves", "uci", "table"):
        print(target, len(list((CORPUS / target).iterdir())), "inputs")


if __name__ == "__main__":
    main()
