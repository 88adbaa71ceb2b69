#!/usr/bin/env python3
"""The static path's instruction counts against the hand-written loop (issue 32's guard).

Runs bench/perf_guard.c (built by `make perf-guard`) under `valgrind --tool=callgrind`, reads the
instructions each phase executed from the dump the program asked for at its end, and divides by
the repetitions the program printed. Each cvlayout phase is compared with the loop doing the same
work on the same workload (BENCHMARKS.md, "The instruction-count guard", says what each phase
is); the check fails when a ratio, or the animation frame's instructions, exceeds its bound.
Callgrind counts instructions, not time: the figures are the same on a busy or an idle machine.

Usage: perf_guard.py PROGRAM [--out DIR] [--callgrind-out FILE]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass

# (phase, the loop's phase, largest allowed ratio): today's counts (BENCHMARKS.md, "The
# instruction-count guard") with about 8 % headroom, so that a change costing the static path more
# than that fails `make test`. Lower a bound when a change makes its path cheaper.
RATIO_BOUNDS: list[tuple[str, str, float]] = [
    # prep21: block extents noted only for a negative line spacing, the fast line's two bounds as
    # one end (0.90x -> 0.85x; BENCHMARKS.md, "Re-prepare, fewer instructions between one line's
    # break and the next (prep21, issue 32)"); prep24's straight path and blocks of 256 lines
    # (0.85x -> 0.83x; "Blocks of 256 lines (blk256, issue 32)").
    ("prepare", "loop_prepare", 0.90),
    ("handover", "loop_handover", 0.38),
    # cq27: the screenful's lines searched with the sections' slack, its cell walk
    # @inline(always), the pairs' loop tested against end - 1, a line across one edge of the rect
    # tested against that edge alone (0.67x, 0.99x, 0.98x; 0.94x for 40-point steps;
    # BENCHMARKS.md, "Viewport queries, one edge a line and the walk inlined for sure (cq27, issue
    # 32)"): each bound lowered by the same fraction as its count.
    # lcq26: a screenful's line whose every cell is drawn read two cells a turn (0.68x, 1.02x,
    # 1.01x; 0.96x for 40-point steps; BENCHMARKS.md, "Viewport queries, a screenful's cells two
    # a turn (lcq26, issue 32)"): each bound lowered by the same fraction as its count.
    # prep30: a far query in the hint's block searched from the interpolated guess, not from the
    # hint's line (a gate on the two queries' starts) (0.69x, 1.03x, 1.02x; steps 0.97x, 10
    # instructions dearer for the gate; BENCHMARKS.md, "Viewport queries, far jumps from the
    # guess (prep30, issue 32)"): the query, compact and scroll bounds lowered by the same
    # fraction as their counts; the step's kept.
    # compact30: a screenful's cells without the line's start test (the screenful's walk made it),
    # its one section tested at lo and lo + 1, not searched a second time, the flow's own checks
    # two stored flags, not an outlined optional test and a virtual call (0.69x, 1.04x, 1.03x;
    # 0.97x for 40-point steps; BENCHMARKS.md, "Viewport queries, the screenful's line test once
    # (compact30, issue 32)"): each bound lowered by the same fraction as its count.
    # compact29: the exports' entry without the thread state (the lock's owner thread in an
    # atomic, the last view in a constant-initialized global), the size table's window from the
    # hint without a second test, the walk of the screenful's lines without a zero delta (0.71x,
    # 1.06x, 1.05x; 0.99x for 40-point steps; BENCHMARKS.md, "Viewport queries, the exports'
    # entry without the thread state (compact29, issue 32)"): each bound lowered by the same
    # fraction as its count.
    # compact26: a screenful's cells skip the empty-size test when their chunk of the size table
    # has no empty size (a mark per chunk, computed once and reset when the chunk is written)
    # (0.73x, 1.11x, 1.08x; 1.02x for 40-point steps; BENCHMARKS.md, "Viewport queries, the
    # empty-size test once a chunk (compact26, issue 32)"): each bound lowered by the same
    # fraction as its count.
    # query25: the screenful's path without the metatype and the identifiers' optional, its
    # rare split in a frame of its own, a run's order and the blocks' moved flag tested once
    # (0.74x, 1.23x, 1.21x; 1.15x for 40-point steps; BENCHMARKS.md, "Viewport queries, five
    # small cuts in the screenful's path (query25, issue 32)"): each bound lowered by the same
    # fraction as its count.
    # query22: the view's checks of a direct flow query read as one flag the query notes and every
    # write that can end them clears (`CollectionView.showsFlowAsIs`) (0.76x, 1.29x, 1.26x; 1.19x
    # for 40-point steps; BENCHMARKS.md, "Viewport queries, the view's checks in one flag
    # (query22, issue 32)").
    # query21: the view's per-scroll path in fewer frames (the offset's set-up inlined,
    # `withHostContentOffset` and `hostVisibleRect` inlined into the exports, a scroll query's
    # buffer checked once) (0.78x, 1.32x, 1.29x; 1.21x for 40-point steps; BENCHMARKS.md,
    # "Viewport queries, the view's per-scroll path (query21, issue 32)").
    # query20: the size table's window found from the last screenful's place (a checked hint),
    # the records' pointer in a register, the registry read from the thread state, the viewport
    # exports' guard inlined (0.79x, 1.35x, 1.36x; 1.29x for 40-point steps; BENCHMARKS.md,
    # "Viewport queries, the window from a hint (query20, issue 32)").
    # query19: in a block other than the last query's, the first line searched from the line the
    # block's first and last origins interpolate (0.83x, 1.43x, 1.40x; 1.34x for 40-point steps;
    # BENCHMARKS.md, "Viewport queries, the first line and the window (query19, issue 32)").
    # query18: a screenful within one per-item section's block read from its line table, without
    # the generic visit (0.84x, 1.45x, 1.42x; 1.34x for 40-point steps; BENCHMARKS.md, "Viewport
    # queries, a screenful from the line table (query18, issue 32)"). query17: the library lock
    # a benaphore on Linux, a boundary line's cells tested along the scroll axis only (0.89x,
    # 1.54x, 1.52x; 1.46x for 40-point steps; BENCHMARKS.md, "Viewport
    # queries, the entry and the visit (query17, issue 32)"). query16: a scroll query no longer
    # copies the (absent) animated scroll (0.92x, 1.62x, 1.57x, 1.51x). query15 had brought them
    # to 0.92x, 1.63x, 1.58x, 1.53x (nothing retained on the way, the tables read by address);
    # query14 to 0.98x, 1.75x, 1.68x, 1.62x (a run's lines read with their fields in locals);
    # query12 to 1.00x, 1.82x, 1.76x, 1.69x (runs of lines, not a span a line); query10 to 1.15x,
    # 2.11x, 2.07x, 2.02x.
    ("query", "loop_query", 0.74),
    ("compact", "loop_compact", 1.10),
    ("scroll", "loop_compact", 1.09),
    ("step", "loop_step", 1.02),
    ("sections", "loop_sections", 265.0),
    # The flow -> flow frame: 4.65x at the end of round 15 (onscreen14-15), 4.61x since query17
    # (a line crossing the rect's edge tested along the scroll axis only). 4.68x after onscreen30
    # (25,010); frame30: the starts read as their kind, asked once a run, a cell's origin and
    # centre tested finite in one test: 4.47x (23,874), the bound lowered by the same fraction
    # (4.98 -> 4.75; BENCHMARKS.md, "A frame's starts read as their kind (frame30, issue 32)").
    ("frame", "loop_frame", 4.75),
    # Not against a loop: a one-item edit (delete, then insert back) at 10^4 sections against the
    # library's own full pass of them (the `sections` phase). 0.45x at 1171776; 0.10x since sect7
    # (the counts compared whole, the sections restacked only until they are back in place);
    # 0.087x since sect9 (the count lists compared with memcmp).
    ("section_edit", "sections", 0.10),
    # The same edit with the counts handed over in one call (cvl_view_set_item_counts_source, the
    # host writing only the changed entry): 0.023x at sect9 (221,954 instructions, two edits).
    ("section_edit_bulk", "sections", 0.03),
    # Everything on screen at 10^4 items (guard22; BENCHMARKS.md, "The instruction-count guard,
    # everything on screen (guard22, issue 32)"), measured on main at ff328cf. The animated flow ->
    # circle set_layout against the set-up's floor (the circle's places, both ends of every track
    # as 288-byte records; bench/onscreen_loop.h): 4.69x (13,516,428 instructions). onscreen26: the
    # end's turn first, a default cell's start known plain, the general shape out of line, a start
    # copied in line: 4.44x (12,805,394; BENCHMARKS.md, "Everything on screen, both ends' turns in
    # one pass (onscreen26, issue 32)"). onscreen27: a track's made ends and its end's turn in one
    # array: 4.33x (12,497,976). onscreen30: lean track starts (72 bytes where a record takes
    # 288; 22 MB less written a switch at 10^5, the set-up about half as long by the clock) cost
    # instructions: 4.39x (12,660,286; BENCHMARKS.md, "Everything on screen, lean track starts
    # (onscreen30, issue 32)"). Bound kept. lead27: a scrolled flow's cells outside its cells'
    # bounds answered without the index, the end's turn read without its matrix when the layout
    # sent turned cells: 4.26x (12,284,188), the bound lowered by the same fraction (4.68 -> 4.54;
    # BENCHMARKS.md, "Everything on screen, turns known from the layout (lead27, issue 32)").
    # lead27: a uniform section's start frames stepped through its grid, not divided: 4.14x
    # (11,934,826), the bound lowered by the same fraction (4.54 -> 4.41).
    ("onscreen_switch", "loop_onscreen_setup", 4.41),
    # A frame of that switch (444 elements drawn) against the loop interpolating every track: 3.54x;
    # 3.72x since onscreen30 (each start read from the lean run or the whole one). frame30: the
    # starts' kind asked once a run: 3.50x (2,233,031 against 2,371,776), the bound lowered by the
    # same fraction (3.82 -> 3.60).
    ("onscreen_switch_frame", "loop_onscreen_switch_frame", 3.60),
    # An animated delete, then an insert back, on the circle (every item moves) against the floor
    # twice: 6.25x (36,080,674 instructions for the two). onscreen26: both ends' planar parts and
    # angles in one pass, two lanes: 5.58x (32,216,614). onscreen27: one array for the made ends
    # and end turns: 5.48x (31,617,054). onscreen29: each element's fate before the update in one
    # Int32: 5.43x (31,332,988). onscreen30: each start copied into a scratch record, then tested
    # and written lean: 5.69x (32,841,713). Bound kept. frame30: an unmoved start read in place
    # and written lean, no scratch record: 5.48x (31,636,378), the bound lowered by the same
    # fraction (5.86 -> 5.64). lead27: both ends' turns read without their matrices when the
    # layout sent turned cells: 5.22x (30,112,003), the bound lowered by the same fraction
    # (5.64 -> 5.37).
    ("onscreen_update", "loop_onscreen_update", 5.37),
    # A frame of the delete (10^4 elements drawn, each moving and turning) against the loop: 2.07x;
    # 2.09x since onscreen30 (8.8 ms against 10.6 by the clock at 10^5: the lean starts are read).
    # frame30: the starts' kind asked once a run: 1.98x (6,184,882 against 6,514,902), the bound
    # lowered by the same fraction (2.24 -> 2.13).
    ("onscreen_update_frame", "loop_onscreen_update_frame", 2.13),
]


REQUEST = "desc: Trigger: Client Request: "


@dataclass
class Phase:
    reps: int
    elements: int
    instructions: int = -1

    @property
    def per_rep(self) -> float:
        return self.instructions / self.reps

    @property
    def per_element(self) -> float:
        return self.instructions / self.elements if self.elements else float("nan")


def read_dumps(prefix: str) -> dict[str, int]:
    """Phase name -> instructions, from callgrind's dump files `prefix.N`."""
    out: dict[str, int] = {}
    directory = os.path.dirname(prefix) or "."
    base = os.path.basename(prefix)
    for name in sorted(os.listdir(directory)):
        if not re.fullmatch(re.escape(base) + r"\.\d+", name):
            continue
        trigger = None
        summary = None
        with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(REQUEST):
                    trigger = line[len(REQUEST):].strip()
                elif line.startswith("summary: "):
                    summary = int(line.split()[1])
                if trigger is not None and summary is not None:
                    break
        if trigger is not None and summary is not None:
            out[trigger] = summary
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("program")
    ap.add_argument("--out", default="build/perf", help="directory for callgrind's dumps")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    prefix = os.path.join(args.out, "callgrind.out")
    for name in os.listdir(args.out):
        if name.startswith("callgrind.out"):
            os.remove(os.path.join(args.out, name))
    # Swift seeds its hashing per process; a fixed seed makes the counts repeat run after run.
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--quiet", f"--callgrind-out-file={prefix}", args.program],
        capture_output=True, text=True, env=env)
    if run.returncode != 0:
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        print(f"perf_guard: {args.program} failed under callgrind (status {run.returncode})", file=sys.stderr)
        return 1
    phases: dict[str, Phase] = {}
    for line in run.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "phase":
            phases[parts[1]] = Phase(reps=int(parts[2]), elements=int(parts[3]))
    counts = read_dumps(prefix)
    for name, ph in phases.items():
        if name not in counts:
            print(f"perf_guard: no callgrind dump for phase {name!r}", file=sys.stderr)
            return 1
        ph.instructions = counts[name]

    print("| phase | cvlayout instructions | loop instructions | ratio | bound | |")
    print("|---|---:|---:|---:|---:|---|")
    failed = []
    for name, loop_name, bound in RATIO_BOUNDS:
        if name not in phases or loop_name not in phases:
            print(f"perf_guard: phase {name!r} or {loop_name!r} missing from the program's output", file=sys.stderr)
            return 1
        mine, theirs = phases[name], phases[loop_name]
        ratio = mine.per_rep / theirs.per_rep
        ok = ratio <= bound
        if not ok:
            failed.append(name)
        unit = "a call" if mine.elements == 0 else f"a call, {mine.elements / mine.reps:.1f} elements"
        print(f"| {name} ({unit}) | {mine.per_rep:,.0f} | {theirs.per_rep:,.0f} | {ratio:.2f}x | "
              f"{bound:.2f}x | {'ok' if ok else 'EXCEEDED'} |")
    if failed:
        print(f"perf_guard: {', '.join(failed)} above the bound (BENCHMARKS.md, 'The instruction-count guard')",
              file=sys.stderr)
        return 1
    print("perf_guard: every ratio within its bound")
    return 0


if __name__ == "__main__":
    sys.exit(main())
