"""Identities and diffing: cvl_view_set_identifiers, cvl_view_apply_snapshot, cvl_view_diff_snapshot.

The property tests apply the computed requests to the old lists with a model of UIKit's batch-update
semantics (written here from UIKit's documented rules, independently of the library's UpdatePlan)
and check that the result is the new list, that every element found in both keeps its identity
unless the documented exceptions apply, and that the library's index-path maps agree with the ids.
"""

from __future__ import annotations

import pytest
from conftest import needs_flow, requires, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cvlayout
from cvlayout import InconsistentUpdate, InvalidArgument, StateError

pytestmark = [needs_flow, requires("cvl_view_apply_snapshot", "cvl_view_diff_snapshot", "cvl_view_set_identifiers")]

NEW = object()   # an element the model saw inserted


def apply_model(old: list[tuple[int, list[int]]], new_counts: list[int], requests):
    """Applies UIKit-form requests to ``old`` ([(section_id, [item ids])]) and returns the new
    section ids (NEW for inserted sections) and item lists: moved and surviving items carry their
    id, inserted places hold NEW, reloaded items ("reloaded", id). Survivors of a section fill, in
    order, the places that no insert or move destination takes (UIKit's rule); sections the same
    way."""
    sec_deleted = {u.before[0] for u in requests if u.is_section and u.action == "delete"}
    sec_inserted = {u.after[0] for u in requests if u.is_section and u.action == "insert"}
    sec_moves = {u.before[0]: u.after[0] for u in requests if u.is_section and u.action == "move"}
    n_new = len(new_counts)
    new_to_old = [None] * n_new
    for s, t in sec_moves.items():
        new_to_old[t] = s
    fixed = sec_inserted | set(sec_moves.values())
    survivors = [s for s in range(len(old)) if s not in sec_deleted and s not in sec_moves]
    free = [t for t in range(n_new) if t not in fixed]
    assert len(survivors) == len(free), "section counts do not add up"
    for s, t in zip(survivors, free):
        new_to_old[t] = s
    old_to_new = {s: t for t, s in enumerate(new_to_old) if s is not None}

    items = [u for u in requests if not u.is_section]
    deleted = {u.before for u in items if u.action == "delete"}
    reloaded = {u.before for u in items if u.action == "reload"}
    inserted = {u.after for u in items if u.action == "insert"}
    moves = {u.before: u.after for u in items if u.action == "move"}
    assert not deleted & set(moves), "delete and move from one place"
    assert not inserted & set(moves.values()), "insert and move to one place"
    out = []
    for t in range(n_new):
        if t in sec_inserted:
            out.append([NEW] * new_counts[t])
            continue
        s = new_to_old[t]
        row = [None] * new_counts[t]
        for (ms, mi), (mt, mj) in moves.items():
            if mt == t:
                assert ms not in sec_deleted, "move out of a deleted section"
                row[mj] = old[ms][1][mi]
        for (it, ij) in inserted:
            if it == t:
                assert row[ij] is None
                row[ij] = NEW
        stay = [i for i in range(len(old[s][1])) if (s, i) not in deleted and (s, i) not in moves]
        places = [j for j in range(new_counts[t]) if row[j] is None]
        assert len(stay) == len(places), f"item count of section {t} does not add up"
        for i, j in zip(stay, places):
            x = old[s][1][i]
            row[j] = ("reloaded", x) if (s, i) in reloaded else x
        out.append(row)
    # every move's source section survives or is moved; destinations are not inserted sections
    for (ms, _), (mt, _) in moves.items():
        assert ms in old_to_new and mt not in sec_inserted
    return [NEW if t in sec_inserted else old[new_to_old[t]][0] for t in range(n_new)], out


