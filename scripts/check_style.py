#!/usr/bin/env python3
"""Lines are at most 120 columns in Sources/, Tests/, include/, bindings/, scripts/, bench/ and examples/
(make test runs this). There is no exception list: every line of every checked file follows the
rule, the generated ones included (scripts/gen_abi_check.py wraps what it writes).

    python3 scripts/check_style.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRS = ("Sources", "Tests", "include", "bindings", "scripts", "bench", "examples")
SUFFIXES = {".swift", ".c", ".h", ".py", ".inc", ".map"}
LIMIT = 120


def overlong() -> dict[str, list[int]]:
    """Path -> line numbers longer than LIMIT columns (characters, not bytes)."""
    out: dict[str, list[int]] = {}
    for d in DIRS:
        for path in sorted((ROOT / d).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or "__pycache__" in path.parts:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            long_lines = [i + 1 for i, line in enumerate(lines) if len(line) > LIMIT]
            if long_lines:
                out[str(path.relative_to(ROOT))] = long_lines
    return out


def main() -> int:
    found = overlong()
    for path, numbers in found.items():
        where = ", ".join(str(n) for n in numbers[:10])
        print(f"{path}: {len(numbers)} lines over {LIMIT} columns (lines {where})", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
