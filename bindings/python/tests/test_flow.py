"""The flow layout and its seed subclasses, with the seeds' numbers."""

from __future__ import annotations

import ctypes
import math

import pytest
from conftest import SURVEY_FIXTURE, layout_props, load_fixture, needs_flow, needs_survey, requires

import cvlayout
from cvlayout import Attributes
from cvlayout.geometry import rect_integral

pytestmark = needs_flow

SURVEY = layout_props(load_fixture(SURVEY_FIXTURE))   # insets 30/80/30/20, spacings 20, items 200, header 70


def by_key(items):
    return {(a.category, a.kind, a.index_path): a for a in items}


def cells(view):
    return {a.index_path: a.frame for a in view.all_attributes() if a.is_cell}


@requires("cvl_flow_config_default")
def test_uikit_defaults():
    assert cvlayout.FlowLayout.defaults() == {
        "scroll_direction": "vertical", "item_size": (50.0, 50.0), "minimum_line_spacing": 10.0,
        "minimum_interitem_spacing": 10.0, "section_inset": (0.0, 0.0, 0.0, 0.0),
        "header_reference_size": (0.0, 0.0), "footer_reference_size": (0.0, 0.0), "pin_headers": False,
        "pin_footers": False, "line_alignment": "justified", "last_line_alignment": "automatic",
        "item_alignment": "center"}
    with cvlayout.FlowLayout() as layout:
        assert layout.config == cvlayout.FlowLayout.defaults()
        assert layout.layout_type == "flow"


def test_properties_round_trip():
    with cvlayout.FlowLayout(**SURVEY, scroll_direction="horizontal", pin_headers=True) as layout:
        assert layout.section_inset == tuple(map(float, SURVEY["section_inset"]))
        assert layout.scroll_direction == "horizontal" and layout.pin_headers is True
        layout.item_size = (10, 20)
        layout.section_inset = 5
        assert layout.item_size == (10.0, 20.0) and layout.section_inset == (5.0,) * 4
        with pytest.raises(TypeError):
            layout.configure(no_such_property=1)


@pytest.mark.parametrize("name", [SURVEY_FIXTURE, "flow-horizontal"])
def test_single_element_queries_match_the_fixture(name):
    """The shared fixture's frames (worked by hand in its notes; every suite checks them with a rect
    query) asked one element at a time: the view's single-element queries and the flow's frames."""
    fixture = load_fixture(name)
    spec, expected = fixture["spec"], fixture["expected"]
    counts = [s["count"] for s in spec["sections"]]
    viewport = (spec["viewport"]["width"], spec["viewport"]["height"])
    with cvlayout.FlowLayout(**layout_props(fixture)) as layout, \
            cvlayout.CollectionView(layout, counts, bounds_size=viewport) as view:
        assert view.content_size == tuple(expected["content_size"])
        for e in expected["elements"]:
            ip, frame = tuple(e["index_path"]), tuple(map(float, e["frame"]))
            if e["category"] == "cell":
                assert view.attributes_for_item(ip).frame == frame
                assert layout.item_frame(ip) == frame
            else:
                header = view.attributes_for_supplementary("header", ip)
                assert header.kind_name == "header" and header.frame == frame
        assert view.attributes_for_supplementary("footer", (0, 0)) is None
        # Section 0 runs from the origin to section 1's header, across the whole width (height).
        header1 = next(e["frame"] for e in expected["elements"] if e["index_path"] == [1, 0] and "kind" in e)
        along = 1 if layout.scroll_direction == "vertical" else 0
        section0 = layout.section_frame(0)
        assert section0[:2] == (0.0, 0.0) and section0[2 + along] == header1[along]
        assert section0[3 - along] == viewport[1 - along]


