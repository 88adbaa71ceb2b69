"""Finds and loads libcvlayout, declares every function of include/cvlayout.h, turns statuses
into exceptions.

Search order: ``$CVLAYOUT_LIBRARY``; the package directory; the repository's
``.build/release`` then ``.build/debug`` (relative to ``bindings/python/cvlayout``);
``ctypes.util.find_library("cvlayout")``.

Every function returning a status gets ``_check`` as errcheck: a non-zero status raises the
matching :class:`~cvlayout.errors.CvlError` subclass with ``cvl_last_error_message()``; when a
Python callback raised during the call, that exception is chained (``raise ... from exc``), or
re-raised as itself if it is not an ``Exception`` (``KeyboardInterrupt``; see ``_callbacks``).
A function the loaded library does not export is replaced by a stub raising
:class:`~cvlayout.errors.NotAvailable`; ``available(name)`` tells which.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from ctypes import c_size_t, c_uint32
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from . import _callbacks
from . import _types as T
from .errors import ERROR_CAPACITY, InvalidArgument, LibraryError, NotAvailable, error_for_status

if TYPE_CHECKING:
    # The typed signature of every function bound below (generated from the header).
    from ._types import *  # noqa: F403

_SUFFIX = {"darwin": ".dylib", "win32": ".dll"}.get(sys.platform, ".so")
LIBRARY_NAME = ("" if sys.platform == "win32" else "lib") + "cvlayout" + _SUFFIX


def _candidates() -> list[str]:
    here = Path(__file__).resolve().parent
    repo_build = here.parent.parent.parent / ".build"
    out = []
    env = os.environ.get("CVLAYOUT_LIBRARY")
    if env:
        out.append(env)
    out += [str(here / LIBRARY_NAME), str(repo_build / "release" / LIBRARY_NAME),
            str(repo_build / "debug" / LIBRARY_NAME)]
    found = ctypes.util.find_library("cvlayout")
    if found:
        out.append(found)
    return out


def _load() -> tuple[ctypes.CDLL, str]:
    env = os.environ.get("CVLAYOUT_LIBRARY")
    tried = []
    for path in _candidates():
        if path != env and os.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path), path
        except OSError as exc:
            if path == env:  # an explicit choice that does not load is an error, not a fallback
                raise LibraryError(f"CVLAYOUT_LIBRARY={env!r} could not be loaded: {exc}") from exc
            tried.append(f"{path} ({exc})")
    raise LibraryError(
        "libcvlayout not found. Build it (swift build -c release --product cvlayout) or set "
        "CVLAYOUT_LIBRARY to its path. Tried: " + ", ".join(tried))


lib, path = _load()


def _last_error() -> str:
    msg = lib.cvl_last_error_message() if _has("cvl_last_error_message") else None
    return msg.decode("utf-8", "replace") if msg else ""


def _check(status: int, func: Any, args: tuple[Any, ...]) -> int:
    # What a callback of this call raised: an Exception to chain; a KeyboardInterrupt (any
    # BaseException that is not an Exception) is raised by finish_call as itself.
    exc = _callbacks.finish_call()
    if status == 0:
        return 0
    err = error_for_status(status, _last_error())
    if status == ERROR_CAPACITY:
        # The out_count argument is the last one in every buffer-protocol function.
        last = args[-1] if args else None
        if isinstance(last, ctypes._SimpleCData):
            err.needed = last.value
        elif hasattr(last, "_obj"):  # byref(...)
            err.needed = getattr(getattr(last, "_obj", None), "value", None)
    if exc is not None:
        raise err from exc
    raise err


def _has(name: str) -> bool:
    try:
        getattr(lib, name)
        return True
    except AttributeError:
        return False


def _missing(name: str) -> Callable[..., int]:
    def stub(*_args: Any, **_kwargs: Any) -> int:
        raise NotAvailable(message=f"{name} is not exported by {path} (an older or partial libcvlayout)")
    stub.__name__ = name
    return stub


# Every function of the header, declared with the argument and return types generated from it
# (cvlayout._types.FUNCTIONS). A c_int result is a status: _check turns failures into exceptions.
_FUNCTIONS = T.FUNCTIONS
_available: set[str] = set()
for _name, _argtypes, _restype in _FUNCTIONS:
    if not _has(_name):
        globals()[_name] = _missing(_name)
        continue
    _fn = getattr(lib, _name)
    _fn.argtypes = _argtypes
    _fn.restype = _restype
    if _restype is ctypes.c_int:
        _fn.errcheck = _check
    globals()[_name] = _fn
    _available.add(_name)
del _name, _argtypes, _restype


def available(name: str) -> bool:
    """True when the loaded library exports ``name``."""
    return name in _available


def missing_functions() -> list[str]:
    """Functions of the header the loaded library does not export."""
    return [name for name, _, _ in _FUNCTIONS if name not in _available]


def status_string(status: int) -> str:
    """The status code's name ("CVL_ERROR_CAPACITY"), as the library spells it."""
    return lib.cvl_status_string(status).decode() if available("cvl_status_string") else str(status)


