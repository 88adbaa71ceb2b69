"""The argument rules at the C boundary (the core's ArgumentRules.swift, one function a rule): each
bad argument gets its status and its exact message, before the layout cycle runs (a pending
invalidation stays pending: the delegate is not asked) and with nothing changed."""

from __future__ import annotations

import ctypes
import math

import pytest
from conftest import needs_flow

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T

pytestmark = needs_flow

NAN, INF = math.nan, math.inf


@pytest.fixture
def stale_view():
    """A flow view whose layout is invalidated, and the list of sizes the delegate was asked."""
    asked: list[tuple[int, int]] = []

    def size(section, item):
        asked.append((section, item))
        return (100, 100)

    layout = cvlayout.FlowLayout(size_for_item=size)
    view = cvlayout.CollectionView(layout, [6, 4], bounds_size=(320, 480), content_offset=(0, 10))
    view.all_attributes()
    view.invalidate("delegate_metrics")
    asked.clear()
    yield view, asked
    view.close()
    layout.close()


def _count() -> ctypes.c_size_t:
    return ctypes.c_size_t()


def _ip(section: int, item: int) -> T.cvl_index_path:
    return T.cvl_index_path(section, item)


TOP = T.SCROLL_POSITION_TOP
CALLS = {
    "rect nan": (lambda h: _lib.cvl_view_attributes_in_rect(h, T.cvl_rect(NAN, 0, 10, 10), None, 0,
                                                            ctypes.byref(_count())),
                 cvlayout.InvalidArgument, "rect (nan, 0.0, 10.0, 10.0) must be finite"),
    "rect negative": (lambda h: _lib.cvl_view_attributes_in_rect(h, T.cvl_rect(0, 0, -1, 10), None, 0,
                                                                 ctypes.byref(_count())),
                      cvlayout.InvalidArgument, "rect has a negative size -1.0x10.0"),
    "point": (lambda h: _lib.cvl_view_index_path_at_point(h, T.cvl_point(NAN, 0), ctypes.byref(T.cvl_index_path()),
                                                          ctypes.byref(ctypes.c_int())),
              cvlayout.InvalidArgument, "point (nan, 0.0) must be finite"),
    "proposed offset": (lambda h: _lib.cvl_view_target_content_offset(h, T.cvl_point(INF, 0), T.cvl_point(0, 0),
                                                                      ctypes.byref(T.cvl_point())),
                        cvlayout.InvalidArgument, "proposed offset (inf, 0.0) must be finite"),
    "velocity": (lambda h: _lib.cvl_view_target_content_offset(h, T.cvl_point(0, 0), T.cvl_point(0, -INF),
                                                               ctypes.byref(T.cvl_point())),
                 cvlayout.InvalidArgument, "velocity (0.0, -inf) must be finite"),
    "content offset": (lambda h: _lib.cvl_view_set_content_offset(h, T.cvl_point(0, NAN)),
                       cvlayout.InvalidArgument, "content offset (0.0, nan) must be finite"),
    "anchor point": (lambda h: _lib.cvl_view_set_anchoring(h, T.ANCHOR_NEAREST_POINT, T.cvl_point(INF, 0)),
                     cvlayout.InvalidArgument, "anchor point (inf, 0.0) must be finite"),
    "cell": (lambda h: _lib.cvl_view_attributes_for_item(h, _ip(-1, 0), ctypes.byref(T.cvl_attributes()),
                                                         ctypes.byref(ctypes.c_int())),
             cvlayout.OutOfRange, "index path (-1, 0) has a negative component"),
    "header": (lambda h: _lib.cvl_view_attributes_for_element(h, T.CATEGORY_SUPPLEMENTARY, T.KIND_HEADER, _ip(0, -2),
                                                              ctypes.byref(T.cvl_attributes()),
                                                              ctypes.byref(ctypes.c_int())),
               cvlayout.OutOfRange, "index path (0, -2) has a negative component"),
    "scroll": (lambda h: _lib.cvl_view_scroll_to_item(h, _ip(0, -1), TOP, None),
               cvlayout.OutOfRange, "index path (0, -1) has a negative component"),
    "scroll animated": (lambda h: _lib.cvl_view_scroll_to_item_animated(h, _ip(-3, 1), TOP, None, None),
                        cvlayout.OutOfRange, "index path (-3, 1) has a negative component"),
    "invalidate items": (lambda h: _lib.cvl_view_invalidate_layout(
                             h, T.INVALIDATE_LAYOUT_ATTRIBUTES, (T.cvl_index_path * 2)(_ip(0, 1), _ip(0, -1)), 2),
                         cvlayout.OutOfRange, "items[1] (0, -1) has a negative component"),
    "item identifier": (lambda h: _lib.cvl_view_item_identifier(h, _ip(-1, -1), ctypes.byref(ctypes.c_uint64()),
                                                                ctypes.byref(ctypes.c_int())),
                        cvlayout.OutOfRange, "index path (-1, -1) has a negative component"),
    "measure for scroll": (lambda h: _lib.cvl_view_items_to_measure_for_scroll(h, _ip(0, -1), TOP, None, 0,
                                                                               ctypes.byref(_count())),
                           cvlayout.OutOfRange, "index path (0, -1) has a negative component"),
    "measure rect": (lambda h: _lib.cvl_view_items_to_measure(h, T.cvl_rect(0, NAN, 10, 10), None, 0,
                                                              ctypes.byref(_count())),
                     cvlayout.InvalidArgument, "rect (0.0, nan, 10.0, 10.0) must be finite"),
}