def test_changing_properties_and_bounds_relayouts(survey_flow):
    with cvlayout.CollectionView(survey_flow, [6], bounds_size=(768, 1024)) as view:
        survey_flow.minimum_line_spacing = 40
        assert cells(view)[(0, 3)][1] == 340.0
        view.bounds_size = (560, 1024)         # 80 + 2 * 200 + 20 + 20 = 520: two per line
        f = cells(view)
        assert f[(0, 2)] == (80.0, 340.0, 200.0, 200.0)
        view.content_offset = (0, 300)         # scrolling alone does not change the layout
        assert cells(view) == f


def test_footers_and_per_section_delegate():
    layout = cvlayout.FlowLayout(item_size=(100, 50), minimum_line_spacing=10, minimum_interitem_spacing=10,
                                 footer_reference_size=(0, 20),
                                 inset_for_section=[(10, 10, 10, 10), (0, 0, 0, 0)],
                                 header_size_for_section=lambda s: (0, 30 * s),
                                 minimum_line_spacing_for_section=[10, 0])
    with cvlayout.CollectionView(layout, [3, 4], bounds_size=(230, 500)) as view:
        f = cells(view)
        # section 0: inset 10, two per line (10 + 100 + 10 + 100 + 10 = 230)
        assert f[(0, 0)] == (10.0, 10.0, 100.0, 50.0) and f[(0, 1)] == (120.0, 10.0, 100.0, 50.0)
        assert f[(0, 2)] == (10.0, 70.0, 100.0, 50.0)
        footer0 = view.attributes_for_supplementary("footer", (0, 0))
        assert footer0.frame == (0.0, 130.0, 230.0, 20.0)
        assert view.attributes_for_supplementary("header", (0, 0)) is None       # height 0: no header
        header1 = view.attributes_for_supplementary("header", (1, 0))
        assert header1.frame == (0.0, 150.0, 230.0, 30.0)
        assert f[(1, 0)][1] == 180.0 and f[(1, 2)][1] == 230.0                     # line spacing 0


def test_item_sizes_callable_bulk_and_mixed_last_line():
    sizes = [(50, 30), (80, 60), (40, 40), (100, 20), (30, 10)]
    calls = []

    def size(section, item):
        calls.append((section, item))
        return sizes[item]
    a = cvlayout.FlowLayout(minimum_interitem_spacing=10, minimum_line_spacing=10, size_for_item=size)
    b = cvlayout.FlowLayout(minimum_interitem_spacing=10, minimum_line_spacing=10, size_for_item=[sizes])
    with cvlayout.CollectionView(a, [5], bounds_size=(200, 400)) as va, \
            cvlayout.CollectionView(b, [5], bounds_size=(200, 400)) as vb:
        fa, fb = cells(va), cells(vb)
        assert fa == fb
        assert sorted(set(calls)) == [(0, i) for i in range(5)]
        # line 1: 50 + 80 + 40 = 170 + 2 * 10 = 190 <= 200; thickness 60, smaller items centred
        assert fa[(0, 0)][1] == 15.0 and fa[(0, 1)][1] == 0.0 and fa[(0, 2)][1] == 10.0
        # last line, mixed sizes: packed from the leading edge at the minimum spacing
        assert fa[(0, 3)][0] == 0.0 and fa[(0, 4)][0] == 110.0


def test_bulk_sizes_accept_any_sequence_and_buffers(survey_flow):
    import array
    flat = array.array("d", [10, 20, 30, 40])
    survey_flow.set_item_sizes(0, flat)              # a buffer of doubles: (10, 20), (30, 40)
    survey_flow.set_item_sizes(1, ((w, w) for w in (5, 6)))
    with cvlayout.CollectionView(survey_flow, [2, 2], bounds_size=(768, 1024)) as view:
        f = cells(view)
        assert f[(0, 1)][2:] == (30.0, 40.0) and f[(1, 1)][2:] == (6.0, 6.0)
        survey_flow.clear_item_sizes()
        assert cells(view)[(0, 1)][2:] == (200.0, 200.0)


