"""Batch updates, index-path mapping, animations and layout switches from Python."""

from __future__ import annotations

import math

import pytest
from conftest import GridLayout, requires, snapshot

import cvlayout
from cvlayout import Animation, UpdateItem
from cvlayout.geometry import IDENTITY, translation

needs_updates = requires("cvl_view_perform_batch_updates", "cvl_view_last_update_items", "cvl_view_map_index_path")
needs_animation = requires("cvl_view_set_time", "cvl_animation_total_duration")


def frames(view):
    return {a.index_path: a.frame for a in view.all_attributes() if a.is_cell}


@needs_updates
def test_insert_delete_move_with_list_counts(grid_view):
    grid_view.perform_batch_updates(
        [cvlayout.insert_items([(0, 0)]), cvlayout.delete_items((1, 2)), cvlayout.move_item((0, 4), (1, 0))],
        new_counts=[5, 3])
    assert grid_view.counts == [5, 3]
    # What the layout saw, UIKit's list: deletes, inserts, reloads, moves.
    assert grid_view.last_update_items() == [
        UpdateItem("delete", before=(1, 2)), UpdateItem("insert", after=(0, 0)),
        UpdateItem("move", before=(0, 4), after=(1, 0))]
    assert grid_view.map_index_path((0, 4)) == (1, 0)
    assert grid_view.map_index_path((0, 0)) == (0, 1)
    assert grid_view.map_index_path((1, 2)) is None
    assert grid_view.map_index_path((0, 0), "new_to_old") is None
    assert grid_view.map_index_path((1, 0), "new_to_old") == (0, 4)
    assert not grid_view.is_animating   # no animation: the new state answers at once
    assert frames(grid_view)[(1, 2)] == (0.0, 350.0, 50.0, 50.0)


@needs_updates
def test_sections(grid_view):
    grid_view.perform_batch_updates(cvlayout.insert_sections([0, 2]), new_counts=[1, 5, 0, 3])
    assert grid_view.counts == [1, 5, 0, 3]
    assert grid_view.map_index_path(0) == 1 and grid_view.map_index_path(1) == 3
    assert grid_view.map_index_path(2, "new_to_old") is None
    grid_view.perform_batch_updates(cvlayout.delete_sections(1) + cvlayout.move_section(3, 0), new_counts=[3, 1, 0])
    assert grid_view.counts == [3, 1, 0]
    assert grid_view.map_index_path(1) is None
    grid_view.perform_batch_updates(cvlayout.reload_sections([0]) + cvlayout.reload_items([(1, 0)]),
                                    new_counts=[3, 1, 0])
    assert grid_view.map_index_path((1, 0)) == (1, 0)


@needs_updates
def test_inconsistent_update_changes_nothing(grid_view):
    before = snapshot(grid_view)
    with pytest.raises(cvlayout.InconsistentUpdate, match="Invalid update"):
        grid_view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[5, 3])
    assert snapshot(grid_view) == before and grid_view._counts == [5, 3]
    with pytest.raises((cvlayout.OutOfRange, cvlayout.InconsistentUpdate)):
        grid_view.perform_batch_updates(cvlayout.delete_items((0, 9)), new_counts=[4, 3])
    assert snapshot(grid_view) == before and grid_view._counts == [5, 3]
    with pytest.raises(cvlayout.CvlError):
        grid_view.perform_batch_updates(cvlayout.delete_items((0, 1)) + cvlayout.delete_items((0, 1)),
                                        new_counts=[3, 3])
    assert snapshot(grid_view) == before


@needs_updates
def test_uikit_wording_and_check_order(grid_view):
    # A reload of a missing item is reported as UIKit reports it: as the delete.
    with pytest.raises(cvlayout.OutOfRange,
                       match=r"^attempt to delete item 9 from section 0 which only contains 5 items "
                             r"before the update$"):
        grid_view.perform_batch_updates(cvlayout.reload_items((0, 9)), new_counts=[5, 3])
    # Deletes are checked before moves: the delete/move conflict wins over the move's range error.
    with pytest.raises(cvlayout.InconsistentUpdate,
                       match=r"^attempt to perform a delete and a move from the same index path \(\[0, 1\]\)$"):
        grid_view.perform_batch_updates(cvlayout.delete_items((0, 1)) + cvlayout.move_item((0, 1), (0, 7)),
                                        new_counts=[4, 3])
    with pytest.raises(cvlayout.InconsistentUpdate, match=r"^cannot move an item into a newly inserted section \(1\)$"):
        grid_view.perform_batch_updates(cvlayout.insert_sections(1) + cvlayout.move_item((0, 0), (1, 0)),
                                        new_counts=[4, 1, 3])
    # Reload = 1 inserted + 1 deleted in the count message, with UIKit's two spaces.
    with pytest.raises(cvlayout.InconsistentUpdate,
                       match=r"section 0\.  The number .* \(1 inserted, 1 deleted\) .* \(0 moved in, 0 moved out\)\.$"):
        grid_view.perform_batch_updates(cvlayout.reload_items((0, 1)), new_counts=[6, 3])


