"""cvlayout: UIKit's collection-view layout engine, headless (Python bindings of libcvlayout).

    >>> import cvlayout
    >>> layout = cvlayout.FlowLayout(item_size=(100, 100), minimum_line_spacing=10)
    >>> with cvlayout.CollectionView(layout, counts=[20], bounds_size=(320, 480)) as view:
    ...     view.visible_attributes()[0].frame
    Rect(x=0.0, y=0.0, width=100.0, height=100.0)

This page is the reference's index; ``help(cvlayout.NAME)`` documents each name in full.

Views and layouts
    CollectionView      a headless UICollectionView: data source (counts), bounds, content
                        offset, queries, batch updates, layout switches, scrolling, self-sizing
    FlowLayout          UICollectionViewFlowLayout: properties, delegate callables, bulk item
                        sizes, hooks for a subclass
    LAYOUTS             every layout class by its kind, one for each layout type of the header:
{layout classes}
    parse_tree()        reads a tree layout's nested description
    Layout              subclass to write a layout in Python (content_size, attributes_in_rect)
    BaseLayout          what every layout shares (layout_type, register_kind, close)
    LayoutEnv           what a layout callback knows: bounds, offset, counts
    aspect_fit_size()   an image's size scaled to fit (Listing 3.9)

Elements and geometry
    Attributes          one element's attributes (UICollectionViewLayoutAttributes)
    Rect, Point, Size   named tuples out; plain tuples are accepted in
    AttributesBuffer    the bulk path: CollectionView.raw_attributes() fills one (or the caller's
                        own buffer, ``out=``) with cvl_attributes records, no Python objects;
                        ATTRIBUTES_DTYPE (a numpy dtype; numpy is imported when it is first
                        read) and ATTRIBUTES_BUFFER_FORMAT (PEP 3118) describe the records;
                        without numpy, ATTRIBUTES_FORMAT (a struct.Struct) unpacks one as a flat
                        tuple and AttributesField names each field's position in it

Updates and animation
    insert_items(), delete_items(), reload_items(), move_item(), insert_sections(),
    delete_sections(), reload_sections(), move_section()
                        the changes of a batch update (UpdateItem)
    Animation           curves and springs; interpolate_transform() blends two transforms.
                        The host owns the clock: view.set_time(seconds) moves it; an animated
                        change starts at the view's current time (+ delay) and queries answer
                        for the current time

Enums (from include/cvlayout.h; every function taking one also takes its lower-case name,
"ease_in_out", and refuses an unknown name at once with InvalidArgument listing the valid ones)
    Category, Kind, Curve, Rotation, AnimationFlag, ScrollPosition, ScrollDirection,
    UpdateAction, LayoutMode, Invalidation, MapDirection, LayoutType, GridAlignment, LineAlignment,
    LastLineAlignment, ItemAlignment, ColumnPlacement

Errors (CvlError and one subclass per status code)
    CvlError, InvalidArgument (a ValueError), NullArgument, InvalidHandle, OutOfRange (an
    IndexError), CapacityError (``needed``: the count asked for), CallbackError,
    InconsistentUpdate, StateError, CountOverflow (an OverflowError), InternalError,
    NotAvailable, LibraryError (an ImportError: the library cannot be loaded)

Version and library
    __version__, VERSION_NUMBER (major * 10000 + minor * 100 + patch), library_path (the
    libcvlayout loaded), library_version (its cvl_version(), or None)
"""

from typing import TYPE_CHECKING

import textwrap as _textwrap

from . import _config_layouts, _lib, compositional, flow, seeds
from ._bulk import AttributesBuffer
from ._layout_base import LAYOUTS, BaseLayout
from ._types import ATTRIBUTES_BUFFER_FORMAT, ATTRIBUTES_FORMAT, AttributesField
from ._types import (VERSION_NUMBER, VERSION_STRING, AnimationFlag, Category, Curve, Invalidation, Kind, LayoutMode,
                     LayoutType, MapDirection, Rotation, ScrollDirection, ScrollPosition, UpdateAction)
