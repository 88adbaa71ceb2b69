"""``CollectionView``: the headless collection view (data source, bounds, offset, one layout)."""

from __future__ import annotations

import array
import ctypes
import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Callable, Protocol, TypeAlias, overload

from . import _lib
from . import _types as T
from ._arrays import UINT64_FORMATS
from ._bulk import AttributesBuffer, array_type, capacity_for, element_records, elements_dtype, writable_records
from ._callbacks import make
from ._handle import Handle
from ._ints import int32, int64, uint32
from ._ints import index_path as index_path_c
from ._layout_base import BaseLayout
from .animation import Animation, as_struct
from .attributes import CATEGORY_VALUES, Attributes, from_struct, read_buffer
from .errors import CapacityError, InvalidArgument
from .flow import size_array
from .geometry import IndexPath, Point, PointLike, Rect, RectLike, Size, SizeLike, pair, quad
from .updates import UpdateItem, flatten_updates, to_array

#: What the API takes as an animation: an Animation, True (the default one), a duration in seconds,
#: or None / False (no animation).
AnimationLike: TypeAlias = "Animation | bool | float | None"
#: Identifiers of a snapshot: ``[(section_id, [item_id, ...]), ...]`` or ``{section_id: [item_id, ...]}``.
SnapshotLike: TypeAlias = "Mapping[int, Iterable[int]] | Iterable[tuple[int, Iterable[int]]]"
#: A scroll position: a name ('top', 'centered_vertically', ...), names joined by '|', a sequence of
#: names, or the CVL_SCROLL_POSITION_* bits.
PositionLike: TypeAlias = "str | Sequence[str] | int"
#: The anchoring policy: 'none', 'first_visible', 'end' or ('nearest', (x, y)).
AnchoringLike: TypeAlias = "str | tuple[str, PointLike]"
#: Measured sizes: ``{(section, item): (w, h)}`` or ``[((section, item), (w, h)), ...]``.
MeasuredSizes: TypeAlias = "Mapping[IndexPath, SizeLike] | Iterable[tuple[IndexPath, SizeLike]]"

_ATTR_SIZE = ctypes.sizeof(T.cvl_attributes)

POSITIONS = {"none": T.SCROLL_POSITION_NONE, "top": T.SCROLL_POSITION_TOP,
             "centered_vertically": T.SCROLL_POSITION_CENTERED_VERTICALLY, "bottom": T.SCROLL_POSITION_BOTTOM,
             "left": T.SCROLL_POSITION_LEFT, "centered_horizontally": T.SCROLL_POSITION_CENTERED_HORIZONTALLY,
             "right": T.SCROLL_POSITION_RIGHT}
INVALIDATIONS = {"everything": T.INVALIDATE_EVERYTHING, "data_counts": T.INVALIDATE_DATA_COUNTS,
                 "delegate_metrics": T.INVALIDATE_DELEGATE_METRICS,
                 "layout_attributes": T.INVALIDATE_LAYOUT_ATTRIBUTES, "bounds": T.INVALIDATE_BOUNDS}
DIRECTIONS = {"old_to_new": T.MAP_OLD_TO_NEW, "new_to_old": T.MAP_NEW_TO_OLD}


def _id_array(ids: object, what: str) -> array.array[int]:
    """Identifiers as a C uint64 array (0 <= id < 2**64, else InvalidArgument)."""
    if not isinstance(ids, Iterable):
        raise InvalidArgument(message=f"{what}: identifiers must be a sequence of integers, not {ids!r}")
    try:
        mv: memoryview | None = memoryview(ids)  # type: ignore[arg-type]  # any object: TypeError if no buffer
    except TypeError:
        mv = None
    if mv is not None and mv.itemsize == 8 and mv.format in UINT64_FORMATS and mv.c_contiguous:
        copied = array.array("Q")  # a buffer of uint64 (numpy): one copy, not an iteration over its items
        copied.frombytes(mv.cast("B"))
        return copied
    try:
        return array.array("Q", ids)
    except (OverflowError, TypeError) as exc:
        raise InvalidArgument(message=f"{what}: identifiers must be integers in 0 .. 2**64 - 1 ({exc})") from None


def _address(a: array.array[int]) -> ctypes._Pointer[ctypes.c_uint64] | None:
    return ctypes.cast(a.buffer_info()[0], ctypes.POINTER(ctypes.c_uint64)) if len(a) else None


class _Snapshot:
    """A snapshot as C structs: ``sections`` is a sequence of ``(section_id, item_ids)`` pairs or
    a mapping ``{section_id: item_ids}`` (in order). Keeps the arrays alive while in use."""

    def __init__(self, sections: SnapshotLike, changed: Iterable[int] = ()) -> None:
        pairs: list[tuple[object, ...]] = (list(sections.items()) if isinstance(sections, Mapping)
                                           else [tuple(p) for p in sections])
        self.counts: list[int] = []
        self._arrays: list[array.array[int]] = []
        self.array = (T.cvl_section_snapshot * len(pairs))() if pairs else None
        for n, entry in enumerate(pairs):
            assert self.array is not None  # pairs is not empty
            if len(entry) != 2:
                raise InvalidArgument(message=f"sections[{n}] must be (section_id, item_ids)")
            sid, items = entry
            ids = _id_array(items, f"sections[{n}] items")
            sid_arr = _id_array([sid], f"sections[{n}] id")
            self._arrays.append(ids)
            self.array[n] = T.cvl_section_snapshot(sid_arr[0], _address(ids), len(ids))
            self.counts.append(len(ids))
        self.changed = _id_array(changed, "changed")
        self.n = len(pairs)

    @property
    def changed_pointer(self) -> ctypes._Pointer[ctypes.c_uint64] | None:
        return _address(self.changed)


class _Edits:
    """Snapshot edits as C structs: each ``(section, start, remove_count, item_ids)``. Keeps the
    arrays alive while in use; ``counts`` is ``counts`` (a list data source's, or None) after the
    edits, as far as they name a section in range (the library checks every edit itself)."""

    def __init__(self, edits: Iterable[tuple[int, int, int, Iterable[int]]], changed: Iterable[int],
                 counts: list[int] | None) -> None:
        rows = [tuple(e) for e in edits]
        self.array = (T.cvl_snapshot_edit * len(rows))() if rows else None
        self._arrays: list[array.array[int]] = []
        self.counts = list(counts) if counts is not None else None
        for n, entry in enumerate(rows):
            assert self.array is not None  # rows is not empty
            if len(entry) != 4:
                raise InvalidArgument(message=f"edits[{n}] must be (section, start, remove_count, item_ids)")
            section, start, remove, items = entry
            ids = _id_array(items, f"edits[{n}] item ids")
            self._arrays.append(ids)
            sec = int64(section, f"edits[{n}] section")
            remove_count = int64(remove, f"edits[{n}] remove_count")
            self.array[n] = T.cvl_snapshot_edit(sec, int64(start, f"edits[{n}] start"),
                                                remove_count, _address(ids), len(ids))
            if self.counts is not None and 0 <= sec < len(self.counts):
                self.counts[sec] += len(ids) - remove_count
        self.changed = _id_array(changed, "changed")
        self.n = len(rows)

    @property
    def changed_pointer(self) -> ctypes._Pointer[ctypes.c_uint64] | None:
        return _address(self.changed)