@needs_updates
def test_callable_data_source_answers_new_counts():
    counts = [2]
    with cvlayout.CollectionView(GridLayout(), data_source=lambda s: counts[s], sections=lambda: len(counts)) as view:
        counts[0] = 4
        view.perform_batch_updates(cvlayout.insert_items([(0, 2), (0, 3)]))
        assert view.counts == [4]
        counts.append(1)
        view.reload_data()
        assert view.counts == [4, 1]


@needs_updates
def test_batch_updates_context_manager(grid_view):
    with grid_view.batch_updates(new_counts=[6, 3]) as updates:
        updates += cvlayout.insert_items((0, 5))
    assert grid_view.counts == [6, 3]


def test_update_helpers():
    assert cvlayout.insert_items([(0, 1), (2, 3)]) == [UpdateItem("insert", after=(0, 1)),
                                                       UpdateItem("insert", after=(2, 3))]
    assert cvlayout.delete_sections([1]) == [UpdateItem("delete", before=(1, -1), is_section=True)]
    s = cvlayout.move_section(1, 2)[0].to_struct()
    assert (s.action, s.is_section, s.before.section, s.after.section, s.after.item) == (3, 1, 1, 2, -1)
    with pytest.raises(ValueError):
        UpdateItem("explode")


class Hooked(GridLayout):
    def __init__(self):
        super().__init__()
        self.updates = []
        self.finalized = 0

        self.inserted = set()

    def prepare_for_updates(self, env, updates):
        self.updates.append(updates)
        self.inserted = {u.after for u in updates if u.action == "insert"}

    def finalize_updates(self, env):
        self.finalized += 1
        self.inserted = set()

    def initial_attributes_for_appearing(self, env, attributes):
        # As in UIKit (and the seed's Listing 4.12), this is asked for every element on screen
        # after the update, not only inserted ones: filter with what prepare_for_updates saw.
        if attributes.is_cell and attributes.index_path in self.inserted:
            return attributes.copy(transform=translation(1000, 0), alpha=1.0)
        return None


@needs_updates
@needs_animation
def test_animated_update_interpolates_on_the_views_clock():
    layout = Hooked()
    with cvlayout.CollectionView(layout, [3], bounds_size=(100, 1000)) as view:
        view.set_time(10.0)
        view.visible_attributes()            # the host draws: an update animates from what is on screen
        view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[4],
                                   animation=Animation(duration=1.0, curve="linear"))
        assert layout.updates == [[UpdateItem("insert", after=(0, 0))]]
        assert view.is_animating
        view.set_time(10.5)
        f = {a.index_path: a for a in view.all_attributes()}
        assert f[(0, 1)].frame == (0.0, 25.0, 50.0, 50.0)           # was (0, 0): halfway to y 50
        assert f[(0, 0)].transform == pytest.approx(translation(500, 0), abs=1e-9)  # slides in from the right
        view.set_time(11.0)
        assert not view.is_animating
        assert view.attributes_for_item((0, 0)).transform == IDENTITY
        assert layout.finalized == 1


@needs_updates
@needs_animation
def test_default_crossfade_delay_and_finish(grid_view):
    grid_view.visible_attributes()           # drawn: the update animates from it
    grid_view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[6, 3],
                                    animation=Animation(duration=1.0, delay=1.0, curve="linear"))
    grid_view.set_time(0.5)
    assert grid_view.attributes_for_item((0, 1)).frame[1] == 0.0      # still waiting for the delay
    grid_view.set_time(1.5)
    assert grid_view.attributes_for_item((0, 0)).alpha == pytest.approx(0.5)
    grid_view.finish_animations()
    assert not grid_view.is_animating
    assert grid_view.attributes_for_item((0, 1)).frame[1] == 50.0


