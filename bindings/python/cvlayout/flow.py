"""The flow layout (UICollectionViewFlowLayout), its delegate, bulk item sizes and hooks, and the
seed's flow subclasses: Survey, Dimensions, Cover Flow."""

from __future__ import annotations

import ctypes
from array import array
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeAlias, TypeVar, overload

from . import _lib
from . import _types as T
from . import _item_callbacks
from ._arrays import DOUBLE_FORMATS, double_array, flag_array, in_place
from ._callbacks import make
from ._config_layouts import WaterfallConfigBase
from ._ints import index_path as index_path_c
from ._ints import SIZE_T, checked, int32, int64
from ._layout_callbacks import Invalidation, build
from ._layout_base import BaseLayout, create
from .attributes import Attributes, LayoutEnv
from .errors import InvalidArgument
from .geometry import IndexPath, InsetsLike, Rect, Size, SizeLike, insets, pair
from .updates import UpdateItem
from _ctypes import CFuncPtr

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

#: Item sizes as the API takes them: (width, height) pairs, or a buffer of doubles (numpy (n, 2)).
SizesLike: TypeAlias = "Iterable[SizeLike] | ReadableBuffer"
#: A per-section answer: a callable(section), a sequence indexed by section or a mapping.
PerSection: TypeAlias = "Callable[[int], Any] | Sequence[Any] | Mapping[int, Any]"
#: What the package exports from here (its __init__ takes the list as it is).
__all__ = ["CoverFlowLayout", "DimensionsLayout", "FlowLayout", "SurveyLayout", "WaterfallLayout", "aspect_fit_size"]

_V = TypeVar("_V")

DIRECTIONS: dict[str, int] = {"vertical": T.SCROLL_VERTICAL, "horizontal": T.SCROLL_HORIZONTAL}
DIRECTION_NAMES: dict[int, str] = {v: k for k, v in DIRECTIONS.items()}
LINE_ALIGNMENTS: dict[str, int] = {n.lower(): int(v) for n, v in T.LineAlignment.__members__.items()}
LAST_LINE_ALIGNMENTS: dict[str, int] = {n.lower(): int(v) for n, v in T.LastLineAlignment.__members__.items()}
ITEM_ALIGNMENTS: dict[str, int] = {n.lower(): int(v) for n, v in T.ItemAlignment.__members__.items()}
MODES: dict[str, int] = {"aspect_fit": T.LAYOUT_MODE_ASPECT_FIT, "aspect_fill": T.LAYOUT_MODE_ASPECT_FILL}
MODE_NAMES: dict[int, str] = {v: k for k, v in MODES.items()}


def _name(table: Mapping[str, int], value: int) -> str:
    for k, v in table.items():
        if v == value:
            return k
    return str(value)


def _enum(table: Mapping[str, int], what: str) -> Callable[[str | int], int]:
    def convert(value: str | int) -> int:
        if isinstance(value, str):
            try:
                return table[value]
            except KeyError:
                raise InvalidArgument(message=f"unknown {what} {value!r} ({', '.join(table)})") from None
        return int32(value, what)
    return convert


def _size_c(v: SizeLike) -> T.cvl_size:
    return T.cvl_size(*pair(v))


def _size_py(s: T.cvl_size) -> Size:
    return Size(s.width, s.height)


def _insets_c(v: InsetsLike) -> T.cvl_insets:
    return T.cvl_insets(*insets(v))


def _insets_py(s: T.cvl_insets) -> tuple[float, float, float, float]:
    return (s.top, s.left, s.bottom, s.right)


class _ConfigField(Generic[_V]):
    """A FlowLayout property backed by cvl_flow_layout_get_config / set_config: reads as ``_V``,
    accepts what ``to_c`` converts into the config struct's field."""

    def __init__(self, field: str, to_c: Callable[[Any], object], from_c: Callable[[Any], _V], doc: str):
        self.field, self.to_c, self.from_c, self.__doc__ = field, to_c, from_c, doc
        self.name = field

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _ConfigField[_V]: ...
    @overload
    def __get__(self, obj: FlowLayout, owner: type | None = None) -> _V: ...

    def __get__(self, obj: FlowLayout | None, owner: type | None = None) -> _ConfigField[_V] | _V:
        if obj is None:
            return self
        return self.from_c(getattr(obj._read_config(), self.field))

    def __set__(self, obj: FlowLayout, value: object) -> None:
        obj.configure(**{self.name: value})


