"""Scroll anchoring (cvl_view_set_anchoring): for random updates above, inside and below the
viewport the anchor cell keeps its screen position (within 0.5 pt, unless the offset had to be
clamped into the scrollable range); with policy none the offset is UIKit's (kept, but pulled back
by the overhang when the viewport hangs past the end of content that shrank, as UXKit's
-_endItemAnimations does)."""

from __future__ import annotations

import math

import pytest
from conftest import GridLayout, needs_flow, requires, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cvlayout
from cvlayout import InvalidArgument

pytestmark = [needs_flow, requires("cvl_view_set_anchoring", "cvl_view_apply_snapshot")]

WIDTH, HEIGHT = 100.0, 300.0


def list_view(ids, heights, offset=0.0, policy="first_visible"):
    """A vertical list: one item per line (full width), heights by id."""
    layout = cvlayout.FlowLayout(minimum_line_spacing=5, minimum_interitem_spacing=0)
    layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in ids])
    view = cvlayout.CollectionView(layout, counts=[len(ids)], bounds_size=(WIDTH, HEIGHT))
    view.set_identifiers([(1, ids)])
    view.content_offset = (0.0, offset)
    view.anchoring = policy
    return view


def screen(view):
    """id -> (screen x, screen y) of every visible cell (disappearing ones included)."""
    cells = [a for a in view.visible_attributes() if a.is_cell]   # first: it runs the layout
    ox, oy = view.content_offset
    return {a.identifier: (a.frame[0] - ox, a.frame[1] - oy) for a in cells}


def max_offset(view):
    return max(0.0, view.content_size[1] - view.bounds_size[1])


@st.composite
def list_changes(draw):
    n = draw(st.integers(5, 40))
    ids = list(range(n))
    heights = {x: float(draw(st.integers(10, 90))) for x in range(200)}
    new = list(ids)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["insert", "delete", "move", "resize"]))
        if op == "insert":
            new.insert(draw(st.integers(0, len(new))), 100 + len(new) + draw(st.integers(0, 50)) * 0 + _)
        elif op == "delete" and len(new) > 1:
            new.pop(draw(st.integers(0, len(new) - 1)))
        elif op == "move" and len(new) > 1:
            x = new.pop(draw(st.integers(0, len(new) - 1)))
            new.insert(draw(st.integers(0, len(new))), x)
        elif op == "resize":
            heights[draw(st.sampled_from(new))] = float(draw(st.integers(10, 90)))
    new = list(dict.fromkeys(new))
    old_heights = dict(heights)
    for x in ids:
        old_heights[x] = float(draw(st.integers(10, 90))) if draw(st.booleans()) else heights[x]
    return ids, new, old_heights, heights, draw(st.floats(0, 1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(list_changes(), st.booleans())
def test_anchor_keeps_its_screen_position(case, animated):
    ids, new, old_heights, heights, where = case
    view = list_view(ids, old_heights)
    view.content_offset = (0.0, where * max_offset(view))
    before = screen(view)
    visible_ids = sorted(before, key=lambda x: ids.index(x))   # lowest index path first
    # The host hands over the new sizes, then applies the snapshot (the documented order).
    view.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in new])
    view.apply_snapshot([(1, new)], animation=0.25 if animated else None)
    if animated:
        # The animation starts from exactly what was on screen.
        start = screen(view)
        for x, p in before.items():
            assert start[x] == pytest.approx(p, abs=1e-6), f"item {x} jumped at the start of the animation"
        view.finish_animations()
    anchor = next((x for x in visible_ids if x in new), None)
    if anchor is None:
        return
    ip = view.index_path_for_identifier(anchor)
    a = view.attributes_for_item(ip)
    oy = view.content_offset[1]
    clamped = oy in (0.0, max_offset(view))
    if not clamped:
        assert abs((a.frame[1] - oy) - before[anchor][1]) <= 0.5
    assert 0.0 <= oy <= max_offset(view)
    view.close()


@settings(max_examples=60, deadline=None)
@given(list_changes())
def test_policy_none_keeps_the_offset_unless_past_the_end(case):
    ids, new, old_heights, heights, where = case
    view = list_view(ids, old_heights, policy="none")
    y = where * max_offset(view)
    view.content_offset = (0.0, y)
    view.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in new])
    view.apply_snapshot([(1, new)])
    # The new content, by hand: the heights and the 5-point line spacing. The offset is kept
    # unless the viewport now ends past the content and the content is taller than the viewport:
    # then it moves back by the overhang (it ends at the content's end). The width (100) is the
    # viewport's: x stays 0.
    content = sum(heights[x] for x in new) + 5.0 * (len(new) - 1)
    if y + HEIGHT > content and content > HEIGHT:
        y -= (y + HEIGHT) - content
        assert y == pytest.approx(content - HEIGHT, abs=1e-9)
    assert view.content_offset == (0.0, y)
    view.close()


