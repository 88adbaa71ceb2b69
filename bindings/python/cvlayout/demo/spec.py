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
from collections.abc import Iterable
from typing import Any, Callable, TypeAlias

from .. import updates as U
from .._types import AnimationFlag, Rotation
from ..animation import CURVES, Animation
from ..attributes import Attributes
from ..flow import FlowLayout, aspect_fit_size
from .._layout_base import LAYOUTS, BaseLayout
from ..geometry import IndexPath
from ..geometry import insets as _insets
from ..geometry import pair
from ..seeds import GridLayout, TreeLayout
from ..view import CollectionView

#: A JSON object of a spec (docs/json-spec.md). Its values are whatever the JSON held: this module
#: checks them (SpecError), so the type checker sees them as Any.
JSONObject: TypeAlias = "dict[str, Any]"
#: Hands a batch update's new sections to the layout and returns their counts.
Reapply: TypeAlias = "Callable[[list[JSONObject]], list[int]]"

SPEC_VERSION = 1
OUTPUT_VERSION = 1

# The kinds are the layout classes' (LAYOUTS: each class's KIND, with the keys of its own
# in SPEC_KEYS), so a new layout class is a new kind here with nothing to add.
FLOW_KINDS: dict[str, type[FlowLayout]] = {k: c for k, c in LAYOUTS.items() if issubclass(c, FlowLayout)}
LAYOUT_KINDS = tuple(LAYOUTS)
_FLOW_KEYS = ("scroll_direction", "item_size", "minimum_line_spacing", "minimum_interitem_spacing", "section_inset",
              "header_reference_size", "footer_reference_size", "pin_headers", "pin_footers", "line_alignment",
              "last_line_alignment", "item_alignment")
_SECTION_KEYS = {"count", "item_size", "item_sizes", "image_sizes", "max_size", "inset", "line_spacing",
                 "interitem_spacing", "header_size", "footer_size", "id", "ids"}
#: The section keys of a flow subclass with columns of its own (docs/json-spec.md): bulk full-span
#: flags and extents, the section's column count.
_COLUMN_SECTION_KEYS = {"full_spans", "item_extents", "columns", "minimum_column_width"}
_ANCHORING = ("none", "first_visible", "end")


class SpecError(ValueError):
    """The spec does not follow docs/json-spec.md."""


@dataclass
class Built:
    """A view built from a spec, with what drawing it needs."""

    view: CollectionView
    layout: BaseLayout
    spec: JSONObject
    labels: dict[IndexPath, str] = field(default_factory=dict)
    #: The layout a transition switched to (owned like ``layout``), if any.
    next_layout: BaseLayout | None = None
    #: The view's clock when the transition started, and its delay + duration (or settle time).
    start_time: float = 0.0
    total_duration: float = 0.0
    #: The content size before the transition: elements still moving out of it are listed too.
    start_content_size: tuple[float, float] = (0.0, 0.0)

    @property
    def layout_kind(self) -> str:
        """The kind of the view's layout (the switched-to one after a layout transition)."""
        source = self.spec.get("transition", {}) if self.next_layout is not None else self.spec
        return str(source.get("layout", {}).get("kind", "flow"))

    @property
    def has_transition(self) -> bool:
        """Whether the spec has a ``transition``."""
        return "transition" in self.spec

    def close(self) -> None:
        """Closes the view and its layouts."""
        self.view.close()
        self.layout.close()
        if self.next_layout is not None:
            self.next_layout.close()

    def __enter__(self) -> Built:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def load(path: str) -> JSONObject:
    """Reads a spec file ('-' for stdin)."""
    import sys
    if path == "-":
        data = json.load(sys.stdin)
    else:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    if not isinstance(data, dict):
        raise SpecError("a spec is a JSON object")
    return data


def _check_keys(obj: JSONObject, allowed: Iterable[str], where: str) -> None:
    unknown = set(obj) - set(allowed)
    if unknown:
        raise SpecError(f"{where}: unknown keys {', '.join(sorted(unknown))}")


