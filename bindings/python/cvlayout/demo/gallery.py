"""The demo gallery: a list of (name, spec) entries rendered to DIR/name.svg plus DIR/index.html.

``ENTRIES`` is the showcase (``SHOWCASE``, written by hand: drawings that show more than a layout's
fixture) followed by every other layout kind of ``LAYOUTS``, drawn from its fixtures
(Tests/fixtures/<kind>-*.json, the frames worked by hand, in a checkout) or, where there are none
(an installed package), from its class's defaults: a new layout appears here with no entry.
Add an entry to ``SHOWCASE`` to show something more.  An entry whose layout the loaded library
does not provide yet is skipped (reported, not fatal).
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path

from . import compositional_demo, transitions
from .. import _lib
from .._layout_base import LAYOUTS
from ..errors import CvlError
from ..flow import SurveyLayout
from .spec import JSONObject, SpecError, build
from .svg import render_built

# Listing 3.9's photos: landscape, portrait and square images scaled to fit 200 x 200.
_PHOTOS = [[3000, 2000], [2000, 3000], [1000, 1000], [4000, 3000], [1200, 1600], [1600, 900],
           [900, 1600], [2000, 2000], [3000, 1000], [1500, 2000], [2400, 1600], [1080, 1920]]


def _survey_flow() -> JSONObject:
    """A plain flow layout with the Survey layout's settings (Furrow ch. 4, Listing 4.2: insets,
    spacings, item and header sizes), asked of the library, where they live, rather than restated.
    A library without the Survey layout gives the survey kind itself: the entries drawn with these
    settings are then skipped (NotAvailable) along with the survey entry."""
    if not _lib.available("cvl_survey_layout_create"):
        return {"kind": "survey"}
    with SurveyLayout() as survey:
        config = survey.config
    return {"kind": "flow", **{k: list(v) if isinstance(v, tuple) else v for k, v in config.items()}}


SURVEY_FLOW = _survey_flow()

CLASS_TREE = {"NSObject": {
    "UIResponder": {"UIView": {"UIControl": {"UIButton": None, "UISlider": None},
                               "UIScrollView": {"UICollectionView": None, "UITableView": None, "UITextView": None},
                               "UIImageView": None},
                    "UIViewController": {"UICollectionViewController": None}},
    "UICollectionViewLayout": {"UICollectionViewFlowLayout": None},
    "NSString": {"NSMutableString": None},
}}

SHOWCASE: list[tuple[str, JSONObject]] = [
    ("flow-vertical", {
        "version": 1,
        "title": "Flow, vertical: the Survey layout's settings (Furrow ch. 4, Listing 4.2) without its re-centring",
        "layout": SURVEY_FLOW, "sections": [{"count": 6}, {"count": 4}],
        "viewport": {"width": 768, "height": 1024, "offset": [0, 0]}}),
    ("flow-horizontal", {
        "version": 1, "title": "Flow, horizontal: 3 sections, headers and footers along the scroll axis",
        "layout": {"kind": "flow", "scroll_direction": "horizontal", "item_size": [80, 80],
                   "minimum_line_spacing": 10, "minimum_interitem_spacing": 10, "section_inset": [10, 10, 10, 10],
                   "header_reference_size": [40, 0], "footer_reference_size": [24, 0]},
        "sections": [{"count": 11}, {"count": 7}, {"count": 5}],
        "viewport": {"width": 600, "height": 300, "offset": [120, 0]}}),
    ("flow-mixed-sizes", {
        "version": 1, "title": "Flow, mixed sizes: Listing 3.9 aspect-fit photos (max 200x200)",
        "layout": {**SURVEY_FLOW, "header_reference_size": [0, 0]},
        "sections": [{"image_sizes": _PHOTOS, "max_size": [200, 200]}],
        "viewport": {"width": 768, "height": 1024, "offset": [0, 0]}}),
    ("flow-headers-footers", {
        "version": 1, "title": "Flow: per-section insets, headers and footers",
        "layout": {"kind": "flow", "item_size": [90, 60], "minimum_line_spacing": 8, "minimum_interitem_spacing": 8,
                   "section_inset": [10, 10, 10, 10], "header_reference_size": [0, 44],
                   "footer_reference_size": [0, 28]},
        "sections": [{"count": 7}, {"count": 3, "inset": [20, 40, 20, 40], "item_size": [120, 90]},
                     {"count": 0, "footer_size": [0, 0]}, {"count": 9, "header_size": [0, 64]}],
        "viewport": {"width": 420, "height": 560, "offset": [0, 0]}}),
    ("flow-alignment", {
        "version": 1, "title": "Flow alignment options: lines centred (the last too), items at the bottom of "
                               "their line",
        "layout": {"kind": "flow", "item_size": [60, 40], "minimum_line_spacing": 8, "minimum_interitem_spacing": 8,
                   "section_inset": [10, 10, 10, 10], "line_alignment": "center", "item_alignment": "trailing"},
        "sections": [{"item_sizes": [[60, 40], [90, 24], [40, 56], [70, 32], [50, 44], [80, 28], [30, 40],
                                     [100, 36], [60, 20], [45, 50], [75, 30]]}],
        "viewport": {"width": 420, "height": 360, "offset": [0, 0]}}),
    ("flow-snapped", {
        "version": 1, "title": "Pixel snapping: 7 items of 250/7 a line at display scale 1 (terminal cells); "
                               "edges rounded, widths 36 or 35, no gap, no overlap",
        "layout": {"kind": "flow", "item_size": [250 / 7, 250 / 7], "minimum_interitem_spacing": 0,
                   "minimum_line_spacing": 0},
        "sections": [{"count": 30}],
        "viewport": {"width": 250, "height": 200, "offset": [0, 0], "display_scale": 1}}),
    ("survey", {
        "version": 1, "title": "Survey layout: re-centred cells, binder decorations (Furrow ch. 4, 4.1-4.12)",
        "layout": {"kind": "survey"},
        "sections": [{"image_sizes": _PHOTOS[0:3]}, {"image_sizes": _PHOTOS[3:6]}, {"image_sizes": _PHOTOS[6:8]}],
        "viewport": {"width": 768, "height": 1024, "offset": [0, 0]}}),
    ("dimensions", {
        "version": 1, "title": "Dimensions layout (Furrow ch. 4, 4.18-4.23)",
        "layout": {"kind": "dimensions", "mode": "aspect_fill"},
        "sections": [{"count": 14}], "viewport": {"width": 480, "height": 640, "offset": [0, 0]}}),
    ("cover-flow", {
        "version": 1, "title": "Cover Flow (Furrow ch. 4, 4.29-4.32): perspective transforms, masking",
        "layout": {"kind": "cover_flow"},
        "sections": [{"count": 12}],
        "viewport": {"width": 568, "height": 320, "offset": [480, 0]}}),
    ("waterfall", {
        "version": 1, "title": "Waterfall (CHT's waterfall): 3 columns, each item into the shortest",
        "layout": {"kind": "waterfall", "column_count": 3, "section_inset": [10, 10, 10, 10],
                   "header_reference_size": [0, 40]},
        "sections": [{"image_sizes": _PHOTOS * 3, "max_size": [200, 200]}],
        "viewport": {"width": 480, "height": 640, "offset": [0, 0]}}),
    ("waterfall-full-span", {
        "version": 1, "title": "Waterfall: full-span items (Android setFullSpan) below the tallest column, "
                               "then 4 adaptive columns",
        "layout": {"kind": "waterfall", "column_count": 3, "section_inset": [10, 10, 10, 10],
                   "header_reference_size": [0, 30]},
        "sections": [{"image_sizes": _PHOTOS * 2, "max_size": [200, 200],
                      "full_spans": [1 if i in (4, 11) else 0 for i in range(len(_PHOTOS) * 2)]},
                     {"image_sizes": _PHOTOS, "max_size": [200, 200], "minimum_column_width": 100}],
        "viewport": {"width": 480, "height": 640, "offset": [0, 0]}}),
    ("waterfall-rtl-snapped", {
        "version": 1, "title": "Right-to-left at display scale 2: the full-span waterfall mirrored (the first "
                               "column at the right), edges on half points",
        "layout": {"kind": "waterfall", "column_count": 3, "section_inset": [10, 10, 10, 10],
                   "header_reference_size": [0, 30]},
        "sections": [{"image_sizes": _PHOTOS * 2, "max_size": [200, 200],
                      "full_spans": [1 if i in (4, 11) else 0 for i in range(len(_PHOTOS) * 2)]}],
        "viewport": {"width": 481, "height": 640, "offset": [0, 0], "direction": "rtl", "display_scale": 2}}),
    ("grid-rtl", {
        "version": 1, "title": "Span grid right to left: spans 2, 1, 1, 3, ... in 3 columns, span index 0 at "
                               "the right",
        "layout": {"kind": "grid", "columns": 3, "interitem_spacing": 8, "intergroup_spacing": 8,
                   "content_insets": [8, 8, 8, 8], "header_height": 30},
        "sections": [{"count": 12, "item_spans": [2, 1, 1, 3, 1, 2, 1, 1, 1, 3, 2, 1],
                      "item_extents": [80, 60, 60, 50, 90, 70, 40, 60, 50, 40, 80, 80]}],
        "viewport": {"width": 420, "height": 520, "offset": [0, 0], "direction": "rtl"}}),
    ("tree", {
        "version": 1, "title": "Class hierarchy tree (Apple's guide)",
        "layout": {"kind": "tree", "tree": CLASS_TREE, "item_size": [190, 36]},
        "viewport": {"width": 1000, "height": 600, "offset": [0, 0]}}),
    ("circle", {
        "version": 1, "title": "Circle layout (the circle article): 12 items",
        "layout": {"kind": "circle"}, "sections": [{"count": 12}],
        "viewport": {"width": 480, "height": 480, "offset": [0, 0]}}),
    ("compositional-app-store", compositional_demo.app_store_spec()),
]


#: The shared fixtures of a checkout (an installed package has none: kinds are then drawn from
#: their defaults).
FIXTURES = Path(__file__).resolve().parents[4] / "Tests" / "fixtures"


def _title(description: str) -> str:
    """A fixture's description, to its first full stop, as a drawing's title."""
    first = description.split(". ")[0].rstrip(".")
    return first if len(first) <= 110 else first[:109] + "…"


def kind_entries(drawn: set[str], fixtures: Path = FIXTURES) -> list[tuple[str, JSONObject]]:
    """An entry for every layout kind not in ``drawn``: each of its fixtures' specs, or, without
    fixtures, its class with the library's defaults and 12 items."""
    out: list[tuple[str, JSONObject]] = []
    for kind, cls in LAYOUTS.items():
        if kind in drawn:
            continue
        dashed = kind.replace("_", "-")
        paths = sorted([*fixtures.glob(f"{dashed}-*.json"), *fixtures.glob(f"{dashed}.json")])
        for path in paths:
            fixture = json.loads(path.read_text(encoding="utf-8"))
            title = _title(str(fixture.get("description", path.stem)))
            out.append((path.stem, {"version": 1, **fixture["spec"], "title": f"{title} (fixture {path.stem})"}))
        if not paths:
            out.append((dashed, {"version": 1, "title": f"{cls.__name__}: the library's defaults, 12 items",
                                 "layout": {"kind": kind}, "sections": [{"count": 12}],
                                 "viewport": {"width": 480, "height": 480, "offset": [0, 0]}}))
    return out


