"""The waterfall layout (CHT's waterfall) from Python: sizes through the flow's mechanisms, the
column properties, errors. Its frames with bulk sizes are the shared fixture
Tests/fixtures/waterfall-two-sections.json (test_fixtures.py)."""

from __future__ import annotations

import ctypes

import pytest
from conftest import requires

import cvlayout

needs_waterfall = requires("cvl_waterfall_layout_create")


@needs_waterfall
def test_size_for_item_callback_and_column_count():
    # 3 columns in 330, spacing 15: (330 - 30) / 3 = 100 wide, x = 0, 115, 230.
    # Sizes (w, h): 50x100 -> 200 high, 100x50 -> 50, 200x100 -> 50, 10x10 -> 100.
    # 0 -> column 0 (0, 0); 1 -> column 1 (115, 0); 2 -> column 2 (230, 0); columns at 215, 65, 65;
    # 3 -> column 1 (leftmost of 65, 65) at (115, 65); columns 215, 180, 65 -> content 215 - 15 = 200.
    sizes = [(50, 100), (100, 50), (200, 100), (10, 10)]
    layout = cvlayout.WaterfallLayout(column_count=3, minimum_interitem_spacing=15, minimum_line_spacing=15,
                                      size_for_item=lambda s, i: sizes[i])
    with cvlayout.CollectionView(layout, [4], bounds_size=(330, 500)) as view:
        assert view.layout.layout_type == "waterfall"
        a = {x.index_path[1]: x.frame for x in view.all_attributes()}
        assert a == {0: (0.0, 0.0, 100.0, 200.0), 1: (115.0, 0.0, 100.0, 50.0), 2: (230.0, 0.0, 100.0, 50.0),
                     3: (115.0, 65.0, 100.0, 100.0)}
        assert view.content_size == (330.0, 200.0)
        # A minimum column width of 150 derives floor((330 + 15) / 165) = 2 columns of 157.5.
        layout.minimum_column_width = 150
        assert layout.minimum_column_width == 150.0 and layout.column_count == 3
        assert view.all_attributes()[0].frame == (0.0, 0.0, 157.5, 315.0)


@needs_waterfall
@pytest.mark.parametrize("props", [{"column_count": 0}, {"column_count": 1025}, {"column_count": -5},
                                   {"minimum_column_width": float("nan")}, {"minimum_column_width": -1.0},
                                   {"minimum_column_width": float("inf")}])
def test_column_errors_change_nothing(props):
    with cvlayout.WaterfallLayout(column_count=4) as layout:
        with pytest.raises(cvlayout.InvalidArgument):
            layout.configure_columns(**props)
        assert layout.column_count == 4 and layout.minimum_column_width == 0.0


@needs_waterfall
@pytest.mark.parametrize("props", [{"pin_headers": True},
                                   {"minimum_line_spacing": -2}, {"section_inset": (0, -1, 0, 0)}])
def test_flow_properties_the_waterfall_rejects(props):
    with cvlayout.WaterfallLayout() as layout:
        before = layout.minimum_line_spacing, layout.section_inset
        with pytest.raises(cvlayout.InvalidArgument):
            layout.configure(**props)
        assert (layout.minimum_line_spacing, layout.section_inset) == before


@needs_waterfall
def test_full_span_in_order_and_extents():
    # 320 wide, insets (5, 10, 7, 10), header 20, footer 30, spacings 10: columns (300 - 10) / 2 =
    # 145 wide at x 10 and 165, top 25. Extents 100, 50, 60, 40 (full span), 30, 20, 70.
    # Shortest first: 0 (10, 25); 1 (165, 25); 2 -> column 1 at 85; 3 full at the tallest, 155:
    # (10, 155, 300, 40); 4 (10, 205); 5 (165, 205); 6 -> column 1 at 235. Body 305, footer 312,
    # content 342. In order: 2 -> column 0 at 135; 3 at 205; 4, 5 at 255; 6 -> column 0 at 295;
    # content 402.
    layout = cvlayout.WaterfallLayout(minimum_interitem_spacing=10, minimum_line_spacing=10,
                                      section_inset=(5, 10, 7, 10), header_reference_size=(0, 20),
                                      footer_reference_size=(0, 30))
    layout.set_item_extents(0, [100, 50, 60, 40, 30, 20, 70])
    layout.set_full_spans(0, [False, False, False, True, False, False, False])
    with cvlayout.CollectionView(layout, [7], bounds_size=(320, 480)) as view:
        cells = {x.index_path[1]: x.frame for x in view.all_attributes() if x.category == "cell"}
        assert cells == {0: (10.0, 25.0, 145.0, 100.0), 1: (165.0, 25.0, 145.0, 50.0), 2: (165.0, 85.0, 145.0, 60.0),
                         3: (10.0, 155.0, 300.0, 40.0), 4: (10.0, 205.0, 145.0, 30.0),
                         5: (165.0, 205.0, 145.0, 20.0), 6: (165.0, 235.0, 145.0, 70.0)}
        assert view.content_size == (320.0, 342.0)
        layout.placement = "in_order"
        assert layout.placement == cvlayout.ColumnPlacement.IN_ORDER
        cells = {x.index_path[1]: x.frame for x in view.all_attributes() if x.category == "cell"}
        assert cells[2] == (10.0, 135.0, 145.0, 60.0) and cells[3] == (10.0, 205.0, 300.0, 40.0)
        assert cells[6] == (10.0, 295.0, 145.0, 70.0)
        assert view.content_size == (320.0, 402.0)