def _check_bool(value: object, where: str) -> None:
    if not isinstance(value, bool):
        raise SpecError(f"{where} is true or false, not {value!r}")


def _section_sizes(sec: JSONObject, index: int) -> tuple[list[tuple[float, float]] | None, int]:
    """The bulk item sizes of a section, or None (layout's item size), and its count."""
    if "item_sizes" in sec:
        sizes = [pair(s) for s in sec["item_sizes"]]
    elif "image_sizes" in sec:
        max_size = pair(sec.get("max_size", (200, 200)))
        sizes = [pair(aspect_fit_size(s, max_size)) for s in sec["image_sizes"]]
    else:
        count = sec.get("count", len(sec["ids"]) if isinstance(sec.get("ids"), list) else None)
        if count is None:
            raise SpecError(f"sections[{index}]: give count, item_sizes, image_sizes or ids")
        if "item_size" in sec:
            return [pair(sec["item_size"])] * int(count), int(count)
        return None, int(count)
    if "count" in sec and int(sec["count"]) != len(sizes):
        raise SpecError(f"sections[{index}]: count {sec['count']} but {len(sizes)} sizes")
    return sizes, len(sizes)


class _FlowSections:
    """A flow-family layout's per-section data from the spec's sections (bulk sizes and the
    delegate answers), re-applied with the sections after a batch update."""

    _PER = ("inset", "line_spacing", "interitem_spacing", "header_size", "footer_size")

    def __init__(self, layout: FlowLayout) -> None:
        self.layout = layout
        self.per: dict[str, dict[int, Any]] = {key: {} for key in self._PER}
        self.sized: set[int] = set()
        self.delegate_set = False
        self.column_data: dict[str, set[int]] = {}

    def apply(self, sections: list[JSONObject], where: str = "sections") -> list[int]:
        counts: list[int] = []
        per: dict[str, dict[int, Any]] = {key: {} for key in self._PER}
        sized: set[int] = set()
        parsed: list[list[tuple[float, float]] | None] = []
        columned = hasattr(self.layout, "set_full_spans")
        keys = _SECTION_KEYS | _COLUMN_SECTION_KEYS if columned else _SECTION_KEYS
        for i, sec in enumerate(sections):
            _check_keys(sec, keys, f"{where}[{i}]")
            sizes, count = _section_sizes(sec, i)
            parsed.append(sizes)
            counts.append(count)
            for key in per:
                if key in sec:
                    per[key][i] = sec[key]
            for k in ("full_spans", "item_extents"):
                if k in sec and (not isinstance(sec[k], list) or len(sec[k]) != count):
                    raise SpecError(f"{where}[{i}].{k}: a list of {count} values (one per item)")
        if columned:
            self._apply_columns(sections)
        for i, sizes in enumerate(parsed):
            if sizes is not None:
                self.layout.set_item_sizes(i, sizes)
                sized.add(i)
        for i in self.sized - sized:
            self.layout.set_item_sizes(i, None)
        self.sized = sized
        for key in self._PER:   # in place: the delegate's closures read these tables
            self.per[key].clear()
            self.per[key].update(per[key])
        if not self.delegate_set and any(self.per.values()):
            self._set_delegate()
        return counts

    def _apply_columns(self, sections: list[JSONObject]) -> None:
        layout: Any = self.layout   # a flow subclass with set_full_spans, set_item_extents, set_section_columns
        columns = [(sec.get("columns", 0), sec.get("minimum_column_width", 0.0)) for sec in sections]
        layout.set_section_columns(columns if any(c != (0, 0.0) for c in columns) else [])
        for key, setter in (("full_spans", layout.set_full_spans), ("item_extents", layout.set_item_extents)):
            given = {i for i, sec in enumerate(sections) if key in sec}
            for i in self.column_data.get(key, set()) - given:
                setter(i, None)
            for i in sorted(given):
                setter(i, sections[i][key])
            self.column_data[key] = given

    def _set_delegate(self) -> None:
        cfg = self.layout.config

        def answer(key: str, default: object, convert: Callable[[Any], object]) -> Callable[[int], object]:
            table = self.per[key]
            return lambda s: convert(table.get(s, default))
        self.layout.set_delegate(
            inset_for_section=answer("inset", cfg["section_inset"], _insets),
            minimum_line_spacing_for_section=answer("line_spacing", cfg["minimum_line_spacing"], float),
            minimum_interitem_spacing_for_section=answer("interitem_spacing", cfg["minimum_interitem_spacing"],
                                                         float),
            header_size_for_section=answer("header_size", cfg["header_reference_size"], pair),
            footer_size_for_section=answer("footer_size", cfg["footer_reference_size"], pair))
        self.delegate_set = True


