"""The span grid (Apple's compositional grid sample grown into Android's and Compose's span grids)
from Python: the class's properties and defaults, bulk spans, extents and per-section columns,
errors as exceptions that change nothing, the flow functions it refuses, huge counts, hit tests,
a layout switch, batch updates with range edits and measured extents. Its frames are the shared
fixtures Tests/fixtures/grid-*.json (test_fixtures.py)."""

from __future__ import annotations

import ctypes

import pytest
from conftest import requires

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T

needs_grid = requires("cvl_grid_layout_create", "cvl_grid_layout_set_config", "cvl_grid_config_default")


@needs_grid
def test_defaults_properties_and_frames():
    assert cvlayout.GridLayout.defaults() == {
        "columns": 5, "item_height": 0.0, "item_aspect": 1.0, "interitem_spacing": 0.0, "intergroup_spacing": 0.0,
        "content_insets": (0.0, 0.0, 0.0, 0.0), "header_height": 0.0, "minimum_column_width": 0.0,
        "footer_height": 0.0, "scroll_direction": 0, "stretch_items": 0, "short_row_alignment": 0,
        "supplementaries_follow_insets": 0}
    # 3 columns in 330 with insets 15 (one number: every side) and spacing 15: (300 - 30) / 3 = 90 wide,
    # x = 15, 120, 225; aspect 4/3 -> 120 high; rows 120 + 6 = 126 apart from 20 (header, outside
    # the insets: the flow layout's rule) + 15 = 35.
    layout = cvlayout.GridLayout(columns=3, interitem_spacing=15, intergroup_spacing=6, content_insets=15,
                                 header_height=20, item_aspect=4 / 3)
    with cvlayout.CollectionView(layout, [4], bounds_size=(330, 500)) as view:
        assert view.layout.layout_type == "grid"
        assert layout.columns == 3 and layout.content_insets == (15.0, 15.0, 15.0, 15.0)
        frames = {(a.category, a.index_path): a.frame for a in view.all_attributes()}
        assert frames == {("supplementary", (0, 0)): (0.0, 0.0, 330.0, 20.0),
                          ("cell", (0, 0)): (15.0, 35.0, 90.0, 120.0), ("cell", (0, 1)): (120.0, 35.0, 90.0, 120.0),
                          ("cell", (0, 2)): (225.0, 35.0, 90.0, 120.0), ("cell", (0, 3)): (15.0, 161.0, 90.0, 120.0)}
        # end = 161 + 120 + 15
        assert view.content_size == (330.0, 296.0)
        # An absolute height wins over the aspect; the view follows the property at once.
        layout.item_height = 50
        assert layout.config["item_height"] == 50.0 and layout.item_aspect == pytest.approx(4 / 3)
        assert view.attributes_for_item((0, 3)).frame == (15.0, 91.0, 90.0, 50.0)
        assert view.index_path_at((130, 60)) == (0, 1)
        assert view.index_path_at((130, 100)) is None      # row 1, column 1: item 4 of 4 does not exist
        assert view.index_path_at((112, 60)) is None       # between columns 0 and 1


@needs_grid
@pytest.mark.parametrize("props", [{"columns": 0}, {"columns": 1025}, {"columns": -3}, {"item_height": -1},
                                   {"item_aspect": float("nan")}, {"interitem_spacing": float("inf")},
                                   {"intergroup_spacing": 2e12}, {"content_insets": (0, -1, 0, 0)},
                                   {"header_height": -0.5}])
def test_errors_change_nothing(props):
    with cvlayout.GridLayout(columns=4, header_height=10) as layout:
        before = layout.config
        good = {"interitem_spacing": 7.0} if "intergroup_spacing" in props else {"intergroup_spacing": 7.0}
        with pytest.raises(cvlayout.InvalidArgument, match=next(iter(props)).split("_")[0]):
            layout.configure(**good, **props)     # a good value beside the bad one: all or nothing
        assert layout.config == before


@needs_grid
def test_unknown_property_and_flow_functions_are_refused():
    with cvlayout.GridLayout() as layout:
        with pytest.raises(TypeError, match="spacing"):
            layout.configure(spacing=3)
        with pytest.raises(TypeError):
            layout.configure(item_height="tall")
        # The grid is no flow layout: the flow's functions refuse its handle.
        with pytest.raises(cvlayout.InvalidArgument, match="flow"):
            _lib.cvl_flow_layout_get_config(layout.handle, ctypes.byref(T.cvl_flow_config()))


