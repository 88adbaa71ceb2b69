"""Layouts written in Python (cvlayout.Layout on cvl_custom_layout_create)."""

from __future__ import annotations

import pytest
from conftest import GridLayout

import cvlayout
from cvlayout import Attributes
from cvlayout.geometry import rect_intersects, translation


def test_grid_layout_through_the_view(grid_view):
    assert grid_view.content_size == (50.0, 400.0)
    assert grid_view.layout.layout_type == "custom"
    visible = grid_view.visible_attributes()          # (0, 0, 100, 200): 4 cells
    assert [a.index_path for a in visible] == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert visible[1].frame == (0.0, 50.0, 50.0, 50.0) and visible[1].center == (25.0, 75.0)
    assert grid_view.attributes_for_item((1, 2)).frame == (0.0, 350.0, 50.0, 50.0)
    assert grid_view.index_path_at((10, 360)) == (1, 2)
    assert grid_view.index_path_at((60, 360)) is None
    assert "prepare" in grid_view.layout.calls


def test_open_interval_rect_queries(grid_view):
    # Touching edges do not count; zero-area rects never intersect.
    assert [a.index_path for a in grid_view.attributes_in_rect((0, 50, 50, 50))] == [(0, 1)]
    assert grid_view.attributes_in_rect((0, 50, 50, 0)) == []


def test_env_describes_the_view():
    seen = []

    class Spy(GridLayout):
        def prepare(self, env):
            seen.append(env)

    with cvlayout.CollectionView(Spy(), [3, 0, 2], bounds_size=(320, 480), content_offset=(0, 40)) as view:
        view.content_size
    env = seen[-1]
    assert env.bounds_size == (320.0, 480.0) and env.content_offset == (0.0, 40.0)
    assert env.counts == (3, 0, 2) and env.number_of_sections == 3 and env.number_of_items(2) == 2
    assert env.visible_rect == (0.0, 40.0, 320.0, 480.0)


class Decorated(cvlayout.Layout):
    """Cells in a row, one decoration behind each section and a custom supplementary kind."""

    def __init__(self):
        super().__init__()
        self.band = self.register_kind("band")
        self.badge = self.register_kind("badge")

    def content_size(self, env):
        return (100.0 * max(env.counts, default=0), 100.0 * len(env.counts))

    def elements(self, env):
        out = []
        for s, n in enumerate(env.counts):
            out.append(Attributes.decoration(self.band, (s, 0), (0, 100 * s, 100 * n, 100), z_index=-1))
            for i in range(n):
                out.append(Attributes.cell((s, i), (100 * i + 10, 100 * s + 10, 80, 80), custom=(i, s)))
            out.append(Attributes.supplementary(self.badge, (s, 0), (0, 100 * s, 20, 20), z_index=2, alpha=0.5))
        return out

    def attributes_in_rect(self, env, rect):
        return [a for a in self.elements(env) if rect_intersects(a.frame, rect)]

    def attributes_for_element(self, env, category, kind, index_path):
        for a in self.elements(env):
            if (a.category, a.kind, a.index_path) == (category, kind, index_path):
                return a
        return None


def test_kinds_custom_slots_and_draw_order():
    layout = Decorated()
    assert layout.band >= 100 and layout.badge == layout.band + 1
    assert layout.register_kind("band") == layout.band
    assert layout.register_kind("header") == 1
    with cvlayout.CollectionView(layout, [2, 3], bounds_size=(300, 200)) as view:
        items = view.visible_attributes()
        # draw order: z ascending, then category, kind, index path
        keys = [(a.z_index, a.category_value, a.kind, a.index_path) for a in items]
        assert keys == sorted(keys) and len(items) == 2 + 5 + 2
        assert items[0].kind_name == "band" and items[-1].kind_name == "badge"
        cell = view.attributes_for_item((1, 2))
        assert cell.custom == (2.0, 1.0) and cell.frame == (210.0, 110.0, 80.0, 80.0)
        badge = view.attributes_for_supplementary("badge", (1, 0))
        assert badge.alpha == 0.5 and badge.z_index == 2 and badge.kind == layout.badge
        band = view.attributes_for_decoration("band", (0, 0))
        assert band.frame == (0.0, 0.0, 200.0, 100.0) and band.category == "decoration"
        assert view.attributes_for_decoration("band", (1, 5)) is None


def test_default_element_lookup_searches_the_content():
    class NoLookup(GridLayout):
        pass
    with cvlayout.CollectionView(NoLookup(), [3], bounds_size=(50, 50)) as view:
        assert view.attributes_for_item((0, 2)).frame == (0.0, 100.0, 50.0, 50.0)


def test_index_path_at_respects_transforms_and_hidden():
    class Moved(GridLayout):
        def attributes_in_rect(self, env, rect):
            out = []
            for a in self.all(env):
                if a.index_path == (0, 0):
                    a.transform = translation(200, 0)   # drawn at x 200..250
                if a.index_path == (0, 1):
                    a.hidden = True
                out.append(a)
            return [a for a in out if rect_intersects(a.frame, rect)]
    with cvlayout.CollectionView(Moved(), [3], bounds_size=(300, 300)) as view:
        assert view.index_path_at((10, 10)) is None
        assert view.index_path_at((210, 10)) == (0, 0)
        assert view.index_path_at((10, 60)) is None
        assert view.index_path_at((10, 110)) == (0, 2)