def _flow_layout(kind: str, props: JSONObject, sections: list[JSONObject], where: str = "layout"
                 ) -> tuple[FlowLayout, list[int], dict[IndexPath, str], Reapply]:
    cls: type[FlowLayout] = FLOW_KINDS[kind]
    own = cls.SPEC_KEYS
    allowed = (*_FLOW_KEYS, "kind", "estimated_item_size", *own)
    _check_keys(props, allowed, where)
    if kind == "cover_flow" and "derive_insets" in props:
        _check_bool(props["derive_insets"], f"{where}.derive_insets")
    kwargs = {k: props[k] for k in _FLOW_KEYS if k in props}
    kwargs.update({k: props[k] for k in own if k in props})
    layout = cls(**kwargs)
    try:
        if "estimated_item_size" in props:
            layout.estimated_item_size = pair(props["estimated_item_size"])
        applier = _FlowSections(layout)
        counts = applier.apply(sections)
    except BaseException:
        layout.close()
        raise
    return layout, counts, {}, lambda secs: applier.apply(secs, "transition.sections")


_GRID_SECTION_KEYS = {"count", "id", "ids", "item_spans", "item_extents", "columns", "minimum_column_width"}


class _GridSections:
    """A span grid's per-section data from the spec's sections (bulk spans and extents, column
    counts), re-applied with the sections after a batch update."""

    def __init__(self, layout: GridLayout) -> None:
        self.layout = layout
        self.spans: set[int] = set()
        self.extents: set[int] = set()

    def apply(self, sections: list[JSONObject], where: str = "sections") -> list[int]:
        counts: list[int] = []
        columns: list[tuple[int, float]] = []
        for i, sec in enumerate(sections):
            _check_keys(sec, _GRID_SECTION_KEYS, f"{where}[{i}]")
            n = next((len(sec[k]) for k in ("item_spans", "item_extents") if isinstance(sec.get(k), list)), None)
            count = sec.get("count", n if n is not None else (len(sec["ids"]) if isinstance(sec.get("ids"), list)
                                                              else None))
            if count is None:
                raise SpecError(f"{where}[{i}]: give count, item_spans, item_extents or ids")
            for k in ("item_spans", "item_extents"):
                if k in sec and (not isinstance(sec[k], list) or len(sec[k]) != count):
                    raise SpecError(f"{where}[{i}].{k}: a list of {count} values (one per item)")
            counts.append(int(count))
            columns.append((sec.get("columns", 0), sec.get("minimum_column_width", 0.0)))
        # The section columns first: the spans are checked against them.
        self.layout.set_section_columns(columns if any(c != (0, 0.0) for c in columns) else [])
        spans = {i for i, sec in enumerate(sections) if "item_spans" in sec}
        extents = {i for i, sec in enumerate(sections) if "item_extents" in sec}
        for i in self.spans - spans:
            self.layout.set_item_spans(i, None)
        for i in self.extents - extents:
            self.layout.set_item_extents(i, None)
        for i in sorted(spans):
            self.layout.set_item_spans(i, sections[i]["item_spans"])
        for i in sorted(extents):
            self.layout.set_item_extents(i, sections[i]["item_extents"])
        self.spans, self.extents = spans, extents
        return counts


