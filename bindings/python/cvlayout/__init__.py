"""cvlayout: UIKit's collection-view layout engine, headless (Python bindings of libcvlayout).

    >>> import cvlayout
    >>> layout = cvlayout.FlowLayout(item_size=(100, 100), minimum_line_spacing=10)
    >>> with cvlayout.CollectionView(layout, counts=[20], bounds_size=(320, 480)) as view:
    ...     cells = view.visible_attributes()

Layouts: FlowLayout (delegate callables, bulk item sizes, hooks), SurveyLayout,
DimensionsLayout, CoverFlowLayout, MosaicLayout, TreeLayout, CircleLayout, and Layout (subclass
it to write a layout in Python).  Errors are CvlError subclasses.
"""

from . import _lib
from ._layout_base import BaseLayout
from ._types import VERSION_NUMBER, VERSION_STRING
from .animation import Animation, interpolate_transform
from .attributes import Attributes, LayoutEnv
from .custom import Layout
from .errors import (CallbackError, CapacityError, CountOverflow, CvlError, InconsistentUpdate, InternalError,
                     InvalidArgument, InvalidHandle, LibraryError, NotAvailable, NullArgument, OutOfRange, StateError)
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
]
