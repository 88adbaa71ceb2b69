"""Integers on their way into C, checked against the C type's range first.

ctypes converts a Python int to a C integer by keeping its low bits, so ``2**64 + 5`` reaches
the library as 5 and a wrong answer comes back instead of an error. Every integer the binding
hands to C (an argument, a struct field, a callback's answer) goes through these functions:
an integer outside the C type's range raises :class:`~cvlayout.errors.InvalidArgument` naming
the argument, before any C call (something that is not an integer: ``TypeError``, also named).
Only the C type's range is checked here; what the library accepts (a count >= 0, a section that
exists) is its own rule, validated in one place, the library.

``tests/test_int_ranges.py`` walks every public function, method and property setter that takes
an integer (found from the signatures: a new one fails until it has a row) and feeds it
``2**64 + k``.

Integers are taken as ``operator.index`` takes them (int, bool, numpy integers); a float, even
2.0, is refused rather than truncated.
"""

from __future__ import annotations

import operator
from typing import Any

from . import _types as T
from .errors import InvalidArgument

INT32 = (-(1 << 31), (1 << 31) - 1, "int32_t")
UINT32 = (0, (1 << 32) - 1, "uint32_t")
INT64 = (-(1 << 63), (1 << 63) - 1, "int64_t")
SIZE_T = (0, (1 << 64) - 1, "size_t")


def checked(value: Any, name: str, ctype: tuple[int, int, str] = INT64) -> int:
    """``value`` as an int within ``ctype`` (INT32, UINT32, INT64), else InvalidArgument (TypeError
    if it is not an integer)."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} {value!r}") from None
    lo, hi, cname = ctype
    if not lo <= v <= hi:
        raise InvalidArgument(message=f"{name} = {v} does not fit the C type {cname} ({lo} to {hi})")
    return v


def int32(value: Any, name: str) -> int:
    return checked(value, name, INT32)


def uint32(value: Any, name: str) -> int:
    return checked(value, name, UINT32)


def int64(value: Any, name: str) -> int:
    return checked(value, name, INT64)


def index_path(value: Any, name: str = "index_path") -> T.cvl_index_path:
    """A (section, item) pair as a ``cvl_index_path``, both parts checked."""
    try:
        section, item = value
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a (section, item) pair, not {value!r}") from None
    return T.cvl_index_path(int64(section, f"{name} section"), int64(item, f"{name} item"))