def _plain_counts(sections: list[JSONObject], kind: str) -> list[int]:
    counts: list[int] = []
    for i, sec in enumerate(sections):
        _check_keys(sec, {"count", "id", "ids"}, f"sections[{i}] ({kind} layouts take only counts and ids)")
        counts.append(int(sec["count"]) if "count" in sec or not isinstance(sec.get("ids"), list) else len(sec["ids"]))
    return counts


def build(spec: JSONObject, seek: bool = True) -> Built:
    """Creates the layout and the view a spec describes, and starts its ``transition`` if it has
    one; with ``seek`` the view's clock is then moved to ``transition.time`` (else it stays at
    the transition's start, for a caller that samples frames itself)."""
    if not isinstance(spec, dict):
        raise SpecError("a spec is a JSON object")
    version = spec.get("version", SPEC_VERSION)
    if version != SPEC_VERSION:
        raise SpecError(f"unsupported spec version {version!r} (this is version {SPEC_VERSION})")
    _check_keys(spec, {"version", "layout", "sections", "viewport", "visible_only", "title", "description",
                       "transition", "anchoring", "measured"}, "spec")
    vp = spec.get("viewport", {})
    _check_keys(vp, {"width", "height", "offset", "display_scale", "direction"}, "viewport")
    props = dict(spec.get("layout", {"kind": "flow"}))
    sections = list(spec.get("sections", []))
    layout, counts, labels, reapply = _make_layout(props, sections, "layout")
    try:
        view = CollectionView(layout, counts, bounds_size=(vp.get("width", 320), vp.get("height", 480)),
                              content_offset=pair(vp.get("offset", (0, 0))))
    except BaseException:
        layout.close()
        raise
    built = Built(view, layout, spec, labels)
    try:
        if "display_scale" in vp:
            view.display_scale = vp["display_scale"]
        ids = _identities(sections, counts, "sections")
        if ids is not None:
            view.set_identifiers(ids)
        if "direction" in vp:
            # The spec's offset is the host's (mirrored in right-to-left): set again after the direction.
            view.layout_direction = vp["direction"]
            if "offset" in vp:
                view.content_offset = pair(vp["offset"])
        if "anchoring" in spec:
            view.anchoring = _anchoring(spec["anchoring"])
        if "measured" in spec:
            view.set_measured_sizes(_measured(spec["measured"]))
    except BaseException:
        built.close()
        raise
    if "transition" in spec:
        try:
            _start_transition(built, spec["transition"], sections, reapply, seek)
        except BaseException:
            built.close()
            raise
    return built


def _identities(sections: list[JSONObject], counts: list[int], where: str) -> list[tuple[int, list[int]]] | None:
    """[(section id, item ids)] when the sections carry "ids" (all of them must), else None.
    A section's "id" defaults to its index."""
    with_ids = [("ids" in sec) for sec in sections]
    if not any(with_ids):
        return None
    if not all(with_ids):
        raise SpecError(f"{where}: give \"ids\" for every section or for none")
    out: list[tuple[int, list[int]]] = []
    for i, sec in enumerate(sections):
        ids = sec["ids"]
        if not isinstance(ids, list) or len(ids) != counts[i]:
            raise SpecError(f"{where}[{i}].ids: a list of {counts[i]} item identifiers (one per item)")
        out.append((sec.get("id", i), ids))
    return out


def _measured(value: object) -> list[tuple[IndexPath, tuple[float, float]]]:
    """The spec's "measured": [[[section, item], [w, h]], ...], the sizes the host measured."""
    if not isinstance(value, list):
        raise SpecError("measured: a list of [[section, item], [width, height]] pairs")
    out: list[tuple[IndexPath, tuple[float, float]]] = []
    for k, entry in enumerate(value):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise SpecError(f"measured[{k}]: a [[section, item], [width, height]] pair")
        section, item = entry[0]
        out.append(((section, item), pair(entry[1])))
    return out