@requires("cvl_view_set_layout")
@needs_animation
def test_set_layout_animated(grid_view):
    old, big = grid_view.layout, GridLayout(size=100)
    grid_view.set_layout(big, animation=Animation(duration=2.0, curve="linear"))
    assert grid_view.layout is big
    # The content offset is carried: the cell nearest the viewport's centre (y 100) is (0, 1)
    # (centre 75, first of the tie with 125); in the new layout its centre is 150, so the offset
    # becomes 150 - 75 = 75. The old frame (0, 50, 50, 50) is shifted by that same 75 so nothing
    # jumps on screen, then moves linearly to (0, 100, 100, 100): halfway is (0, 112.5, 75, 75).
    assert grid_view.content_offset == (0.0, 75.0)
    grid_view.set_time(1.0)
    assert grid_view.attributes_for_item((0, 1)).frame == (0.0, 112.5, 75.0, 75.0)
    grid_view.set_time(2.0)
    assert grid_view.attributes_for_item((0, 1)).frame == (0.0, 100.0, 100.0, 100.0)
    # The previous layout is free again and can be attached elsewhere.
    with cvlayout.CollectionView(old, [1]) as other:
        assert other.counts == [1]


@requires("cvl_view_set_layout")
def test_set_layout_rejects_a_layout_in_use(grid_view):
    with cvlayout.CollectionView(GridLayout(), [1]) as other:
        before = snapshot(grid_view)
        with pytest.raises(cvlayout.StateError):
            grid_view.set_layout(other.layout)
        assert snapshot(grid_view) == before and grid_view.layout is not other.layout


@needs_animation
def test_animation_timing():
    assert Animation(duration=0.3).total_duration == pytest.approx(0.3)
    assert Animation(duration=1, delay=0.5).total_duration == pytest.approx(1.5)
    lin = Animation(duration=2, curve="linear")
    assert [lin.progress(t) for t in (-1, 0, 1, 2, 3)] == pytest.approx([0, 0, 0.5, 1, 1])
    ease = Animation(duration=1, curve="ease_in_out")
    # (0.42, 0, 0.58, 1) at x = 0.25: x(s) = 1.26 s(1-s)² + 1.74 s²(1-s) + s³ = 0.25 at
    # s = 0.2250652 (bisection by hand), y(s) = s²(3 - 2s) = 0.1291619.
    assert ease.progress(0.5) == pytest.approx(0.5) and ease.progress(0.25) == pytest.approx(0.1291619, abs=1e-6)
    # Critically damped spring, response 0.5: ω = 4π, x(t) = 1 - (1 + ωt)e^(-ωt); below 0.001 from
    # t = 0.7348, so Core Animation's 0.1 s walk settles at 0.8 s.
    crit = Animation.spring(damping_ratio=1.0, response=0.5)
    assert crit.progress(0.25) == pytest.approx(1 - (1 + math.pi) * math.exp(-math.pi), abs=1e-9)
    assert crit.total_duration == pytest.approx(0.8, abs=1e-9)
    assert crit.progress(crit.total_duration) == pytest.approx(1, abs=1e-3)
    assert Animation.cubic_bezier(0, 0, 1, 1, duration=1).progress(0.3) == pytest.approx(0.3, abs=1e-6)
    spring = Animation.spring(damping_ratio=0.5, response=0.4)
    assert spring.total_duration > 0.4
    assert max(spring.progress(t / 100) for t in range(100)) > 1.0      # under-damped: overshoots
    assert Animation.spring(damping_ratio=1.0, response=0.4).progress(5.0) == pytest.approx(1.0, abs=1e-3)
    phys = Animation.spring_physics(mass=1, stiffness=100, damping=20)
    assert phys.total_duration > 0
    d = Animation.default()
    assert (d.duration, d.curve, d.delay) == (0.3, "ease_in_out", 0.0)
    assert Animation() == d                                             # the dataclass asks the library
    # The default spring (critically damped, response 0.5 s) and CASpringAnimation's defaults
    # (mass 1, stiffness 100, damping 10: beta = c / 2m = 5, omega_d = sqrt(100 - 25)); Core
    # Animation's settling time is ln((1 + beta / omega_d) / 0.001) / beta = 1.4727 s.
    assert Animation.spring().total_duration == Animation.spring(damping_ratio=1.0, response=0.5).total_duration
    beta, omega_d = 5.0, math.sqrt(75.0)
    assert Animation.spring_physics().total_duration == pytest.approx(math.log((1 + beta / omega_d) / 0.001) / beta,
                                                                      abs=1e-9)
    assert Animation.spring_physics().total_duration == pytest.approx(1.4727, abs=1e-4)