@st.composite
def snapshot_pairs(draw):
    """(old, new, changed): sections and items drawn from small id pools so that sections and
    items are kept, moved between places and sections, deleted and inserted."""
    section_pool = draw(st.permutations(range(100, 108)))
    item_pool = list(range(1, 40))
    def one():
        n = draw(st.integers(0, 5))
        sids = list(section_pool[:n]) if draw(st.booleans()) else draw(st.permutations(section_pool))[:n]
        ids = draw(st.lists(st.sampled_from(item_pool), unique=True, max_size=30))
        cuts = sorted(draw(st.lists(st.integers(0, len(ids)), min_size=max(n - 1, 0), max_size=max(n - 1, 0))))
        bounds = [0] + cuts + [len(ids)]
        if n == 0:
            return []
        return [(sid, ids[bounds[k]:bounds[k + 1]]) for k, sid in enumerate(sids)]
    old = one()
    if draw(st.booleans()):   # a small edit of old: shuffles and a few inserts/deletes
        new = [(sid, list(items)) for sid, items in old]
        for _ in range(draw(st.integers(0, 4))):
            if not new:
                break
            k = draw(st.integers(0, len(new) - 1))
            items = new[k][1]
            op = draw(st.sampled_from(["move", "move", "move_near", "insert", "delete", "swap_sections"]))
            used = {x for _, its in new for x in its}
            if op == "move" and items:
                x = items.pop(draw(st.integers(0, len(items) - 1)))
                dest = new[draw(st.integers(0, len(new) - 1))][1]
                dest.insert(draw(st.integers(0, len(dest))), x)
            elif op == "move_near" and items:
                i = draw(st.integers(0, len(items) - 1))
                x = items.pop(i)
                items.insert(min(len(items), max(0, i + draw(st.integers(-3, 3)))), x)
            elif op == "insert":
                fresh = [x for x in range(40, 60) if x not in used]
                items.insert(draw(st.integers(0, len(items))), fresh[0])
            elif op == "delete" and items:
                items.pop(draw(st.integers(0, len(items) - 1)))
            elif op == "swap_sections" and len(new) > 1:
                j = draw(st.integers(0, len(new) - 1))
                new[k], new[j] = new[j], new[k]
    else:
        new = one()
    new_ids = [x for _, items in new for x in items]
    changed = draw(st.lists(st.sampled_from(new_ids), max_size=5)) if new_ids else []
    return old, new, changed


def make_view(old, bounds=(300, 400)):
    layout = cvlayout.FlowLayout(item_size=(50, 50), minimum_line_spacing=10, minimum_interitem_spacing=10)
    view = cvlayout.CollectionView(layout, counts=[len(items) for _, items in old], bounds_size=bounds)
    if old:
        view.set_identifiers(old)
    return view


def check_requests(old, new, changed, requests):
    sections, result = apply_model(old, [len(items) for _, items in new], requests)
    old_section_ids = {sid for sid, _ in old}
    # A moved section with item changes is reported as a section delete and insert (IGListKit's
    # rule, docs/batch-update-rules.md "Snapshot diffs UIKit accepts"): new although its id is old.
    inserted = {u.after[0] for u in requests if u.is_section and u.action == "insert"}
    for t, (sid, _) in enumerate(new):
        assert sections[t] == sid or (sections[t] is NEW and (sid not in old_section_ids or t in inserted)), \
            f"section {t}"
    old_place = {x: (s, i) for s, (_, items) in enumerate(old) for i, x in enumerate(items)}
    old_sections = {sid: s for s, (sid, _) in enumerate(old)}
    new_sections = {sid for sid, _ in new}
    moved_from = {u.before[0] for u in requests if u.is_section and u.action == "move"}
    deleted = {u.before[0] for u in requests if u.is_section and u.action == "delete"}
    moved_to = {u.after[0] for u in requests if u.is_section and u.action == "move"}
    for t, (sid, items) in enumerate(new):
        assert len(result[t]) == len(items)
        for j, x in enumerate(items):
            got = result[t][j]
            if got is NEW:
                # Only an id not in old, or one that the documented exceptions turn into a
                # delete + insert: changed and moved, across a deleted/inserted section, or a
                # move UIKit could not map (docs/batch-update-rules.md, "Snapshot diffs UIKit
                # accepts"): inside a moved section, or between sections sharing a number.
                if x in old_place:
                    s = old_place[x][0]
                    assert (x in changed or sid not in old_sections or old[s][0] not in new_sections
                            or s in moved_from or t in moved_to or (s == t and old[s][0] != sid)
                            or t in inserted or s in deleted), \
                        f"item {x} kept its identity but was inserted"
            elif isinstance(got, tuple):
                assert got == ("reloaded", x) and x in changed
            else:
                assert got == x, f"section {t} item {j}: {got} instead of {x}"
                assert x not in changed, f"changed item {x} was neither reloaded nor replaced"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(snapshot_pairs())
def test_computed_update_turns_old_into_new(case):
    old, new, changed = case
    with make_view(old) as view:
        requests = view.diff_snapshot(new, changed)
        check_requests(old, new, changed, requests)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(snapshot_pairs(), st.booleans())
