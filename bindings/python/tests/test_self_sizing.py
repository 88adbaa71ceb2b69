"""Self-sizing cells (cvl_view_set_measured_sizes): a host that measures the cells around the
viewport while it scrolls a 10^5-item list from the bottom to the top never sees a drawn cell
move between two frames except by its own scroll step; offset corrections worked by hand; bad
batches change nothing; scroll_to_item lands exactly through estimates."""

from __future__ import annotations

import math

import pytest
from conftest import needs_flow, requires

import cvlayout
from cvlayout import InvalidArgument

pytestmark = [needs_flow, requires("cvl_view_set_measured_sizes", "cvl_view_items_to_measure_for_scroll")]

WIDTH, HEIGHT = 320.0, 600.0


def real_height(i: int) -> float:
    """The measured height of item i: 24 ... 119 pt by a fixed pattern."""
    return 24.0 + (i * 53) % 96


def list_view(n: int, anchoring="none", height=HEIGHT):
    """A vertical list of n items estimated 320 x 60, one per line, 4 pt apart."""
    layout = cvlayout.FlowLayout(minimum_line_spacing=4, minimum_interitem_spacing=0, estimated_item_size=(WIDTH, 60))
    view = cvlayout.CollectionView(layout, counts=[n], bounds_size=(WIDTH, height))
    view.anchoring = anchoring
    return view, layout


def measure(view, paths):
    view.set_measured_sizes({ip: (WIDTH, real_height(ip[1])) for ip in paths})


def drawn(view):
    """item -> screen y of every visible cell."""
    cells = [a for a in view.visible_attributes() if a.is_cell]
    oy = view.content_offset[1]
    return {a.index_path[1]: a.frame[1] - oy for a in cells}


def test_estimates_and_hand_worked_corrections():
    view, layout = list_view(100)
    assert layout.estimated_item_size == (WIDTH, 60.0)
    assert view.content_size == (WIDTH, 100 * 60 + 99 * 4)
    view.content_offset = (0.0, 1280.0)                 # item 20 (20 x 64) at the top
    assert view.items_to_measure() == [(0, i) for i in range(20, 30)]   # 1280 ... 1880: items 20...29
    view.set_measured_sizes({(0, 5): (WIDTH, 100.0), (0, 6): (WIDTH, 10.0)})   # above: +40 - 50
    assert view.content_offset == (0.0, 1270.0)
    assert view.content_size[1] == 6396 - 10
    view.set_measured_sizes([((0, 90), (WIDTH, 160.0))])   # below: +100, the offset stays
    assert view.content_offset == (0.0, 1270.0)
    assert view.content_size[1] == 6486
    assert view.attributes_for_item((0, 20)).frame[1] == 1270.0


def test_bad_batches_change_nothing():
    view, _ = list_view(100)
    view.content_offset = (0.0, 1280.0)

    def state():
        return view.content_offset, view.content_size, [a.frame for a in view.visible_attributes()]

    before = state()
    good = ((0, 3), (WIDTH, 90.0))
    for bad, error in [(((0, 4), (math.nan, 1.0)), InvalidArgument), (((0, 4), (1.0, -1.0)), InvalidArgument),
                       (((0, 100), (1.0, 1.0)), cvlayout.OutOfRange), (((1, 0), (1.0, 1.0)), cvlayout.OutOfRange),
                       (((0, -1), (1.0, 1.0)), cvlayout.OutOfRange)]:
        with pytest.raises(error):
            view.set_measured_sizes([good, bad])
        assert state() == before
    with pytest.raises(cvlayout.StateError):
        view.set_measured_sizes_by_id({7: (WIDTH, 10.0)})   # no identifiers
    view.set_identifiers([(1, list(range(1000, 1100)))])
    with pytest.raises(InvalidArgument):
        view.set_measured_sizes_by_id({1003: (WIDTH, 10.0), 5: (WIDTH, 10.0)})
    assert state() == before
    view.set_measured_sizes_by_id({1003: (WIDTH, 10.0)})   # above: -50
    assert view.content_offset == (0.0, 1230.0)


