"""Error paths seen from Python: every failure raises the right CvlError subclass, callbacks
that raise are chained, capacity protocol, closed and stale handles, and nothing changes after
a failed call."""

from __future__ import annotations

import ctypes
import math

import pytest
from conftest import GridLayout, needs_flow, requires, snapshot

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T

BAD_NUMBERS = [math.nan, math.inf, -math.inf]


# --- numbers --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(math.nan, 10), (10, math.inf), (-1, 10), (10, -0.5)])
def test_bad_bounds_size_is_invalid_argument_and_changes_nothing(grid_view, size):
    before = snapshot(grid_view)
    with pytest.raises(cvlayout.InvalidArgument) as info:
        grid_view.bounds_size = size
    assert info.value.status == 2 and info.value.message
    assert snapshot(grid_view) == before


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_non_finite_content_offset(grid_view, bad):
    before = snapshot(grid_view)
    with pytest.raises(cvlayout.InvalidArgument):
        grid_view.content_offset = (bad, 0)
    assert snapshot(grid_view) == before


def test_negative_content_offset_is_allowed(grid_view):
    grid_view.content_offset = (-10, -20)
    assert grid_view.content_offset == (-10.0, -20.0)


@pytest.mark.parametrize("size", [(math.nan, 60), (60, math.inf), (-60, 60)])
def test_circle_item_size_validated(size):
    with cvlayout.CircleLayout() as layout, cvlayout.CollectionView(layout, [6], bounds_size=(320, 480)) as view:
        before = snapshot(view)
        with pytest.raises(cvlayout.InvalidArgument):
            layout.item_size = size
        assert layout.item_size == (60.0, 60.0)
        assert snapshot(view) == before


@pytest.mark.parametrize("value", [-1.0, math.nan, math.inf])
def test_mosaic_config_validated(value):
    with cvlayout.MosaicLayout() as layout:
        before = layout.config
        with pytest.raises(cvlayout.InvalidArgument):
            layout.padding = value
        assert layout.config == before


@needs_flow
@pytest.mark.parametrize("props", [
    {"item_size": (math.nan, 50)}, {"item_size": (50, -1)}, {"item_size": (math.inf, 50)},
    {"minimum_interitem_spacing": -1}, {"minimum_interitem_spacing": math.nan}, {"minimum_line_spacing": math.inf},
    {"section_inset": (0, math.nan, 0, 0)}, {"header_reference_size": (-5, 10)}, {"scroll_direction": 7},
    {"footer_reference_size": (0, math.inf)},
])
def test_flow_config_validated(survey_flow, props):
    with cvlayout.CollectionView(survey_flow, [6, 4], bounds_size=(768, 1024)) as view:
        before, config = snapshot(view), survey_flow.config
        with pytest.raises(cvlayout.InvalidArgument):
            survey_flow.configure(**props)
        assert survey_flow.config == config
        assert snapshot(view) == before


@needs_flow
def test_flow_config_negative_line_spacing_is_allowed(survey_flow):
    survey_flow.minimum_line_spacing = -60
    assert survey_flow.minimum_line_spacing == -60


@needs_flow
def test_unknown_scroll_direction_name():
    with cvlayout.FlowLayout() as layout:
        with pytest.raises(cvlayout.InvalidArgument, match="diagonal"):
            layout.scroll_direction = "diagonal"
        assert layout.scroll_direction == "vertical"


@requires("cvl_flow_layout_set_item_sizes")
@pytest.mark.parametrize("sizes", [[(10, 10), (math.nan, 10)], [(10, -10)], [(math.inf, 1)]])
def test_bulk_sizes_validated(survey_flow, sizes):
    with cvlayout.CollectionView(survey_flow, [2, 1], bounds_size=(768, 1024)) as view:
        before = snapshot(view)
        with pytest.raises(cvlayout.InvalidArgument):
            survey_flow.set_item_sizes(0, sizes)
        assert snapshot(view) == before


