"""The layouts that are not flow layouts: the seeds' paged mosaic (001), class-hierarchy tree
(002) and circle (004), and the fixed-column grid (Apple's compositional grid sample)."""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from typing import Callable, overload

from . import _lib
from . import _types as T
from ._callbacks import make
from ._ints import int64
from ._layout_base import BaseLayout, create
from .geometry import IndexPath, Insets, InsetsLike, Size, SizeLike, insets, pair

#: What the package exports from here (its __init__ takes the list as it is).
__all__ = ["CircleLayout", "GridLayout", "MosaicLayout", "TreeLayout", "parse_tree"]

_MOSAIC_FIELDS = ("padding", "column_width", "row_height", "large_cell_width", "large_cell_height",
                  "medium_cell_height")


class _MosaicField:
    """A MosaicLayout property backed by cvl_mosaic_layout_get_config / set_config (points;
    0 = derived from the page)."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _MosaicField: ...
    @overload
    def __get__(self, obj: MosaicLayout, owner: type | None = None) -> float: ...

    def __get__(self, obj: MosaicLayout | None, owner: type | None = None) -> _MosaicField | float:
        if obj is None:
            return self
        return float(getattr(obj._read(), self.name))

    def __set__(self, obj: MosaicLayout, value: float | None) -> None:
        obj.configure(**{self.name: value})


class MosaicLayout(BaseLayout):
    """The paged mosaic (MacMullin's post): 12 items a page, pages side by side at the view's width.

    Properties (0 = derived from the page; defaults the library's): ``padding``, ``column_width``, ``row_height``,
    ``large_cell_width``, ``large_cell_height``, ``medium_cell_height``.  Cells carry the cell type
    in custom[0] (0 small, 1 large, 2 medium)."""

    KIND = "mosaic"
    SPEC_KEYS = _MOSAIC_FIELDS

    padding = _MosaicField("The gap between cells and around the page.")
    column_width = _MosaicField("A small cell's width.")
    row_height = _MosaicField("A small cell's height.")
    large_cell_width = _MosaicField("The large cell's width.")
    large_cell_height = _MosaicField("The large cell's height.")
    medium_cell_height = _MosaicField("The medium cells' height.")

    def __init__(self, **config: float | None) -> None:
        self._init_state()
        self._h = create("cvl_mosaic_layout_create")
        try:
            if config:
                self.configure(**config)
        except BaseException:
            self.close()
            raise

    def _read(self) -> T.cvl_mosaic_config:
        cfg = T.cvl_mosaic_config()
        _lib.cvl_mosaic_layout_get_config(self._ch(), ctypes.byref(cfg))
        return cfg

    def configure(self, **config: float | None) -> None:
        """Sets several properties in one call (None or 0: derived); all or nothing."""
        cfg = self._read()
        for name, value in config.items():
            if name not in _MOSAIC_FIELDS:
                raise TypeError(f"MosaicLayout has no property {name!r}")
            setattr(cfg, name, 0.0 if value is None else float(value))
        _lib.cvl_mosaic_layout_set_config(self.handle, ctypes.byref(cfg))

    @property
    def config(self) -> dict[str, float]:
        """Every property as a dict (0 where derived from the page)."""
        cfg = self._read()
        return {name: float(getattr(cfg, name)) for name in _MOSAIC_FIELDS}


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


class TreeLayout(BaseLayout):
    """The class-hierarchy tree (Apple's guide): a section per depth, connectors (kind 'connector')
    from each parent to its children.

    ``children`` is ``fn(section, item) -> number of children`` or a nested description (see
    :func:`parse_tree`); with a description, :attr:`counts` gives the data source's counts and
    :attr:`labels` the node names."""

    KIND = "tree"
    SPEC_KEYS = ("tree", "item_size", "insets")

    def __init__(self, children: Callable[[int, int], int] | object, *, item_size: SizeLike | None = None,
                 insets: InsetsLike | None = None) -> None:
        self._init_state()
        #: The data source's counts (a section per depth) when built from a description, else None.
        self.counts: list[int] | None
        #: The node names by index path when built from a description, else empty.
        self.labels: dict[IndexPath, str]
        fn: Callable[[int, int], int]
        if callable(children):
            fn = children
            self.counts, self.labels = None, {}
        else:
            self.counts, per_item, self.labels = parse_tree(children)

            def fn(section: int, item: int) -> int:
                return per_item[section][item] if section < len(per_item) else 0

        def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_int64]) -> None:
            out[0] = int64(fn(ip.section, ip.item), f"number_of_children({ip.section}, {ip.item})")
        children_fn = make(T.TreeDataSourceNumberOfChildrenFn, "number_of_children", cb, self._keep)
        source = T.cvl_tree_data_source(None, children_fn)
        self._h = create("cvl_tree_layout_create", ctypes.byref(source))
        try:
            if item_size is not None or insets is not None:
                self.configure(item_size=item_size, insets=insets)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def defaults() -> dict[str, Size | Insets]:
        """The library's defaults: ``{"item_size": Size, "insets": (top, left, bottom, right)}``."""
        cfg = T.cvl_tree_config()
        _lib.cvl_tree_config_default(ctypes.byref(cfg))
        return {"item_size": TreeLayout._size(cfg), "insets": TreeLayout._insets(cfg)}

    @staticmethod
    def _size(cfg: T.cvl_tree_config) -> Size:
        return Size(cfg.item_size.width, cfg.item_size.height)

    @staticmethod
    def _insets(cfg: T.cvl_tree_config) -> Insets:
        i = cfg.insets
        return (i.top, i.left, i.bottom, i.right)

    def _read(self) -> T.cvl_tree_config:
        cfg = T.cvl_tree_config()
        _lib.cvl_tree_layout_get_config(self._ch(), ctypes.byref(cfg))
        return cfg

    def configure(self, item_size: SizeLike | None = None, insets: InsetsLike | None = None) -> None:
        """Sets the item size and/or the insets (top, left, bottom, right), all or nothing."""
        cfg = self._read()
        if item_size is not None:
            cfg.item_size = T.cvl_size(*pair(item_size))
        if insets is not None:
            cfg.insets = T.cvl_insets(*_insets(insets))
        _lib.cvl_tree_layout_set_config(self.handle, ctypes.byref(cfg))

    @property
    def item_size(self) -> Size:
        """Every node's size (width, height)."""
        return self._size(self._read())

    @item_size.setter
    def item_size(self, value: SizeLike) -> None:
        self.configure(item_size=value)

    @property
    def insets(self) -> Insets:
        """The content's insets (top, left, bottom, right)."""
        return self._insets(self._read())

    @insets.setter
    def insets(self, value: InsetsLike) -> None:
        self.configure(insets=value)


_insets = insets


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


_GRID_FIELDS = ("columns", "item_height", "item_aspect", "interitem_spacing", "intergroup_spacing",
                "content_insets", "header_height")


class _GridNumber:
    """A GridLayout property in points (or a ratio) backed by cvl_grid_layout_get_config / set_config."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _GridNumber: ...
    @overload
    def __get__(self, obj: GridLayout, owner: type | None = None) -> float: ...

    def __get__(self, obj: GridLayout | None, owner: type | None = None) -> _GridNumber | float:
        if obj is None:
            return self
        return float(getattr(obj._read(), self.name))

    def __set__(self, obj: GridLayout, value: float) -> None:
        obj.configure(**{self.name: value})


class GridLayout(BaseLayout):
    """A fixed-column grid (Apple's "Implementing Modern Collection Views" grid: a compositional
    layout whose sections repeat one horizontal group of ``columns`` equally wide items).

    Properties (defaults the library's, ``GridLayout.defaults()``): ``columns`` (5), ``item_height``
    (0: use ``item_aspect``; > 0: absolute), ``item_aspect`` (1: square; height over width),
    ``interitem_spacing`` and ``intergroup_spacing`` (0), ``content_insets`` (top, left, bottom,
    right; 0) and ``header_height`` (0: no header), the same for every section. Item i of a
    section is at row i // columns, column i % columns; vertical scrolling, sections stacked.
    Setting several at once (``configure``) is all or nothing; a bad value raises InvalidArgument
    and changes nothing."""

    KIND = "grid"
    SPEC_KEYS = _GRID_FIELDS

    item_height = _GridNumber("Every item's height when > 0; 0 (default): item_aspect * item width.")
    item_aspect = _GridNumber("Item height over item width when item_height is 0 (default 1: square).")
    interitem_spacing = _GridNumber("The gap between the items of a row (the group's interItemSpacing).")
    intergroup_spacing = _GridNumber("The gap between rows (the section's interGroupSpacing).")
    header_height = _GridNumber("Each section's header height, inside its insets; 0 (default): no header.")

    def __init__(self, **config: float | InsetsLike) -> None:
        self._init_state()
        self._h = create("cvl_grid_layout_create")
        try:
            if config:
                self.configure(**config)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def defaults() -> dict[str, float | Insets]:
        """The library's defaults (``cvl_grid_config_default``) as a dict of every property."""
        cfg = T.cvl_grid_config()
        _lib.cvl_grid_config_default(ctypes.byref(cfg))
        return GridLayout._as_dict(cfg)

    @staticmethod
    def _as_dict(cfg: T.cvl_grid_config) -> dict[str, float | Insets]:
        out: dict[str, float | Insets] = {name: float(getattr(cfg, name)) for name in _GRID_FIELDS
                                          if name not in ("columns", "content_insets")}
        i = cfg.content_insets
        out["columns"] = int(cfg.columns)
        out["content_insets"] = (i.top, i.left, i.bottom, i.right)
        return out

    def _read(self) -> T.cvl_grid_config:
        cfg = T.cvl_grid_config()
        _lib.cvl_grid_layout_get_config(self._ch(), ctypes.byref(cfg))
        return cfg

    def configure(self, **config: float | InsetsLike) -> None:
        """Sets several properties in one call, all or nothing (the library validates)."""
        cfg = self._read()
        for name, value in config.items():
            if name not in _GRID_FIELDS:
                raise TypeError(f"GridLayout has no property {name!r}")
            if name == "columns":
                cfg.columns = int64(value, "columns")
            elif name == "content_insets":
                cfg.content_insets = T.cvl_insets(*_insets(value))
            else:
                if not isinstance(value, (int, float)):
                    raise TypeError(f"GridLayout {name} is a number, not {value!r}")
                setattr(cfg, name, float(value))
        _lib.cvl_grid_layout_set_config(self.handle, ctypes.byref(cfg))

    @property
    def config(self) -> dict[str, float | Insets]:
        """Every property as a dict."""
        return self._as_dict(self._read())

    @property
    def columns(self) -> int:
        """Items per row (the group's count), 1 ... CVL_MAX_GRID_COLUMNS; default 5."""
        return int(self._read().columns)

    @columns.setter
    def columns(self, value: int) -> None:
        self.configure(columns=value)

    @property
    def content_insets(self) -> Insets:
        """Each section's insets (top, left, bottom, right); the header lies inside them."""
        i = self._read().content_insets
        return (i.top, i.left, i.bottom, i.right)

    @content_insets.setter
    def content_insets(self, value: InsetsLike) -> None:
        self.configure(content_insets=value)