@pytest.mark.parametrize("name", CALLS)
def test_bad_argument_fails_before_the_layout_cycle(stale_view, name):
    view, asked = stale_view
    call, error, message = CALLS[name]
    offset, anchoring = view.content_offset, view.anchoring
    with pytest.raises(error) as info:
        call(view.handle)
    assert info.value.message == message
    assert asked == []                         # the pending cycle did not run
    assert (view.content_offset, view.anchoring) == (offset, anchoring)
    view.all_attributes()
    assert len(asked) == 10                    # it was still pending


def test_item_frame_index_path_rule():
    with cvlayout.FlowLayout() as layout, cvlayout.CollectionView(layout, [3], bounds_size=(320, 480)) as view:
        view.all_attributes()
        with pytest.raises(cvlayout.OutOfRange) as info:
            _lib.cvl_flow_layout_item_frame(layout.handle, _ip(0, -1), ctypes.byref(T.cvl_rect()))
        assert info.value.message == "index path (0, -1) has a negative component"


def test_a_negative_measure_rect_is_allowed():
    """cvl_view_items_to_measure asks only for a finite rect (the header): a negative size finds nothing."""
    with cvlayout.FlowLayout(estimated_item_size=(100, 40)) as layout, \
            cvlayout.CollectionView(layout, [3], bounds_size=(320, 480)) as view:
        n = _count()
        _lib.cvl_view_items_to_measure(view.handle, T.cvl_rect(0, 0, -10, 100), None, 0, ctypes.byref(n))
        assert n.value == 0
        _lib.cvl_view_items_to_measure(view.handle, T.cvl_rect(0, 0, 320, 30), None, 0, ctypes.byref(n))
        assert n.value == 3


def _transform(m11: float = 1.0) -> T.cvl_transform3d:
    t = T.cvl_transform3d()
    t.m11, t.m22, t.m33, t.m44 = m11, 1.0, 1.0, 1.0
    return t


def _animation() -> T.cvl_animation:
    a = T.cvl_animation()
    _lib.cvl_animation_default(ctypes.byref(a))
    return a


NUMBER_CALLS = {
    "elapsed": (lambda: _lib.cvl_animation_progress(ctypes.byref(_animation()), NAN, ctypes.byref(ctypes.c_double())),
                "elapsed time must be finite"),
    "t": (lambda: _lib.cvl_transform3d_interpolate(ctypes.byref(_transform()), ctypes.byref(_transform()), INF,
                                                   ctypes.byref(T.cvl_transform3d())),
          "t must be finite"),
    "transforms": (lambda: _lib.cvl_transform3d_interpolate_rotation(
                       ctypes.byref(_transform(NAN)), ctypes.byref(_transform()), 0.5, T.ROTATION_CSS,
                       ctypes.byref(T.cvl_transform3d())),
                   "transforms must be finite"),
}


@pytest.mark.parametrize("name", NUMBER_CALLS)
def test_number_rules_of_the_animation_functions(name):
    call, message = NUMBER_CALLS[name]
    with pytest.raises(cvlayout.InvalidArgument) as info:
        call()
    assert info.value.message == message
