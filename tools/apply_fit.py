#!/usr/bin/env python3
"""Write a fit of ``tune`` into the engine's source.

Usage: apply_fit.py FIT.out [REPO]

FIT.out is what ``tune`` printed on stdout: the tuned weights in Rust's debug form
(``Weights { material: [...], doubled_pawn: (a, b), ... }``), then the piece-square
corrections as the ``PSQ_LEARNED`` table. The weights replace the fields of ``WEIGHTS`` in
``src/eval/weights.rs`` (its doc comment, which says what data the fit used, is left for a
person to update), the table replaces ``PSQ_LEARNED`` in ``src/chess/psq_learned.rs``, and
``cargo fmt`` lays the weights out as the rest of the file. REPO defaults to the current
folder. Nothing else is changed; run ``cargo test --release`` and ``maxim bench`` after.
"""

import re
import subprocess
import sys
from pathlib import Path


def split_fields(body: str) -> list[tuple[str, str]]:
    """Splits ``name: value, name: value`` at the commas outside brackets."""
    fields, depth, start = [], 0, 0
    for i, ch in enumerate(body + ","):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            part = body[start:i].strip()
            if part:
                name, value = part.split(":", 1)
                fields.append((name.strip(), value.strip()))
            start = i + 1
    return fields


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    fit = Path(sys.argv[1]).read_text()
    repo = Path(sys.argv[2] if len(sys.argv) == 3 else ".")
    debug = re.search(r"^Weights \{(.*)\}\s*$", fit, re.M)
    table = re.search(r"^pub const PSQ_LEARNED.*?^\];$", fit, re.M | re.S)
    if not debug or not table:
        print(f"{sys.argv[1]}: no tuned weights or no PSQ_LEARNED table", file=sys.stderr)
        return 1

    weights_rs = repo / "src/eval/weights.rs"
    source = weights_rs.read_text()
    block = re.search(r"(pub const WEIGHTS: Weights = Weights \{\n)(.*?)(^\};)", source, re.M | re.S)
    if not block:
        print(f"{weights_rs}: no WEIGHTS block", file=sys.stderr)
        return 1
    old = dict(split_fields(block.group(2).replace("\n", " ")))
    new = split_fields(debug.group(1))
    if [n for n, _ in new] != list(old):
        print("the fit's fields are not WEIGHTS' fields: a fit of another build?", file=sys.stderr)
        return 1
    body = "".join(f"    {name}: {value},\n" for name, value in new)
    weights_rs.write_text(source[: block.start(2)] + body + source[block.end(2) :])

    psq_rs = repo / "src/chess/psq_learned.rs"
    source = psq_rs.read_text()
    old_table = re.search(r"^pub const PSQ_LEARNED.*?^\];$", source, re.M | re.S)
    if not old_table:
        print(f"{psq_rs}: no PSQ_LEARNED table", file=sys.stderr)
        return 1
    psq_rs.write_text(source[: old_table.start()] + table.group(0) + source[old_table.end() :])

    subprocess.run(["cargo", "fmt"], cwd=repo, check=True)
    def same(value: str) -> str:
        return re.sub(r"\s", "", value).replace(",]", "]")

    changed = sum(1 for (n, v) in new if same(old[n]) != same(v))
    print(f"{changed} of {len(new)} weights changed; PSQ_LEARNED replaced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