@needs_animation
def test_core_animation_springs():
    # CASpringAnimation.settlingDuration's documented examples (mass 1, stiffness 100).
    five = Animation.spring_physics(mass=1, stiffness=100, damping=5)
    assert five.total_duration == pytest.approx(math.log((1 + 2.5 / math.sqrt(93.75)) / 0.001) / 2.5, abs=1e-9)
    assert five.total_duration == pytest.approx(2.855, abs=1e-3)
    assert Animation.spring_physics(mass=1, stiffness=100, damping=15).total_duration == pytest.approx(1.0221, abs=1e-4)
    # Overdamped springs move critically damped unless allowed (m 1, k 2, c 3).
    crit = Animation.spring_physics(mass=1, stiffness=2, damping=3)
    over = Animation.spring_physics(mass=1, stiffness=2, damping=3, allows_overdamping=True)
    assert crit.progress(1.0) == pytest.approx(1 - (1 + math.sqrt(2)) * math.exp(-math.sqrt(2)), abs=1e-12)
    assert over.progress(1.0) == pytest.approx(1 - 2 / math.e + math.exp(-2), abs=1e-12)
    # UIKit's duration + damping ratio + velocity: lasts the duration, ω = ln(1000/√3)/0.5 for ratio 0.5.
    uikit = Animation.spring_uikit(duration=1.0, damping_ratio=0.5, delay=0.25)
    assert uikit.total_duration == pytest.approx(1.25)
    w = math.log(1000 / math.sqrt(3)) / 0.5
    wd = w * math.sqrt(0.75)
    expected = 1 - math.exp(-0.5 * w * 0.2) * (math.cos(wd * 0.2) + 0.5 * w / wd * math.sin(wd * 0.2))
    assert uikit.progress(0.45) == pytest.approx(expected, abs=1e-9)
    with pytest.raises(ValueError):
        Animation.spring(rotation="clockwise")


@requires("cvl_transform3d_interpolate_rotation")
def test_rotation_direction_is_a_choice():
    from cvlayout.geometry import rotation
    a, b = rotation(math.radians(170), 0, 0, 1), rotation(math.radians(-170), 0, 0, 1)
    assert cvlayout.interpolate_transform(a, b, 0.5) == pytest.approx(rotation(math.pi, 0, 0, 1), abs=1e-9)
    assert cvlayout.interpolate_transform(a, b, 0.5, rotation="css") == pytest.approx(IDENTITY, abs=1e-9)
    with pytest.raises(ValueError):
        cvlayout.interpolate_transform(a, b, 0.5, rotation="left")


@requires("cvl_transform3d_interpolate")
def test_transform_interpolation():
    mid = cvlayout.interpolate_transform(IDENTITY, translation(10, 20, 30), 0.5)
    assert mid == pytest.approx(translation(5, 10, 15))
    from cvlayout.geometry import rotation
    quarter = cvlayout.interpolate_transform(IDENTITY, rotation(1.0, 0, 0, 1), 0.25)
    assert quarter == pytest.approx(rotation(0.25, 0, 0, 1), abs=1e-9)


@needs_updates
@needs_animation
def test_a_new_update_starts_from_the_current_on_screen_state(grid_view):
    # grid_view: one 50-wide column, counts [5, 3]. Insert at (0, 0): old (0, 0) at y 0 moves to y 50.
    lin = Animation(duration=1.0, curve="linear")
    grid_view.visible_attributes()           # drawn: the update animates from it
    grid_view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[6, 3], animation=lin)
    grid_view.set_time(0.5)
    assert grid_view.attributes_for_item((0, 1)).frame[1] == 25.0       # halfway from 0 to 50
    # A second insert at (0, 0) while the first runs: the same element is now (0, 2), headed for
    # y 100. It must start from where it is on screen (25), not jump back to 0 or forward to 50.
    grid_view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[7, 3], animation=lin)
    assert grid_view.attributes_for_item((0, 2)).frame[1] == pytest.approx(25.0)
    grid_view.set_time(1.0)
    assert grid_view.attributes_for_item((0, 2)).frame[1] == pytest.approx(62.5)  # 25 + (100 - 25) / 2
    grid_view.set_time(1.5)
    assert grid_view.attributes_for_item((0, 2)).frame[1] == 100.0


@needs_updates
@needs_animation
def test_disappearing_elements_are_marked_and_carry_their_old_index_path(grid_view):
    # One 50-wide column, counts [5, 3]. Delete (0, 1): old (0, 2) becomes (0, 1) and moves up
    # from y 100 to 50, while the deleted old (0, 1) fades out at y 50. Both say (0, 1).
    grid_view.visible_attributes()           # drawn: the update animates from it
    grid_view.perform_batch_updates(cvlayout.delete_items((0, 1)), new_counts=[4, 3],
                                    animation=Animation(duration=1.0, curve="linear"))
    grid_view.set_time(0.5)
    same = [a for a in grid_view.attributes_in_rect((0, 0, 100, 200)) if a.is_cell and a.index_path == (0, 1)]
    assert sorted((a.disappearing, a.frame[1], a.alpha) for a in same) == [(False, 75.0, 1.0), (True, 50.0, 0.5)]
    grid_view.set_time(1.0)
    assert not any(a.disappearing for a in grid_view.attributes_in_rect((0, 0, 100, 400)))


