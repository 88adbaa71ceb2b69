"""The seeds' non-flow layouts: mosaic (001), tree (002), circle (004)."""

from __future__ import annotations

import math

import pytest
from conftest import requires

import cvlayout
from cvlayout._types import MAX_QUERY_ELEMENTS
from cvlayout.geometry import rotation

needs_mosaic = requires("cvl_mosaic_layout_create")
needs_tree = requires("cvl_tree_layout_create")
needs_circle = requires("cvl_circle_layout_create")


@needs_mosaic
def test_mosaic_page_tables():
    with cvlayout.CollectionView(cvlayout.MosaicLayout(), [30], bounds_size=(480, 320)) as view:
        assert view.layout.layout_type == "mosaic"
        assert view.content_size == (1440.0, 320.0)             # ceil(30 / 12) pages
        cw, rh = (480 - 30) / 4, (320 - 30) / 4               # 112.5, 72.5
        a = {x.index_path[1]: x for x in view.all_attributes()}
        assert len(a) == 30
        assert a[0].frame == (0.0, 0.0, cw, rh) and a[0].custom == (0.0,)
        assert a[1].frame == (cw + 10, 0.0, cw, rh)
        assert a[2].frame == (245.0, 0.0, 235.0, 155.0) and a[2].custom == (1.0,)    # large
        assert a[5].frame == (0.0, 165.0, cw, 155.0) and a[5].custom == (2.0,)       # medium
        assert a[8].frame == (3 * (cw + 10), 165.0, cw, rh)
        assert a[11].frame == (3 * (cw + 10), 3 * (rh + 10), cw, rh)
        assert a[12].frame == (480.0, 0.0, cw, rh)                                      # page 1
        assert a[26].frame == (960.0 + 245.0, 0.0, 235.0, 155.0)


@needs_mosaic
def test_mosaic_config():
    with cvlayout.MosaicLayout(padding=4, column_width=100) as m:
        assert m.padding == 4.0 and m.column_width == 100.0 and m.row_height == 0.0
        with cvlayout.CollectionView(m, [3], bounds_size=(480, 320)) as view:
            assert view.attributes_for_item((0, 1)).frame[:3] == (104.0, 0.0, 100.0)
            m.column_width = None   # back to derived
            assert view.attributes_for_item((0, 1)).frame[2] == (480 - 12) / 4


@needs_tree
def test_tree_from_nested_description():
    layout = cvlayout.TreeLayout({"A": {"B": {"D": None}, "C": None}})
    assert layout.counts == [1, 2, 1]
    assert layout.labels == {(0, 0): "A", (1, 0): "B", (1, 1): "C", (2, 0): "D"}
    assert cvlayout.TreeLayout.defaults() == {"item_size": (150.0, 40.0), "insets": (10.0, 10.0, 10.0, 10.0)}
    with cvlayout.CollectionView(layout, bounds_size=(800, 600)) as view:
        assert view.content_size == (510.0, 120.0)
        cells = {a.index_path: a for a in view.all_attributes() if a.is_cell}
        assert cells[(0, 0)].frame == (10.0, 10.0, 150.0, 40.0)
        assert cells[(1, 1)].frame == (180.0, 70.0, 150.0, 40.0)
        assert cells[(2, 0)].frame == (350.0, 10.0, 150.0, 40.0)
        conn = view.attributes_for_supplementary("connector", (0, 0))
        assert conn.frame == (160.0, 10.0, 20.0, 100.0) and conn.custom == (0.0, 2.0)
        layout.item_size = (100, 30)
        layout.insets = 5
        assert view.content_size == (330.0, 80.0)


@needs_tree
def test_tree_forms_and_inconsistent_counts():
    counts, children, labels = cvlayout.parse_tree([{"name": "R", "children": ["x", ("y", ["z"])]}, "S"])
    assert counts == [2, 2, 1] and children == [[2, 0], [0, 1], [0]] and labels[(2, 0)] == "z"
    layout = cvlayout.TreeLayout(lambda s, i: [[2], [0, 0]][s][i] if s < 2 else 0)
    with cvlayout.CollectionView(layout, [1, 2]) as view:
        assert len([a for a in view.all_attributes() if a.is_cell]) == 3
    bad = cvlayout.TreeLayout(lambda s, i: 3 if s == 0 else 0)
    with cvlayout.CollectionView(bad, [1, 2]) as view:
        with pytest.raises(cvlayout.CallbackError):
            view.content_size
    raising = cvlayout.TreeLayout(lambda s, i: 1 / 0)
    with cvlayout.CollectionView(raising, [1, 1]) as view:
        with pytest.raises(cvlayout.CallbackError) as info:
            view.content_size
        assert isinstance(info.value.__cause__, ZeroDivisionError)


@needs_circle
@pytest.mark.parametrize("n", [1, 6, 13])
def test_circle_positions(n):
    with cvlayout.CollectionView(cvlayout.CircleLayout(), [n], bounds_size=(320, 480)) as view:
        assert view.content_size == (320.0, 480.0)
        radius = math.floor(320 / 2.5)   # 128
        for a in view.all_attributes():
            i = a.index_path[1]
            angle = 2 * math.pi * i / n
            assert a.size == (60.0, 60.0)
            assert a.center[0] == pytest.approx(160 + radius * math.cos(angle - math.pi / 2), abs=1e-9)
            assert a.center[1] == pytest.approx(240 + radius * math.sin(angle - math.pi / 2), abs=1e-9)
            assert a.transform == pytest.approx(rotation(angle, 0, 0, 1), abs=1e-12)


@needs_circle
def test_circle_radius_is_truncated_and_follows_bounds():
    with cvlayout.CollectionView(cvlayout.CircleLayout(item_size=(10, 10)), [4], bounds_size=(321, 500)) as view:
        assert view.attributes_for_item((0, 0)).center == (160.5, 250.0 - 128)
        view.bounds_size = (100, 100)
        assert view.attributes_for_item((0, 0)).center == (50.0, 50.0 - 40)
        assert view.layout.item_size == (10.0, 10.0)


@needs_circle
def test_circle_of_2_40_items_stops_at_the_query_limit():
    """Every item of a circle lies inside its bounds, so a query of the viewport over 2^40 items
    used to count them all (hours). It stops at MAX_QUERY_ELEMENTS with CountOverflow, and a hit
    test searches only the items that can be drawn at the point (none near the centre)."""
    with cvlayout.CollectionView(cvlayout.CircleLayout(), [2**40], bounds_size=(1000, 1000)) as view:
        with pytest.raises(cvlayout.CountOverflow, match="CVL_MAX_QUERY_ELEMENTS"):
            view.count_in_rect((0, 0, 1000, 1000))
        with pytest.raises(cvlayout.CountOverflow, match="smaller rect"):
            view.visible_attributes()
        assert view.index_path_at((500, 500)) is None
    # A 0x0 viewport piles every item at one point: exactly the limit is counted.
    with cvlayout.CollectionView(cvlayout.CircleLayout(), [MAX_QUERY_ELEMENTS], bounds_size=(0, 0)) as view:
        assert view.count_in_rect((-1, -1, 2, 2)) == MAX_QUERY_ELEMENTS
