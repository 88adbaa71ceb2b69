"""``BaseLayout``: what every layout handle shares (type, registered kinds, lifetime)."""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from . import _lib
from . import _types as T
from ._handle import Handle
from ._ints import int32
from .attributes import BUILTIN_KIND_NAMES, BUILTIN_KINDS, Attributes, LayoutEnv
from .geometry import Rect


if TYPE_CHECKING:
    #: A layout handle as ctypes gives it: a ``cvl_layout *``.
    LayoutPointer: TypeAlias = ctypes._Pointer[T.cvl_layout]
#: A Python layout's rect answer kept for the library's capacity retry.
RectCache: TypeAlias = "tuple[tuple[Rect, int, LayoutEnv], list[Attributes]]"


def create(function: str, *args: object) -> LayoutPointer:
    """Calls a ``cvl_*_create(args..., &out)`` function and returns the new handle."""
    h: LayoutPointer = T.LayoutHandle()
    getattr(_lib, function)(*args, ctypes.byref(h))
    return h


#: Every layout class of the library by its kind (the header's ``CVL_LAYOUT_*`` name in lower case,
#: the JSON spec's ``kind``), in the order they are defined: filled by ``BaseLayout`` as the classes
#: are made, so the JSON spec, the package's exports and the tests follow from the classes alone.
LAYOUTS: dict[str, type[BaseLayout]] = {}


class BaseLayout(Handle[T.cvl_layout]):
    """A layout handle.  A view keeps its layout (and this object, with its callbacks) alive.

    Closing a layout a view still uses follows ``cvl_layout_destroy``: this object's handle is
    invalid at once (calling it raises ``InvalidHandle``), while the view keeps using the layout,
    hooks and callbacks included, until it lets it go (``set_layout`` or ``close``).  Closing it
    from inside one of its own callbacks raises ``StateError`` and leaves it open."""

    _destroy = "cvl_layout_destroy"
    #: The layout's kind (``layout_type``); a class that sets it is listed in ``LAYOUTS``.
    KIND: ClassVar[str] = ""
    #: The keyword arguments of the class's own that the JSON spec takes (for a flow subclass,
    #: beyond the flow's properties).
    SPEC_KEYS: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("KIND"):
            LAYOUTS[cls.KIND] = cls

    def _init_state(self) -> None:
        self._keep: list[object] = []     # CFUNCTYPE objects the library may call
        self._kind_names: dict[int, str] = {}
        # A rect query's answer too large for the library's buffer, kept for its retry (see
        # _layout_callbacks): ((rect, base count, env), answer).
        self._rect_cache: RectCache | None = None
        # The handle passed to the hook running now on this thread, if any. Per thread: another
        # thread calling this layout while a hook runs must use this object's own handle, never
        # the hook's (valid only during the hook).
        self._hook = threading.local()

    def _ch(self) -> LayoutPointer:
        """The handle to use for calls: the hook's own during a hook (it stays valid after this
        object was closed while a view still uses the layout), else ours."""
        h: LayoutPointer | None = getattr(self._hook, "h", None)
        return h if h is not None else self.handle

    @contextmanager
    def _in_hook(self, layout_ptr: LayoutPointer) -> Iterator[None]:
        hook = self._hook
        previous = getattr(hook, "h", None)
        hook.h = layout_ptr
        try:
            yield
        finally:
            hook.h = previous

    @property
    def layout_type(self) -> str:
        """'flow', 'survey', 'dimensions', 'cover_flow', 'mosaic', 'tree', 'circle' or 'custom'."""
        out = ctypes.c_int32()
        _lib.cvl_layout_get_type(self._ch(), ctypes.byref(out))
        try:
            return T.LayoutType(out.value).label   # the header's CVL_LAYOUT_* names, lower-case
        except ValueError:
            return str(out.value)

    @property
    def flips_horizontally(self) -> bool:
        """UIKit's ``flipsHorizontallyInOppositeLayoutDirection``: whether a right-to-left view
        mirrors this layout. True for every built-in layout; False for a :class:`~cvlayout.Layout`
        of callbacks (UIKit's base default) until set."""
        out = ctypes.c_int32()
        _lib.cvl_layout_get_flips_horizontally(self._ch(), ctypes.byref(out))
        return out.value == 1

    @flips_horizontally.setter
    def flips_horizontally(self, value: bool) -> None:
        _lib.cvl_layout_set_flips_horizontally(self.handle, 1 if value else 0)

    def register_kind(self, name: str) -> int:
        """Registers an element kind by name (a decoration or custom supplementary kind) and
        returns its value; built-in names give the built-in values. Names already registered
        through this object are answered from a cache, without calling the library, so a hook may
        look a kind up while a query runs; a new name must be registered before the view queries
        (the library refuses re-entrant calls)."""
        if name in BUILTIN_KINDS:
            return BUILTIN_KINDS[name]
        for value, known in self._kind_names.items():
            if known == name:
                return value
        out = ctypes.c_int32()
        _lib.cvl_layout_register_kind(self.handle, name.encode("utf-8"), ctypes.byref(out))
        if out.value not in BUILTIN_KIND_NAMES:
            self._kind_names[out.value] = name
        return out.value

    def kind_value(self, kind: str | int) -> int:
        """A kind as an int: ints pass through, names are built-in or registered on this layout."""
        if not isinstance(kind, str):
            return int32(kind, "kind")
        if kind in BUILTIN_KINDS:
            return BUILTIN_KINDS[kind]
        for value, name in self._kind_names.items():
            if name == kind:
                return value
        return self.register_kind(kind)

    @property
    def kind_names(self) -> dict[int, str]:
        """Registered kinds: {value: name}."""
        return dict(self._kind_names)

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"<{type(self).__name__} {state}>"