def _anchoring(value: object) -> str | tuple[str, tuple[float, float]]:
    """The spec's "anchoring": "none", "first_visible", "end" or {"nearest": [x, y]}."""
    if isinstance(value, str) and value in _ANCHORING:
        return value
    if isinstance(value, dict) and set(value) == {"nearest"}:
        return ("nearest", pair(value["nearest"]))
    raise SpecError(f"anchoring {value!r} is not one of {', '.join(_ANCHORING)} or {{\"nearest\": [x, y]}}")


def _make_layout(props: JSONObject, sections: list[JSONObject], where: str
                 ) -> tuple[BaseLayout, list[int], dict[IndexPath, str], Reapply]:
    """(layout, counts, labels, reapply): ``reapply(sections)`` hands a batch update's new
    sections to the layout and returns their counts."""
    kind = props.get("kind", "flow")
    labels: dict[IndexPath, str] = {}
    if kind in FLOW_KINDS:
        return _flow_layout(kind, props, sections, where)
    if kind == "tree":
        _check_keys(props, {"kind", *TreeLayout.SPEC_KEYS}, where)
        if "tree" not in props:
            raise SpecError(f"{where}: a tree layout needs \"tree\" (the nested hierarchy)")
        tree = TreeLayout(props["tree"], item_size=props.get("item_size"), insets=props.get("insets"))
        counts, labels = tree.counts or [], tree.labels
        if sections:
            given = _plain_counts(sections, kind)
            if given != counts:
                tree.close()
                raise SpecError(f"sections {given} disagree with the tree's levels {counts}")

        def no_updates(_secs: list[JSONObject]) -> list[int]:
            raise SpecError("transition.updates: the tree layout's sections follow its tree; "
                            "batch updates are for the other layouts")
        return tree, counts, labels, no_updates
    if kind == "grid":
        _check_keys(props, {"kind", *GridLayout.SPEC_KEYS}, where)
        grid = GridLayout(**{k: v for k, v in props.items() if k != "kind"})
        try:
            applier = _GridSections(grid)
            counts = applier.apply(sections)
        except BaseException:
            grid.close()
            raise
        return grid, counts, labels, lambda secs: applier.apply(secs, "transition.sections")
    if kind not in LAYOUTS:
        raise SpecError(f"{where}.kind {kind!r} is not one of {', '.join(LAYOUT_KINDS)}")
    # Any other layout: its own keys are its class's keyword arguments; sections are counts.
    cls = LAYOUTS[kind]
    _check_keys(props, {"kind", *cls.SPEC_KEYS}, where)
    layout = cls(**{k: v for k, v in props.items() if k != "kind"})
    return layout, _plain_counts(sections, kind), labels, lambda secs: _plain_counts(secs, kind)


# Each takes the JSON arguments of its action (index paths or sections, checked by the helper).
_UPDATES: dict[str, Callable[[Any], list[U.UpdateItem]]] = {
            "insert_items": U.insert_items, "delete_items": U.delete_items, "reload_items": U.reload_items,
            "insert_sections": U.insert_sections, "delete_sections": U.delete_sections,
            "reload_sections": U.reload_sections}
#: The spring forms (``spring_form``) and the keys each takes (docs/json-spec.md, Transitions).
_SPRING_FORMS = {
    "response": ("damping_ratio", "response", "allows_overdamping"),
    "physical": ("mass", "stiffness", "damping", "initial_velocity", "allows_overdamping"),
    "uikit": ("duration", "damping_ratio", "initial_velocity"),
}
_SPRING_KEYS = {k for keys in _SPRING_FORMS.values() for k in keys} - {"duration"} | {"spring_form"}
_ANIMATION_KEYS = {"duration", "curve", "delay", "bezier", "rotation"} | _SPRING_KEYS


