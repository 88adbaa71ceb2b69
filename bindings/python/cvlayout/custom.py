"""``Layout``: a UICollectionViewLayout written in Python (``cvl_custom_layout_create``)."""

from __future__ import annotations

import ctypes

from . import _types as T
from ._callbacks import make
from ._layout_base import BaseLayout, create
from .attributes import CATEGORY_NAMES, Attributes, LayoutEnv, read_one, write_buffer, write_optional
from .errors import ERROR_CAPACITY
from .geometry import Point, Rect, Size, pair
from .updates import read_items

_OPTIONAL = ("prepare", "attributes_for_element", "should_invalidate_for_bounds_change", "target_content_offset",
             "prepare_for_updates", "finalize_updates", "initial_attributes_for_appearing",
             "final_attributes_for_disappearing")


class Layout(BaseLayout):
    """Subclass and override :meth:`content_size` and :meth:`attributes_in_rect` (required) and
    any of :meth:`prepare`, :meth:`attributes_for_element`,
    :meth:`should_invalidate_for_bounds_change`, :meth:`target_content_offset`,
    :meth:`prepare_for_updates`, :meth:`finalize_updates`,
    :meth:`initial_attributes_for_appearing`, :meth:`final_attributes_for_disappearing`.
    Methods not overridden keep UIKit's defaults (the library's).  Call ``super().__init__()``.

    Every method receives ``env`` (:class:`~cvlayout.attributes.LayoutEnv`: bounds size,
    content offset, counts).  An exception raised in one fails the view's call with
    ``CallbackError`` chained to it."""

    def __init__(self):
        self._init_state()
        self._rect_cache = None
        cls = type(self)
        for required in ("content_size", "attributes_in_rect"):
            if getattr(cls, required) is getattr(Layout, required):
                raise TypeError(f"{cls.__name__} must override {required}()")
        cb = T.cvl_layout_callbacks()
        cb.content_size = make(T.LayoutCallbacksContentSizeFn, "content_size", self._c_content_size, self._keep)
        cb.attributes_in_rect = make(T.LayoutCallbacksAttributesInRectFn, "attributes_in_rect", self._c_in_rect, self._keep)
        for name in _OPTIONAL:
            if getattr(cls, name) is not getattr(Layout, name):
                proto = dict(T.cvl_layout_callbacks._fields_)[name]
                setattr(cb, name, make(proto, name, getattr(self, "_c_" + name), self._keep))
        self._h = create("cvl_custom_layout_create", ctypes.byref(cb))

    # --- to override ----------------------------------------------------------------------------
    def prepare(self, env: LayoutEnv) -> None:
        """prepareLayout."""

    def content_size(self, env: LayoutEnv) -> Size:
        """collectionViewContentSize: (width, height).  Required."""
        raise NotImplementedError

    def attributes_in_rect(self, env: LayoutEnv, rect: Rect) -> list[Attributes]:
        """layoutAttributesForElementsInRect: the elements whose frame intersects ``rect``.  Required."""
        raise NotImplementedError

    def attributes_for_element(self, env: LayoutEnv, category: str, kind: int, index_path) -> Attributes | None:
        """layoutAttributesFor{Item,SupplementaryView,DecorationView}AtIndexPath: (None: no such element)."""
        return None

    def should_invalidate_for_bounds_change(self, env: LayoutEnv, new_bounds: Rect) -> bool:
        return False

    def target_content_offset(self, env: LayoutEnv, proposed: Point, velocity: Point) -> Point:
        return proposed

    def prepare_for_updates(self, env: LayoutEnv, updates: list) -> None:
        pass

    def finalize_updates(self, env: LayoutEnv) -> None:
        pass

    def initial_attributes_for_appearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        return None

    def final_attributes_for_disappearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        return None

    # --- C adapters -----------------------------------------------------------------------------
    def _c_prepare(self, _ctx, env_p):
        self.prepare(LayoutEnv.from_pointer(env_p))

    def _c_content_size(self, _ctx, env_p, out):
        w, h = pair(self.content_size(LayoutEnv.from_pointer(env_p)))
        o = out.contents
        o.width, o.height = w, h

    def _c_in_rect(self, _ctx, env_p, rect, buf, capacity, out_count):
        env = LayoutEnv.from_pointer(env_p)
        r = (rect.x, rect.y, rect.width, rect.height)
        key = (r, env)
        cached, self._rect_cache = self._rect_cache, None
        if cached is not None and cached[0] == key:
            result = cached[1]
        else:
            result = list(self.attributes_in_rect(env, r))
        out_count[0] = len(result)
        if len(result) > capacity:
            self._rect_cache = (key, result)
            return ERROR_CAPACITY
        write_buffer(buf, result)

    def _c_attributes_for_element(self, _ctx, env_p, category, kind, ip, buf, out_found):
        a = self.attributes_for_element(LayoutEnv.from_pointer(env_p), CATEGORY_NAMES.get(category, category), kind,
                                        (ip.section, ip.item))
        write_optional(buf, out_found, a)

    def _c_should_invalidate_for_bounds_change(self, _ctx, env_p, rect, out):
        r = (rect.x, rect.y, rect.width, rect.height)
        out[0] = 1 if self.should_invalidate_for_bounds_change(LayoutEnv.from_pointer(env_p), r) else 0

    def _c_target_content_offset(self, _ctx, env_p, proposed, velocity, out):
        x, y = pair(self.target_content_offset(LayoutEnv.from_pointer(env_p), (proposed.x, proposed.y),
                                               (velocity.x, velocity.y)))
        o = out.contents
        o.x, o.y = x, y

    def _c_prepare_for_updates(self, _ctx, env_p, items, count):
        self.prepare_for_updates(LayoutEnv.from_pointer(env_p), read_items(items, count))

    def _c_finalize_updates(self, _ctx, env_p):
        self.finalize_updates(LayoutEnv.from_pointer(env_p))

    def _appear(self, method, env_p, buf, out_use):
        a = read_one(buf, self._kind_names)
        write_optional(buf, out_use, method(LayoutEnv.from_pointer(env_p), a))

    def _c_initial_attributes_for_appearing(self, _ctx, env_p, buf, out_use):
        self._appear(self.initial_attributes_for_appearing, env_p, buf, out_use)

    def _c_final_attributes_for_disappearing(self, _ctx, env_p, buf, out_use):
        self._appear(self.final_attributes_for_disappearing, env_p, buf, out_use)


