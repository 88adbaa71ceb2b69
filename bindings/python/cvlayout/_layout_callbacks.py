"""The one mechanism behind Python layouts: a ``cvl_layout_callbacks`` table built from handlers.

Both ways of writing a layout in Python go through here: :class:`~cvlayout.custom.Layout`
(``cvl_custom_layout_create``) and the hooks of a :class:`~cvlayout.flow.FlowLayout` subclass
(``cvl_flow_layout_set_hooks``). Each hands :func:`build` the handlers it implements, by the
table's field names; every handler receives the base layout's answer and returns its own:

=====================================  =====================================================
field                                  handler
=====================================  =====================================================
prepare                                ``(env) -> None``
content_size                           ``(env, base: Size) -> Size``
attributes_in_rect                     ``(env, rect, base: list[Attributes]) -> list | None``
attributes_for_element                 ``(env, category, kind, index_path, base) -> Attributes | None``
should_invalidate_for_bounds_change    ``(env, new_bounds, base: bool) -> bool``
target_content_offset                  ``(env, proposed, velocity, base: Point) -> Point``
prepare_for_updates                    ``(env, updates) -> None``
finalize_updates                       ``(env) -> None``
initial_attributes_for_appearing       ``(env, attributes, base: Attributes | None) -> Attributes | None``
final_attributes_for_disappearing      ``(env, attributes, base: Attributes | None) -> Attributes | None``
invalidate                             ``(env, invalidation: Invalidation) -> None``
=====================================  =====================================================

(``attributes_in_rect`` returning None keeps ``base`` as modified in place.) The C adapters
here do the rest once: reading and writing the buffers, the capacity retry of a rect query
(answered from a one-entry cache, so the handler runs once), and the layout handle a handler may
call the "callable from hooks" functions on (``owner._ch()`` during the call).
"""

from __future__ import annotations

import ctypes
from _ctypes import CFuncPtr
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, TypeAlias

from . import _types as T
from ._callbacks import make
from .attributes import CATEGORY_NAMES, Attributes, LayoutEnv, read_buffer, read_one, write_buffer, write_optional
from .errors import ERROR_CAPACITY
from .geometry import IndexPath, Point, PointLike, Rect, Size, SizeLike, pair
from .updates import UpdateItem, read_items

if TYPE_CHECKING:
    from ._layout_base import BaseLayout, LayoutPointer

    # What the C side hands a callback (see the prototypes in _types): pointers to its structs.
    EnvPointer: TypeAlias = ctypes._Pointer[T.cvl_layout_env]
    AttributesPointer: TypeAlias = ctypes._Pointer[T.cvl_attributes]
    IntPointer: TypeAlias = ctypes._Pointer[ctypes.c_int]

#: An adapter: the C callback (``ctx`` first) built for one handler.
CCallback: TypeAlias = "Callable[..., int | None]"

FIELDS = ("prepare", "content_size", "attributes_in_rect", "attributes_for_element",
          "should_invalidate_for_bounds_change", "target_content_offset", "prepare_for_updates",
          "finalize_updates", "initial_attributes_for_appearing", "final_attributes_for_disappearing", "invalidate")

_INVALIDATION_FLAGS = (("everything", T.INVALIDATE_EVERYTHING), ("data_counts", T.INVALIDATE_DATA_COUNTS),
                       ("delegate_metrics", T.INVALIDATE_DELEGATE_METRICS),
                       ("layout_attributes", T.INVALIDATE_LAYOUT_ATTRIBUTES), ("bounds", T.INVALIDATE_BOUNDS))


@dataclass(frozen=True)
class Invalidation:
    """What changed since the layout's last prepare (``cvl_invalidation``): ``flags`` names
    ('everything', 'data_counts', 'delegate_metrics', 'layout_attributes', 'bounds'), the
    invalidated index paths (items whose size changed) and the batch update being committed."""

    flags: frozenset[str]
    items: list[IndexPath]
    updates: list[UpdateItem]

    @classmethod
    def from_pointer(cls, p: ctypes._Pointer[T.cvl_invalidation]) -> Invalidation:
        """A copy of the ``cvl_invalidation`` a callback received."""
        inv = p.contents
        flags = frozenset(name for name, bit in _INVALIDATION_FLAGS if inv.flags & bit)
        items = [(inv.items[k].section, inv.items[k].item) for k in range(inv.item_count)] if inv.item_count else []
        return cls(flags, items, read_items(inv.updates, inv.update_count))


def build(owner: BaseLayout, handlers: dict[str, Callable[..., Any]], keep: list[object]) -> T.cvl_layout_callbacks:
    """The table for ``owner`` (a BaseLayout) with a C adapter for each handler; the CFUNCTYPE
    objects are appended to ``keep``, which must live as long as the library may call them.

    (The handlers' signatures differ by field, see the table above: the dict is typed by the
    loosest one, and each adapter below calls its handler with the field's own arguments.)"""
    table = T.cvl_layout_callbacks()
    prototypes = {f[0]: f[1] for f in T.cvl_layout_callbacks._fields_}
    for name, handler in handlers.items():
        if name not in FIELDS:
            raise ValueError(f"cvl_layout_callbacks has no field {name!r}")
        prototype = prototypes[name]
        assert issubclass(prototype, CFuncPtr)  # every field of the table is a function pointer
        setattr(table, name, make(prototype, name, _ADAPTERS[name](owner, handler), keep))
    return table