def test_applied_snapshot_maps_agree_with_ids(case, animated):
    old, new, changed = case
    with make_view(old) as view:
        expected = view.diff_snapshot(new, changed)
        view.apply_snapshot(new, changed, animation=0.3 if animated else None)
        assert view.counts == [len(items) for _, items in new]
        old_ids = [items for _, items in old]
        new_ids = [items for _, items in new]
        for s, items in enumerate(old_ids):
            for i, x in enumerate(items):
                m = view.map_index_path((s, i), "old_to_new")
                if m is not None:
                    assert new_ids[m[0]][m[1]] == x
        for t, items in enumerate(new_ids):
            for j, x in enumerate(items):
                m = view.map_index_path((t, j), "new_to_old")
                if m is not None:
                    assert old_ids[m[0]][m[1]] == x
                assert view.item_identifier((t, j)) == x
                assert view.index_path_for_identifier(x) == (t, j)
        # The same requests pass perform_batch_updates on a view in the old state.
        with make_view(old) as again:
            again.perform_batch_updates(expected, new_counts=[len(i) for i in new_ids])
        if not animated:
            for a in view.all_attributes():
                if a.is_cell:
                    assert a.identifier == new_ids[a.index_path[0]][a.index_path[1]]
                else:
                    assert a.identifier == new[a.index_path[0]][0]


@st.composite
def edit_chains(draw):
    """A long list (3 sections, 40-80 items each) and a chain of small edits of it: a snapshot
    that keeps its sections and changes a few items is compared, not hashed, and the view's
    identifier table is derived from the one before (cvlayout.h, "The diff")."""
    fresh = iter(range(10_000, 20_000))
    lists = [[next(fresh) for _ in range(draw(st.integers(40, 80)))] for _ in range(3)]
    chain = []
    for _ in range(draw(st.integers(1, 6))):
        lists = [list(items) for items in lists]
        for _ in range(draw(st.integers(0, 3))):
            k = draw(st.integers(0, 2))
            items = lists[k]
            op = draw(st.sampled_from(["move", "insert", "delete"]))
            if op == "insert":
                items.insert(draw(st.integers(0, len(items))), next(fresh))
            elif items:
                x = items.pop(draw(st.integers(0, len(items) - 1)))
                if op == "move":
                    dest = lists[draw(st.integers(0, 2))]
                    dest.insert(draw(st.integers(0, len(dest))), x)
        ids = [x for items in lists for x in items]
        changed = draw(st.lists(st.sampled_from(ids), max_size=2)) if ids else []
        chain.append(([(500 + k, items) for k, items in enumerate(lists)], changed))
    return chain


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edit_chains())
def test_a_chain_of_small_snapshots_keeps_every_lookup(chain):
    first, _ = chain[0]
    old = [(sid, list(items)) for sid, items in first]
    old[0] = (old[0][0], old[0][1][1:])   # the chain's first snapshot differs from the view's
    with make_view(old) as view:
        seen: set[int] = set()
        for new, changed in chain:
            requests = view.diff_snapshot(new, changed)
            check_requests(old, new, changed, requests)
            view.apply_snapshot(new, changed)
            seen |= {x for _, items in old for x in items}
            present = {x for _, items in new for x in items}
            for t, (_, items) in enumerate(new):
                for j, x in enumerate(items):
                    assert view.index_path_for_identifier(x) == (t, j)
            for x in seen - present:
                assert view.index_path_for_identifier(x) is None
            old = new


def test_a_single_move_is_one_move():
    with make_view([(1, [10, 11, 12, 13])]) as view:
        reqs = view.diff_snapshot([(1, [11, 12, 13, 10])])
        assert [(u.action, u.before, u.after) for u in reqs] == [("move", (0, 0), (0, 3))]
        reqs = view.diff_snapshot([(1, [13, 10, 11, 12])])
        assert [(u.action, u.before, u.after) for u in reqs] == [("move", (0, 3), (0, 0))]


def test_inserts_and_deletes_only_produce_no_moves():
    with make_view([(1, [10, 11, 12, 13, 14])]) as view:
        reqs = view.diff_snapshot([(1, [20, 10, 12, 21, 13, 14, 22])])
        assert [(u.action, u.before, u.after) for u in reqs] == [
            ("delete", (0, 1), (-1, -1)), ("insert", (-1, -1), (0, 0)), ("insert", (-1, -1), (0, 3)),
            ("insert", (-1, -1), (0, 6))]


