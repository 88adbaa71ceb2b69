"""Turning Python callables into C callbacks that never fail silently, and Ctrl-C.

ctypes swallows an exception raised in a callback and returns 0 (success) to C.  ``guard``
wraps every callback body: an exception is remembered for the C call that invoked the callback,
its text handed to ``cvl_callback_error``, and CVL_ERROR_CALLBACK returned, so the library fails
that call.  When the call returns, ``finish_call`` (run by ``_lib``'s status check) hands the
exception over: an ``Exception`` becomes the cause of the ``CallbackError`` raised for the
failed call; anything else (``KeyboardInterrupt``, ``SystemExit``, ...) is re-raised as itself,
even if the call succeeded.

Exceptions are kept per thread and per level: a callback may make C calls of its own (another
view's query), whose callbacks' exceptions belong to those inner calls, not to the outer one.

Ctrl-C.  Python runs signal handlers only between bytecodes, so a C call that runs no callback
cannot be interrupted: SIGINT during it raises ``KeyboardInterrupt`` when it returns.  A call that
runs callbacks is interruptible: a signal noticed while the library runs is seen by Python when
the next callback starts.  Raised there, at the callback's first instruction, the exception
would escape the wrapper (ctypes prints it and returns an undefined status to C), so the
binding wraps the program's SIGINT handler (installed from the main thread when a callback is
created or runs; it replaces the program's own only if that is a Python callable): when the
signal lands in the wrapper's own bookkeeping, the handler call is deferred to the wrapper's body,
where its exception fails the callback and so the C call, and is re-raised when the call
returns.  Anywhere else the program's handler runs at once, exactly as before.
"""

from __future__ import annotations

import signal
import sys
import threading
import types
from _ctypes import CFuncPtr
from types import FrameType
from typing import Callable, TypeVar

from .errors import ERROR_CALLBACK

# Per thread: ``depth`` = callbacks running on this thread; ``pending`` = {level: exception}, the
# exception a callback raised for the C call made at that level (0 = not inside a callback).
_state = threading.local()

# Signals observed in the bookkeeping below, to deliver in a callback body (main thread only).
_deferred: list[tuple[Callable[[int, FrameType | None], object], int, FrameType | None]] = []
_BOOKKEEPING: set[types.CodeType] = set()  # where a signal handler must not raise
_MAIN_THREAD = threading.main_thread().ident
_SIGINT = int(signal.SIGINT)
_getsignal: Callable[[int], object]
try:  # signal.getsignal converts its answer to an enum: 2 us, run at every top-level callback
    # typeshed has no stub for CPython's private _signal module; its getsignal is signal.getsignal's.
    from _signal import getsignal as _getsignal  # type: ignore[import-not-found,no-redef]
except ImportError:  # not CPython
    _getsignal = signal.getsignal


def _stash(level: int, exc: BaseException) -> None:
    pending = _state.__dict__.setdefault("pending", {})
    old = pending.get(level)
    # The latest exception wins (one left behind by a call whose status check never ran must
    # not shadow this call's), except that an interrupt outranks an ordinary exception.
    if old is None or isinstance(old, Exception) or not isinstance(exc, Exception):
        pending[level] = exc


def _describe(level: int, name: str, exc: BaseException) -> None:
    try:
        lib = sys.modules[__package__ + "._lib"]  # no import machinery (Python frames) here
        lib.callback_error(f"Python callback {name} raised {type(exc).__name__}: {exc}")
    except BaseException as late:  # noqa: BLE001 - the message is optional, an interrupt is not
        _stash(level, late)


def _deliver_deferred() -> None:
    """Runs the program's SIGINT handler for a signal deferred by the wrapper (it usually raises),
    on the main thread only (where Python would have run it)."""
    while _deferred and threading.get_ident() == _MAIN_THREAD:
        handler, signum, frame = _deferred.pop(0)
        handler(signum, frame)


def finish_call() -> BaseException | None:
    """Called once a C call returned (``_lib``'s status check): the ``Exception`` a callback of
    this call raised, to chain (None if none). A deferred signal is delivered now, and an
    exception that is not an ``Exception`` is raised as itself."""
    pending = _state.__dict__.get("pending")
    exc = pending.pop(getattr(_state, "depth", 0), None) if pending else None
    if _deferred:
        _deliver_deferred()
    if exc is not None and not isinstance(exc, Exception):
        raise exc
    return exc


class _DeferringHandler:
    """The program's SIGINT handler, deferred while the signal lands in callback bookkeeping."""

    def __init__(self, original: Callable[[int, FrameType | None], object]):
        self.original = original

    def __call__(self, signum: int, frame: FrameType | None) -> object:
        if frame is not None and frame.f_code in _BOOKKEEPING:
            _deferred.append((self.original, signum, frame))
            return None
        return self.original(signum, frame)


def _wrap_sigint() -> None:
    """Wraps the program's SIGINT handler (main thread only; a no-op when already wrapped, or
    when the handler is SIG_DFL, SIG_IGN or not set from Python)."""
    if threading.get_ident() != _MAIN_THREAD:
        return
    try:
        current = _getsignal(_SIGINT)
        if callable(current) and not isinstance(current, _DeferringHandler):
            signal.signal(_SIGINT, _DeferringHandler(current))
    except (ValueError, OSError):  # not the main interpreter, or no SIGINT on this platform
        pass


def guard(name: str, fn: Callable[..., int | None]) -> Callable[..., int]:
    """``fn(*c_args) -> None | int status`` as a function safe to wrap in a CFUNCTYPE."""

    def call(*args: object) -> int:
        state = _state
        level = getattr(state, "depth", 0)
        state.depth = level + 1
        try:
            if level == 0:
                _wrap_sigint()
            if _deferred:
                _deliver_deferred()
            status = fn(*args)
            result = 0 if status is None else status
        except BaseException as exc:  # noqa: BLE001 - every exception must reach the caller
            _stash(level, exc)
            _describe(level, name, exc)
            result = ERROR_CALLBACK
        finally:
            state.depth = level
        return result

    call.__name__ = f"cvl_callback_{name}"
    return call


# Where an exception raised by a signal handler would escape the callback into ctypes. (The status
# check, run by ctypes after the call, is not: an exception there reaches the caller.)
_BOOKKEEPING.update({guard("", print).__code__, _stash.__code__, _describe.__code__, _wrap_sigint.__code__})


_F = TypeVar("_F", bound=CFuncPtr)


def make(prototype: type[_F], name: str, fn: Callable[..., int | None], keep: list[object]) -> _F:
    """A CFUNCTYPE object for ``fn`` (guarded), appended to ``keep`` so it outlives the C side."""
    _wrap_sigint()
    if _deferred:
        _deliver_deferred()
    c_fn: _F = prototype(guard(name, fn))
    keep.append(c_fn)
    return c_fn
