"""An animated switch away from a flow (issue 32, onscreen10): every cell starts where the old flow
put it, moved by the offset change, whether it was on screen before or not — through the flow's
own lookup (a flow without an ``attributes_for_element`` hook: the library takes its frames in
bulk) or through its hook (a flow with one: each item asked, the hook's answer kept)."""

from __future__ import annotations

from conftest import requires

import cvlayout

pytestmark = requires("cvl_view_set_layout", "cvl_view_set_time", "cvl_circle_layout_create",
                      "cvl_flow_layout_set_hooks")


class Faded(cvlayout.FlowLayout):
    """An item hook: the library must ask it for every item a switch starts from."""

    def adjust_attributes(self, env, attributes):
        if attributes.is_cell:
            attributes.alpha = 0.5
            attributes.z_index = 1 + attributes.index_path[1] % 3


class Watching(cvlayout.FlowLayout):
    """Hooks, but none for an element: an item's lookup is the flow's."""

    invalidations = 0

    def invalidate(self, env, invalidation):
        type(self).invalidations += 1


def check_switch(make, counts, offset_fraction):
    old = make()
    with cvlayout.CollectionView(old, counts, bounds_size=(300, 400)) as view:
        _, ch = view.content_size
        view.content_offset = (0, round(max(0.0, ch - 400) * offset_fraction))
        view.set_time(1.0)
        old_offset = view.content_offset
        # A cell on screen starts as it was drawn (the rect query's answer), any other as the
        # flow's lookup of it answers (its `adjust_attributes` hook, if it has one).
        before = {a.index_path: a for a in view.visible_attributes() if a.is_cell}
        starts = {(0, i): before.get((0, i)) or view.attributes_for_element("cell", 0, (0, i))
                  for i in range(counts[0])}
        view.set_layout(cvlayout.CircleLayout(), animation=cvlayout.Animation(duration=1.0, curve="linear"))
        if view.content_offset != (0.0, 0.0):
            # The anchor (the cell nearest the centre) was not in section 0, the circle's: the
            # offset stays where it was, past the circle's content, and only what is on screen
            # before or after gets a track (none of the circle's cells).
            return None
        dx, dy = view.content_offset[0] - old_offset[0], view.content_offset[1] - old_offset[1]
        shown = {a.index_path: a for a in view.attributes_in_rect((-1e7, -1e7, 2e7, 2e7))
                 if a.is_cell and a.index_path[0] == 0}
        fresh = 0
        hooked = 0
        for ip, start in starts.items():
            a = shown[ip]  # at t = 0 each cell is at its track's start
            x, y, w, h = start.frame
            assert a.frame == (x + dx, y + dy, w, h), (ip, a.frame, start.frame, (dx, dy))
            assert (a.alpha, a.z_index, a.transform) == (start.alpha, start.z_index, start.transform), ip
            fresh += ip not in before
            hooked += start.alpha == 0.5
        assert hooked == (fresh if isinstance(old, Faded) else 0)
        return fresh


def test_switch_starts_every_cell_from_the_old_flows_lookup():
    fresh = checked = 0
    for make in (lambda: cvlayout.FlowLayout(item_size=(40, 30), header_reference_size=(0, 20),
                                             footer_reference_size=(0, 10), section_inset=(5, 7, 3, 2)),
                 lambda: Faded(item_size=(50, 20), minimum_line_spacing=4, header_reference_size=(0, 15)),
                 lambda: Watching(item_size=(30, 45), minimum_interitem_spacing=3, footer_reference_size=(0, 9))):
        for counts in ([300, 30, 50], [90], [160, 7], [7, 200]):
            for fraction in (0.0, 0.2, 0.5, 1.0):
                n = check_switch(make, counts, fraction)
                if n is not None:
                    fresh += n
                    checked += 1
    assert checked >= 24
    assert fresh > 1000  # most cells were not on screen before the switch
    assert Watching.invalidations > 0  # its hooks were installed