def _rect(r: T.cvl_rect) -> Rect:
    return Rect(r.x, r.y, r.width, r.height)


def _prepare(owner: BaseLayout, handler: Callable[[LayoutEnv], object]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer) -> None:
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p))
    return cb


def _content_size(owner: BaseLayout, handler: Callable[[LayoutEnv, Size], SizeLike]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, inout: ctypes._Pointer[T.cvl_size]) -> None:
        o = inout.contents
        with owner._in_hook(lay):
            w, h = pair(handler(LayoutEnv.from_pointer(env_p), Size(o.width, o.height)))
        o.width, o.height = w, h
    return cb


def _attributes_in_rect(owner: BaseLayout,
                        handler: Callable[[LayoutEnv, Rect, list[Attributes]], Sequence[Attributes] | None]
                        ) -> CCallback:
    kinds = owner._kind_names

    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, rect: T.cvl_rect, buf: AttributesPointer,
           count: int, capacity: int, out_count: ctypes._Pointer[ctypes.c_size_t]) -> int | None:
        env = LayoutEnv.from_pointer(env_p)
        r = _rect(rect)
        key = (r, count, env)
        cached, owner._rect_cache = owner._rect_cache, None
        if cached is not None and cached[0] == key:
            result = cached[1]
        else:
            base = read_buffer(buf, count, kinds)
            with owner._in_hook(lay):
                answer = handler(env, r, base)
            result = base if answer is None else list(answer)
        out_count[0] = len(result)
        if len(result) > capacity:
            owner._rect_cache = (key, result)
            return ERROR_CAPACITY
        write_buffer(buf, result)
        return None
    return cb


def _attributes_for_element(owner: BaseLayout,
                            handler: Callable[[LayoutEnv, str, int, IndexPath, Attributes | None], Attributes | None]
                            ) -> CCallback:
    kinds = owner._kind_names

    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, category: int, kind: int, ip: T.cvl_index_path,
           buf: AttributesPointer, inout_found: IntPointer) -> None:
        base = read_one(buf, kinds) if inout_found[0] == 1 else None
        with owner._in_hook(lay):
            a = handler(LayoutEnv.from_pointer(env_p), CATEGORY_NAMES.get(category, str(category)), kind,
                        (ip.section, ip.item), base)
        write_optional(buf, inout_found, a)
    return cb


def _should_invalidate(owner: BaseLayout, handler: Callable[[LayoutEnv, Rect, bool], object]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, rect: T.cvl_rect, inout: IntPointer) -> None:
        with owner._in_hook(lay):
            answer = handler(LayoutEnv.from_pointer(env_p), _rect(rect), bool(inout[0]))
        inout[0] = 1 if answer else 0
    return cb


def _target_content_offset(owner: BaseLayout, handler: Callable[[LayoutEnv, Point, Point, Point], PointLike]
                           ) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, proposed: T.cvl_point, velocity: T.cvl_point,
           inout: ctypes._Pointer[T.cvl_point]) -> None:
        o = inout.contents
        with owner._in_hook(lay):
            x, y = pair(handler(LayoutEnv.from_pointer(env_p), Point(proposed.x, proposed.y),
                                Point(velocity.x, velocity.y), Point(o.x, o.y)))
        o.x, o.y = x, y
    return cb


def _prepare_for_updates(owner: BaseLayout, handler: Callable[[LayoutEnv, list[UpdateItem]], object]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, items: ctypes._Pointer[T.cvl_update_item],
           count: int) -> None:
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p), read_items(items, count))
    return cb


def _invalidate(owner: BaseLayout, handler: Callable[[LayoutEnv, Invalidation], object]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, inv: ctypes._Pointer[T.cvl_invalidation]) -> None:
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p), Invalidation.from_pointer(inv))
    return cb


def _finalize_updates(owner: BaseLayout, handler: Callable[[LayoutEnv], object]) -> CCallback:
    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer) -> None:
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p))
    return cb


def _transition(owner: BaseLayout,
                handler: Callable[[LayoutEnv, Attributes, Attributes | None], Attributes | None]) -> CCallback:
    kinds = owner._kind_names

    def cb(_ctx: int | None, env_p: EnvPointer, lay: LayoutPointer, buf: AttributesPointer,
           inout_use: IntPointer) -> None:
        a = read_one(buf, kinds)
        base = a if inout_use[0] == 1 else None
        with owner._in_hook(lay):
            r = handler(LayoutEnv.from_pointer(env_p), a, base)
        write_optional(buf, inout_use, r)
    return cb


# Each adapter takes its own handler signature; Callable[..., Any] is the one type they share.
_ADAPTERS: dict[str, Callable[[BaseLayout, Callable[..., Any]], CCallback]] = {
    "prepare": _prepare, "content_size": _content_size, "attributes_in_rect": _attributes_in_rect,
    "attributes_for_element": _attributes_for_element, "should_invalidate_for_bounds_change": _should_invalidate,
    "target_content_offset": _target_content_offset, "prepare_for_updates": _prepare_for_updates,
    "finalize_updates": _finalize_updates, "initial_attributes_for_appearing": _transition,
    "final_attributes_for_disappearing": _transition, "invalidate": _invalidate,
}