def test_policy_none_pulls_a_viewport_past_the_end_of_shrunk_content_back():
    # 20 items of 50 (content 20 * 50 + 19 * 5 = 1095), at the bottom: 1095 - 300 = 795. The last
    # four deleted: content 16 * 50 + 15 * 5 = 875, the viewport 795..1095 hangs 220 past it:
    # 795 - 220 = 575 = 875 - 300. Content not taller than the viewport is not pulled into: five
    # items (5 * 50 + 4 * 5 = 270 < 300) at offset 100 stay at 100.
    ids = list(range(20))
    heights = {x: 50.0 for x in ids}
    view = list_view(ids, heights, policy="none")
    view.content_offset = (0.0, max_offset(view))
    assert view.content_offset == (0.0, 795.0)
    view.layout.set_item_sizes(0, [(WIDTH, 50.0)] * 16)
    view.apply_snapshot([(1, ids[:16])])
    assert view.content_size == (WIDTH, 875.0) and view.content_offset == (0.0, 575.0)
    view.content_offset = (0.0, 100.0)
    view.layout.set_item_sizes(0, [(WIDTH, 50.0)] * 5)
    view.apply_snapshot([(1, ids[:5])])
    assert view.content_offset == (0.0, 100.0)
    view.close()


def test_size_change_above_the_viewport():
    ids = list(range(30))
    heights = {x: 50.0 for x in ids}
    view = list_view(ids, heights, offset=500.0)   # item 9 at y 495 .. 545: first visible
    before = screen(view)
    assert min(before, key=lambda x: ids.index(x)) == 9 and before[9] == (0.0, -5.0)
    heights[2] = 130.0   # 80 pt taller, above the viewport
    view.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in ids])
    assert view.content_offset == (0.0, 500.0)   # the layout runs lazily: nothing moved yet
    assert screen(view)[9] == (0.0, -5.0)         # the query prepares it and restores the anchor
    assert view.content_offset == (0.0, 580.0)
    # The same change with policy none moves the content under a fixed offset (UIKit).
    plain = list_view(ids, {x: 50.0 for x in ids}, offset=500.0, policy="none")
    plain.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in ids])
    assert screen(plain)[9] == (0.0, 75.0) and plain.content_offset == (0.0, 500.0)


def test_chat_sticks_to_the_end_on_append_and_keyboard():
    ids = list(range(20))
    heights = {x: 40.0 for x in range(100)}
    view = list_view(ids, heights, policy="end")
    view.content_offset = (0.0, max_offset(view))           # 20 * 45 - 5 - 300 = 595
    assert view.content_offset == (0.0, 595.0)
    ids2 = ids + [20, 21]
    view.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in ids2])
    view.apply_snapshot([(1, ids2)], animation=0.3)
    assert view.content_offset == (0.0, 685.0)              # a batch update applies it at once: 22 * 45 - 5 - 300
    view.bounds_size = (WIDTH, 200.0)                        # the keyboard appears
    screen(view)
    assert view.content_offset == (0.0, 785.0)
    # Not at the end: the first visible message keeps its place instead.
    view.content_offset = (0.0, 100.0)
    before = screen(view)
    ids3 = ids2 + [22]
    view.layout.set_item_sizes(0, [(WIDTH, heights[x]) for x in ids3])
    view.apply_snapshot([(1, ids3)])
    assert view.content_offset == (0.0, 100.0) and screen(view)[2] == before[2]


def test_width_change_keeps_the_anchor():
    layout = cvlayout.FlowLayout(item_size=(50, 50), minimum_line_spacing=10, minimum_interitem_spacing=10)
    view = cvlayout.CollectionView(layout, counts=[200], bounds_size=(230, 300))   # 4 per line (50+10)
    view.set_identifiers([(0, list(range(200)))])
    view.anchoring = "first_visible"
    view.content_offset = (0.0, 600.0)   # line 10 (items 40..43) at y 600
    assert screen(view)[40] == (0.0, 0.0)
    view.bounds_size = (110, 300)        # 2 per line: item 40 on line 20 at y 1200
    assert screen(view)[40] == (0.0, 0.0)
    assert view.content_offset == (0.0, 1200.0)


