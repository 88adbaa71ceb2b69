"""cvl_flow_layout_replace_item_sizes: bulk sizes edited in place by range, paired with the batch
update that inserts or deletes those items; the frames equal a layout handed the whole list."""

from __future__ import annotations

import pytest
from conftest import needs_flow, requires, snapshot
from hypothesis import example, given, settings
from hypothesis import strategies as st

import cvlayout
from cvlayout import InvalidArgument, OutOfRange, StateError

pytestmark = [needs_flow, requires("cvl_flow_layout_replace_item_sizes")]

sizes_st = st.tuples(st.integers(10, 90).map(float), st.integers(10, 60).map(float))


def frames(view):
    return [(a.index_path, a.frame) for a in view.all_attributes()]


def same_within_bound(view, ref):
    """The same elements with the same cross-axis (x) values, and each scroll-axis (y) value within
    the header's bound for edits whose sums round (cvl_flow_layout_replace_item_sizes): 16 (s + 1)
    units in the last place of the largest scroll-axis coordinate (s: the element's section)."""
    import math
    a, b = frames(view), frames(ref)
    largest = max([ref.content_size.height] + [abs(r.y + r.height) for _, r in b] + [abs(r.y) for _, r in b])
    assert [p for p, _ in a] == [p for p, _ in b]
    for (p, r), (_, q) in zip(a, b):
        bound = 16 * (p[0] + 1) * math.ulp(largest)
        assert (r.x, r.width) == (q.x, q.width), p
        assert abs(r.y - q.y) <= bound and abs(r.height - q.height) <= bound, (p, r, q)
    assert view.content_size.width == ref.content_size.width
    assert abs(view.content_size.height - ref.content_size.height) <= 16 * math.ulp(largest)


def flow():
    return cvlayout.FlowLayout(minimum_line_spacing=4, minimum_interitem_spacing=4, section_inset=(5, 5, 5, 5))


# (kind, where, where to, count): the edits of edit_and_compare.
edits_st = st.lists(
    st.tuples(st.sampled_from(["change", "insert", "delete", "move", "measure"]), st.floats(0, 1), st.floats(0, 1),
              st.integers(1, 4)), min_size=1, max_size=8)


def edit_and_compare(model, edits, size, exact):
    """Lays out the sizes `model` (one section), then applies each edit (kind, where, where to,
    count) through replace_item_sizes and the batch update (or set_measured_sizes), new sizes
    from `size(i)` (i: the item they replace or go next to); after each, every frame and the
    content size equal a fresh layout's: exactly, or within the header's bound."""
    layout = flow()
    layout.set_item_sizes(0, model)
    view = cvlayout.CollectionView(layout, counts=[len(model)], bounds_size=(200, 300))
    view.content_size
    for kind, a, b, k in edits:
        m = len(model)
        at, to = min(int(a * m), m - 1), min(int(b * m), m - 1)
        updates = []
        if kind == "change":
            new = [size(at + 1) for _ in range(min(k, m - at))]
            layout.replace_item_sizes(0, at, len(new), new)
            model[at:at + len(new)] = new
        elif kind == "insert":
            new = [size(at) for _ in range(k)]
            layout.replace_item_sizes(0, at, 0, new)
            model[at:at] = new
            updates = cvlayout.insert_items([(0, at + j) for j in range(k)])
        elif kind == "delete":
            gone = min(k, m - at - 1)
            if gone == 0:
                continue
            layout.replace_item_sizes(0, at, gone, [])
            del model[at:at + gone]
            updates = cvlayout.delete_items([(0, at + j) for j in range(gone)])
        elif kind == "move":
            moved = model.pop(at)
            model.insert(to, moved)
            layout.replace_item_sizes(0, at, 1, [])
            layout.replace_item_sizes(0, to, 0, [moved])
            updates = cvlayout.move_item((0, at), (0, to))
        else:
            new = {(0, i): size(i + 1) for i in range(at, min(m, at + k))}
            view.set_measured_sizes(new)
            for (_, i), sz in new.items():
                model[i] = sz
        if updates:
            view.perform_batch_updates(updates, new_counts=[len(model)])
        ref_layout = flow()
        ref_layout.set_item_sizes(0, model)
        with cvlayout.CollectionView(ref_layout, counts=[len(model)], bounds_size=(200, 300)) as ref:
            if exact:
                assert view.content_size == ref.content_size
                assert frames(view) == frames(ref)
            else:
                same_within_bound(view, ref)
    view.close()



@settings(max_examples=60, deadline=None)
@given(st.lists(sizes_st, min_size=1, max_size=30), st.lists(
    st.tuples(st.floats(0, 1), st.integers(0, 4), st.lists(sizes_st, max_size=4)), min_size=1, max_size=6))
