"""Integers that do not fit their C type (issue 10): ctypes keeps the low bits, so ``2**64 + 5``
reached the library as 5 and came back as a wrong answer. The binding now refuses them with
InvalidArgument naming the argument, before any C call, and nothing changes."""

from __future__ import annotations

import pytest
from conftest import needs_flow, snapshot

import cvlayout

BIG = 2**64 + 5          # was truncated to 5
WRAPS_NEGATIVE = 2**63   # was truncated to -2**63
U32 = 2**32 + 1          # was truncated to 1


@pytest.fixture
def view():
    layout = cvlayout.FlowLayout(item_size=(10, 10))
    v = cvlayout.CollectionView(layout, counts=[6, 4], bounds_size=(100, 100))
    yield v
    v.close()
    layout.close()


def refused(call, name: str):
    with pytest.raises(cvlayout.InvalidArgument) as info:
        call()
    assert name in str(info.value), str(info.value)
    return info.value


@needs_flow
@pytest.mark.parametrize("counts", [[BIG], [3, WRAPS_NEGATIVE], [-(2**64) + 3]])
def test_counts_that_do_not_fit_int64_are_refused(counts):
    with cvlayout.FlowLayout() as layout:
        refused(lambda: cvlayout.CollectionView(layout, counts=counts), "counts[")
        # The layout was never attached: a view can still take it.
        with cvlayout.CollectionView(layout, counts=[5]) as v:
            assert v.counts == [5]


@needs_flow
def test_new_counts_and_reload_counts_are_checked_before_anything_changes(view):
    before = snapshot(view)
    refused(lambda: view.reload_data([6, BIG]), "counts[1]")
    refused(lambda: view.perform_batch_updates(cvlayout.insert_items([(0, 6)]), new_counts=[7, BIG]),
            "new_counts[1]")
    assert snapshot(view) == before
    view.perform_batch_updates(cvlayout.insert_items([(0, 6)]), new_counts=[7, 4])
    assert view.counts == [7, 4]


@needs_flow
def test_a_data_source_answer_that_does_not_fit_fails_the_call():
    answers = {0: 2}

    def items(section):
        return answers[section]

    with cvlayout.FlowLayout() as layout, cvlayout.CollectionView(layout, data_source=items) as v:
        answers[0] = BIG
        with pytest.raises(cvlayout.CallbackError) as info:
            v.reload_data()
        assert isinstance(info.value.__cause__, cvlayout.InvalidArgument)
        assert "number_of_items(0)" in str(info.value.__cause__)
        assert v.counts == [2]
    with cvlayout.FlowLayout() as layout:
        with pytest.raises(cvlayout.CallbackError) as info:
            cvlayout.CollectionView(layout, data_source=lambda s: 1, sections=lambda: BIG)
        assert "number_of_sections()" in str(info.value.__cause__)
        refused(lambda: cvlayout.CollectionView(layout, data_source=lambda s: 1, sections=BIG), "sections")


@needs_flow
@pytest.mark.parametrize("call, name", [
    (lambda v: v.number_of_items(BIG), "section"),
    (lambda v: v.attributes_for_item((0, BIG)), "index_path item"),
    (lambda v: v.attributes_for_item((WRAPS_NEGATIVE, 0)), "index_path section"),
    (lambda v: v.attributes_for_element(U32, 0, (0, 0)), "category"),
    (lambda v: v.attributes_for_element("cell", U32, (0, 0)), "kind"),
    (lambda v: v.scroll_to_item((0, BIG)), "index_path item"),
    (lambda v: v.scroll_to_item((0, 0), U32), "position"),
    (lambda v: v.invalidate(U32), "invalidation flags"),
    (lambda v: v.invalidate(items=[(0, 1), (0, BIG)]), "items[1] item"),
    (lambda v: v.map_index_path(BIG), "section"),
    (lambda v: v.map_index_path((0, 0), U32), "direction"),
    (lambda v: v.perform_batch_updates([cvlayout.UpdateItem("insert", after=(0, BIG))]), "after item"),
    (lambda v: v.layout.set_item_sizes(BIG, [(1, 1)]), "section"),
    (lambda v: v.layout.item_frame((0, BIG)), "index_path item"),
    (lambda v: v.layout.section_frame(WRAPS_NEGATIVE), "section"),
    (lambda v: setattr(v.layout, "scroll_direction", U32), "scroll direction"),
])
def test_arguments_that_do_not_fit_their_c_type_are_refused(view, call, name):
    # Each of these, truncated, named something that exists (item 5, section 1, flags 1, ...).
    before = snapshot(view)
    refused(lambda: call(view), name)
    assert snapshot(view) == before


