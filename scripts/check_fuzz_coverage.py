#!/usr/bin/env python3
"""Lists the functions of include/cvlayout.h that the libFuzzer harness (Tests/fuzz/fuzz_cvl.c)
never calls, and the layout types (CVL_LAYOUT_*, not the CVL_LAYOUT_MODE_* values) it never names,
so that docs/fuzzing.md's "a harness over every function of the header" and "layouts of every
kind" stay true.

    python3 scripts/check_fuzz_coverage.py        (run by `make test`; exit 1 and the names if any)

The header's functions come from its parsed model (cvl_header.load()); a function counts as
called when its name is followed by "(" in the harness outside comments and string literals, and
a layout type when it is named there. The harness includes Tests/c/config_layouts.inc (the table
of the layouts with a configuration struct, scripts/gen_c_config_layouts.py) and creates and
configures those layouts through it (`cl_rows`): the functions the table's wrappers call and the
types its rows name count as the harness's own, so a layout whose row is missing is reported.
"""
from __future__ import annotations

import pathlib
import re
import sys

import cvl_header

HARNESS = cvl_header.ROOT / "Tests" / "fuzz" / "fuzz_cvl.c"
INCLUDE = re.compile(r'#\s*include\s+"([^"]+\.inc)"')


def code_only(text: str) -> str:
    """The C source with comments and string and character literals blanked."""
    token = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return token.sub(lambda m: " " if m.group(0).startswith("/") else '""', text)


def harness_code(harness: pathlib.Path) -> str:
    """The harness's code and that of the .inc files it includes (config_layouts.inc) when it uses
    what they define (their table), comments and literals blanked."""
    text = harness.read_text()
    code = code_only(text)
    uncommented = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
    for name in INCLUDE.findall(uncommented):
        inc = (harness.parent / name).resolve()
        # Its code without its #defines (CL_LAST_LAYOUT_TYPE names a type no row may create).
        inc_code = re.sub(r"(?m)^\s*#.*$", "", code_only(inc.read_text()))
        tables = re.findall(r"\bstatic\s+const\s+\w+\s+(\w+)\s*\[\s*\]\s*=", inc_code)
        if any(re.search(rf"\b{t}\b", code) for t in tables):
            code += "\n" + inc_code
    return code


def missing(harness: pathlib.Path = HARNESS) -> list[str]:
    """The header's functions, in header order, that `harness` never calls."""
    code = harness_code(harness)
    called = set(re.findall(r"\b(cvl_\w+)\s*\(", code))
    return [name for name in cvl_header.load().functions if name not in called]


def missing_layout_types(harness: pathlib.Path = HARNESS) -> list[str]:
    """The header's CVL_LAYOUT_* layout types that `harness` never names outside comments."""
    code = harness_code(harness)
    kinds = [f"CVL_{n}" for n in cvl_header.load().defines
             if n.startswith("LAYOUT_") and not n.startswith("LAYOUT_MODE_")]
    return [k for k in kinds if not re.search(rf"\b{k}\b", code)]


def main() -> int:
    absent = missing()
    for name in absent:
        print(f"{HARNESS.relative_to(cvl_header.ROOT)}: never calls {name} (include/cvlayout.h)")
    kinds = missing_layout_types()
    for name in kinds:
        print(f"{HARNESS.relative_to(cvl_header.ROOT)}: never creates a layout of type {name} (include/cvlayout.h)")
    return 1 if absent or kinds else 0


if __name__ == "__main__":
    sys.exit(main())
