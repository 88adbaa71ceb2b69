"""The layouts that are not flow layouts and need more than their config struct: the seeds'
class-hierarchy tree (002: a data source), the circle (004: no config struct) and the span grid
(bulk spans, extents and per-section columns). The layouts that are their config struct alone
(the paged mosaic, the stack) are generated from the header: ``_config_layouts.py``."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from . import _lib
from . import _types as T
from . import _item_callbacks
from ._arrays import double_array, int32_array
from ._callbacks import make
from ._config_layouts import GridConfigBase, TreeConfigBase
from ._ints import checked, int64
from ._layout_base import BaseLayout, create
from .geometry import IndexPath, InsetsLike, Size, SizeLike, pair

if TYPE_CHECKING:
    from ._layout_base import LayoutPointer

#: What the package exports from here (its __init__ takes the list as it is).
__all__ = ["CircleLayout", "GridLayout", "TreeLayout", "parse_tree"]


def _nodes(obj: object) -> list[tuple[object, object]]:
    """Children of a tree node description as (label, subtree) pairs."""
    if obj is None:
        return []
    if isinstance(obj, dict):
        if "name" in obj and set(obj) <= {"name", "children"}:
            return [(obj["name"], obj.get("children"))]
        return list(obj.items())
    if isinstance(obj, str):
        return [(obj, None)]
    if not isinstance(obj, Iterable):
        raise TypeError(f"a tree description is a dict, a list, a (name, children) pair or a name, not {obj!r}")
    out: list[tuple[object, object]] = []
    for node in obj:
        if isinstance(node, dict) and "name" in node:
            out.append((node["name"], node.get("children")))
        elif isinstance(node, (list, tuple)) and len(node) == 2 and not isinstance(node[1], (int, float)):
            out.append((node[0], node[1]))
        else:
            out.append((node, None))
    return out


def parse_tree(tree: object) -> tuple[list[int], list[list[int]], dict[IndexPath, str]]:
    """(section counts, children counts per section, labels) of a nested tree description.

    Accepted: ``{"NSObject": {"UIResponder": {"UIView": None}}}`` (names to subtrees),
    ``{"name": ..., "children": [...]}`` nodes, ``(name, children)`` pairs and bare names (leaves);
    a list at the top gives several roots."""
    counts: list[int] = []
    children: list[list[int]] = []
    labels: dict[IndexPath, str] = {}
    level = _nodes(tree)
    section = 0
    while level:
        counts.append(len(level))
        next_level: list[tuple[object, object]] = []
        per_item: list[int] = []
        for item, (label, sub) in enumerate(level):
            labels[(section, item)] = str(label)
            kids = _nodes(sub)
            per_item.append(len(kids))
            next_level.extend(kids)
        children.append(per_item)
        level = next_level
        section += 1
    return counts, children, labels


class TreeLayout(TreeConfigBase):
    """The class-hierarchy tree (Apple's guide): a section per depth, connectors (kind 'connector')
    from each parent to its children.

    ``children`` is ``fn(section, item) -> number of children`` or a nested description (see
    :func:`parse_tree`); with a description, :attr:`counts` gives the data source's counts and
    :attr:`labels` the node names. Its properties (``item_size``, ``insets``, ``defaults()``) are
    the fields of ``cvl_tree_config`` (generated: ``TreeConfigBase``); what is written here is the
    data source."""

    KIND = "tree"
    SPEC_KEYS = ("tree", *TreeConfigBase.SPEC_KEYS)

    def __init__(self, children: Callable[[int, int], int] | object, *, item_size: SizeLike | None = None,
                 insets: InsetsLike | None = None) -> None:
        #: The data source's counts (a section per depth) when built from a description, else None.
        self.counts: list[int] | None
        #: The node names by index path when built from a description, else empty.
        self.labels: dict[IndexPath, str]
        if callable(children):
            self._children: Callable[[int, int], int] = children
            self.counts, self.labels = None, {}
        else:
            self.counts, per_item, self.labels = parse_tree(children)

            def fn(section: int, item: int) -> int:
                return per_item[section][item] if section < len(per_item) else 0
            self._children = fn
        super().__init__(**{k: v for k, v in (("item_size", item_size), ("insets", insets)) if v is not None})

    def _create(self) -> LayoutPointer:
        fn = self._children

        def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_int64]) -> None:
            out[0] = int64(fn(ip.section, ip.item), f"number_of_children({ip.section}, {ip.item})")
        children_fn = make(T.TreeDataSourceNumberOfChildrenFn, "number_of_children", cb, self._keep)
        source = T.cvl_tree_data_source(None, children_fn)
        return create("cvl_tree_layout_create", ctypes.byref(source))

    def configure(self, item_size: SizeLike | None = None, insets: InsetsLike | None = None, **more: Any) -> None:
        """Sets the item size and/or the insets (top, left, bottom, right), all or nothing (None
        keeps the property)."""
        given = {k: v for k, v in (("item_size", item_size), ("insets", insets)) if v is not None}
        super().configure(**given, **more)



class CircleLayout(BaseLayout):
    """The circle (the circle article): section 0's items on a circle around the bounds' centre, radius
    floor(min(w, h) / 2.5), item i rotated by 2*pi*i/n."""

    KIND = "circle"
    SPEC_KEYS = ("item_size",)

    def __init__(self, *, item_size: SizeLike | None = None) -> None:
        self._init_state()
        self._h = create("cvl_circle_layout_create")
        try:
            if item_size is not None:
                self.item_size = item_size
        except BaseException:
            self.close()
            raise

    @property
    def item_size(self) -> Size:
        """Every item's size (width, height)."""
        out = T.cvl_size()
        _lib.cvl_circle_layout_get_item_size(self._ch(), ctypes.byref(out))
        return Size(out.width, out.height)

    @item_size.setter
    def item_size(self, value: SizeLike) -> None:
        _lib.cvl_circle_layout_set_item_size(self.handle, T.cvl_size(*pair(value)))


class GridLayout(GridConfigBase):
    """A span grid (include/cvlayout.h, "Grid layout"; docs/grid-rules.md): Apple's compositional
    grid sample whose items span 1 ... C columns (Android's ``SpanSizeLookup``, Compose's
    ``GridItemSpan``) and have their own extents along the scroll axis; fixed or adaptive column
    counts, per section too; headers and footers (outside the insets by default, as the flow
    layout); vertical or horizontal scrolling; short rows leading, centred or trailing.

    Properties: the fields of ``cvl_grid_config`` (``GridLayout(columns=3, stretch_items=1,
    short_row_alignment="center", scroll_direction="horizontal")``: the two constants also by label);
    per-section data: :meth:`set_item_spans`, :meth:`set_item_extents` (and their
    ``replace_*`` range edits for batch updates), :meth:`set_section_columns`. Measured sizes
    (``CollectionView.set_measured_sizes``) give an item its extent. Bad values raise
    ``InvalidArgument`` (a span larger than the column count, a span < 1, a NaN or negative
    extent...) and change nothing."""

    KIND = "grid"
    #: The fields that take a constant of the header: set by member, int or label
    #: (``scroll_direction="horizontal"``, ``short_row_alignment="center"``); read back as ints.
    _ENUM_FIELDS: ClassVar[dict[str, Any]] = {"scroll_direction": T.ScrollDirection,
                                              "short_row_alignment": T.GridAlignment}

    def _write_struct(self, values: dict[str, Any]) -> None:
        super()._write_struct({k: self._ENUM_FIELDS[k].coerce(v) if k in self._ENUM_FIELDS and isinstance(v, str)
                               else v for k, v in values.items()})

    def set_item_spans(self, section: int, spans: Iterable[int] | None) -> None:
        """The span of every item of ``section`` (each 1 ... ``MAX_GRID_COLUMNS``); ``None``
        removes them (every item spans one column). The list must have as many entries as the
        section has items when the view next lays out. A buffer of int32 (a numpy int32 array)
        is handed over in place, without a copy; other integers are checked one by one."""
        arr, n = int32_array(spans, "spans")
        _lib.cvl_grid_layout_set_item_spans(self.handle, int64(section, "section"), arr, n)

    def replace_item_spans(self, section: int, start: int, remove_count: int = 0,
                           spans: Iterable[int] = ()) -> None:
        """Replaces the ``remove_count`` spans at ``start`` of ``section`` by ``spans``: edit them
        first, then perform the batch update that inserts or deletes those items."""
        arr, n = int32_array(spans, "spans")
        _lib.cvl_grid_layout_replace_item_spans(self.handle, int64(section, "section"), int64(start, "start"),
                                                checked(remove_count, "remove_count", (0, (1 << 63) - 1, "size_t")),
                                                arr, n)

    def set_item_extents(self, section: int, extents: Iterable[float] | None) -> None:
        """The extent along the scroll axis (height; width when horizontal) of every item of
        ``section``; ``None`` removes them (``item_height`` / ``item_aspect`` again). A buffer of
        doubles (a numpy float64 array) is handed over in place, without a copy."""
        arr, n = double_array(extents, "extents")
        _lib.cvl_grid_layout_set_item_extents(self.handle, int64(section, "section"), arr, n)

    def replace_item_extents(self, section: int, start: int, remove_count: int = 0,
                             extents: Iterable[float] = ()) -> None:
        """Replaces the ``remove_count`` extents at ``start`` of ``section`` by ``extents``."""
        arr, n = double_array(extents, "extents")
        _lib.cvl_grid_layout_replace_item_extents(
            self.handle, int64(section, "section"), int64(start, "start"),
            checked(remove_count, "remove_count", (0, (1 << 63) - 1, "size_t")), arr, n)

    def set_callbacks(self, *, span: Callable[[int, int], int] | None = None,
                      extent: Callable[[int, int], float] | None = None,
                      columns: Callable[[int], int | tuple[int, float]] | None = None) -> None:
        """Answers by callback instead of bulk arrays (Android's ``SpanSizeLookup``):
        ``span(section, item)`` -> 1 ... the section's columns, ``extent(section, item)`` -> the
        item's extent along the scroll axis, ``columns(section)`` -> an int or
        ``(columns, minimum_column_width)`` (as :meth:`set_section_columns`). A section with a
        bulk array is not asked for it; each layout pass asks every other item once (include/
        cvlayout.h, ``cvl_grid_callbacks``). No arguments: removes them. A bad answer or an
        exception fails the layout pass with CallbackError, the frames kept."""
        keep: list[object] = []
        d = _item_callbacks.build(T.cvl_grid_callbacks, {
            "span_for_item": span, "extent_for_item": extent, "columns_for_section": columns}, keep)
        _lib.cvl_grid_layout_set_callbacks(self.handle, ctypes.byref(d) if d is not None else None)
        self._callbacks_keep = keep

    def set_section_columns(self, columns: Iterable[int | tuple[int, float]]) -> None:
        """Per-section column counts: entry s is section s's, an int (fixed; 0: the config's) or
        ``(columns, minimum_column_width)`` (a width > 0 derives the count). An empty list
        removes them."""
        entries = []
        for i, e in enumerate(columns):
            cols, width = (e, 0.0) if not isinstance(e, tuple) else e
            if not isinstance(width, (int, float)) or isinstance(width, bool):
                raise TypeError(f"columns[{i}] minimum_column_width is a number, not {width!r}")
            entries.append(T.cvl_grid_section_columns(int64(cols, f"columns[{i}]"), float(width)))
        arr = (T.cvl_grid_section_columns * len(entries))(*entries) if entries else None
        _lib.cvl_grid_layout_set_section_columns(self.handle, arr, len(entries))
