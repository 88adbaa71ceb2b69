"""Exceptions: one class per cvlayout status code (include/cvlayout.h, "Status codes").

Every failing C call raises the subclass of :class:`CvlError` matching its status, with the
library's own message (``cvl_last_error_message()``).  Several also derive from the built-in
exception a Python caller would expect (``InvalidArgument`` is a ``ValueError``, ``OutOfRange``
an ``IndexError``), so ``except ValueError`` keeps working.
"""

from __future__ import annotations

__all__ = [
    "CvlError", "NullArgument", "InvalidArgument", "InvalidHandle", "OutOfRange", "CapacityError",
    "CallbackError", "InconsistentUpdate", "StateError", "CountOverflow", "InternalError",
    "NotAvailable", "LibraryError", "error_for_status",
]

OK = 0
ERROR_NULL_ARGUMENT = 1
ERROR_INVALID_ARGUMENT = 2
ERROR_INVALID_HANDLE = 3
ERROR_OUT_OF_RANGE = 4
ERROR_CAPACITY = 5
ERROR_CALLBACK = 6
ERROR_INCONSISTENT_UPDATE = 7
ERROR_STATE = 8
ERROR_OVERFLOW = 9
ERROR_INTERNAL = 10


class CvlError(Exception):
    """A cvlayout call failed.  ``status`` is the CVL_ERROR_* code, ``message`` the library's text."""

    status: int = -1

    def __init__(self, status: int | None = None, message: str = "") -> None:
        if status is None:
            status = type(self).status
        self.status = status
        self.message = message
        super().__init__(status, message)

    def __str__(self) -> str:
        return self.message or _STATUS_NAMES.get(self.status, f"status {self.status}")


class NullArgument(CvlError, ValueError):
    status = ERROR_NULL_ARGUMENT


class InvalidArgument(CvlError, ValueError):
    status = ERROR_INVALID_ARGUMENT


class InvalidHandle(CvlError):
    """A destroyed (closed), foreign or wrong-type handle."""
    status = ERROR_INVALID_HANDLE


class OutOfRange(CvlError, IndexError):
    status = ERROR_OUT_OF_RANGE


class CapacityError(CvlError):
    """An output buffer was too small; ``needed`` is the count the library asked for."""
    status = ERROR_CAPACITY
    needed: int | None = None


class CallbackError(CvlError):
    """A callback failed.  When a Python callback raised, that exception is ``__cause__``."""
    status = ERROR_CALLBACK


class InconsistentUpdate(CvlError):
    status = ERROR_INCONSISTENT_UPDATE


class StateError(CvlError):
    status = ERROR_STATE


class CountOverflow(CvlError, OverflowError):
    status = ERROR_OVERFLOW


class InternalError(CvlError):
    status = ERROR_INTERNAL


class NotAvailable(CvlError, NotImplementedError):
    """The loaded library does not export this function (an older or partial build)."""
    status = -1


class LibraryError(ImportError):
    """libcvlayout could not be found or loaded, is the wrong version, or its ABI differs."""


_STATUS_NAMES = {
    ERROR_NULL_ARGUMENT: "CVL_ERROR_NULL_ARGUMENT",
    ERROR_INVALID_ARGUMENT: "CVL_ERROR_INVALID_ARGUMENT",
    ERROR_INVALID_HANDLE: "CVL_ERROR_INVALID_HANDLE",
    ERROR_OUT_OF_RANGE: "CVL_ERROR_OUT_OF_RANGE",
    ERROR_CAPACITY: "CVL_ERROR_CAPACITY",
    ERROR_CALLBACK: "CVL_ERROR_CALLBACK",
    ERROR_INCONSISTENT_UPDATE: "CVL_ERROR_INCONSISTENT_UPDATE",
    ERROR_STATE: "CVL_ERROR_STATE",
    ERROR_OVERFLOW: "CVL_ERROR_OVERFLOW",
    ERROR_INTERNAL: "CVL_ERROR_INTERNAL",
}

_BY_STATUS: dict[int, type[CvlError]] = {
    cls.status: cls
    for cls in (NullArgument, InvalidArgument, InvalidHandle, OutOfRange, CapacityError, CallbackError,
                InconsistentUpdate, StateError, CountOverflow, InternalError)
}


def error_for_status(status: int, message: str = "") -> CvlError:
    """The exception instance for a non-zero status (``CvlError`` itself for unknown codes)."""
    return _BY_STATUS.get(status, CvlError)(status, message)