def size_array(sizes: SizesLike | None) -> tuple[ctypes.Array[T.cvl_size] | None, int]:
    """(ctypes cvl_size array or None, count) from a sequence of (w, h) pairs or a buffer of doubles
    (e.g. a C-contiguous numpy array of shape (n, 2)): a buffer in place (``_arrays.in_place``: no
    copy of 10^7 sizes in Python first), pairs converted."""
    if sizes is None:
        return None, 0
    direct = in_place(sizes, T.cvl_size, DOUBLE_FORMATS, "a buffer of sizes must hold an even number of doubles")
    if direct is not None:
        return direct
    if not isinstance(sizes, Iterable):
        raise InvalidArgument(message=f"item sizes must be (width, height) pairs or a buffer of doubles, not {sizes!r}")
    pairs = sizes if isinstance(sizes, (list, tuple)) else list(sizes)
    n = len(pairs)
    if n == 0:
        return None, 0
    try:
        flat = array("d", chain.from_iterable(pairs))
    except TypeError as exc:
        raise InvalidArgument(message=f"item sizes must be (width, height) pairs of numbers: {exc}") from None
    if len(flat) != 2 * n:
        raise InvalidArgument(message="item sizes must be (width, height) pairs")
    return (T.cvl_size * n).from_buffer(flat), n


_DELEGATE_NAMES = ("size_for_item", "inset_for_section", "minimum_line_spacing_for_section",
                   "minimum_interitem_spacing_for_section", "header_size_for_section", "footer_size_for_section")
_HOOK_NAMES = ("adjust_attributes_in_rect", "adjust_attributes", "attributes_for_decoration", "prepare_for_updates",
               "finalize_updates", "initial_attributes_for_appearing", "final_attributes_for_disappearing",
               "invalidate")


def _per_section(value: PerSection | None) -> Callable[[int], Any] | None:
    """A callable(section) from a callable, a sequence indexed by section, or a mapping."""
    if value is None or callable(value):
        return value
    if isinstance(value, Mapping):
        table = value
        return lambda s: table[s]
    seq = list(value)
    return lambda s: seq[s]


