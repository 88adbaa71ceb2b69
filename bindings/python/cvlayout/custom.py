"""``Layout``: a UICollectionViewLayout written in Python (``cvl_custom_layout_create``)."""

from __future__ import annotations

import ctypes
from typing import Any, Callable

from ._layout_base import BaseLayout, create
from ._layout_callbacks import Invalidation, build
from .attributes import Attributes, LayoutEnv
from .geometry import IndexPath, Point, PointLike, Rect, SizeLike
from .updates import UpdateItem

_OPTIONAL = ("prepare", "attributes_for_element", "should_invalidate_for_bounds_change", "target_content_offset",
             "prepare_for_updates", "finalize_updates", "initial_attributes_for_appearing",
             "final_attributes_for_disappearing", "invalidate")


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

    def __init__(self) -> None:
        self._init_state()
        cls = type(self)
        for required in ("content_size", "attributes_in_rect"):
            if getattr(cls, required) is getattr(Layout, required):
                raise TypeError(f"{cls.__name__} must override {required}()")
        # The base (UICollectionViewLayout) answers nothing: each handler drops its base answer.
        handlers: dict[str, Callable[..., Any]] = {
            "content_size": lambda env, _base: self.content_size(env),
            "attributes_in_rect": lambda env, rect, _base: self.attributes_in_rect(env, rect),
        }
        adapters: dict[str, Callable[..., Any]] = {
            "prepare": lambda env: self.prepare(env),
            "attributes_for_element": lambda env, cat, kind, ip, _base: self.attributes_for_element(env, cat, kind, ip),
            "should_invalidate_for_bounds_change":
                lambda env, bounds, _base: self.should_invalidate_for_bounds_change(env, bounds),
            "target_content_offset":
                lambda env, proposed, velocity, _base: self.target_content_offset(env, proposed, velocity),
            "prepare_for_updates": lambda env, updates: self.prepare_for_updates(env, updates),
            "finalize_updates": lambda env: self.finalize_updates(env),
            "initial_attributes_for_appearing": lambda env, a, _base: self.initial_attributes_for_appearing(env, a),
            "final_attributes_for_disappearing": lambda env, a, _base: self.final_attributes_for_disappearing(env, a),
            "invalidate": lambda env, inv: self.invalidate(env, inv),
        }
        handlers.update({n: adapters[n] for n in _OPTIONAL if getattr(cls, n) is not getattr(Layout, n)})
        self._h = create("cvl_custom_layout_create", ctypes.byref(build(self, handlers, self._keep)))

    # --- to override ----------------------------------------------------------------------------
    def invalidate(self, env: LayoutEnv, invalidation: Invalidation) -> None:
        """invalidateLayoutWithContext:, right before :meth:`prepare`: what changed since the last
        prepare (:class:`~cvlayout._layout_callbacks.Invalidation`: ``flags``, ``items``,
        ``updates``), so the layout can recompute only that."""

    def prepare(self, env: LayoutEnv) -> None:
        """prepareLayout."""

    def content_size(self, env: LayoutEnv) -> SizeLike:
        """collectionViewContentSize: (width, height).  Required."""
        raise NotImplementedError

    def attributes_in_rect(self, env: LayoutEnv, rect: Rect) -> list[Attributes]:
        """layoutAttributesForElementsInRect: the elements whose frame intersects ``rect``.  Required."""
        raise NotImplementedError

    def attributes_for_element(self, env: LayoutEnv, category: str, kind: int,
                               index_path: IndexPath) -> Attributes | None:
        """layoutAttributesFor{Item,SupplementaryView,DecorationView}AtIndexPath: (None: no such element)."""
        return None

    def should_invalidate_for_bounds_change(self, env: LayoutEnv, new_bounds: Rect) -> bool:
        """shouldInvalidateLayoutForBoundsChange: (default False: a bounds change keeps the layout)."""
        return False

    def target_content_offset(self, env: LayoutEnv, proposed: Point, velocity: Point) -> PointLike:
        """targetContentOffsetForProposedContentOffset:withScrollingVelocity: (default: ``proposed``)."""
        return proposed

    def prepare_for_updates(self, env: LayoutEnv, updates: list[UpdateItem]) -> None:
        """prepareForCollectionViewUpdates: the batch's UpdateItems in UIKit's order."""

    def finalize_updates(self, env: LayoutEnv) -> None:
        """finalizeCollectionViewUpdates."""

    def initial_attributes_for_appearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        """Start attributes of an appearing element (``attributes`` are its final ones); None: a crossfade."""
        return None

    def final_attributes_for_disappearing(self, env: LayoutEnv, attributes: Attributes) -> Attributes | None:
        """End attributes of a disappearing element (``attributes`` are its last ones); None: a crossfade."""
        return None
