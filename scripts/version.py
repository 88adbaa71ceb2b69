#!/usr/bin/env python3
"""The version's one home is the file VERSION (MAJOR.MINOR.PATCH). This script copies it into
the places that cannot read that file themselves:

- include/cvlayout.h: CVL_VERSION_MAJOR/MINOR/PATCH and CVL_VERSION_STRING (cvl_version() returns
  the header's numbers, so the library follows the header);
- Package.swift: the SONAME libcvlayout.so.MAJOR;
- Sources/CVLayout/exports.map: the symbol version tag CVLAYOUT_MAJOR;

The Python bindings' version (cvlayout.__version__) is generated from the header with the rest of
cvlayout/_types.py (scripts/gen_abi_check.py).

The Makefile reads VERSION for the file names (libcvlayout.so.MAJOR.MINOR.PATCH, cvlayout.pc) and
pyproject.toml for the Python package's version.

    python3 scripts/version.py          rewrite the copies from VERSION
    python3 scripts/version.py --check  exit 1 when a copy differs (run by `make test`)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def read_version() -> tuple[int, int, int]:
    text = (ROOT / "VERSION").read_text().strip()
    m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", text)
    if not m:
        sys.exit(f"VERSION must be MAJOR.MINOR.PATCH, got {text!r}")
    return int(m[1]), int(m[2]), int(m[3])


# Files whose version lines may be generated another way; `make test` still compares
# cvlayout.__version__ with VERSION at run time.
OPTIONAL: set[str] = set()


def substitutions(major: int, minor: int, patch: int) -> dict[str, list[tuple[str, str]]]:
    """file -> [(regex with one group to replace, replacement for that group)]."""
    string = f"{major}.{minor}.{patch}"
    return {
        "include/cvlayout.h": [
            (r"#define CVL_VERSION_MAJOR (\d+)", str(major)),
            (r"#define CVL_VERSION_MINOR (\d+)", str(minor)),
            (r"#define CVL_VERSION_PATCH (\d+)", str(patch)),
            (r'#define CVL_VERSION_STRING "([^"]*)"', string),
        ],
        "Package.swift": [(r'"-soname=libcvlayout\.so\.(\d+)"', str(major))],
        "Sources/CVLayout/exports.map": [(r"^CVLAYOUT_(\d+) \{", str(major))],
    }


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    version = read_version()
    drift = []
    for name, subs in substitutions(*version).items():
        path = ROOT / name
        text = path.read_text()
        new = text
        for pattern, value in subs:
            m = re.search(pattern, new, re.M)
            if not m and name in OPTIONAL:
                continue
            if not m:
                sys.exit(f"{name}: no match for {pattern!r}: update scripts/version.py with the file")
            if m[1] != value:
                drift.append(f"{name}: {m[0]!r} (VERSION says {value})")
                new = new[:m.start(1)] + value + new[m.end(1):]
        if new != text and not check:
            path.write_text(new)
    if drift and check:
        print("version drift from VERSION (run python3 scripts/version.py):\n  " + "\n  ".join(drift),
              file=sys.stderr)
        return 1
    for line in drift:
        print("updated " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