class FlowLayout(BaseLayout):
    """UICollectionViewFlowLayout.

    ``FlowLayout(scroll_direction=..., item_size=..., minimum_line_spacing=...,
    minimum_interitem_spacing=..., section_inset=..., header_reference_size=...,
    footer_reference_size=..., pin_headers=..., pin_footers=..., delegate=None, ...)``

    Unset properties keep the layout's defaults, which the library owns (UIKit's for a plain flow
    layout, :meth:`defaults`; the seed's for Survey, Dimensions and Cover Flow). Delegate answers
    are given as ``delegate=obj`` (an object with any of the ``*_for_*`` methods) or as keyword
    callables; ``size_for_item`` may also be per-section sequences of sizes, handed to the library
    in bulk (:meth:`set_item_sizes`).

    Subclass and override :meth:`adjust_attributes_in_rect`, :meth:`adjust_attributes`,
    :meth:`attributes_for_decoration`, :meth:`prepare_for_updates`, :meth:`finalize_updates`,
    :meth:`initial_attributes_for_appearing`, :meth:`final_attributes_for_disappearing` or :meth:`invalidate` to
    "subclass" the flow layout as the seeds do (plain flow layouts only; only overridden hooks are
    installed).
    """

    KIND = "flow"
    _create_fn = "cvl_flow_layout_create"

    scroll_direction = _ConfigField("scroll_direction", _enum(DIRECTIONS, "scroll direction"),
                                    lambda v: DIRECTION_NAMES.get(v, str(v)), "'vertical' or 'horizontal'")
    item_size = _ConfigField("item_size", _size_c, _size_py, "(width, height)")
    minimum_line_spacing = _ConfigField("minimum_line_spacing", float, float, "may be negative")
    minimum_interitem_spacing = _ConfigField("minimum_interitem_spacing", float, float, ">= 0")
    section_inset = _ConfigField("section_inset", _insets_c, _insets_py, "(top, left, bottom, right)")
    header_reference_size = _ConfigField("header_reference_size", _size_c, _size_py, "(width, height); 0 = none")
    footer_reference_size = _ConfigField("footer_reference_size", _size_c, _size_py, "(width, height); 0 = none")
    pin_headers = _ConfigField("section_headers_pin_to_visible_bounds", lambda v: 1 if v else 0, bool,
                               "sectionHeadersPinToVisibleBounds")
    pin_footers = _ConfigField("section_footers_pin_to_visible_bounds", lambda v: 1 if v else 0, bool,
                               "sectionFootersPinToVisibleBounds")
    line_alignment = _ConfigField("line_alignment", _enum(LINE_ALIGNMENTS, "line alignment"),
                                  lambda v: _name(LINE_ALIGNMENTS, v),
                                  "full lines: 'justified' (UIKit), 'leading', 'center' or 'trailing'")
    last_line_alignment = _ConfigField("last_line_alignment", _enum(LAST_LINE_ALIGNMENTS, "last line alignment"),
                                       lambda v: _name(LAST_LINE_ALIGNMENTS, v),
                                       "'automatic' (UIKit's rule), 'justified', 'leading', 'center' or 'trailing'")
    item_alignment = _ConfigField("item_alignment", _enum(ITEM_ALIGNMENTS, "item alignment"),
                                  lambda v: _name(ITEM_ALIGNMENTS, v),
                                  "across a line: 'center' (UIKit), 'leading' (top/left) or 'trailing'")

    def __init__(self, *, scroll_direction: str | int | None = None, item_size: SizeLike | None = None,
                 minimum_line_spacing: float | None = None, minimum_interitem_spacing: float | None = None,
                 section_inset: InsetsLike | None = None, header_reference_size: SizeLike | None = None,
                 footer_reference_size: SizeLike | None = None, pin_headers: bool | None = None,
                 pin_footers: bool | None = None, line_alignment: str | int | None = None,
                 last_line_alignment: str | int | None = None, item_alignment: str | int | None = None,
                 delegate: object = None,
                 item_sizes: Sequence[SizesLike] | Mapping[int, SizesLike] | None = None,
                 size_for_item: Callable[[int, int], SizeLike] | Sequence[SizesLike] | None = None,
                 inset_for_section: PerSection | None = None,
                 minimum_line_spacing_for_section: PerSection | None = None,
                 minimum_interitem_spacing_for_section: PerSection | None = None,
                 header_size_for_section: PerSection | None = None, footer_size_for_section: PerSection | None = None,
                 estimated_item_size: SizeLike | None = None) -> None:
        self._init_state()
        self._delegate_keep: list[object] = []
        self._hooks_keep: list[object] = []
        self._h = create(self._create_fn)
        try:
            self._config = self._read_config()
            props = dict(scroll_direction=scroll_direction, item_size=item_size,
                         minimum_line_spacing=minimum_line_spacing,
                         minimum_interitem_spacing=minimum_interitem_spacing, section_inset=section_inset,
                         header_reference_size=header_reference_size, footer_reference_size=footer_reference_size,
                         pin_headers=pin_headers, pin_footers=pin_footers, line_alignment=line_alignment,
                         last_line_alignment=last_line_alignment, item_alignment=item_alignment)
            props = {k: v for k, v in props.items() if v is not None}
            if props:
                self.configure(**props)
            if estimated_item_size is not None:
                self.estimated_item_size = estimated_item_size
            callbacks = dict(size_for_item=size_for_item, inset_for_section=inset_for_section,
                             minimum_line_spacing_for_section=minimum_line_spacing_for_section,
                             minimum_interitem_spacing_for_section=minimum_interitem_spacing_for_section,
                             header_size_for_section=header_size_for_section,
                             footer_size_for_section=footer_size_for_section)
            if delegate is not None or any(v is not None for v in callbacks.values()):
                self.set_delegate(delegate, **callbacks)
            if item_sizes is not None:
                self._set_all_item_sizes(item_sizes)
            self._install_hooks()
        except BaseException:
            self.close()
            raise

    # --- properties ---------------------------------------------------------------------------
    def _read_config(self) -> T.cvl_flow_config:
        cfg = T.cvl_flow_config()
        _lib.cvl_flow_layout_get_config(self._ch(), ctypes.byref(cfg))
        self._config = cfg
        return cfg

    def configure(self, **properties: object) -> None:
        """Sets several properties in one call (all or nothing)."""
        cfg = T.cvl_flow_config.from_buffer_copy(self._config)
        fields = type(self)._config_fields()
        for name, value in properties.items():
            try:
                f = fields[name]
            except KeyError:
                raise TypeError(f"{type(self).__name__} has no property {name!r}") from None
            try:
                setattr(cfg, f.field, f.to_c(value))
            except (TypeError, ValueError) as exc:
                if isinstance(exc, InvalidArgument):
                    raise
                raise InvalidArgument(message=f"{name}: {exc}") from None
        _lib.cvl_flow_layout_set_config(self.handle, ctypes.byref(cfg))
        self._config = cfg

    @classmethod
    def _config_fields(cls) -> dict[str, _ConfigField[object]]:
        out: dict[str, _ConfigField[object]] = {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                if isinstance(value, _ConfigField):
                    out[name] = value
        return out

    @property
    def config(self) -> dict[str, object]:
        """Every property as a dict (the keyword arguments of the constructor)."""
        return {name: getattr(self, name) for name in self._config_fields()}

    @staticmethod
    def defaults() -> dict[str, object]:
        """UIKit's defaults (``cvl_flow_config_default``)."""
        cfg = T.cvl_flow_config()
        _lib.cvl_flow_config_default(ctypes.byref(cfg))
        return {name: f.from_c(getattr(cfg, f.field)) for name, f in FlowLayout._config_fields().items()}

    # --- delegate -----------------------------------------------------------------------------
    def set_delegate(self, delegate: object = None, **callbacks: object) -> None:
        """Sets (or with no arguments clears) the delegate.

        ``delegate`` is an object with any of ``size_for_item(section, item)``,
        ``inset_for_section(section)``, ``minimum_line_spacing_for_section(section)``,
        ``minimum_interitem_spacing_for_section(section)``, ``header_size_for_section(section)``,
        ``footer_size_for_section(section)``; keyword arguments of the same names override it.
        Per-section answers may be sequences (indexed by section) instead of callables;
        ``size_for_item`` as per-section sequences of sizes goes to :meth:`set_item_sizes`.
        """
        unknown = set(callbacks) - set(_DELEGATE_NAMES)
        if unknown:
            raise TypeError(f"unknown delegate callbacks: {', '.join(sorted(unknown))}")
        fns: dict[str, Any] = ({name: getattr(delegate, name, None) for name in _DELEGATE_NAMES}
                               if delegate is not None else {})
        fns.update({k: v for k, v in callbacks.items() if v is not None})
        bulk = fns.get("size_for_item")
        if bulk is not None and not callable(bulk):
            fns["size_for_item"] = None
        else:
            bulk = None
        keep: list[object] = []
        d = T.cvl_flow_delegate()

        def size_fn(fn: Callable[..., Any]) -> Callable[..., None]:
            def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[T.cvl_size]) -> None:
                w, h = pair(fn(ip.section, ip.item))
                o = out.contents
                o.width, o.height = w, h
            return cb

        def section_size_fn(fn: Callable[..., Any]) -> Callable[..., None]:
            def cb(_ctx: int | None, section: int, out: ctypes._Pointer[T.cvl_size]) -> None:
                w, h = pair(fn(section))
                o = out.contents
                o.width, o.height = w, h
            return cb

        def inset_fn(fn: Callable[..., Any]) -> Callable[..., None]:
            def cb(_ctx: int | None, section: int, out: ctypes._Pointer[T.cvl_insets]) -> None:
                top, left, bottom, right = insets(fn(section))
                o = out.contents
                o.top, o.left, o.bottom, o.right = top, left, bottom, right
            return cb

        def spacing_fn(fn: Callable[..., Any]) -> Callable[..., None]:
            def cb(_ctx: int | None, section: int, out: ctypes._Pointer[ctypes.c_double]) -> None:
                out[0] = fn(section)
            return cb

        # The delegate's answers are the user's (sizes, insets, numbers): typed by what the
        # converters above accept, they are checked there and by the library.
        makers: dict[str, Callable[[Callable[..., Any]], Callable[..., None]]] = {
            "size_for_item": size_fn, "inset_for_section": inset_fn,
            "minimum_line_spacing_for_section": spacing_fn, "minimum_interitem_spacing_for_section": spacing_fn,
            "header_size_for_section": section_size_fn, "footer_size_for_section": section_size_fn}
        prototypes = {f[0]: f[1] for f in T.cvl_flow_delegate._fields_}
        any_set = False
        for name, wrap in makers.items():
            proto = prototypes[name]
            assert issubclass(proto, CFuncPtr)  # every field of cvl_flow_delegate is a function pointer
            fn = fns.get(name)
            if name != "size_for_item":
                fn = _per_section(fn)
            if fn is None:
                continue
            setattr(d, name, make(proto, name, wrap(fn), keep))
            any_set = True
        _lib.cvl_flow_layout_set_delegate(self.handle, ctypes.byref(d) if any_set else None)
        self._delegate_keep = keep
        if bulk is not None:
            self._set_all_item_sizes(bulk)

    def _set_all_item_sizes(self, per_section: Sequence[SizesLike] | Mapping[int, SizesLike]) -> None:
        items: Iterable[tuple[int, SizesLike]] = (per_section.items() if isinstance(per_section, Mapping)
                                                  else enumerate(per_section))
        for section, sizes in items:
            self.set_item_sizes(section, sizes)

    def set_item_sizes(self, section: int, sizes: SizesLike | None) -> None:
        """Hands over every item size of ``section`` in one call: a sequence of (w, h) pairs or a
        buffer of doubles (numpy (n, 2)).  ``None`` clears the section's bulk sizes.

        For a batch update, set the new sizes first, then ``view.perform_batch_updates(...)``:
        the animation starts from the frames last drawn."""
        arr, n = size_array(sizes)
        _lib.cvl_flow_layout_set_item_sizes(self.handle, int64(section, "section"), arr, n)

    def replace_item_sizes(self, section: int, start: int, remove_count: int = 0, sizes: SizesLike = ()) -> None:
        """Edits ``section``'s bulk sizes in place: ``sizes`` replace the ``remove_count`` sizes at
        ``start`` (an insert: remove_count 0; a delete: no sizes). Nothing else is re-sent. Edit
        first, then perform the batch update (or apply the snapshot) that inserts or deletes
        those items."""
        arr, n = size_array(sizes)
        removed = checked(remove_count, "remove_count", SIZE_T)
        _lib.cvl_flow_layout_replace_item_sizes(
            self.handle, int64(section, "section"), int64(start, "start"), removed, arr, n)

    def clear_item_sizes(self) -> None:
        """Forgets every section's bulk sizes (the delegate or ``item_size`` answers again)."""
        _lib.cvl_flow_layout_clear_item_sizes(self.handle)

    @property
    def estimated_item_size(self) -> Size:
        """UIKit's estimatedItemSize: the size of unmeasured items of sections without bulk
        sizes or a size_for_item delegate; (0, 0) (the default) is off. Measured sizes:
        ``CollectionView.set_measured_sizes``."""
        out = T.cvl_size()
        _lib.cvl_flow_layout_get_estimated_item_size(self._ch(), ctypes.byref(out))
        return _size_py(out)

    @estimated_item_size.setter
    def estimated_item_size(self, value: SizeLike) -> None:
        _lib.cvl_flow_layout_set_estimated_item_size(self.handle, _size_c(value))

    # --- frames from the last prepare (callable from hooks) ---------------------------------
    def item_frame(self, index_path: IndexPath) -> Rect:
        """The flow layout's own frame of an item (before hooks), from the last prepare; on a
        waterfall, the waterfall's frame (it lays out no flow lines)."""
        out = T.cvl_rect()
        _lib.cvl_flow_layout_item_frame(self._ch(), index_path_c(index_path), ctypes.byref(out))
        return Rect(out.x, out.y, out.width, out.height)

    def section_frame(self, section: int) -> Rect:
        """The frame of a section's items, header and footer included, from the last prepare (on a
        waterfall, the waterfall's section)."""
        out = T.cvl_rect()
        _lib.cvl_flow_layout_section_frame(self._ch(), int64(section, "section"), ctypes.byref(out))
        return Rect(out.x, out.y, out.width, out.height)

    # --- hooks: override in a subclass --------------------------------------------------------
    def adjust_attributes_in_rect(self, env: LayoutEnv, rect: Rect,
                                  attributes: list[Attributes]) -> Sequence[Attributes] | None:
        """After a rect query: return the (adjusted) list, possibly with added elements; None keeps
        ``attributes`` as modified in place."""
        return None

    def adjust_attributes(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        """After a single-element query: modify in place or return replacement Attributes."""
        return None

    def attributes_for_decoration(self, env: LayoutEnv, kind: int, index_path: IndexPath) -> Attributes | None:
        """layoutAttributesForDecorationViewOfKind:atIndexPath: (None: no such decoration)."""
        return None

    def prepare_for_updates(self, env: LayoutEnv, updates: list[UpdateItem]) -> None:
        """prepareForCollectionViewUpdates: with UpdateItems in UIKit's order."""

    def finalize_updates(self, env: LayoutEnv) -> None:
        """finalizeCollectionViewUpdates."""

    def initial_attributes_for_appearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        """Start attributes of an appearing element (``attributes`` are its final ones); None: crossfade."""
        return None

    def final_attributes_for_disappearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        """End attributes of a disappearing element; None: crossfade."""
        return None

    def invalidate(self, env: LayoutEnv, invalidation: Invalidation) -> None:
        """invalidateLayoutWithContext: what changed since the last prepare, right before it
        (bulk size edits included: see ``cvl_invalidation``)."""

    def _overridden_hooks(self) -> list[str]:
        cls = type(self)
        return [n for n in _HOOK_NAMES if getattr(cls, n) is not getattr(FlowLayout, n)]

    def _install_hooks(self) -> None:
        names = self._overridden_hooks()
        if not names:
            return
        # The flow layout is the base: each hook gets the flow's answer (the table's in/out
        # arguments) and adjusts it, as a subclass calling super does.
        adapters: dict[str, tuple[str, Callable[..., Any]]] = {
            "adjust_attributes_in_rect": ("attributes_in_rect", self.adjust_attributes_in_rect),
            "prepare_for_updates": ("prepare_for_updates", self.prepare_for_updates),
            "finalize_updates": ("finalize_updates", self.finalize_updates),
            "initial_attributes_for_appearing": ("initial_attributes_for_appearing",
                                                 lambda env, a, _base: self.initial_attributes_for_appearing(env, a)),
            "final_attributes_for_disappearing": ("final_attributes_for_disappearing",
                                                  lambda env, a, _base: self.final_attributes_for_disappearing(env, a)),
            "invalidate": ("invalidate", self.invalidate),
        }
        handlers = {field: fn for name, (field, fn) in adapters.items() if name in names}
        if "adjust_attributes" in names or "attributes_for_decoration" in names:
            handlers["attributes_for_element"] = self._element_hook
        keep: list[object] = []
        _lib.cvl_flow_layout_set_hooks(self.handle, ctypes.byref(build(self, handlers, keep)))
        self._hooks_keep = keep

    def _element_hook(self, env: LayoutEnv, category: str, kind: int, index_path: IndexPath,
                      base: Attributes | None) -> Attributes | None:
        """A single-element query: the flow's cell, header or footer goes to
        :meth:`adjust_attributes`; a decoration (the flow has none) to :meth:`attributes_for_decoration`."""
        if category == "decoration":
            return self.attributes_for_decoration(env, kind, index_path) if base is None else base
        if base is None:
            return None
        replaced = self.adjust_attributes(env, base)
        return base if replaced is None else replaced

class SurveyLayout(FlowLayout):
    """The evenly spaced Survey layout with binder decorations (Furrow ch. 4, Listings 4.1-4.12):
    insets 30/80/30/20, spacings 20, items 200x200, header 60x70.  Per-item sizes via
    ``size_for_item`` (see :func:`aspect_fit_size`)."""

    KIND = "survey"
    _create_fn = "cvl_survey_layout_create"


class CoverFlowLayout(FlowLayout):
    """Cover Flow (Furrow ch. 4, Listings 4.29-4.32): horizontal, item 180x180, line spacing -60,
    perspective transforms; custom[0] = masking value, custom[1] = should rasterize.

    Works on any viewport: with ``derive_insets`` (True by default) a zero section inset is
    derived from the bounds (one vertically centred row, first and last covers reachable at the
    centre); a non-zero ``section_inset`` is used as given, and so is a zero one with
    ``derive_insets=False``. The listing's constants are
    keyword arguments and :meth:`set_params` (``active_distance``, ``translate_distance``,
    ``zoom_factor``, ``flow_offset``, ``inactive_grey_value``, ``maximum_angle`` in radians,
    ``perspective_factor``), so the layout also works in terminal cells."""

    KIND = "cover_flow"
    _create_fn = "cvl_cover_flow_layout_create"
    PARAMS = ("active_distance", "translate_distance", "zoom_factor", "flow_offset", "inactive_grey_value",
              "maximum_angle", "perspective_factor", "derive_insets")
    SPEC_KEYS = PARAMS

    def __init__(self, **properties: Any) -> None:
        params = {k: properties.pop(k) for k in list(properties) if k in self.PARAMS}
        super().__init__(**properties)
        try:
            if params:
                self.set_params(**params)
        except BaseException:
            self.close()
            raise

    @property
    def params(self) -> dict[str, float | bool]:
        """The constants in use, and ``derive_insets`` (bool)."""
        out = T.cvl_cover_flow_params()
        _lib.cvl_cover_flow_layout_get_params(self._ch(), ctypes.byref(out))
        d: dict[str, float | bool] = {k: float(getattr(out, k)) for k in self.PARAMS if k != "derive_insets"}
        d["derive_insets"] = bool(out.derive_insets)
        return d

    def set_params(self, **changes: float | bool) -> None:
        """Changes some constants (the others keep their values); raises ``InvalidArgument``
        (nothing changed) for a value out of range."""
        unknown = set(changes) - set(self.PARAMS)
        if unknown:
            raise TypeError(f"unknown Cover Flow parameter(s): {', '.join(sorted(unknown))}")
        out = T.cvl_cover_flow_params()
        _lib.cvl_cover_flow_layout_get_params(self._ch(), ctypes.byref(out))
        for k, v in changes.items():
            setattr(out, k, int(bool(v)) if k == "derive_insets" else float(v))
        _lib.cvl_cover_flow_layout_set_params(self.handle, ctypes.byref(out))


class DimensionsLayout(FlowLayout):
    """The Dimensions layout (Furrow ch. 4, Listings 4.18-4.23): custom[0] of each cell is the layout
    mode, ``mode='aspect_fit'|'aspect_fill'`` for all, or per item from ``mode_for_item``."""

    KIND = "dimensions"
    SPEC_KEYS = ("mode",)
    _create_fn = "cvl_dimensions_layout_create"

    def __init__(self, *, mode: str | int | None = None,
                 mode_for_item: Callable[[int, int], str | int] | None = None, **flow: Any) -> None:
        self._mode_keep: list[object] = []
        super().__init__(**flow)
        try:
            if mode is not None:
                self.mode = mode
            if mode_for_item is not None:
                self.set_mode_for_item(mode_for_item)
        except BaseException:
            self.close()
            raise

    @property
    def mode(self) -> str:
        """'aspect_fit' or 'aspect_fill': the mode of every cell without a per-item answer."""
        out = ctypes.c_int32()
        _lib.cvl_dimensions_layout_get_mode(self._ch(), ctypes.byref(out))
        return MODE_NAMES.get(out.value, str(out.value))

    @mode.setter
    def mode(self, value: str | int) -> None:
        _lib.cvl_dimensions_layout_set_mode(self.handle, _enum(MODES, "layout mode")(value))

    def set_mode_for_item(self, fn: Callable[[int, int], str | int] | None) -> None:
        """Per-item mode callback ``fn(section, item) -> 'aspect_fit' | 'aspect_fill'``; None clears."""
        if fn is None:
            _lib.cvl_dimensions_layout_set_mode_callback(self.handle, None, None)
            self._mode_keep = []
            return
        convert = _enum(MODES, "layout mode")

        def cb(_ctx: int | None, ip: T.cvl_index_path, out: ctypes._Pointer[ctypes.c_int32]) -> None:
            out[0] = convert(fn(ip.section, ip.item))
        keep: list[object] = []
        c_fn = make(T.DimensionsLayoutSetModeCallbackFn, "mode_for_item", cb, keep)
        _lib.cvl_dimensions_layout_set_mode_callback(self.handle, c_fn, None)
        self._mode_keep = keep


def aspect_fit_size(image_size: SizeLike, max_size: SizeLike = (200.0, 200.0)) -> Size:
    """Listing 3.9: the size of an item showing an image of ``image_size`` scaled to fit ``max_size``."""
    out = T.cvl_size()
    _lib.cvl_aspect_fit_size(_size_c(image_size), _size_c(max_size), ctypes.byref(out))
    return Size(out.width, out.height)




_SIZE_T_MAX = (0, (1 << 63) - 1, "size_t")


class WaterfallLayout(FlowLayout, WaterfallConfigBase):
    """The waterfall (masonry, staggered grid) layout (include/cvlayout.h, "Waterfall";
    docs/waterfall-rules.md): each item into the shortest column (the leftmost on ties) or in
    order, its extent given directly or its height scaled from its size to the column width
    (CHTCollectionViewWaterfallLayout's rule); items flagged full-span cross every column below the
    tallest one (Android's ``setFullSpan``, Compose's ``FullLine``).

    A flow layout: sizes come from ``item_sizes`` / ``size_for_item`` / ``item_size`` as for the
    flow; ``minimum_interitem_spacing`` is the gap between columns, ``minimum_line_spacing`` the gap
    between items of a column, ``section_inset``, ``header_reference_size`` and
    ``footer_reference_size`` (their extents along the scroll axis) and ``scroll_direction``
    (horizontal: columns become rows) as in the flow. Its own properties, the fields of
    ``cvl_waterfall_config`` (generated: ``WaterfallConfigBase``): ``column_count`` (default 2),
    ``minimum_column_width`` (0 = use ``column_count``; > 0: the count is derived from it) and
    ``placement`` (``"shortest"``, default, or ``"in_order"``; read back as an int). Per-section
    data: :meth:`set_full_spans`, :meth:`set_item_extents` (and their ``replace_*`` range edits
    for batch updates), :meth:`set_section_columns`. No pinning, no self-sizing estimate
    (rejected). Bad values raise ``InvalidArgument`` and change nothing."""

    KIND = "waterfall"
    SPEC_KEYS = WaterfallConfigBase.SPEC_KEYS
    _create_fn = "cvl_waterfall_layout_create"

    def __init__(self, *, column_count: int | None = None, minimum_column_width: float | None = None,
                 placement: T.ColumnPlacement | T.ColumnPlacementName | int | None = None,
                 **flow: Any) -> None:
        super().__init__(**flow)
        try:
            if column_count is not None or minimum_column_width is not None or placement is not None:
                self.configure_columns(column_count=column_count, minimum_column_width=minimum_column_width,
                                       placement=placement)
        except BaseException:
            self.close()
            raise

    def _write_struct(self, values: dict[str, Any]) -> None:
        p = values.get("placement")
        if isinstance(p, str):
            values = {**values, "placement": T.ColumnPlacement.coerce(p)}
        super()._write_struct(values)

    def configure_columns(self, *, column_count: int | None = None, minimum_column_width: float | None = None,
                          placement: T.ColumnPlacement | T.ColumnPlacementName | int | None = None) -> None:
        """Sets the properties given (None keeps one), all or nothing (the library validates)."""
        given = (("column_count", column_count), ("minimum_column_width", minimum_column_width),
                 ("placement", placement))
        self._write_struct({k: v for k, v in given if v is not None})

    def set_full_spans(self, section: int, flags: Iterable[bool | int] | None) -> None:
        """Which items of ``section`` span every column (one bool or 0/1 per item); ``None``
        removes them. The list must have as many entries as the section has items when the view
        next lays out."""
        arr, n = flag_array(flags, "flags")
        _lib.cvl_waterfall_layout_set_full_spans(self.handle, int64(section, "section"), arr, n)

    def replace_full_spans(self, section: int, start: int, remove_count: int = 0,
                           flags: Iterable[bool | int] = ()) -> None:
        """Replaces the ``remove_count`` flags at ``start`` of ``section`` by ``flags``: edit them
        first, then perform the batch update that inserts or deletes those items."""
        arr, n = flag_array(flags, "flags")
        _lib.cvl_waterfall_layout_replace_full_spans(self.handle, int64(section, "section"), int64(start, "start"),
                                                     checked(remove_count, "remove_count", _SIZE_T_MAX), arr, n)

    def set_item_extents(self, section: int, extents: Iterable[float] | None) -> None:
        """The extent along the scroll axis (height; width when horizontal) of every item of
        ``section``, given directly; ``None`` removes them (sizes scaled to the column again). A
        buffer of doubles (a numpy float64 array) is handed over in place, without a copy."""
        arr, n = double_array(extents, "extents")
        _lib.cvl_waterfall_layout_set_extents(self.handle, int64(section, "section"), arr, n)

    def replace_item_extents(self, section: int, start: int, remove_count: int = 0,
                             extents: Iterable[float] = ()) -> None:
        """Replaces the ``remove_count`` extents at ``start`` of ``section`` by ``extents``."""
        arr, n = double_array(extents, "extents")
        _lib.cvl_waterfall_layout_replace_extents(self.handle, int64(section, "section"), int64(start, "start"),
                                                  checked(remove_count, "remove_count", _SIZE_T_MAX), arr, n)

    def set_callbacks(self, *, full_span: Callable[[int, int], bool] | None = None,
                      extent: Callable[[int, int], float] | None = None,
                      columns: Callable[[int], int | tuple[int, float]] | None = None) -> None:
        """Answers by callback instead of bulk arrays: ``full_span(section, item)`` -> bool,
        ``extent(section, item)`` -> the item's extent along the scroll axis (instead of its
        size scaled to the column), ``columns(section)`` -> an int or ``(columns,
        minimum_column_width)`` (CHT's ``columnCountForSection``). A section with a bulk array
        is not asked for it; each layout pass that places the items asks every other item once
        (include/cvlayout.h, ``cvl_waterfall_callbacks``). No arguments: removes them. A bad
        answer or an exception fails the layout pass with CallbackError, the frames kept."""
        keep: list[object] = []
        d = _item_callbacks.build(T.cvl_waterfall_callbacks, {
            "is_full_span": full_span, "extent_for_item": extent, "columns_for_section": columns}, keep)
        _lib.cvl_waterfall_layout_set_callbacks(self.handle, ctypes.byref(d) if d is not None else None)
        self._callbacks_keep = keep

    def set_section_columns(self, columns: Iterable[int | tuple[int, float]]) -> None:
        """Per-section column counts (CHT's ``columnCountForSection``): entry s is section s's, an
        int (fixed; 0: the config's) or ``(columns, minimum_column_width)`` (a width > 0 derives
        the count). An empty list removes them."""
        entries = []
        for i, e in enumerate(columns):
            cols, width = (e, 0.0) if not isinstance(e, tuple) else e
            if not isinstance(width, (int, float)) or isinstance(width, bool):
                raise TypeError(f"columns[{i}] minimum_column_width is a number, not {width!r}")
            entries.append(T.cvl_waterfall_section_columns(int64(cols, f"columns[{i}]"), float(width)))
        arr = (T.cvl_waterfall_section_columns * len(entries))(*entries) if entries else None
        _lib.cvl_waterfall_layout_set_section_columns(self.handle, arr, len(entries))
