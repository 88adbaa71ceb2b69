"""The seeds' non-flow layouts: the paged mosaic (001), the class-hierarchy tree (002), the
circle (004)."""

from __future__ import annotations

import ctypes
from typing import Callable

from . import _lib
from . import _types as T
from ._callbacks import make
from ._ints import int64
from ._layout_base import BaseLayout, create
from .geometry import insets, pair

_MOSAIC_FIELDS = ("padding", "column_width", "row_height", "large_cell_width", "large_cell_height",
                  "medium_cell_height")


class MosaicLayout(BaseLayout):
    """The paged mosaic (MacMullin's post): 12 items a page, pages side by side at the view's width.

    Properties (0 = derived from the page; defaults the library's): ``padding``, ``column_width``, ``row_height``,
    ``large_cell_width``, ``large_cell_height``, ``medium_cell_height``.  Cells carry the cell type
    in custom[0] (0 small, 1 large, 2 medium)."""

    def __init__(self, **config):
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

    def configure(self, **config) -> None:
        cfg = self._read()
        for name, value in config.items():
            if name not in _MOSAIC_FIELDS:
                raise TypeError(f"MosaicLayout has no property {name!r}")
            setattr(cfg, name, 0.0 if value is None else float(value))
        _lib.cvl_mosaic_layout_set_config(self.handle, ctypes.byref(cfg))

    @property
    def config(self) -> dict:
        cfg = self._read()
        return {name: getattr(cfg, name) for name in _MOSAIC_FIELDS}


def _mosaic_property(name):
    def get(self):
        return getattr(self._read(), name)

    def set_(self, value):
        self.configure(**{name: value})
    return property(get, set_)


for _n in _MOSAIC_FIELDS:
    setattr(MosaicLayout, _n, _mosaic_property(_n))
del _n


def _nodes(obj) -> list[tuple[object, object]]:
    """Children of a tree node description as (label, subtree) pairs."""
    if obj is None:
        return []
    if isinstance(obj, dict):
        if "name" in obj and set(obj) <= {"name", "children"}:
            return [(obj["name"], obj.get("children"))]
        return list(obj.items())
    out = []
    for node in obj:
        if isinstance(node, dict) and "name" in node:
            out.append((node["name"], node.get("children")))
        elif isinstance(node, (list, tuple)) and len(node) == 2 and not isinstance(node[1], (int, float)):
            out.append((node[0], node[1]))
        else:
            out.append((node, None))
    return out


def parse_tree(tree) -> tuple[list[int], list[list[int]], dict[tuple[int, int], str]]:
    """(section counts, children counts per section, labels) of a nested tree description.

    Accepted: ``{"NSObject": {"UIResponder": {"UIView": None}}}`` (names to subtrees),
    ``{"name": ..., "children": [...]}`` nodes, ``(name, children)`` pairs and bare names (leaves);
    a list at the top gives several roots."""
    counts, children, labels = [], [], {}
    level = _nodes(tree)
    section = 0
    while level:
        counts.append(len(level))
        next_level, per_item = [], []
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

    def __init__(self, children, *, item_size=None, insets=None):
        self._init_state()
        if callable(children):
            fn: Callable[[int, int], int] = children
            self.counts, self.labels = None, {}
        else:
            self.counts, per_item, self.labels = parse_tree(children)

            def fn(section, item):
                return per_item[section][item] if section < len(per_item) else 0

        def cb(_ctx, ip, out):
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
    def defaults() -> dict:
        cfg = T.cvl_tree_config()
        _lib.cvl_tree_config_default(ctypes.byref(cfg))
        return TreeLayout._to_dict(cfg)

    @staticmethod
    def _to_dict(cfg) -> dict:
        i = cfg.insets
        return {"item_size": (cfg.item_size.width, cfg.item_size.height),
                "insets": (i.top, i.left, i.bottom, i.right)}

    def _read(self) -> T.cvl_tree_config:
        cfg = T.cvl_tree_config()
        _lib.cvl_tree_layout_get_config(self._ch(), ctypes.byref(cfg))
        return cfg

    def configure(self, item_size=None, insets=None) -> None:
        cfg = self._read()
        if item_size is not None:
            cfg.item_size = T.cvl_size(*pair(item_size))
        if insets is not None:
            cfg.insets = T.cvl_insets(*_insets(insets))
        _lib.cvl_tree_layout_set_config(self.handle, ctypes.byref(cfg))

    @property
    def item_size(self):
        return self._to_dict(self._read())["item_size"]

    @item_size.setter
    def item_size(self, value):
        self.configure(item_size=value)

    @property
    def insets(self):
        return self._to_dict(self._read())["insets"]

    @insets.setter
    def insets(self, value):
        self.configure(insets=value)


_insets = insets


class CircleLayout(BaseLayout):
    """The circle (the circle article): section 0's items on a circle around the bounds' centre, radius
    floor(min(w, h) / 2.5), item i rotated by 2*pi*i/n."""

    def __init__(self, *, item_size=None):
        self._init_state()
        self._h = create("cvl_circle_layout_create")
        try:
            if item_size is not None:
                self.item_size = item_size
        except BaseException:
            self.close()
            raise

    @property
    def item_size(self) -> tuple[float, float]:
        out = T.cvl_size()
        _lib.cvl_circle_layout_get_item_size(self._ch(), ctypes.byref(out))
        return (out.width, out.height)

    @item_size.setter
    def item_size(self, value) -> None:
        _lib.cvl_circle_layout_set_item_size(self.handle, T.cvl_size(*pair(value)))