# Every old size replaced by equal new ones: the section is uniform again (it was laid out as mixed).
@example(initial=[(10.0, 10.0)], edits=[(0.0, 1, [(11.0, 10.0), (11.0, 10.0)])])
def test_edits_equal_a_full_hand_over(initial, edits):
    model = list(initial)
    layout = flow()
    layout.set_item_sizes(0, model)
    view = cvlayout.CollectionView(layout, counts=[len(model)], bounds_size=(200, 300))
    view.content_size
    for where, remove, new in edits:
        start = int(where * len(model))
        remove = min(remove, len(model) - start)
        layout.replace_item_sizes(0, start, remove, new)
        old_n = len(model)
        model[start:start + remove] = new
        # The batch update the edit goes with: the removed items deleted, the new ones inserted.
        updates = (cvlayout.delete_items([(0, start + k) for k in range(remove)])
                   + cvlayout.insert_items([(0, start + k) for k in range(len(new))]))
        view.perform_batch_updates(updates, new_counts=[len(model)])
        assert view.counts == [len(model)] and old_n - remove + len(new) == len(model)
        ref_layout = flow()
        ref_layout.set_item_sizes(0, model)
        with cvlayout.CollectionView(ref_layout, counts=[len(model)], bounds_size=(200, 300)) as ref:
            assert frames(view) == frames(ref)
            assert view.content_size == ref.content_size
    view.close()


def test_errors_change_nothing():
    layout = flow()
    with cvlayout.CollectionView(layout, counts=[3], bounds_size=(200, 300)) as view:
        with pytest.raises(StateError, match="no bulk item sizes"):
            layout.replace_item_sizes(0, 0, 1, [(10, 10)])
        layout.set_item_sizes(0, [(10, 10), (20, 20), (30, 30)])
        state = snapshot(view)
        with pytest.raises(OutOfRange):
            layout.replace_item_sizes(0, 2, 2, [])
        with pytest.raises(OutOfRange):
            layout.replace_item_sizes(0, -1, 0, [(5, 5)])
        with pytest.raises(InvalidArgument):
            layout.replace_item_sizes(0, 0, 1, [(float("nan"), 5)])
        assert snapshot(view) == state
        layout.replace_item_sizes(0, 1, 1, [(50, 20)])   # one size changed in place
        assert view.attributes_for_item((0, 1)).size == (50.0, 20.0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(sizes_st, min_size=1, max_size=12), min_size=2, max_size=5), st.lists(
    st.tuples(st.integers(0, 4), st.floats(0, 1), st.integers(0, 3), st.lists(sizes_st, max_size=3)),
    min_size=1, max_size=5))
def test_count_changes_in_some_sections_equal_a_from_scratch_layout(initial, edits):
    """Only the sections whose count changed are laid out again (no delegate): the frames are
    the same as a fresh layout's, whichever sections changed."""
    model = [list(sec) for sec in initial]
    layout = flow()
    for s, sec in enumerate(model):
        layout.set_item_sizes(s, sec)
    view = cvlayout.CollectionView(layout, counts=[len(sec) for sec in model], bounds_size=(200, 300))
    view.content_size
    for which, where, remove, new in edits:
        s = which % len(model)
        start = int(where * len(model[s]))
        remove = min(remove, len(model[s]) - start)
        if len(model[s]) - remove + len(new) == 0:
            continue   # an empty section's bulk sizes cannot be handed over from Python
        layout.replace_item_sizes(s, start, remove, new)
        model[s][start:start + remove] = new
        updates = (cvlayout.delete_items([(s, start + k) for k in range(remove)])
                   + cvlayout.insert_items([(s, start + k) for k in range(len(new))]))
        view.perform_batch_updates(updates, new_counts=[len(sec) for sec in model])
        ref_layout = flow()
        for t, sec in enumerate(model):
            ref_layout.set_item_sizes(t, sec)
        with cvlayout.CollectionView(ref_layout, counts=[len(sec) for sec in model], bounds_size=(200, 300)) as ref:
            assert frames(view) == frames(ref)
            assert view.content_size == ref.content_size
    view.close()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(300, 900), st.sampled_from([1.0, 2.0, 3.0]), edits_st)
def test_long_sections_edited_by_range_equal_a_fresh_layout(seed, n, quantum, edits):
    """Sections of hundreds of lines (several line blocks; issue 14's incremental relayout): after
    changes, inserts, deletes, moves and measured sizes, every frame and the content size equal a
    fresh layout's. Sizes are multiples of 1/quantum: halves keep every sum exact, so bit for bit;
    thirds round, so within the header's bound (the same elements and x values, y within a few
    units in the last place)."""
    import random
    rnd = random.Random(seed)

    def size():
        return (round(rnd.uniform(10, 90) * quantum) / quantum, round(rnd.uniform(10, 60) * quantum) / quantum)

    model = [size() for _ in range(n)]
    edit_and_compare(model, edits, lambda i: size(), exact=quantum != 3.0)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), edits_st)