# A showcase variant in right-to-left does not stand for its kind: the kind's fixtures are still drawn.
ENTRIES: list[tuple[str, JSONObject]] = SHOWCASE + kind_entries(
    {str(spec.get("layout", {}).get("kind", "flow")) for _, spec in SHOWCASE
     if spec.get("viewport", {}).get("direction", "ltr") == "ltr"})


# The animated transitions (issue 5): name, title, frames builder, frames in the strip.
TRANSITIONS = [
    ("circle-flow", "Layout switch: circle <-> flow, 0.8 s ease-in-out (the circle article)",
     transitions.circle_flow_frames, 5),
    ("survey-insert",
     "Survey: a section inserted, cells from the right, binder from the left (Furrow ch. 4, 4.10-4.12)",
     transitions.survey_insert_frames, 4),
    ("diff-shuffle", "apply_snapshot: a reordered list with identifiers; the diff moves, deletes and inserts",
     transitions.diff_shuffle_frames, 5),
    ("chat-append", "A chat anchored to its end: two messages spliced in at the end, the offset follows",
     transitions.chat_append_frames, 5),
    ("self-sizing", "Self-sizing cells: estimates measured while scrolling up, cells move by the scroll only",
     transitions.self_sizing_frames, 5),
    ("compositional-orthogonal", "Compositional: the banner and the carousel dragged, then snapping a group on",
     compositional_demo.orthogonal_scroll_frames, 5),
]


