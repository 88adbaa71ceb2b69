"""cvl_view_apply_snapshot_edits: splices of the view's bulk identifiers, applied in order.

The property test draws lists and a chain of splices (inserts of new identifiers, deletes, moves
written as a delete and an insert, replacements), gives the view only the splices, and checks
the update it commits with the model of UIKit's batch updates in test_snapshots.py: the requests
turn the old lists into the spliced ones, every identifier is found where the lists have it, and
the view's cells carry them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import needs_flow, requires, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_snapshots import check_requests, make_view

import cvlayout
from cvlayout import InconsistentUpdate, InvalidArgument, OutOfRange, StateError

pytestmark = [needs_flow, requires("cvl_view_apply_snapshot_edits", "cvl_view_set_identifiers")]


@st.composite
def splice_chains(draw):
    """Three sections of 0-40 items and 1-4 rounds of 1-5 splices each, with the lists they give."""
    fresh = iter(range(10_000, 20_000))
    lists = [[next(fresh) for _ in range(draw(st.integers(0, 40)))] for _ in range(3)]
    first = [list(items) for items in lists]
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        edits, gone = [], []
        for _ in range(draw(st.integers(1, 5))):
            s = draw(st.integers(0, 2))
            items = lists[s]
            start = draw(st.integers(0, len(items)))
            remove = draw(st.integers(0, min(3, len(items) - start)))
            gone += items[start:start + remove]
            new = []
            for _ in range(draw(st.integers(0, 3))):
                if gone and draw(st.booleans()):
                    new.append(gone.pop(draw(st.integers(0, len(gone) - 1))))
                else:
                    new.append(next(fresh))
            items[start:start + remove] = new
            edits.append((s, start, remove, new))
        ids = [x for items in lists for x in items]
        changed = draw(st.lists(st.sampled_from(ids), max_size=2)) if ids else []
        rounds.append((edits, [list(items) for items in lists], changed))
    return first, rounds


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(splice_chains(), st.booleans())
def test_splices_give_an_update_that_turns_old_into_new(case, animated):
    first, rounds = case
    old = [(500 + k, items) for k, items in enumerate(first)]
    with make_view(old) as view:
        for edits, lists, changed in rounds:
            new = [(500 + k, items) for k, items in enumerate(lists)]
            preview = view.diff_snapshot_edits(edits, changed)   # the update, nothing applied
            view.apply_snapshot_edits(edits, changed, animation=0.25 if animated else None)
            assert view.counts == [len(items) for items in lists]
            check_requests(old, new, changed, view.last_update_items())
            # The same requests (a committed reload also names its new place; the input form does not).
            check_requests(old, new, changed, preview)
            assert preview == [replace(u, after=(-1, -1)) if u.action == "reload" else u
                               for u in view.last_update_items()]
            for t, items in enumerate(lists):
                for j, x in enumerate(items):
                    assert view.item_identifier((t, j)) == x
                    assert view.index_path_for_identifier(x) == (t, j)
            old = new
        if not animated:
            for a in view.all_attributes():
                if a.is_cell:
                    assert a.identifier == old[a.index_path[0]][1][a.index_path[1]]


def test_a_chat_appends_and_edits_without_resending_the_list():
    history = list(range(1, 5001))
    with make_view([(7, history)]) as view:
        view.apply_snapshot_edits([(0, 5000, 0, [5001])])
        assert [(u.action, u.after) for u in view.last_update_items()] == [("insert", (0, 5000))]
        view.apply_snapshot_edits([(0, 20, 1, [])], changed=[5001])   # a reload names the old place
        assert [(u.action, u.before) for u in view.last_update_items()] == [("delete", (0, 20)), ("reload", (0, 5000))]
        assert view.index_path_for_identifier(5001) == (0, 4999)
        assert view.index_path_for_identifier(21) is None
        assert view.counts == [5000]


def test_bad_edits_change_nothing():
    with make_view([(1, [10, 11, 12]), (2, [13])]) as view:
        state = snapshot(view)
        for edits, changed, error, text in [
            ([(2, 0, 0, [5])], (), OutOfRange, "snapshot edit 0: section 2 is outside the 2 sections"),
            ([(0, 0, 1, []), (0, 1, 3, [])], (), OutOfRange, "snapshot edit 1: items 1 ..< 1 \\+ 3 are outside"),
            ([(0, -1, 0, [])], (), OutOfRange, "items -1"),
            ([(1, 1, 0, [11])], (), InvalidArgument, "item identifier 11 appears twice"),
            ([(0, 0, 1, [])], [10], InvalidArgument, "changed identifier 10 is not an item"),
            ([(0, 0, 0, [-1])], (), InvalidArgument, "edits\\[0\\] item ids"),
            ([(0, 0, 0)], (), InvalidArgument, "must be \\(section, start, remove_count, item_ids\\)"),
        ]:
            with pytest.raises(error, match=text):
                view.diff_snapshot_edits(edits, changed)
            with pytest.raises(error, match=text):
                view.apply_snapshot_edits(edits, changed)
            assert snapshot(view) == state
            assert view.counts == [3, 1]
            assert view.index_path_for_identifier(12) == (0, 2)
        view.clear_identifiers()
        with pytest.raises(StateError, match="given in bulk"):
            view.apply_snapshot_edits([])
        with pytest.raises(StateError, match="given in bulk"):
            view.diff_snapshot_edits([])


def test_another_data_source_must_report_the_new_counts():
    counts = [3]
    with cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=lambda s: counts[s], sections=1) as view:
        view.set_identifiers([(1, [10, 11, 12])])
        with pytest.raises(InconsistentUpdate):
            view.apply_snapshot_edits([(0, 3, 0, [13])])
        # The diff alone does not ask the data source.
        assert [(u.action, u.after) for u in view.diff_snapshot_edits([(0, 3, 0, [13])])] == [("insert", (0, 3))]
        counts[0] = 4
        view.apply_snapshot_edits([(0, 3, 0, [13])])
        assert view.item_identifier((0, 3)) == 13


def test_json_spec_snapshot_edits_give_what_the_snapshot_gives():
    from cvlayout.demo import spec as S
    base = {"version": 1, "layout": {"kind": "flow", "item_size": [100, 40], "minimum_line_spacing": 10},
            "sections": [{"id": 7, "ids": [10, 11, 12, 13, 14, 15, 16, 17]}],
            "viewport": {"width": 100, "height": 100, "offset": [0, 200]}, "anchoring": "first_visible"}
    after = [20, 21, 10, 11, 12, 13, 14, 16, 17]
    anim = {"duration": 1.0, "curve": "linear"}
    edits = [[0, 5, 1, []], [0, 0, 0, [20, 21]]]   # delete 15, then insert two at the top
    for time in (0.0, 0.5, 1.0):
        whole = S.render(dict(base, transition={"snapshot": [{"id": 7, "ids": after}], "changed": [13],
                                                "animation": anim, "time": time}))
        for sections in ([{"count": 9}], [{"id": 7, "ids": after}]):
            spliced = S.render(dict(base, transition={"snapshot_edits": edits, "sections": sections,
                                                      "changed": [13], "animation": anim, "time": time}))
            assert spliced == whole
    assert whole["viewport"]["offset"] == [0.0, 300.0]   # anchored: two rows inserted above
    for transition, text in [
        ({"snapshot_edits": edits}, "give \"sections\""),
        ({"snapshot_edits": [[0, 5, 1]], "sections": [{"count": 7}]}, "snapshot_edits\\[0\\]"),
        ({"snapshot_edits": [[0, 0, 0, [30]]], "sections": [{"ids": [31, 10, 11, 12, 13, 14, 15, 16, 17]}]},
         "differ from the spec's ids spliced"),
        ({"updates": [], "sections": [{"count": 8}], "changed": [10]}, "\"changed\" goes with"),
    ]:
        with pytest.raises(S.SpecError, match=text):
            S.render(dict(base, transition=transition))
    no_ids = dict(base, sections=[{"count": 8}])
    with pytest.raises(S.SpecError, match="give \"ids\" in the spec's sections"):
        S.render(dict(no_ids, transition={"snapshot_edits": [], "sections": [{"count": 8}]}))
    with pytest.raises(cvlayout.OutOfRange, match="snapshot edit 0"):
        S.render(dict(base, transition={"snapshot_edits": [[0, 9, 1, []]], "sections": [{"count": 7}]}))


def test_a_large_section_spliced_many_times_keeps_every_identifier_in_place():
    # 5,000 identifiers, then 30 calls of 1-12 random splices each (a section this large, or one
    # spliced more than 8 times in a call, is kept in chunks from then on): after each call the
    # identifiers at random places, the edited ones and a whole-list snapshot diff agree with a
    # plain list.
    import random
    rng = random.Random(0x5EC7)
    ids = list(range(1, 5001))
    fresh = iter(range(100_000, 200_000))
    with make_view([(9, ids)]) as view:
        for _ in range(30):
            edits = []
            for _ in range(rng.randint(1, 12)):
                start = rng.randint(0, len(ids))
                remove = rng.randint(0, min(40, len(ids) - start))
                new = [next(fresh) for _ in range(rng.randint(0, 40))]
                ids[start:start + remove] = new
                edits.append((0, start, remove, new))
            view.apply_snapshot_edits(edits)
            assert view.counts == [len(ids)]
            for i in rng.sample(range(len(ids)), 50) + [0, len(ids) - 1]:
                assert view.item_identifier((0, i)) == ids[i]
                assert view.index_path_for_identifier(ids[i]) == (0, i)
            for _, _, _, new in edits:
                for x in new:
                    if x in ids:
                        assert view.item_identifier(view.index_path_for_identifier(x)) == x
            assert view.diff_snapshot([(9, ids)]) == []
        cells = [a for a in view.visible_attributes() if a.is_cell]
        assert cells and all(a.identifier == ids[a.index_path[1]] for a in cells)
