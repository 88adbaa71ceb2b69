"""Rewrite BENCHMARKS.md's main tables from the output of `make bench`.

Reads build/bench-c.md and build/bench-c.json (bench/bench.c), build/bench-python.md and
build/bench-python.json (bench/bench.py), and replaces what lies between the two markers
GENERATED_BEGIN and GENERATED_END in BENCHMARKS.md: the machine (lscpu's model name, cores, load
average, memory), the date, the tables as the programs printed them, and issue 32's goals, each
stated as the measured ratio against its bound. Everything outside the markers is left as it is.

    make bench && python3 scripts/gen_benchmarks.py
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- gen_benchmarks.py: begin (generated from `make bench`; edit scripts/gen_benchmarks.py instead) -->"
END = "<!-- gen_benchmarks.py: end -->"


def lscpu() -> tuple[str, str]:
    """(model name, CPU count) from lscpu, else /proc/cpuinfo."""
    model, cpus = "unknown", str(os.cpu_count())
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Model name":
                model = value.strip()
            elif key.strip() == "CPU(s)":
                cpus = value.strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    return model, cpus


def mem_total_gib() -> float:
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return 0.0


def sections(md: str) -> str:
    """The program's tables: everything from its first `## ` heading, headings demoted one level."""
    start = md.find("\n## ")
    body = md[start + 1:] if start >= 0 else md
    return re.sub(r"^## ", "### ", body.strip(), flags=re.M) + "\n"


def at(sizes: list[dict[str, Any]], n: int) -> dict[str, Any] | None:
    return next((s for s in sizes if s["n"] == n), None)


def med(entry: dict[str, Any] | None, key: str) -> float | None:
    if entry is None or key not in entry:
        return None
    return float(entry[key]["median"])


def spread(entry: dict[str, Any] | None, key: str, digits: int = 2) -> str:
    if entry is None or key not in entry:
        return "not measured"
    e = entry[key]
    return f"{e['median']:.{digits}f} ({e['min']:.{digits}f}-{e['max']:.{digits}f})"


def verdict(value: float | None, bound: float) -> str:
    if value is None:
        return "not measured"
    return "met" if value <= bound else "NOT met"


def goals(c: dict[str, Any], py: dict[str, Any] | None) -> str:
    sizes: list[dict[str, Any]] = c["sizes"]
    m6, m8 = at(sizes, 1_000_000), at(sizes, 100_000_000)
    anim = c["animation"]
    rows: list[tuple[str, str, str]] = []

    def ratio_row(goal: str, entry: dict[str, Any] | None, key: str, bound: float) -> None:
        rows.append((goal, spread(entry, key) + "x", verdict(med(entry, key), bound)))

    ratio_row("full prepare at 10^6 <= 1.0x the loop (from scratch: a fresh layout handed the sizes, allocation "
              "and first touch included, against the loop allocating its copy, frames and lines; it touches about "
              "51 B/item, cvlayout about 29)", m6, "full_ratio", 1.0)
    ratio_row("re-prepare at 10^6 <= 1.0x the loop", m6, "prepare_ratio", 1.0)
    ratio_row("hand-over + prepare at 10^6 <= 1.3x the loop that copies the host's array", m6, "handover_ratio", 1.3)
    if m8 is not None:
        f6, f8 = med(m6, "full_cvlayout"), med(m8, "full_cvlayout")
        growth = f"; {f8:.1f} ns/item against {f6:.1f} at 10^6" if f6 and f8 else ""
        rows.append(("no page-fault cliff up to 10^8 (read here as: a fresh hand-over at 10^8 <= 1.3x the loop's, "
                     "the hand-over bound)",
                     spread(m8, "full_ratio") + "x" + growth, verdict(med(m8, "full_ratio"), 1.3)))
    else:
        rows.append(("no page-fault cliff up to 10^8", f"not measured ({c.get('huge', '')})", "not measured"))
    ratio_row("viewport query at 10^6, compact (index path + frame) <= 1.0x the loop's", m6, "compact_ratio", 1.0)
    rows.append(("viewport query at 10^6, compact, <= 1 µs", spread(m6, "compact_cvlayout", 3) + " µs",
                 verdict(med(m6, "compact_cvlayout"), 1.0)))
    ratio_row("viewport query at 10^6, full structs, <= 1.0x the loop that fills full structs", m6, "query_ratio",
              1.0)
    a = anim["frame_cvlayout_us"]
    rows.append(("animation frame at 10^5 (~50 on screen) <= 5 µs",
                 f"{a['median']:.2f} ({a['min']:.2f}-{a['max']:.2f}) µs for {anim['elements']:.1f} elements",
                 verdict(float(a["median"]), 5.0)))
    out = ["| goal (issue 32) | measured: median (min-max) over the rounds | |", "|---|---|---|"]
    out += [f"| {g} | {m} | {v} |" for g, m, v in rows]
    out.append("")
    out.append("A goal is met when the median is within its bound. Not measured by `make bench`: one-item edits "
               "(bench/incremental.c, \"Incremental changes\" below), everything on screen, and the other layouts "
               "against the flow (their own sections below).")
    if py is not None:
        p6 = at(py["sizes"], 1_000_000)
        pieces = []
        for key, name in (("prepare", "re-prepare"), ("handover", "hand-over"), ("query", "full query"),
                          ("compact", "compact query")):
            pm, cm = med(p6, key), med(m6, key + "_cvlayout")
            if pm and cm:
                pieces.append(f"{name} {pm / cm:.2f}x")
        if pieces:
            out.append("")
            out.append("From Python at 10^6, against the same path from C (medians): " + ", ".join(pieces) + ".")
    return "\n".join(out) + "\n"