@requires("cvl_flow_layout_set_item_sizes")
def test_bulk_sizes_count_mismatch_fails_the_query_not_the_process(survey_flow):
    survey_flow.set_item_sizes(0, [(10, 10)] * 3)
    with cvlayout.CollectionView(survey_flow, [2], bounds_size=(768, 1024)) as view:
        with pytest.raises(cvlayout.InvalidArgument):
            view.content_size
        survey_flow.set_item_sizes(0, None)
        assert view.content_size[0] == 768


def test_negative_section_for_bulk_sizes_python_shape_errors(survey_flow=None):
    from cvlayout.flow import size_array
    with pytest.raises(cvlayout.InvalidArgument):
        size_array([(1, 2, 3)])
    with pytest.raises(cvlayout.InvalidArgument):
        size_array([(1, "x")])
    arr, n = size_array([(1, 2), (3, 4)])
    assert n == 2 and (arr[1].width, arr[1].height) == (3.0, 4.0)


def test_time_must_be_finite_and_non_decreasing(grid_view):
    grid_view.set_time(5.0)
    for bad in (math.nan, math.inf, 4.0):
        with pytest.raises(cvlayout.InvalidArgument):
            grid_view.set_time(bad)
    assert grid_view.time == 5.0


@pytest.mark.parametrize("anim", [cvlayout.Animation(duration=-1), cvlayout.Animation(duration=math.nan),
                                  cvlayout.Animation(delay=-0.1),
                                  cvlayout.Animation.cubic_bezier(1.5, 0, 0.5, 1)])
def test_bad_animations(anim):
    with pytest.raises(cvlayout.InvalidArgument):
        anim.total_duration


def test_unknown_curve_is_rejected_when_the_animation_is_built():
    with pytest.raises(cvlayout.InvalidArgument, match=r"unknown curve 'easeInOut'; valid: linear, ease_in, "
                                                       r"ease_out, ease_in_out, cubic_bezier, spring"):
        cvlayout.Animation(curve="easeInOut")
    with pytest.raises(cvlayout.InvalidArgument, match="unknown curve 42"):
        cvlayout.Animation(curve=42)
    assert cvlayout.Animation(curve=cvlayout.Curve.SPRING).curve == "spring"
    # the library rejects an unknown value too (a C caller has no enum)
    raw = cvlayout.Animation().to_struct()
    raw.curve = 42
    with pytest.raises(cvlayout.InvalidArgument):
        _lib.cvl_animation_total_duration(ctypes.byref(raw), ctypes.byref(ctypes.c_double()))


# --- index paths ----------------------------------------------------------------------------
@pytest.mark.parametrize("ip", [(0, 5), (1, 3), (2, 0), (-1, 0), (0, -1), (99, 99)])
def test_bad_index_paths(grid_view, ip):
    before = snapshot(grid_view)
    with pytest.raises(cvlayout.OutOfRange) as info:
        grid_view.attributes_for_item(ip)
    assert isinstance(info.value, IndexError)
    with pytest.raises(cvlayout.OutOfRange):
        grid_view.scroll_to_item(ip)
    with pytest.raises(cvlayout.OutOfRange):
        grid_view.invalidate("layout_attributes", items=[ip])
    assert snapshot(grid_view) == before


def test_bad_section(grid_view):
    with pytest.raises(cvlayout.OutOfRange):
        grid_view.number_of_items(2)
    with pytest.raises(cvlayout.OutOfRange):
        grid_view.attributes_for_supplementary("header", (7, 0))


def test_unknown_invalidation_and_flag_bits(grid_view):
    with pytest.raises(cvlayout.InvalidArgument):
        grid_view.invalidate("some")
    with pytest.raises(cvlayout.InvalidArgument):
        grid_view.invalidate(1 << 10)


def test_unknown_scroll_position(grid_view):
    with pytest.raises(cvlayout.InvalidArgument):
        grid_view.scroll_to_item((0, 0), "middle")
    with pytest.raises(cvlayout.InvalidArgument):  # two vertical positions
        grid_view.scroll_to_item((0, 0), "top|bottom")


