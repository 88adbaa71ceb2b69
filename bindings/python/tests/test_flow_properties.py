"""Property tests of the flow layout (hypothesis): random sections, sizes, insets, spacings,
headers, footers, directions and viewports.

A case is generated in vertical terms (x across, y along the scroll axis) and built either as
is or transposed into a horizontal layout (swap x/y of every input); outputs of a horizontal
layout are transposed back before checking, so every property is checked in both directions and
the two directions must agree exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import needs_flow
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cvlayout
from cvlayout.geometry import rect_intersects

pytestmark = needs_flow

EPS = 1e-9


def dims(lo=0.0, hi=120.0):
    return st.one_of(st.integers(int(lo), int(hi)).map(float),
                     st.floats(lo, hi, allow_nan=False, allow_infinity=False).map(lambda v: round(v, 3)))


@dataclass(frozen=True)
class Case:
    counts: tuple[int, ...]
    item_size: tuple[float, float]
    sizes: tuple | None           # per section, per item (w, h); None: the uniform item_size
    inset: tuple[float, float, float, float]
    line: float
    inter: float
    header: tuple[float, float]
    footer: tuple[float, float]
    viewport: tuple[float, float]


@st.composite
def cases(draw):
    counts = tuple(draw(st.lists(st.integers(0, 12), min_size=1, max_size=4)))
    item_size = (draw(dims()), draw(dims()))
    sizes = None
    if draw(st.booleans()):
        sizes = tuple(tuple((draw(dims()), draw(dims())) for _ in range(n)) for n in counts)
    inset = tuple(draw(dims(0, 40)) for _ in range(4))
    line, inter = draw(dims(0, 30)), draw(dims(0, 30))
    header = (draw(dims(0, 50)), draw(st.sampled_from([0.0, 0.0, 25.0, 44.5])))
    footer = (draw(dims(0, 50)), draw(st.sampled_from([0.0, 0.0, 12.0, 30.25])))
    widest = max([item_size[0]] + [w for sec in (sizes or ()) for w, _ in sec])
    # Room for the widest item: items wider than a line would stick out of the content.
    width = widest + inset[1] + inset[3] + draw(dims(0, 400))
    height = draw(dims(1, 900))
    return Case(counts, item_size, sizes, inset, line, inter, header, footer, (width, height))


def t2(p):
    return (p[1], p[0])


def t_rect(r):
    return (r[1], r[0], r[3], r[2])


def build(case: Case, direction: str, cls=cvlayout.FlowLayout, **props) -> cvlayout.CollectionView:
    flip = direction == "horizontal"
    tp = t2 if flip else (lambda p: p)
    top, left, bottom, right = case.inset
    layout = cls(
        scroll_direction=direction, item_size=tp(case.item_size), minimum_line_spacing=case.line,
        minimum_interitem_spacing=case.inter,
        section_inset=(left, top, right, bottom) if flip else case.inset,
        header_reference_size=tp(case.header), footer_reference_size=tp(case.footer), **props)
    if case.sizes is not None:
        for s, sec in enumerate(case.sizes):
            layout.set_item_sizes(s, [tp(sz) for sz in sec])
    return cvlayout.CollectionView(layout, list(case.counts), bounds_size=tp(case.viewport))


class Result:
    """A view's outputs in vertical terms."""

    def __init__(self, view, flip: bool):
        tr = t_rect if flip else (lambda r: r)
        self.flip, self.view, self.tr = flip, view, tr
        self.content = t2(view.content_size) if flip else view.content_size
        self.all = view.all_attributes()
        self.cells = {}
        self.supplementary = {}
        for s, n in enumerate(view.counts):
            for i in range(n):
                self.cells[(s, i)] = tr(view.attributes_for_item((s, i)).frame)
            for kind in ("header", "footer"):
                a = view.attributes_for_supplementary(kind, (s, 0))
                if a is not None:
                    self.supplementary[(kind, s)] = tr(a.frame)


def results(case):
    out = {}
    for direction in ("vertical", "horizontal"):
        view = build(case, direction)
        out[direction] = Result(view, direction == "horizontal")
    return out


def close(res):
    for r in res.values():
        r.view.close()
        r.view.layout.close()


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(cases())
def test_cells_of_a_section_never_overlap(case):
    res = results(case)
    try:
        for r in res.values():
            for s, n in enumerate(case.counts):
                frames = [r.cells[(s, i)] for i in range(n)]
                for i, a in enumerate(frames):
                    for b in frames[i + 1:]:
                        overlap = (a[0] < b[0] + b[2] - EPS and b[0] < a[0] + a[2] - EPS and
                                   a[1] < b[1] + b[3] - EPS and b[1] < a[1] + a[3] - EPS)
                        assert not overlap, (s, a, b)
    finally:
        close(res)