@needs_flow
def test_floats_are_refused_not_truncated(view):
    with pytest.raises(TypeError, match="section must be an integer, not float"):
        view.number_of_items(1.9)
    with pytest.raises(TypeError, match="index_path item must be an integer, not float"):
        view.attributes_for_item((0, 2.5))


@needs_flow
def test_integers_in_range_still_work(view):
    import numpy as np  # numpy integers are integers (operator.index)
    assert view.number_of_items(np.int64(1)) == 4
    assert view.attributes_for_item((np.int32(0), True)).index_path == (0, 1)


def test_a_tree_child_count_that_does_not_fit_fails_the_call():
    with cvlayout.TreeLayout(lambda section, item: BIG if section == 0 else 0) as layout:
        with pytest.raises(cvlayout.CallbackError) as info:
            with cvlayout.CollectionView(layout, counts=[1, 1], bounds_size=(300, 300)) as v:
                v.visible_attributes()
        assert "number_of_children(0, 0)" in str(info.value.__cause__)


@needs_flow
@pytest.mark.parametrize("field, name", [("curve", "curve"), ("flags", "flags")])
def test_animation_fields_that_do_not_fit_are_refused(view, field, name):
    # curve 2**32 + 1 was truncated to 1 (ease-in), flags to 1. An unknown curve is refused
    # as soon as the Animation is made; flags when the library reads them.
    import dataclasses
    before = snapshot(view)
    refused(lambda: view.set_layout(cvlayout.FlowLayout(item_size=(20, 20)),
                                    dataclasses.replace(cvlayout.Animation.default(), **{field: U32})), name)
    assert snapshot(view) == before


# --- Every public entry point that takes an integer (issue 28) -------------------------------
# Each call feeds 2**64 + k where k, kept as the low 64 bits, names something valid (section 1,
# item 1, ...): wrapped, the call would succeed and change something. Every such integer must be
# refused (InvalidArgument naming it, or, when it is a callback's answer, CallbackError caused by
# one) and nothing may change. The walk below finds every public function, method and property
# setter whose signature takes an int or an index path; a new one fails the completeness test
# until it has a row here.

def _wrap(k: int) -> int:
    return 2**64 + k


def _asked(layout, **callbacks):
    """A layout pass of its own view that asks ``layout``'s callbacks (which answer out of range)."""
    def run(v):
        layout.set_callbacks(**callbacks)
        with cvlayout.CollectionView(layout, [2], bounds_size=(100, 100)) as own:
            own.content_size
    return run


def _flow_view(view):
    return view


def _with_ids(view):
    view.set_identifiers([(100, [1, 2, 3, 4, 5, 6]), (200, [7, 8, 9, 10])])
    return view


def _batch(view):
    with view.batch_updates(new_counts=[6, _wrap(4)]) as u:
        u += cvlayout.reload_items([(0, 1)])


def _commit(items):
    return lambda v: v.perform_batch_updates(items, new_counts=v.counts)


