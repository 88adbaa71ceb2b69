"""The waterfall layout (CHT's waterfall) from Python: sizes through the flow's mechanisms, the
column properties, errors. Its frames with bulk sizes are the shared fixture
Tests/fixtures/waterfall-two-sections.json (test_fixtures.py)."""

from __future__ import annotations

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
