"""The base of every Python object that owns a cvlayout handle."""

from __future__ import annotations

import ctypes
from typing import Any, Generic, TypeVar

from . import _lib
from .errors import InvalidHandle

#: The opaque C struct a handle points to (``cvl_layout`` or ``cvl_view``).
_S = TypeVar("_S", bound=ctypes.Structure)
_Self = TypeVar("_Self", bound="Handle[Any]")  # any handle type: __enter__ returns the object itself


class Handle(Generic[_S]):
    """Owns one C handle: ``close()`` (or a ``with`` block) destroys it; ``__del__`` is a fallback.

    Using a closed object raises :class:`~cvlayout.errors.InvalidHandle` before any C call.

    Threads: no Python lock is held while the library runs (its own library-wide lock serializes
    the calls), so ``close()`` may race with a call on another thread: that call either finishes
    first (the library's lock makes ``close()`` wait for it) or fails with ``InvalidHandle``
    (the library detects a destroyed handle). Memory a call reads or writes is owned by the call
    itself, never freed by ``close()``.
    """

    _h: ctypes._Pointer[_S] | None = None  # set only once creation succeeded (__del__ is then safe)
    _destroy = ""      # the name of the C destroy function, set by subclasses

    @property
    def closed(self) -> bool:
        """True once :meth:`close` destroyed the handle."""
        return self._h is None

    @property
    def handle(self) -> ctypes._Pointer[_S]:
        """The raw ctypes handle (raises if closed)."""
        h = self._h
        if h is None:
            raise InvalidHandle(message=f"{type(self).__name__} is closed")
        return h

    @property
    def _as_parameter_(self) -> ctypes._Pointer[_S]:
        return self.handle

    def close(self) -> None:
        """Destroys the handle; closing twice is a no-op.

        The object stays open when the library refuses (``StateError``: ``close()`` called from
        inside one of this object's own callbacks, where the library rejects a destroy): nothing
        is freed or leaked, and the object can be closed once the callback has returned."""
        h = self._h
        if h is None:
            return
        if self._destroy:
            try:
                getattr(_lib, self._destroy)(h)
            except InvalidHandle:
                pass  # another thread's close() destroyed it between our read and our call
        self._h = None

    def __enter__(self: _Self) -> _Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown or a stale handle: nothing to do
            pass
