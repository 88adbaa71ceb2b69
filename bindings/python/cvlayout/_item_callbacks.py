"""The span grid's and the waterfall's per-item answers by callback (``cvl_grid_callbacks``,
``cvl_waterfall_callbacks``): one builder for both structs, so each layout class only names its
callbacks.  Each Python answer is converted and range-checked here (a wrong type or an int out of
range raises in the callback, which fails the layout cycle with CallbackError); the library checks
the rest (a span wider than the columns, a NaN extent, ...)."""

from __future__ import annotations

import ctypes
from _ctypes import CFuncPtr
from collections.abc import Callable
from typing import Any

from . import _types as T
from ._callbacks import make
from ._ints import INT32, checked


def _item_int(fn: Callable[[int, int], object], what: str) -> Callable[..., None]:
    def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_int32]) -> None:
        v = fn(ip.section, ip.item)
        if isinstance(v, bool):
            v = int(v)
        out[0] = checked(v, what, INT32)
    return cb


def _item_float(fn: Callable[[int, int], object], what: str) -> Callable[..., None]:
    def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_double]) -> None:
        v = fn(ip.section, ip.item)
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise TypeError(f"{what} returns a number, not {v!r}")
        out[0] = float(v)
    return cb


def _section_columns(fn: Callable[[int], object], what: str) -> Callable[..., None]:
    def cb(_ctx: int | None, section: int, out: Any) -> None:
        v = fn(section)
        cols, width = v if isinstance(v, tuple) else (v, 0.0)
        if not isinstance(width, (int, float)) or isinstance(width, bool):
            raise TypeError(f"{what}: minimum_column_width is a number, not {width!r}")
        o = out.contents
        o.columns = checked(cols, f"{what}: columns")
        o.minimum_column_width = float(width)
    return cb


_MAKERS: dict[str, Callable[[Any, str], Callable[..., None]]] = {
    "span_for_item": _item_int, "is_full_span": _item_int, "extent_for_item": _item_float,
    "columns_for_section": _section_columns,
}


def build(struct: type[ctypes.Structure], fns: dict[str, Callable[..., object] | None],
          keep: list[object]) -> ctypes.Structure | None:
    """The struct with a C function for each callable in ``fns`` (C field name -> callable), or
    None when none is given (the library then clears the callbacks)."""
    prototypes = {f[0]: f[1] for f in struct._fields_}
    out = struct()
    any_set = False
    for name, fn in fns.items():
        if fn is None:
            continue
        if not callable(fn):
            raise TypeError(f"{name} must be callable, not {type(fn).__name__}")
        proto = prototypes[name]
        assert issubclass(proto, CFuncPtr)  # every field but the context is a function pointer
        setattr(out, name, make(proto, name, _MAKERS[name](fn, name), keep))
        any_set = True
    return out if any_set else None
