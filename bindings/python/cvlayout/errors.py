"""Exceptions: one class per cvlayout status code (include/cvlayout.h, "Status codes").

Every failing C call raises the subclass of :class:`CvlError` matching its status, with the
library's own message (``cvl_last_error_message()``).  Several also derive from the built-in
exception a Python caller would expect (``InvalidArgument`` is a ``ValueError``, ``OutOfRange``
an ``IndexError``), so ``except ValueError`` keeps working.  The classes and the status codes are
generated from the header (``cvlayout._types``); this module is where callers import them from.
"""

from __future__ import annotations

from ._base import CvlError, LibraryError
from ._types import (ERROR_CALLBACK, ERROR_CAPACITY, ERROR_INCONSISTENT_UPDATE, ERROR_INTERNAL,
                     ERROR_INVALID_ARGUMENT, ERROR_INVALID_HANDLE, ERROR_NULL_ARGUMENT, ERROR_OUT_OF_RANGE,
                     ERROR_OVERFLOW, ERROR_STATE, ERRORS, OK, CallbackError, CapacityError, CountOverflow,
                     InconsistentUpdate, InternalError, InvalidArgument, InvalidHandle, NullArgument, OutOfRange,
                     StateError, Status)

__all__ = [
    "CvlError", "NullArgument", "InvalidArgument", "InvalidHandle", "OutOfRange", "CapacityError",
    "CallbackError", "InconsistentUpdate", "StateError", "CountOverflow", "InternalError",
    "NotAvailable", "LibraryError", "Status", "error_for_status",
    "OK", "ERROR_NULL_ARGUMENT", "ERROR_INVALID_ARGUMENT", "ERROR_INVALID_HANDLE", "ERROR_OUT_OF_RANGE",
    "ERROR_CAPACITY", "ERROR_CALLBACK", "ERROR_INCONSISTENT_UPDATE", "ERROR_STATE", "ERROR_OVERFLOW",
    "ERROR_INTERNAL",
]


class NotAvailable(CvlError, NotImplementedError):
    """The loaded library does not export this function (an older or partial build)."""

    status = -1


def error_for_status(status: int, message: str = "") -> CvlError:
    """The exception instance for a non-zero status (``CvlError`` itself for unknown codes)."""
    return ERRORS.get(status, CvlError)(status, message)
