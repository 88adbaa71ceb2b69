"""Issue 13, layout switch: the frame at t = 0 of an animated switch is the old layout's last
static frame, and the frame at the end is the new layout's static frame — as a property over
random layouts, counts, viewports, offsets and anchoring policies (the Swift test
``testLayoutSwitchFirstAndLastFramesForEveryPair`` walks every pair at three fixed offsets).
The same holds for an animated layout change (``view.animate``: a property change or an
invalidation inside a UIView animation block, Furrow's Listing 4.17)."""

from __future__ import annotations

import math

from conftest import requires
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import cvlayout

pytestmark = requires("cvl_view_set_layout", "cvl_view_set_time", "cvl_circle_layout_create",
                      "cvl_cover_flow_layout_create", "cvl_mosaic_layout_create", "cvl_waterfall_layout_create")

LAYOUTS = {
    "flow": lambda: cvlayout.FlowLayout(item_size=(60, 60)),
    "horizontal_flow": lambda: cvlayout.FlowLayout(item_size=(50, 70), scroll_direction="horizontal"),
    "circle": cvlayout.CircleLayout,
    "cover_flow": cvlayout.CoverFlowLayout,
    "mosaic": cvlayout.MosaicLayout,
    "dimensions": cvlayout.DimensionsLayout,
    "survey": cvlayout.SurveyLayout,
    "waterfall": lambda: cvlayout.WaterfallLayout(column_count=3),
}
POLICIES = st.one_of(st.sampled_from(["none", "first_visible", "end"]),
                     st.tuples(st.just("nearest"), st.tuples(st.floats(0, 400), st.floats(0, 400))))


def screen_frame(view) -> dict:
    """What a host draws: the visible elements (alpha > 0, not hidden; those fading out too) in
    screen coordinates, by element."""
    ox, oy = view.content_offset
    out: dict = {}
    for a in view.visible_attributes():
        if a.alpha > 0 and not a.hidden:
            x, y, w, h = a.frame
            out.setdefault((a.category, a.kind, a.index_path), []).append(
                ((x - ox, y - oy, w, h), a.alpha, a.transform, a.z_index))
    return out


IDENTITY = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)
TOLERANCE = 1e-6  # frames are compared within it; so is whether one reaches into the screen


def sliver(drawn: list, screen: tuple) -> bool:
    """Whether every drawing of an element (untransformed) reaches into the screen by less than
    the tolerance on some axis: a frame whose edge lies on the screen's edge within rounding
    (a 3-column waterfall 120 wide has cells 33.33… high: one whose bottom is the screen's top
    computed in the content's coordinates, 1126.67 + 33.33, is 1160.0; computed in the screen's,
    -33.33 + 33.33, is 7e-14), which either side may show or not."""
    w, h = screen
    for (x, y, fw, fh), _alpha, transform, _z in drawn:
        if transform != IDENTITY:
            return False
        if min(min(x + fw, w) - max(x, 0.0), min(y + fh, h) - max(y, 0.0)) >= TOLERANCE:
            return False
    return True


def same(a: dict, b: dict, label: str, screen: tuple) -> None:
    """The two screens `screen` (width, height) large draw the same elements the same way (frames,
    alpha, transform within the tolerance; z exactly); an element only one of them draws must be
    a sliver of it (see `sliver`)."""
    only = [k for k in set(a) ^ set(b) if not sliver(a.get(k) or b[k], screen)]
    assert not only, f"{label}: {sorted(map(str, only))[:6]}"
    a = {k: v for k, v in a.items() if k in b}
    b = {k: v for k, v in b.items() if k in a}
    for k, drawn in a.items():
        assert len(drawn) == len(b[k]), (label, k)
        for (fa, aa, ta, za), (fb, ab, tb, zb) in zip(sorted(drawn), sorted(b[k])):
            assert all(math.isclose(p, q, abs_tol=TOLERANCE) for p, q in zip(fa, fb)), (label, k, fa, fb)
            assert math.isclose(aa, ab, abs_tol=1e-9), (label, k, aa, ab)
            assert all(math.isclose(p, q, abs_tol=TOLERANCE) for p, q in zip(ta, tb)), (label, k)
            assert za == zb, (label, k, za, zb)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(st.sampled_from(sorted(LAYOUTS)), min_size=2, max_size=2, unique=True),
       count=st.integers(0, 150), width=st.integers(120, 800), height=st.integers(120, 800),
       fx=st.floats(0, 1), fy=st.floats(0, 1), policy=POLICIES)
