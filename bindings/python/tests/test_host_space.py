"""Right-to-left and pixel snapping through the C surface (include/cvlayout.h, "Right-to-left and
pixel snapping"; docs/alignment-direction-snapping.md): the view's options, their errors, and the
frames a host sees, worked by hand."""

from __future__ import annotations

import math

import pytest

import cvlayout
from cvlayout import CollectionView, FlowLayout
import cvlayout.demo.spec
from cvlayout.demo.spec import build


def _flow(**kw: object) -> FlowLayout:
    layout = FlowLayout()
    layout.configure(**kw)
    return layout


def _cells(view: CollectionView) -> list[tuple[float, float, float, float]]:
    size = view.content_size
    found = view.attributes_in_rect((-1, -1, max(size[0], view.bounds_size[0]) + 2, size[1] + 2))
    return [tuple(a.frame) for a in sorted(found, key=lambda a: tuple(a.index_path))]


def test_defaults_and_bad_values_change_nothing() -> None:
    view = CollectionView(_flow(item_size=(100, 50)), [3], bounds_size=(400, 300))
    assert view.layout_direction == "ltr"
    assert view.display_scale == 0
    assert view.layout.flips_horizontally is True
    view.display_scale = 2
    for bad in (-1.0, math.nan, math.inf, -math.inf):
        with pytest.raises(cvlayout.InvalidArgument):
            view.display_scale = bad
        assert view.display_scale == 2
    with pytest.raises(cvlayout.InvalidArgument):
        view.layout_direction = "up"
    assert view.layout_direction == "ltr"


class _Empty(cvlayout.Layout):
    def content_size(self) -> tuple[float, float]:
        return (0.0, 0.0)

    def attributes_in_rect(self, rect: object) -> list[cvlayout.Attributes]:
        return []


def test_custom_layouts_start_unflipped() -> None:
    custom = _Empty()
    assert custom.flips_horizontally is False  # UICollectionViewLayout's default
    custom.flips_horizontally = True
    assert custom.flips_horizontally is True
    custom.close()


def test_hand_worked_right_to_left_flow() -> None:
    # 400 wide, items 100 x 50, spacing 10, insets left 30 right 10: 360 available, 3 a line,
    # leftover 40, gaps 30: x = 30, 160, 290 and 30 on the next line (the uniform grid). Mirrored
    # about W = 400: x' = 400 - x - 100 = 270, 140, 10, 270.
    layout = _flow(item_size=(100, 50), minimum_interitem_spacing=10, minimum_line_spacing=10,
                   section_inset=(0, 30, 0, 10))
    view = CollectionView(layout, [4], bounds_size=(400, 300))
    assert [f[0] for f in _cells(view)] == [30, 160, 290, 30]
    view.layout_direction = "rtl"
    assert _cells(view) == [(270, 0, 100, 50), (140, 0, 100, 50), (10, 0, 100, 50), (270, 60, 100, 50)]
    assert view.index_path_at((300, 70)) == (0, 3)
    assert view.index_path_at((15, 10)) == (0, 2)
    layout.flips_horizontally = False  # the host mirrors it itself, or not at all
    assert [f[0] for f in _cells(view)] == [30, 160, 290, 30]


def test_horizontal_scrolling_starts_at_the_right_end() -> None:
    # 10 items 100 x 100 in one row (100 tall), spacing 10: content 1090 wide; bounds 300:
    # the right end is offset 790, where item 0 (host x 990) is.
    layout = _flow(item_size=(100, 100), minimum_line_spacing=10, scroll_direction="horizontal")
    view = CollectionView(layout, [10], bounds_size=(300, 100))
    view.layout_direction = "rtl"
    assert tuple(view.content_offset) == (790, 0)
    assert [tuple(a.index_path) for a in view.visible_attributes()] == [(0, 0), (0, 1), (0, 2)]
    view.content_offset = (0, 0)  # the host's left end: the last items
    assert [tuple(a.index_path) for a in view.visible_attributes()] == [(0, 7), (0, 8), (0, 9)]


def test_yoga_rounding_in_a_spec() -> None:
    # Yoga's rounding_flex_basis_flex_grow_row_width_of_100: 33, 34, 33 (edges 0, 33.3, 66.7, 100
    # rounded at scale 1); right-to-left the same widths from the right.
    spec = {"layout": {"kind": "flow", "item_size": [100 / 3, 10], "minimum_interitem_spacing": 0},
            "sections": [{"count": 3}],
            "viewport": {"width": 100, "height": 50, "display_scale": 1, "direction": "rtl"}}
    built = build(spec)
    try:
        assert built.view.display_scale == 1
        assert [f[0] for f in _cells(built.view)] == [67, 33, 0]
        assert [f[2] for f in _cells(built.view)] == [33, 34, 33]
    finally:
        built.close()


def test_content_narrower_than_the_bounds_mirrors_about_the_bounds() -> None:
    # Horizontal flow, two items 100 x 100, spacing 10, bounds 300 x 100: content 210 wide, so
    # W = max(210, 300) = 300: layout x 0 and 110 become 300 - 0 - 100 = 200 and 300 - 110 - 100
    # = 90 (the first item at the right edge, GridLayoutManagerRtlTest's "right aligned").
    layout = _flow(item_size=(100, 100), minimum_line_spacing=10, scroll_direction="horizontal")
    view = CollectionView(layout, [2], bounds_size=(300, 100))
    view.layout_direction = "rtl"
    assert tuple(view.content_size) == (210, 100)
    assert [tuple(a.frame) for a in view.all_attributes()] == [(200, 0, 100, 100), (90, 0, 100, 100)]
    assert tuple(view.content_offset) == (0, 0)
    out = cvlayout.demo.spec.render({"layout": {"kind": "flow", "item_size": [100, 100], "scroll_direction":
                                                "horizontal"}, "sections": [{"count": 2}],
                                     "viewport": {"width": 300, "height": 100, "direction": "rtl"}})
    assert [e["frame"][0] for e in out["elements"]] == [200, 90]
    assert out["viewport"]["direction"] == "rtl"