@SETTINGS
@given(cases())
def test_every_element_lies_inside_the_content(case):
    res = results(case)
    try:
        for r in res.values():
            w, h = r.content
            assert w >= 0 and h >= 0
            for key, (x, y, fw, fh) in list(r.cells.items()) + list(r.supplementary.items()):
                tol = EPS * max(1.0, w, h)
                assert x >= -tol and y >= -tol, key
                assert x + fw <= w + tol and y + fh <= h + tol, (key, (x, y, fw, fh), r.content)
            for a in r.all:
                x, y, fw, fh = r.tr(a.frame)
                assert -EPS <= x and x + fw <= w + EPS * max(1.0, w) and -EPS <= y and y + fh <= h + EPS * max(1.0, h)
    finally:
        close(res)


@SETTINGS
@given(cases(), st.data())
def test_rect_queries_equal_a_brute_force_filter(case, data):
    res = results(case)
    try:
        for r in res.values():
            view = r.view
            W, H = view.content_size
            everything = r.all
            # Every element with a non-zero area is in the whole-content query.
            assert len([a for a in everything if a.is_cell]) == sum(
                1 for f in r.cells.values() if f[2] > 0 and f[3] > 0)
            # Rect edges are often exactly on element edges: that is where open and closed
            # intervals differ.
            xs = sorted({v for a in everything for v in (a.frame[0], a.frame[0] + a.frame[2])} | {0.0, W})
            ys = sorted({v for a in everything for v in (a.frame[1], a.frame[1] + a.frame[3])} | {0.0, H})
            for _ in range(6):
                x0 = data.draw(st.one_of(st.sampled_from(xs), st.floats(-50, W + 50)))
                y0 = data.draw(st.one_of(st.sampled_from(ys), st.floats(-50, H + 50)))
                x1 = data.draw(st.one_of(st.sampled_from(xs), st.floats(-50, W + 50)))
                y1 = data.draw(st.one_of(st.sampled_from(ys), st.floats(-50, H + 50)))
                rect = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                got = view.attributes_in_rect(rect)
                expected = [a for a in everything if rect_intersects(a.frame, rect)]
                assert got == expected, rect
                assert view.count_in_rect(rect) == len(expected)
    finally:
        close(res)


@SETTINGS
@given(cases())
def test_vertical_and_horizontal_agree_under_transposition(case):
    res = results(case)
    try:
        v, h = res["vertical"], res["horizontal"]
        assert v.content == pytest.approx(h.content, rel=1e-12, abs=1e-9)
        assert v.cells.keys() == h.cells.keys() and v.supplementary.keys() == h.supplementary.keys()
        for key in v.cells:
            assert v.cells[key] == pytest.approx(h.cells[key], rel=1e-12, abs=1e-9), key
        for key in v.supplementary:
            assert v.supplementary[key] == pytest.approx(h.supplementary[key], rel=1e-12, abs=1e-9), key
        assert [a.key for a in v.all] == [a.key for a in h.all]
    finally:
        close(res)


class _GeneralPathFlow(cvlayout.FlowLayout):
    """A hook that rect queries never call: its presence alone routes them through the general
    query (attributes built, sorted, converted) instead of the direct path of a plain flow."""

    def adjust_attributes(self, env, attributes):
        return None


def _raw_rect_query(view, rect) -> bytes:
    import ctypes

    from cvlayout import _lib
    from cvlayout import _types as T
    cap = 4096
    buf = (T.cvl_attributes * cap)()
    n = ctypes.c_size_t()
    _lib.cvl_view_attributes_in_rect(view.handle, T.cvl_rect(*rect), buf, cap, ctypes.byref(n))
    return bytes(memoryview(buf).cast("B")[: n.value * ctypes.sizeof(T.cvl_attributes)])


@SETTINGS
@given(cases(), st.booleans(), st.booleans(), st.data())
def test_direct_rect_query_equals_the_general_query_byte_for_byte(case, pin_headers, pin_footers, data):
    """Plain flow layouts answer rect queries straight from their tables (DirectQuery.swift);
    every byte of every returned cvl_attributes must equal what the general path writes."""
    for direction in ("vertical", "horizontal"):
        views = [build(case, direction, cls, pin_headers=pin_headers, pin_footers=pin_footers)
                 for cls in (cvlayout.FlowLayout, _GeneralPathFlow)]
        try:
            W, H = views[0].content_size
            offset = (data.draw(st.floats(0, max(0.0, W))), data.draw(st.floats(0, max(0.0, H))))
            for v in views:
                v.content_offset = offset
            rects = [(-1.0, -1.0, W + 2, H + 2), views[0].visible_rect]
            for _ in range(3):
                x, y = data.draw(st.floats(-20, W + 20)), data.draw(st.floats(-20, H + 20))
                rects.append((x, y, data.draw(st.floats(0, W + 40)), data.draw(st.floats(0, H + 40))))
            for rect in rects:
                direct, general = _raw_rect_query(views[0], rect), _raw_rect_query(views[1], rect)
                assert direct == general, (direction, rect)
            assert views[0].visible_attributes() == views[1].visible_attributes()
        finally:
            for v in views:
                v.close()
                v.layout.close()
