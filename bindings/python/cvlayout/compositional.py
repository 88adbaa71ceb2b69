"""The compositional layout (UIKit's ``UICollectionViewCompositionalLayout``), declared as UIKit
declares it: a dimension per axis, items in groups, a group per section, boundary items,
decorations, orthogonal scrolling. Rules and decisions: docs/compositional-rules.md.

    from cvlayout.compositional import (Dimension as D, Group, Item, LayoutSize, Section,
                                        CompositionalLayout)
    item = Item(LayoutSize(D.fractional_width(0.2), D.fractional_height(1)))
    group = Group.horizontal(LayoutSize(D.fractional_width(1), D.fractional_width(0.2)), [item])
    layout = CompositionalLayout(Section(group))       # Apple's Grid screen: five a row

Every value also reads from JSON (the spec kind ``"compositional"``, docs/json-spec.md): a
dimension is ``{"fractional_width": 0.2}``, a size ``{"width": ..., "height": ...}``, a group
``{"group": {"type": "horizontal", "size": ..., "subitems": [{"item": {...}}]}}``, and so on,
each key the field's name below. The whole description is checked by the library when it is
set (all or nothing; :class:`~cvlayout.InvalidArgument` names the element).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

from . import _lib
from . import _types as T
from ._callbacks import make
from ._ints import int64
from ._layout_base import BaseLayout, create
from .geometry import Rect, Size

__all__ = ["CompositionalLayout"]

JSON = Any
InsetsLike = Sequence[float]

_DIMENSIONS = {"absolute": T.COMP_DIMENSION_ABSOLUTE, "fractional_width": T.COMP_DIMENSION_FRACTIONAL_WIDTH,
               "fractional_height": T.COMP_DIMENSION_FRACTIONAL_HEIGHT, "estimated": T.COMP_DIMENSION_ESTIMATED}
_SPACINGS = {"fixed": T.COMP_SPACING_FIXED, "flexible": T.COMP_SPACING_FLEXIBLE}
_EDGES = {"top": T.COMP_EDGE_TOP, "leading": T.COMP_EDGE_LEADING, "bottom": T.COMP_EDGE_BOTTOM,
          "trailing": T.COMP_EDGE_TRAILING}
_ALIGNMENTS = {a.name.lower(): int(a) for a in T.CompAlignment}
_ORTHOGONAL = {o.name.lower(): int(o) for o in T.CompOrthogonal}
_GROUP_TYPES = {"horizontal": T.COMP_ELEMENT_HORIZONTAL, "vertical": T.COMP_ELEMENT_VERTICAL,
                "custom": T.COMP_ELEMENT_CUSTOM}


def _one_of(value: object, table: Mapping[str, int], what: str) -> int:
    if isinstance(value, str) and value in table:
        return int(table[value])
    raise ValueError(f"{what} {value!r} is not one of {', '.join(table)}")


def _insets(value: InsetsLike | None) -> T.cvl_insets:
    if value is None:
        return T.cvl_insets(0, 0, 0, 0)
    if isinstance(value, (int, float)):
        return T.cvl_insets(value, value, value, value)
    top, leading, bottom, trailing = (float(v) for v in value)
    return T.cvl_insets(top, leading, bottom, trailing)


@dataclass(frozen=True)
class Dimension:
    """``NSCollectionLayoutDimension``: ``kind`` is absolute, fractional_width,
    fractional_height or estimated."""

    kind: str
    value: float

    @staticmethod
    def absolute(points: float) -> Dimension:
        return Dimension("absolute", points)

    @staticmethod
    def fractional_width(fraction: float) -> Dimension:
        """A fraction of the containing group's width."""
        return Dimension("fractional_width", fraction)

    @staticmethod
    def fractional_height(fraction: float) -> Dimension:
        """A fraction of the containing group's height."""
        return Dimension("fractional_height", fraction)

    @staticmethod
    def estimated(points: float) -> Dimension:
        return Dimension("estimated", points)

    @staticmethod
    def of(value: JSON) -> Dimension:
        """A Dimension, or ``{"fractional_width": 0.2}`` (one key), or a number (absolute)."""
        if isinstance(value, Dimension):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return Dimension.absolute(float(value))
        if isinstance(value, dict) and len(value) == 1:
            (kind, v), = value.items()
            _one_of(kind, _DIMENSIONS, "dimension")
            return Dimension(kind, float(v))
        raise ValueError(f"dimension {value!r}: a number or one of {{{', '.join(_DIMENSIONS)}: value}}")

    def c(self) -> T.cvl_comp_dimension:
        return T.cvl_comp_dimension(_one_of(self.kind, _DIMENSIONS, "dimension"), float(self.value))