@needs_waterfall
def test_buffers_of_extents_and_flags_are_handed_over_in_place():
    # The frames of test_full_span_in_order_and_extents from buffers: an array('d') of extents and
    # a bytearray / bool buffer of flags are handed over without a copy in Python (the ctypes
    # array is a view of them), a read-only buffer is copied, a buffer of other items is read item
    # by item; the library keeps its own copy (later writes change nothing).
    import array

    from cvlayout._arrays import double_array, flag_array
    extents = array.array("d", [100, 50, 60, 40, 30, 20, 70])
    flags = bytearray([0, 0, 0, 1, 0, 0, 0])
    arr, n = double_array(extents, "extents")
    assert n == 7 and ctypes.addressof(arr) == extents.buffer_info()[0]
    arr, n = flag_array(flags, "flags")
    assert n == 7 and ctypes.addressof(arr) == ctypes.addressof(ctypes.c_char.from_buffer(flags))
    del arr
    frozen = memoryview(bytes(flags)).toreadonly()
    assert list(flag_array(frozen, "flags")[0]) == list(flags)
    assert list(double_array(array.array("f", [1.5, 2.5]), "extents")[0]) == [1.5, 2.5]  # floats: item by item
    layout = cvlayout.WaterfallLayout(minimum_interitem_spacing=10, minimum_line_spacing=10,
                                      section_inset=(5, 10, 7, 10), header_reference_size=(0, 20),
                                      footer_reference_size=(0, 30))
    layout.set_item_extents(0, extents)
    layout.set_full_spans(0, flags)
    extents[0] = 999.0
    flags[0] = 1
    with cvlayout.CollectionView(layout, [7], bounds_size=(320, 480)) as view:
        cells = {x.index_path[1]: x.frame for x in view.all_attributes() if x.category == "cell"}
        assert cells[0] == (10.0, 25.0, 145.0, 100.0) and cells[3] == (10.0, 155.0, 300.0, 40.0)
        assert cells[6] == (165.0, 235.0, 145.0, 70.0) and view.content_size == (320.0, 342.0)
        with pytest.raises(cvlayout.InvalidArgument):  # validated by the library as a list is
            layout.set_full_spans(0, memoryview(bytes([0, 0, 0, 2, 0, 0, 0])).toreadonly())
        assert view.attributes_for_item((0, 3)).frame == (10.0, 155.0, 300.0, 40.0)


@needs_waterfall
def test_horizontal_and_section_columns():
    # Horizontal, 200 high, no spacing: a section of 3 columns (66.66.. high rows), extents
    # (widths) 10, 20, 30, 40 -> 3 at the narrowest row, row 0 (x 10).
    layout = cvlayout.WaterfallLayout(scroll_direction="horizontal", minimum_interitem_spacing=0,
                                      minimum_line_spacing=0, placement=cvlayout.ColumnPlacement.SHORTEST)
    layout.set_section_columns([4, (0, 100.0)])
    layout.set_item_extents(0, [10, 20, 30, 40])
    layout.set_item_extents(1, [5, 5])
    with cvlayout.CollectionView(layout, [4, 2], bounds_size=(300, 200)) as view:
        cells = {tuple(x.index_path): x.frame for x in view.all_attributes() if x.category == "cell"}
        # Section 0: 4 rows of 50: items at y 0, 50, 100, 150, all at x 0; it ends at 40.
        assert [cells[(0, i)] for i in range(4)] == [(0.0, 0.0, 10.0, 50.0), (0.0, 50.0, 20.0, 50.0),
                                                     (0.0, 100.0, 30.0, 50.0), (0.0, 150.0, 40.0, 50.0)]
        # Section 1: floor(200 / 100) = 2 rows of 100 from x 40.
        assert cells[(1, 0)] == (40.0, 0.0, 5.0, 100.0) and cells[(1, 1)] == (40.0, 100.0, 5.0, 100.0)
        assert view.content_size == (45.0, 200.0)


