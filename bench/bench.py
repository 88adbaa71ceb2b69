"""bench/bench.py — the Python half of cvlayout's benchmark (see BENCHMARKS.md). Run by `make bench`.

The workload is the one bench/bench.c runs from C: one section of n items in a 1000 x 800
viewport, vertical flow, spacings 10/10, no insets; "random" sizes uniform in [20, 200]^2,
"uniform" one 110 x 110 size. Measured through the ctypes bindings, as a Python host would:

  set sizes     FlowLayout.set_item_sizes(0, array('d', ...)) — one ctypes call for n sizes;
  prepare       view.invalidate() + view.content_size (median of several runs);
  query         view.content_offset = ... + view.visible_attributes() -> list[Attributes]
                (a scroll sweep over the content; Python objects built for every element);
  raw query     the same through one direct ctypes call into a reused cvl_attributes buffer
                (what a host that reads the struct array itself pays);
  callbacks     prepare with the sizes given by a Python size_for_item callback instead
                (one C->Python call per item: why the bulk array exists).

Peer, in the same process: Taffy (PyPI `stretchable`), the layout engine behind Dioxus/Bevy UI,
on the nearest equivalent tree: a row flex container 1000 wide with flex-wrap, gap 10,
align-items center, and n fixed-size children. Taffy has no viewport query, so its "query" is
what a host must do after compute_layout: read the children's boxes (once, O(n)) and bisect them
per viewport. Building Taffy's node tree from Python costs milliseconds per node (its Style
objects are built in Python), so Taffy runs at the sizes given by --taffy (default 10^4, 3·10^4).
"""

from __future__ import annotations

import argparse
import bisect
import ctypes
import gc
import os
import platform
import random
import statistics
import sys
import time
from array import array
from pathlib import Path
from typing import Callable, TypedDict

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bindings" / "python"))
os.environ.setdefault("CVLAYOUT_LIBRARY", str(ROOT / ".build" / "release" / "libcvlayout.so"))

import cvlayout  # noqa: E402
from cvlayout import _lib  # noqa: E402
from cvlayout import _types as T  # noqa: E402

VIEW_W, VIEW_H, SPACING = 1000.0, 800.0, 10.0
ITEM_MIN, ITEM_MAX, UNIFORM = 20.0, 200.0, 110.0
PREPARE_RUNS = 5
SWEEP = 200


class CvlResult(TypedDict):
    """One row of the cvlayout table: per-item costs in ns, per-query costs in µs."""
    sizes: str
    n: int
    set_ns: float
    first_ns: float
    rss: float
    prepare_ns: float
    query_us: float
    raw_us: float
    elems: float


class TaffyResult(TypedDict):
    """One row of the Taffy table (same units as CvlResult)."""
    n: int
    version: str
    build_ns: float
    first_ns: float
    prepare_ns: float
    engine_ns: float
    read_ns: float
    query_us: float
    elems: float


def random_sizes(n: int, seed: int = 42) -> array[float]:
    rng = random.Random(seed)
    flat = array("d")
    u = rng.uniform
    for _ in range(n):
        flat.append(u(ITEM_MIN, ITEM_MAX))
        flat.append(u(ITEM_MIN, ITEM_MAX))
    return flat


def median_time(fn: Callable[[], object], runs: int) -> float:
    out: list[int] = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        fn()
        out.append(time.perf_counter_ns() - t0)
    return float(statistics.median(out))


def make_view(n: int, sizes: array[float] | None) -> tuple[cvlayout.FlowLayout, cvlayout.CollectionView, float]:
    layout = cvlayout.FlowLayout(item_size=(UNIFORM, UNIFORM), minimum_line_spacing=SPACING,
                                 minimum_interitem_spacing=SPACING)
    set_ns = 0.0
    if sizes is not None:
        t0 = time.perf_counter_ns()
        layout.set_item_sizes(0, sizes)
        set_ns = time.perf_counter_ns() - t0
    view = cvlayout.CollectionView(layout, [n], bounds_size=(VIEW_W, VIEW_H))
    return layout, view, set_ns


def sweep(view: cvlayout.CollectionView, content_h: float, query: Callable[[], int]) -> tuple[float, float]:
    """Mean ns per (set offset + query) over SWEEP offsets, and mean elements per query."""
    span = max(content_h - VIEW_H, 0.0)
    offsets = [span * q / (SWEEP - 1) for q in range(SWEEP)]
    elems = 0
    t0 = time.perf_counter_ns()
    for y in offsets:
        view.content_offset = (0.0, y)
        elems += query()
    return (time.perf_counter_ns() - t0) / SWEEP, elems / SWEEP


