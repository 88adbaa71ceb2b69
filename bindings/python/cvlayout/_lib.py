"""Finds and loads libcvlayout, declares every function of include/cvlayout.h, turns statuses
into exceptions.

Search order: ``$CVLAYOUT_LIBRARY``; the package directory; the repository's
``.build/release`` then ``.build/debug`` (relative to ``bindings/python/cvlayout``);
``ctypes.util.find_library("cvlayout")``.

Every function returning a status gets ``_check`` as errcheck: a non-zero status raises the
matching :class:`~cvlayout.errors.CvlError` subclass with ``cvl_last_error_message()``; when a
Python callback raised during the call, that exception is chained (``raise ... from exc``).
A function the loaded library does not export is replaced by a stub raising
:class:`~cvlayout.errors.NotAvailable`; ``available(name)`` tells which.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
from ctypes import POINTER, c_char_p, c_double, c_int, c_int32, c_int64, c_size_t, c_uint32, c_void_p
from pathlib import Path

from . import _types as T
from .errors import ERROR_CAPACITY, InvalidArgument, LibraryError, NotAvailable, error_for_status

_P = POINTER
LH, VH = T.LayoutHandle, T.ViewHandle

# (name, argtypes, restype).  restype None means "returns an int status" (errcheck _check).
_FUNCTIONS = [
    # version, errors, ABI
    ("cvl_version", [_P(c_uint32)], None),
    ("cvl_last_error_message", [], c_char_p),
    ("cvl_status_string", [c_int], c_char_p),
    ("cvl_callback_error", [c_char_p], c_int),
    ("cvl_abi_struct_size", [c_char_p, _P(c_size_t)], None),
    ("cvl_abi_field_offset", [c_char_p, c_char_p, _P(c_size_t)], None),
    # layouts: common
    ("cvl_layout_destroy", [LH], None),
    ("cvl_layout_get_type", [LH, _P(c_int32)], None),
    ("cvl_layout_register_kind", [LH, c_char_p, _P(c_int32)], None),
    # flow layout
    ("cvl_flow_config_default", [_P(T.cvl_flow_config)], None),
    ("cvl_flow_layout_create", [_P(LH)], None),
    ("cvl_flow_layout_set_config", [LH, _P(T.cvl_flow_config)], None),
    ("cvl_flow_layout_get_config", [LH, _P(T.cvl_flow_config)], None),
    ("cvl_flow_layout_set_delegate", [LH, _P(T.cvl_flow_delegate)], None),
    ("cvl_flow_layout_set_item_sizes", [LH, c_int64, _P(T.cvl_size), c_size_t], None),
    ("cvl_flow_layout_clear_item_sizes", [LH], None),
    ("cvl_flow_layout_item_frame", [LH, T.cvl_index_path, _P(T.cvl_rect)], None),
    ("cvl_flow_layout_section_frame", [LH, c_int64, _P(T.cvl_rect)], None),
    ("cvl_flow_layout_set_hooks", [LH, _P(T.cvl_flow_hooks)], None),
    # custom layouts
    ("cvl_custom_layout_create", [_P(T.cvl_layout_callbacks), _P(LH)], None),
    # seed layouts
    ("cvl_survey_layout_create", [_P(LH)], None),
    ("cvl_aspect_fit_size", [T.cvl_size, T.cvl_size, _P(T.cvl_size)], None),
    ("cvl_dimensions_layout_create", [_P(LH)], None),
    ("cvl_dimensions_layout_set_mode", [LH, c_int32], None),
    ("cvl_dimensions_layout_get_mode", [LH, _P(c_int32)], None),
    ("cvl_dimensions_layout_set_mode_callback", [LH, T.ModeFn, c_void_p], None),
    ("cvl_cover_flow_layout_create", [_P(LH)], None),
    ("cvl_mosaic_layout_create", [_P(LH)], None),
    ("cvl_mosaic_layout_set_config", [LH, _P(T.cvl_mosaic_config)], None),
    ("cvl_mosaic_layout_get_config", [LH, _P(T.cvl_mosaic_config)], None),
    ("cvl_tree_config_default", [_P(T.cvl_tree_config)], None),
    ("cvl_tree_layout_create", [_P(T.cvl_tree_data_source), _P(LH)], None),
    ("cvl_tree_layout_set_config", [LH, _P(T.cvl_tree_config)], None),
    ("cvl_tree_layout_get_config", [LH, _P(T.cvl_tree_config)], None),
    ("cvl_circle_layout_create", [_P(LH)], None),
    ("cvl_circle_layout_set_item_size", [LH, T.cvl_size], None),
    ("cvl_circle_layout_get_item_size", [LH, _P(T.cvl_size)], None),
    # the view
    ("cvl_view_create", [_P(T.cvl_data_source), LH, _P(VH)], None),
    ("cvl_view_destroy", [VH], None),
    ("cvl_view_set_bounds_size", [VH, T.cvl_size], None),
    ("cvl_view_get_bounds_size", [VH, _P(T.cvl_size)], None),
    ("cvl_view_set_content_offset", [VH, T.cvl_point], None),
    ("cvl_view_get_content_offset", [VH, _P(T.cvl_point)], None),
    ("cvl_view_reload_data", [VH], None),
    ("cvl_view_invalidate_layout", [VH, c_uint32, _P(T.cvl_index_path), c_size_t], None),
    ("cvl_view_number_of_sections", [VH, _P(c_int64)], None),
    ("cvl_view_number_of_items", [VH, c_int64, _P(c_int64)], None),
    ("cvl_view_content_size", [VH, _P(T.cvl_size)], None),
    ("cvl_view_attributes_in_rect", [VH, T.cvl_rect, c_void_p, c_size_t, _P(c_size_t)], None),
    ("cvl_view_visible_attributes", [VH, c_void_p, c_size_t, _P(c_size_t)], None),
    ("cvl_view_attributes_for_element", [VH, c_int32, c_int32, T.cvl_index_path, _P(T.cvl_attributes), _P(c_int)],
     None),
    ("cvl_view_attributes_for_item", [VH, T.cvl_index_path, _P(T.cvl_attributes), _P(c_int)], None),
    ("cvl_view_index_path_at_point", [VH, T.cvl_point, _P(T.cvl_index_path), _P(c_int)], None),
    ("cvl_view_target_content_offset", [VH, T.cvl_point, T.cvl_point, _P(T.cvl_point)], None),
    ("cvl_view_scroll_to_item", [VH, T.cvl_index_path, c_uint32, _P(T.cvl_point)], None),
    ("cvl_view_scroll_to_item_animated", [VH, T.cvl_index_path, c_uint32, _P(T.cvl_animation), _P(T.cvl_point)], None),
    # animations
    ("cvl_animation_default", [_P(T.cvl_animation)], None),
    ("cvl_animation_total_duration", [_P(T.cvl_animation), _P(c_double)], None),
    ("cvl_animation_progress", [_P(T.cvl_animation), c_double, _P(c_double)], None),
    ("cvl_transform3d_interpolate", [_P(T.cvl_transform3d), _P(T.cvl_transform3d), c_double,
                                     _P(T.cvl_transform3d)], None),
    ("cvl_transform3d_interpolate_rotation", [_P(T.cvl_transform3d), _P(T.cvl_transform3d), c_double, c_int32,
                                              _P(T.cvl_transform3d)], None),
    ("cvl_view_set_time", [VH, c_double], None),
    ("cvl_view_get_time", [VH, _P(c_double)], None),
    ("cvl_view_is_animating", [VH, _P(c_int)], None),
    ("cvl_view_finish_animations", [VH], None),
    ("cvl_view_begin_animated_changes", [VH, _P(T.cvl_animation)], None),
    ("cvl_view_commit_animated_changes", [VH], None),
    # batch updates
    ("cvl_view_perform_batch_updates", [VH, _P(T.cvl_update_item), c_size_t, _P(T.cvl_animation)], None),
    ("cvl_view_last_update_items", [VH, _P(T.cvl_update_item), c_size_t, _P(c_size_t)], None),
    ("cvl_view_map_index_path", [VH, c_int32, T.cvl_index_path, _P(T.cvl_index_path), _P(c_int)], None),
    # layout switching
    ("cvl_view_set_layout", [VH, LH, _P(T.cvl_animation)], None),
]

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

# Python exceptions raised inside callbacks, per thread, waiting to be chained by _check.
_pending = threading.local()


def stash_callback_exception(exc: BaseException) -> None:
    """Called by callback wrappers: remembers ``exc`` for the failing C call to chain."""
    _pending.exc = exc


def _last_error() -> str:
    msg = lib.cvl_last_error_message() if _has("cvl_last_error_message") else None
    return msg.decode("utf-8", "replace") if msg else ""


def _check(status, func, args):
    if status == 0:
        return 0
    # Popped only on failure: a successful C call made by a later callback of the same failing
    # call must not lose the exception the failure is about.
    exc = _pending.__dict__.pop("exc", None)
    err = error_for_status(status, _last_error())
    if status == ERROR_CAPACITY:
        # The out_count argument is the last one in every buffer-protocol function.
        last = args[-1] if args else None
        if isinstance(last, ctypes._SimpleCData):
            err.needed = last.value
        elif hasattr(last, "_obj"):  # byref(...)
            err.needed = getattr(last._obj, "value", None)
    if exc is not None:
        raise err from exc
    raise err


def _has(name: str) -> bool:
    try:
        getattr(lib, name)
        return True
    except AttributeError:
        return False


def _missing(name: str):
    def stub(*_args, **_kwargs):
        raise NotAvailable(message=f"{name} is not exported by {path} (an older or partial libcvlayout)")
    stub.__name__ = name
    return stub


_available: set[str] = set()
for _name, _argtypes, _restype in _FUNCTIONS:
    if not _has(_name):
        globals()[_name] = _missing(_name)
        continue
    _fn = getattr(lib, _name)
    _fn.argtypes = _argtypes
    if _restype is None:
        _fn.restype = c_int
        _fn.errcheck = _check
    else:
        _fn.restype = _restype
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


def _abi_struct_size(name: str):
    out = c_size_t()
    try:
        lib.cvl_abi_struct_size(name.encode(), ctypes.byref(out))
    except InvalidArgument:
        return None
    return out.value


def _abi_field_offset(name: str, field: str):
    out = c_size_t()
    try:
        lib.cvl_abi_field_offset(name.encode(), field.encode(), ctypes.byref(out))
    except InvalidArgument:
        return None
    return out.value


library_version = _check_version()
ABI_CHECKED = available("cvl_abi_struct_size") and available("cvl_abi_field_offset")
if ABI_CHECKED:
    T.verify_abi(_abi_struct_size, _abi_field_offset)