def test_sections_and_reloads():
    old = [(1, [10, 11]), (2, [20, 21]), (3, [30])]
    new = [(3, [30, 11]), (1, [10]), (4, [40, 20])]
    with make_view(old) as view:
        reqs = view.diff_snapshot(new, changed=[10, 30])
        got = [(u.action, u.is_section, u.before, u.after) for u in reqs]
        # section 2 deleted, section 4 inserted at 2; sections 1 and 3 swap (section 1 moves,
        # 0 -> 1); 20 leaves a deleted section for an inserted one (absorbed by both); 21 goes with
        # its section. In the identity diff 11 moves (0, 1) -> (0, 1) out of section 1 into section
        # 3, and 10 and 30 are reloaded. The reported (portable) batch: section 1 moved with item
        # changes (11 leaves it, 10 is reloaded in it), so its move becomes a section delete (0)
        # and insert (1), IGListKit's rule; 11 is then inserted at (0, 1); 30 stays a reload: its
        # section lands at 0, where the section deletes (0, 1) and inserts (1, 2) alone put it,
        # and no item move touches it (docs/batch-update-rules.md, "Snapshot diffs UIKit accepts").
        assert got == [
            ("delete", True, (0, -1), (-1, -1)), ("delete", True, (1, -1), (-1, -1)),
            ("insert", True, (-1, -1), (1, -1)), ("insert", True, (-1, -1), (2, -1)),
            ("insert", False, (-1, -1), (0, 1)), ("reload", False, (2, 0), (-1, -1))]
        view.apply_snapshot(new, changed=[10, 30])
        assert view.counts == [2, 1, 2]


def test_disappearing_elements_carry_their_old_ids():
    old = [(7, list(range(100, 130)))]
    new = [(7, [x for x in range(100, 130) if x % 3])]   # deletes every third item
    with make_view(old) as view:
        before = {a.index_path: a.identifier for a in view.visible_attributes()}
        assert before[(0, 0)] == 100 and before[(0, 4)] == 104
        view.apply_snapshot(new, animation=1.0)
        view.set_time(0.5)
        gone = [a for a in view.visible_attributes() if a.disappearing]
        assert gone, "the deleted cells animate out"
        for a in gone:
            assert a.identifier == old[0][1][a.index_path[1]] and a.identifier % 3 == 0
        for a in view.visible_attributes():
            if not a.disappearing:
                assert a.identifier == new[0][1][a.index_path[1]]


def test_errors_change_nothing():
    old = [(1, [10, 11, 12])]
    with make_view(old) as view:
        state = snapshot(view)
        for bad, changed, error in [([(1, [10, 10])], (), InvalidArgument),
                                    ([(1, [10]), (1, [11])], (), InvalidArgument),
                                    ([(1, [10, 11])], [99], InvalidArgument),
                                    ([(1, [10, -1])], (), InvalidArgument),
                                    ([(1, [2 ** 64])], (), InvalidArgument)]:
            with pytest.raises(error):
                view.apply_snapshot(bad, changed)
            assert snapshot(view) == state
            assert view.item_identifier((0, 1)) == 11
        with pytest.raises(InvalidArgument, match="appears twice in the new snapshot: at \\[0, 0\\] and \\[0, 2\\]"):
            view.diff_snapshot([(1, [5, 6, 5])])
        with pytest.raises(InvalidArgument, match="give 1 section \\[2\\]"):
            view.set_identifiers([(1, [1, 2])])
        assert view.item_identifier((0, 2)) == 12


def test_data_source_must_report_the_snapshot_counts():
    counts = [3]
    layout = cvlayout.FlowLayout()
    with cvlayout.CollectionView(layout, data_source=lambda s: counts[s], sections=1) as view:
        view.set_identifiers([(1, [10, 11, 12])])
        expected = "the data source reports 1 section \\[3\\] but the snapshot has 1 section \\[4\\]"
        with pytest.raises(InconsistentUpdate, match=expected):
            view.apply_snapshot([(1, [10, 11, 12, 13])])
        counts[0] = 4
        view.apply_snapshot([(1, [10, 11, 12, 13])])
        assert view.item_identifier((0, 3)) == 13


