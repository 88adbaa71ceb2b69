"""The JSON spec (docs/json-spec.md, version 1): build a view from a spec, dump its attributes.

    spec = {"version": 1,
            "layout": {"kind": "flow", "item_size": [100, 100]},
            "sections": [{"count": 20}],
            "viewport": {"width": 320, "height": 480, "offset": [0, 0]}}
    result = render(spec)        # the documented output dict (version 1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .attributes import Attributes
from .flow import CoverFlowLayout, DimensionsLayout, FlowLayout, SurveyLayout, aspect_fit_size
from .geometry import insets as _insets
from .geometry import pair
from .seeds import CircleLayout, MosaicLayout, TreeLayout
from .view import CollectionView

SPEC_VERSION = 1
OUTPUT_VERSION = 1

FLOW_KINDS = {"flow": FlowLayout, "survey": SurveyLayout, "dimensions": DimensionsLayout,
              "cover_flow": CoverFlowLayout}
LAYOUT_KINDS = (*FLOW_KINDS, "mosaic", "tree", "circle")
_FLOW_KEYS = ("scroll_direction", "item_size", "minimum_line_spacing", "minimum_interitem_spacing", "section_inset",
              "header_reference_size", "footer_reference_size", "pin_headers", "pin_footers")
_SECTION_KEYS = {"count", "item_size", "item_sizes", "image_sizes", "max_size", "inset", "line_spacing",
                 "interitem_spacing", "header_size", "footer_size"}


class SpecError(ValueError):
    """The spec does not follow docs/json-spec.md."""


@dataclass
class Built:
    """A view built from a spec, with what drawing it needs."""

    view: CollectionView
    layout: Any
    spec: dict
    labels: dict = field(default_factory=dict)

    def close(self) -> None:
        self.view.close()
        self.layout.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def load(path: str) -> dict:
    """Reads a spec file ('-' for stdin)."""
    import sys
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _check_keys(obj: dict, allowed, where: str) -> None:
    unknown = set(obj) - set(allowed)
    if unknown:
        raise SpecError(f"{where}: unknown keys {', '.join(sorted(unknown))}")


def _section_sizes(sec: dict, index: int):
    """The bulk item sizes of a section, or None (layout's item size), and its count."""
    if "item_sizes" in sec:
        sizes = [pair(s) for s in sec["item_sizes"]]
    elif "image_sizes" in sec:
        max_size = pair(sec.get("max_size", (200, 200)))
        sizes = [aspect_fit_size(s, max_size) for s in sec["image_sizes"]]
    else:
        count = sec.get("count")
        if count is None:
            raise SpecError(f"sections[{index}]: give count, item_sizes or image_sizes")
        if "item_size" in sec:
            return [pair(sec["item_size"])] * int(count), int(count)
        return None, int(count)
    if "count" in sec and int(sec["count"]) != len(sizes):
        raise SpecError(f"sections[{index}]: count {sec['count']} but {len(sizes)} sizes")
    return sizes, len(sizes)


def _flow_layout(kind: str, props: dict, sections: list[dict]):
    cls = FLOW_KINDS[kind]
    allowed = (*_FLOW_KEYS, "kind") + (("mode",) if kind == "dimensions" else ())
    _check_keys(props, allowed, "layout")
    kwargs = {k: props[k] for k in _FLOW_KEYS if k in props}
    if kind == "dimensions" and "mode" in props:
        kwargs["mode"] = props["mode"]
    layout = cls(**kwargs)
    try:
        counts = []
        per = {"inset": {}, "line_spacing": {}, "interitem_spacing": {}, "header_size": {}, "footer_size": {}}
        for i, sec in enumerate(sections):
            _check_keys(sec, _SECTION_KEYS, f"sections[{i}]")
            sizes, count = _section_sizes(sec, i)
            counts.append(count)
            if sizes is not None:
                layout.set_item_sizes(i, sizes)
            for key in per:
                if key in sec:
                    per[key][i] = sec[key]
        cfg = layout.config

        def section_fn(key, default, convert):
            table = per[key]
            if not table:
                return None
            return lambda s: convert(table.get(s, default))
        delegate = dict(
            inset_for_section=section_fn("inset", cfg["section_inset"], _insets),
            minimum_line_spacing_for_section=section_fn("line_spacing", cfg["minimum_line_spacing"], float),
            minimum_interitem_spacing_for_section=section_fn("interitem_spacing", cfg["minimum_interitem_spacing"],
                                                             float),
            header_size_for_section=section_fn("header_size", cfg["header_reference_size"], pair),
            footer_size_for_section=section_fn("footer_size", cfg["footer_reference_size"], pair))
        if any(v is not None for v in delegate.values()):
            layout.set_delegate(**delegate)
    except BaseException:
        layout.close()
        raise
    return layout, counts, {}


def _plain_counts(sections: list[dict], kind: str) -> list[int]:
    counts = []
    for i, sec in enumerate(sections):
        _check_keys(sec, {"count"}, f"sections[{i}] ({kind} layouts take only counts)")
        counts.append(int(sec["count"]))
    return counts


def build(spec: dict) -> Built:
    """Creates the layout and the view a spec describes."""
    if not isinstance(spec, dict):
        raise SpecError("a spec is a JSON object")
    version = spec.get("version", SPEC_VERSION)
    if version != SPEC_VERSION:
        raise SpecError(f"unsupported spec version {version!r} (this is version {SPEC_VERSION})")
    _check_keys(spec, {"version", "layout", "sections", "viewport", "visible_only", "title", "description"}, "spec")
    vp = spec.get("viewport", {})
    _check_keys(vp, {"width", "height", "offset"}, "viewport")
    props = dict(spec.get("layout", {"kind": "flow"}))
    kind = props.get("kind", "flow")
    sections = list(spec.get("sections", []))
    labels: dict = {}
    if kind in FLOW_KINDS:
        layout, counts, labels = _flow_layout(kind, props, sections)
    elif kind == "mosaic":
        _check_keys(props, {"kind", "padding", "column_width", "row_height", "large_cell_width",
                            "large_cell_height", "medium_cell_height"}, "layout")
        layout = MosaicLayout(**{k: v for k, v in props.items() if k != "kind"})
        counts = _plain_counts(sections, kind)
    elif kind == "tree":
        _check_keys(props, {"kind", "tree", "item_size", "insets"}, "layout")
        if "tree" not in props:
            raise SpecError("layout: a tree layout needs \"tree\" (the nested hierarchy)")
        layout = TreeLayout(props["tree"], item_size=props.get("item_size"), insets=props.get("insets"))
        counts, labels = layout.counts, layout.labels
        if sections:
            given = _plain_counts(sections, kind)
            if given != counts:
                layout.close()
                raise SpecError(f"sections {given} disagree with the tree's levels {counts}")
    elif kind == "circle":
        _check_keys(props, {"kind", "item_size"}, "layout")
        layout = CircleLayout(item_size=props.get("item_size"))
        counts = _plain_counts(sections, kind)
    else:
        raise SpecError(f"layout.kind {kind!r} is not one of {', '.join(LAYOUT_KINDS)}")
    try:
        view = CollectionView(layout, counts, bounds_size=(vp.get("width", 320), vp.get("height", 480)),
                              content_offset=pair(vp.get("offset", (0, 0))))
    except BaseException:
        layout.close()
        raise
    return Built(view, layout, spec, labels)


def elements(built: Built, visible_only: bool | None = None) -> list[Attributes]:
    if visible_only is None:
        visible_only = bool(built.spec.get("visible_only", False))
    return built.view.visible_attributes() if visible_only else built.view.all_attributes()


def output(built: Built, visible_only: bool | None = None) -> dict:
    """The documented output object (version 1)."""
    view = built.view
    w, h = view.content_size
    bw, bh = view.bounds_size
    ox, oy = view.content_offset
    out = {
        "version": OUTPUT_VERSION,
        "layout": built.spec.get("layout", {}).get("kind", "flow"),
        "content_size": [w, h],
        "viewport": {"width": bw, "height": bh, "offset": [ox, oy]},
        "elements": [],
    }
    for a in elements(built, visible_only):
        d = a.to_dict()
        label = built.labels.get(a.index_path) if a.is_cell else None
        if label is not None:
            d["label"] = label
        out["elements"].append(d)
    return out


def render(spec: dict, visible_only: bool | None = None) -> dict:
    """build() + output() + close."""
    with build(spec) as built:
        return output(built, visible_only)
