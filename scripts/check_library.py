#!/usr/bin/env python3
"""Checks that a built libcvlayout is the self-contained, versioned library users install:

- DT_NEEDED lists only the C runtime (libc, libm, libstdc++, libgcc_s, the loader): the Swift
  runtime is linked in statically, so no Swift toolchain is needed where it runs;
- no DT_RPATH/DT_RUNPATH (nothing points into a build machine);
- DT_SONAME is libcvlayout.so.MAJOR, with MAJOR from the file VERSION;
- every exported symbol is a cvl_* function tagged with the symbol version CVLAYOUT_MAJOR.

    python3 scripts/check_library.py LIBRARY     (run by `make test`; needs readelf)
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
C_RUNTIME = re.compile(r"(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux[-\w.]*\.so\.\d+)$")


def readelf(*args: str) -> str:
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    lib = sys.argv[1]
    major = (ROOT / "VERSION").read_text().strip().split(".")[0]
    tag = f"CVLAYOUT_{major}"
    problems = []

    dynamic = readelf("-d", lib)
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", dynamic)
    problems += [f"DT_NEEDED {n} is not part of the C runtime" for n in needed if not C_RUNTIME.match(n)]
    problems += [f"has {kind} {path} (the library must not point into a build machine)"
                 for kind, path in re.findall(r"\((RPATH|RUNPATH)\)\s+Library r\w*path: \[(.*)\]", dynamic)]
    soname = re.findall(r"\(SONAME\)\s+Library soname: \[(.*)\]", dynamic)
    if soname != [f"libcvlayout.so.{major}"]:
        problems.append(f"SONAME is {soname}, expected libcvlayout.so.{major}")

    exported = []
    for line in readelf("--dyn-syms", lib).splitlines():
        f = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(f) < 8 or f[4] not in ("GLOBAL", "WEAK") or f[6] == "UND":
            continue
        name = f[7]
        if name == tag and f[6] == "ABS":  # the version definition itself
            continue
        exported.append(name)
        if not re.fullmatch(r"cvl_\w+@@" + tag, name):
            problems.append(f"exported symbol {name} is not cvl_*@@{tag}")
    if not exported:
        problems.append("exports no symbols")

    if problems:
        print(f"{lib}:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    print(f"{lib}: SONAME {soname[0]}, {len(exported)} cvl_* symbols @{tag}, needs only {', '.join(needed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
