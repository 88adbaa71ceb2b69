"""``Attributes``: one element's layout attributes (UICollectionViewLayoutAttributes) as a
Python object, and the bulk converters between lists of them and ``cvl_attributes`` buffers."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Iterable, Mapping, Sequence

from . import _types as T
from ._ints import index_path as index_path_c
from ._ints import int32, int64
from ._types import Category, CategoryName, InvalidArgument, Kind
from .geometry import IDENTITY, IndexPath, Point, Rect, Size, Transform, pair, project, quad
from .geometry import index_path as _ip

#: Category values and names (the labels of :class:`~cvlayout.Category`).
CATEGORY_NAMES: dict[int, str] = {m.value: m.label for m in Category}
CATEGORY_VALUES: dict[str, int] = {m.label: m.value for m in Category}
#: Built-in kind values and names (cells have kind 0 and no name).
BUILTIN_KIND_NAMES: dict[int, str | None] = {m.value: (None if m is Kind.NONE else m.label) for m in Kind}
BUILTIN_KINDS: dict[str, int] = {m.label: m.value for m in Kind if m is not Kind.NONE}

_FMT = T.ATTRIBUTES_FORMAT


def category_value(category: CategoryName | Category | int) -> int:
    """A category's value from a :class:`~cvlayout.Category`, its name or its value;
    ``InvalidArgument`` listing the names otherwise."""
    return int(Category.coerce(category))


def builtin_kind(kind: str | int | None) -> int:
    """A kind value from an int or a built-in name ('header', 'footer', 'binder', 'connector')."""
    if isinstance(kind, str):
        try:
            return BUILTIN_KINDS[kind]
        except KeyError:
            raise InvalidArgument(message=f"{kind!r} is not a built-in kind ({', '.join(BUILTIN_KINDS)}); "
                                  "register it with layout.register_kind()") from None
    return int(kind) if kind is not None else 0


@dataclass(init=False, eq=True, repr=False, slots=True)
class Attributes:
    """One element's attributes (UICollectionViewLayoutAttributes).

    Fields:

    - ``index_path``: (section, item); ``category``: 'cell', 'supplementary' or 'decoration';
      ``kind``: the kind's value (0 for cells) and ``kind_name`` its name ('header', a registered
      name) or None.
    - ``origin``: the frame's (x, y); the frame's origin and size are stored exactly as the library
      returned them (its rect queries tested that frame); ``frame`` (x, y, w, h) and ``center``
      are derived, and setting either keeps the other consistent (as in UIKit). Setting ``size``
      keeps the centre.
    - ``transform``: a row-major 16-tuple (m11..m44) applied about the centre; ``alpha`` (0..1);
      ``z_index`` (higher draws on top); ``hidden``.
    - ``custom``: the layout's custom slots (at most 8 numbers; see include/cvlayout.h).
    - ``disappearing``: set by the library during an animation on an element going away (deleted,
      the old instance of a reloaded one, absent from the new layout); its index path is the one
      from before the change.
    - ``identifier``: the element's record identifier (a cell's item identifier, another
      element's section identifier) when the view has identifiers, else None; a disappearing
      element keeps the one it had before the change.

    The library ignores ``disappearing`` and ``identifier`` in attributes a layout returns.
    """

    index_path: IndexPath
    category: str
    kind: int
    origin: tuple[float, float]
    _size: tuple[float, float]
    transform: Transform
    alpha: float
    z_index: int
    hidden: bool
    custom: tuple[float, ...]
    kind_name: str | None = field(default=None, compare=False)
    disappearing: bool = False
    identifier: int | None = None

    def __init__(self, index_path: IndexPath = (0, 0), category: CategoryName | Category | int = "cell",
                 kind: str | int = 0, frame: Any = None, *, center: Any = None, size: Any = None,
                 transform: Iterable[float] = IDENTITY, alpha: float = 1.0, z_index: int = 0, hidden: bool = False,
                 custom: Iterable[float] = (), kind_name: str | None = None) -> None:
        self.index_path = _ip(index_path)
        index_path_c(self.index_path)  # both parts fit int64_t, else InvalidArgument (not wrapped later)
        self.category = Category.coerce(category).label
        self.kind = int32(builtin_kind(kind), "kind")
        self.kind_name = kind_name if kind_name is not None else BUILTIN_KIND_NAMES.get(self.kind)
        if frame is not None:
            x, y, w, h = quad(frame)
            self._size = (w, h)
            self.origin = (x, y)
        else:
            self._size = pair(size) if size is not None else (0.0, 0.0)
            cx, cy = pair(center) if center is not None else (0.0, 0.0)
            self.origin = (cx - self._size[0] / 2, cy - self._size[1] / 2)
        t = tuple(float(v) for v in transform)
        if len(t) != 16:
            raise ValueError("transform must have 16 numbers (m11..m44, row-major)")
        self.transform = t
        self.alpha = float(alpha)
        self.z_index = int64(z_index, "z_index")
        self.hidden = bool(hidden)
        c = tuple(float(v) for v in custom)
        if len(c) > T.CUSTOM_SLOTS:
            raise InvalidArgument(message=f"at most {T.CUSTOM_SLOTS} custom values, not {len(c)}")
        self.custom = c
        self.disappearing = False
        self.identifier = None

    # Constructors in UIKit's spelling.
    @classmethod
    def cell(cls, index_path: IndexPath, frame: Any = None, **kw: Any) -> Attributes:
        """A cell's attributes (layoutAttributesForCellWithIndexPath:)."""
        return cls(index_path, "cell", 0, frame, **kw)

    @classmethod
    def supplementary(cls, kind: str | int, index_path: IndexPath, frame: Any = None, **kw: Any) -> Attributes:
        """A supplementary view's attributes (``kind``: 'header', 'footer', ... or a registered value)."""
        return cls(index_path, "supplementary", kind, frame, **kw)

    @classmethod
    def decoration(cls, kind: str | int, index_path: IndexPath, frame: Any = None, **kw: Any) -> Attributes:
        """A decoration view's attributes (``kind``: a built-in name or a registered value)."""
        return cls(index_path, "decoration", kind, frame, **kw)

    @property
    def frame(self) -> Rect:
        """The untransformed frame (x, y, width, height); setting it keeps ``center`` consistent."""
        (x, y), (w, h) = self.origin, self._size
        return Rect(x, y, w, h)

    @frame.setter
    def frame(self, value: Any) -> None:
        x, y, w, h = quad(value)
        self._size = (w, h)
        self.origin = (x, y)

    @property
    def size(self) -> Size:
        """The frame's size; setting it keeps the centre, as UIKit's ``size`` setter does."""
        return Size(*self._size)

    @size.setter
    def size(self, value: Any) -> None:
        cx, cy = self.center
        w, h = pair(value)
        self._size = (w, h)
        self.origin = (cx - w / 2, cy - h / 2)

    @property
    def center(self) -> Point:
        """The frame's centre; setting it moves the frame."""
        (x, y), (w, h) = self.origin, self._size
        return Point(x + w / 2, y + h / 2)

    @center.setter
    def center(self, value: Any) -> None:
        cx, cy = pair(value)
        w, h = self.size
        self.origin = (cx - w / 2, cy - h / 2)

    @property
    def is_cell(self) -> bool:
        """True for a cell (not a supplementary or decoration view)."""
        return self.category == "cell"

    @property
    def category_value(self) -> int:
        """The category as the header's CVL_CATEGORY_* value."""
        return CATEGORY_VALUES[self.category]

    @property
    def key(self) -> tuple[str, int, IndexPath]:
        """What identifies the element across layouts and animations."""
        return (self.category, self.kind, self.index_path)

    def quad(self) -> list[Point] | None:
        """The four drawn corners (transform applied); None if a corner is behind the eye."""
        return project(self.transform, self.center, self.size)

    def copy(self, **changes: Any) -> Attributes:
        """A copy with ``changes`` applied (any settable attribute: ``frame=``, ``alpha=``, ...)."""
        new = object.__new__(Attributes)
        for name in _SLOTS:
            object.__setattr__(new, name, getattr(self, name))
        for k, v in changes.items():
            setattr(new, k, v)
        return new

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict (the ``elements`` entries of the documented output format)."""
        return {
            "index_path": list(self.index_path), "category": self.category, "kind": self.kind,
            "kind_name": self.kind_name, "frame": list(self.frame), "center": list(self.center),
            "size": list(self.size), "transform": list(self.transform), "alpha": self.alpha,
            "z_index": self.z_index, "hidden": self.hidden, "custom": list(self.custom),
            "disappearing": self.disappearing,
        }

    def __repr__(self) -> str:
        extra = ""
        if self.category != "cell":
            extra = f", kind={self.kind_name or self.kind}"
        if self.transform != IDENTITY:
            extra += ", transform=..."
        if self.alpha != 1.0:
            extra += f", alpha={self.alpha:g}"
        if self.z_index:
            extra += f", z_index={self.z_index}"
        if self.hidden:
            extra += ", hidden=True"
        if self.disappearing:
            extra += ", disappearing=True"
        if self.identifier is not None:
            extra += f", identifier={self.identifier}"
        if self.custom:
            extra += f", custom={self.custom}"
        fr = ", ".join(f"{v:g}" for v in self.frame)
        return f"Attributes({self.category} {self.index_path}{extra}, frame=({fr}))"


# --- bulk conversion ----------------------------------------------------------------------------
# cvl_attributes is read and written as one flat record of numbers (T.ATTRIBUTES_FORMAT, generated
# from the header); F names each field's position in it. One struct call per element.
_SLOTS = Attributes.__slots__
_new = object.__new__
F = T.AttributesField
_SIZE = _FMT.size
_PAD = (0.0,) * T.CUSTOM_SLOTS


def address(buffer: Any) -> int:
    """The address of a cvl_attributes buffer given as an int, a ctypes pointer, array or struct."""
    if isinstance(buffer, int):
        return buffer
    if isinstance(buffer, ctypes._Pointer):
        return ctypes.cast(buffer, ctypes.c_void_p).value or 0
    return ctypes.addressof(buffer)


# The fields an Attributes object takes from a record, picked by name in one C call per element.
_PICK = itemgetter(F.index_path, F.category, F.kind, F.frame_x, F.frame_y, F.frame_width, F.frame_height,
                   F.transform, F.alpha, F.z_index, F.hidden, F.custom, F.custom_count, F.disappearing,
                   F.has_identifier, F.identifier)


def _from_values(v: tuple[Any, ...], kind_names: Mapping[int, str] | None) -> Attributes:
    """One unpacked cvl_attributes as Attributes. Runs once per element of every query: slot
    stores, no __init__ (the library already validated the values)."""
    (ip, category, kind, x, y, w, h, transform, alpha, z, hidden, custom, custom_count, disappearing,
     has_identifier, identifier) = _PICK(v)
    a = _new(Attributes)
    name = BUILTIN_KIND_NAMES.get(kind)
    if name is None and kind_names:
        name = kind_names.get(kind)
    a.index_path = ip
    a.category = CATEGORY_NAMES.get(category) or str(category)
    a.kind = kind
    a.kind_name = name
    a.origin = (x, y)
    a._size = (w, h)
    a.transform = transform
    a.alpha = alpha
    a.z_index = z
    a.hidden = hidden != 0
    a.custom = custom[:custom_count]
    a.disappearing = disappearing != 0
    a.identifier = identifier if has_identifier else None
    return a


def read_buffer(buffer: Any, count: int, kind_names: Mapping[int, str] | None = None) -> list[Attributes]:
    """``count`` cvl_attributes at ``buffer`` (an address, a ctypes pointer or array) as Attributes."""
    if count == 0:
        return []
    return read_bytes(ctypes.string_at(address(buffer), count * _SIZE), kind_names)


def read_bytes(data: bytes | bytearray | memoryview, kind_names: Mapping[int, str] | None = None) -> list[Attributes]:
    """Attributes from a bytes-like object holding whole cvl_attributes records."""
    return [_from_values(v, kind_names) for v in _FMT.iter_unpack(data)]


def read_one(buffer: Any, kind_names: Mapping[int, str] | None = None) -> Attributes:
    """The cvl_attributes at ``buffer`` as Attributes."""
    return _from_values(_FMT.unpack(ctypes.string_at(address(buffer), _SIZE)), kind_names)


def _values(a: Attributes) -> tuple[Any, ...]:
    """``a`` as the flat record, in ATTRIBUTES_FORMAT's order (the header's field order)."""
    (x, y), (w, h) = a.origin, a._size
    c = a.custom
    v: list[Any] = [0] * len(_FMT_FIELDS)
    v[F.index_path] = a.index_path
    v[F.category] = CATEGORY_VALUES[a.category]
    v[F.kind] = a.kind
    v[F.frame] = (x, y, w, h)
    v[F.center] = (x + w / 2, y + h / 2)
    v[F.size] = (w, h)
    v[F.transform] = a.transform
    v[F.alpha] = a.alpha
    v[F.z_index] = a.z_index
    v[F.hidden] = 1 if a.hidden else 0
    v[F.custom_count] = len(c)
    v[F.custom] = c + _PAD[len(c):]
    v[F.disappearing] = 1 if a.disappearing else 0
    return tuple(v)


_FMT_FIELDS = _FMT.unpack(bytes(_SIZE))


def write_buffer(buffer: Any, items: Sequence[Attributes]) -> None:
    """Writes ``items`` as cvl_attributes at ``buffer`` (room for len(items) is the caller's job)."""
    if not items:
        return
    out = bytearray(len(items) * _SIZE)
    pack = _FMT.pack_into
    for i, a in enumerate(items):
        if not isinstance(a, Attributes):
            raise TypeError(f"expected Attributes, got {type(a).__name__}")
        pack(out, i * _SIZE, *_values(a))
    ctypes.memmove(address(buffer), bytes(out), len(out))


def write_optional(buffer: Any, flag: Any, a: Attributes | None) -> None:
    """The callbacks' "maybe one element" answer: writes ``a`` at ``buffer`` and sets
    ``flag[0]`` to 1, or sets it to 0 when ``a`` is None."""
    if a is None:
        flag[0] = 0
    else:
        write_buffer(buffer, [a])
        flag[0] = 1


def to_struct(a: Attributes) -> T.cvl_attributes:
    out = T.cvl_attributes()
    write_buffer(ctypes.addressof(out), [a])
    return out


def from_struct(s: T.cvl_attributes, kind_names: Mapping[int, str] | None = None) -> Attributes:
    return read_one(ctypes.addressof(s), kind_names)


# --- the layout environment ---------------------------------------------------------------------
@dataclass(frozen=True)
class LayoutEnv:
    """What a layout callback knows about its collection view (a copy; valid after the call)."""

    bounds_size: Size
    content_offset: Point
    counts: tuple[int, ...]

    @property
    def number_of_sections(self) -> int:
        """How many sections the data source reported."""
        return len(self.counts)

    def number_of_items(self, section: int) -> int:
        """How many items ``section`` has."""
        return self.counts[section]

    @property
    def visible_rect(self) -> Rect:
        """The visible rect: content offset and bounds size."""
        return Rect(*self.content_offset, *self.bounds_size)

    @classmethod
    def from_pointer(cls, env_p: Any) -> LayoutEnv:
        """A copy of the ``cvl_layout_env`` a callback received."""
        e = env_p.contents
        n = e.number_of_sections
        counts = tuple(e.items_in_section[:n]) if n > 0 and e.items_in_section else ()
        return cls(Size(e.bounds_size.width, e.bounds_size.height), Point(e.content_offset.x, e.content_offset.y),
                   counts)


def flatten(items: Iterable[Any]) -> list[Any]:
    """Nested lists and tuples of elements as one flat list."""
    out: list[Any] = []
    for x in items:
        if isinstance(x, (list, tuple)):
            out.extend(flatten(x))
        else:
            out.append(x)
    return out