@dataclass(frozen=True)
class LayoutSize:
    """``NSCollectionLayoutSize``."""

    width: Dimension
    height: Dimension

    @staticmethod
    def of(value: JSON) -> LayoutSize:
        if isinstance(value, LayoutSize):
            return value
        if isinstance(value, dict):
            return LayoutSize(Dimension.of(value["width"]), Dimension.of(value["height"]))
        w, h = value
        return LayoutSize(Dimension.of(w), Dimension.of(h))

    def c(self) -> T.cvl_comp_size:
        return T.cvl_comp_size(self.width.c(), self.height.c())


@dataclass(frozen=True)
class Spacing:
    """``NSCollectionLayoutSpacing``: ``fixed`` (exactly) or ``flexible`` (at least)."""

    kind: str
    value: float

    @staticmethod
    def fixed(points: float) -> Spacing:
        return Spacing("fixed", points)

    @staticmethod
    def flexible(points: float) -> Spacing:
        return Spacing("flexible", points)

    @staticmethod
    def of(value: JSON) -> Spacing | None:
        """A Spacing, None, a number (fixed) or ``{"flexible": 8}``."""
        if value is None or isinstance(value, Spacing):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return Spacing.fixed(float(value))
        if isinstance(value, dict) and len(value) == 1:
            (kind, v), = value.items()
            _one_of(kind, _SPACINGS, "spacing")
            return Spacing(kind, float(v))
        raise ValueError(f"spacing {value!r}: a number or {{\"fixed\" or \"flexible\": points}}")


def _spacing(s: Spacing | None) -> T.cvl_comp_spacing:
    if s is None:
        return T.cvl_comp_spacing(T.COMP_SPACING_NONE, 0)
    return T.cvl_comp_spacing(_one_of(s.kind, _SPACINGS, "spacing"), float(s.value))


@dataclass(frozen=True)
class EdgeSpacing:
    """``NSCollectionLayoutEdgeSpacing``: room outside an item, per edge (None: none)."""

    leading: Spacing | None = None
    top: Spacing | None = None
    trailing: Spacing | None = None
    bottom: Spacing | None = None

    @staticmethod
    def of(value: JSON) -> EdgeSpacing:
        if value is None:
            return EdgeSpacing()
        if isinstance(value, EdgeSpacing):
            return value
        return EdgeSpacing(**{k: Spacing.of(v) for k, v in value.items()})

    def c(self) -> T.cvl_comp_edge_spacing:
        return T.cvl_comp_edge_spacing(_spacing(self.leading), _spacing(self.top), _spacing(self.trailing),
                                       _spacing(self.bottom))


@dataclass(frozen=True)
class Anchor:
    """``NSCollectionLayoutAnchor``: ``edges`` of the container (top, leading, bottom, trailing;
    none = centre) and an ``offset``, in points or (``fractional``) of the anchored item's size."""

    edges: tuple[str, ...] = ()
    offset: tuple[float, float] = (0.0, 0.0)
    fractional: bool = False

    @staticmethod
    def of(value: JSON) -> Anchor:
        if isinstance(value, Anchor):
            return value
        if "fractional_offset" in value:
            return Anchor(tuple(value.get("edges", ())), tuple(value["fractional_offset"]), True)
        return Anchor(tuple(value.get("edges", ())), tuple(value.get("absolute_offset", (0, 0))))

    def c(self) -> T.cvl_comp_anchor:
        edges = 0
        for e in self.edges:
            edges |= _one_of(e, _EDGES, "anchor edge")
        return T.cvl_comp_anchor(edges, int(self.fractional), T.cvl_point(*self.offset))


