"""Host arrays handed to the library in one call: item sizes, extents, spans, full-span flags.

The library copies each array during the call and reads nothing of it afterwards (the header:
"copied"), so a buffer that already holds the C values (a numpy array of float64 extents, an
``array('d')`` of sizes, an int32 array of spans, a uint8 or bool array of flags) is handed over in
place: a ctypes array over its memory, released when the call returns (a read-only buffer is copied
once). Anything else (lists, generators, buffers of other item types) is converted item by item
with an error naming the item. The library validates the values (a NaN extent, a span too wide, a
flag other than 0 or 1) either way.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable
from typing import Any

from ._ints import INT32, checked
from .errors import InvalidArgument

DOUBLE_FORMATS = frozenset({"d", "<d", "=d", "@d"})
INT32_FORMATS = frozenset({"i", "<i", "=i", "@i"})
BYTE_FORMATS = frozenset({"B", "<B", "=B", "@B", "?"})
UINT64_FORMATS = frozenset({"Q", "<Q", "=Q", "@Q", "L", "=L", "@L"})  # ("L": with an item size of 8)


def in_place(values: Any, ctype: Any, formats: frozenset[str], whole: str) -> tuple[Any, int] | None:
    """(ctypes array of ``ctype`` over ``values``' memory, or a copy when it is read-only; count)
    when ``values`` is a C-contiguous buffer whose items have one of ``formats``; (None, 0) when it
    is empty; None when it is not such a buffer (the caller converts it item by item). Its bytes
    must make whole ``ctype`` elements, else ``InvalidArgument`` whose message is ``whole``."""
    try:
        mv = memoryview(values)
    except TypeError:
        return None
    if mv.format not in formats or not mv.c_contiguous:
        return None
    size = ctypes.sizeof(ctype)
    if mv.nbytes % size:
        raise InvalidArgument(message=whole)
    n = mv.nbytes // size
    if n == 0:
        return None, 0
    array = ctype * n
    return (array.from_buffer_copy(mv) if mv.readonly else array.from_buffer(mv)), n


def host_array(values: Iterable[Any] | None, name: str, ctype: Any, formats: frozenset[str],
               convert: Callable[[Any, str], Any]) -> tuple[Any, int]:
    """A ``const ctype *`` argument and its count from ``values``: None for None; in place when it
    is a buffer whose items have one of ``formats`` (``in_place``); else converted one by one
    (``convert(value, "name[i]")``, which raises naming the item)."""
    if values is None:
        return None, 0
    direct = in_place(values, ctype, formats, f"{name} must be whole {ctype.__name__} values")
    if direct is not None:
        return direct
    out = [convert(v, f"{name}[{i}]") for i, v in enumerate(values)]
    return (ctype * len(out))(*out), len(out)


def _number(v: Any, where: str) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise TypeError(f"{where} is a number, not {v!r}")
    return float(v)


def _flag(v: Any, where: str) -> int:
    if not isinstance(v, (bool, int)):
        raise TypeError(f"{where} is a bool or 0/1, not {v!r}")
    return checked(int(v), where, (0, 255, "uint8_t"))


def double_array(values: Iterable[float] | None, name: str) -> tuple[Any, int]:
    """``const double *``: a buffer of doubles in place, else each a number (``TypeError``)."""
    return host_array(values, name, ctypes.c_double, DOUBLE_FORMATS, _number)


def int32_array(values: Iterable[int] | None, name: str) -> tuple[Any, int]:
    """``const int32_t *``: a buffer of int32 in place, else each an int in the int32 range."""
    return host_array(values, name, ctypes.c_int32, INT32_FORMATS, lambda v, where: checked(v, where, INT32))


def flag_array(values: Iterable[bool | int] | None, name: str) -> tuple[Any, int]:
    """``const uint8_t *``: a buffer of bytes or bools in place, else each a bool or an int in
    0 ... 255 (the library takes 0 and 1)."""
    return host_array(values, name, ctypes.c_uint8, BYTE_FORMATS, _flag)