def _write_transitions(out_dir: str, written: list[str], skipped: list[tuple[str, str]],
                       shown: list[tuple[str, str]]) -> None:
    for name, title, make, count in TRANSITIONS:
        try:
            frames = make()
        except CvlError as exc:
            skipped.append((name, f"{type(exc).__name__}: {exc}"))
            continue
        for suffix, svg in (("", transitions.animated_svg(frames, title)),
                            ("-strip", transitions.strip_svg(frames, title, count=count))):
            path = os.path.join(out_dir, f"{name}{suffix}.svg")
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
            written.append(path)
            shown.append((f"{name}{suffix}", title + (" (frames)" if suffix else " (animated)")))


def write(out_dir: str, entries: list[tuple[str, JSONObject]] | None = None) -> tuple[list[str], list[tuple[str, str]]]:
    """Renders the entries and, for the default gallery, the animated transitions; returns
    (written paths, [(skipped name, reason)])."""
    os.makedirs(out_dir, exist_ok=True)
    written: list[str] = []
    skipped: list[tuple[str, str]] = []
    shown: list[tuple[str, str]] = []
    for name, spec in (ENTRIES if entries is None else entries):
        try:
            with build(spec) as built:
                svg = render_built(built)
        except (CvlError, SpecError) as exc:   # a kind whose defaults need more (a tree needs its tree)
            skipped.append((name, f"{type(exc).__name__}: {exc}"))
            continue
        path = os.path.join(out_dir, f"{name}.svg")
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
        written.append(path)
        shown.append((name, spec.get("title", name)))
    if entries is None:
        _write_transitions(out_dir, written, skipped, shown)
    index = os.path.join(out_dir, "index.html")
    with open(index, "w", encoding="utf-8") as f:
        f.write("<!doctype html>\n<meta charset=\"utf-8\">\n<title>cvlayout gallery</title>\n"
                "<style>body{font-family:sans-serif;margin:2em}figure{display:inline-block;margin:1em;"
                "vertical-align:top}img{max-width:420px;max-height:420px;border:1px solid #ccc}</style>\n"
                "<h1>cvlayout gallery</h1>\n")
        for name, title in shown:
            f.write(f'<figure><a href="{name}.svg"><img src="{name}.svg" alt="{html.escape(name)}"></a>'
                    f"<figcaption>{html.escape(title)}</figcaption></figure>\n")
        for name, reason in skipped:
            f.write(f"<p>Skipped {html.escape(name)}: {html.escape(reason)}</p>\n")
    written.append(index)
    return written, skipped