def rss_bytes() -> int:
    """Resident set size of this process (Linux /proc/self/statm)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def bench_cvlayout(n: int, random_: bool) -> CvlResult:
    sizes = random_sizes(n) if random_ else None
    gc.collect()
    rss0 = rss_bytes()
    layout, view, set_ns = make_view(n, sizes)
    try:
        t0 = time.perf_counter_ns()
        content = view.content_size
        first_ns = time.perf_counter_ns() - t0
        # What the library holds for the n items (the Python size array is counted before).
        rss = rss_bytes() - rss0

        def prepare() -> None:
            view.invalidate()
            view.content_size
        prep_ns = median_time(prepare, PREPARE_RUNS)

        q_ns, elems = sweep(view, content[1], lambda: len(view.visible_attributes()))

        buf = (T.cvl_attributes * 8192)()
        count = ctypes.c_size_t()
        fn, h, addr = _lib.cvl_view_visible_attributes, view.handle, buf

        def raw() -> int:
            fn(h, addr, 8192, ctypes.byref(count))
            return count.value
        raw_ns, _ = sweep(view, content[1], raw)
    finally:
        view.close()
        layout.close()
    return CvlResult(sizes="random" if random_ else "uniform", n=n, set_ns=set_ns / n, first_ns=first_ns / n,
                rss=rss / n, prepare_ns=prep_ns / n, query_us=q_ns / 1e3, raw_us=raw_ns / 1e3, elems=elems)


def bench_callbacks(n: int) -> float:
    """ns per item of a prepare whose sizes come from a Python size_for_item callback."""
    sizes = random_sizes(n)
    layout = cvlayout.FlowLayout(minimum_line_spacing=SPACING, minimum_interitem_spacing=SPACING)
    layout.set_delegate(size_for_item=lambda section, item: (sizes[2 * item], sizes[2 * item + 1]))
    with cvlayout.CollectionView(layout, [n], bounds_size=(VIEW_W, VIEW_H)) as view:
        def prepare() -> None:
            view.invalidate()
            view.content_size
        ns = median_time(prepare, 3)
    layout.close()
    return ns / n


# --- Taffy (stretchable) -------------------------------------------------------------------------
def bench_taffy(n: int) -> TaffyResult | None:
    try:
        from stretchable import Node
        from stretchable.style import AUTO, AlignContent, AlignItems, FlexDirection, FlexWrap
    except ImportError:
        return None
    flat = random_sizes(n)
    t0 = time.perf_counter_ns()
    kids = [Node(size=(flat[2 * i], flat[2 * i + 1]), flex_shrink=0) for i in range(n)]
    root = Node(*kids, flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP, size=(VIEW_W, AUTO),
                gap=SPACING, align_items=AlignItems.CENTER, align_content=AlignContent.FLEX_START)
    build_ns = time.perf_counter_ns() - t0

    t0 = time.perf_counter_ns()
    root.compute_layout()
    first_ns = time.perf_counter_ns() - t0

    def relayout() -> None:
        kids[0].mark_dirty()          # what a size change does: the whole container re-lays out
        root.compute_layout()
    prep_ns = median_time(relayout, PREPARE_RUNS)

    # Taffy's engine alone: the same re-layout through stretchable's native call, without the
    # Python pass that copies every node's result into its Python object afterwards.
    from stretchable import node as _node
    from stretchable.style.geometry.size import SizeAvailableSpace
    target = root._container._node_id if root._container else root._node_id
    space = SizeAvailableSpace.default().to_dict()

    def engine_only() -> None:
        kids[0].mark_dirty()
        _node.taffylib.node_compute_layout_with_measure(_node.taffy._ptr, target, space, lambda *a: None)
    engine_ns = median_time(engine_only, PREPARE_RUNS)
    root.compute_layout()

    t0 = time.perf_counter_ns()
    boxes = [k.border_box for k in kids]
    read_ns = time.perf_counter_ns() - t0
    # A host's viewport query over Taffy's output: lines are rows of equal y extent; bisect on the
    # boxes' bottoms (not monotonic in general, so the host keeps a running max), then collect.
    bottoms, m = [], float("-inf")
    for b in boxes:
        m = max(m, b.y + b.height)
        bottoms.append(m)
    content_h = bottoms[-1] if bottoms else 0.0

    def query(top: float) -> int:
        i = bisect.bisect_right(bottoms, top)
        out = []
        bottom = top + VIEW_H
        while i < len(boxes) and boxes[i].y < bottom:
            out.append(boxes[i])
            i += 1
        return len(out)
    span = max(content_h - VIEW_H, 0.0)
    t0 = time.perf_counter_ns()
    elems = sum(query(span * q / (SWEEP - 1)) for q in range(SWEEP))
    q_ns = (time.perf_counter_ns() - t0) / SWEEP
    # Let Taffy's tree go before the next run (the closures above hold the names, so empty them).
    kids.clear()
    boxes.clear()
    root = None
    gc.collect()
    try:
        from importlib.metadata import version
        ver = version("stretchable")
    except Exception:
        ver = "?"
    return TaffyResult(n=n, version=ver, build_ns=build_ns / n, first_ns=first_ns / n, prepare_ns=prep_ns / n,
                engine_ns=engine_ns / n, read_ns=read_ns / n, query_us=q_ns / 1e3, elems=elems / SWEEP)


def machine() -> str:
    model = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores; Python {platform.python_version()}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000, 1_000_000])
    ap.add_argument("--taffy", type=int, nargs="*", default=[10_000, 30_000])
    ap.add_argument("--callbacks", type=int, nargs="*", default=[10_000, 100_000])
    args = ap.parse_args()

    print("# cvlayout benchmark (Python, ctypes bindings)\n")
    print(f"machine: {machine()}")
    print(f"library: cvlayout {cvlayout.__version__}")
    print(f"workload: as bench.c (1000 x 800 viewport, vertical flow, spacings 10/10); "
          f"query sweep of {SWEEP} offsets; prepare median of {PREPARE_RUNS}.\n")

    print("## cvlayout from Python\n")
    print("| sizes | n | set_item_sizes ns/item | first prepare ns/item | prepare ns/item | "
          "query µs (list of Attributes) | raw query µs (one ctypes call) | elements/query | RSS B/item |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    results = []
    for random_ in (True, False):
        for n in args.sizes:
            r = bench_cvlayout(n, random_)
            results.append(r)
            print(f"| {r['sizes']} | {n} | {r['set_ns']:.1f} | {r['first_ns']:.2f} | {r['prepare_ns']:.2f} | "
                  f"{r['query_us']:.1f} | {r['raw_us']:.2f} | {r['elems']:.1f} | {r['rss']:.1f} |", flush=True)

    if args.callbacks:
        print("\n## Sizes through a Python callback instead of the bulk array\n")
        print("| n | prepare ns/item (size_for_item in Python) | same with set_item_sizes | ratio |")
        print("|---:|---:|---:|---:|")
        for n in args.callbacks:
            cb = bench_callbacks(n)
            bulk = next((r["prepare_ns"] for r in results if r["n"] == n and r["sizes"] == "random"), float("nan"))
            print(f"| {n} | {cb:.0f} | {bulk:.2f} | {cb / bulk:.0f}x |", flush=True)

    print("\n## Taffy (stretchable) on the same random sizes: flex-wrap row, gap 10\n")
    rows = [t for t in (bench_taffy(n) for n in args.taffy) if t]
    if not rows:
        print("skipped: `pip install stretchable` to run the peer")
        return
    print(f"stretchable {rows[0]['version']}\n")
    print("| n | build tree ns/item | first compute_layout ns/item | re-layout ns/item | of which Taffy's engine | "
          "read boxes ns/item | query µs (bisect in Python) | elements/query | Taffy/cvlayout re-layout | "
          "Taffy engine/cvlayout re-layout |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    by_n = {r["n"]: r for r in results if r["sizes"] == "random"}
    for t in rows:
        # cvlayout at the same n when it was run, else the nearest measured size (ns/item is flat).
        c = by_n.get(t["n"]) or min(by_n.values(), key=lambda r: abs(r["n"] - t["n"]))
        print(f"| {t['n']} | {t['build_ns']:.0f} | {t['first_ns']:.0f} | {t['prepare_ns']:.0f} | "
              f"{t['engine_ns']:.0f} | {t['read_ns']:.0f} | {t['query_us']:.1f} | {t['elems']:.1f} | "
              f"{t['prepare_ns'] / c['prepare_ns']:.0f}x | {t['engine_ns'] / c['prepare_ns']:.0f}x |", flush=True)
    print("\n(cvlayout column used for the ratios: the random-size row at the same n, or the nearest n run.)")


if __name__ == "__main__":
    main()