@needs_updates
@needs_animation
def test_a_reload_animates_as_delete_plus_insert(grid_view):
    # The old instance of (0, 1) fades out (disappearing), the new one fades in, same frame.
    grid_view.visible_attributes()           # drawn: the update animates from it
    grid_view.perform_batch_updates([UpdateItem("reload", before=(0, 1))], new_counts=[5, 3],
                                    animation=Animation(duration=1.0, curve="linear"))
    assert grid_view.last_update_items() == [UpdateItem("reload", before=(0, 1), after=(0, 1))]
    grid_view.set_time(0.25)
    same = [a for a in grid_view.attributes_in_rect((0, 0, 100, 200)) if a.is_cell and a.index_path == (0, 1)]
    assert sorted((a.disappearing, a.alpha, a.frame) for a in same) == [
        (False, 0.25, (0.0, 50.0, 50.0, 50.0)), (True, 0.75, (0.0, 50.0, 50.0, 50.0))]


@needs_updates
@needs_animation
def test_new_bulk_sizes_handed_over_before_an_animated_commit():
    """As a UIKit data source changes its model before performBatchUpdates, a host sets the
    new sizes first; the animation starts from what was on screen (the old sizes' frames)."""
    layout = cvlayout.FlowLayout(minimum_interitem_spacing=10, minimum_line_spacing=10)
    layout.set_item_sizes(0, [(100, 100)] * 3)
    with cvlayout.CollectionView(layout, [3], bounds_size=(400, 400)) as view:
        # One line: 300 of items, 100 left over shared by the two gaps -> x = 0, 150, 300.
        assert frames(view) == {(0, 0): (0.0, 0.0, 100.0, 100.0), (0, 1): (150.0, 0.0, 100.0, 100.0),
                                (0, 2): (300.0, 0.0, 100.0, 100.0)}
        layout.set_item_sizes(0, [(100, 100), (200, 100), (100, 100), (100, 100)])
        view.perform_batch_updates(cvlayout.insert_items([(0, 1)]), new_counts=[4],
                                   animation=Animation(duration=1.0, curve="linear"))
        # After: line 1 = items 0, 1 (300 wide, the 100 left over goes to the gap: x = 0, 200);
        # line 2 (y = 110) = items 2, 3, the last line, packed left: x = 0, 110.
        view.set_time(view.time + 0.5)
        mid = {a.index_path: (a.frame, a.alpha) for a in view.all_attributes() if a.is_cell}
        assert mid[(0, 0)] == ((0.0, 0.0, 100.0, 100.0), 1.0)
        assert mid[(0, 1)] == ((200.0, 0.0, 200.0, 100.0), 0.5)         # inserted: crossfade
        assert mid[(0, 2)] == ((75.0, 55.0, 100.0, 100.0), 1.0)         # old (0, 1): 150,0 -> 0,110
        assert mid[(0, 3)] == ((205.0, 55.0, 100.0, 100.0), 1.0)        # old (0, 2): 300,0 -> 110,110
        view.finish_animations()
        assert frames(view)[(0, 3)] == (110.0, 110.0, 100.0, 100.0)
    layout.close()


@needs_updates
def test_data_count_invalidation_that_changes_the_counts_ends_the_running_animation():
    # Found by test_stateful.py: an animated snapshot (or batch update) inserted section 0, then
    # the host's data went back to no sections and it invalidated the counts. The running
    # animation kept the inserted cells, and every query failed with CallbackError ("the layout
    # returned attributes for a cell with an index path that does not exist: [0, 0]").
    class Source:
        counts: list[int] = []

        def number_of_sections(self):
            return len(self.counts)

        def number_of_items(self, section):
            return self.counts[section]

    source = Source()
    layout = cvlayout.FlowLayout(item_size=(10, 10))
    with cvlayout.CollectionView(layout, data_source=source, bounds_size=(100, 100)) as view:
        assert view.visible_attributes() == []   # drawn: the snapshot animates from it
        source.counts = [2]
        view.apply_snapshot([(1, [10, 11])], animation=cvlayout.Animation(duration=1.0))
        view.set_time(0.5)
        assert view.is_animating
        source.counts = []
        view.invalidate("data_counts")
        assert view.counts == [] and not view.is_animating
        assert view.visible_attributes() == []
        # Unchanged counts keep the animation running.
        source.counts = [3]
        view.perform_batch_updates(cvlayout.insert_sections(0), animation=cvlayout.Animation(duration=1.0))
        view.invalidate("data_counts")
        assert view.is_animating and len([a for a in view.visible_attributes() if a.is_cell]) == 3