def _counts(values: Iterable[int], name: str) -> list[int]:
    return [int64(c, f"{name}[{i}]") for i, c in enumerate(values)]


_INT64_FORMATS = frozenset({"q", "<q", "=q", "@q", "l", "<l", "=l", "@l"})


def _fill_counts(out: Any, n: int, values: Any) -> None:
    """Writes ``values`` (n item counts) into the view's buffer ``out`` (``cvl_item_counts_source``):
    a contiguous 64-bit integer buffer (``array('q')``, a numpy ``int64`` array) in one copy,
    anything else count by count. The library checks the counts (negative, too many)."""
    try:
        mv = memoryview(values)
    except TypeError:
        mv = None
    if mv is not None and mv.ndim == 1 and mv.itemsize == 8 and mv.format in _INT64_FORMATS and mv.c_contiguous:
        if len(mv) != n:
            raise ValueError(f"item_counts returned {len(mv)} counts for {n} sections")
        dest = (ctypes.c_int64 * n).from_address(ctypes.addressof(out.contents))
        memoryview(dest).cast("B")[:] = mv.cast("B")
        return
    listed = values if isinstance(values, (list, tuple)) else list(values)
    if len(listed) != n:
        raise ValueError(f"item_counts returned {len(listed)} counts for {n} sections")
    for i, c in enumerate(listed):
        out[i] = int64(c, f"item_counts[{i}]")


def _position(position: PositionLike) -> int:
    if not isinstance(position, (str, list, tuple)):
        return uint32(position, "position")
    names = position.replace("|", " ").replace(",", " ").split() if isinstance(position, str) else list(position)
    value = 0
    for name in names:
        try:
            value |= POSITIONS[name]
        except KeyError:
            raise InvalidArgument(message=f"unknown scroll position {name!r} ({', '.join(POSITIONS)})") from None
    return value


class DataSource(Protocol):
    """An object answering the view's counts (``number_of_sections()`` is optional: one section).

    It may also have ``item_counts(section_count)`` returning every section's count at once (a
    list, ``array('q')`` or numpy ``int64`` array of ``section_count`` counts): the view then asks
    that once per load instead of ``number_of_items`` a section
    (``cvl_view_set_item_counts_source``), and ``number_of_items`` may be left out (the view's
    creation, which the library makes ask section by section, is then answered from one
    ``item_counts`` call)."""

    def number_of_items(self, section: int) -> int:
        """Items of ``section``."""
        ...