def test_bounds_change_and_target_offset():
    calls = []

    class Snapping(GridLayout):
        def should_invalidate_for_bounds_change(self, env, new_bounds):
            calls.append(new_bounds)
            return new_bounds[2] != env.bounds_size[0]

        def target_content_offset(self, env, proposed, velocity):
            return (proposed[0], round(proposed[1] / self.size) * self.size)

    with cvlayout.CollectionView(Snapping(), [10], bounds_size=(50, 100)) as view:
        view.content_size
        prepares = view.layout.calls.count("prepare")
        view.bounds_size = (50, 120)
        view.content_size
        assert calls
        assert view.target_content_offset((0, 73), (0, 1)) == (0.0, 50.0)
        assert view.target_content_offset((0, 76)) == (0.0, 100.0)
        view.bounds_size = (60, 120)
        view.content_size
        assert view.layout.calls.count("prepare") > prepares


def test_layout_must_override_the_required_methods():
    class Empty(cvlayout.Layout):
        pass
    with pytest.raises(TypeError, match="content_size"):
        Empty()


def test_attributes_value_semantics():
    a = Attributes.cell((1, 2), (10, 20, 30, 40))
    assert a.center == (25.0, 40.0) and a.size == (30.0, 40.0)
    a.center = (0, 0)
    assert a.frame == (-15.0, -20.0, 30.0, 40.0)
    a.size = (10, 10)
    assert a.frame == (-5.0, -5.0, 10.0, 10.0)
    b = a.copy(alpha=0.5)
    assert b != a and b.copy(alpha=1.0) == a
    assert Attributes.supplementary("footer", (0, 0)).kind == 2
    with pytest.raises(ValueError):
        Attributes.decoration("not-registered", (0, 0))
    with pytest.raises(ValueError):
        Attributes(custom=range(9))
    d = a.to_dict()
    assert d["frame"] == [-5.0, -5.0, 10.0, 10.0] and d["category"] == "cell" and len(d["transform"]) == 16


def test_round_trip_through_the_struct():
    from cvlayout.attributes import from_struct, to_struct
    a = Attributes.decoration(3, (4, 5), (1.5, 2.5, 3, 4), transform=translation(1, 2, 3), alpha=0.25,
                              z_index=-7, hidden=True, custom=(1, 2, 3))
    s = to_struct(a)
    assert s.frame.x == 1.5 and s.custom_count == 3 and s.kind == 3 and s.transform.m43 == 3.0
    assert from_struct(s) == a


def test_hooks_may_read_the_layout_during_an_animated_switch():
    # The header allows the "callable from hooks" functions inside every hook; an animated
    # switch to a hooked flow layout runs its hooks while the view is switching layouts.
    seen = []

    class Peek(cvlayout.FlowLayout):
        def adjust_attributes(self, env, attributes):
            seen.append(("item", self.item_frame((0, 1))))
            return attributes

        def adjust_attributes_in_rect(self, env, rect, attributes):
            seen.append(("section", self.section_frame(0)))
            return attributes

    new = Peek(item_size=(50, 50), minimum_interitem_spacing=10)
    with cvlayout.CollectionView(cvlayout.FlowLayout(item_size=(100, 100)), counts=[3],
                                 bounds_size=(300, 300)) as view:
        view.visible_attributes()
        view.set_layout(new, animation=cvlayout.Animation(duration=0.3))
    # 300 wide, 50-point items at least 10 apart: (300 + 10) // 60 = 5 fit a line, so uniform
    # items sit on the full-line grid, gap (300 - 5 * 50) / 4 = 12.5: item 1 at x = 62.5.
    assert ("item", (62.5, 0.0, 50.0, 50.0)) in seen
    assert ("section", (0.0, 0.0, 300.0, 50.0)) in seen
    assert {kind for kind, _ in seen} == {"item", "section"}


def test_custom_layout_is_told_what_changed():
    """invalidate (cvl_invalidation) runs right before prepare with what changed since the last
    one: the batch update's items, invalidated index paths, counts and bounds flags."""
    seen = []

    class Grid(cvlayout.Layout):
        def content_size(self, env):
            return (env.bounds_size[0], 50.0 * sum(env.counts))

        def attributes_in_rect(self, env, rect):
            return []

        def should_invalidate_for_bounds_change(self, env, new_bounds):
            return True

        def invalidate(self, env, invalidation):
            seen.append(("invalidate", sorted(invalidation.flags), invalidation.items,
                         [(u.action, u.before, u.after) for u in invalidation.updates]))

        def prepare(self, env):
            seen.append(("prepare", env.counts))

    with cvlayout.CollectionView(Grid(), counts=[3], bounds_size=(100, 100)) as view:
        view.content_size
        view.perform_batch_updates(cvlayout.insert_items([(0, 1)]) + cvlayout.delete_items([(0, 2)]),
                                   new_counts=[3])
        view.invalidate(items=[(0, 0), (0, 2)])
        view.content_size
        view.bounds_size = (120, 100)
        view.content_size
    assert seen[0][0] == "invalidate" and "everything" in seen[0][1]
    assert seen[2] == ("invalidate", ["data_counts"], [],
                       [("delete", (0, 2), (-1, -1)), ("insert", (-1, -1), (0, 1))])
    assert seen[3] == ("prepare", (3,))
    assert seen[4] == ("invalidate", [], [(0, 0), (0, 2)], [])
    # A custom layout that asks to be invalidated on a bounds change gets UIKit's whole invalidation.
    assert seen[6] == ("invalidate", ["everything"], [], []) and seen[7] == ("prepare", (3,))
    assert len(seen) == 8