_ENTRY_POINTS = {
    "Animation.__init__": [lambda v: v.perform_batch_updates([], animation=cvlayout.Animation(curve=_wrap(1))),
                           lambda v: v.perform_batch_updates([], animation=cvlayout.Animation(flags=_wrap(1)))],
    "Attributes.__init__": [lambda v: cvlayout.Attributes((0, _wrap(1))),
                            lambda v: cvlayout.Attributes((0, 1), kind=_wrap(1)),
                            lambda v: cvlayout.Attributes((0, 1), z_index=_wrap(1))],
    "Attributes.cell": [lambda v: cvlayout.Attributes.cell((_wrap(1), 0), (0, 0, 1, 1))],
    "Attributes.decoration": [lambda v: cvlayout.Attributes.decoration(_wrap(1), (0, 0), (0, 0, 1, 1))],
    "Attributes.supplementary": [lambda v: cvlayout.Attributes.supplementary("header", (0, _wrap(0)),
                                                                             (0, 0, 1, 1))],
    "AttributesBuffer.__init__": [lambda v: cvlayout.AttributesBuffer(_wrap(8))],
    "AttributesBuffer.reserve": [lambda v: cvlayout.AttributesBuffer(4).reserve(_wrap(8))],
    "BaseLayout.kind_value": [lambda v: v.layout.kind_value(_wrap(1))],
    "CollectionView.__init__": [lambda v: cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[_wrap(3)]),
                                lambda v: cvlayout.CollectionView(cvlayout.FlowLayout(),
                                                                  data_source=lambda s: 1, sections=_wrap(1))],
    "CollectionView.apply_snapshot": [lambda v: _with_ids(v).apply_snapshot([(100, [_wrap(1)])]),
                                      lambda v: _with_ids(v).apply_snapshot([(_wrap(100), [1])]),
                                      lambda v: _with_ids(v).apply_snapshot([(100, [1])], changed=[_wrap(1)])],
    "CollectionView.apply_snapshot_edits": [
        lambda v: _with_ids(v).apply_snapshot_edits([(_wrap(1), 0, 1, [])]),
        lambda v: _with_ids(v).apply_snapshot_edits([(0, _wrap(0), 1, [])]),
        lambda v: _with_ids(v).apply_snapshot_edits([(0, 0, _wrap(1), [])]),
        lambda v: _with_ids(v).apply_snapshot_edits([(0, 0, 0, [_wrap(11)])])],
    "CollectionView.attributes_for_decoration": [lambda v: v.attributes_for_decoration(_wrap(0), (0, 0))],
    "CollectionView.attributes_for_element": [lambda v: v.attributes_for_element(_wrap(0), 0, (0, 0))],
    "CollectionView.attributes_for_item": [lambda v: v.attributes_for_item((0, _wrap(1)))],
    "CollectionView.attributes_for_supplementary": [lambda v: v.attributes_for_supplementary("header",
                                                                                             (_wrap(0), 0))],
    "CollectionView.batch_updates": [_batch],
    "CollectionView.clear_measured_sizes": [lambda v: v.clear_measured_sizes(_wrap(0)),
                                            lambda v: v.clear_measured_sizes(0, range(_wrap(1), _wrap(2))),
                                            lambda v: v.clear_measured_sizes(0, [_wrap(1)])],
    "CollectionView.counts=": [lambda v: setattr(v, "counts", [6, _wrap(4)])],
    "CollectionView.diff_snapshot": [lambda v: _with_ids(v).diff_snapshot([(100, [_wrap(1)])])],
    "CollectionView.diff_snapshot_edits": [lambda v: _with_ids(v).diff_snapshot_edits([(0, _wrap(0), 1, [])])],
    "CollectionView.index_path_for_identifier": [lambda v: _with_ids(v).index_path_for_identifier(_wrap(1))],
    "CollectionView.invalidate": [lambda v: v.invalidate(_wrap(1)), lambda v: v.invalidate(items=[(0, _wrap(1))])],
    "CollectionView.item_identifier": [lambda v: _with_ids(v).item_identifier((0, _wrap(1)))],
    "CollectionView.items_to_measure_for_scroll": [lambda v: v.items_to_measure_for_scroll((0, _wrap(1)))],
    "CollectionView.map_index_path": [lambda v: v.map_index_path((0, _wrap(1)))],
    "CollectionView.number_of_items": [lambda v: v.number_of_items(_wrap(1))],
    "CollectionView.perform_batch_updates": [
        lambda v: v.perform_batch_updates(cvlayout.reload_items([(0, 1)]), new_counts=[6, _wrap(4)])],
    "CollectionView.reload_data": [lambda v: v.reload_data([6, _wrap(4)])],
    "CollectionView.scroll_to_item": [lambda v: v.scroll_to_item((_wrap(1), 0))],
    "CollectionView.set_identifier_source": [lambda v: (v.set_identifier_source(lambda ip: _wrap(ip[1])),
                                                        v.item_identifier((0, 1)))],
    "CollectionView.set_measured_sizes_by_id": [lambda v: _with_ids(v).set_measured_sizes_by_id({_wrap(1): (5, 5)})],
    "CompositionalLayout.orthogonal_offset": [lambda v: cvlayout.CompositionalLayout.orthogonal_offset(
        _compositional_view(), _wrap(0))],
    "CompositionalLayout.set_orthogonal_offset": [lambda v: cvlayout.CompositionalLayout.set_orthogonal_offset(
        _compositional_view(), _wrap(0), 5.0)],
    "CompositionalLayout.target_orthogonal_offset": [lambda v: cvlayout.CompositionalLayout.target_orthogonal_offset(
        _compositional_view(), _wrap(0), 0.0, 5.0, 0.0)],
    "DimensionsLayout.__init__": [lambda v: cvlayout.DimensionsLayout(mode=_wrap(1))],
    "DimensionsLayout.mode=": [lambda v: setattr(cvlayout.DimensionsLayout(), "mode", _wrap(1))],
    "DimensionsLayout.set_mode_for_item": [lambda v: _dimensions_answer(_wrap(1))],
    "FlowLayout.__init__": [lambda v: cvlayout.FlowLayout(scroll_direction=_wrap(1))],
    "FlowLayout.item_frame": [lambda v: v.layout.item_frame((0, _wrap(1)))],
    "FlowLayout.replace_item_sizes": [lambda v: _bulk(v).replace_item_sizes(0, _wrap(0), 1, [(5, 5)]),
                                      lambda v: _bulk(v).replace_item_sizes(_wrap(0), 0, 1, [(5, 5)]),
                                      lambda v: _bulk(v).replace_item_sizes(0, 0, _wrap(1), [(5, 5)])],
    "FlowLayout.section_frame": [lambda v: v.layout.section_frame(_wrap(1))],
    "FlowLayout.set_item_sizes": [lambda v: v.layout.set_item_sizes(_wrap(1), [(5, 5)] * 4)],
    "GridLayout.replace_item_extents": [lambda v: cvlayout.GridLayout().replace_item_extents(_wrap(0), 0, 0, [5.0]),
                                        lambda v: cvlayout.GridLayout().replace_item_extents(0, _wrap(0), 0, [5.0]),
                                        lambda v: cvlayout.GridLayout().replace_item_extents(0, 0, _wrap(1), [5.0])],
    "GridLayout.replace_item_spans": [lambda v: cvlayout.GridLayout().replace_item_spans(_wrap(0), 0, 0, [1]),
                                      lambda v: cvlayout.GridLayout().replace_item_spans(0, _wrap(0), 0, [1]),
                                      lambda v: cvlayout.GridLayout().replace_item_spans(0, 0, _wrap(1), [1]),
                                      lambda v: cvlayout.GridLayout().replace_item_spans(0, 0, 0, [_wrap(1)])],
    "GridLayout.set_callbacks": [_asked(cvlayout.GridLayout(columns=2), span=lambda s, i: _wrap(1)),
                                 _asked(cvlayout.GridLayout(), columns=lambda s: _wrap(2)),
                                 _asked(cvlayout.GridLayout(), columns=lambda s: (_wrap(2), 0.0))],
    "GridLayout.set_item_extents": [lambda v: cvlayout.GridLayout().set_item_extents(_wrap(0), [5.0])],
    "GridLayout.set_item_spans": [lambda v: cvlayout.GridLayout().set_item_spans(_wrap(0), [1]),
                                  lambda v: cvlayout.GridLayout().set_item_spans(0, [1, _wrap(1)])],
    "GridLayout.set_section_columns": [lambda v: cvlayout.GridLayout().set_section_columns([2, _wrap(3)]),
                                       lambda v: cvlayout.GridLayout().set_section_columns([(_wrap(3), 0.0)])],
    "TreeLayout.__init__": [lambda v: _tree_answer(_wrap(1))],
    "UpdateItem.__init__": [_commit([cvlayout.UpdateItem("reload", before=(0, _wrap(1)))])],
    "WaterfallLayout.__init__": [lambda v: cvlayout.WaterfallLayout(column_count=_wrap(3))],
    "WaterfallLayout.configure_columns": [lambda v: cvlayout.WaterfallLayout().configure_columns(
        column_count=_wrap(3))],
    "WaterfallLayout.set_callbacks": [_asked(cvlayout.WaterfallLayout(), full_span=lambda s, i: _wrap(1)),
                                      _asked(cvlayout.WaterfallLayout(), columns=lambda s: _wrap(2))],
    "WaterfallLayout.set_full_spans": [lambda v: cvlayout.WaterfallLayout().set_full_spans(_wrap(0), [0]),
                                       lambda v: cvlayout.WaterfallLayout().set_full_spans(0, [_wrap(1)])],
    "WaterfallLayout.replace_full_spans": [
        lambda v: cvlayout.WaterfallLayout().replace_full_spans(0, _wrap(0), 0, [0]),
        lambda v: cvlayout.WaterfallLayout().replace_full_spans(0, 0, _wrap(0), [0])],
    "WaterfallLayout.set_item_extents": [lambda v: cvlayout.WaterfallLayout().set_item_extents(_wrap(0), [1.0])],
    "WaterfallLayout.replace_item_extents": [
        lambda v: cvlayout.WaterfallLayout().replace_item_extents(_wrap(0), 0, 0, [1.0]),
        lambda v: cvlayout.WaterfallLayout().replace_item_extents(0, 0, _wrap(0), [1.0])],
    "WaterfallLayout.set_section_columns": [lambda v: cvlayout.WaterfallLayout().set_section_columns([_wrap(2)]),
                                            lambda v: cvlayout.WaterfallLayout().set_section_columns(
                                                [(_wrap(2), 0.0)])],
    "delete_items": [lambda v: _commit(cvlayout.delete_items([(0, _wrap(1))]))(v)],
    "delete_sections": [lambda v: _commit(cvlayout.delete_sections([_wrap(1)]))(v)],
    "insert_items": [lambda v: _commit(cvlayout.insert_items([(0, _wrap(1))]))(v)],
    "insert_sections": [lambda v: _commit(cvlayout.insert_sections(_wrap(1)))(v)],
    "move_item": [lambda v: _commit(cvlayout.move_item((0, _wrap(1)), (0, 2)))(v)],
    "move_section": [lambda v: _commit(cvlayout.move_section(_wrap(1), 0))(v)],
    "reload_items": [lambda v: _commit(cvlayout.reload_items((0, _wrap(1))))(v)],
    "reload_sections": [lambda v: _commit(cvlayout.reload_sections([_wrap(1)]))(v)],
}