# --- callbacks ------------------------------------------------------------------------------
class Boom(Exception):
    pass


def test_data_source_raising_is_chained():
    def items(section):
        raise Boom("no data")
    with GridLayout() as layout:
        with pytest.raises(cvlayout.CallbackError) as info:
            cvlayout.CollectionView(layout, data_source=items, sections=2)
        assert isinstance(info.value.__cause__, Boom)
        assert "no data" in info.value.message
        # The layout is still free: a failed create attached nothing.
        with cvlayout.CollectionView(layout, [1]) as view:
            assert view.counts == [1]


@pytest.mark.parametrize("answer", [-1, -(2**40)])
def test_data_source_negative_count(answer):
    with GridLayout() as layout:
        with pytest.raises(cvlayout.CallbackError) as info:
            cvlayout.CollectionView(layout, data_source=lambda s: answer)
        assert info.value.__cause__ is None


def test_data_source_too_many_items():
    with GridLayout() as layout:
        with pytest.raises(cvlayout.CvlError) as info:
            cvlayout.CollectionView(layout, data_source=lambda s: 2**40, sections=2)
        assert info.value.status in (6, 9)


def test_data_source_wrong_type_is_chained():
    with GridLayout() as layout:
        with pytest.raises(cvlayout.CallbackError) as info:
            cvlayout.CollectionView(layout, data_source=lambda s: "three")
        assert isinstance(info.value.__cause__, TypeError)


def test_layout_callback_raising_is_chained_and_view_recovers(grid_view):
    layout = grid_view.layout
    before = snapshot(grid_view)
    layout.fail = True

    def broken(env, rect):
        raise Boom("layout broke")
    layout.attributes_in_rect = broken  # instance attribute shadows the method for the adapter
    with pytest.raises(cvlayout.CallbackError) as info:
        grid_view.attributes_in_rect((0, 0, 100, 100))
    assert isinstance(info.value.__cause__, Boom)
    del layout.attributes_in_rect
    assert snapshot(grid_view) == before


def test_content_size_raising(grid_view):
    layout = grid_view.layout
    layout.content_size = lambda env: (_ for _ in ()).throw(ZeroDivisionError("x"))
    grid_view.invalidate()
    with pytest.raises(cvlayout.CallbackError) as info:
        grid_view.content_size
    assert isinstance(info.value.__cause__, ZeroDivisionError)


@pytest.mark.parametrize("bad", [(math.nan, 1), (-1, 1), (1, math.inf)])
def test_layout_callback_invalid_data(grid_view, bad):
    grid_view.layout.content_size = lambda env: bad
    grid_view.invalidate()
    with pytest.raises(cvlayout.CallbackError):
        grid_view.content_size


def test_layout_callback_cell_outside_counts(grid_view):
    grid_view.layout.attributes_in_rect = lambda env, rect: [cvlayout.Attributes.cell((0, 99), (0, 0, 10, 10))]
    with pytest.raises(cvlayout.CallbackError):
        grid_view.attributes_in_rect((0, 0, 100, 100))


def test_reentrant_call_from_callback_is_state_error(grid_view):
    def reenter(env, rect):
        grid_view.content_size  # calls back into the view that is calling us
        return []
    grid_view.layout.attributes_in_rect = reenter
    with pytest.raises(cvlayout.CallbackError) as info:
        grid_view.attributes_in_rect((0, 0, 100, 100))
    assert isinstance(info.value.__cause__, cvlayout.StateError)


def test_no_stale_exception_after_success(grid_view):
    # A callback error, then a different failure: the second must not be chained to the first.
    grid_view.layout.attributes_in_rect = lambda env, rect: 1 / 0
    with pytest.raises(cvlayout.CallbackError):
        grid_view.attributes_in_rect((0, 0, 10, 10))
    with pytest.raises(cvlayout.OutOfRange) as info:
        grid_view.attributes_for_item((9, 9))
    assert info.value.__cause__ is None