@needs_grid
def test_huge_counts_and_a_layout_switch():
    # 2^40 items: nothing per item. 4 columns of 100 x 100 in 400; the last item of section 0
    # (2^40 - 1 = 4 * (2^38 - 1) + 3) is at row 2^38 - 1, column 3.
    n = T.MAX_ITEMS
    with cvlayout.CollectionView(cvlayout.GridLayout(columns=4), [n], bounds_size=(400, 800)) as view:
        rows = 1 << 38
        assert view.content_size == (400.0, rows * 100.0)
        assert view.attributes_for_item((0, n - 1)).frame == (300.0, (rows - 1) * 100.0, 100.0, 100.0)
        view.content_offset = (0, (rows // 2) * 100.0)
        visible = view.visible_attributes()
        assert len(visible) == 32 and min(a.index_path[1] for a in visible) == (rows // 2) * 4
        # Switch to a flow layout and back: the grid answers again the same frames.
        view.set_layout(cvlayout.FlowLayout(item_size=(100, 100), minimum_interitem_spacing=0,
                                            minimum_line_spacing=0))
        view.set_layout(cvlayout.GridLayout(columns=4))
        assert view.attributes_for_item((0, n - 1)).frame == (300.0, (rows - 1) * 100.0, 100.0, 100.0)


@needs_grid
def test_spans_extents_and_section_columns():
    # 4 columns of (430 - 30) / 4 = 100 in 430, spacing 10; spans [3, 2, 1] and extents [50, 30, 40]
    # (Tests/fixtures/grid-spans-line-break.json's first rows).
    layout = cvlayout.GridLayout(columns=4, interitem_spacing=10, intergroup_spacing=8)
    layout.set_item_spans(0, [3, 2, 1])
    layout.set_item_extents(0, [50, 30, 40])
    with cvlayout.CollectionView(layout, [3], bounds_size=(430, 600)) as view:
        assert [a.frame for a in view.all_attributes()] == [
            (0.0, 0.0, 320.0, 50.0), (0.0, 58.0, 210.0, 30.0), (220.0, 58.0, 100.0, 40.0)]
        # Stretched (Android): item 1 takes its row's 40.
        layout.stretch_items = 1
        assert view.attributes_for_item((0, 1)).frame == (0.0, 58.0, 210.0, 40.0)
        # Section 0 with 2 columns of its own: item 0 spans 3 > 2: refused, nothing changed.
        with pytest.raises(cvlayout.InvalidArgument, match="span > column count"):
            layout.set_section_columns([2])
        assert view.attributes_for_item((0, 1)).frame == (0.0, 58.0, 210.0, 40.0)
        # Adaptive (minimum 100 in 430: floor(440 / 110) = 4 columns): the same frames.
        layout.set_section_columns([(0, 100.0)])
        assert view.attributes_for_item((0, 2)).frame == (220.0, 58.0, 100.0, 40.0)
        # Adaptive with a minimum of 150: floor(440 / 160) = 2 columns; item 0's span 3 fails the
        # layout cycle, the previous frames kept.
        layout.set_section_columns([(0, 150.0)])
        with pytest.raises(cvlayout.InvalidArgument, match="span > column count"):
            view.attributes_for_item((0, 2))
        layout.set_section_columns([])
        assert view.attributes_for_item((0, 2)).frame == (220.0, 58.0, 100.0, 40.0)


@needs_grid
def test_buffers_of_spans_and_extents_are_handed_over_in_place():
    # test_spans_extents_and_section_columns' frames from an int32 array of spans and a float64
    # array of extents, handed over without a copy in Python; an int64 array is read item by item
    # (each checked against int32); the library keeps its own copy (later writes change nothing).
    import array

    from cvlayout._arrays import int32_array
    spans = array.array("i", [3, 2, 1])
    extents = array.array("d", [50, 30, 40])
    arr, n = int32_array(spans, "spans")
    assert n == 3 and ctypes.addressof(arr) == spans.buffer_info()[0]
    assert list(int32_array(array.array("q", [3, 2, 1]), "spans")[0]) == [3, 2, 1]
    with pytest.raises(cvlayout.InvalidArgument, match="int32_t"):
        int32_array(array.array("q", [1, 1 << 31]), "spans")
    layout = cvlayout.GridLayout(columns=4, interitem_spacing=10, intergroup_spacing=8)
    layout.set_item_spans(0, spans)
    layout.set_item_extents(0, extents)
    spans[0], extents[0] = 1, 999.0
    with cvlayout.CollectionView(layout, [3], bounds_size=(430, 600)) as view:
        assert [a.frame for a in view.all_attributes()] == [
            (0.0, 0.0, 320.0, 50.0), (0.0, 58.0, 210.0, 30.0), (220.0, 58.0, 100.0, 40.0)]
        with pytest.raises(cvlayout.InvalidArgument, match="span > column count"):
            layout.set_item_spans(0, array.array("i", [1, 5, 1]))
        assert view.attributes_for_item((0, 1)).frame == (0.0, 58.0, 210.0, 30.0)


@needs_grid
@pytest.mark.parametrize("call,match", [
    (lambda g: g.set_item_spans(0, [1, 5]), "span > column count"),
    (lambda g: g.set_item_spans(0, [1, 0]), "span < 1"),
    (lambda g: g.set_item_spans(0, [-2]), "span < 1"),
    (lambda g: g.set_item_spans(0, [1 << 31]), "int32_t"),
    (lambda g: g.set_item_extents(0, [1, float("nan")]), "extent"),
    (lambda g: g.set_item_extents(0, [-1]), "extent"),
    (lambda g: g.set_section_columns([(0, -5.0)]), "minimum_column_width"),
    (lambda g: g.set_section_columns([(0, float("nan"))]), "minimum_column_width"),
    (lambda g: g.set_section_columns([1025]), "columns"),
    (lambda g: g.configure(columns=0), "columns"),
    (lambda g: g.configure(minimum_column_width=-1), "minimum_column_width"),
    (lambda g: g.configure(short_row_alignment=3), "short_row_alignment"),
    (lambda g: g.configure(scroll_direction=2), "scroll_direction"),
    (lambda g: g.configure(columns=2), "span > column count"),     # the spans [3, 1] set below
])
def test_bad_input_changes_nothing(call, match):
    with cvlayout.GridLayout(columns=4) as layout:
        layout.set_item_spans(0, [3, 1])
        with cvlayout.CollectionView(layout, [2], bounds_size=(400, 400)) as view:
            before = [a.frame for a in view.all_attributes()]
            config = layout.config
            with pytest.raises(cvlayout.InvalidArgument, match=match):
                call(layout)
            assert layout.config == config
            assert [a.frame for a in view.all_attributes()] == before == [(0.0, 0.0, 300.0, 300.0),
                                                                         (300.0, 0.0, 100.0, 100.0)]


@needs_grid
def test_batch_update_with_range_edits_and_measured_extents():
    # 2 columns of 100 in 200, item_height 100; spans [2, 1, 1]: item 0 alone in row 0, items 1
    # and 2 in row 1.
    layout = cvlayout.GridLayout(columns=2, item_height=100)
    layout.set_item_spans(0, [2, 1, 1])
    with cvlayout.CollectionView(layout, [3], bounds_size=(200, 300)) as view:
        assert view.attributes_for_item((0, 2)).frame == (100.0, 100.0, 100.0, 100.0)
        # Insert a full-width item at 1: edit the spans first, then the batch update.
        layout.replace_item_spans(0, 1, 0, [2])
        view.perform_batch_updates(cvlayout.insert_items([(0, 1)]), new_counts=[4])
        assert [a.frame for a in view.all_attributes()] == [
            (0.0, 0.0, 200.0, 100.0), (0.0, 100.0, 200.0, 100.0), (0.0, 200.0, 100.0, 100.0),
            (100.0, 200.0, 100.0, 100.0)]
        # An update without the edit: the layout cycle fails (4 spans for 5 items), nothing changes.
        with pytest.raises(cvlayout.InvalidArgument, match="entries but the section has 5 items"):
            view.perform_batch_updates(cvlayout.insert_items([(0, 0)]), new_counts=[5])
        assert view.counts == [4] and view.attributes_for_item((0, 3)).frame == (100.0, 200.0, 100.0, 100.0)
        # A measured height for item 2: its row is as tall as it (Compose: item 3 keeps 100).
        view.set_measured_sizes({(0, 2): (100, 160)})
        assert view.attributes_for_item((0, 2)).frame == (0.0, 200.0, 100.0, 160.0)
        assert view.attributes_for_item((0, 3)).frame == (100.0, 200.0, 100.0, 100.0)
        assert view.content_size == (200.0, 360.0)
        assert view.items_to_measure() == [(0, 0), (0, 1), (0, 3)]


@needs_grid
def test_constants_by_label_and_horizontal_scrolling():
    # Horizontal: 2 rows of (200 - 10) / 2 = 95 in a 200-high view; columns 60 wide (item_height is
    # the extent along x), 5 apart; the last column's one item centred: (2 - 1) * (95 + 10) / 2 down.
    layout = cvlayout.GridLayout(columns=2, item_height=60, interitem_spacing=10, intergroup_spacing=5,
                                 scroll_direction="horizontal", short_row_alignment="center")
    assert layout.scroll_direction == cvlayout.ScrollDirection.HORIZONTAL
    assert layout.short_row_alignment == cvlayout.GridAlignment.CENTER
    with cvlayout.CollectionView(layout, [3], bounds_size=(300, 200)) as view:
        assert [a.frame for a in view.all_attributes()] == [
            (0.0, 0.0, 60.0, 95.0), (0.0, 105.0, 60.0, 95.0), (65.0, 52.5, 60.0, 95.0)]
        assert view.content_size == (125.0, 200.0)
    with pytest.raises(cvlayout.InvalidArgument, match="valid: leading, center, trailing"):
        layout.configure(short_row_alignment="middle")
    assert layout.short_row_alignment == 1


@needs_grid
def test_snapshot_animation_and_anchoring_with_spans():
    # Items identified by id, each id with its span (200 is full-width). 2 columns of 100 in 200,
    # item_height 50. The snapshot inserts item 200 at the top and deletes id 3.
    span_of = {1: 1, 2: 1, 3: 1, 4: 1, 200: 2}
    layout = cvlayout.GridLayout(columns=2, item_height=50)
    before = [1, 2, 3, 4]
    layout.set_item_spans(0, [span_of[i] for i in before])
    with cvlayout.CollectionView(layout, [4], bounds_size=(200, 400)) as view:
        view.set_identifiers([(0, before)])
        assert view.attributes_for_item((0, 1)).frame == (100.0, 0.0, 100.0, 50.0)
        after = [200, 1, 2, 4]
        layout.set_item_spans(0, [span_of[i] for i in after])   # the new arrays first
        view.apply_snapshot([(0, after)], animation=1.0)
        view.set_time(view.time + 0.5)
        # Id 2 moves from (100, 0) to (100, 50): halfway (100, 25) (the default curve is symmetric).
        moving = [a for a in view.all_attributes() if a.identifier == 2]
        assert [a.frame for a in moving] == [(100.0, 25.0, 100.0, 50.0)]
        view.set_time(view.time + 1.0)
        assert [a.frame for a in view.all_attributes()] == [
            (0.0, 0.0, 200.0, 50.0), (0.0, 50.0, 100.0, 50.0), (100.0, 50.0, 100.0, 50.0),
            (0.0, 100.0, 100.0, 50.0)]

    # Anchoring: 20 items (10 rows) in a 100-high viewport scrolled to row 2 (id 4 at its top);
    # a full-width item inserted at the top pushes everything one row (50) down: the offset follows.
    layout = cvlayout.GridLayout(columns=2, item_height=50)
    ids = list(range(20))
    layout.set_item_spans(0, [1] * 20)
    with cvlayout.CollectionView(layout, [20], bounds_size=(200, 100)) as view:
        view.set_identifiers([(0, ids)])
        view.anchoring = "first_visible"
        view.content_offset = (0, 100)
        assert view.visible_attributes()[0].identifier == 4
        layout.set_item_spans(0, [2] + [1] * 20)
        view.apply_snapshot([(0, [99] + ids)])
        assert view.content_offset == (0.0, 150.0)
        assert view.visible_attributes()[0].identifier == 4