def callback_error(message: str) -> None:
    """Inside a callback: sets the message the library reports for the failure."""
    if available("cvl_callback_error"):
        lib.cvl_callback_error(message.encode("utf-8", "replace")[:1000])


# --- load-time checks -------------------------------------------------------------------------
def _check_version() -> int | None:
    if not available("cvl_version"):
        return None
    v = c_uint32()
    lib.cvl_version(ctypes.byref(v))
    got = v.value
    if got // 100 != T.VERSION_NUMBER // 100:  # major and minor must match; patch may differ
        raise LibraryError(f"{path} is libcvlayout {got // 10000}.{got // 100 % 100}.{got % 100}; these "
                           f"bindings need {T.VERSION_STRING} (same major.minor)")
    return got


def _abi_struct_size(name: str) -> int | None:
    out = c_size_t()
    try:
        lib.cvl_abi_struct_size(name.encode(), ctypes.byref(out))
    except InvalidArgument:
        return None
    return out.value


def _abi_field_offset(name: str, field: str) -> int | None:
    out = c_size_t()
    try:
        lib.cvl_abi_field_offset(name.encode(), field.encode(), ctypes.byref(out))
    except InvalidArgument:
        return None
    return out.value


# Filled by verify_abi(): (struct, field or None) pairs the library did not know about.
ABI_UNVERIFIED: list[tuple[str, str | None]] = []


def verify_abi(struct_size: Callable[[str], int | None],
               field_offset: Callable[[str, str], int | None]) -> None:
    """Compares every struct of ``cvlayout._types`` with the library's own ``sizeof`` / ``offsetof``.

    ``struct_size(name)`` and ``field_offset(name, field)`` return None when the library does not
    know the name (recorded in ``ABI_UNVERIFIED``).  A size or offset that differs raises
    :class:`LibraryError` naming every difference.
    """
    ABI_UNVERIFIED.clear()
    problems = []
    for name, cls in T.STRUCTS.items():
        size = struct_size(name)
        if size is None:
            ABI_UNVERIFIED.append((name, None))
            continue
        if size != ctypes.sizeof(cls):
            problems.append(f"sizeof({name}): library {size}, Python {ctypes.sizeof(cls)}")
        for field, *_ in cls._fields_:
            off = field_offset(name, field)
            if off is None:
                ABI_UNVERIFIED.append((name, field))
            elif off != getattr(cls, field).offset:
                problems.append(f"offsetof({name}, {field}): library {off}, Python {getattr(cls, field).offset}")
    if problems:
        raise LibraryError("libcvlayout's struct layout differs from the Python bindings ("
                           + "; ".join(problems) + "). Rebuild the library, or regenerate the bindings "
                           "(python3 scripts/gen_abi_check.py).")


library_version = _check_version()
ABI_CHECKED = available("cvl_abi_struct_size") and available("cvl_abi_field_offset")
if ABI_CHECKED:
    verify_abi(_abi_struct_size, _abi_field_offset)

