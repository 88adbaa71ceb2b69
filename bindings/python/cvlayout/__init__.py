"""cvlayout: UIKit's collection-view layout engine, headless (Python bindings of libcvlayout).

    >>> import cvlayout
    >>> layout = cvlayout.FlowLayout(item_size=(100, 100), minimum_line_spacing=10)
    >>> with cvlayout.CollectionView(layout, counts=[20], bounds_size=(320, 480)) as view:
    ...     cells = view.visible_attributes()
    ...     cells[0].frame
    Rect(x=0.0, y=0.0, width=100.0, height=100.0)

The pieces (``help(cvlayout.X)`` for each):

- Layouts: FlowLayout (delegate callables, bulk item sizes, hooks), SurveyLayout,
  DimensionsLayout, CoverFlowLayout, MosaicLayout, TreeLayout, CircleLayout; subclass Layout to
  write one in Python.
- CollectionView: data source (counts), bounds, content offset, queries (visible_attributes,
  attributes_in_rect, attributes_for_item, index_path_at), batch updates, layout switches,
  scrolling; raw_attributes for the bulk path: AttributesBuffer, ATTRIBUTES_DTYPE (numpy, imported
  on first use), ATTRIBUTES_BUFFER_FORMAT (PEP 3118).
- Attributes: one element's attributes; Rect, Point, Size: geometry in and out (plain tuples are
  accepted too).
- Animation: curves and springs. The host owns the clock: view.set_time(seconds) moves it; an
  animated change starts at the view's current time (+ delay) and queries return the on-screen
  attributes at that time.
- Updates: insert_items, delete_items, reload_items, move_item and their section forms.
- Enums generated from the header: Category, Kind, Curve, ScrollPosition, ScrollDirection,
  UpdateAction, LayoutMode, Invalidation, MapDirection, LayoutType; every function taking one
  also accepts its lower-case name ("ease_in_out") and rejects unknown names at once with
  InvalidArgument listing the valid ones.
- Errors: CvlError and one subclass per status code (InvalidArgument is a ValueError, OutOfRange
  an IndexError, ...).
"""

from typing import TYPE_CHECKING

from . import _lib
from ._bulk import AttributesBuffer
from ._layout_base import BaseLayout
from ._types import ATTRIBUTES_BUFFER_FORMAT
from ._types import (VERSION_NUMBER, VERSION_STRING, AnimationFlag, Category, Curve, Invalidation, Kind, LayoutMode,
                     LayoutType, MapDirection, Rotation, ScrollDirection, ScrollPosition, UpdateAction)
from .animation import Animation, interpolate_transform
from .attributes import Attributes, LayoutEnv
from .custom import Layout
from .errors import (CallbackError, CapacityError, CountOverflow, CvlError, InconsistentUpdate, InternalError,
                     InvalidArgument, InvalidHandle, LibraryError, NotAvailable, NullArgument, OutOfRange, StateError)
from .geometry import Point, Rect, Size
from .flow import CoverFlowLayout, DimensionsLayout, FlowLayout, SurveyLayout, WaterfallLayout, aspect_fit_size
from .seeds import CircleLayout, MosaicLayout, TreeLayout, parse_tree
from .updates import (UpdateItem, delete_items, delete_sections, insert_items, insert_sections, move_item,
                      move_section, reload_items, reload_sections)
from .view import CollectionView

__version__ = VERSION_STRING
library_path = _lib.path
library_version = _lib.library_version

__all__ = [
    "Animation", "Attributes", "BaseLayout", "CallbackError", "CapacityError", "CircleLayout", "CollectionView",
    "CountOverflow", "CoverFlowLayout", "CvlError", "DimensionsLayout", "FlowLayout", "InconsistentUpdate",
    "InternalError", "InvalidArgument", "InvalidHandle", "Layout", "LayoutEnv", "LibraryError", "MosaicLayout",
    "NotAvailable", "NullArgument", "OutOfRange", "StateError", "SurveyLayout", "TreeLayout", "UpdateItem",
    "VERSION_NUMBER", "WaterfallLayout", "aspect_fit_size", "delete_items", "delete_sections", "insert_items",
    "insert_sections", "interpolate_transform", "move_item", "move_section", "parse_tree", "reload_items",
    "reload_sections",
    "Point", "Rect", "Size",
    "AnimationFlag", "Category", "Curve", "Invalidation", "Kind", "LayoutMode", "LayoutType", "MapDirection",
    "Rotation", "ScrollDirection", "ScrollPosition", "UpdateAction",
    "library_path", "library_version", "AttributesBuffer", "ATTRIBUTES_BUFFER_FORMAT",
]

if TYPE_CHECKING:
    import numpy
    ATTRIBUTES_DTYPE: numpy.dtype[numpy.void]


def __getattr__(name: str) -> object:
    # ATTRIBUTES_DTYPE imports numpy when first read (ImportError without it), so that importing
    # cvlayout never does. It is not in __all__ or dir() for the same reason.
    if name == "ATTRIBUTES_DTYPE":
        from ._bulk import attributes_dtype
        return attributes_dtype()
    raise AttributeError(f"module 'cvlayout' has no attribute {name!r}")