def test_scroll_to_item_lands_exactly_through_estimates():
    view, layout = list_view(100_000)
    for target, position in [((0, 71_234), "top"), ((0, 99_000), "centered_vertically"), ((0, 40_000), "bottom")]:
        rounds = 0
        while need := view.items_to_measure_for_scroll(target, position):
            measure(view, need)
            rounds += 1
            assert rounds < 20
        x, y = view.scroll_to_item(target, position)
        f = layout.item_frame(target)
        assert f[3] == real_height(target[1])
        expected = {"top": f[1], "centered_vertically": f[1] + f[3] / 2 - HEIGHT / 2, "bottom": f[1] + f[3] - HEIGHT}
        assert y == expected[position]
        assert view.items_to_measure() == []
        # Items before it measured later: it does not move on screen.
        screen = f[1] - y
        measure(view, [(0, i) for i in range(target[1] - 500, target[1] - 50)])
        assert layout.item_frame(target)[1] - view.content_offset[1] == pytest.approx(screen, abs=1e-6)


def test_host_loop_bottom_to_top_moves_cells_only_by_the_scroll_delta():
    """10^5 items, a 2000 pt viewport; each frame scrolls up 1000 pt, measures the unmeasured cells
    within one viewport around the visible rect (so none is drawn unmeasured), then draws."""
    n, height, step = 100_000, 2000.0, 1000.0
    view, _ = list_view(n, height=height)
    view.content_offset = (0.0, view.content_size[1] - height)

    def settle():
        while need := view.items_to_measure(margin=height):
            measure(view, need)

    settle()
    previous = drawn(view)
    frames = compared = 0
    worst = 0.0
    while view.content_offset[1] > 0:
        before = view.content_offset[1]
        view.content_offset = (0.0, max(0.0, before - step))
        delta = before - view.content_offset[1]
        settle()
        now = drawn(view)
        for i, y in now.items():
            if i in previous:
                worst = max(worst, abs(y - (previous[i] + delta)))
                compared += 1
        previous = now
        frames += 1
    assert worst <= 0.5, worst
    assert frames > 5000 and compared > 10 * frames
    assert drawn(view)[0] == 0.0
    # Every item was measured on the way up: the content is the real heights and the spacing.
    assert view.content_size[1] == pytest.approx(sum(real_height(i) for i in range(n)) + 4 * (n - 1), abs=1e-3)


def test_json_spec_estimates_and_measured_sizes():
    from cvlayout.demo import spec as S
    base = {"version": 1, "layout": {"kind": "flow", "estimated_item_size": [100, 40], "minimum_line_spacing": 10},
            "sections": [{"count": 20}], "viewport": {"width": 100, "height": 100, "offset": [0, 200]}}
    still = S.render(base)
    assert still["content_size"] == [100.0, 20 * 40 + 19 * 10]
    # Items 1 and 2 measure 70 (above the viewport, item 4 at y 200 at the top): +60, the offset follows.
    out = S.render(dict(base, measured=[[[0, 1], [100, 70]], [[0, 2], [100, 70]]]))
    assert out["viewport"]["offset"] == [0.0, 260.0]
    cells = {tuple(e["index_path"]): e for e in out["elements"] if e["category"] == "cell"}
    assert cells[(0, 4)]["frame"][1] == 260.0
    with pytest.raises(S.SpecError, match="measured"):
        S.render(dict(base, measured={"0": [1, 1]}))
    with pytest.raises(InvalidArgument):
        S.render(dict(base, measured=[[[0, 1], [100, -5]]]))


def test_gallery_self_sizing_frames_move_by_the_scroll_step_only():
    from cvlayout.demo.transitions import self_sizing_frames
    frames = self_sizing_frames(frames=8, step=90.0)
    assert len(frames) == 8
    for a, b in zip(frames, frames[1:]):
        delta = a.viewport[1] - max(0.0, a.viewport[1] - 90.0)   # the user's scroll (the offset also
        assert delta > 0                                         # follows the measurements above)
        sa = {x.index_path: x.frame[1] - a.viewport[1] for x in a.elements if x.is_cell}
        sb = {x.index_path: x.frame[1] - b.viewport[1] for x in b.elements if x.is_cell}
        vis = [ip for ip in sa if ip in sb and -100 < sa[ip] < 360]
        assert vis
        for ip in vis:
            assert sb[ip] == pytest.approx(sa[ip] + delta, abs=0.5)


