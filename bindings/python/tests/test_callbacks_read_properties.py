"""A callback asked while the layout is prepared reads the layout's properties and the view's
bounds and counts, as a UIKit delegate does (`sizeForItemAt` reading `minimumInteritemSpacing`
and `collectionView.bounds`): the functions the header marks "callable from hooks and callbacks".
Those that need the prepared layout, and every mutator, raise StateError inside the callback and
leave the cycle intact."""

from __future__ import annotations

import pytest

import cvlayout
from cvlayout.errors import StateError


def test_flow_delegate_sizes_from_the_layout_and_the_bounds():
    seen: dict = {"refused": 0, "asked": 0}

    def size(section, item):
        layout, view = seen["layout"], seen.get("view")
        seen["asked"] += 1
        width = view.bounds_size.width if view is not None else 320.0
        assert view is None or view.counts == [30]
        top, left, bottom, right = layout.config["section_inset"]
        try:
            layout.minimum_line_spacing = 3  # a mutator: refused while the layout is prepared
        except StateError:
            seen["refused"] += 1
        return ((width - left - right - 2 * layout.minimum_interitem_spacing) / 3, 40)

    layout = cvlayout.FlowLayout(minimum_interitem_spacing=5, section_inset=(0, 10, 0, 10), size_for_item=size)
    seen["layout"] = layout
    with cvlayout.CollectionView(layout, [30], bounds_size=(320, 480)) as view:
        seen["view"] = view
        view.invalidate()
        frames = {a.index_path: a.frame for a in view.visible_attributes()}
        # (320 - 20 - 2 x 5) / 3 wide: three a line; item 4 is the second of the second line
        assert frames[(0, 4)] == pytest.approx((10 + 290 / 3 + 5, 40 + 10, 290 / 3, 40))
        assert seen["refused"] == seen["asked"] >= 30
        assert layout.minimum_line_spacing == 10
    layout.close()


def test_waterfall_callback_reads_its_config():
    answers = []

    def extent(section, item):
        answers.append(layout.column_count)
        return 10.0 * layout.column_count

    layout = cvlayout.WaterfallLayout(column_count=3)
    layout.set_callbacks(extent=extent)
    with cvlayout.CollectionView(layout, [9], bounds_size=(300, 300)) as view:
        heights = {round(a.frame[3], 9) for a in view.visible_attributes()}
        assert answers == [3] * 9
        assert heights == {30.0}
    layout.close()
