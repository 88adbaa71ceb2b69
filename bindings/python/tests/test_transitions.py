"""The demo's animated transitions (issue 5): frames sampled from the library, numbers by hand."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from conftest import requires

from cvlayout.demo import transitions
from cvlayout.geometry import IDENTITY

pytestmark = requires("cvl_circle_layout_create", "cvl_survey_layout_create", "cvl_view_set_layout",
                      "cvl_view_set_time")


def cells(frame):
    return {a.index_path: a for a in frame.elements if a.is_cell}


def test_circle_to_flow_starts_on_the_circle_and_ends_on_the_grid():
    frames = transitions.circle_flow_frames(frames=9, duration=1.0)
    first, last_there = cells(frames[0]), cells(frames[8])
    assert len(first) == 12 and len(last_there) == 12
    # Circle (the circle article): centre (240, 240), radius 480 / 2.5 = 192, 60 x 60 items at 2πi/12 − π/2.
    for i in range(12):
        angle = 2 * math.pi * i / 12 - math.pi / 2
        cx, cy = 240 + 192 * math.cos(angle), 240 + 192 * math.sin(angle)
        x, y, w, h = first[(0, i)].frame
        assert (x + w / 2, y + h / 2) == pytest.approx((cx, cy)) and (w, h) == pytest.approx((60, 60))
    # Flow: insets 40, 80 x 80, spacing 20 in a 480-wide view: 4 items a line (4·80 + 3·20 = 380
    # of 400), the 20 left over shared by the 3 gaps: x = 40, 146.67, 253.33, 360; lines 100 apart.
    for i in range(12):
        x, y, w, h = last_there[(0, i)].frame
        assert (x, y, w, h) == pytest.approx((40 + (i % 4) * (80 + 20 + 20 / 3), 40 + (i // 4) * 100, 80, 80))
        assert last_there[(0, i)].transform == pytest.approx(IDENTITY)


def test_circle_flow_midway_rotation_is_half_the_circle_rotation():
    # Item 3 sits at angle 0 on the circle, rotated by 2π·3/12 = 90° about z; the flow's is 0°.
    # With ease-in-out, halfway in time is halfway in value: a 45° rotation, not a shrunken matrix.
    frames = transitions.circle_flow_frames(frames=3, duration=1.0)
    t = cells(frames[1])[(0, 3)].transform
    assert t[0] == pytest.approx(math.cos(math.pi / 4)) and t[1] == pytest.approx(math.sin(math.pi / 4))
    assert t[0] ** 2 + t[1] ** 2 == pytest.approx(1.0)


def test_survey_insert_slides_cells_from_the_right_and_the_binder_from_the_left():
    frames = transitions.survey_insert_frames(frames=5, duration=1.0)
    held = 5 // 3
    start, end = frames[held], frames[held + 4]
    assert start.time == 0.0 and end.time == 1.0
    new_cells = [a for a in start.elements if a.is_cell and a.index_path[0] == 1]
    assert len(new_cells) == 3
    # Listing 4.12: the inserted section's cells start one collection-view width (768) to the right.
    for a in new_cells:
        assert a.transform[12] == pytest.approx(768.0) and a.alpha == 1.0
    binder = [a for a in start.elements if a.kind_name == "binder" and a.index_path[0] == 1]
    assert binder and binder[0].transform[12] == pytest.approx(-768.0) and binder[0].alpha == 0.0
    assert all(a.transform == pytest.approx(IDENTITY) and a.alpha == 1.0 for a in end.elements)
    # Before the update there were two sections; after it three.
    assert {a.index_path[0] for a in frames[0].elements if a.is_cell} == {0, 1}
    assert {a.index_path[0] for a in end.elements if a.is_cell} == {0, 1, 2}


def test_animated_svg_has_one_timed_group_per_frame():
    frames = transitions.circle_flow_frames(frames=6, duration=0.5)
    root = ET.fromstring(transitions.animated_svg(frames, "circle"))
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g for g in root.findall(f"{ns}g") if g.find(f"{ns}animate") is not None]
    assert len(groups) == len(frames)
    strip = ET.fromstring(transitions.strip_svg(frames, "circle", count=3))
    assert len(strip.findall(f"{ns}g")) == 3


def test_chat_append_frames_splice_two_messages_in_at_the_bottom():
    frames = transitions.chat_append_frames(frames=6, duration=0.6)
    first, last = frames[0], frames[-1]
    # Ten messages of heights 44 .. 90 (8 pt apart, 8 pt insets), then two more (40 and 58).
    assert first.content_size == (280.0, 8 + sum([44, 60, 36, 80, 44, 52, 36, 66, 44, 90]) + 9 * 8 + 8)
    assert last.content_size == (280.0, first.content_size[1] + 58 + 40 + 2 * 8)
    ids = {a.identifier: a for a in last.elements if a.is_cell}
    assert 10 in ids and 11 in ids and 10 not in {a.identifier for a in first.elements}
    # Anchored to the end: the viewport follows, the newest message sits 8 pt above its bottom.
    assert last.viewport[1] == last.content_size[1] - 360
    assert ids[11].frame[1] + ids[11].frame[3] == last.content_size[1] - 8