def _update_items(entries: object) -> list[U.UpdateItem]:
    if not isinstance(entries, list):
        raise SpecError("transition.updates is a list of {action: arguments} objects")
    items: list[U.UpdateItem] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or len(entry) != 1:
            raise SpecError(f"transition.updates[{i}]: one key per entry, e.g. {{\"insert_items\": [[0, 1]]}}")
        (action, args), = entry.items()
        try:
            if action in _UPDATES:
                items += _UPDATES[action]([tuple(p) for p in args] if action.endswith("_items") else args)
            elif action == "move_item":
                (s0, i0), (s1, i1) = args
                items += U.move_item((s0, i0), (s1, i1))
            elif action == "move_section":
                items += U.move_section(args[0], args[1])
            else:
                raise SpecError(f"transition.updates[{i}]: unknown action {action!r} "
                                f"({', '.join([*_UPDATES, 'move_item', 'move_section'])})")
        except (TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, SpecError):
                raise
            raise SpecError(f"transition.updates[{i}]: bad arguments for {action}: {exc}") from None
    return items


def animation_from_spec(obj: JSONObject | None) -> Animation:
    """A ``transition.animation`` object (docs/json-spec.md) as an :class:`Animation`. Unknown
    keys, unknown names and keys that do not belong to the curve or spring form are a
    :class:`SpecError`; the numbers are checked by the library."""
    where = "transition.animation"
    obj = {} if obj is None else obj
    if not isinstance(obj, dict):
        raise SpecError(f"{where} is an object, e.g. {{\"duration\": 0.3, \"curve\": \"linear\"}}")
    _check_keys(obj, _ANIMATION_KEYS, where)
    curve = obj.get("curve", "ease_in_out")
    if curve not in CURVES:
        raise SpecError(f"{where}.curve {curve!r} is not one of {', '.join(CURVES)}")
    rotation = obj.get("rotation", "shortest")
    if rotation not in Rotation.labels():
        raise SpecError(f"{where}.rotation {rotation!r} is not one of {', '.join(Rotation.labels())}")
    overdamping = obj.get("allows_overdamping", False)
    _check_bool(overdamping, f"{where}.allows_overdamping")
    delay = float(obj.get("delay", 0.0))

    def num(key: str) -> float | None:
        """The number under ``key``, or None: the library's default (``cvl_animation_default``)."""
        return None if key not in obj else float(obj[key])

    if curve == "spring":
        if "bezier" in obj:
            raise SpecError(f"{where}.bezier is for curve \"cubic_bezier\", not \"spring\"")
        form = obj.get("spring_form")
        if form is None:    # inferred: the physical form when one of its own keys is given
            physical = ("mass", "stiffness", "damping", "initial_velocity")
            form = "physical" if any(k in obj for k in physical) else "response"
        elif form not in _SPRING_FORMS:
            raise SpecError(f"{where}.spring_form {form!r} is not one of {', '.join(_SPRING_FORMS)}")
        # The response and physical forms ignore "duration" (a spring lasts its settling time).
        allowed = {*_SPRING_FORMS[form], "spring_form", "curve", "delay", "rotation", "duration"}
        stray = sorted(set(obj) - allowed)
        if stray:
            raise SpecError(f"{where}: {', '.join(stray)} not used by the {form} spring form "
                            f"(it takes {', '.join(_SPRING_FORMS[form])})")
        if form == "uikit":
            for key in ("duration", "damping_ratio"):
                if key not in obj:
                    raise SpecError(f"{where}: the uikit spring form needs \"{key}\"")
            return Animation.spring_uikit(duration=float(obj["duration"]), damping_ratio=float(obj["damping_ratio"]),
                                          initial_velocity=float(obj.get("initial_velocity", 0.0)), delay=delay,
                                          rotation=rotation)
        if form == "physical":
            return Animation.spring_physics(mass=num("mass"), stiffness=num("stiffness"), damping=num("damping"),
                                            initial_velocity=num("initial_velocity"), delay=delay,
                                            allows_overdamping=overdamping, rotation=rotation)
        return Animation.spring(damping_ratio=num("damping_ratio"), response=num("response"), delay=delay,
                                allows_overdamping=overdamping, rotation=rotation)
    stray = sorted(set(obj) & _SPRING_KEYS)
    if stray:
        raise SpecError(f"{where}: {', '.join(stray)} apply to curve \"spring\" only (the curve is {curve!r})")
    bezier = obj.get("bezier")
    if curve == "cubic_bezier" and bezier is None:
        raise SpecError(f"{where}: a cubic_bezier curve needs \"bezier\": [x1, y1, x2, y2]")
    if bezier is not None and curve != "cubic_bezier":
        raise SpecError(f"{where}.bezier is for curve \"cubic_bezier\", not {curve!r}")
    if bezier is not None and (not isinstance(bezier, list) or len(bezier) != 4):
        raise SpecError(f"{where}.bezier is [x1, y1, x2, y2]")
    duration = num("duration")
    flags = int(AnimationFlag.ROTATION_CSS) if Rotation.coerce(rotation) is Rotation.CSS else 0
    return Animation(duration=Animation.duration if duration is None else duration, curve=curve, delay=delay,
                     bezier=_bezier(bezier or (0.0, 0.0, 1.0, 1.0)), flags=flags)