def test_per_item_estimates_by_callback():
    """size_for_item answers are the estimates; the first measurement fixes them in the layout's
    size array (the callback is not asked again for that section)."""
    asked = []

    def size_for_item(section, item):
        asked.append((section, item))
        return (WIDTH, 20.0 + item)

    layout = cvlayout.FlowLayout(minimum_line_spacing=0, minimum_interitem_spacing=0, size_for_item=size_for_item)
    view = cvlayout.CollectionView(layout, counts=[10], bounds_size=(WIDTH, 100.0))
    assert view.content_size[1] == sum(20 + i for i in range(10))   # 245
    assert view.items_to_measure() == [(0, i) for i in range(5)]   # origins 0, 20, 41, 63, 86
    asked.clear()
    view.set_measured_sizes({(0, 1): (WIDTH, 50.0)})                 # in view, the first visible (0) stays
    assert view.content_offset == (0.0, 0.0)
    assert view.content_size[1] == 245 - 21 + 50
    assert layout.item_frame((0, 2))[1] == 20 + 50
    view.invalidate("delegate_metrics")   # re-asks every delegate answer, but not these sizes
    assert view.content_size[1] == 274 and asked == []


def test_horizontal_lists_correct_the_x_offset():
    layout = cvlayout.FlowLayout(scroll_direction="horizontal", minimum_line_spacing=0, minimum_interitem_spacing=0,
                                 estimated_item_size=(50, 400))
    view = cvlayout.CollectionView(layout, counts=[100], bounds_size=(300, 400))
    view.content_offset = (1000.0, 0.0)                       # items 20...25
    view.set_measured_sizes({(0, 3): (80, 400)})               # left of the viewport: +30
    assert view.content_offset == (1030.0, 0.0) and view.content_size == (5030.0, 400.0)
    view.set_measured_sizes({(0, 50): (80, 400)})              # right of it: only the content size
    assert view.content_offset == (1030.0, 0.0) and view.content_size == (5060.0, 400.0)


@requires("cvl_view_clear_measured_sizes")
def test_clear_measured_sizes_lists_items_again_and_keeps_their_size():
    view, _ = list_view(100)
    measure(view, [(0, i) for i in range(10)])          # items 0...9 measured, 0 ... 9 visible
    assert view.items_to_measure() == []
    y = view.attributes_for_item((0, 7)).frame[1]
    size = view.content_size
    assert view.clear_measured_sizes(0, range(3, 6)) == 3
    assert view.items_to_measure() == [(0, 3), (0, 4), (0, 5)]
    assert view.attributes_for_item((0, 7)).frame[1] == y   # nothing moved
    assert view.content_size == size
    assert view.clear_measured_sizes(0, range(3, 6)) == 0   # already unmeasured
    with pytest.raises(cvlayout.OutOfRange):
        view.clear_measured_sizes(0, range(95, 101))          # past the 100 items
    with pytest.raises(cvlayout.OutOfRange):
        view.clear_measured_sizes(1)                          # no section 1
    with pytest.raises(cvlayout.InvalidArgument):
        view.clear_measured_sizes(None, range(0, 1))
    assert view.items_to_measure() == [(0, 3), (0, 4), (0, 5)]   # the errors changed nothing
    assert view.clear_measured_sizes(0) == 7                  # 0, 1, 2, 6, 7, 8, 9
    # Measured heights 24, 77, 58, 87, 44, 97, 54, 107, 64 (4 apart): item 8 ends at 644, past
    # the 600 pt viewport, item 9 starts at 648.
    assert view.items_to_measure() == [(0, i) for i in range(9)]
    measure(view, [(0, 1), (0, 2)])
    assert view.clear_measured_sizes() == 2
    assert view.items_to_measure() == [(0, i) for i in range(9)]