from ._types import ColumnPlacement, GridAlignment, ItemAlignment, LastLineAlignment, LineAlignment
from .animation import Animation, interpolate_transform
from .attributes import Attributes, LayoutEnv
from .custom import Layout
from .errors import (CallbackError, CapacityError, CountOverflow, CvlError, InconsistentUpdate, InternalError,
                     InvalidArgument, InvalidHandle, LibraryError, NotAvailable, NullArgument, OutOfRange, StateError)
from .geometry import Point, Rect, Size
from .flow import *  # noqa: F403 - the layout classes: flow.__all__
from .seeds import *  # noqa: F403 - seeds.__all__
from .compositional import *  # noqa: F403 - compositional.__all__
from ._config_layouts import *  # noqa: F403 - the layouts generated from the header
from .updates import (UpdateItem, delete_items, delete_sections, insert_items, insert_sections, move_item,
                      move_section, reload_items, reload_sections)
from .view import CollectionView

__version__ = VERSION_STRING
library_path = _lib.path
library_version = _lib.library_version

__all__ = [
    "Animation", "Attributes", "BaseLayout", "CallbackError", "CapacityError", "CollectionView",
    "CountOverflow", "CvlError", "InconsistentUpdate", "InternalError", "InvalidArgument", "InvalidHandle",
    "LAYOUTS", "Layout", "LayoutEnv", "LibraryError", "NotAvailable", "NullArgument", "OutOfRange",
    "StateError", "UpdateItem", "VERSION_NUMBER", "delete_items", "delete_sections", "insert_items",
    "insert_sections", "interpolate_transform", "move_item", "move_section", "reload_items", "reload_sections",
    "Point", "Rect", "Size",
    "AnimationFlag", "Category", "Curve", "Invalidation", "Kind", "LayoutMode", "LayoutType", "MapDirection",
    "Rotation", "ScrollDirection", "ScrollPosition", "UpdateAction", "GridAlignment", "LineAlignment",
    "LastLineAlignment", "ItemAlignment", "ColumnPlacement",
    "library_path", "library_version", "AttributesBuffer", "ATTRIBUTES_BUFFER_FORMAT",
    "ATTRIBUTES_FORMAT", "AttributesField",
]
# The layout classes, each listed by its own module next to its definition, and indexed in the
# docstring from the one table of layouts (so neither list is kept here by hand).
__all__ += flow.__all__
__all__ += seeds.__all__
__all__ += compositional.__all__
__all__ += _config_layouts.__all__
if __doc__:
    __doc__ = __doc__.replace("{layout classes}", _textwrap.fill(
        ", ".join(cls.__name__ for cls in LAYOUTS.values()), 96, initial_indent=" " * 24,
        subsequent_indent=" " * 24))

if TYPE_CHECKING:
    import numpy
    ATTRIBUTES_DTYPE: numpy.dtype[numpy.void]
    ELEMENTS_DTYPE: numpy.dtype[numpy.void]


def __getattr__(name: str) -> object:
    # ATTRIBUTES_DTYPE imports numpy when first read (ImportError without it), so that importing
    # cvlayout never does. It is not in __all__ or dir() for the same reason.
    if name == "ATTRIBUTES_DTYPE":
        from ._bulk import attributes_dtype
        return attributes_dtype()
    if name == "ELEMENTS_DTYPE":  # the compact records of CollectionView.raw_elements()
        from ._bulk import elements_dtype
        return elements_dtype()
    raise AttributeError(f"module 'cvlayout' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The reference's functions and values, without the classes and the submodules.

    ``help(cvlayout)`` documents in full every class ``dir(cvlayout)`` lists (thousands of lines:
    each enum's inherited int methods, each exception's); the classes are indexed in the
    docstring above and documented by ``help(cvlayout.NAME)``. Every name in ``__all__`` is
    still an attribute, and ``from cvlayout import *`` imports them all."""
    import inspect
    here = globals()
    return sorted(["__all__", "__doc__", "__name__", "__version__", "__file__", "__path__"]
                  + [name for name in __all__ if not inspect.isclass(here[name])])
