"""Batch-update requests (UICollectionViewUpdateItem) and the helpers that build them.

Index paths follow UIKit: deletes and reloads name the state before the update, inserts the
state after it, moves both.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Iterable

from . import _types as T
from ._ints import index_path
from .geometry import IndexPath
from .geometry import index_path as _ip

ACTIONS = {"insert": T.UPDATE_INSERT, "delete": T.UPDATE_DELETE, "reload": T.UPDATE_RELOAD, "move": T.UPDATE_MOVE}
ACTION_NAMES = {v: k for k, v in ACTIONS.items()}
_NONE = (-1, -1)


@dataclass(frozen=True)
class UpdateItem:
    """One change.  ``before`` / ``after`` are (section, item); (-1, -1) when absent; a whole
    section has ``is_section=True`` and item -1."""

    action: str
    before: IndexPath = _NONE
    after: IndexPath = _NONE
    is_section: bool = False

    def __post_init__(self):
        if self.action not in ACTIONS:
            raise ValueError(f"unknown update action {self.action!r} ({', '.join(ACTIONS)})")

    def to_struct(self) -> T.cvl_update_item:
        return T.cvl_update_item(ACTIONS[self.action], 1 if self.is_section else 0,
                                 index_path(self.before, "before"), index_path(self.after, "after"))

    @classmethod
    def from_struct(cls, s: T.cvl_update_item) -> "UpdateItem":
        return cls(ACTION_NAMES.get(s.action, str(s.action)), (s.before.section, s.before.item),
                   (s.after.section, s.after.item), bool(s.is_section))


def _paths(paths) -> list[IndexPath]:
    if isinstance(paths, tuple) and len(paths) == 2 and all(isinstance(v, int) for v in paths):
        return [_ip(paths)]
    return [_ip(p) for p in paths]


def _sections(sections) -> list[int]:
    return [int(sections)] if isinstance(sections, int) else [int(s) for s in sections]


def insert_items(paths) -> list[UpdateItem]:
    """Insert items at index paths of the state after the update."""
    return [UpdateItem("insert", after=p) for p in _paths(paths)]


def delete_items(paths) -> list[UpdateItem]:
    """Delete the items at index paths of the state before the update."""
    return [UpdateItem("delete", before=p) for p in _paths(paths)]


def reload_items(paths) -> list[UpdateItem]:
    return [UpdateItem("reload", before=p) for p in _paths(paths)]


def move_item(before, after) -> list[UpdateItem]:
    return [UpdateItem("move", before=_ip(before), after=_ip(after))]


def insert_sections(sections) -> list[UpdateItem]:
    return [UpdateItem("insert", after=(s, -1), is_section=True) for s in _sections(sections)]


def delete_sections(sections) -> list[UpdateItem]:
    return [UpdateItem("delete", before=(s, -1), is_section=True) for s in _sections(sections)]


def reload_sections(sections) -> list[UpdateItem]:
    return [UpdateItem("reload", before=(s, -1), is_section=True) for s in _sections(sections)]


def move_section(before: int, after: int) -> list[UpdateItem]:
    return [UpdateItem("move", before=(int(before), -1), after=(int(after), -1), is_section=True)]


def flatten_updates(updates: Iterable) -> list[UpdateItem]:
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


def to_array(items: list[UpdateItem]):
    """(ctypes array or None, count)."""
    if not items:
        return None, 0
    arr = (T.cvl_update_item * len(items))(*(u.to_struct() for u in items))
    return arr, len(items)


def read_items(pointer, count: int) -> list[UpdateItem]:
    if not count:
        return []
    arr = ctypes.cast(pointer, ctypes.POINTER(T.cvl_update_item * count)).contents
    return [UpdateItem.from_struct(s) for s in arr]