# --- the capacity protocol ------------------------------------------------------------------
def test_capacity_protocol(grid_view):
    rect = T.cvl_rect(0, 0, 100, 400)   # 8 cells
    count = ctypes.c_size_t()
    _lib.cvl_view_attributes_in_rect(grid_view.handle, rect, None, 0, ctypes.byref(count))
    assert count.value == 8 == grid_view.count_in_rect((0, 0, 100, 400))
    buf = (T.cvl_attributes * 3)()
    for a in buf:
        a.alpha = 42.0
    count.value = 0
    with pytest.raises(cvlayout.CapacityError) as info:
        _lib.cvl_view_attributes_in_rect(grid_view.handle, rect, buf, 3, ctypes.byref(count))
    assert info.value.needed == 8 == count.value
    assert all(a.alpha == 42.0 for a in buf)  # nothing written
    buf = (T.cvl_attributes * 8)()
    _lib.cvl_view_attributes_in_rect(grid_view.handle, rect, buf, 8, ctypes.byref(count))
    assert count.value == 8 and buf[7].index_path.section == 1


def test_python_query_grows_its_buffer():
    with cvlayout.CollectionView(GridLayout(size=1), [1000, 500], bounds_size=(1, 1)) as view:
        assert len(view.all_attributes()) == 1500
        assert view._capacity >= 1500


def test_custom_layout_returning_more_than_capacity(grid_view):
    # The library's first buffer for a callback is finite; the adapter answers CVL_ERROR_CAPACITY
    # and the library calls again with a larger one.
    layout = grid_view.layout
    many = [cvlayout.Attributes.decoration(layout.register_kind("dot"), (0, 0), (i, 0, 1, 1)) for i in range(5000)]
    layout.attributes_in_rect = lambda env, rect: many
    got = grid_view.attributes_in_rect((0, 0, 5000, 1))
    assert len(got) == 5000 and got[0].kind_name == "dot"


def test_null_arguments():
    with GridLayout() as layout, cvlayout.CollectionView(layout, [1]) as view:
        with pytest.raises(cvlayout.NullArgument):
            _lib.cvl_view_content_size(view.handle, None)
        with pytest.raises(cvlayout.NullArgument):
            _lib.cvl_view_create(None, layout.handle, ctypes.byref(T.ViewHandle()))


# --- handles --------------------------------------------------------------------------------
def test_closed_view_raises_and_close_is_idempotent(grid_view):
    grid_view.close()
    grid_view.close()
    assert grid_view.closed
    for op in (lambda: grid_view.content_size, lambda: grid_view.visible_attributes(),
               lambda: grid_view.attributes_for_item((0, 0)), lambda: setattr(grid_view, "bounds_size", (1, 1))):
        with pytest.raises(cvlayout.InvalidHandle, match="closed"):
            op()


def test_stale_handles_are_detected_by_the_library():
    layout = GridLayout()
    view = cvlayout.CollectionView(layout, [2])
    raw_view, raw_layout = view.handle, layout.handle
    view.close()
    layout.close()
    with pytest.raises(cvlayout.InvalidHandle):
        _lib.cvl_view_content_size(raw_view, ctypes.byref(T.cvl_size()))
    with pytest.raises(cvlayout.InvalidHandle):
        _lib.cvl_layout_get_type(raw_layout, ctypes.byref(ctypes.c_int32()))
    with pytest.raises(cvlayout.InvalidHandle):
        _lib.cvl_layout_destroy(raw_layout)


def test_foreign_handle_is_invalid_handle(grid_view):
    as_layout = ctypes.cast(grid_view.handle, T.LayoutHandle)
    with pytest.raises(cvlayout.InvalidHandle):
        _lib.cvl_layout_get_type(as_layout, ctypes.byref(ctypes.c_int32()))


def test_wrong_layout_type_for_a_function():
    with cvlayout.CircleLayout() as circle:
        with pytest.raises((cvlayout.InvalidHandle, cvlayout.InvalidArgument)):
            _lib.cvl_mosaic_layout_get_config(circle.handle, ctypes.byref(T.cvl_mosaic_config()))