# Public callables that take integers but hand none to C by themselves, with the reason.
_NOT_ENTRY_POINTS = {
    "Animation.__init__": [lambda v: v.perform_batch_updates([], animation=cvlayout.Animation(curve=_wrap(1))),
                           lambda v: v.perform_batch_updates([], animation=cvlayout.Animation(flags=_wrap(1)))],
    "CompositionalLayout.__init__": "its only int is the index the library hands to the provider callback",
    "LayoutEnv.__init__": "a callback's read-only view of the library's state, made by the binding",
    "LayoutEnv.number_of_items": "reads the counts the library handed to the callback",
}


def _compositional_view():
    return cvlayout.CollectionView(cvlayout.CompositionalLayout(), counts=[3], bounds_size=(300, 300))


def _bulk(view):
    view.layout.set_item_sizes(0, [(10, 10)] * 6)
    return view.layout


def _dimensions_answer(mode):
    layout = cvlayout.DimensionsLayout()
    layout.set_mode_for_item(lambda s, i: mode)
    with cvlayout.CollectionView(layout, counts=[3], bounds_size=(300, 300)) as v:
        v.visible_attributes()


def _tree_answer(count):
    with cvlayout.TreeLayout(lambda s, i: count if s == 0 else 0) as layout:
        with cvlayout.CollectionView(layout, counts=[1, 1], bounds_size=(300, 300)) as v:
            v.visible_attributes()


