"""What the generated ``_types`` module builds on: the enum bases and the base exception.

The header's constants reach Python as :class:`CEnum` / :class:`CFlag` subclasses generated from
include/cvlayout.h.  Every public function that takes one accepts a member, its value, or its
lower-case name (``"ease_in_out"``); anything else raises ``InvalidArgument`` naming the valid
names, at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum, IntFlag
from typing import Any, TypeVar

_E = TypeVar("_E", bound="CEnum")
_F = TypeVar("_F", bound="CFlag")


def _words(class_name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r" \1", class_name).lower()


def _invalid(message: str) -> Exception:
    from ._types import InvalidArgument   # generated; imported late (it imports this module)
    return InvalidArgument(message=message)


class CEnum(IntEnum):
    """An enumeration of include/cvlayout.h constants (an ``int`` with a name)."""

    @property
    def label(self) -> str:
        """The member's name as the Python API spells it (``Curve.EASE_IN_OUT.label == "ease_in_out"``)."""
        return self.name.lower()

    @classmethod
    def labels(cls) -> list[str]:
        """Every member's :attr:`label`, in value order."""
        return [m.label for m in cls]

    @classmethod
    def coerce(cls: type[_E], value: Any) -> _E:
        """A member from a member, its int value or its label; ``InvalidArgument`` listing the
        valid labels otherwise."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            member = cls.__members__.get(value.upper())
            if member is not None and value == member.label:
                return member
            raise _invalid(f"unknown {_words(cls.__name__)} {value!r}; valid: {', '.join(cls.labels())}")
        if isinstance(value, int) and not isinstance(value, bool):
            try:
                return cls(value)
            except ValueError:
                pass
        raise _invalid(f"unknown {_words(cls.__name__)} {value!r}; valid: {', '.join(cls.labels())}")


class CFlag(IntFlag):
    """A set of include/cvlayout.h flag constants (bits that combine with ``|``)."""

    @property
    def label(self) -> str:
        """The flag's name as the Python API spells it; combined flags join theirs with ``|``."""
        if self.name is not None and "|" not in self.name:
            return self.name.lower()
        return "|".join(m.name.lower() for m in type(self) if m.value and (m.value & self.value) == m.value
                        and m.name is not None)

    @classmethod
    def labels(cls) -> list[str]:
        """Every single flag's label, in value order."""
        return [m.name.lower() for m in cls.__members__.values() if m.name is not None]

    @classmethod
    def coerce(cls: type[_F], value: Any) -> _F:
        """Flags from a member, an int, a label, labels joined by ``|``, ``,`` or spaces, or an
        iterable of any of those; ``InvalidArgument`` listing the valid labels otherwise."""
        if isinstance(value, cls):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return cls(value)
        parts: Iterable[Any]
        if isinstance(value, str):
            parts = value.replace("|", " ").replace(",", " ").split()
        elif isinstance(value, Iterable):
            parts = value
        else:
            raise _invalid(f"unknown {_words(cls.__name__)} {value!r}; valid: {', '.join(cls.labels())}")
        result = cls(0)
        for part in parts:
            if isinstance(part, str):
                member = cls.__members__.get(part.upper())
                if member is None or part != part.lower():
                    raise _invalid(f"unknown {_words(cls.__name__)} {part!r}; valid: {', '.join(cls.labels())}")
                result |= member
            else:
                result |= cls.coerce(part)
        return result


class CvlError(Exception):
    """A cvlayout call failed.  ``status`` is the CVL_ERROR_* code, ``message`` the library's text."""

    status: int = -1
    #: CVL_ERROR_CAPACITY only: the element count the library asked for.
    needed: int | None = None

    def __init__(self, status: int | None = None, message: str = "") -> None:
        if status is None:
            status = type(self).status
        self.status = status
        self.message = message
        super().__init__(status, message)

    def __str__(self) -> str:
        if self.message:
            return self.message
        from ._types import Status
        try:
            return "CVL_" + Status(self.status).name
        except ValueError:
            return f"status {self.status}"


class LibraryError(ImportError):
    """libcvlayout could not be found or loaded, is the wrong version, or its ABI differs."""