def test_grids_of_equal_cells_edited_by_range_equal_a_fresh_layout(seed, edits):
    """Runs of equal cells (three a line, runs of up to 3000: long enough for the layout to keep
    their old lines when an edit moves every later cell to a neighbour's place) between a few odd
    sizes: after changes, inserts, deletes, moves and measured sizes, mostly of a neighbouring
    cell's size, every frame and the content size equal a fresh layout's."""
    import random
    rnd = random.Random(seed)
    cells = [(60.0, 60.0), (45.0, 80.0), (92.0, 50.0)]

    def odd():
        return (float(rnd.randint(10, 190)), float(rnd.randint(10, 60)))

    model = [(190.0, 30.0)]
    while len(model) < 4000:
        model += [rnd.choice(cells)] * rnd.randint(0, 3000) + [odd() for _ in range(rnd.randint(0, 3))]

    def size(i):
        return model[min(i, len(model) - 1)] if rnd.random() < 0.75 else odd()

    edit_and_compare(model, edits, size, exact=True)


class _Told(cvlayout.FlowLayout):
    """A flow layout whose `invalidate` hook records what it is told before each prepare."""

    def __init__(self, **kw):
        self.told = []
        super().__init__(**kw)

    def invalidate(self, env, invalidation):
        self.told.append((sorted(invalidation.flags), invalidation.items,
                          [(u.action, u.before, u.after) for u in invalidation.updates]))


def test_size_edits_tell_the_invalidate_hook_what_changed():
    """Issue 28: after set_item_sizes, replace_item_sizes and clear_item_sizes the hook got flags 0,
    no items and no updates although frames changed. Now: a section's sizes handed over (or
    cleared) → 'delegate_metrics' (the bulk sizes are the delegate's sizes handed over at once),
    nothing listed; a range edit → the items it wrote, numbered after the edits."""
    layout = _Told(item_size=(10, 10), item_sizes=[[(10, 10)] * 8, [(10, 10)] * 3])
    with cvlayout.CollectionView(layout, counts=[8, 3], bounds_size=(100, 100)) as view:
        view.content_size
        layout.told.clear()

        layout.set_item_sizes(1, [(20, 20)] * 3)
        view.content_size
        assert layout.told == [(["delegate_metrics"], [], [])]

        layout.told.clear()
        layout.replace_item_sizes(0, 2, 2, [(30, 30), (31, 31), (32, 32)])  # 8 → 9 items
        layout.replace_item_sizes(0, 7, 1, [(40, 40)])
        view.perform_batch_updates(cvlayout.insert_items([(0, 4)]), new_counts=[9, 3])
        assert view.attributes_for_item((0, 7)).size[0] == 40
        assert len(layout.told) == 1
        flags, items, updates = layout.told[0]
        assert flags == ["data_counts"]
        assert items == [(0, 2), (0, 3), (0, 4), (0, 7)]
        assert updates == [("insert", (-1, -1), (0, 4))]

        layout.told.clear()
        layout.replace_item_sizes(1, 0, 1, [(50, 50)])  # a size change in place: no batch update
        view.content_size
        assert layout.told == [([], [(1, 0)], [])]
        assert view.attributes_for_item((1, 0)).size[0] == 50

        layout.told.clear()
        layout.clear_item_sizes()
        view.content_size
        assert layout.told == [(["delegate_metrics"], [], [])]
        assert view.attributes_for_item((1, 0)).size[0] == 10


def test_a_flood_of_edited_items_is_told_as_a_metrics_change():
    """Past max(1024, a quarter of the items) the items are not listed, as for the view's item
    invalidations: the flag says everything may have changed."""
    n = 5000
    layout = _Told(item_size=(10, 10), item_sizes=[[(10, 10)] * n])
    with cvlayout.CollectionView(layout, counts=[n], bounds_size=(100, 100)) as view:
        view.content_size
        layout.told.clear()
        layout.replace_item_sizes(0, 100, 1300, [(12, 12)] * 1300)
        view.content_size
        assert layout.told == [(["delegate_metrics"], [], [])]
        layout.told.clear()
        layout.replace_item_sizes(0, 100, 1000, [(13, 13)] * 1000)
        view.content_size
        assert layout.told == [([], [(0, i) for i in range(100, 1100)], [])]