def test_circle_to_cover_flow_keeps_the_users_item():
    # Cover Flow snaps (a cover centred): the switch centres the user's cover, so the snap rests on
    # it. 400 wide, derived insets (400 - 180)/2 = 110: cover k's centre 200 + 120 k, centred at
    # offset 120 k, every k reachable (content 1720, offsets up to 1320; k = 10's kept screen
    # position clamps to 1320, the last cover's resting point, and must still end on cover 10).
    # Without the derivation (zero insets) cover k is centred at 120 k - 110 for k = 1..10; covers
    # 0 and 11 cannot reach the centre and the snap rests on their neighbours (offsets 10, 1090).
    circle = cvlayout.CircleLayout()
    view = cvlayout.CollectionView(circle, counts=[12], bounds_size=(400, 400))
    cells = {a.index_path[1]: a for a in view.visible_attributes() if a.is_cell}
    for derive in (True, False):
        for k in range(12):
            with cvlayout.CollectionView(cvlayout.CircleLayout(), counts=[12], bounds_size=(400, 400)) as v:
                v.anchoring = ("nearest", cells[k].center)   # the user is on item k
                v.set_layout(cvlayout.CoverFlowLayout(derive_insets=derive))
                ox, oy = v.content_offset
                centre = (ox + 200, oy + 200)
                shown = [a for a in v.visible_attributes() if a.is_cell]
                nearest = min(shown, key=lambda a: math.dist(a.center, centre))
                if derive:
                    assert (ox, nearest.index_path) == (120 * k, (0, k)), (derive, k)
                else:
                    want = {0: (10, 1), 11: (1090, 10)}.get(k, (120 * k - 110, k))
                    assert (ox, nearest.index_path) == (want[0], (0, want[1])), (derive, k)
    view.close()


class CentringGrid(GridLayout):
    """A column of 50 x 50 cells in a 150-high view that comes to rest with a cell centred: cell i
    (centre 50 i + 25) rests at offset 50 i - 50, clamped; a target_content_offset callback, so the
    library counts it as a layout that snaps."""

    def target_content_offset(self, env, proposed, velocity):
        top = max(0.0, self.size * sum(env.counts) - env.bounds_size[1])
        return (proposed[0], min(top, max(0.0, round((proposed[1] + 50) / 50) * 50 - 50)))


def test_switch_to_a_callback_layout_that_snaps_rests_on_the_users_cell():
    # A flow column at offset 0 shows cells 0..2; the user is on cell 2 (centre (25, 125)). The new
    # layout puts every cell where it was, so keeping cell 2's screen position keeps offset 0 —
    # itself a resting point, of cell 1. The switch proposes the offset centring cell 2 instead:
    # 125 - 75 = 50, where the snap rests on it.
    for policy, offset in ((("nearest", (25, 125)), 50.0), ("none", 0.0)):
        flow = cvlayout.FlowLayout(item_size=(50, 50), minimum_line_spacing=0, minimum_interitem_spacing=0)
        with cvlayout.CollectionView(flow, [10], bounds_size=(50, 150)) as view:
            view.anchoring = policy
            view.set_layout(CentringGrid())
            assert view.content_offset == (0.0, offset), policy


PORTRAIT, LANDSCAPE = (320.0, 480.0), (480.0, 320.0)


def centred_cover(view):
    """The cover whose centre is nearest the viewport's centre (the one Cover Flow shows active)."""
    cx = view.content_offset[0] + view.bounds_size[0] / 2
    return min((a for a in view.visible_attributes() if a.is_cell), key=lambda a: abs(a.center[0] - cx)).index_path


# 12 covers, pitch 120. Derived insets: cover k centred at 120 k in either orientation. Zero insets
# (derive_insets=False): cover k's centre 90 + 120 k, centred at 120 k - 70 in 320 x 480 and at
# 120 k - 150 in 480 x 320. (derive, from, offset, to, policy, expected offset, centred cover)
ROTATIONS = [
    # nearest the viewport's centre keeps cover 5; keeping its frame origin on screen would give 680
    # (derived: 150 + 600 - 70) or keep 530 (zero insets), both nearer cover 6's resting point
    (True, PORTRAIT, 600, LANDSCAPE, ("nearest", (160, 240)), 600, 5),
    (True, LANDSCAPE, 600, PORTRAIT, ("nearest", (240, 160)), 600, 5),
    (False, PORTRAIT, 530, LANDSCAPE, ("nearest", (160, 240)), 450, 5),   # 690 - 240
    (False, LANDSCAPE, 450, PORTRAIT, ("nearest", (240, 160)), 530, 5),   # 690 - 160
    # first_visible centres the first visible cover: 3 (x 600..920 shows covers 3..7)
    (True, PORTRAIT, 600, LANDSCAPE, "first_visible", 360, 3),
    (True, LANDSCAPE, 600, PORTRAIT, "first_visible", 360, 3),
    (False, PORTRAIT, 530, LANDSCAPE, "first_visible", 210, 3),           # 450 - 240
    (False, LANDSCAPE, 450, PORTRAIT, "first_visible", 290, 3),           # 450 - 160
    # none: the kept offset stays, as in UIKit (the book's Cover Flow answers only the velocity
    # form of targetContentOffset, and a rotation asks the form without velocity)
    (True, PORTRAIT, 600, LANDSCAPE, "none", 600, 5),
    (True, PORTRAIT, 650, LANDSCAPE, "none", 650, 5),                     # centre 890: 840 nearer than 960
    (False, PORTRAIT, 530, LANDSCAPE, "none", 530, 6),                    # centre 770: 810 nearer than 690
    (False, LANDSCAPE, 450, PORTRAIT, "none", 450, 4),                    # centre 610: 570 nearer than 690
]