def test_bulk_sizes_numpy():
    np = pytest.importorskip("numpy")
    with cvlayout.FlowLayout() as layout:
        layout.set_item_sizes(0, np.array([[10.0, 11.0], [12.0, 13.0]]))
        with cvlayout.CollectionView(layout, [2], bounds_size=(300, 300)) as view:
            assert cells(view)[(0, 1)][2:] == (12.0, 13.0)


def test_bulk_sizes_are_read_in_place_and_copied_by_the_library():
    # A writable buffer of doubles is handed over without a copy in Python (the ctypes array is a
    # view of it); a read-only one is copied. Either way the library keeps its own copy (later
    # writes to the buffer change nothing) and no export is left on the buffer (it can grow).
    import array
    from cvlayout.flow import size_array
    flat = array.array("d", [10, 20, 30, 40])
    arr, n = size_array(flat)
    assert n == 2 and ctypes.addressof(arr) == flat.buffer_info()[0]
    del arr
    with cvlayout.FlowLayout() as layout:
        layout.set_item_sizes(0, flat)
        flat[2] = 99.0                               # after the call: not seen by the library
        flat.extend([1.0, 2.0])                      # no export left: the buffer can grow
        with cvlayout.CollectionView(layout, [2], bounds_size=(300, 300)) as view:
            assert cells(view)[(0, 1)][2:] == (30.0, 40.0)
        frozen = memoryview(array.array("d", [7, 8, 9, 10])).toreadonly()
        arr, n = size_array(frozen)
        assert n == 2 and ctypes.addressof(arr) != frozen.obj.buffer_info()[0] and arr[1].width == 9.0
        layout.set_item_sizes(0, frozen)
        with cvlayout.CollectionView(layout, [2], bounds_size=(300, 300)) as view:
            assert cells(view)[(0, 1)][2:] == (9.0, 10.0)


def test_delegate_object():
    class Delegate:
        def size_for_item(self, section, item):
            return (10 + item, 10)

        def inset_for_section(self, section):
            return (1, 2, 3, 4)
    with cvlayout.CollectionView(cvlayout.FlowLayout(delegate=Delegate()), [3], bounds_size=(300, 300)) as view:
        f = cells(view)
        assert f[(0, 0)] == (2.0, 1.0, 10.0, 10.0) and f[(0, 2)][2] == 12.0
        view.layout.set_delegate()      # cleared: back to the properties
        assert cells(view)[(0, 0)] == (0.0, 0.0, 50.0, 50.0)


def test_delegate_raising_is_chained_and_invalid_answers_fail():
    with cvlayout.CollectionView(cvlayout.FlowLayout(size_for_item=lambda s, i: {}["x"]), [2],
                                 bounds_size=(100, 100)) as view:
        with pytest.raises(cvlayout.CallbackError) as info:
            view.content_size
        assert isinstance(info.value.__cause__, KeyError)
    for bad in [(math.nan, 1), (-1, 5)]:
        with cvlayout.CollectionView(cvlayout.FlowLayout(size_for_item=lambda s, i, b=bad: b), [2],
                                     bounds_size=(100, 100)) as view:
            with pytest.raises(cvlayout.CallbackError):
                view.content_size


def test_pinned_header_follows_the_offset(survey_flow):
    survey_flow.pin_headers = True
    with cvlayout.CollectionView(survey_flow, [6, 4], bounds_size=(768, 400), content_offset=(0, 200)) as view:
        header = [a for a in view.visible_attributes() if a.kind_name == "header" and a.index_path == (0, 0)]
        assert header and header[0].frame == (0.0, 200.0, 768.0, 70.0)


def test_scroll_to_item_and_index_path_at(survey_flow):
    with cvlayout.CollectionView(survey_flow, [6, 4], bounds_size=(768, 400)) as view:
        assert view.index_path_at((90, 110)) == (0, 0)
        assert view.index_path_at((300, 110)) is None            # in a gap
        assert view.scroll_to_item((1, 0), "top") == (0.0, 650.0)
        assert view.content_offset == (0.0, 650.0)
        assert view.scroll_to_item((1, 3), "bottom") == (0.0, 670.0)     # 870 + 200 - 400
        assert view.scroll_to_item((1, 3), "top") == (0.0, 700.0)        # clamped to 1100 - 400
        assert view.scroll_to_item((0, 3), "centered_vertically") == (0.0, 220.0)


