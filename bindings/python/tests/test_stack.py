"""The card stack from Python: the generated class's properties and defaults, errors as exceptions
that change nothing, the flow functions it refuses, hidden cards, hit tests through the scaled
cards and huge counts. Its shown frames, alphas and z-indexes are the shared fixtures
Tests/fixtures/stack-*.json (test_fixtures.py)."""

from __future__ import annotations

import ctypes

import pytest
from conftest import requires

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T
from cvlayout.geometry import IDENTITY, scale

needs_stack = requires("cvl_stack_layout_create", "cvl_stack_layout_set_config", "cvl_stack_config_default")


@needs_stack
def test_defaults_properties_transforms_and_hidden_cards():
    assert cvlayout.StackLayout.defaults() == {
        "item_size": (300.0, 400.0), "visible_count": 3, "offset": 12.0, "scale_step": 0.05, "alpha_step": 0.2,
        "content_insets": (0.0, 0.0, 0.0, 0.0)}
    # 200 x 100 cards, 2 shown, 30 apart, insets 10 (every side) in 300: x = 10 + (300 - 20 - 200) / 2 = 50.
    layout = cvlayout.StackLayout(item_size=(200, 100), visible_count=2, offset=30, scale_step=0.25,
                                  alpha_step=0.5, content_insets=10)
    with cvlayout.CollectionView(layout, [1, 2], bounds_size=(300, 500)) as view:
        assert view.layout.layout_type == "stack"
        assert layout.visible_count == 2 and layout.item_size == (200.0, 100.0)
        assert layout.content_insets == (10.0, 10.0, 10.0, 10.0)
        shown = {a.index_path: a for a in view.all_attributes()}
        assert set(shown) == {(0, 0), (1, 0)}       # card 2, (1, 1), is hidden: not in a rect query
        top, second = shown[(0, 0)], shown[(1, 0)]
        assert (top.frame, top.transform, top.alpha, top.z_index) == ((50.0, 10.0, 200.0, 100.0), IDENTITY, 1.0, 2)
        assert (second.frame, second.alpha, second.z_index) == ((50.0, 40.0, 200.0, 100.0), 0.5, 1)
        assert second.transform == pytest.approx(scale(0.75, 0.75))
        hidden = view.attributes_for_item((1, 1))
        assert hidden.hidden and hidden.alpha == 0 and hidden.z_index == 0 and hidden.frame == second.frame
        # 10 + 100 + (2 - 1) * 30 + 10
        assert view.content_size == (300.0, 150.0)
        # Card 1 is drawn at 0.75 about (150, 90): y 52.5 ... 127.5; card 0 over it down to y 110.
        assert view.index_path_at((150, 100)) == (0, 0)
        assert view.index_path_at((150, 120)) == (1, 0)
        assert view.index_path_at((150, 135)) is None     # in card 1's frame, outside its shape
        # The view follows a property at once: 3 shown, card 2 at y = 10 + 2 * 30, alpha 1 - 2 * 0.5 = 0.
        layout.visible_count = 3
        assert layout.config["visible_count"] == 3 and layout.offset == 30.0
        third = view.attributes_for_item((1, 1))
        assert not third.hidden and third.frame == (50.0, 70.0, 200.0, 100.0) and third.alpha == 0.0


@needs_stack
@pytest.mark.parametrize("props", [{"visible_count": 0}, {"visible_count": 65}, {"offset": -1},
                                   {"scale_step": float("nan")}, {"scale_step": 0.5}, {"alpha_step": 1.5},
                                   {"item_size": (300, -1)}, {"content_insets": (0, 0, float("inf"), 0)}])
def test_errors_change_nothing(props):
    with cvlayout.StackLayout(offset=20) as layout:
        before = layout.config
        good = {"alpha_step": 0.1} if "alpha_step" not in props else {"offset": 5.0}
        with pytest.raises(cvlayout.InvalidArgument, match=next(iter(props)).split("_")[0]):
            layout.configure(**good, **props)     # a good value beside the bad one: all or nothing
        assert layout.config == before


@needs_stack
def test_unknown_property_and_flow_functions_are_refused():
    with cvlayout.StackLayout() as layout:
        with pytest.raises(TypeError, match="columns"):
            layout.configure(columns=3)
        with pytest.raises(cvlayout.InvalidArgument, match="flow"):
            _lib.cvl_flow_layout_get_config(layout.handle, ctypes.byref(T.cvl_flow_config()))


@needs_stack
def test_huge_counts():
    # 2^40 items: nothing per item; the last card is hidden at card 2's place, (390 - 300) / 2 = 45.
    n = T.MAX_ITEMS
    with cvlayout.CollectionView(cvlayout.StackLayout(), [n], bounds_size=(390, 844)) as view:
        assert view.content_size == (390.0, 424.0)
        last = view.attributes_for_item((0, n - 1))
        assert last.hidden and last.frame == (45.0, 24.0, 300.0, 400.0)
        assert [a.index_path for a in view.visible_attributes()] == [(0, 2), (0, 1), (0, 0)]   # draw order
