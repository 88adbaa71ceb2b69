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
