"""bench/bench.py — the Python half of cvlayout's benchmark (issue 32; BENCHMARKS.md). Run by `make bench`.

The workload is bench/bench.c's: one section of n = 10^4 ... 10^7 items, sizes uniform in
[50, 150]^2 (seeded), vertical flow in a 1000-wide column, spacings 10/10, viewport 1000 x 800.
cvlayout runs through the ctypes bindings with batch calls, as a Python host would:

  fresh      FlowLayout + set_item_sizes(0, array('d')) + CollectionView + content_size;
  prepare    view.invalidate() + view.content_size (a full re-prepare);
  handover   layout.set_item_sizes(0, sizes) + view.content_size (one ctypes call for n sizes);
  query      view.content_offset = y, then one ctypes call of cvl_view_visible_attributes into a
             reused buffer (full structs), over a sweep of SWEEP offsets;
  compact    the same with cvl_view_visible_elements;
  objects    the same through view.visible_attributes() (a Python object per element).

Peer, in the same process and interleaved with cvlayout round by round: Taffy (PyPI
`stretchable`, the engine behind Dioxus/Bevy UI) on the equivalent tree, a row flex container
1000 wide with flex-wrap, gap 10, align-items center and n fixed-size children. Its tree is built
through stretchable's native module (one style dict per child, from a Style template: building a
Style object in Python costs about a millisecond per node); its re-layout is mark_dirty + the
native compute_layout; its query is what a host does with Taffy's output: read the boxes once
(O(n)) and bisect them per viewport. Taffy at a size runs only when its estimated time (from the
size before) fits in --taffy-budget seconds; the output says which sizes were skipped.

Each cell: the median (min-max) over the rounds; ratios are per round.
`python3 bench/bench.py [--json PATH]`.
"""

from __future__ import annotations

import argparse
import bisect
import ctypes
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from array import array
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
os.environ.setdefault("CVLAYOUT_LIBRARY", str(ROOT / "build" / "lib" / "libcvlayout.so"))

import cvlayout  # noqa: E402
from cvlayout import _lib  # noqa: E402
from cvlayout import _types as T  # noqa: E402

VIEW_W, VIEW_H, SPACING = 1000.0, 800.0, 10.0
ITEM_MIN, ITEM_MAX = 50.0, 150.0
SWEEP = 200
CAPACITY = 8192
MIN_BATCH = 1_000_000  # items per timed prepare batch (small n repeat the call)

Series = list[float]


def stat(s: Series) -> dict[str, float]:
    return {"median": statistics.median(s), "min": min(s), "max": max(s), "rounds": len(s)}


def cell(s: Series, digits: int = 2) -> str:
    return f"{statistics.median(s):.{digits}f} ({min(s):.{digits}f}-{max(s):.{digits}f})"


def random_sizes(n: int, seed: int = 42) -> array[float]:
    rng = random.Random(seed)
    u = rng.uniform
    return array("d", (u(ITEM_MIN, ITEM_MAX) for _ in range(2 * n)))


def timed(fn: Callable[[], object], reps: int = 1) -> float:
    """Mean ns of one call over `reps` calls."""
    t0 = time.perf_counter_ns()
    for _ in range(reps):
        fn()
    return (time.perf_counter_ns() - t0) / reps


