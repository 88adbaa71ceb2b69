#!/usr/bin/env python3
"""Lines are at most 120 columns in Sources/, Tests/, include/ and bindings/ (make test runs this).

The code written before the rule has lines that are longer; they are counted per file in
scripts/line_length_baseline.txt, and a file may not have more of them than its count (a file not
listed may have none). So new code follows the rule now. The Swift files have had their
reformatting commit (`make format`) and are not in the baseline; what is left there are C and
Python lines, to be wrapped and then dropped with `--update-baseline`.

    python3 scripts/check_style.py                    # check
    python3 scripts/check_style.py --update-baseline  # after shortening lines: lower the counts
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRS = ("Sources", "Tests", "include", "bindings")
SUFFIXES = {".swift", ".c", ".h", ".py", ".inc", ".map"}
LIMIT = 120
BASELINE = ROOT / "scripts" / "line_length_baseline.txt"


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


def read_baseline() -> dict[str, int]:
    if not BASELINE.exists():
        return {}
    counts = {}
    for line in BASELINE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            path, n = line.rsplit(" ", 1)
            counts[path] = int(n)
    return counts


def main() -> int:
    found = overlong()
    if "--update-baseline" in sys.argv:
        old = read_baseline()
        # Counts only go down: a file gets no more room than it had.
        new = {p: min(len(v), old.get(p, len(v))) for p, v in found.items() if p in old or "--allow-new" in sys.argv}
        BASELINE.write_text("# Lines over 120 columns per file, written before the rule (scripts/check_style.py).\n"
                            + "".join(f"{p} {n}\n" for p, n in sorted(new.items()) if n > 0))
        print(f"baseline: {sum(new.values())} lines in {len(new)} files")
        return 0
    baseline = read_baseline()
    failures = []
    for path, numbers in found.items():
        allowed = baseline.get(path, 0)
        if len(numbers) > allowed:
            where = ", ".join(str(n) for n in numbers[:10])
            failures.append(f"{path}: {len(numbers)} lines over {LIMIT} columns (lines {where}); at most {allowed} "
                            "are allowed (the lines from before the rule)")
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