# Cells 78-80's bottom is the screen's top within 7e-14: shown at t = 0, not by the static frame.
@example(names=["waterfall", "circle"], count=118, width=120, height=139, fx=0.0, fy=0.732421875, policy="none")
def test_switch_starts_on_the_old_frame_and_ends_on_the_new(names, count, width, height, fx, fy, policy):
    old_name, new_name = names
    old, new = LAYOUTS[old_name](), LAYOUTS[new_name]()
    with cvlayout.CollectionView(old, [count], bounds_size=(width, height)) as view:
        cw, ch = view.content_size
        view.content_offset = (round(max(0.0, cw - width) * fx), round(max(0.0, ch - height) * fy))
        view.anchoring = policy
        view.set_time(1.0)
        before = screen_frame(view)
        label = f"{old_name} -> {new_name}, {count} items, {width}x{height} at {view.content_offset}, {policy}"
        view.set_layout(new, animation=cvlayout.Animation(duration=1.0, curve="linear"))
        same(screen_frame(view), before, f"{label}, t = 0", (width, height))
        view.set_time(2.0)
        assert not view.is_animating
        end = screen_frame(view)
        with cvlayout.CollectionView(LAYOUTS[new_name](), [count], bounds_size=(width, height)) as fresh:
            fresh.content_offset = view.content_offset
            same(end, screen_frame(fresh), f"{label}, end", (width, height))
    old.close()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["flow", "horizontal_flow", "cover_flow", "dimensions", "survey", "waterfall"]),
       count=st.integers(0, 120), width=st.integers(120, 700), height=st.integers(120, 700),
       fx=st.floats(0, 1), fy=st.floats(0, 1), change=st.sampled_from(["item_size", "line_spacing", "bounds"]),
       size=st.integers(10, 200), policy=st.sampled_from(["none", "first_visible", "end"]))
# Item 9's top (193.99999999999997) re-derived from its centre was 194.0: off screen at t = 0.
@example(name="waterfall", count=10, width=184, height=194, fx=0.0, fy=0.0, change="item_size", size=10,
         policy="none")
def test_animated_change_starts_on_the_old_frame_and_ends_on_the_new(name, count, width, height, fx, fy, change,
                                                                       size, policy):
    def changed(layout) -> None:
        if change == "item_size":
            layout.item_size = (size, size)
        elif change == "line_spacing":
            layout.minimum_line_spacing = size / 10

    layout = LAYOUTS[name]()
    new_bounds = (size * 3.5, size * 2.5) if change == "bounds" else (width, height)
    with cvlayout.CollectionView(layout, [count], bounds_size=(width, height)) as view:
        cw, ch = view.content_size
        view.content_offset = (round(max(0.0, cw - width) * fx), round(max(0.0, ch - height) * fy))
        view.anchoring = policy
        view.set_time(1.0)
        before = screen_frame(view)
        label = f"{name}, {count} items, {width}x{height} at {view.content_offset}, {change} {size}, {policy}"
        with view.animate(cvlayout.Animation(duration=1.0, curve="linear")):
            changed(layout)
            view.bounds_size = new_bounds
        if change != "bounds":     # a new bounds size shows another viewport at once
            same(screen_frame(view), before, f"{label}, t = 0", (width, height))
        view.set_time(2.0)
        assert not view.is_animating
        end, offset = screen_frame(view), view.content_offset
    layout.close()
    fresh_layout = LAYOUTS[name]()
    changed(fresh_layout)
    with cvlayout.CollectionView(fresh_layout, [count], bounds_size=new_bounds) as fresh:
        fresh.content_offset = offset
        same(end, screen_frame(fresh), f"{label}, end", new_bounds)
    fresh_layout.close()