@dataclass(frozen=True)
class Badge:
    """``NSCollectionLayoutSupplementaryItem``: a supplementary view anchored to its item."""

    kind: str | int
    size: LayoutSize
    container_anchor: Anchor
    item_anchor: Anchor | None = None
    z_index: int = 1

    @staticmethod
    def of(value: JSON) -> Badge:
        if isinstance(value, Badge):
            return value
        return Badge(value["kind"], LayoutSize.of(value["size"]), Anchor.of(value["container_anchor"]),
                     Anchor.of(value["item_anchor"]) if "item_anchor" in value else None, int(value.get("z_index", 1)))


@dataclass(frozen=True)
class Item:
    """``NSCollectionLayoutItem``: one cell."""

    size: LayoutSize
    content_insets: InsetsLike | None = None
    edge_spacing: EdgeSpacing | None = None
    badges: Sequence[Badge] = ()


#: The frames of a custom group from its size: ``(width, height) -> [(x, y, w, h), ...]``.
CustomFrames = Callable[[Size], Sequence[Union[Rect, Sequence[float]]]]


@dataclass(frozen=True)
class Group:
    """``NSCollectionLayoutGroup``: ``type`` horizontal, vertical or custom; ``subitems`` cycled
    while they fit, or ``count`` equal slots of the one subitem, or (``repeat``) the one subitem
    ``count`` times at its own size."""

    type: str
    size: LayoutSize
    subitems: Sequence[Item | Group] = ()
    count: int | None = None
    repeat: bool = False
    inter_item_spacing: Spacing | None = None
    content_insets: InsetsLike | None = None
    edge_spacing: EdgeSpacing | None = None
    custom_frames: CustomFrames | None = None

    @staticmethod
    def horizontal(size: LayoutSize, subitems: Sequence[Item | Group], **kw: Any) -> Group:
        return Group("horizontal", size, subitems, **kw)

    @staticmethod
    def vertical(size: LayoutSize, subitems: Sequence[Item | Group], **kw: Any) -> Group:
        return Group("vertical", size, subitems, **kw)

    @staticmethod
    def custom(size: LayoutSize, frames: CustomFrames) -> Group:
        return Group("custom", size, custom_frames=frames)


def element(value: JSON) -> Item | Group:
    """An Item or Group, or its JSON: ``{"item": {...}}`` / ``{"group": {...}}``."""
    if isinstance(value, (Item, Group)):
        return value
    if isinstance(value, dict) and len(value) == 1 and "item" in value:
        v = value["item"]
        return Item(LayoutSize.of(v["size"]), v.get("content_insets"), EdgeSpacing.of(v.get("edge_spacing")),
                    tuple(Badge.of(b) for b in v.get("badges", ())))
    if isinstance(value, dict) and len(value) == 1 and "group" in value:
        v = value["group"]
        unknown = set(v) - {"type", "size", "subitems", "count", "repeat", "inter_item_spacing", "content_insets",
                            "edge_spacing"}
        if unknown:
            raise ValueError(f"group: unknown keys {sorted(unknown)}")
        return Group(v.get("type", "horizontal"), LayoutSize.of(v["size"]),
                     tuple(element(e) for e in v.get("subitems", ())), v.get("count"), bool(v.get("repeat", False)),
                     Spacing.of(v.get("inter_item_spacing")), v.get("content_insets"),
                     EdgeSpacing.of(v.get("edge_spacing")))
    raise ValueError(f"element {value!r}: {{\"item\": {{...}}}} or {{\"group\": {{...}}}}")