# --- Listing 3.9 and the seed subclasses ---------------------------------------------------------
@requires("cvl_aspect_fit_size")
def test_aspect_fit_size():
    fit = cvlayout.aspect_fit_size
    assert fit((3000, 2000), (200, 200)) == pytest.approx((200, 200 / 1.5))
    assert fit((2000, 3000), (200, 200)) == pytest.approx((200 * 2 / 3, 200))
    assert fit((1000, 1000)) == (200.0, 200.0)
    with pytest.raises(cvlayout.InvalidArgument):
        fit((0, 100))


class PySurvey(cvlayout.FlowLayout):
    """AFCollectionViewFlowLayout (Furrow ch. 4, Listings 4.2-4.9) written with the flow hooks."""

    def __init__(self, **kw):
        super().__init__(**SURVEY, **kw)
        self.binder = self.register_kind("binder")
        self.inset = self.section_inset

    def recentre(self, env, a):                    # Listing 4.5
        if a.is_cell:
            width = env.bounds_size[0]             # collectionViewContentSize.width
            _, left, _, right = self.inset
            first = (width - (left + right)) / (2 * env.counts[a.index_path[0]])
            a.center = (left + first + 2 * first * a.index_path[1], a.center[1])
            a.frame = rect_integral(a.frame)

    def adjust_attributes_in_rect(self, env, rect, attributes):   # Listing 4.7
        extra = []
        for a in attributes:
            self.recentre(env, a)
            if a.category == "supplementary":
                extra.append(self.attributes_for_decoration(env, self.binder, a.index_path))
        return attributes + extra

    def adjust_attributes(self, env, attributes):                  # Listing 4.4
        self.recentre(env, attributes)

    def attributes_for_decoration(self, env, kind, index_path):    # Listing 4.8
        section = index_path[0]
        tallest = None
        for i in range(env.counts[section]):
            cell = Attributes.cell((section, i), self.item_frame((section, i)))
            self.recentre(env, cell)
            if tallest is None or cell.size[1] > tallest.size[1]:
                tallest = cell
        width = env.bounds_size[0]
        return Attributes.decoration(kind, index_path, center=(width / 2, tallest.center[1]),
                                     size=(width, tallest.size[1] + self.header_reference_size[1]), z_index=-1)


PHOTOS = [(3000, 2000), (2000, 3000), (1000, 1000), (4000, 3000), (1200, 1600), (1600, 900), (900, 1600)]


@needs_survey
@requires("cvl_aspect_fit_size")
@pytest.mark.parametrize("width", [768, 1024, 700])
def test_python_survey_hooks_match_the_builtin_survey_layout(width):
    sizes = [cvlayout.aspect_fit_size(p) for p in PHOTOS]
    per_section = [sizes[0:3], sizes[3:5], sizes[5:7]]

    def size(s, i):
        return per_section[s][i]
    py = PySurvey(size_for_item=size)
    builtin = cvlayout.SurveyLayout(size_for_item=size)
    assert builtin.layout_type == "survey" and py.binder == 3
    with cvlayout.CollectionView(py, [3, 2, 2], bounds_size=(width, 800)) as a, \
            cvlayout.CollectionView(builtin, [3, 2, 2], bounds_size=(width, 800)) as b:
        ea, eb = a.all_attributes(), b.all_attributes()
        assert [x.key for x in ea] == [x.key for x in eb]
        assert [x.frame for x in ea] == [x.frame for x in eb]
        assert [x.z_index for x in ea] == [x.z_index for x in eb]
        binders = [x for x in eb if x.kind_name == "binder"]
        assert len(binders) == 3 and all(x.z_index == -1 and x.category == "decoration" for x in binders)
        for ip in [(0, 1), (2, 1)]:
            assert a.attributes_for_item(ip) == b.attributes_for_item(ip)
        assert a.attributes_for_decoration("binder", (1, 0)).frame == b.attributes_for_decoration("binder",
                                                                                                   (1, 0)).frame