# --- cvlayout from Python ------------------------------------------------------------------------
class Cvl:
    """A live layout + view over the host's sizes, and its timed paths."""

    def __init__(self, n: int, sizes: array[float]) -> None:
        self.n, self.sizes = n, sizes
        self.layout, self.view = self.make()
        self.span = max(self.view.content_size[1] - VIEW_H, 0.0)
        self.offsets = [self.span * q / (SWEEP - 1) for q in range(SWEEP)]
        self.buf = (T.cvl_attributes * CAPACITY)()
        self.ebuf = (T.cvl_element * CAPACITY)()
        self.count = ctypes.c_size_t()

    def make(self) -> tuple[cvlayout.FlowLayout, cvlayout.CollectionView]:
        layout = cvlayout.FlowLayout(minimum_line_spacing=SPACING, minimum_interitem_spacing=SPACING)
        layout.set_item_sizes(0, self.sizes)
        view = cvlayout.CollectionView(layout, [self.n], bounds_size=(VIEW_W, VIEW_H))
        return layout, view

    def fresh(self) -> None:
        layout, view = self.make()
        view.content_size
        view.close()
        layout.close()

    def prepare(self) -> None:
        self.view.invalidate()
        self.view.content_size

    def handover(self) -> None:
        self.layout.set_item_sizes(0, self.sizes)
        self.view.content_size

    def sweep(self, kind: str) -> tuple[float, float]:
        """Mean ns per query and mean elements per query."""
        view, count = self.view, self.count
        h = view.handle
        total = 0
        t0 = time.perf_counter_ns()
        if kind == "objects":
            for y in self.offsets:
                view.content_offset = (0.0, y)
                total += len(view.visible_attributes())
        else:
            fn: Any = _lib.cvl_view_visible_attributes if kind == "query" else _lib.cvl_view_visible_elements
            buf = self.buf if kind == "query" else self.ebuf
            ref = ctypes.byref(count)
            for y in self.offsets:
                view.content_offset = (0.0, y)
                fn(h, buf, CAPACITY, ref)
                total += count.value
        return (time.perf_counter_ns() - t0) / SWEEP, total / SWEEP

    def close(self) -> None:
        self.view.close()
        self.layout.close()


# --- Taffy (stretchable) -------------------------------------------------------------------------
class Taffy:
    """The flex-wrap tree in Taffy, built through stretchable's native module."""

    def __init__(self, n: int, sizes: array[float]) -> None:
        from stretchable import node as native
        from stretchable.style import AUTO, AlignContent, AlignItems, FlexDirection, FlexWrap, Style
        from stretchable.style.geometry.size import SizeAvailableSpace

        self.lib, self.ptr = native.taffylib, native.taffy._ptr
        self.lib.disable_rounding(self.ptr)
        child = Style(size=(ITEM_MIN, ITEM_MIN), flex_shrink=0).to_dict()
        root = Style(flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP, size=(VIEW_W, AUTO), gap=SPACING,
                     align_items=AlignItems.CENTER, align_content=AlignContent.FLEX_START).to_dict()
        t0 = time.perf_counter_ns()
        create, add = self.lib.node_create, self.lib.node_add_child
        self.root = create(self.ptr, root)
        self.kids: list[int] = []
        for i in range(n):
            child["size"] = {"width": {"dim": 1, "value": sizes[2 * i]},
                             "height": {"dim": 1, "value": sizes[2 * i + 1]}}
            k = create(self.ptr, child)
            add(self.ptr, self.root, k)
            self.kids.append(k)
        self.build_ns = (time.perf_counter_ns() - t0) / n
        self.space = SizeAvailableSpace.default().to_dict()
        self.relayout()
        self.read()

    def relayout(self) -> None:
        self.lib.node_mark_dirty(self.ptr, self.kids[0])  # what a size change does
        self.lib.node_compute_layout_with_measure(self.ptr, self.root, self.space, lambda *a: None)

    def read(self) -> None:
        """The boxes, read once, as a host would to answer viewport queries."""
        lay = self.lib.PyLayout()
        get = self.lib.node_get_layout
        ys: list[float] = []
        bottoms: list[float] = []
        m = float("-inf")
        for k in self.kids:
            get(self.ptr, k, lay)
            ys.append(lay.y)
            m = max(m, lay.y + lay.height)
            bottoms.append(m)
        self.ys, self.bottoms = ys, bottoms
        self.span = max(bottoms[-1] - VIEW_H, 0.0) if bottoms else 0.0

    def sweep(self) -> tuple[float, float]:
        ys, bottoms, n = self.ys, self.bottoms, len(self.ys)
        total = 0
        t0 = time.perf_counter_ns()
        for q in range(SWEEP):
            top = self.span * q / (SWEEP - 1)
            i = bisect.bisect_right(bottoms, top)
            bottom = top + VIEW_H
            out = []
            while i < n and ys[i] < bottom:
                out.append(i)
                i += 1
            total += len(out)
        return (time.perf_counter_ns() - t0) / SWEEP, total / SWEEP

    def close(self) -> None:
        self.lib.node_drop_all(self.ptr)
        self.kids = []