@dataclass(frozen=True)
class BoundaryItem:
    """``NSCollectionLayoutBoundarySupplementaryItem``: a header (``alignment`` top) or footer
    (bottom) of a section or of the layout."""

    kind: str | int
    size: LayoutSize
    alignment: str = "top"
    absolute_offset: tuple[float, float] = (0.0, 0.0)
    extends_boundary: bool = True
    pin_to_visible_bounds: bool = False
    z_index: int = 0

    @staticmethod
    def of(value: JSON) -> BoundaryItem:
        if isinstance(value, BoundaryItem):
            return value
        v = dict(value)
        v["size"] = LayoutSize.of(v["size"])
        if "absolute_offset" in v:
            v["absolute_offset"] = tuple(v["absolute_offset"])
        return BoundaryItem(**v)


@dataclass(frozen=True)
class Decoration:
    """``NSCollectionLayoutDecorationItem.background``: covers its section, inset."""

    kind: str | int
    content_insets: InsetsLike | None = None
    z_index: int = -1

    @staticmethod
    def of(value: JSON) -> Decoration:
        return value if isinstance(value, Decoration) else Decoration(**value)


@dataclass(frozen=True)
class Section:
    """``NSCollectionLayoutSection``: its group repeated; ``orthogonal_scrolling`` one of none,
    continuous, continuous_group_leading_boundary, paging, group_paging, group_paging_centered."""

    group: Group
    content_insets: InsetsLike | None = None
    inter_group_spacing: float = 0.0
    orthogonal_scrolling: str = "none"
    boundary_items: Sequence[BoundaryItem] = ()
    decorations: Sequence[Decoration] = ()
    supplementaries_follow_content_insets: bool = True

    @staticmethod
    def of(value: JSON) -> Section:
        if isinstance(value, Section):
            return value
        v = dict(value)
        g = v.get("group")
        if isinstance(g, dict) and "group" not in g and "item" not in g:
            g = element({"group": g})
        elif not isinstance(g, Group):
            g = element(g)
        if not isinstance(g, Group):
            raise ValueError("section.group must be a group")
        return Section(g, v.get("content_insets"), float(v.get("inter_group_spacing", 0)),
                       v.get("orthogonal_scrolling", "none"),
                       tuple(BoundaryItem.of(b) for b in v.get("boundary_items", ())),
                       tuple(Decoration.of(d) for d in v.get("decorations", ())),
                       bool(v.get("supplementaries_follow_content_insets", True)))


def _section_json(value: JSON) -> Section:
    return Section.of(value)


class _Flat:
    """A Section flattened into the C structs (kept alive while the library reads them)."""

    def __init__(self, layout: CompositionalLayout, section: Section, index: int) -> None:
        self.elements: list[T.cvl_comp_element] = []
        self.children: list[int] = []
        self.badges: list[T.cvl_comp_badge] = []
        self.customs: dict[int, CustomFrames] = {}
        self.layout = layout
        root = self._add(section.group)
        s = T.cvl_comp_section()
        self.arrays = ((T.cvl_comp_element * len(self.elements))(*self.elements),
                       (ctypes.c_int64 * max(1, len(self.children)))(*self.children),
                       (T.cvl_comp_badge * max(1, len(self.badges)))(*self.badges))
        s.elements, s.element_count = self.arrays[0], len(self.elements)
        s.children, s.child_count = self.arrays[1], len(self.children)
        s.badges, s.badge_count = self.arrays[2], len(self.badges)
        s.root = root
        s.content_insets = _insets(section.content_insets)
        s.inter_group_spacing = section.inter_group_spacing
        s.orthogonal_scrolling = _one_of(section.orthogonal_scrolling, _ORTHOGONAL, "orthogonal_scrolling")
        s.supplementaries_ignore_content_insets = int(not section.supplementaries_follow_content_insets)
        self.boundary = _boundary_array(layout, section.boundary_items)
        s.boundary_items, s.boundary_item_count = self.boundary, len(section.boundary_items)
        decos = [T.cvl_comp_decoration_item(layout.kind_value(d.kind), d.z_index, _insets(d.content_insets))
                 for d in section.decorations]
        self.decos = (T.cvl_comp_decoration_item * max(1, len(decos)))(*decos)
        s.decoration_items, s.decoration_item_count = self.decos, len(decos)
        if self.customs:
            layout._customs.update({(index, e): fn for e, fn in self.customs.items()})
            s.custom_frames = layout._custom_frames_fn()
        self.section = s

    def _add(self, e: Item | Group) -> int:
        el = T.cvl_comp_element()
        index = len(self.elements)
        self.elements.append(el)
        el.size = e.size.c()
        el.content_insets = _insets(e.content_insets)
        el.edge_spacing = (e.edge_spacing or EdgeSpacing()).c()
        if isinstance(e, Item):
            el.type = T.COMP_ELEMENT_ITEM
            el.first_badge, el.badge_count = len(self.badges), len(e.badges)
            for b in e.badges:
                item_anchor = b.item_anchor.c() if b.item_anchor else T.cvl_comp_anchor()
                self.badges.append(T.cvl_comp_badge(self.layout.kind_value(b.kind), b.z_index, b.size.c(),
                                                    b.container_anchor.c(), int(b.item_anchor is not None),
                                                    item_anchor))
            return index
        el.type = _one_of(e.type, _GROUP_TYPES, "group type")
        el.inter_item_spacing = _spacing(e.inter_item_spacing)
        if e.count is not None:
            el.fill = T.COMP_FILL_REPEATING if e.repeat else T.COMP_FILL_COUNT
            el.count = e.count
        if e.type == "custom":
            if e.custom_frames is not None:
                self.customs[index] = e.custom_frames
            return index
        children = [self._add(c) for c in e.subitems]
        el.first_child, el.child_count = len(self.children), len(children)
        self.children += children
        return index


