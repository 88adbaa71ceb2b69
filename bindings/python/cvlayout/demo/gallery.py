"""The demo gallery: a list of (name, spec) entries rendered to DIR/name.svg plus DIR/index.html.

Add an entry to ``ENTRIES`` to extend it.  An entry whose layout the loaded library does not
provide yet is skipped (reported, not fatal).
"""

from __future__ import annotations

import html
import os

from . import transitions
from .. import _lib
from ..errors import CvlError
from ..flow import SurveyLayout
from .spec import JSONObject, build
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

ENTRIES: list[tuple[str, JSONObject]] = [
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
    ("mosaic", {
        "version": 1, "title": "Paged mosaic (MacMullin's post): 12 items a page",
        "layout": {"kind": "mosaic"}, "sections": [{"count": 30}],
        "viewport": {"width": 480, "height": 320, "offset": [0, 0]}}),
    ("waterfall", {
        "version": 1, "title": "Waterfall (CHT's waterfall): 3 columns, each item into the shortest",
        "layout": {"kind": "waterfall", "column_count": 3, "section_inset": [10, 10, 10, 10],
                   "header_reference_size": [0, 40]},
        "sections": [{"image_sizes": _PHOTOS * 3, "max_size": [200, 200]}],
        "viewport": {"width": 480, "height": 640, "offset": [0, 0]}}),
    ("grid", {
        "version": 1, "title": "Grid (Apple's compositional grid sample): 4 columns, aspect 3:4, headers in the insets",
        "layout": {"kind": "grid", "columns": 4, "item_aspect": 1.25, "interitem_spacing": 8, "intergroup_spacing": 8,
                   "content_insets": [10, 12, 16, 12], "header_height": 32},
        "sections": [{"count": 10}, {"count": 7}, {"count": 12}],
        "viewport": {"width": 480, "height": 640, "offset": [0, 0]}}),
    ("tree", {
        "version": 1, "title": "Class hierarchy tree (Apple's guide)",
        "layout": {"kind": "tree", "tree": CLASS_TREE, "item_size": [190, 36]},
        "viewport": {"width": 1000, "height": 600, "offset": [0, 0]}}),
    ("circle", {
        "version": 1, "title": "Circle layout (the circle article): 12 items",
        "layout": {"kind": "circle"}, "sections": [{"count": 12}],
        "viewport": {"width": 480, "height": 480, "offset": [0, 0]}}),
]


# The animated transitions (issue 5): name, title, frames builder, frames in the strip.
TRANSITIONS = [
    ("circle-flow", "Layout switch: circle <-> flow, 0.8 s ease-in-out (the circle article)",
     transitions.circle_flow_frames, 5),
    ("survey-insert",
     "Survey: a section inserted, cells from the right, binder from the left (Furrow ch. 4, 4.10-4.12)",
     transitions.survey_insert_frames, 4),
    ("diff-shuffle", "apply_snapshot: a reordered list with identifiers; the diff moves, deletes and inserts",
     transitions.diff_shuffle_frames, 5),
    ("chat-append", "A chat anchored to its end: two messages appended, the offset follows",
     transitions.chat_append_frames, 5),
    ("self-sizing", "Self-sizing cells: estimates measured while scrolling up, cells move by the scroll only",
     transitions.self_sizing_frames, 5),
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
        except CvlError as exc:
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
