"""Turning Python callables into C callbacks that never fail silently.

ctypes swallows an exception raised in a callback and returns 0 (success) to C.  ``guard``
wraps every callback body: an exception is stored (``_lib.stash_callback_exception``), its text
handed to ``cvl_callback_error``, and CVL_ERROR_CALLBACK returned; the failing C call then
raises ``CallbackError`` chained to the original exception.
"""

from __future__ import annotations

from . import _lib
from .errors import ERROR_CALLBACK


def guard(name: str, fn):
    """``fn(*c_args) -> None | int status`` as a function safe to wrap in a CFUNCTYPE."""

    def call(*args):
        try:
            status = fn(*args)
            return 0 if status is None else status
        except BaseException as exc:  # noqa: BLE001 - every exception must reach the caller
            _lib.stash_callback_exception(exc)
            try:
                _lib.callback_error(f"Python callback {name} raised {type(exc).__name__}: {exc}")
            except BaseException:  # noqa: BLE001
                pass
            return ERROR_CALLBACK

    call.__name__ = f"cvl_callback_{name}"
    return call


def make(prototype, name: str, fn, keep: list):
    """A CFUNCTYPE object for ``fn`` (guarded), appended to ``keep`` so it outlives the C side."""
    c_fn = prototype(guard(name, fn))
    keep.append(c_fn)
    return c_fn