def _bezier(values: list[float] | tuple[float, ...]) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = values
    return float(x1), float(y1), float(x2), float(y2)


def _start_transition(built: Built, tr: object, sections: list[JSONObject], reapply: Reapply, seek: bool) -> None:
    """Runs ``spec.transition`` on a freshly built view: a batch update or a layout switch,
    animated from the state the spec describes, then moves the clock to ``time``."""
    if not isinstance(tr, dict):
        raise SpecError("transition is an object")
    _check_keys(tr, {"updates", "layout", "sections", "snapshot", "snapshot_edits", "changed", "animation", "time"},
                "transition")
    if sum(key in tr for key in ("updates", "layout", "snapshot", "snapshot_edits")) != 1:
        raise SpecError("transition: give either \"updates\" (a batch update), \"layout\" (a layout switch), "
                        "\"snapshot\" (the sections after the update, with ids: the library computes the update) "
                        "or \"snapshot_edits\" (splices of the ids)")
    if "changed" in tr and not ("snapshot" in tr or "snapshot_edits" in tr):
        raise SpecError("transition: \"changed\" goes with \"snapshot\" or \"snapshot_edits\"")
    anim = animation_from_spec(tr.get("animation"))
    view = built.view
    built.start_content_size = view.content_size   # lay out the state the spec describes first
    built.start_time = view.time
    if "snapshot" in tr:
        if "sections" in tr:
            raise SpecError("transition: a snapshot is the sections after the update; give no \"sections\"")
        new_sections = list(tr["snapshot"])
        new_counts = reapply(new_sections)
        ids = _identities(new_sections, new_counts, "transition.snapshot")
        if ids is None:
            raise SpecError("transition.snapshot: every section needs \"ids\"")
        view.apply_snapshot(ids, changed=tr.get("changed", ()), animation=anim)
    elif "snapshot_edits" in tr:
        _apply_snapshot_edits(view, tr, sections, reapply, anim)
    elif "updates" in tr:
        if "sections" not in tr:
            raise SpecError("transition: a batch update needs \"sections\", the sections after it")
        items = _update_items(tr["updates"])
        new_counts = reapply(list(tr["sections"]))
        view.perform_batch_updates(items, new_counts=new_counts, animation=anim)
    else:
        new_sections = list(tr.get("sections", sections))
        layout, counts, labels, _ = _make_layout(dict(tr["layout"]), new_sections, "transition.layout")
        built.next_layout = layout
        if counts != view.counts:
            raise SpecError(f"transition.layout: its sections {counts} differ from the view's {view.counts}; "
                            "a layout switch keeps the data (use updates to change it)")
        view.set_layout(layout, animation=anim)
        if labels:
            built.labels = labels
    built.total_duration = anim.total_duration
    if seek:
        t = float(tr.get("time", built.total_duration))
        if not t >= 0.0:
            raise SpecError(f"transition.time must be >= 0 seconds, not {tr.get('time')!r}")
        view.set_time(built.start_time + t)


