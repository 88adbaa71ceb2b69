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
from collections.abc import Iterable
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


def double_array(values: Iterable[float] | None, name: str) -> tuple[Any, int]:
    """A ``const double *`` argument and its count: ``values`` in place when it is a buffer of
    doubles, else each a number (``TypeError`` naming ``name[i]`` otherwise)."""
    if values is None:
        return None, 0
    direct = in_place(values, ctypes.c_double, DOUBLE_FORMATS, f"{name} must be whole doubles")
    if direct is not None:
        return direct
    out = []
    for i, v in enumerate(values):
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise TypeError(f"{name}[{i}] is a number, not {v!r}")
        out.append(float(v))
    return (ctypes.c_double * len(out))(*out), len(out)


def int32_array(values: Iterable[int] | None, name: str) -> tuple[Any, int]:
    """An ``const int32_t *`` argument and its count: ``values`` in place when it is a buffer of
    int32, else each an int in the int32 range (checked, naming ``name[i]``)."""
    if values is None:
        return None, 0
    direct = in_place(values, ctypes.c_int32, INT32_FORMATS, f"{name} must be whole int32 values")
    if direct is not None:
        return direct
    out = [checked(v, f"{name}[{i}]", INT32) for i, v in enumerate(values)]
    return (ctypes.c_int32 * len(out))(*out), len(out)


def flag_array(values: Iterable[bool | int] | None, name: str) -> tuple[Any, int]:
    """A ``const uint8_t *`` argument and its count: ``values`` in place when it is a buffer of
    bytes or bools, else each a bool or an int in 0 ... 255 (the library takes 0 and 1)."""
    if values is None:
        return None, 0
    direct = in_place(values, ctypes.c_uint8, BYTE_FORMATS, f"{name} must be whole bytes")
    if direct is not None:
        return direct
    out = []
    for i, v in enumerate(values):
        if not isinstance(v, (bool, int)):
            raise TypeError(f"{name}[{i}] is a bool or 0/1, not {v!r}")
        out.append(checked(int(v), f"{name}[{i}]", (0, 255, "uint8_t")))
    return (ctypes.c_uint8 * len(out))(*out), len(out)