@needs_updates
@needs_animation
def test_animated_update_right_after_a_reload_does_not_prepare_the_old_state_with_new_data():
    # Found by test_stateful.py. The host follows the protocol: it reloads, changes its data,
    # then sends the update. Nothing was laid out for the reloaded counts, so nothing of them is
    # on screen: the update is checked and applied without animation (UIKit: "If the collection
    # view's layout is not up to date before you call this method, a reload may occur"), and the
    # tree is asked only about the data it has. Before, the library prepared the old counts [1]
    # first, asking the tree for children, which answered for the new data [1, 1]: CallbackError.
    data = {"counts": [1]}
    asked = []

    def children(section, item):
        c = data["counts"]
        assert 0 <= section < len(c) and 0 <= item < c[section], "asked about data the host does not have"
        asked.append((section, item))
        return c[section + 1] if section + 1 < len(c) else 0

    lin = Animation(duration=1.0, curve="linear")
    with cvlayout.CollectionView(cvlayout.TreeLayout(children), counts=[1], bounds_size=(600, 300)) as view:
        view.reload_data()
        data["counts"] = [1, 1]
        # An inconsistent update still fails first, and changes nothing.
        with pytest.raises(cvlayout.OutOfRange, match="attempt to insert section 2 but there are only 2 sections"):
            view.perform_batch_updates(cvlayout.insert_sections([1, 2]), new_counts=[1, 1], animation=lin)
        assert view.counts == [1] and asked == []
        view.perform_batch_updates(cvlayout.insert_sections(1), new_counts=[1, 1], animation=lin)
        assert view.counts == [1, 1] and not view.is_animating
        assert view.last_update_items() == cvlayout.insert_sections(1)
        # The tree laid out once, for the new data: the root (column 0) and its child 170 to the right.
        assert asked == [(0, 0), (1, 0)]
        assert {a.index_path: a.frame[0] for a in view.all_attributes() if a.is_cell} == {(0, 0): 10.0,
                                                                                          (1, 0): 180.0}
        # Drawn now: the next update animates from it (the new grandchild, x 350, fades in), and the
        # tree is asked only about the new data.
        asked.clear()
        data["counts"] = [1, 1, 1]
        view.perform_batch_updates(cvlayout.insert_sections(2), new_counts=[1, 1, 1], animation=lin)
        assert view.is_animating and view.attributes_for_item((2, 0)).alpha == 0.0
        assert asked == [(0, 0), (1, 0), (2, 0)]


@needs_updates
@needs_animation
def test_animated_update_of_a_view_never_drawn_uses_no_old_layout():
    """Bulk sizes handed over for an update before the commit, on a view nothing was drawn of:
    laying out the old counts [3] over the 4 new sizes failed the update (InvalidArgument: the
    sizes' count must equal the section's). Nothing is on screen, so nothing animates."""
    layout = cvlayout.FlowLayout(minimum_interitem_spacing=10, minimum_line_spacing=10)
    layout.set_item_sizes(0, [(100, 100)] * 3)
    with cvlayout.CollectionView(layout, [3], bounds_size=(400, 400)) as view:
        layout.set_item_sizes(0, [(100, 100), (200, 100), (100, 100), (100, 100)])
        view.perform_batch_updates(cvlayout.insert_items([(0, 1)]), new_counts=[4],
                                   animation=Animation(duration=1.0, curve="linear"))
        assert not view.is_animating
        # Line 1: items 0, 1 (the 100 left over goes to the gap: x = 0, 200); line 2 (y 110): 2, 3.
        assert frames(view) == {(0, 0): (0.0, 0.0, 100.0, 100.0), (0, 1): (200.0, 0.0, 200.0, 100.0),
                                (0, 2): (0.0, 110.0, 100.0, 100.0), (0, 3): (110.0, 110.0, 100.0, 100.0)}
    layout.close()


class RowTop(GridLayout):
    """A column of 100-point cells that comes to rest with a row at the top (the proposed offset
    floored to a multiple of 100), recording what it is proposed."""

    def __init__(self):
        super().__init__(size=100.0)
        self.proposals: list[tuple] = []
        self.fail = False

    def target_content_offset(self, env, proposed, velocity):
        self.proposals.append((tuple(proposed), tuple(velocity)))
        if self.fail:
            raise RuntimeError("no offset today")
        return (proposed[0], math.floor(proposed[1] / 100) * 100)


def on_screen(view):
    """Screen y of every visible cell that is not on its way out, by item."""
    return {a.index_path[1]: a.frame[1] - view.content_offset[1]
            for a in view.visible_attributes() if a.is_cell and not a.disappearing}