@pytest.mark.parametrize("case", ROTATIONS)
@pytest.mark.parametrize("animated", [False, True])
def test_rotating_cover_flow_rests_on_a_cover(case, animated):
    derive, start, offset, end, policy, expected, cover = case
    with cvlayout.CoverFlowLayout(derive_insets=derive) as layout, \
            cvlayout.CollectionView(layout, [12], bounds_size=start, content_offset=(offset, 0)) as view:
        view.visible_attributes()
        view.anchoring = policy
        if animated:
            with view.animate(cvlayout.Animation(duration=1.0)):
                view.bounds_size = end
            view.finish_animations()
        else:
            view.bounds_size = end
            view.visible_attributes()       # the next layout cycle settles the offset
        assert view.content_offset == (expected, 0.0)
        assert centred_cover(view) == (0, cover)


class SnapColumn(GridLayout):
    """A column of 50 x 50 cells that rests with a cell centred (cell i at 50 i + 25 - h / 2 for a
    viewport h high, clamped) and re-lays out when the bounds size changes: a callback layout
    that snaps."""

    def should_invalidate_for_bounds_change(self, env, new_bounds):
        return (new_bounds[2], new_bounds[3]) != env.bounds_size

    def target_content_offset(self, env, proposed, velocity):
        h = env.bounds_size[1]
        top = max(0.0, self.size * sum(env.counts) - h)
        i = round((proposed[1] + h / 2 - 25) / 50)
        return (proposed[0], min(top, max(0.0, 50 * i + 25 - h / 2)))


@pytest.mark.parametrize("policy, start, offset, end, expected", [
    # 50 x 150 at 100: cell 3 (centre 175) centred. Its frame keeps its screen position at 100,
    # where a 250-high viewport centres cell 4; centring cell 3 proposes 175 - 125 = 50.
    (("nearest", (25, 75)), 150, 100, 250, 50),
    (("nearest", (25, 125)), 250, 50, 150, 100),   # back: 175 - 75
    ("first_visible", 150, 100, 250, 0),           # cells 2..4 visible: cell 2 centred, 125 - 125
    ("none", 150, 100, 250, 100),                  # 100 is cell 4's resting point in 250
    ("none", 250, 50, 150, 50),                    # 50 is cell 2's resting point in 150
])
def test_resizing_a_callback_layout_that_snaps_rests_on_the_anchor_cell(policy, start, offset, end, expected):
    with cvlayout.CollectionView(SnapColumn(), [20], bounds_size=(50, start), content_offset=(0, offset)) as view:
        view.visible_attributes()
        view.anchoring = policy
        view.bounds_size = (50, end)
        view.visible_attributes()
        assert view.content_offset == (0.0, expected)


def test_a_failing_target_offset_after_a_resize_fails_one_query():
    class Failing(SnapColumn):
        fail = False

        def target_content_offset(self, env, proposed, velocity):
            if self.fail:
                raise RuntimeError("no offset today")
            return super().target_content_offset(env, proposed, velocity)

    layout = Failing()
    with cvlayout.CollectionView(layout, [20], bounds_size=(50, 150), content_offset=(0, 100)) as view:
        view.visible_attributes()
        view.anchoring = ("nearest", (25, 75))
        layout.fail = True
        view.bounds_size = (50, 250)
        with pytest.raises(cvlayout.CallbackError):
            view.visible_attributes()
        layout.fail = False
        assert [a.index_path for a in view.visible_attributes()] == [(0, i) for i in range(2, 7)]
        assert view.content_offset == (0.0, 100.0)   # where the anchor put cell 3 (screen y 50)


def test_bad_policies_change_nothing():
    view = list_view(list(range(5)), {x: 30.0 for x in range(5)})
    state = snapshot(view)
    with pytest.raises(InvalidArgument):
        view.anchoring = "sideways"
    with pytest.raises(InvalidArgument):
        view.anchoring = ("nearest", (math.nan, 0))
    with pytest.raises(InvalidArgument):
        cvlayout._lib.cvl_view_set_anchoring(view.handle, 9, cvlayout._types.cvl_point(0, 0))
    assert view.anchoring == "first_visible" and snapshot(view) == state
    view.anchoring = ("nearest", (10, 20))
    assert view.anchoring == ("nearest", (10.0, 20.0))