def test_identifiers_from_buffers_of_uint64_are_copied_whole():
    # A buffer of unsigned 64-bit ids (array('Q'), numpy uint64) is copied in one piece; other
    # buffers and sequences item by item, each checked (a negative id refused, nothing changed).
    import array

    from cvlayout.view import _id_array
    big = (1 << 64) - 1
    ids = array.array("Q", [5, big, 7])
    copied = _id_array(ids, "t")
    assert list(copied) == [5, big, 7] and copied.buffer_info()[0] != ids.buffer_info()[0]
    assert list(_id_array(memoryview(ids).toreadonly(), "t")) == [5, big, 7]
    assert list(_id_array(array.array("q", [1, 2]), "t")) == [1, 2]
    with pytest.raises(InvalidArgument):
        _id_array(array.array("q", [1, -2]), "t")
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[3]) as view:
        view.set_identifiers([(1, ids)])
        ids[0] = 99  # after the call: the view kept its own copy
        assert [view.item_identifier((0, i)) for i in range(3)] == [5, big, 7]
        with pytest.raises(InvalidArgument):
            view.apply_snapshot([(1, array.array("q", [5, -1, 7]))])
        assert view.item_identifier((0, 1)) == big


def test_no_identifiers_is_a_state_error_except_for_an_empty_view():
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[2]) as view:
        with pytest.raises(StateError):
            view.apply_snapshot([(1, [1, 2])])
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[]) as view:
        view.apply_snapshot([(1, [1, 2]), (2, [3])])
        assert view.counts == [2, 1]
        assert [u.action for u in view.last_update_items()] == ["insert", "insert"]


def test_manual_batch_update_drops_bulk_identifiers_but_keeps_a_source():
    with make_view([(1, [10, 11])]) as view:
        view.perform_batch_updates(cvlayout.insert_items([(0, 2)]), new_counts=[3])
        assert view.item_identifier((0, 0)) is None
        with pytest.raises(StateError):
            view.index_path_for_identifier(10)
        view.set_identifier_source(lambda ip: 1000 + ip[1], lambda s: 7)
        view.perform_batch_updates(cvlayout.insert_items([(0, 3)]), new_counts=[4])
        assert view.item_identifier((0, 3)) == 1003
        cells = [a for a in view.visible_attributes()]
        assert [a.identifier for a in cells if a.is_cell] == [1000, 1001, 1002, 1003]


def test_identifier_source_is_read_for_the_old_state():
    data = [10, 11, 12]
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[3]) as view:
        view.set_identifier_source(lambda ip: data[ip[1]])
        reqs = view.diff_snapshot([(0, [12, 10, 11])])   # section identifier defaults to the index
        assert [(u.action, u.before, u.after) for u in reqs] == [("move", (0, 2), (0, 0))]
        view.apply_snapshot([(0, [12, 10, 11])], animation=0.2)
        assert view.item_identifier((0, 0)) == 12   # the snapshot replaced the source
        view.set_identifier_source(lambda ip: (_ for _ in ()).throw(ValueError("no ids")))
        with pytest.raises(cvlayout.CallbackError):
            view.diff_snapshot([(0, [1, 2, 3])])


def test_json_spec_snapshot_transition_and_anchoring():
    from cvlayout.demo import spec as S
    base = {"version": 1, "layout": {"kind": "flow", "item_size": [100, 40], "minimum_line_spacing": 10},
            "sections": [{"id": 7, "ids": [10, 11, 12, 13, 14, 15, 16, 17]}],
            "viewport": {"width": 100, "height": 100, "offset": [0, 200]}, "anchoring": "first_visible"}
    still = S.render(base)
    assert [e["identifier"] for e in still["elements"]][:3] == [10, 11, 12]
    moved = dict(base, transition={"snapshot": [{"id": 7, "ids": [20, 21, 10, 11, 12, 13, 14, 16, 17]}],
                                   "animation": {"duration": 1.0, "curve": "linear"}, "time": 1.0})
    out = S.render(moved)
    # Two rows inserted above the first visible item (14 at y 200): the offset follows by 2 x 50.
    assert out["viewport"]["offset"] == [0.0, 300.0]
    cells = {e["identifier"]: e for e in out["elements"] if e["category"] == "cell"}
    assert cells[14]["frame"][1] == 300.0 and 15 not in cells
    assert [cells[x]["index_path"] for x in (20, 21, 10)] == [[0, 0], [0, 1], [0, 2]]
    mid = S.render(dict(moved, transition=dict(moved["transition"], time=0.5)))
    gone = [e for e in mid["elements"] if e["disappearing"]]
    assert [e["identifier"] for e in gone] == [15]
    with pytest.raises(S.SpecError, match="every section needs"):
        S.render(dict(base, transition={"snapshot": [{"count": 3}]}))
    with pytest.raises(S.SpecError, match="anchoring"):
        S.render(dict(base, anchoring="sideways"))