def _public_integer_entry_points() -> set[str]:
    """Every public function, method and property setter of the package whose signature names
    an int or an index path (by its annotations), by the name of the class that defines it."""
    import inspect
    import re
    found = set()
    wanted = re.compile(r"\bint\b|IndexPath")
    for name in cvlayout.__all__:
        obj = getattr(cvlayout, name)
        if inspect.isclass(obj):
            if issubclass(obj, BaseException):
                continue  # status codes of errors the library raised, never handed to C
            for mname, member in vars(obj).items():
                if mname.startswith("_") and mname != "__init__":
                    continue
                if isinstance(member, property):
                    if member.fset is not None and wanted.search(str(member.fset.__annotations__.get("value"))):
                        found.add(f"{obj.__name__}.{mname}=")
                    continue
                fn = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                if not callable(fn):
                    continue
                params = [p for p in inspect.signature(fn).parameters.values() if p.name not in ("self", "cls")]
                if params and params[0].name == "env":
                    continue  # a hook the host overrides: the library calls it, the host does not
                if any(wanted.search(str(p.annotation)) for p in params):
                    found.add(f"{obj.__name__}.{mname}")
        elif callable(obj):
            if any(wanted.search(str(p.annotation)) for p in inspect.signature(obj).parameters.values()):
                found.add(name)
    return found