class CollectionView(Handle[T.cvl_view]):
    """A headless UICollectionView.

    Data source, one of:
      - ``counts=[5, 3]``: the item count of each section (a list the view owns; see
        :attr:`counts` and :meth:`perform_batch_updates` ``new_counts=``);
      - ``data_source=fn`` with ``fn(section) -> items`` and ``sections=`` (an int or a callable,
        default 1);
      - ``data_source=obj`` with ``number_of_items(section)`` and/or ``item_counts(section_count)``
        (see :class:`DataSource`), and optionally ``number_of_sections()``.
    A layout with a ``counts`` attribute (a :class:`~cvlayout.TreeLayout` built from a nested
    description) supplies its own counts when neither is given.

    The view keeps its layout (and the layout's Python callbacks) alive.
    """

    _destroy = "cvl_view_destroy"

    def __init__(self, layout: BaseLayout, counts: Sequence[int] | None = None, *,
                 data_source: Callable[[int], int] | DataSource | None = None,
                 sections: int | Callable[[], int] | None = None, bounds_size: SizeLike | None = None,
                 content_offset: PointLike | None = None) -> None:
        self._keep: list[object] = []
        # Query buffers are reused, but never shared: a query takes one from this pool (or
        # allocates one), owns it while the library writes it and while Python reads it, and
        # gives it back. No Python lock is held across a C call: the library's own lock
        # serializes calls, and a binding lock taken around them would deadlock against it (a
        # callback of view X querying view Y holds the library lock and waits for Y's lock while
        # another thread holds Y's lock and waits for the library's). ``close()`` drops the pool
        # only; a buffer in use stays alive with the query using it.
        self._spares: list[ctypes.Array[T.cvl_attributes]] = []
        self._capacity = 64
        if counts is None and data_source is None:
            counts = getattr(layout, "counts", None)
            if counts is None:
                raise TypeError("CollectionView needs counts=[...] or data_source=...")
        self._counts: list[int] | None = None
        created: list[Any] = []  # (the creation's counts table of a data source without number_of_items)
        src = T.cvl_data_source()
        Out: TypeAlias = "ctypes._Pointer[ctypes.c_int64]"
        n_sections: Callable[[int | None, Out], None] | None
        n_items: Callable[[int | None, int, Out], None]
        if data_source is None:
            assert counts is not None  # checked above
            self._counts = _counts(counts, "counts")

            def listed() -> list[int]:
                listed_counts = self._counts
                assert listed_counts is not None  # a view made with counts= keeps a list
                return listed_counts

            def n_sections(_ctx: int | None, out: Out) -> None:
                out[0] = len(listed())

            def n_items(_ctx: int | None, section: int, out: Out) -> None:
                out[0] = listed()[section]

            def all_items(n: int) -> array.array[int]:
                return array.array("q", listed()[:n])
            bulk: Callable[[int], Any] | None = all_items
        else:
            if counts is not None:
                raise TypeError("give counts= or data_source=, not both")
            bulk = None if callable(data_source) else getattr(data_source, "item_counts", None)
            per_section = data_source if callable(data_source) else getattr(data_source, "number_of_items", None)
            if per_section is None and bulk is None:
                raise TypeError("data_source needs number_of_items(section) or item_counts(section_count)")
            if sections is None and not callable(data_source):
                sections = getattr(data_source, "number_of_sections", None)
            sections_fn: Callable[[], int] | None
            if callable(sections) or sections is None:
                sections_fn = sections
            else:
                fixed_sections = int64(sections, "sections")
                sections_fn = lambda: fixed_sections  # noqa: E731

            # Creation asks section by section (cvl_view_create); without number_of_items, those
            # asks are answered from one item_counts call, dropped once the view exists.
            def n_items(_ctx: int | None, section: int, out: Out) -> None:
                if per_section is not None:
                    out[0] = int64(per_section(section), f"number_of_items({section})")
                    return
                assert bulk is not None  # checked above
                if not created:
                    n = 1 if sections_fn is None else int64(sections_fn(), "number_of_sections()")
                    table = (ctypes.c_int64 * max(n, 1))()
                    _fill_counts(ctypes.cast(table, ctypes.POINTER(ctypes.c_int64)), n, bulk(n))
                    created.append(table)
                out[0] = created[0][section]
            n_sections = None
            if sections_fn is not None:
                count_sections = sections_fn

                def n_sections(_ctx: int | None, out: Out) -> None:
                    out[0] = int64(count_sections(), "number_of_sections()")
        if n_sections is not None:
            src.number_of_sections = make(T.DataSourceNumberOfSectionsFn, "number_of_sections", n_sections, self._keep)
        src.number_of_items = make(T.DataSourceNumberOfItemsFn, "number_of_items", n_items, self._keep)
        h = T.ViewHandle()
        _lib.cvl_view_create(ctypes.byref(src), layout.handle, ctypes.byref(h))
        created.clear()
        self._h = h
        self._layout = layout
        try:
            if bulk is not None:
                counts_of = bulk

                def item_counts(_ctx: int | None, out: Any, n: int) -> None:
                    _fill_counts(out, n, counts_of(n))
                fn = make(T.ItemCountsSourceItemCountsFn, "item_counts", item_counts, self._keep)
                _lib.cvl_view_set_item_counts_source(h, ctypes.byref(T.cvl_item_counts_source(None, fn)))
            if bounds_size is not None:
                self.bounds_size = bounds_size
            if content_offset is not None:
                self.content_offset = content_offset
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Destroys the view (``cvl_view_destroy``); the layout is released and can be attached elsewhere.
        Idempotent; refused with ``StateError`` from inside one of the view's own callbacks."""
        super().close()
        self._spares = []

    def __repr__(self) -> str:
        return f"<CollectionView {'closed' if self.closed else type(self._layout).__name__}>"

    # --- data ---------------------------------------------------------------------------------
    @property
    def counts(self) -> list[int]:
        """The item count of every section as the view last read them (``cvl_view_item_counts``:
        one state of the view, also while another thread changes it). Setting it (list data
        source only) changes what the data source answers from now on; the view reads it at
        :meth:`reload_data`, a batch update or ``invalidate('data_counts')``."""
        h = self.handle
        count = ctypes.c_size_t()
        _lib.cvl_view_item_counts(h, None, 0, ctypes.byref(count))
        while True:
            n = count.value
            if n == 0:
                return []
            arr = (ctypes.c_int64 * n)()
            try:
                _lib.cvl_view_item_counts(h, arr, n, ctypes.byref(count))
            except CapacityError:
                continue  # another thread added sections between the two calls
            return list(arr[:count.value])

    @counts.setter
    def counts(self, value: Sequence[int]) -> None:
        if self._counts is None:
            raise TypeError("counts can only be set on a view created with counts=[...]")
        self._counts = _counts(value, "counts")

    @property
    def number_of_sections(self) -> int:
        """Sections as the view last read them from its data source."""
        n = ctypes.c_int64()
        _lib.cvl_view_number_of_sections(self.handle, ctypes.byref(n))
        return n.value

    def number_of_items(self, section: int) -> int:
        """Items of ``section`` as the view last read them; ``OutOfRange`` outside the counts."""
        n = ctypes.c_int64()
        _lib.cvl_view_number_of_items(self.handle, int64(section, "section"), ctypes.byref(n))
        return n.value

    def reload_data(self, counts: Sequence[int] | None = None) -> None:
        """reloadData (with ``counts``: set them first, list data source only)."""
        if counts is not None:
            self.counts = counts
        _lib.cvl_view_reload_data(self.handle)

    # --- geometry -----------------------------------------------------------------------------
    @property
    def bounds_size(self) -> Size:
        """The viewport size (width, height) in points; setting it may invalidate the layout
        (``should_invalidate_for_bounds_change``)."""
        out = T.cvl_size()
        _lib.cvl_view_get_bounds_size(self.handle, ctypes.byref(out))
        return Size(out.width, out.height)

    @bounds_size.setter
    def bounds_size(self, value: SizeLike) -> None:
        _lib.cvl_view_set_bounds_size(self.handle, T.cvl_size(*pair(value)))

    @property
    def display_scale(self) -> float:
        """Pixels per point for snapping frames to the pixel grid (UIKit's ``displayScale``): 2 or 3
        for screens, 1 for terminal cells, 0 (the default) for exact frames. Every frame's edges are
        rounded to the grid (ties up) and its size is their difference; the content size too.
        A NaN, infinite or negative scale raises InvalidArgument and changes nothing."""
        out = ctypes.c_double()
        _lib.cvl_view_get_display_scale(self.handle, ctypes.byref(out))
        return out.value

    @display_scale.setter
    def display_scale(self, value: float) -> None:
        _lib.cvl_view_set_display_scale(self.handle, float(value))

    @property
    def content_offset(self) -> Point:
        """The viewport's origin in content coordinates (UIKit's ``contentOffset``). Setting it
        scrolls; any finite offset is accepted (the host decides how far it scrolls), and it
        stops a running animated scroll."""
        out = T.cvl_point()
        _lib.cvl_view_get_content_offset(self.handle, ctypes.byref(out))
        return Point(out.x, out.y)

    @content_offset.setter
    def content_offset(self, value: PointLike) -> None:
        _lib.cvl_view_set_content_offset(self.handle, T.cvl_point(*pair(value)))

    @property
    def anchoring(self) -> str | tuple[str, Point]:
        """The scroll-anchoring policy: 'none' (UIKit's: the offset is kept), 'first_visible',
        'end' (chats), or ('nearest', (x, y)) with a point in viewport coordinates. Batch updates,
        snapshots, size and bounds changes and layout switches then keep the anchor cell's
        on-screen position (see include/cvlayout.h, "Scroll anchoring")."""
        policy = ctypes.c_int32()
        point = T.cvl_point()
        _lib.cvl_view_get_anchoring(self.handle, ctypes.byref(policy), ctypes.byref(point))
        names: dict[int, str] = {T.ANCHOR_NONE: "none", T.ANCHOR_FIRST_VISIBLE: "first_visible",
                                 T.ANCHOR_END: "end"}
        name = names.get(policy.value)
        return name if name is not None else ("nearest", Point(point.x, point.y))

    @anchoring.setter
    def anchoring(self, value: AnchoringLike) -> None:
        names = {"none": T.ANCHOR_NONE, "first_visible": T.ANCHOR_FIRST_VISIBLE, "end": T.ANCHOR_END}
        unknown = f"unknown anchoring {value!r} (none, first_visible, end, ('nearest', (x, y)))"
        if isinstance(value, str):
            if value not in names:
                raise InvalidArgument(message=unknown)
            _lib.cvl_view_set_anchoring(self.handle, names[value], T.cvl_point(0.0, 0.0))
            return
        kind, point = value
        if kind != "nearest":
            raise InvalidArgument(message=unknown)
        _lib.cvl_view_set_anchoring(self.handle, T.ANCHOR_NEAREST_POINT, T.cvl_point(*pair(point)))

    @property
    def layout_direction(self) -> str:
        """'ltr' (the default) or 'rtl': in right-to-left every built-in layout (and a custom one
        whose ``flips_horizontally`` is set) is mirrored about max(content width, bounds width),
        and offsets, rects and points are the host's (see include/cvlayout.h, "Right-to-left and
        pixel snapping"). Another value: ``InvalidArgument``."""
        out = ctypes.c_int32()
        _lib.cvl_view_get_layout_direction(self.handle, ctypes.byref(out))
        return "rtl" if out.value == T.LAYOUT_DIRECTION_RTL else "ltr"

    @layout_direction.setter
    def layout_direction(self, value: str) -> None:
        names = {"ltr": T.LAYOUT_DIRECTION_LTR, "rtl": T.LAYOUT_DIRECTION_RTL}
        if value not in names:
            raise InvalidArgument(message=f"unknown layout direction {value!r} (ltr, rtl)")
        _lib.cvl_view_set_layout_direction(self.handle, names[value])

    @property
    def visible_rect(self) -> Rect:
        """The viewport in content coordinates: ``(content_offset, bounds_size)``."""
        return Rect(*self.content_offset, *self.bounds_size)

    @property
    def content_size(self) -> Size:
        """The layout's ``collectionViewContentSize`` (runs the layout cycle first if needed)."""
        out = T.cvl_size()
        _lib.cvl_view_content_size(self.handle, ctypes.byref(out))
        return Size(out.width, out.height)

    def invalidate(self, *what: str | int, items: Iterable[IndexPath] = ()) -> None:
        """Invalidates the layout: ``invalidate()`` is invalidateLayout; names select parts
        ('everything', 'data_counts', 'delegate_metrics', 'layout_attributes', 'bounds');
        ``items`` are index paths whose size changed."""
        flags = 0
        for name in what:
            if isinstance(name, int):
                flags |= name
                continue
            try:
                flags |= INVALIDATIONS[name]
            except KeyError:
                raise InvalidArgument(message=f"unknown invalidation {name!r} ({', '.join(INVALIDATIONS)})") from None
        paths = [tuple(p) for p in items]
        if not what and not paths:
            flags = T.INVALIDATE_EVERYTHING
        arr = (T.cvl_index_path * len(paths))(*(index_path_c(p, f"items[{k}]") for k, p in enumerate(paths))) \
            if paths else None
        _lib.cvl_view_invalidate_layout(self.handle, uint32(flags, "invalidation flags"), arr, len(paths))

    # --- queries ------------------------------------------------------------------------------
    _SPARES = 2  # buffers kept for reuse (more only when that many threads query this view at once)

    def _fill(self, function: str, *args: object) -> list[Attributes]:
        """Runs a buffer-protocol query and reads the result as Attributes."""
        buf, n = self._query(function, *args)
        try:
            return read_buffer(ctypes.addressof(buf), n, self._layout._kind_names)
        finally:
            self._give_back(buf)

    def _query(self, function: str, *args: object) -> tuple[ctypes.Array[T.cvl_attributes], int]:
        """Runs the query into a buffer this call owns (grown as needed): (buffer, count)."""
        fn = getattr(_lib, function)
        h = self.handle
        try:
            buf = self._spares.pop()  # list.pop is atomic: two threads never get the same buffer
        except IndexError:
            buf = array_type(capacity_for(self._capacity))()
        count = ctypes.c_size_t()
        for _ in range(8):
            try:
                fn(h, *args, buf, len(buf), ctypes.byref(count))
            except CapacityError:
                # The answer may still grow (an animation, a callback): leave some room.
                self._capacity = max(count.value + count.value // 4, len(buf) * 2, self._capacity)
                buf = array_type(capacity_for(self._capacity))()
                continue
            return buf, count.value
        raise CapacityError(message="the element count kept growing between calls")

    def _give_back(self, buf: ctypes.Array[T.cvl_attributes]) -> None:
        spares = self._spares
        if self._h is not None and len(spares) < self._SPARES and len(buf) >= self._capacity:
            spares.append(buf)

    @overload
    def raw_attributes(self, rect: RectLike | None = None, *, offset: PointLike | None = None) -> AttributesBuffer: ...
    @overload
    def raw_attributes(self, rect: RectLike | None = None, *, out: object, grow: bool = False,
                       offset: PointLike | None = None) -> int: ...

    def raw_attributes(self, rect: RectLike | None = None, *, out: object = None,
                       grow: bool = False, offset: PointLike | None = None) -> AttributesBuffer | int:
        """The rect query (the visible rect when ``rect`` is None) as ``cvl_attributes`` records in
        draw order, without building Python objects: the bulk path for a host that reads a few
        fields of many elements every frame (``attributes_in_rect`` costs 2-3 µs per element more).

        Without ``out``: a new :class:`~cvlayout.AttributesBuffer` holding the records (one C call,
        one copy): ``buf[i].frame.x``, ``buf.numpy()["frame"]["x"]``, ``buf.memoryview()``.

        With ``out``: the records are written into it and the count is returned. ``out`` is an
        ``AttributesBuffer`` (reuse one every frame), a ctypes array of ``cvl_attributes``, or any
        writable C-contiguous buffer of whole records (a numpy array of ``cvlayout.ATTRIBUTES_DTYPE``,
        a ``bytearray``). When it is too small the call raises :class:`~cvlayout.CapacityError`
        whose ``needed`` is the count the query needs, and ``out`` is unchanged; with
        ``grow=True`` an ``AttributesBuffer`` grows instead (to the next power of two) and the
        query is answered (other buffers cannot grow: ``TypeError``).

        With ``offset`` (and no ``rect``): scrolls there first, in the same C call
        (``cvl_view_visible_attributes_at``: one ctypes call a scrolled frame instead of two)."""
        function, args = self._query_target("cvl_view_visible_attributes", "cvl_view_attributes_in_rect", rect, offset)
        if out is None:
            buf, n = self._query(function, *args)
            try:
                result = AttributesBuffer(n)
                ctypes.memmove(result.array, buf, n * _ATTR_SIZE)
                result._filled(n)
                return result
            finally:
                self._give_back(buf)
        fn = getattr(_lib, function)
        count = ctypes.c_size_t()
        if isinstance(out, AttributesBuffer):
            for _ in range(8):
                try:
                    fn(self.handle, *args, out._array, out.capacity, ctypes.byref(count))
                except CapacityError:
                    if not grow:
                        raise
                    # The answer may still grow (an animation, a callback): leave some room.
                    out.reserve(count.value + count.value // 4)
                    continue
                out._filled(count.value)
                return count.value
            raise CapacityError(message="the element count kept growing between calls")
        if grow:
            raise TypeError("grow=True needs an AttributesBuffer (other buffers cannot grow)")
        pointer, capacity, keep = writable_records(out)
        fn(self.handle, *args, pointer, capacity, ctypes.byref(count))
        del keep
        if count.value > capacity:   # an empty buffer: the library answered the count only
            err = CapacityError(message=f"out holds {capacity} records, the query needs {count.value}")
            err.needed = count.value
            raise err
        return count.value

    @staticmethod
    def _query_target(visible: str, in_rect: str, rect: RectLike | None,
                      offset: PointLike | None) -> tuple[str, tuple[object, ...]]:
        """The C query and its leading arguments: the visible rect, a rect, or the visible rect
        after a scroll to ``offset`` (the ``_at`` form)."""
        if offset is not None:
            if rect is not None:
                raise TypeError("rect and offset: give one or the other (offset queries the visible rect)")
            return visible + "_at", (T.cvl_point(*pair(offset)),)
        if rect is None:
            return visible, ()
        return in_rect, (T.cvl_rect(*quad(rect)),)

    def raw_elements(self, rect: RectLike | None = None, *, out: object = None,
                     offset: PointLike | None = None) -> Any:
        """The rect query (the visible rect when ``rect`` is None) as compact ``cvl_element``
        records (index path, category, kind, frame, identifier, flags: 72 bytes against 312) in
        draw order, written by the library straight into the buffer: ``cvl_view_elements_in_rect``.

        Without ``out``: a new numpy array of ``cvlayout.ELEMENTS_DTYPE`` holding the records
        (``a["frame"]["x"]``, ``a["index_path"]["item"]``; needs numpy).  With ``out`` (a numpy
        array of ``ELEMENTS_DTYPE``, a ctypes array of ``cvl_element``, or any writable
        C-contiguous buffer of whole records, reused every frame): the records are written into
        it and the count is returned; a buffer too small raises :class:`~cvlayout.CapacityError`
        (``needed`` is the count) and ``out`` is unchanged. With ``offset`` (and no ``rect``):
        scrolls there first, in the same C call (``cvl_view_visible_elements_at``)."""
        function, args = self._query_target("cvl_view_visible_elements", "cvl_view_elements_in_rect", rect, offset)
        fn = getattr(_lib, function)
        count = ctypes.c_size_t()
        if out is None:
            import numpy
            fn(self.handle, *args, None, 0, ctypes.byref(count))
            for _ in range(8):
                records = numpy.zeros(capacity_for(count.value), dtype=elements_dtype())
                n = self.raw_elements(rect, out=records, offset=offset) if count.value else 0
                if n <= len(records):
                    return records[:n]
            raise CapacityError(message="the element count kept growing between calls")
        pointer, capacity, keep = element_records(out)
        fn(self.handle, *args, pointer, capacity, ctypes.byref(count))
        del keep
        if count.value > capacity:   # an empty buffer: the library answered the count only
            err = CapacityError(message=f"out holds {capacity} records, the query needs {count.value}")
            err.needed = count.value
            raise err
        return count.value

    def attributes_in_rect(self, rect: RectLike) -> list[Attributes]:
        """layoutAttributesForElementsInRect: in draw order (on-screen values during animations)."""
        return self._fill("cvl_view_attributes_in_rect", T.cvl_rect(*quad(rect)))

    def visible_attributes(self) -> list[Attributes]:
        """The elements in the visible rect, in draw order."""
        return self._fill("cvl_view_visible_attributes")

    def all_attributes(self) -> list[Attributes]:
        """Every element of the content (a rect query of the whole content size, 1 pt larger
        on each side so elements touching the edges count; in right-to-left at least the bounds
        width, the mirror's axis)."""
        w, h = self.content_size
        if self.layout_direction == "rtl":
            w = max(w, self.bounds_size[0])
        return self.attributes_in_rect((-1.0, -1.0, w + 2.0, h + 2.0))

    def count_in_rect(self, rect: RectLike) -> int:
        """How many elements a rect query returns (the buffer protocol's count-only call)."""
        count = ctypes.c_size_t()
        _lib.cvl_view_attributes_in_rect(self.handle, T.cvl_rect(*quad(rect)), None, 0, ctypes.byref(count))
        return count.value

    def attributes_for_element(self, category: str | int, kind: str | int, index_path: IndexPath) -> Attributes | None:
        """The attributes of one element (cell, supplementary or decoration, by category, kind and index path), or
        None if the layout has no such element. O(1) or O(log n) for the built-in layouts."""
        out = T.cvl_attributes()
        found = ctypes.c_int()
        cat = CATEGORY_VALUES[category] if isinstance(category, str) else int32(category, "category")
        _lib.cvl_view_attributes_for_element(self.handle, cat, int32(self._layout.kind_value(kind), "kind"),
                                             index_path_c(index_path), ctypes.byref(out), ctypes.byref(found))
        return from_struct(out, self._layout._kind_names) if found.value else None

    def attributes_for_item(self, index_path: IndexPath) -> Attributes | None:
        """layoutAttributesForItemAtIndexPath: (None when the layout has no such cell)."""
        out = T.cvl_attributes()
        found = ctypes.c_int()
        _lib.cvl_view_attributes_for_item(self.handle, index_path_c(index_path), ctypes.byref(out),
                                          ctypes.byref(found))
        return from_struct(out, self._layout._kind_names) if found.value else None

    def attributes_for_supplementary(self, kind: str | int, index_path: IndexPath) -> Attributes | None:
        """``kind``: 'header', 'footer', 'connector', a registered name or an int."""
        return self.attributes_for_element("supplementary", kind, index_path)

    def attributes_for_decoration(self, kind: str | int, index_path: IndexPath) -> Attributes | None:
        """The attributes of the decoration view of ``kind`` at ``index_path``, or None."""
        return self.attributes_for_element("decoration", kind, index_path)

    def index_path_at(self, point: PointLike) -> IndexPath | None:
        """indexPathForItemAtPoint: (content coordinates; transforms and draw order respected)."""
        out = T.cvl_index_path()
        found = ctypes.c_int()
        _lib.cvl_view_index_path_at_point(self.handle, T.cvl_point(*pair(point)), ctypes.byref(out),
                                          ctypes.byref(found))
        return (out.section, out.item) if found.value else None

    def target_content_offset(self, proposed: PointLike, velocity: PointLike = (0.0, 0.0)) -> Point:
        """targetContentOffsetForProposedContentOffset:withScrollingVelocity:."""
        out = T.cvl_point()
        _lib.cvl_view_target_content_offset(self.handle, T.cvl_point(*pair(proposed)), T.cvl_point(*pair(velocity)),
                                            ctypes.byref(out))
        return Point(out.x, out.y)

    def scroll_to_item(self, index_path: IndexPath, position: PositionLike = "top",
                       animation: AnimationLike = None) -> Point:
        """scrollToItemAtIndexPath:atScrollPosition:animated: and returns the target content offset.
        ``position``: 'top', 'centered_vertically', 'bottom', 'left', 'centered_horizontally',
        'right', 'none', or two of them ('top|left' or a sequence). With ``animation`` (an
        Animation, True for the default, or a duration) the offset moves to the target along the
        curve as :meth:`set_time` advances the clock; without, it jumps."""
        out = T.cvl_point()
        anim = as_struct(animation)
        if anim is None:
            _lib.cvl_view_scroll_to_item(self.handle, index_path_c(index_path), _position(position),
                                         ctypes.byref(out))
        else:
            _lib.cvl_view_scroll_to_item_animated(self.handle, index_path_c(index_path), _position(position),
                                                  ctypes.byref(anim), ctypes.byref(out))
        return Point(out.x, out.y)

    # --- layout -------------------------------------------------------------------------------
    @property
    def layout(self) -> BaseLayout:
        """The layout the view uses now (the new one as soon as ``set_layout`` is called, even while the switch
        animates)."""
        return self._layout

    def set_layout(self, layout: BaseLayout, animation: AnimationLike = None) -> None:
        """setCollectionViewLayout:animated: (``animation``: an Animation, True for the default,
        a duration in seconds, or None for no animation)."""
        anim = as_struct(animation)
        _lib.cvl_view_set_layout(self.handle, layout.handle, ctypes.byref(anim) if anim is not None else None)
        self._layout = layout

    # --- time and animations ------------------------------------------------------------------
    @property
    def time(self) -> float:
        """The view's clock in seconds. The host owns it: it moves only by ``set_time`` (or assigning this
        property), never backwards; animations start at the time of the change plus their delay, and every query
        answers for the current time."""
        out = ctypes.c_double()
        _lib.cvl_view_get_time(self.handle, ctypes.byref(out))
        return out.value

    @time.setter
    def time(self, seconds: float) -> None:
        self.set_time(seconds)

    def set_time(self, seconds: float) -> None:
        """Sets the view's clock (seconds, non-decreasing)."""
        _lib.cvl_view_set_time(self.handle, float(seconds))

    @property
    def is_animating(self) -> bool:
        """Whether an update, layout switch or animated scroll is still running at the view's current time."""
        out = ctypes.c_int()
        _lib.cvl_view_is_animating(self.handle, ctypes.byref(out))
        return bool(out.value)

    def finish_animations(self) -> None:
        """Jumps every running animation to its end: queries then return the final attributes."""
        _lib.cvl_view_finish_animations(self.handle)

    @contextmanager
    def animate(self, animation: AnimationLike = True) -> Iterator[CollectionView]:
        """``with view.animate(Animation(duration=0.5)):`` — layout changes made inside (layout
        properties, invalidations, bounds) animate from what was on screen when the block opened:
        UIKit's property change inside a ``UIView`` animation block. The block is committed on
        the way out, also when its body raises."""
        anim = as_struct(animation)
        if anim is None:
            yield self
            return
        _lib.cvl_view_begin_animated_changes(self.handle, ctypes.byref(anim))
        try:
            yield self
        finally:
            _lib.cvl_view_commit_animated_changes(self.handle)

    # --- batch updates ------------------------------------------------------------------------
    def perform_batch_updates(self, updates: Iterable[UpdateItem | Iterable[UpdateItem]],
                              new_counts: Sequence[int] | None = None, animation: AnimationLike = None) -> None:
        """performBatchUpdates: ``updates`` are UpdateItems (or the lists the helpers return).

        With a list data source, ``new_counts`` are the counts after the update: they are set
        before the commit and restored if it fails (the view is then unchanged)."""
        items = flatten_updates(updates)
        arr, n = to_array(items)
        anim = as_struct(animation)
        previous = None
        if new_counts is not None:
            if self._counts is None:
                raise TypeError("new_counts= needs a view created with counts=[...]")
            previous, self._counts = self._counts, _counts(new_counts, "new_counts")
        try:
            _lib.cvl_view_perform_batch_updates(self.handle, arr, n, ctypes.byref(anim) if anim is not None else None)
        except BaseException:
            if previous is not None:
                self._counts = previous
            raise

    @contextmanager
    def batch_updates(self, new_counts: Sequence[int] | None = None,
                      animation: AnimationLike = None) -> Iterator[list[UpdateItem]]:
        """``with view.batch_updates(new_counts=[...]) as u: u += insert_items(...)`` commits at exit."""
        updates: list[UpdateItem] = []
        yield updates
        self.perform_batch_updates(updates, new_counts=new_counts, animation=animation)

    def last_update_items(self) -> list[UpdateItem]:
        """The last batch as the layout saw it (UIKit's list): the stated deletes, inserts, reloads
        (as "reload" items, before → after), then moves; each group ascending."""
        count = ctypes.c_size_t()
        _lib.cvl_view_last_update_items(self.handle, None, 0, ctypes.byref(count))
        while True:
            n = count.value
            if n == 0:
                return []
            arr = (T.cvl_update_item * n)()
            try:
                _lib.cvl_view_last_update_items(self.handle, arr, n, ctypes.byref(count))
            except CapacityError:
                continue
            return [UpdateItem.from_struct(arr[i]) for i in range(count.value)]

    # --- self-sizing cells ----------------------------------------------------------------------
    def set_measured_sizes(self, sizes: MeasuredSizes) -> None:
        """Reports measured cell sizes: ``{(section, item): (w, h)}`` or ``[((section, item), (w, h)),
        ...]``. The content offset is corrected so nothing on screen moves (sizes above the viewport
        move the offset by their change, below only the content size; see include/cvlayout.h,
        "Self-sizing cells"). All or nothing: a bad index path or size raises, nothing changes.
        Needs a flow-based layout."""
        pairs = list(sizes.items() if isinstance(sizes, Mapping) else sizes)
        n = len(pairs)
        paths = (T.cvl_index_path * n)(*(index_path_c(ip) for ip, _ in pairs)) if n else None
        arr, m = size_array([sz for _, sz in pairs])
        if m != n:
            raise InvalidArgument(message="measured sizes must be (width, height) pairs")
        _lib.cvl_view_set_measured_sizes(self.handle, paths, arr, n)

    def set_measured_sizes_by_id(self, sizes: Mapping[int, SizeLike] | Iterable[tuple[int, SizeLike]]) -> None:
        """As :meth:`set_measured_sizes`, keyed by item identifier (identifiers given in bulk:
        :meth:`set_identifiers` or :meth:`apply_snapshot`): ``{id: (w, h)}`` or pairs."""
        id_pairs = list(sizes.items() if isinstance(sizes, Mapping) else sizes)
        ids = _id_array([i for i, _ in id_pairs], "measured sizes")
        arr, n = size_array([sz for _, sz in id_pairs])
        if n != len(ids):
            raise InvalidArgument(message="measured sizes must be (width, height) pairs")
        id_ptr = (ctypes.c_uint64 * n).from_buffer(ids) if n else None
        _lib.cvl_view_set_measured_sizes_by_id(self.handle, id_ptr, arr, n)

    def clear_measured_sizes(self, section: int | None = None, items: Iterable[int] | None = None) -> int:
        """Marks items as not measured any more (their content changed): they are listed by
        :meth:`items_to_measure` again and keep their current size until measured anew, so nothing
        moves meanwhile. ``section`` None: every section; ``items`` None: every item of
        ``section``, else consecutive items of it: a ``range`` with step 1, or any iterable of
        item numbers that form one run (``[3, 4]``, in any order). Returns how many items stopped
        being measured. A section or range outside the counts raises, nothing changes; items that
        are not one run raise TypeError."""
        cleared = ctypes.c_size_t()
        if section is None:
            if items is not None:
                raise InvalidArgument(message="clear_measured_sizes: items need a section")
            _lib.cvl_view_clear_measured_sizes(self.handle, -1, 0, 0, ctypes.byref(cleared))
            return cleared.value
        section = int64(section, "section")
        if items is None:
            items = range(self.number_of_items(section))
        start, count = _one_run(items)
        _lib.cvl_view_clear_measured_sizes(
            self.handle, section, int64(start, "items start"), int64(count, "items count"), ctypes.byref(cleared))
        return cleared.value

    def _paths(self, function: str, *args: object) -> list[IndexPath]:
        count = ctypes.c_size_t()
        getattr(_lib, function)(self.handle, *args, None, 0, ctypes.byref(count))
        while True:
            n = count.value
            if n == 0:
                return []
            arr = (T.cvl_index_path * n)()
            try:
                getattr(_lib, function)(self.handle, *args, arr, n, ctypes.byref(count))
            except CapacityError:
                continue
            return [(arr[i].section, arr[i].item) for i in range(count.value)]

    def items_to_measure(self, rect: RectLike | None = None, margin: float = 0.0) -> list[IndexPath]:
        """The cells intersecting ``rect`` (default: the visible rect grown by ``margin`` on every
        side) whose size is still an estimate, in index-path order. Measure a margin of at least
        one scroll step so that cells are measured before they are drawn."""
        if rect is None:
            x, y, w, h = self.visible_rect
            rect = (x - margin, y - margin, w + 2 * margin, h + 2 * margin)
        return self._paths("cvl_view_items_to_measure", T.cvl_rect(*quad(rect)))

    def items_to_measure_for_scroll(self, index_path: IndexPath, position: PositionLike = "top") -> list[IndexPath]:
        """The unmeasured items that decide where :meth:`scroll_to_item` lands (the item and the
        viewport it would end in). Measure them and ask again until empty; then ``scroll_to_item``
        lands exactly, whatever the estimates of the items before it."""
        return self._paths("cvl_view_items_to_measure_for_scroll", index_path_c(index_path), _position(position))

    # --- identities and diffing -----------------------------------------------------------------
    def set_identifiers(self, sections: SnapshotLike) -> None:
        """Identifiers of the current data (no update): ``[(section_id, [item_id, ...]), ...]``
        or ``{section_id: [item_id, ...]}``, matching the view's counts. Elements then report
        them in :attr:`Attributes.identifier`."""
        snap = _Snapshot(sections)
        _lib.cvl_view_set_identifiers(self.handle, snap.array, snap.n)

    def set_identifier_source(self, item_identifier: Callable[[IndexPath], int],
                              section_identifier: Callable[[int], int] | None = None) -> None:
        """Identifiers by callback: ``item_identifier((section, item)) -> int`` and optionally
        ``section_identifier(section) -> int`` (default: the section's index)."""
        src = T.cvl_identifier_source()

        def item_fn(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_uint64]) -> None:
            out[0] = _id_array([item_identifier((ip.section, ip.item))], "item_identifier")[0]
        src.item_identifier = make(T.IdentifierSourceItemIdentifierFn, "item_identifier", item_fn, self._keep)
        if section_identifier is not None:
            identify_section = section_identifier

            def section_fn(_ctx: int | None, section: int, out: ctypes._Pointer[ctypes.c_uint64]) -> None:
                out[0] = _id_array([identify_section(section)], "section_identifier")[0]
            src.section_identifier = make(T.IdentifierSourceSectionIdentifierFn, "section_identifier", section_fn,
                                          self._keep)
        _lib.cvl_view_set_identifier_source(self.handle, ctypes.byref(src))

    def clear_identifiers(self) -> None:
        """Forgets the item and section identifiers: elements no longer carry one, and ``apply_snapshot`` needs new
        ones first."""
        _lib.cvl_view_clear_identifiers(self.handle)

    def item_identifier(self, index_path: IndexPath) -> int | None:
        """The identifier of the item at ``index_path`` (None when the view has none)."""
        out = ctypes.c_uint64()
        found = ctypes.c_int()
        _lib.cvl_view_item_identifier(self.handle, index_path_c(index_path), ctypes.byref(out), ctypes.byref(found))
        return out.value if found.value else None

    def index_path_for_identifier(self, identifier: int) -> IndexPath | None:
        """The index path of the item with ``identifier`` (None when no item has it)."""
        out = T.cvl_index_path()
        found = ctypes.c_int()
        _lib.cvl_view_index_path_for_identifier(self.handle, _id_array([identifier], "identifier")[0],
                                                ctypes.byref(out), ctypes.byref(found))
        return (out.section, out.item) if found.value else None

    def diff_snapshot(self, sections: SnapshotLike, changed: Iterable[int] = ()) -> list[UpdateItem]:
        """The batch update (deletes, inserts, reloads, moves, as perform_batch_updates takes
        them) from the current identifiers to ``sections``, without applying it. ``changed``:
        identifiers of items whose content changed."""
        snap = _Snapshot(sections, changed)
        count = ctypes.c_size_t()
        _lib.cvl_view_diff_snapshot(self.handle, snap.array, snap.n, snap.changed_pointer, len(snap.changed),
                                    None, 0, ctypes.byref(count))
        n = count.value
        if n == 0:
            return []
        arr = (T.cvl_update_item * n)()
        _lib.cvl_view_diff_snapshot(self.handle, snap.array, snap.n, snap.changed_pointer, len(snap.changed),
                                    arr, n, ctypes.byref(count))
        return [UpdateItem.from_struct(arr[i]) for i in range(count.value)]

    def apply_snapshot(self, sections: SnapshotLike, changed: Iterable[int] = (),
                       animation: AnimationLike = None) -> None:
        """apply(snapshot): computes the update from the current identifiers to ``sections``
        and commits it as :meth:`perform_batch_updates` would; the snapshot becomes the view's
        identifiers. With a list data source the counts follow the snapshot (restored if the call
        fails); another data source must already report the snapshot's counts."""
        snap = _Snapshot(sections, changed)
        anim = as_struct(animation)
        previous = None
        if self._counts is not None:
            previous, self._counts = self._counts, list(snap.counts)
        try:
            _lib.cvl_view_apply_snapshot(self.handle, snap.array, snap.n, snap.changed_pointer, len(snap.changed),
                                         ctypes.byref(anim) if anim is not None else None)
        except BaseException:
            if previous is not None:
                self._counts = previous
            raise

    def apply_snapshot_edits(self, edits: Iterable[tuple[int, int, int, Iterable[int]]],
                             changed: Iterable[int] = (), animation: AnimationLike = None) -> None:
        """apply(edits): the view's bulk identifiers changed by splices applied in order, each
        ``(section, start, remove_count, item_ids)`` replacing the items ``start ..< start +
        remove_count`` of ``section`` by ``item_ids`` (the splices of
        :meth:`FlowLayout.replace_item_sizes`), then committed as :meth:`apply_snapshot` would
        commit the snapshot they give. Only the run of each edited section between its first and
        its last edited item is diffed: a change of a few items costs that, not the whole list.
        With a list data source the counts follow the edits (restored if the call fails); another
        data source must already report the new counts."""
        packed = _Edits(edits, changed, self._counts)
        anim = as_struct(animation)
        previous = None
        if packed.counts is not None:
            previous, self._counts = self._counts, packed.counts
        try:
            _lib.cvl_view_apply_snapshot_edits(self.handle, packed.array, packed.n, packed.changed_pointer,
                                               len(packed.changed), ctypes.byref(anim) if anim is not None else None)
        except BaseException:
            if previous is not None:
                self._counts = previous
            raise

    def diff_snapshot_edits(self, edits: Iterable[tuple[int, int, int, Iterable[int]]],
                            changed: Iterable[int] = ()) -> list[UpdateItem]:
        """The batch update :meth:`apply_snapshot_edits` would commit for ``edits``, without
        applying it (the data source is not asked)."""
        packed = _Edits(edits, changed, None)
        count = ctypes.c_size_t()
        _lib.cvl_view_diff_snapshot_edits(self.handle, packed.array, packed.n, packed.changed_pointer,
                                          len(packed.changed), None, 0, ctypes.byref(count))
        n = count.value
        if n == 0:
            return []
        arr = (T.cvl_update_item * n)()
        _lib.cvl_view_diff_snapshot_edits(self.handle, packed.array, packed.n, packed.changed_pointer,
                                          len(packed.changed), arr, n, ctypes.byref(count))
        return [UpdateItem.from_struct(arr[i]) for i in range(count.value)]

    @overload
    def map_index_path(self, index_path: int, direction: str | int = "old_to_new") -> int | None: ...
    @overload
    def map_index_path(self, index_path: IndexPath, direction: str | int = "old_to_new") -> IndexPath | None: ...

    def map_index_path(self, index_path: IndexPath | int,
                       direction: str | int = "old_to_new") -> IndexPath | int | None:
        """Maps an index path (or a section, given as an int) across the last batch; None when it
        was deleted (old_to_new) or inserted (new_to_old)."""
        section_only = isinstance(index_path, int)
        ip = T.cvl_index_path(int64(index_path, "section"), -1) if section_only else index_path_c(index_path)
        try:
            d = DIRECTIONS[direction] if isinstance(direction, str) else int32(direction, "direction")
        except KeyError:
            raise InvalidArgument(message=f"unknown direction {direction!r} (old_to_new, new_to_old)") from None
        out = T.cvl_index_path()
        exists = ctypes.c_int()
        _lib.cvl_view_map_index_path(self.handle, d, ip, ctypes.byref(out), ctypes.byref(exists))
        if not exists.value:
            return None
        return out.section if section_only else (out.section, out.item)


def _one_run(items: Iterable[int]) -> tuple[int, int]:
    """``items`` (a range with step 1, or item numbers forming one run in any order) as
    (start, count); TypeError for anything else."""
    what = "clear_measured_sizes: items must be a range with step 1 or item numbers forming one run"
    if isinstance(items, range):
        if items.step != 1:
            raise TypeError(f"{what}, not {items!r}")
        return items.start, max(0, items.stop - items.start)
    try:
        numbers = sorted(operator.index(i) for i in items)
    except TypeError:
        raise TypeError(f"{what} (integers), not {items!r}") from None
    if not numbers:
        return 0, 0
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        raise TypeError(f"{what}, not {numbers!r}")
    return numbers[0], len(numbers)
