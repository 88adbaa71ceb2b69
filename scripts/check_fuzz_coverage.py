#!/usr/bin/env python3
"""Lists the functions of include/cvlayout.h that the libFuzzer harness (Tests/fuzz/fuzz_cvl.c)
never calls, so that docs/fuzzing.md's "a harness over every function of the header" stays true.

    python3 scripts/check_fuzz_coverage.py        (run by `make test`; exit 1 and the names if any)

The header's functions come from its parsed model (cvl_header.load()); a function counts as
called when its name is followed by "(" in the harness outside comments and string literals.
"""
from __future__ import annotations

import pathlib
import re
import sys

import cvl_header

HARNESS = cvl_header.ROOT / "Tests" / "fuzz" / "fuzz_cvl.c"


def code_only(text: str) -> str:
    """The C source with comments and string and character literals blanked."""
    token = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return token.sub(lambda m: " " if m.group(0).startswith("/") else '""', text)


def missing(harness: pathlib.Path = HARNESS) -> list[str]:
    """The header's functions, in header order, that `harness` never calls."""
    code = code_only(harness.read_text())
    called = set(re.findall(r"\b(cvl_\w+)\s*\(", code))
    return [name for name in cvl_header.load().functions if name not in called]


def main() -> int:
    absent = missing()
    for name in absent:
        print(f"{HARNESS.relative_to(cvl_header.ROOT)}: never calls {name} (include/cvlayout.h)")
    return 1 if absent else 0


if __name__ == "__main__":
    sys.exit(main())