@needs_updates
@needs_animation
@pytest.mark.parametrize("how", ["batch", "snapshot"])
def test_a_batch_update_comes_to_rest_where_the_layout_says(how):
    """UIKit asks the layout's targetContentOffsetForProposedContentOffset: (no velocity) "during
    layout updates": after the update's layout is prepared, the offset as it stands is proposed and
    the answer is where the update comes to rest. The animation starts from the screen and ends
    at the layout's static frame there."""
    lin = Animation(duration=1.0, curve="linear")
    layout = RowTop()
    with cvlayout.CollectionView(layout, [20], bounds_size=(100, 300), content_offset=(0, 230)) as view:
        # 20 cells at y = 100 i, offset 230: items 2..5 on screen at -30, 70, 170, 270.
        before = on_screen(view)
        assert before == {2: -30.0, 3: 70.0, 4: 170.0, 5: 270.0}
        if how == "batch":
            view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[21], animation=lin)
        else:
            view.set_identifiers([(1, list(range(20)))])
            view.apply_snapshot([(1, [99, *range(20)])], animation=lin)
        assert view.counts == [21]
        assert layout.proposals == [((0.0, 230.0), (0.0, 0.0))]       # the kept offset, velocity 0
        assert view.content_offset == (0.0, 200.0)                     # rests with row 2 at the top
        # t = 0: old item i (now i + 1) where it was on screen; new item 2 (old 1, off screen
        # before) appears in place at screen 0.
        assert on_screen(view) == {2: 0.0, 3: -30.0, 4: 70.0, 5: 170.0, 6: 270.0}
        view.set_time(view.time + 0.5)
        assert view.attributes_for_item((0, 3)).frame[1] == 235.0      # content 170 -> 300, halfway
        view.set_time(view.time + 0.5)
        assert not view.is_animating and view.content_offset == (0.0, 200.0)
        with cvlayout.CollectionView(RowTop(), [21], bounds_size=(100, 300), content_offset=(0, 200)) as rest:
            assert on_screen(view) == on_screen(rest) == {2: 0.0, 3: 100.0, 4: 200.0}
            def drawn(v):
                return [(a.index_path, a.frame, a.alpha, a.transform, a.z_index) for a in v.visible_attributes()]
            assert drawn(view) == drawn(rest)


@needs_updates
def test_the_layout_has_the_last_word_after_the_anchoring_policy():
    # first_visible: old item 2 (screen -30) is item 3 at y 300 after the insert, so the anchored
    # offset 330 is proposed; the layout's rows put it at 300. Without a policy 230 is proposed.
    for policy, proposed, rest in (("first_visible", 330.0, 300.0), ("none", 230.0, 200.0)):
        layout = RowTop()
        with cvlayout.CollectionView(layout, [20], bounds_size=(100, 300), content_offset=(0, 230)) as view:
            view.visible_attributes()
            view.anchoring = policy
            view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[21])
            assert layout.proposals == [((0.0, proposed), (0.0, 0.0))], policy
            assert view.content_offset == (0.0, rest), policy
            assert not view.is_animating


@needs_updates
def test_a_failing_target_offset_fails_the_update_and_changes_nothing():
    layout = RowTop()
    with cvlayout.CollectionView(layout, [20], bounds_size=(100, 300), content_offset=(0, 230)) as view:
        view.visible_attributes()
        layout.fail = True
        before = snapshot(view)
        with pytest.raises(cvlayout.CallbackError) as info:
            view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[21], animation=0.3)
        assert isinstance(info.value.__cause__, RuntimeError)
        assert snapshot(view) == before and view.counts == [20] and view.content_offset == (0.0, 230.0)
        layout.fail = False
        view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[21])
        assert view.content_offset == (0.0, 200.0)


@needs_updates
def test_the_base_layout_keeps_the_offset_through_an_update():
    # The default answer is the proposal: the flow layout keeps 230, and so does Cover Flow (it
    # answers only the velocity form, as the book's Listing 4.32).
    for layout in (cvlayout.FlowLayout(item_size=(100, 100), minimum_line_spacing=0),
                   cvlayout.CoverFlowLayout()):
        with layout, cvlayout.CollectionView(layout, [20], bounds_size=(100, 300), content_offset=(0, 230)) as view:
            view.visible_attributes()
            view.perform_batch_updates(cvlayout.insert_items((0, 0)), new_counts=[21], animation=0.3)
            assert view.content_offset == (0.0, 230.0), layout



def leaving(view):
    """Screen y of every cell on its way out, by item."""
    return {a.index_path[1]: a.frame[1] - view.content_offset[1]
            for a in view.visible_attributes() if a.is_cell and a.disappearing}


