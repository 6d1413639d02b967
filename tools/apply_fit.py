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


# The table as `tune` prints it and as psq_learned.rs holds it.
PSQ_TABLE = r"^pub const PSQ_LEARNED.*?^\];$"


def find(pattern: str, text: str, where: str) -> re.Match:
    """The first match of a multi-line pattern, or an exit naming what lacks it."""
    match = re.search(pattern, text, re.M | re.S)
    if not match:
        sys.exit(f"{where}: no {pattern!r}")
    return match


def same(value: str) -> str:
    """A value without its layout, to tell a changed weight from a reformatted one."""
    return re.sub(r"\s", "", value).replace(",]", "]")


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    fit = Path(sys.argv[1]).read_text()
    repo = Path(sys.argv[2] if len(sys.argv) == 3 else ".")
    weights_rs, psq_rs = repo / "src/eval/weights.rs", repo / "src/chess/psq_learned.rs"
    weights_src, psq_src = weights_rs.read_text(), psq_rs.read_text()
    # Everything is found before anything is written, so a failed run changes nothing.
    debug = find(r"^Weights \{(.*)\}\s*$", fit, sys.argv[1])
    table = find(PSQ_TABLE, fit, sys.argv[1])
    block = find(r"(pub const WEIGHTS: Weights = Weights \{\n)(.*?)(^\};)", weights_src, str(weights_rs))
    old_table = find(PSQ_TABLE, psq_src, str(psq_rs))
    old = dict(split_fields(block.group(2).replace("\n", " ")))
    new = split_fields(debug.group(1))
    if [n for n, _ in new] != list(old):
        print("the fit's fields are not WEIGHTS' fields: a fit of another build?", file=sys.stderr)
        return 1

    body = "".join(f"    {name}: {value},\n" for name, value in new)
    weights_rs.write_text(weights_src[: block.start(2)] + body + weights_src[block.end(2) :])
    psq_rs.write_text(psq_src[: old_table.start()] + table.group(0) + psq_src[old_table.end() :])
    subprocess.run(["cargo", "fmt"], cwd=repo, check=True)
    changed = sum(1 for (n, v) in new if same(old[n]) != same(v))
    print(f"{changed} of {len(new)} weights changed; PSQ_LEARNED replaced")
    return 0


if __name__ == "__main__":
    sys.exit(main())
