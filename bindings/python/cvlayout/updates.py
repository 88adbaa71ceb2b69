"""Batch-update requests (UICollectionViewUpdateItem) and the helpers that build them.

Index paths follow UIKit: deletes and reloads name the state before the update, inserts the
state after it, moves both.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, Iterable

from . import _types as T
from ._ints import index_path
from ._types import UpdateAction, UpdateActionName
from .geometry import IndexPath
from .geometry import index_path as _ip

#: Action names and their values (the labels of :class:`~cvlayout.UpdateAction`).
ACTIONS: dict[str, UpdateAction] = {m.label: m for m in UpdateAction}
ACTION_NAMES: dict[int, str] = {m.value: m.label for m in UpdateAction}
_NONE = (-1, -1)


@dataclass(frozen=True)
class UpdateItem:
    """One change.  ``before`` / ``after`` are (section, item); (-1, -1) when absent; a whole
    section has ``is_section=True`` and item -1."""

    action: UpdateActionName | UpdateAction
    before: IndexPath = _NONE
    after: IndexPath = _NONE
    is_section: bool = False

    def __post_init__(self) -> None:
        # Unknown actions fail here (InvalidArgument, a ValueError), stored by name.
        object.__setattr__(self, "action", UpdateAction.coerce(self.action).label)

    def to_struct(self) -> T.cvl_update_item:
        """The ``cvl_update_item`` the library takes (index paths checked against int64)."""
        return T.cvl_update_item(UpdateAction.coerce(self.action), 1 if self.is_section else 0,
                                 index_path(self.before, "before"), index_path(self.after, "after"))

    @classmethod
    def from_struct(cls, s: T.cvl_update_item) -> UpdateItem:
        """An UpdateItem from a ``cvl_update_item``."""
        return cls(UpdateAction.coerce(s.action), (s.before.section, s.before.item),
                   (s.after.section, s.after.item), bool(s.is_section))


def _paths(paths: Any) -> list[IndexPath]:
    if isinstance(paths, tuple) and len(paths) == 2 and all(isinstance(v, int) for v in paths):
        return [_ip(paths)]
    return [_ip(p) for p in paths]


def _sections(sections: Any) -> list[int]:
    return [int(sections)] if isinstance(sections, int) else [int(s) for s in sections]


def insert_items(paths: IndexPath | Iterable[IndexPath]) -> list[UpdateItem]:
    """Insert items at index paths of the state after the update."""
    return [UpdateItem("insert", after=p) for p in _paths(paths)]


def delete_items(paths: IndexPath | Iterable[IndexPath]) -> list[UpdateItem]:
    """Delete the items at index paths of the state before the update."""
    return [UpdateItem("delete", before=p) for p in _paths(paths)]


def reload_items(paths: IndexPath | Iterable[IndexPath]) -> list[UpdateItem]:
    """Reload the items at index paths of the state before the update (a delete plus an insert)."""
    return [UpdateItem("reload", before=p) for p in _paths(paths)]


def move_item(before: IndexPath, after: IndexPath) -> list[UpdateItem]:
    """Move an item from an index path before the update to one after it."""
    return [UpdateItem("move", before=_ip(before), after=_ip(after))]


def insert_sections(sections: int | Iterable[int]) -> list[UpdateItem]:
    """Insert sections at indexes of the state after the update."""
    return [UpdateItem("insert", after=(s, -1), is_section=True) for s in _sections(sections)]


def delete_sections(sections: int | Iterable[int]) -> list[UpdateItem]:
    """Delete sections at indexes of the state before the update."""
    return [UpdateItem("delete", before=(s, -1), is_section=True) for s in _sections(sections)]


def reload_sections(sections: int | Iterable[int]) -> list[UpdateItem]:
    """Reload sections at indexes of the state before the update."""
    return [UpdateItem("reload", before=(s, -1), is_section=True) for s in _sections(sections)]


def move_section(before: int, after: int) -> list[UpdateItem]:
    """Move a section from an index before the update to one after it."""
    return [UpdateItem("move", before=(int(before), -1), after=(int(after), -1), is_section=True)]


def flatten_updates(updates: Iterable[Any]) -> list[UpdateItem]:
    """Accepts UpdateItems and (nested) lists of them, as the helpers return."""
    out: list[UpdateItem] = []
    for u in updates:
        if isinstance(u, UpdateItem):
            out.append(u)
        elif isinstance(u, (list, tuple)):
            out.extend(flatten_updates(u))
        else:
            raise TypeError(f"expected UpdateItem, got {type(u).__name__}")
    return out


def to_array(items: list[UpdateItem]) -> tuple[Any, int]:
    """(ctypes array or None, count)."""
    if not items:
        return None, 0
    arr = (T.cvl_update_item * len(items))(*(u.to_struct() for u in items))
    return arr, len(items)


def read_items(pointer: Any, count: int) -> list[UpdateItem]:
    """``count`` cvl_update_item at ``pointer`` as UpdateItems."""
    if not count:
        return []
    arr = ctypes.cast(pointer, ctypes.POINTER(T.cvl_update_item * count)).contents
    return [UpdateItem.from_struct(s) for s in arr]
