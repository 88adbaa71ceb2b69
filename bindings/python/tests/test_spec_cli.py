"""The JSON spec, the SVG renderer and `python -m cvlayout` (render, gallery, info)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from conftest import BINDINGS, load_fixture, needs_flow, requires

import cvlayout
from cvlayout.demo import spec as S
from cvlayout.demo import svg

needs_mosaic = requires("cvl_mosaic_layout_create")

MOSAIC = {"version": 1, "layout": {"kind": "mosaic"}, "sections": [{"count": 14}],
          "viewport": {"width": 480, "height": 320, "offset": [0, 0]}}
# The Survey layout's flow settings as the shared fixture gives them (left inset 80; its frames
# at 768 wide are worked by hand there), with a second section that brings its own sizes and inset.
FLOW = {"version": 1,
        "layout": load_fixture("flow-survey-metrics-768")["spec"]["layout"],
        "sections": [{"count": 6}, {"item_sizes": [[100, 50], [50, 100]], "inset": [0, 0, 0, 0]}],
        "viewport": {"width": 768, "height": 1024, "offset": [0, 0]}}


def run_cli(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(BINDINGS))
    return subprocess.run([sys.executable, "-m", "cvlayout", *args], capture_output=True, text=True, env=env,
                          input=stdin, timeout=120)


@needs_mosaic
def test_render_output_format():
    out = S.render(MOSAIC)
    assert out["version"] == 1 and out["layout"] == "mosaic"
    assert out["content_size"] == [960.0, 320.0]
    assert out["viewport"] == {"width": 480.0, "height": 320.0, "offset": [0.0, 0.0]}
    assert len(out["elements"]) == 14
    e = out["elements"][2]
    assert set(e) == {"index_path", "category", "kind", "kind_name", "frame", "center", "size", "transform",
                      "alpha", "z_index", "hidden", "custom", "disappearing"}
    assert not any(x["disappearing"] for x in out["elements"])
    assert e["index_path"] == [0, 2] and e["category"] == "cell" and e["custom"] == [1.0]
    assert e["frame"] == [245.0, 0.0, 235.0, 155.0]
    visible = S.render({**MOSAIC, "visible_only": True})
    assert len(visible["elements"]) == 12
    json.dumps(out)


@needs_flow
def test_render_flow_spec_with_sections():
    # What the spec's sections reach (the frames of the flow itself are the fixtures'): a count, a
    # section's own item sizes and its own inset, which puts its first cell at x 0, not at 80.
    out = S.render(FLOW)
    cells = {tuple(e["index_path"]): e for e in out["elements"] if e["category"] == "cell"}
    assert sorted(cells) == [(0, i) for i in range(6)] + [(1, 0), (1, 1)]
    assert cells[(1, 0)]["size"] == [100.0, 50.0] and cells[(1, 1)]["size"] == [50.0, 100.0]
    assert cells[(1, 0)]["frame"][0] == 0.0
    headers = [e for e in out["elements"] if e["kind_name"] == "header"]
    assert [h["index_path"] for h in headers] == [[0, 0], [1, 0]]


@pytest.mark.parametrize("bad, match", [
    ({"version": 2}, "version"),
    ({"version": 1, "layout": {"kind": "spiral"}}, "spiral"),
    ({"version": 1, "layout": {"kind": "mosaic", "colour": 1}}, "colour"),
    ({"version": 1, "layout": {"kind": "circle"}, "sections": [{"count": 3, "item_size": [1, 1]}]}, "item_size"),
    ({"version": 1, "viewport": {"w": 3}}, "viewport"),
    ({"version": 1, "layout": {"kind": "tree"}}, "tree"),
    ({"version": 1, "layout": {"kind": "cover_flow", "derive_insets": 1}}, "derive_insets is true or false"),
    ({"version": 1, "layout": {"kind": "cover_flow", "zoom": 1}}, "unknown keys zoom"),
    ({"version": 1, "layout": {"kind": "flow", "active_distance": 8}}, "unknown keys active_distance"),
])
def test_bad_specs(bad, match):
    with pytest.raises(S.SpecError, match=match):
        S.build(bad)


@requires("cvl_cover_flow_layout_set_params")
def test_cover_flow_keys():
    # Derived insets by default: 400 x 300 -> left (400 - 180)/2 = 110, top (300 - 180)/2 = 60.
    def frame0(layout: dict) -> list:
        out = S.render({"version": 1, "layout": {"kind": "cover_flow", **layout}, "sections": [{"count": 3}],
                        "viewport": {"width": 400, "height": 300}})
        return next(e for e in out["elements"] if e["index_path"] == [0, 0])

    assert frame0({})["frame"] == [110.0, 60.0, 180.0, 180.0]
    # derive_insets false: the zero inset as given; the one-item column centred, y = (300 - 180)/2.
    assert frame0({"derive_insets": False})["frame"] == [0.0, 60.0, 180.0, 180.0]
    assert frame0({"section_inset": [0, 70, 0, 70]})["frame"][0] == 70.0
    # The constants: item 0 centred at offset 0, so with active distance 8 the mask is 0 at the centre
    # and item 1 (120 away) gets the grey value given.
    out = S.render({"version": 1, "layout": {"kind": "cover_flow", "active_distance": 8, "inactive_grey_value": 0.5},
                    "sections": [{"count": 3}], "viewport": {"width": 400, "height": 300}})
    cells = {tuple(e["index_path"]): e for e in out["elements"] if e["category"] == "cell"}
    assert cells[(0, 0)]["custom"][0] == 0.0 and cells[(0, 1)]["custom"][0] == 0.5
    with pytest.raises(cvlayout.InvalidArgument):
        S.build({"version": 1, "layout": {"kind": "cover_flow", "active_distance": 0}})


def test_svg_draws_every_element_kind():
    from cvlayout import Attributes
    from cvlayout.geometry import rotation
    items = [Attributes.decoration("binder", (0, 0), (0, 0, 300, 120), z_index=-1),
             Attributes.supplementary("header", (0, 0), (0, 0, 300, 40)),
             Attributes.cell((0, 0), (10, 50, 60, 60)),
             Attributes.cell((0, 1), (100, 50, 60, 60), transform=rotation(0.3, 0, 0, 1), custom=(0.4, 1.0)),
             Attributes.cell((0, 2), (200, 50, 60, 60), hidden=True),
             Attributes.supplementary("footer", (0, 0), (0, 120, 300, 20))]
    text = svg.render(items, (300, 140), (0, 0, 200, 100), title="t & <test>")
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    polygons = root.findall(f"{ns}polygon")
    assert len(polygons) == 2                                     # the rotated cell and its mask
    fills = {r.get("fill") for r in root.findall(f"{ns}rect")}
    assert {svg.STYLE[k][0] for k in ("cell", "header", "footer", "binder")} <= fills
    labels = [t.text for t in root.findall(f"{ns}text")]
    assert "0.0" in labels and "0.1" in labels and "0.2" not in labels and "t & <test>" in labels
    assert any(r.get("stroke-dasharray") for r in root.findall(f"{ns}rect"))   # the viewport


@needs_mosaic
def test_cli_render_json_and_svg(tmp_path):
    spec = tmp_path / "mosaic.json"
    spec.write_text(json.dumps(MOSAIC))
    r = run_cli("render", str(spec), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["content_size"] == [960.0, 320.0]
    r = run_cli("render", "-", "--visible-only", stdin=json.dumps(MOSAIC))
    assert len(json.loads(r.stdout)["elements"]) == 12
    out = tmp_path / "m.svg"
    r = run_cli("render", str(spec), "--svg", str(out))
    assert r.returncode == 0 and out.exists()
    ET.parse(out)
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "layout": {"kind": "nope"}}')
    r = run_cli("render", str(bad))
    assert r.returncode == 2 and "nope" in r.stderr


def test_cli_gallery(tmp_path):
    r = run_cli("gallery", "--out", str(tmp_path / "g"))
    assert r.returncode == 0, r.stderr
    paths = r.stdout.split()
    assert paths[-1].endswith("index.html")
    for p in paths[:-1]:
        ET.parse(p)
    index = (tmp_path / "g" / "index.html").read_text()
    for p in paths[:-1]:
        assert os.path.basename(p) in index
    from cvlayout.demo.gallery import ENTRIES, TRANSITIONS
    names = {n for n, _ in ENTRIES}
    # The showcase, then the kinds it does not draw from their fixtures (the mosaic's, the grid's).
    assert {"flow-vertical", "flow-horizontal", "flow-mixed-sizes", "flow-headers-footers", "survey", "cover-flow",
            "tree", "circle", "mosaic-two-pages", "grid-three-sections", "grid-two-column-sample"} <= names
    if cvlayout._lib.available("cvl_flow_layout_create") and cvlayout._lib.available("cvl_survey_layout_create"):
        # Every still, an animated SVG and a frame strip per transition, and the index.
        assert len(paths) == len(ENTRIES) + 2 * len(TRANSITIONS) + 1
        assert {"circle-flow.svg", "circle-flow-strip.svg", "survey-insert.svg",
                "survey-insert-strip.svg"} <= {os.path.basename(p) for p in paths}


def test_cli_info():
    r = run_cli("info")
    assert r.returncode == 0 and "library:" in r.stdout and "functions:" in r.stdout


def test_gallery_specs_follow_the_format():
    from cvlayout.demo.gallery import ENTRIES
    for name, spec in ENTRIES:
        assert spec["version"] == 1 and spec["layout"]["kind"] in S.LAYOUT_KINDS, name
