"""The base of every Python object that owns a cvlayout handle."""

from __future__ import annotations

from . import _lib
from .errors import InvalidHandle


class Handle:
    """Owns one C handle: ``close()`` (or a ``with`` block) destroys it; ``__del__`` is a fallback.

    Using a closed object raises :class:`~cvlayout.errors.InvalidHandle` before any C call.
    """

    _h = None          # set only once creation succeeded, so __del__ is safe after a failed __init__
    _destroy = ""      # the name of the C destroy function, set by subclasses

    @property
    def closed(self) -> bool:
        return self._h is None

    @property
    def handle(self):
        """The raw ctypes handle (raises if closed)."""
        h = self._h
        if h is None:
            raise InvalidHandle(message=f"{type(self).__name__} is closed")
        return h

    @property
    def _as_parameter_(self):
        return self.handle

    def close(self) -> None:
        h, self._h = self._h, None
        if h is not None and self._destroy:
            getattr(_lib, self._destroy)(h)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown or a stale handle: nothing to do
            pass