def test_every_public_integer_entry_point_is_walked():
    found = _public_integer_entry_points()
    missing = found - set(_ENTRY_POINTS) - set(_NOT_ENTRY_POINTS)
    assert not missing, f"public entry points taking integers without a row in _ENTRY_POINTS: {sorted(missing)}"
    stale = set(_ENTRY_POINTS) - found
    assert not stale, f"rows for entry points that do not exist (or take no integer): {sorted(stale)}"


@needs_flow
@pytest.mark.parametrize("name, n", [(name, n) for name, calls in sorted(_ENTRY_POINTS.items())
                                     for n in range(len(calls))])
def test_every_integer_beyond_its_c_type_is_refused(view, name, n):
    before = snapshot(view)
    with pytest.raises((cvlayout.InvalidArgument, cvlayout.CallbackError)) as info:
        _ENTRY_POINTS[name][n](view)
    e = info.value
    if isinstance(e, cvlayout.CallbackError):
        assert isinstance(e.__cause__, cvlayout.InvalidArgument), repr(e.__cause__)
    # The view is as it was, apart from what the row set up first (identifiers, bulk sizes).
    if not name.startswith(("CollectionView.apply_snapshot", "CollectionView.diff_snapshot",
                            "CollectionView.index_path_for", "CollectionView.item_identifier",
                            "CollectionView.set_identifier_source", "CollectionView.set_measured_sizes_by_id",
                            "FlowLayout.replace_item_sizes")):
        assert snapshot(view) == before


@needs_flow
def test_every_config_layout_int_field_is_range_checked():
    import ctypes

    from cvlayout._configured import ConfigField
    checked_fields = 0
    for cls in cvlayout.LAYOUTS.values():
        struct = getattr(cls, "_CONFIG", None)
        if struct is None:
            continue
        ctypes_of = dict((f[0], f[1]) for f in struct._fields_)
        for klass in cls.__mro__:
            for fname, f in vars(klass).items():
                if isinstance(f, ConfigField) and ctypes_of.get(fname) is ctypes.c_int64:
                    with cls() as layout:
                        before = getattr(layout, fname)
                        with pytest.raises(cvlayout.InvalidArgument, match="does not fit"):
                            setattr(layout, fname, _wrap(2))
                        assert getattr(layout, fname) == before
                    checked_fields += 1
    assert checked_fields > 0


@needs_flow
def test_clear_measured_sizes_takes_any_run_of_items(view):
    assert view.clear_measured_sizes(0, [3, 4]) == 0   # nothing measured: a run, accepted
    assert view.clear_measured_sizes(0, (4, 3, 2)) == 0
    assert view.clear_measured_sizes(0, []) == 0
    with pytest.raises(TypeError, match="one run"):
        view.clear_measured_sizes(0, [1, 3])
    with pytest.raises(TypeError, match="one run"):
        view.clear_measured_sizes(0, range(0, 4, 2))
    with pytest.raises(TypeError, match="integers"):
        view.clear_measured_sizes(0, [1.0])