def _boundary_array(layout: BaseLayout, items: Sequence[BoundaryItem]) -> Any:
    arr = (T.cvl_comp_boundary_item * max(1, len(items)))()
    for i, b in enumerate(items):
        arr[i] = T.cvl_comp_boundary_item(
            layout.kind_value(b.kind), _one_of(b.alignment, _ALIGNMENTS, "alignment"), b.size.c(),
            T.cvl_point(*b.absolute_offset), int(b.extends_boundary), int(b.pin_to_visible_bounds), b.z_index)
    return arr


#: Apple's Grid screen: items 0.2 wide in groups 1.0 wide and 0.2 x width high, five a row.
GRID_SAMPLE = Section(Group.horizontal(
    LayoutSize(Dimension.fractional_width(1), Dimension.fractional_width(0.2)),
    [Item(LayoutSize(Dimension.fractional_width(0.2), Dimension.fractional_height(1)))]))


class CompositionalLayout(BaseLayout):
    """UIKit's compositional layout. ``section``: the one Section every section uses (default:
    Apple's Grid screen); or ``sections``: a list (section i uses ``sections[i % len]``), or
    ``provider(section_index, container_size) -> Section`` asked per section and again when the
    bounds' size changes (UIKit's section provider). Each may be given as its JSON. Kinds are names
    (registered on the layout: "header", "footer", "badge", ...) or ints."""

    KIND = "compositional"
    SPEC_KEYS = ("section", "sections", "scroll_direction", "inter_section_spacing", "boundary_items")

    def __init__(self, section: Section | JSON | None = None, *, sections: Sequence[Section | JSON] | None = None,
                 provider: Callable[[int, Size], Section] | None = None, scroll_direction: str = "vertical",
                 inter_section_spacing: float = 0.0, boundary_items: Sequence[BoundaryItem | JSON] = ()) -> None:
        self._init_state()
        self._flat: list[_Flat] = []
        self._customs: dict[tuple[int, int], CustomFrames] = {}
        self._custom_c: Any = None
        if sum(x is not None for x in (section, sections, provider)) > 1:
            raise ValueError("give one of section, sections and provider")
        listed = [_section_json(s) for s in sections] if sections is not None else None
        if listed is not None and not listed:
            raise ValueError("sections is empty")
        if listed is not None or provider is not None:
            ask: Callable[[int, Size], Section] = (
                (lambda i, _size: listed[i % len(listed)]) if listed is not None else provider)  # type: ignore

            def answer(_ctx: object, index: int, size: T.cvl_size, out: Any) -> int:
                flat = _Flat(self, _section_json(ask(index, Size(size.width, size.height))), index)
                self._flat = [flat]   # alive until the next call (the library copies it at once)
                out[0] = flat.section
                return 0
            prov = T.cvl_comp_provider()
            prov.section_for_index = make(T.CompProviderSectionForIndexFn, "section_for_index", answer, self._keep)
            self._h = create("cvl_compositional_layout_create_with_provider", ctypes.byref(prov), None)
        else:
            first = _Flat(self, GRID_SAMPLE, -1)   # kinds are registered on the handle: create, then describe
            self._h = create("cvl_compositional_layout_create", ctypes.byref(first.section), None)
        try:
            self.configure(scroll_direction=scroll_direction, inter_section_spacing=inter_section_spacing,
                           boundary_items=boundary_items)
            for s in listed or ():
                _Flat(self, s, -1)   # registers the kinds now: the provider runs inside the layout cycle
            if section is not None:
                self.set_section(_section_json(section))
        except BaseException:
            self.close()
            raise

    def _custom_frames_fn(self) -> Any:
        """The one C callback of this layout's custom groups (by section and element)."""
        if self._custom_c is None:
            customs = self._customs

            def frames(_ctx: object, section: int, element: int, size: T.cvl_size, out: Any, capacity: int,
                       out_count: Any) -> int:
                rects = list(customs[(section, element)](Size(size.width, size.height)))
                out_count[0] = len(rects)
                for i, r in enumerate(rects[:capacity]):
                    x, y, w, h = r
                    out[i] = T.cvl_rect(x, y, w, h)
                return 0
            self._custom_c = make(T.CompSectionCustomFramesFn, "custom_frames", frames, self._keep)
        return self._custom_c

    def set_section(self, section: Section) -> None:
        """Every section uses ``section`` (all or nothing)."""
        flat = _Flat(self, section, -1)
        _lib.cvl_compositional_layout_set_section(self.handle, ctypes.byref(flat.section))
        self._flat = [flat]

    def configure(self, *, scroll_direction: str = "vertical", inter_section_spacing: float = 0.0,
                  boundary_items: Sequence[BoundaryItem | JSON] = ()) -> None:
        """The layout-wide configuration (all or nothing)."""
        items = [BoundaryItem.of(b) for b in boundary_items]
        c = T.cvl_comp_configuration()
        c.scroll_direction = _one_of(scroll_direction, {"vertical": T.SCROLL_VERTICAL,
                                                        "horizontal": T.SCROLL_HORIZONTAL}, "scroll_direction")
        c.inter_section_spacing = float(inter_section_spacing)
        arr = _boundary_array(self, items)
        c.boundary_items, c.boundary_item_count = arr, len(items)
        _lib.cvl_compositional_layout_set_configuration(self.handle, ctypes.byref(c))

    # Orthogonal sections: each has its own offset across the scroll axis.

    @staticmethod
    def set_orthogonal_offset(view: Any, section: int, offset: float) -> None:
        """Sets section ``section``'s own scroll offset (the view's layout must be compositional)."""
        _lib.cvl_compositional_set_orthogonal_offset(view.handle, int64(section, "section"), offset)

    @staticmethod
    def orthogonal_offset(view: Any, section: int) -> float:
        """Section ``section``'s own scroll offset (0 until set)."""
        out = ctypes.c_double()
        _lib.cvl_compositional_get_orthogonal_offset(view.handle, int64(section, "section"), ctypes.byref(out))
        return out.value

    @staticmethod
    def target_orthogonal_offset(view: Any, section: int, start: float, proposed: float, velocity: float
                                 ) -> tuple[float, float]:
        """(where the section comes to rest, its scrollable extent) for a gesture."""
        out, extent = ctypes.c_double(), ctypes.c_double()
        _lib.cvl_compositional_target_orthogonal_offset(view.handle, int64(section, "section"), start, proposed,
                                                        velocity,
                                                        ctypes.byref(out), ctypes.byref(extent))
        return out.value, extent.value