def generate(build: Path) -> str:
    c = json.loads((build / "bench-c.json").read_text())
    py_json = build / "bench-python.json"
    py = json.loads(py_json.read_text()) if py_json.exists() else None
    model, cpus = lscpu()
    load = " ".join(f"{x:.2f}" for x in c["load"])
    parts = [
        BEGIN,
        "## Machine, date and method",
        "",
        f"- **Machine**: `{model}` (lscpu), {cpus} CPUs, {mem_total_gib():.0f} GiB; load average {load} when "
        "bench/bench.c started (this machine is shared: other work running at the same time only adds time).",
        f"- **Date**: {c['date']} (bench/bench.c's start).",
        "- **Workload** (issue 32's, the same from C and Python): one section of n items, sizes uniform in "
        "[50, 150]² (seeded), vertical flow in a 1000-wide column, spacings 10/10, no insets, viewport "
        "1000 × 800. *fresh hand-over* = a new layout handed the sizes + a view + content size (allocation "
        "and first touch included); *re-prepare* = invalidate everything + content size; *hand-over* = "
        "`cvl_flow_layout_set_item_sizes` + content size on the live view; *query* = set the offset + "
        "`cvl_view_visible_attributes` (full structs) or `cvl_view_visible_elements` (compact) over a sweep "
        "of offsets spread over the content.",
        "- **The loop**: bench/flow_loop.h, the hand-written C flow a programmer would write (double frames, a "
        "line table, binary search), checked to give the same frames and the same elements per query. Both "
        "run interleaved in one process, round by round; each cell is the median (min-max) over the rounds, "
        "and a ratio is taken within each round before its median.",
        "- **Regenerate**: `make bench && python3 scripts/gen_benchmarks.py` (this block only).",
        "",
        "## Issue 32's goals",
        "",
        goals(c, py),
        "## From C (bench/bench.c)",
        "",
        sections((build / "bench-c.md").read_text()),
    ]
    py_md = build / "bench-python.md"
    if py_md.exists():
        parts += ["## From Python (bench/bench.py)", "", sections(py_md.read_text())]
    parts.append(END)
    return "\n".join(parts) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build")
    ap.add_argument("--output", type=Path, default=ROOT / "BENCHMARKS.md")
    args = ap.parse_args()
    text = args.output.read_text()
    if BEGIN not in text or END not in text:
        print(f"{args.output}: the markers are missing:\n{BEGIN}\n{END}", file=sys.stderr)
        return 1
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    args.output.write_text(head + generate(args.build) + "\n" + tail.lstrip("\n"))
    print(f"{args.output}: main tables regenerated from {args.build}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