def _apply_snapshot_edits(view: CollectionView, tr: JSONObject, sections: list[JSONObject], reapply: Reapply,
                          anim: Animation) -> None:
    """``transition.snapshot_edits``: [[section, start, remove_count, [ids]], ...] applied in order
    to the spec's ids (``cvl_view_apply_snapshot_edits``); ``sections``: the sections after them
    (their sizes and counts, as with ``updates``; ids there, if any, must be the spliced ones)."""
    where = "transition.snapshot_edits"
    start_ids = _identities(sections, view.counts, "sections")
    if start_ids is None:
        raise SpecError(f"{where}: splices change the spec's ids; give \"ids\" in the spec's sections")
    if "sections" not in tr:
        raise SpecError(f"{where}: give \"sections\", the sections after the edits (their sizes and counts)")
    raw = tr["snapshot_edits"]
    if not isinstance(raw, list):
        raise SpecError(f"{where}: a list of [section, start, remove_count, [ids]]")
    edits: list[tuple[int, int, int, list[int]]] = []
    for k, e in enumerate(raw):
        if not (isinstance(e, list) and len(e) == 4 and isinstance(e[3], list)
                and all(isinstance(x, int) and not isinstance(x, bool) for x in e[:3])):
            raise SpecError(f"{where}[{k}]: [section, start, remove_count, [ids]], not {e!r}")
        edits.append((e[0], e[1], e[2], e[3]))
    new_sections = list(tr["sections"])
    new_counts = reapply(new_sections)
    view.apply_snapshot_edits(edits, changed=tr.get("changed", ()), animation=anim)
    given = _identities(new_sections, new_counts, "transition.sections")
    if given is not None:
        lists = [list(items) for _, items in start_ids]
        for section, start, remove, ids in edits:   # the library checked every range
            lists[section][start:start + remove] = ids
        for s, ((_, items), spliced) in enumerate(zip(given, lists)):
            if list(items) != spliced:
                raise SpecError(f"transition.sections[{s}].ids differ from the spec's ids spliced by "
                                f"snapshot_edits: {spliced}")


def elements(built: Built, visible_only: bool | None = None) -> list[Attributes]:
    """The elements ``output`` lists: the visible ones, or the whole content's (during a transition,
    the box around the content before and after)."""
    if visible_only is None:
        visible_only = bool(built.spec.get("visible_only", False))
    view = built.view
    if visible_only:
        return view.visible_attributes()
    if not built.has_transition:
        return view.all_attributes()
    # During a transition an element moves between its place in the old content and in the new
    # one: every interpolated frame lies in the box around both (1 pt larger on each side).
    (w0, h0), (w1, h1) = built.start_content_size, view.content_size
    w = max(w0, w1, view.bounds_size[0]) if view.layout_direction == "rtl" else max(w0, w1)
    return view.attributes_in_rect((-1.0, -1.0, w + 2.0, max(h0, h1) + 2.0))


def output(built: Built, visible_only: bool | None = None) -> JSONObject:
    """The documented output object (version 1)."""
    view = built.view
    w, h = view.content_size
    bw, bh = view.bounds_size
    ox, oy = view.content_offset
    listed: list[JSONObject] = []
    viewport: JSONObject = {"width": bw, "height": bh, "offset": [ox, oy]}
    if view.layout_direction != "ltr":  # the layout direction, when set
        viewport["direction"] = view.layout_direction
    out: JSONObject = {
        "version": OUTPUT_VERSION,
        "layout": built.layout_kind,
        "content_size": [w, h],
        "viewport": viewport,
        "elements": listed,
    }
    if built.has_transition:
        out["transition"] = {"time": view.time - built.start_time, "total_duration": built.total_duration,
                             "animating": view.is_animating}
    for a in elements(built, visible_only):
        d = a.to_dict()
        if a.identifier is not None:
            d["identifier"] = a.identifier
        label = built.labels.get(a.index_path) if a.is_cell else None
        if label is not None:
            d["label"] = label
        listed.append(d)
    return out


def render(spec: JSONObject, visible_only: bool | None = None) -> JSONObject:
    """build() + output() + close."""
    with build(spec) as built:
        return output(built, visible_only)
