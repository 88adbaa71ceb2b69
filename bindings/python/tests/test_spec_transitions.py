"""The JSON spec's `transition` (docs/json-spec.md): batch updates and layout switches described
in JSON, sampled at a time; `render --frames`. Expected numbers worked out by hand."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from conftest import requires
from test_spec_cli import run_cli

import cvlayout
from cvlayout import Animation
from cvlayout.demo import spec as S

pytestmark = requires("cvl_view_perform_batch_updates", "cvl_view_set_layout", "cvl_view_set_time",
                      "cvl_circle_layout_create", "cvl_survey_layout_create")

# Flow, 400 wide, spacings 10. Before: three 100 x 100 items on one line, the 100 left over
# shared by two gaps: x = 0, 150, 300. An item 200 wide is inserted at (0, 1). After: line 1 =
# items 0, 1 (300 + 10 = 310; the 90 left over widens the gap: x = 0, 200); line 2 at y = 110 =
# items 2, 3, the last line, packed left with the minimum spacing: x = 0, 110.
INSERT = {
    "version": 1,
    "layout": {"kind": "flow", "minimum_line_spacing": 10, "minimum_interitem_spacing": 10},
    "sections": [{"item_sizes": [[100, 100]] * 3}],
    "viewport": {"width": 400, "height": 400},
    "transition": {"updates": [{"insert_items": [[0, 1]]}],
                   "sections": [{"item_sizes": [[100, 100], [200, 100], [100, 100], [100, 100]]}],
                   "animation": {"duration": 1.0, "curve": "linear"}},
}

CIRCLE_TO_FLOW = {
    "version": 1,
    "layout": {"kind": "circle"},
    "sections": [{"count": 12}],
    "viewport": {"width": 480, "height": 480},
    "transition": {"layout": {"kind": "flow", "item_size": [80, 80], "minimum_line_spacing": 20,
                              "minimum_interitem_spacing": 20, "section_inset": [40, 40, 40, 40]},
                   "animation": {"duration": 1.0, "curve": "ease_in_out"}},
}


def at(spec: dict, time: float | None) -> dict:
    tr = dict(spec["transition"])
    if time is not None:
        tr["time"] = time
    return S.render({**spec, "transition": tr})


def cells(out: dict) -> dict:
    return {tuple(e["index_path"]): e for e in out["elements"] if e["category"] == "cell"}


def test_batch_update_halfway_and_at_the_end():
    mid = at(INSERT, 0.5)
    assert mid["transition"] == {"time": 0.5, "total_duration": 1.0, "animating": True}
    c = cells(mid)
    assert c[(0, 0)]["frame"] == [0.0, 0.0, 100.0, 100.0]
    assert c[(0, 1)]["frame"] == [200.0, 0.0, 200.0, 100.0] and c[(0, 1)]["alpha"] == 0.5   # crossfade
    assert c[(0, 2)]["frame"] == [75.0, 55.0, 100.0, 100.0]    # was (0, 1): (150, 0) -> (0, 110)
    assert c[(0, 3)]["frame"] == [205.0, 55.0, 100.0, 100.0]   # was (0, 2): (300, 0) -> (110, 110)
    end = at(INSERT, None)   # no time: the end of the animation
    assert end["transition"] == {"time": 1.0, "total_duration": 1.0, "animating": False}
    assert [c["frame"] for c in cells(end).values()] == [
        [0.0, 0.0, 100.0, 100.0], [200.0, 0.0, 200.0, 100.0], [0.0, 110.0, 100.0, 100.0], [110.0, 110.0, 100.0, 100.0]]
    assert end["content_size"] == [400.0, 210.0]


def test_delete_marks_the_disappearing_element_with_its_old_index_path():
    spec = {**INSERT, "transition": {"updates": [{"delete_items": [[0, 0]]}],
                                     "sections": [{"item_sizes": [[100, 100]] * 2}],
                                     "animation": {"duration": 1.0, "curve": "linear"}, "time": 0.25}}
    out = S.render(spec)
    gone = [e for e in out["elements"] if e["disappearing"]]
    assert [(e["index_path"], e["alpha"]) for e in gone] == [([0, 0], 0.75)]


def test_layout_switch_from_the_circle_to_the_flow():
    start, mid, end = at(CIRCLE_TO_FLOW, 0.0), at(CIRCLE_TO_FLOW, 0.5), at(CIRCLE_TO_FLOW, 1.0)
    assert start["layout"] == "flow" and end["transition"]["animating"] is False
    # All 12 at every time, although the circle's lowest cells (centre y up to 240 + 192) start
    # below the flow's content (360 high).
    assert len(cells(start)) == len(cells(mid)) == len(cells(end)) == 12
    # Circle (the circle article): centre (240, 240), radius 480 / 2.5 = 192, 60 x 60 at 2πi/12 − π/2.
    for i, e in cells(start).items():
        angle = 2 * math.pi * i[1] / 12 - math.pi / 2
        assert e["center"] == pytest.approx([240 + 192 * math.cos(angle), 240 + 192 * math.sin(angle)])
        assert e["size"] == pytest.approx([60, 60])
    # Flow: 4 items a line (4·80 + 3·20 = 380 of 400), the 20 left over shared by 3 gaps.
    for i, e in cells(end).items():
        assert e["frame"] == pytest.approx([40 + (i[1] % 4) * (100 + 20 / 3), 40 + (i[1] // 4) * 100, 80, 80])
    assert end["content_size"] == [480.0, 360.0]
    # Item 3: 90° on the circle, 0° in the flow; halfway in time (ease-in-out) is halfway: 45°.
    t = cells(mid)[(0, 3)]["transform"]
    assert t[0] == pytest.approx(math.cos(math.pi / 4)) and t[1] == pytest.approx(math.sin(math.pi / 4))


def test_survey_section_insert_from_json():
    spec = {"version": 1, "layout": {"kind": "survey"}, "sections": [{"count": 3}, {"count": 2}],
            "viewport": {"width": 768, "height": 900},
            "transition": {"updates": [{"insert_sections": [1]}],
                           "sections": [{"count": 3}, {"count": 3}, {"count": 2}],
                           "animation": {"duration": 1.0, "curve": "ease_out"}, "time": 0.0}}
    out = S.render(spec)
    new_cells = [e for e in out["elements"] if e["category"] == "cell" and e["index_path"][0] == 1]
    assert len(new_cells) == 3
    # Listing 4.12: the inserted section's cells start one view width (768) to the right ...
    assert all(e["transform"][12] == pytest.approx(768.0) and e["alpha"] == 1.0 for e in new_cells)
    # ... and its binder one width to the left, transparent.
    binder = [e for e in out["elements"] if e["kind_name"] == "binder" and e["index_path"][0] == 1]
    assert binder and binder[0]["transform"][12] == pytest.approx(-768.0) and binder[0]["alpha"] == 0.0


def test_spring_and_bezier_animations():
    spring = {**INSERT, "transition": {**INSERT["transition"],
                                       "animation": {"curve": "spring", "damping_ratio": 1.0, "response": 0.5}}}
    out = S.render(spring)
    settle = Animation.spring(damping_ratio=1.0, response=0.5).total_duration
    assert out["transition"]["total_duration"] == pytest.approx(settle) and 0.7 < settle < 0.8
    physics = S.animation_from_spec({"curve": "spring", "mass": 1, "stiffness": 100, "damping": 20})
    assert physics.spring_stiffness == 100 and physics.spring_damping == 20
    bezier = S.animation_from_spec({"curve": "cubic_bezier", "bezier": [0.25, 0.1, 0.25, 1], "duration": 2})
    assert bezier.bezier == (0.25, 0.1, 0.25, 1.0) and bezier.total_duration == 2.0


def test_spring_forms_overdamping_and_rotation():
    # UIKit's animateWithDuration:...usingSpringWithDamping:initialSpringVelocity: form lasts its
    # duration (the stiffness is solved so it settles then): 0.8 s, done at 0.8.
    uikit = {**INSERT, "transition": {**INSERT["transition"], "time": 0.8,
                                      "animation": {"curve": "spring", "spring_form": "uikit", "duration": 0.8,
                                                    "damping_ratio": 0.5, "initial_velocity": 2}}}
    out = S.render(uikit)
    assert out["transition"]["total_duration"] == 0.8 and out["transition"]["animating"] is False
    a = S.animation_from_spec(uikit["transition"]["animation"])
    assert a == Animation.spring_uikit(duration=0.8, damping_ratio=0.5, initial_velocity=2.0)
    # Damping 40 with mass 1 and stiffness 100 is a damping ratio of 40 / (2 sqrt(100)) = 2.
    # Core Animation's default moves it critically damped, omega = 10: |x - 1| = (1 + 10t) e^(-10t)
    # is 1.23e-3 at t = 0.9 and 4.99e-4 at 1.0, so on the 0.1 s grid it settles at 1.0 s
    # (docs/animation-rules.md). allows_overdamping keeps the overdamped spring: roots
    # r1 = 10 (2 - sqrt 3) = 2.6795, r2 = 10 (2 + sqrt 3) = 37.3205, |x - 1| ~ r2 / (r2 - r1) e^(-r1 t)
    # = 1.0774 e^(-2.6795 t): 1.016e-3 at 2.6, 7.77e-4 at 2.7, so it settles at 2.7 s.
    physical = {"curve": "spring", "mass": 1, "stiffness": 100, "damping": 40}
    critical = S.animation_from_spec(physical)
    over = S.animation_from_spec({**physical, "allows_overdamping": True})
    assert over == Animation.spring_physics(mass=1, stiffness=100, damping=40, allows_overdamping=True)
    assert critical.flags == 0 and critical.total_duration == pytest.approx(1.0, abs=1e-9)
    assert over.total_duration == pytest.approx(2.7, abs=1e-9)
    out = S.render({**INSERT, "transition": {**INSERT["transition"],
                                             "animation": {**physical, "allows_overdamping": True}}})
    assert out["transition"]["total_duration"] == pytest.approx(over.total_duration)
    response = S.animation_from_spec({"curve": "spring", "spring_form": "response", "damping_ratio": 1.5,
                                      "response": 0.5, "allows_overdamping": True})
    assert response == Animation.spring(damping_ratio=1.5, response=0.5, allows_overdamping=True)
    # The rotation choice, for every curve: the shorter way (default) or CSS's algorithm as written.
    for anim in ({"curve": "linear"}, {"curve": "spring"}, {"curve": "cubic_bezier", "bezier": [0, 0, 1, 1]},
                 {"curve": "spring", "spring_form": "uikit", "duration": 1, "damping_ratio": 1}):
        assert S.animation_from_spec(anim).flags & cvlayout.AnimationFlag.ROTATION_CSS == 0
        assert S.animation_from_spec({**anim, "rotation": "css"}).flags & cvlayout.AnimationFlag.ROTATION_CSS
        assert S.animation_from_spec({**anim, "rotation": "shortest"}) == S.animation_from_spec(anim)
    out = S.render({**CIRCLE_TO_FLOW, "transition": {**CIRCLE_TO_FLOW["transition"],
                                                     "animation": {"duration": 1, "rotation": "css"}}})
    assert out["transition"]["total_duration"] == 1.0


@pytest.mark.parametrize("animation, match", [
    ({"curve": "spring", "rotation": "longest"}, "rotation 'longest' is not one of shortest, css"),
    ({"curve": "spring", "allows_overdamping": "yes"}, "allows_overdamping is true or false"),
    ({"curve": "linear", "allows_overdamping": True}, "allows_overdamping apply to curve \"spring\" only"),
    ({"curve": "ease_in", "damping_ratio": 0.5}, "damping_ratio apply to curve \"spring\" only"),
    ({"curve": "spring", "spring_form": "bouncy"}, "spring_form 'bouncy' is not one of response, physical, uikit"),
    ({"curve": "spring", "spring_form": "uikit", "damping_ratio": 0.5}, "uikit spring form needs \"duration\""),
    ({"curve": "spring", "spring_form": "uikit", "duration": 1}, "needs \"damping_ratio\""),
    ({"curve": "spring", "spring_form": "uikit", "duration": 1, "damping_ratio": 1, "allows_overdamping": True},
     "allows_overdamping not used by the uikit spring form"),
    ({"curve": "spring", "spring_form": "uikit", "duration": 1, "damping_ratio": 1, "response": 1},
     "response not used by the uikit"),
    ({"curve": "spring", "damping_ratio": 0.5, "mass": 2}, "damping_ratio not used by the physical spring form"),
    ({"curve": "spring", "spring_form": "response", "stiffness": 2}, "stiffness not used by the response"),
    ({"curve": "spring", "bezier": [0, 0, 1, 1]}, "bezier is for curve \"cubic_bezier\""),
    ({"curve": "linear", "bezier": [0, 0, 1, 1]}, "bezier is for curve \"cubic_bezier\""),
    ({"curve": "linear", "overdamping": True}, "unknown keys overdamping"),
    ([0.3], "transition.animation is an object"),
])
def test_bad_animations(animation, match):
    with pytest.raises(S.SpecError, match=match):
        S.animation_from_spec(animation)


def test_library_checks_the_spring_numbers():
    with pytest.raises(cvlayout.InvalidArgument):
        S.render({**INSERT, "transition": {**INSERT["transition"], "animation": {
            "curve": "spring", "spring_form": "uikit", "duration": 1, "damping_ratio": 0}}})


@pytest.mark.parametrize("transition, match", [
    ({"updates": [], "layout": {"kind": "flow"}}, "either"),
    ({"updates": [{"insert_items": [[0, 0]]}]}, "sections"),
    ({"updates": [{"explode": [1]}], "sections": [{"count": 4}]}, "explode"),
    ({"updates": [{"move_item": [[0]]}], "sections": [{"count": 3}]}, "move_item"),
    ({"updates": [{"insert_items": [[0, 0]], "delete_items": [[0, 1]]}], "sections": [{"count": 3}]}, "one key"),
    ({"layout": {"kind": "circle"}, "sections": [{"count": 4}]}, "differ"),
    ({"layout": {"kind": "flow"}, "animation": {"curve": "bouncy"}}, "bouncy"),
    ({"layout": {"kind": "flow"}, "animation": {"curve": "cubic_bezier"}}, "bezier"),
    ({"layout": {"kind": "flow"}, "time": -1}, "time"),
    ({"layout": {"kind": "flow"}, "colour": 1}, "colour"),
])
def test_bad_transitions(transition, match):
    spec = {"version": 1, "sections": [{"count": 3}], "transition": transition}
    with pytest.raises(S.SpecError, match=match):
        S.build(spec)


def test_library_errors_in_a_transition_come_back_with_its_message():
    import cvlayout
    wrong_count = {"version": 1, "sections": [{"count": 3}],
                   "transition": {"updates": [{"insert_items": [[0, 0]]}], "sections": [{"count": 3}]}}
    with pytest.raises(cvlayout.InconsistentUpdate, match="invalid number of items in section 0"):
        S.build(wrong_count)
    with pytest.raises(cvlayout.InvalidArgument, match="duration"):
        S.build({"version": 1, "sections": [{"count": 3}],
                 "transition": {"layout": {"kind": "circle"}, "animation": {"duration": -1}}})


def test_cli_frames_as_json_and_animated_svg(tmp_path):
    path = tmp_path / "switch.json"
    path.write_text(json.dumps(CIRCLE_TO_FLOW))
    r = run_cli("render", str(path), "--frames", "5")
    assert r.returncode == 0, r.stderr
    outs = json.loads(r.stdout)
    assert [o["transition"]["time"] for o in outs] == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert [o["transition"]["animating"] for o in outs] == [True] * 4 + [False]
    svg = tmp_path / "switch.svg"
    r = run_cli("render", str(path), "--frames", "6", "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g for g in ET.parse(svg).getroot().findall(f"{ns}g") if g.find(f"{ns}animate") is not None]
    assert len(groups) == 6
    r = run_cli("render", "-", "--frames", "3", stdin=json.dumps({"version": 1, "sections": [{"count": 1}]}))
    assert r.returncode == 2 and "transition" in r.stderr
    bad = {**INSERT, "transition": {**INSERT["transition"], "sections": [{"count": 9}]}}
    r = run_cli("render", "-", stdin=json.dumps(bad))
    assert r.returncode == 2 and "InconsistentUpdate" in r.stderr
