"""The flow layout's alignment options from Python and the JSON spec (frames worked by hand in
docs/alignment-direction-snapping.md; the Swift suite FlowAlignmentTests has the full set)."""

from __future__ import annotations

import pytest
from conftest import needs_flow

import cvlayout
from cvlayout.demo.spec import build

# Five items in a 200-wide view, spacings 10: line 0 = items 0-2 (180 used, 20 left, 40 thick),
# line 1 (the last) = items 3-4 (80 used, 120 left, 20 thick, at y 50).
MIXED = [(50, 20), (60, 40), (50, 30), (40, 10), (30, 20)]


def frames(**options):
    layout = cvlayout.FlowLayout(item_sizes=[MIXED], **options)
    view = cvlayout.CollectionView(layout, [5], bounds_size=(200, 400))
    got = {a.index_path[1]: a.frame for a in view.all_attributes() if a.is_cell}
    return [tuple(got[i]) for i in range(5)]


@needs_flow
def test_defaults_are_uikits_rule():
    assert frames() == [(0, 10, 50, 20), (70, 0, 60, 40), (150, 5, 50, 30), (0, 55, 40, 10), (50, 50, 30, 20)]


@needs_flow
@pytest.mark.parametrize("rule, xs", [
    ("leading", [0, 60, 130, 0, 50]), ("center", [10, 70, 140, 60, 110]), ("trailing", [20, 80, 150, 120, 170])])
def test_line_alignment(rule, xs):
    assert [f[0] for f in frames(line_alignment=rule)] == xs


@needs_flow
def test_last_line_and_item_alignment():
    assert [f[0] for f in frames(last_line_alignment="justified")] == [0, 70, 150, 0, 170]
    assert [f[1] for f in frames(item_alignment="trailing")] == [20, 0, 10, 60, 50]
    assert [f[1] for f in frames(item_alignment=cvlayout.ItemAlignment.LEADING)] == [0, 0, 0, 50, 50]


@needs_flow
def test_bad_values_raise_and_change_nothing():
    layout = cvlayout.FlowLayout(line_alignment="center")
    before = layout.config
    with pytest.raises((ValueError, cvlayout.InvalidArgument)):
        layout.line_alignment = "sideways"
    with pytest.raises(cvlayout.InvalidArgument, match="line_alignment"):
        layout.line_alignment = 7
    with pytest.raises(cvlayout.InvalidArgument, match="last_line_alignment"):
        layout.last_line_alignment = 5
    with pytest.raises(cvlayout.InvalidArgument, match="item_alignment"):
        layout.item_alignment = -1
    assert layout.config == before


@needs_flow
def test_json_spec_keys():
    view = build({"layout": {"kind": "flow", "item_size": [50, 50], "line_alignment": "trailing",
                             "last_line_alignment": "center"},
                  "viewport": {"width": 200, "height": 400}, "sections": [{"count": 4}]}).view
    xs = sorted(a.frame[0] for a in view.all_attributes() if a.is_cell)
    # 3 a line, 30 left: trailing full line at 30, 90, 150; the last item centred at 75.
    assert xs == [30, 75, 90, 150]


@needs_flow
def test_display_scale_snaps_frames():
    # A 3-column grid 100 wide: exact edges 0, 33.33.., 66.66.., 100 -> 33, 34, 33 at scale 1 (Yoga).
    layout = cvlayout.GridLayout(columns=3)
    view = cvlayout.CollectionView(layout, [3], bounds_size=(100, 400))
    assert view.display_scale == 0
    view.display_scale = 1
    cells = sorted((a for a in view.all_attributes() if a.is_cell), key=lambda a: a.index_path)
    assert [tuple(a.frame) for a in cells] == [(0, 0, 33, 33), (33, 0, 34, 33), (67, 0, 33, 33)]
    assert tuple(view.content_size) == (100, 33)
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(cvlayout.InvalidArgument, match="display scale"):
            view.display_scale = bad
    assert view.display_scale == 1
    spec = build({"layout": {"kind": "grid", "columns": 3}, "sections": [{"count": 3}],
                  "viewport": {"width": 100, "height": 400, "display_scale": 2}})
    assert spec.view.display_scale == 2
    assert sorted(a.frame[2] for a in spec.view.all_attributes() if a.is_cell) == [33, 33.5, 33.5]