@needs_waterfall
@pytest.mark.parametrize("call", [
    lambda w: w.set_full_spans(0, [0, 2]), lambda w: w.set_item_extents(0, [1.0, float("nan")]),
    lambda w: w.set_item_extents(0, [-1.0]), lambda w: w.set_section_columns([-1]),
    lambda w: w.set_section_columns([(0, float("inf"))]), lambda w: w.configure_columns(placement=2),
    lambda w: w.configure_columns(column_count=0)])
def test_bulk_errors_change_nothing(call):
    with cvlayout.WaterfallLayout() as layout:
        layout.set_item_extents(0, [10, 20])
        with cvlayout.CollectionView(layout, [2], bounds_size=(200, 400)) as view:
            before = [x.frame for x in view.all_attributes()]
            with pytest.raises(cvlayout.InvalidArgument):
                call(layout)
            assert [x.frame for x in view.all_attributes()] == before
            assert layout.column_count == 2 and layout.placement == 0


@needs_waterfall
def test_wrong_length_flags_fail_the_layout_until_edited():
    with cvlayout.WaterfallLayout() as layout:
        layout.set_item_extents(0, [10, 20])
        with cvlayout.CollectionView(layout, [2], bounds_size=(200, 400)) as view:
            layout.set_full_spans(0, [True])
            with pytest.raises(cvlayout.InvalidArgument, match="full-span flags"):
                view.content_size
            layout.replace_full_spans(0, 1, 0, [False])
            # Item 0 spans (0, 0, 200, 10); item 1 in column 0 at 20: (0, 20, 95, 20).
            assert view.all_attributes()[1].frame == (0.0, 20.0, 95.0, 20.0)
            with pytest.raises(cvlayout.StateError):
                layout.replace_item_extents(3, 0, 0, [1.0])


@needs_waterfall
def test_flow_frame_getters_answer_the_waterfalls_frames():
    # The waterfall lays out no flow lines: item_frame and section_frame answer its own frames.
    # 2 columns in 320, spacing 10: 155 wide; extents 40, 60, 30: 0 (0, 0), 1 (165, 0), 2 -> column 0
    # (at 50 < 70) at 50; columns end at 80 and 60: the body ends at 80.
    layout = cvlayout.WaterfallLayout(minimum_interitem_spacing=10, minimum_line_spacing=10)
    layout.set_item_extents(0, [40, 60, 30])
    with cvlayout.CollectionView(layout, [3], bounds_size=(320, 480)) as view:
        cells = {x.index_path[1]: x.frame for x in view.all_attributes() if x.category == "cell"}
        assert cells == {0: (0.0, 0.0, 155.0, 40.0), 1: (165.0, 0.0, 155.0, 60.0), 2: (0.0, 50.0, 155.0, 30.0)}
        for i, frame in cells.items():
            assert layout.item_frame((0, i)) == frame
        # The section: 80 high, the whole width.
        assert layout.section_frame(0) == (0.0, 0.0, 320.0, 80.0)
        assert view.content_size == (320.0, 80.0)
        with pytest.raises(cvlayout.OutOfRange):
            layout.item_frame((0, 3))


@needs_waterfall
def test_edits_in_the_middle_equal_a_fresh_layout():
    # Extents edited one at a time in a section with full-span items, both rules: the frames after
    # each edit equal those of a layout built afresh from the same extents (bit for bit).
    import random
    rng = random.Random(32)
    n = 600
    extents = [float(rng.randrange(8) * 7) for _ in range(n)]
    flags = [rng.randrange(20) == 0 for _ in range(n)]

    def frames(layout: cvlayout.WaterfallLayout) -> list:
        with cvlayout.CollectionView(layout, [n], bounds_size=(400, 300)) as v:
            return [a.frame for a in v.all_attributes() if a.category == "cell"]

    for placement in ("shortest", "in_order"):
        layout = cvlayout.WaterfallLayout(column_count=3, minimum_interitem_spacing=4, minimum_line_spacing=3,
                                          placement=placement)
        layout.set_item_extents(0, extents)
        layout.set_full_spans(0, flags)
        with cvlayout.CollectionView(layout, [n], bounds_size=(400, 300)) as view:
            for _ in range(12):
                i = rng.randrange(n)
                extents[i] = float(rng.randrange(8) * 7)
                layout.replace_item_extents(0, i, 1, [extents[i]])
                got = [a.frame for a in view.all_attributes() if a.category == "cell"]
                fresh = cvlayout.WaterfallLayout(column_count=3, minimum_interitem_spacing=4,
                                                 minimum_line_spacing=3, placement=placement)
                fresh.set_item_extents(0, extents)
                fresh.set_full_spans(0, flags)
                assert got == frames(fresh)