def test_layout_closed_while_attached_keeps_working():
    layout = GridLayout()
    view = cvlayout.CollectionView(layout, [4], bounds_size=(50, 100))
    layout.close()
    with pytest.raises(cvlayout.InvalidHandle):
        layout.layout_type
    assert len(view.all_attributes()) == 4  # the view keeps the layout and its callbacks
    view.close()


def test_layout_attached_to_two_views_is_state_error():
    with GridLayout() as layout, cvlayout.CollectionView(layout, [1]):
        with pytest.raises(cvlayout.StateError):
            cvlayout.CollectionView(layout, [1])


def test_failed_init_does_not_break_del():
    with pytest.raises(cvlayout.InvalidArgument):
        cvlayout.CircleLayout(item_size=(-1, -1))
    import gc
    gc.collect()


def test_error_classes():
    e = cvlayout.CvlError(7, "bad")
    assert (e.status, e.message, str(e)) == (7, "bad", "bad")
    from cvlayout.errors import error_for_status
    assert type(error_for_status(5)) is cvlayout.CapacityError
    assert type(error_for_status(99, "x")) is cvlayout.CvlError
    assert issubclass(cvlayout.InvalidArgument, ValueError) and issubclass(cvlayout.OutOfRange, IndexError)


def test_a_cell_that_does_not_exist_is_reported_from_a_custom_layout(grid_view):
    # grid_view has counts [5, 3]: item (0, 5) does not exist.
    layout = grid_view.layout
    layout.attributes_in_rect = lambda env, rect: [cvlayout.Attributes.cell((0, 5), (0, 0, 10, 10))]
    with pytest.raises(cvlayout.CallbackError, match=r"does not exist"):
        grid_view.attributes_in_rect((0, 0, 100, 100))
    del layout.attributes_in_rect
    assert len(grid_view.attributes_in_rect((0, 0, 100, 100))) == 2


@needs_flow
def test_a_cell_that_does_not_exist_is_reported_from_a_flow_hook():
    # A plain flow layout's own output is trusted (not re-checked per element); once a rect hook
    # is installed, what the hook returns is checked again.
    class Extra(cvlayout.FlowLayout):
        def adjust_attributes_in_rect(self, env, rect, attributes):
            return attributes + [cvlayout.Attributes.cell((0, 2), (0, 0, 10, 10))]
    with cvlayout.CollectionView(Extra(item_size=(10, 10)), [2], bounds_size=(100, 100)) as view:
        with pytest.raises(cvlayout.CallbackError, match=r"does not exist"):
            view.visible_attributes()


@needs_flow
def test_threads_sharing_one_view_take_turns():
    # ctypes releases the GIL during each call, so these threads really do call the library at
    # the same time; the library lock serializes them. Every answer must be the one a single
    # thread would get (no torn state), and nothing may crash.
    import threading
    layout = cvlayout.FlowLayout(item_size=(50, 50), minimum_line_spacing=10, minimum_interitem_spacing=10)
    with cvlayout.CollectionView(layout, [10_000], bounds_size=(300, 400)) as view:
        expected = {y: [a.frame for a in view.attributes_in_rect((0, y, 300, 400))] for y in (0, 600, 6000)}
        errors = []

        def reader():
            try:
                for k in range(300):
                    y = (0, 600, 6000)[k % 3]
                    got = [a.frame for a in view.attributes_in_rect((0, y, 300, 400))]
                    if got != expected[y]:
                        errors.append(("frames differ", y))
            except Exception as exc:  # noqa: BLE001
                errors.append(exc)

        def writer():
            try:
                for k in range(300):
                    view.content_offset = (0.0, float(k % 50) * 10)
                    view.invalidate()
            except Exception as exc:  # noqa: BLE001
                errors.append(exc)
        threads = [threading.Thread(target=reader) for _ in range(3)] + [threading.Thread(target=writer)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