@needs_updates
@needs_animation
@pytest.mark.parametrize("how", ["batch", "snapshot"])
def test_a_viewport_past_the_end_of_shrunk_content_is_pulled_back_before_the_layout_is_asked(how):
    """UXKit's -_endItemAnimations: once the layout is prepared for the new counts, a viewport
    hanging past the end of the content moves back by the overhang; that offset is proposed to
    targetContentOffsetForProposedContentOffset:, and the animation starts from the screen."""
    lin = Animation(duration=1.0, curve="linear")
    layout = RowTop()
    with cvlayout.CollectionView(layout, [20], bounds_size=(100, 300), content_offset=(0, 1700)) as view:
        assert on_screen(view) == {17: 0.0, 18: 100.0, 19: 200.0}     # scrolled to the bottom
        if how == "batch":
            view.perform_batch_updates(cvlayout.delete_items([(0, 17), (0, 18), (0, 19)]), new_counts=[17],
                                       animation=lin)
        else:
            view.set_identifiers([(1, list(range(20)))])
            view.apply_snapshot([(1, list(range(17)))], animation=lin)
        # Content 17 * 100 = 1700; the viewport 1700..2000 hangs 300 past it: 1700 - 300 = 1400.
        assert view.content_size == (100.0, 1700.0)
        assert layout.proposals == [((0.0, 1400.0), (0.0, 0.0))]
        assert view.content_offset == (0.0, 1400.0)
        # t = 0: the deleted cells where they were on screen; 14..16 (off screen before) in place.
        assert leaving(view) == {17: 0.0, 18: 100.0, 19: 200.0}
        assert on_screen(view) == {14: 0.0, 15: 100.0, 16: 200.0}
        view.set_time(view.time + 1.0)
        assert not view.is_animating and leaving(view) == {}
        with cvlayout.CollectionView(RowTop(), [17], bounds_size=(100, 300), content_offset=(0, 1400)) as rest:
            def drawn(v):
                return [(a.index_path, a.frame, a.alpha, a.transform, a.z_index) for a in v.visible_attributes()]
            assert drawn(view) == drawn(rest)


@needs_updates
@pytest.mark.parametrize(("offset", "before", "after", "rest"), [
    (1700.0, 20, 17, 1400.0),   # at the bottom: 1700 - 300
    (1650.0, 20, 17, 1400.0),   # 1650 + 300 = 1950 hangs 250 past 1700: 1650 - 250
    (1300.0, 20, 17, 1300.0),   # 1300 + 300 = 1600 inside 1700: kept
    (1750.0, 20, 4, 100.0),     # past the end by 1650: 400 - 300
    (200.0, 5, 3, 200.0),       # content 300, not larger than the 300 viewport: kept (not 0)
    (200.0, 5, 1, 200.0),       # content 100: kept
    (-50.0, 20, 19, -50.0),     # only the end is pulled in: a negative offset is kept
])
def test_only_an_overhang_past_the_end_of_content_larger_than_the_viewport_is_pulled_back(offset, before, after, rest):
    # GridLayout(100): one column of 100-point cells, 100 wide (the viewport's width: x is kept).
    layout = GridLayout(size=100.0)
    with cvlayout.CollectionView(layout, [before], bounds_size=(100, 300), content_offset=(0, offset)) as view:
        view.visible_attributes()
        view.perform_batch_updates(cvlayout.delete_items([(0, i) for i in range(after, before)]), new_counts=[after])
        assert view.content_size == (100.0, 100.0 * after)
        assert view.content_offset == (0.0, rest)


def test_overlapping_animated_reloads_retire_their_leavers():
    """Issue 28: 400 cells reloaded every 0.05 s under the default 0.3 s animation. Each leaver
    runs its own removal and is retired when it ends, so at most the last 7 updates' leavers (2,800)
    are returned (11,600 after 1.45 s before, and CVL_ERROR_OVERFLOW after about 160 updates)."""
    layout = cvlayout.FlowLayout(item_size=(16, 16), minimum_line_spacing=0, minimum_interitem_spacing=0)
    with cvlayout.CollectionView(layout, counts=[1000], bounds_size=(320, 320)) as view:
        assert sum(1 for a in view.visible_attributes() if a.is_cell) == 400
        reload = cvlayout.reload_items([(0, i) for i in range(400)])
        for n in range(40):
            view.set_time(n * 0.05)
            view.perform_batch_updates(reload, new_counts=[1000], animation=Animation())
            shown = view.visible_attributes()
            leaving = sum(1 for a in shown if a.disappearing)
            assert 400 * min(n + 1, 6) <= leaving <= 2800, n
            assert sum(1 for a in shown if not a.disappearing) == 400
        view.set_time(39 * 0.05 + 0.31)
        assert not view.is_animating
        assert not any(a.disappearing for a in view.visible_attributes())