def taffy_available() -> str | None:
    try:
        from importlib.metadata import version

        import stretchable  # noqa: F401
        return version("stretchable")
    except Exception:
        return None


# --- One size, interleaved -----------------------------------------------------------------------
def run_size(n: int, rounds: int, taffy_est_s: float, budget: float, taffy_ver: str | None) -> dict[str, Any]:
    sizes = random_sizes(n)
    reps = max(1, MIN_BATCH // n)
    cv = Cvl(n, sizes)
    r: dict[str, Any] = {"n": n, "rounds": rounds}
    s: dict[str, Series] = {k: [] for k in ("fresh", "prepare", "handover", "query", "compact", "objects",
                                            "taffy_relayout", "taffy_query", "taffy_ratio_prepare",
                                            "taffy_ratio_query")}
    taffy: Taffy | None = None
    if taffy_ver is None:
        r["taffy"] = "skipped: stretchable not installed (make bench installs bench/requirements.txt)"
    elif taffy_est_s > budget:
        r["taffy"] = f"skipped: estimated {taffy_est_s:.0f} s > budget {budget:.0f} s"
    else:
        t0 = time.perf_counter()
        taffy = Taffy(n, sizes)
        r["taffy_build_ns"] = taffy.build_ns
        r["taffy_total_s"] = time.perf_counter() - t0
    for _ in range(rounds):
        s["fresh"].append(timed(cv.fresh, max(1, reps // 4)) / n)
        s["prepare"].append(timed(cv.prepare, reps) / n)
        s["handover"].append(timed(cv.handover, reps) / n)
        for kind in ("query", "compact", "objects"):
            q, elems = cv.sweep(kind)
            s[kind].append(q / 1e3)
            r[f"{kind}_elements"] = elems
        if taffy is not None:
            t0 = time.perf_counter()
            t = timed(taffy.relayout, max(1, reps // 10)) / n
            s["taffy_relayout"].append(t)
            s["taffy_ratio_prepare"].append(t / s["prepare"][-1])
            tq, telems = taffy.sweep()
            s["taffy_query"].append(tq / 1e3)
            s["taffy_ratio_query"].append(tq / 1e3 / s["query"][-1])
            r["taffy_elements"] = telems
            r["taffy_total_s"] += time.perf_counter() - t0
    if taffy is not None:
        t0 = time.perf_counter_ns()
        taffy.read()
        r["taffy_read_ns"] = (time.perf_counter_ns() - t0) / n
        taffy.close()
    cv.close()
    for k, v in s.items():
        if v:
            r[k] = stat(v)
            r[k + "_cell"] = cell(v, 3 if k in ("query", "compact", "taffy_ratio_query") else 2)
    gc.collect()
    return r


def bench_callbacks(n: int) -> float:
    """ns per item of a prepare whose sizes come from a Python size_for_item callback."""
    sizes = random_sizes(n)
    layout = cvlayout.FlowLayout(minimum_line_spacing=SPACING, minimum_interitem_spacing=SPACING)
    layout.set_delegate(size_for_item=lambda section, item: (sizes[2 * item], sizes[2 * item + 1]))
    with cvlayout.CollectionView(layout, [n], bounds_size=(VIEW_W, VIEW_H)) as view:
        def prepare() -> None:
            view.invalidate()
            view.content_size
        ns = statistics.median(timed(prepare) for _ in range(3))
    layout.close()
    return ns / n


def machine() -> str:
    model = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{model}, {os.cpu_count()} cores, load average {load} at the start; Python {platform.python_version()}"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000, 1_000_000, 10_000_000])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--taffy-budget", type=float, default=90.0, help="seconds Taffy may take at one size")
    ap.add_argument("--callbacks", type=int, nargs="*", default=[10_000, 100_000])
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    taffy_ver = taffy_available()

    print("# cvlayout benchmark from Python (issue 32)\n")
    print(f"machine: {machine()}")
    print(f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; library: cvlayout {cvlayout.__version__}; "
          f"Taffy: {'stretchable ' + taffy_ver if taffy_ver else 'not installed'}")
    print(f"workload: as bench.c (sizes [50, 150]^2, 1000-wide column, viewport 1000 x 800); {args.rounds} rounds "
          f"(3 at 10^7), cvlayout and Taffy interleaved; median (min-max) over the rounds; query sweep of {SWEEP} "
          f"offsets; Taffy budget {args.taffy_budget:.0f} s per size.\n", flush=True)

    results = []
    est = 0.0
    for n in args.sizes:
        rounds = 3 if n >= 10_000_000 else args.rounds
        r = run_size(n, rounds, est * n, args.taffy_budget, taffy_ver)
        results.append(r)
        if "taffy_total_s" in r:
            est = r["taffy_total_s"] / n  # seconds per item at this size; Taffy's work is O(n)
        print(f"bench.py: n = {n} done", file=sys.stderr, flush=True)

    print("## cvlayout from Python (ctypes, batch calls)\n")
    print("| n | fresh hand-over ns/item | re-prepare ns/item | hand-over + prepare ns/item | query µs (full structs, "
          "one ctypes call) | query µs (compact) | query µs (list of Attributes) | elements/query |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(f"| {r['n']} | {r['fresh_cell']} | {r['prepare_cell']} | {r['handover_cell']} | {r['query_cell']} | "
              f"{r['compact_cell']} | {r['objects_cell']} | {r['query_elements']:.1f} |")

    print(f"\n## Taffy ({'stretchable ' + taffy_ver if taffy_ver else 'not installed'}) on the same sizes: "
          "flex-wrap row, gap 10, interleaved with the rows above\n")
    print("| n | build tree ns/item | re-layout ns/item | read boxes ns/item | query µs (bisect in Python) | "
          "elements/query | Taffy re-layout / cvlayout re-prepare | Taffy query / cvlayout query |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        if "taffy_relayout" in r:
            print(f"| {r['n']} | {r['taffy_build_ns']:.0f} | {r['taffy_relayout_cell']} | {r['taffy_read_ns']:.0f} | "
                  f"{r['taffy_query_cell']} | {r['taffy_elements']:.1f} | {r['taffy_ratio_prepare_cell']}x | "
                  f"{r['taffy_ratio_query_cell']}x |")
        else:
            print(f"| {r['n']} | {r['taffy']} | | | | | | |")
    print("\n(Taffy computes in f32 and places the same lines; its re-layout is mark_dirty on one child + "
          "compute_layout, the engine's own cost without stretchable's per-node Python copy.)", flush=True)

    cbs = []
    if args.callbacks:
        print("\n## Sizes through a Python callback instead of the bulk array\n")
        print("| n | prepare ns/item (size_for_item in Python) | same with set_item_sizes | ratio |")
        print("|---:|---:|---:|---:|")
        for n in args.callbacks:
            cb = bench_callbacks(n)
            bulk = next((r["prepare"]["median"] for r in results if r["n"] == n), float("nan"))
            cbs.append({"n": n, "callback_ns": cb, "bulk_ns": bulk})
            print(f"| {n} | {cb:.0f} | {bulk:.2f} | {cb / bulk:.0f}x |", flush=True)

    if args.json:
        args.json.write_text(json.dumps({"machine": machine(), "taffy": taffy_ver, "sizes": results,
                                         "callbacks": cbs}, indent=1))


if __name__ == "__main__":
    main()
