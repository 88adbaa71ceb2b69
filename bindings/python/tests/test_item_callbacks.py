"""The span grid's and the waterfall's answers by callback (``GridLayout.set_callbacks``,
``WaterfallLayout.set_callbacks``; include/cvlayout.h ``cvl_grid_callbacks``,
``cvl_waterfall_callbacks``): the frames the rules give, each item asked once a layout pass and
never for a scroll, bulk arrays winning, bad answers failing the pass with the frames kept."""

from __future__ import annotations

import pytest
from conftest import requires

import cvlayout

needs = requires("cvl_grid_layout_set_callbacks", "cvl_waterfall_layout_set_callbacks")


def cells(view: cvlayout.CollectionView) -> dict[int, tuple[float, float, float, float]]:
    return {a.index_path[1]: a.frame for a in view.all_attributes() if a.category == "cell"}


@needs
def test_grid_spans_extents_and_columns_by_callback():
    asked: list[tuple[str, int]] = []
    spans, extents = [3, 1, 1, 2, 1], [30.0, 40.0, 50.0, 60.0, 10.0]

    def span(s: int, i: int) -> int:
        asked.append(("span", i))
        return spans[i]

    def extent(s: int, i: int) -> float:
        asked.append(("extent", i))
        return extents[i]

    # 3 columns (the callback; the config says 5) in 320 with spacing 10: 100 wide, pitch 110.
    # Row 0: item 0 (span 3) at 0, 320 wide, 30 high. Row 1 at 40: items 1, 2 at x 0, 110 (40,
    # 50 high); item 3 (span 2) does not fit the one column left: row 2 at 40 + 50 + 10 = 100:
    # item 3 at 0, 210 wide; item 4 at 220. Row 2 is 60 high: content 160.
    layout = cvlayout.GridLayout(columns=5, interitem_spacing=10, intergroup_spacing=10)
    layout.set_callbacks(span=span, extent=extent, columns=lambda s: 3)
    with cvlayout.CollectionView(layout, [5], bounds_size=(320, 400)) as view:
        assert cells(view) == {0: (0.0, 0.0, 320.0, 30.0), 1: (0.0, 40.0, 100.0, 40.0), 2: (110.0, 40.0, 100.0, 50.0),
                               3: (0.0, 100.0, 210.0, 60.0), 4: (220.0, 100.0, 100.0, 10.0)}
        assert view.content_size == (320.0, 160.0)
        assert sorted(asked) == sorted([("span", i) for i in range(5)] + [("extent", i) for i in range(5)])
        asked.clear()
        view.content_offset = (0, 30)  # a scroll asks nothing
        view.visible_attributes()
        assert asked == []
        # A bulk array wins: spans 1 everywhere, extents still asked.
        layout.set_item_spans(0, [1] * 5)
        assert cells(view)[3] == (0.0, 60.0, 100.0, 60.0)  # row 1 below row 0's tallest (50) + 10
        assert sorted(asked) == [("extent", i) for i in range(5)]


@needs
def test_grid_bad_answers_fail_and_keep_the_frames():
    answers = {"span": 1}
    layout = cvlayout.GridLayout(columns=2, item_height=10)
    layout.set_callbacks(span=lambda s, i: answers["span"])
    with cvlayout.CollectionView(layout, [3], bounds_size=(200, 100)) as view:
        before = cells(view)
        for bad, text in ((3, "span > column count"), (0, "span must be"), (2 ** 40, "int32_t"), ("x", "integer")):
            answers["span"] = bad  # type: ignore[assignment]
            view.invalidate()
            with pytest.raises(cvlayout.CallbackError, match=text):
                view.content_size
            answers["span"] = 1
            assert cells(view) == before


@needs
def test_waterfall_full_spans_extents_and_columns_by_callback():
    # 3 columns of 100 in 320 (spacing 10), extents 50, 80, 30, 40, 60, item 3 full-span: it starts
    # at the tallest column (80 + 10 = 90) and spans 320; the columns continue at 140.
    ext = [50.0, 80.0, 30.0, 40.0, 60.0]
    calls = {"n": 0}

    def full(s: int, i: int) -> bool:
        calls["n"] += 1
        return i == 3

    layout = cvlayout.WaterfallLayout(minimum_interitem_spacing=10, minimum_line_spacing=10)
    layout.set_callbacks(full_span=full, extent=lambda s, i: ext[i], columns=lambda s: (3, 0.0))
    with cvlayout.CollectionView(layout, [5], bounds_size=(320, 400)) as view:
        assert cells(view) == {0: (0.0, 0.0, 100.0, 50.0), 1: (110.0, 0.0, 100.0, 80.0), 2: (220.0, 0.0, 100.0, 30.0),
                               3: (0.0, 90.0, 320.0, 40.0), 4: (0.0, 140.0, 100.0, 60.0)}
        assert view.content_size == (320.0, 200.0)
        assert calls["n"] == 5
        # Right-to-left at scale 2 mirrors them about 320: item 1 at 320 - 210 = 110, item 4 at 220.
        view.layout_direction = "rtl"
        view.display_scale = 2
        assert cells(view)[4] == (220.0, 140.0, 100.0, 60.0)
        assert cells(view)[2] == (0.0, 0.0, 100.0, 30.0)
        # A bad extent fails the pass, frames kept; removing the callbacks goes back to the sizes.
        ext[2] = float("nan")
        view.invalidate()
        with pytest.raises(cvlayout.CallbackError, match="extent"):
            view.content_size
        ext[2] = 30.0
        layout.set_callbacks()
        assert view.content_size[1] > 0


@needs
def test_callbacks_must_be_callable():
    with pytest.raises(TypeError, match="callable"):
        cvlayout.GridLayout().set_callbacks(span=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="callable"):
        cvlayout.WaterfallLayout().set_callbacks(extent=[1.0])  # type: ignore[arg-type]
