"""One-item edits at many sections under callgrind, against one or more builds of the library.

Usage: section_edits.py PROGRAM LIBDIR [LIBDIR ...] [--kinds flow,compositional,orthogonal]
                        [--spacings 0,0.1]

PROGRAM is bench/section_edits.c built against include/cvlayout.h (see its comment); each LIBDIR
holds a libcvlayout.so.0. Every (library, layout, count source) runs once under
`valgrind --tool=callgrind` with LD_LIBRARY_PATH=LIBDIR; the table gives each phase's
instructions (deterministic) and each edit as a percentage of the first layout pass. A library
without the bulk source gives "-" for the bulk modes. Each spacing (the flow's between lines, the
compositional layout's between sections; 0.1 makes sums that round) runs every combination.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from perf_guard import read_dumps  # noqa: E402

PHASES = ("first", "delete", "insert", "insert_row", "delete_row")
QUERIES = ("query_after_edit", "query")
FIRST_ROW_EDIT = "first_row_edit"


def run(program: str, libdir: str, kind: str, mode: str, spacing: str) -> dict[str, int] | None:
    with tempfile.TemporaryDirectory() as out:
        prefix = os.path.join(out, "callgrind.out")
        env = dict(os.environ, LD_LIBRARY_PATH=libdir)
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--quiet", f"--callgrind-out-file={prefix}",
                               program, kind, mode, "100000", "20", spacing],
                              env=env, capture_output=True, text=True, check=False)
        if proc.returncode == 2 and mode != "callback":
            return None
        if proc.returncode != 0:
            raise SystemExit(f"{program} {kind} {mode} ({libdir}) failed: {proc.stderr}")
        return read_dumps(prefix)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("libdirs", nargs="+")
    ap.add_argument("--kinds", default="flow,compositional,orthogonal")
    ap.add_argument("--spacings", default="0")
    args = ap.parse_args()
    print("| layout | spacing | library | counts | first pass | delete (rows kept) | insert back | insert (a row more) "
          "| delete (a row fewer) | a row more, first after a full pass | query after a row edit | query |")
    print("|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for kind, spacing in ((k, sp) for sp in args.spacings.split(",") for k in args.kinds.split(",")):
        for libdir in args.libdirs:
            for mode in ("callback", "bulk", "bulk_changed"):
                got = run(args.program, libdir, kind, mode, spacing)
                if got is None:
                    name = os.path.basename(libdir.rstrip('/'))
                    print(f"| {kind} | {spacing} | {name} | {mode} | - | - | - | - | - | - | - | - |")
                    continue
                first = got["first"]
                cells = [f"{first / 1e6:.2f} M"]
                cells += [f"{got[p] / 1e6:.3f} M ({100 * got[p] / first:.2f} %)" for p in PHASES[1:]]
                cells += [f"{got[FIRST_ROW_EDIT] / 1e6:.3f} M ({100 * got[FIRST_ROW_EDIT] / first:.2f} %)"
                          if FIRST_ROW_EDIT in got else "-"]
                cells += [f"{got[q]:,}" if q in got else "-" for q in QUERIES]
                print(f"| {kind} | {spacing} | {os.path.basename(libdir.rstrip('/'))} | {mode} | {' | '.join(cells)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