@needs_survey
def test_hooks_are_rejected_by_builtin_subclasses():
    class Bad(cvlayout.SurveyLayout):
        def adjust_attributes(self, env, attributes):
            pass
    with pytest.raises(cvlayout.InvalidArgument):
        Bad()


@needs_survey
def test_hook_raising_and_capacity_retry():
    class Many(cvlayout.FlowLayout):
        def __init__(self):
            super().__init__()
            self.register_kind("dot")

        def adjust_attributes_in_rect(self, env, rect, attributes):
            dot = self.register_kind("dot")        # cached: no call into the running view
            return attributes + [Attributes.decoration(dot, (0, 0), (i % 100, i // 100, 1, 1)) for i in range(3000)]
    with cvlayout.CollectionView(Many(), [2], bounds_size=(100, 100)) as view:
        got = view.all_attributes()
        assert len(got) == 3002 and sum(1 for x in got if x.kind_name == "dot") == 3000

    class Raising(cvlayout.FlowLayout):
        def adjust_attributes_in_rect(self, env, rect, attributes):
            raise RuntimeError("hook failed")
    with cvlayout.CollectionView(Raising(), [2], bounds_size=(100, 100)) as view:
        with pytest.raises(cvlayout.CallbackError) as info:
            view.visible_attributes()
        assert isinstance(info.value.__cause__, RuntimeError)


@requires("cvl_cover_flow_layout_create")
def test_cover_flow():
    layout = cvlayout.CoverFlowLayout(section_inset=(0, 190, 0, 190))
    assert layout.scroll_direction == "horizontal" and layout.item_size == (180.0, 180.0)
    assert layout.minimum_line_spacing == -60.0 and layout.minimum_interitem_spacing == 200.0
    with cvlayout.CollectionView(layout, [12], bounds_size=(568, 320)) as view:
        f = cells(view)
        assert f[(0, 1)][0] - f[(0, 0)][0] == 120.0                  # 180 - 60
        # centre item 4 in the viewport
        cx = f[(0, 4)][0] + 90
        view.content_offset = (cx - 284, 0)
        items = {a.index_path: a for a in view.visible_attributes() if a.is_cell}
        mid = items[(0, 4)]
        assert mid.z_index == 1 and mid.custom[0] == pytest.approx(0.0) and mid.custom[1] == 1.0
        far = items[(0, 1)]
        assert far.z_index == 0 and far.custom[0] == pytest.approx(0.6)
        assert mid.transform[11] == pytest.approx(-1 / (4.6777 * 180))      # m34 perspective
        assert view.target_content_offset((cx - 284 + 70, 0)) == pytest.approx((cx - 284 + 120, 0))
        assert view.target_content_offset((cx - 284 + 10, 0)) == pytest.approx((cx - 284, 0))


@requires("cvl_dimensions_layout_create", "cvl_dimensions_layout_set_mode_callback")
def test_dimensions_modes():
    layout = cvlayout.DimensionsLayout()
    assert layout.mode == "aspect_fit" and layout.item_size == (140.0, 140.0)
    assert layout.section_inset == (13.0,) * 4
    with cvlayout.CollectionView(layout, [4], bounds_size=(320, 480)) as view:
        assert {a.custom[0] for a in view.all_attributes() if a.is_cell} == {0.0}
        layout.mode = "aspect_fill"
        assert {a.custom[0] for a in view.all_attributes() if a.is_cell} == {1.0}
        layout.set_mode_for_item(lambda s, i: "aspect_fit" if i % 2 else "aspect_fill")
        assert [a.custom[0] for a in view.all_attributes() if a.is_cell] == [1.0, 0.0, 1.0, 0.0]
        layout.set_mode_for_item(lambda s, i: 5)
        with pytest.raises(cvlayout.CallbackError):
            view.all_attributes()
        with pytest.raises(cvlayout.InvalidArgument):
            layout.mode = "stretch"


@needs_flow
def test_raw_attributes_match_the_attribute_objects(survey_flow):
    with cvlayout.CollectionView(survey_flow, [7, 3], bounds_size=(768, 1024)) as view:
        view.content_offset = (0, 100)
        for rect in (None, (0, 0, 768, 2000), (100, 250, 10, 10)):
            raw = view.raw_attributes(rect)
            objs = view.visible_attributes() if rect is None else view.attributes_in_rect(rect)
            assert len(raw) == len(objs) and len(objs) > 0
            for r, a in zip(raw, objs):
                assert (r.index_path.section, r.index_path.item) == a.index_path
                assert (r.frame.x, r.frame.y, r.frame.width, r.frame.height) == a.frame
                assert (r.center.x, r.center.y) == a.center and r.alpha == a.alpha and r.z_index == a.z_index
        # The caller owns the array: later queries do not change it.
        first = view.raw_attributes()
        before = bytes(first)
        view.content_offset = (0, 600)
        view.raw_attributes()
        assert bytes(first) == before
        with pytest.raises(cvlayout.InvalidArgument):
            view.raw_attributes((0, 0, float("nan"), 1))


def test_dimensions_mode_toggled_inside_an_animation_block():
    """Listing 4.17: the mode changes inside a 0.5 s animation; frames stay, the discrete mode
    slot switches at progress 0.5 (0.25 s into the symmetric ease-in-out)."""
    layout = cvlayout.DimensionsLayout()
    with cvlayout.CollectionView(layout, [4], bounds_size=(320, 480)) as view:
        view.set_time(5.0)
        frames = [a.frame for a in view.visible_attributes() if a.is_cell]
        with view.animate(cvlayout.Animation(duration=0.5)):
            layout.mode = "aspect_fill"
        assert view.is_animating
        for t, mode in ((5.2, 0.0), (5.3, 1.0)):
            view.set_time(t)
            cells = [a for a in view.visible_attributes() if a.is_cell]
            assert [a.frame for a in cells] == frames
            assert {a.custom[0] for a in cells} == {mode}
        view.set_time(5.5)
        assert not view.is_animating


def test_animated_scroll_to_item_moves_the_offset_along_the_curve():
    layout = cvlayout.FlowLayout(item_size=(100, 100), minimum_interitem_spacing=0, minimum_line_spacing=0)
    with cvlayout.CollectionView(layout, [100], bounds_size=(300, 300)) as view:
        target = view.scroll_to_item((0, 90), "top", animation=cvlayout.Animation(duration=1.0, curve="linear"))
        assert target == (0.0, 3000.0) and view.content_offset == (0.0, 0.0) and view.is_animating
        for step in range(1, 11):
            view.set_time(step / 10)
            y = view.content_offset[1]
            assert y == pytest.approx(300.0 * step)
            cells = [a for a in view.visible_attributes() if a.is_cell]
            assert cells and all(a.frame[1] < y + 300 and a.frame[1] + 100 > y for a in cells)
        assert not view.is_animating and view.content_offset == (0.0, 3000.0)


@requires("cvl_cover_flow_layout_set_params")
def test_cover_flow_on_any_viewport_and_in_terminal_cells():
    # Derived insets: one centred row whatever the height, first cover centred at offset 0.
    for w, h in ((320, 480), (320, 600), (1024, 768)):
        layout = cvlayout.CoverFlowLayout()
        assert layout.params["derive_insets"] is True    # the default
        with cvlayout.CollectionView(layout, [8], bounds_size=(w, h)) as view:
            cells = [a for a in view.all_attributes() if a.is_cell]
            assert {a.frame[1] for a in cells} == {(h - 180) / 2}
            first = next(a for a in cells if a.index_path == (0, 0))
            assert first.center[0] == w / 2
    # Terminal cells: items 16x8 in 80x24, constants scaled down.
    layout = cvlayout.CoverFlowLayout(item_size=(16, 8), minimum_line_spacing=-5, minimum_interitem_spacing=2,
                                      active_distance=8, translate_distance=8, flow_offset=2, derive_insets=True)
    assert layout.params["active_distance"] == 8 and layout.params["zoom_factor"] == pytest.approx(0.2)
    with cvlayout.CollectionView(layout, [6], bounds_size=(80, 24)) as view:
        cells = {a.index_path: a for a in view.visible_attributes() if a.is_cell}
        assert cells[(0, 0)].frame == (32.0, 8.0, 16.0, 8.0) and cells[(0, 0)].z_index == 1
        assert cells[(0, 1)].frame == (43.0, 8.0, 16.0, 8.0) and cells[(0, 1)].z_index == 0
    with pytest.raises(cvlayout.InvalidArgument):
        layout.set_params(active_distance=0)
    assert layout.params["active_distance"] == 8
    with pytest.raises(TypeError):
        layout.set_params(angle=1)
    # Non-zero host insets win; zero ones too once derive_insets is off.
    layout = cvlayout.CoverFlowLayout(section_inset=(0, 70, 0, 70))
    with cvlayout.CollectionView(layout, [4], bounds_size=(320, 600)) as view:
        cells = {a.index_path: a for a in view.all_attributes() if a.is_cell}
        assert cells[(0, 0)].frame[0] == 70.0 and cells[(0, 1)].frame[0] == 70.0    # 600 high: two per column
    layout = cvlayout.CoverFlowLayout(derive_insets=False)
    assert layout.params["derive_insets"] is False
    with cvlayout.CollectionView(layout, [4], bounds_size=(320, 480)) as view:
        assert next(a for a in view.all_attributes() if a.index_path == (0, 0)).frame[:2] == (0.0, 150.0)
        layout.set_params(derive_insets=True)    # derived again: (320 - 180)/2 = 70, Listing 4.27's portrait inset
        assert next(a for a in view.all_attributes() if a.index_path == (0, 0)).frame[:2] == (70.0, 150.0)


def test_cover_flow_draws_side_covers_nearest_last_through_c():
    # The C query buffer follows the layout's draw order, as the Swift list does. 320 wide,
    # derived insets (320 - 180) / 2 = 70, pitch 180 - 60 = 120: centres 160 + 120 i. At offset
    # 360 the visible centre is 520 = item 3 (z 1); items 1..5 are visible at distances 240,
    # 120, 0, 120, 240 from it, so the equal-z side covers draw farthest first.
    layout = cvlayout.CoverFlowLayout()
    with cvlayout.CollectionView(layout, [10], bounds_size=(320, 480)) as view:
        view.content_offset = (360, 0)
        cells = [a for a in view.visible_attributes() if a.is_cell]
        assert [a.index_path[1] for a in cells] == [1, 5, 2, 4, 3]
        assert [a.z_index for a in cells] == [0, 0, 0, 0, 1]


def test_cover_flow_derived_insets_of_a_huge_viewport_are_capped():
    # Found by test_stateful.py: the view accepts any finite bounds size, but a 1e308-wide Cover
    # Flow derived 5e307 insets and every query then failed with InvalidArgument about "section
    # insets" the caller never set. Derived insets are capped at the flow's 1e12 limit.
    layout = cvlayout.CoverFlowLayout(derive_insets=True)
    with cvlayout.CollectionView(layout, [3], bounds_size=(1e308, 500)) as view:
        cells = sorted((a for a in view.all_attributes() if a.is_cell), key=lambda a: a.index_path)
        assert [a.frame for a in cells] == [(1e12 + 120 * i, 160.0, 180.0, 180.0) for i in range(3)]
        assert view.content_size[0] == 1e12 + 2 * 120 + 180 + 1e12
        assert view.visible_attributes() != []
        assert view.index_path_at((1e12 + 90, 250)) == (0, 0)
