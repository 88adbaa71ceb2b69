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

from dataclasses import dataclass
from typing import Any, Callable

from . import _types as T
from ._callbacks import make
from .attributes import CATEGORY_NAMES, LayoutEnv, read_buffer, read_one, write_buffer, write_optional
from .errors import ERROR_CAPACITY
from .geometry import pair
from .updates import read_items

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

    flags: frozenset
    items: list
    updates: list

    @classmethod
    def from_pointer(cls, p) -> "Invalidation":
        inv = p.contents
        flags = frozenset(name for name, bit in _INVALIDATION_FLAGS if inv.flags & bit)
        items = [(inv.items[k].section, inv.items[k].item) for k in range(inv.item_count)] if inv.item_count else []
        return cls(flags, items, read_items(inv.updates, inv.update_count))


def build(owner: Any, handlers: dict[str, Callable[..., Any]], keep: list) -> T.cvl_layout_callbacks:
    """The table for ``owner`` (a BaseLayout) with a C adapter for each handler; the CFUNCTYPE
    objects are appended to ``keep``, which must live as long as the library may call them."""
    table = T.cvl_layout_callbacks()
    prototypes = {f[0]: f[1] for f in T.cvl_layout_callbacks._fields_}
    for name, handler in handlers.items():
        if name not in FIELDS:
            raise ValueError(f"cvl_layout_callbacks has no field {name!r}")
        setattr(table, name, make(prototypes[name], name, _ADAPTERS[name](owner, handler), keep))
    return table


def _rect(r) -> tuple[float, float, float, float]:
    return (r.x, r.y, r.width, r.height)


def _prepare(owner, handler):
    def cb(_ctx, env_p, lay):
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p))
    return cb


def _content_size(owner, handler):
    def cb(_ctx, env_p, lay, inout):
        o = inout.contents
        with owner._in_hook(lay):
            w, h = pair(handler(LayoutEnv.from_pointer(env_p), (o.width, o.height)))
        o.width, o.height = w, h
    return cb


def _attributes_in_rect(owner, handler):
    kinds = owner._kind_names

    def cb(_ctx, env_p, lay, rect, buf, count, capacity, out_count):
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


def _attributes_for_element(owner, handler):
    kinds = owner._kind_names

    def cb(_ctx, env_p, lay, category, kind, ip, buf, inout_found):
        base = read_one(buf, kinds) if inout_found[0] == 1 else None
        with owner._in_hook(lay):
            a = handler(LayoutEnv.from_pointer(env_p), CATEGORY_NAMES.get(category, category), kind,
                        (ip.section, ip.item), base)
        write_optional(buf, inout_found, a)
    return cb


def _should_invalidate(owner, handler):
    def cb(_ctx, env_p, lay, rect, inout):
        with owner._in_hook(lay):
            answer = handler(LayoutEnv.from_pointer(env_p), _rect(rect), bool(inout[0]))
        inout[0] = 1 if answer else 0
    return cb


def _target_content_offset(owner, handler):
    def cb(_ctx, env_p, lay, proposed, velocity, inout):
        o = inout.contents
        with owner._in_hook(lay):
            x, y = pair(handler(LayoutEnv.from_pointer(env_p), (proposed.x, proposed.y), (velocity.x, velocity.y),
                                (o.x, o.y)))
        o.x, o.y = x, y
    return cb


def _prepare_for_updates(owner, handler):
    def cb(_ctx, env_p, lay, items, count):
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p), read_items(items, count))
    return cb


def _invalidate(owner, handler):
    def cb(_ctx, env_p, lay, inv):
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p), Invalidation.from_pointer(inv))
    return cb


def _finalize_updates(owner, handler):
    def cb(_ctx, env_p, lay):
        with owner._in_hook(lay):
            handler(LayoutEnv.from_pointer(env_p))
    return cb


def _transition(owner, handler):
    kinds = owner._kind_names

    def cb(_ctx, env_p, lay, buf, inout_use):
        a = read_one(buf, kinds)
        base = a if inout_use[0] == 1 else None
        with owner._in_hook(lay):
            r = handler(LayoutEnv.from_pointer(env_p), a, base)
        write_optional(buf, inout_use, r)
    return cb


_ADAPTERS: dict[str, Callable[[Any, Callable[..., Any]], Callable[..., Any]]] = {
    "prepare": _prepare, "content_size": _content_size, "attributes_in_rect": _attributes_in_rect,
    "attributes_for_element": _attributes_for_element, "should_invalidate_for_bounds_change": _should_invalidate,
    "target_content_offset": _target_content_offset, "prepare_for_updates": _prepare_for_updates,
    "finalize_updates": _finalize_updates, "initial_attributes_for_appearing": _transition,
    "final_attributes_for_disappearing": _transition, "invalidate": _invalidate,
}
