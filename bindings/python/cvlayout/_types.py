"""ctypes mirrors of every struct, callback type and constant of include/cvlayout.h.

Field order, types and names are the header's.  ``verify_abi()`` (run by ``_lib`` when the
library loads) compares each struct's size and field offsets with what the library reports
through ``cvl_abi_struct_size`` / ``cvl_abi_field_offset``.
"""

from __future__ import annotations

import ctypes
import struct
from ctypes import (CFUNCTYPE, POINTER, Structure, c_double, c_int, c_int32, c_int64, c_size_t,
                    c_uint32, c_void_p)

from .errors import LibraryError

# --- constants --------------------------------------------------------------------------------
VERSION_MAJOR, VERSION_MINOR, VERSION_PATCH = 0, 1, 0
VERSION_NUMBER = VERSION_MAJOR * 10000 + VERSION_MINOR * 100 + VERSION_PATCH
VERSION_STRING = "0.1.0"

CATEGORY_CELL, CATEGORY_SUPPLEMENTARY, CATEGORY_DECORATION = 0, 1, 2
KIND_NONE, KIND_HEADER, KIND_FOOTER, KIND_BINDER, KIND_CONNECTOR = 0, 1, 2, 3, 4
KIND_FIRST_CUSTOM = 100
CUSTOM_SLOTS = 8

LAYOUT_FLOW, LAYOUT_SURVEY, LAYOUT_DIMENSIONS, LAYOUT_COVER_FLOW = 1, 2, 3, 4
LAYOUT_MOSAIC, LAYOUT_TREE, LAYOUT_CIRCLE, LAYOUT_CUSTOM = 5, 6, 7, 8

SCROLL_VERTICAL, SCROLL_HORIZONTAL = 0, 1
LAYOUT_MODE_ASPECT_FIT, LAYOUT_MODE_ASPECT_FILL = 0, 1

UPDATE_INSERT, UPDATE_DELETE, UPDATE_RELOAD, UPDATE_MOVE = 0, 1, 2, 3
MAP_OLD_TO_NEW, MAP_NEW_TO_OLD = 0, 1

INVALIDATE_EVERYTHING = 1
INVALIDATE_DATA_COUNTS = 2
INVALIDATE_DELEGATE_METRICS = 4
INVALIDATE_LAYOUT_ATTRIBUTES = 8
INVALIDATE_BOUNDS = 16

SCROLL_POSITION_NONE = 0
SCROLL_POSITION_TOP = 1
SCROLL_POSITION_CENTERED_VERTICALLY = 2
SCROLL_POSITION_BOTTOM = 4
SCROLL_POSITION_LEFT = 8
SCROLL_POSITION_CENTERED_HORIZONTALLY = 16
SCROLL_POSITION_RIGHT = 32

CURVE_LINEAR, CURVE_EASE_IN, CURVE_EASE_OUT, CURVE_EASE_IN_OUT, CURVE_CUBIC_BEZIER, CURVE_SPRING = range(6)
ANIMATION_ALLOWS_OVERDAMPING, ANIMATION_SPRING_FROM_DURATION, ANIMATION_ROTATION_CSS = 1, 2, 4
ROTATION_SHORTEST, ROTATION_CSS = 0, 1


# --- plain data -------------------------------------------------------------------------------
class cvl_point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class cvl_size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]


class cvl_rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class cvl_insets(Structure):
    _fields_ = [("top", c_double), ("left", c_double), ("bottom", c_double), ("right", c_double)]


class cvl_index_path(Structure):
    _fields_ = [("section", c_int64), ("item", c_int64)]


class cvl_transform3d(Structure):
    _fields_ = [(f"m{r}{c}", c_double) for r in range(1, 5) for c in range(1, 5)]


class cvl_attributes(Structure):
    _fields_ = [
        ("index_path", cvl_index_path),
        ("category", c_int32),
        ("kind", c_int32),
        ("frame", cvl_rect),
        ("center", cvl_point),
        ("size", cvl_size),
        ("transform", cvl_transform3d),
        ("alpha", c_double),
        ("z_index", c_int64),
        ("hidden", c_int32),
        ("custom_count", c_uint32),
        ("custom", c_double * CUSTOM_SLOTS),
        ("disappearing", c_int32),
        ("reserved", c_int32),
    ]


# The same layout as a struct format, for bulk conversion with struct.iter_unpack / pack_into.
# Values: section, item, category, kind, frame(4), center(2), size(2), transform(16), alpha,
# z_index, hidden, custom_count, custom(8), disappearing, reserved.  Checked against ctypes below.
ATTRIBUTES_FORMAT = struct.Struct("=qqii4d2d2d16ddqiI8dii")
if ATTRIBUTES_FORMAT.size != ctypes.sizeof(cvl_attributes):  # pragma: no cover - platform guard
    raise LibraryError("cvl_attributes has padding on this platform; the bulk converter does not apply")


class _cvl_layout(Structure):
    """Opaque ``cvl_layout``."""


class _cvl_view(Structure):
    """Opaque ``cvl_view``."""


LayoutHandle = POINTER(_cvl_layout)
ViewHandle = POINTER(_cvl_view)


# --- flow layout ------------------------------------------------------------------------------
class cvl_flow_config(Structure):
    _fields_ = [
        ("scroll_direction", c_int32),
        ("section_headers_pin_to_visible_bounds", c_int32),
        ("section_footers_pin_to_visible_bounds", c_int32),
        ("reserved", c_int32),
        ("item_size", cvl_size),
        ("minimum_line_spacing", c_double),
        ("minimum_interitem_spacing", c_double),
        ("section_inset", cvl_insets),
        ("header_reference_size", cvl_size),
        ("footer_reference_size", cvl_size),
    ]


SizeForItemFn = CFUNCTYPE(c_int, c_void_p, cvl_index_path, POINTER(cvl_size))
InsetForSectionFn = CFUNCTYPE(c_int, c_void_p, c_int64, POINTER(cvl_insets))
SpacingForSectionFn = CFUNCTYPE(c_int, c_void_p, c_int64, POINTER(c_double))
SizeForSectionFn = CFUNCTYPE(c_int, c_void_p, c_int64, POINTER(cvl_size))


class cvl_flow_delegate(Structure):
    _fields_ = [
        ("context", c_void_p),
        ("size_for_item", SizeForItemFn),
        ("inset_for_section", InsetForSectionFn),
        ("minimum_line_spacing_for_section", SpacingForSectionFn),
        ("minimum_interitem_spacing_for_section", SpacingForSectionFn),
        ("header_size_for_section", SizeForSectionFn),
        ("footer_size_for_section", SizeForSectionFn),
    ]


class cvl_layout_env(Structure):
    _fields_ = [
        ("bounds_size", cvl_size),
        ("content_offset", cvl_point),
        ("number_of_sections", c_int64),
        ("items_in_section", POINTER(c_int64)),
    ]


class cvl_update_item(Structure):
    _fields_ = [
        ("action", c_int32),
        ("is_section", c_int32),
        ("before", cvl_index_path),
        ("after", cvl_index_path),
    ]


EnvP = POINTER(cvl_layout_env)
# Attribute buffers are received as plain addresses (c_void_p) and read/written in bulk.
AdjustInRectFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle, cvl_rect, c_void_p, c_size_t, c_size_t,
                           POINTER(c_size_t))
AdjustFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle, c_void_p)
DecorationFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle, c_int32, cvl_index_path, c_void_p, POINTER(c_int))
HookPrepareUpdatesFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle, POINTER(cvl_update_item), c_size_t)
HookFinalizeFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle)
HookAppearFn = CFUNCTYPE(c_int, c_void_p, EnvP, LayoutHandle, c_void_p, POINTER(c_int))


class cvl_flow_hooks(Structure):
    _fields_ = [
        ("context", c_void_p),
        ("adjust_attributes_in_rect", AdjustInRectFn),
        ("adjust_attributes", AdjustFn),
        ("attributes_for_decoration", DecorationFn),
        ("prepare_for_updates", HookPrepareUpdatesFn),
        ("finalize_updates", HookFinalizeFn),
        ("initial_attributes_for_appearing", HookAppearFn),
        ("final_attributes_for_disappearing", HookAppearFn),
    ]


# --- custom layouts ---------------------------------------------------------------------------
PrepareFn = CFUNCTYPE(c_int, c_void_p, EnvP)
ContentSizeFn = CFUNCTYPE(c_int, c_void_p, EnvP, POINTER(cvl_size))
InRectFn = CFUNCTYPE(c_int, c_void_p, EnvP, cvl_rect, c_void_p, c_size_t, POINTER(c_size_t))
ForElementFn = CFUNCTYPE(c_int, c_void_p, EnvP, c_int32, c_int32, cvl_index_path, c_void_p, POINTER(c_int))
BoundsChangeFn = CFUNCTYPE(c_int, c_void_p, EnvP, cvl_rect, POINTER(c_int))
TargetOffsetFn = CFUNCTYPE(c_int, c_void_p, EnvP, cvl_point, cvl_point, POINTER(cvl_point))
PrepareUpdatesFn = CFUNCTYPE(c_int, c_void_p, EnvP, POINTER(cvl_update_item), c_size_t)
FinalizeFn = CFUNCTYPE(c_int, c_void_p, EnvP)
AppearFn = CFUNCTYPE(c_int, c_void_p, EnvP, c_void_p, POINTER(c_int))


class cvl_layout_callbacks(Structure):
    _fields_ = [
        ("context", c_void_p),
        ("prepare", PrepareFn),
        ("content_size", ContentSizeFn),
        ("attributes_in_rect", InRectFn),
        ("attributes_for_element", ForElementFn),
        ("should_invalidate_for_bounds_change", BoundsChangeFn),
        ("target_content_offset", TargetOffsetFn),
        ("prepare_for_updates", PrepareUpdatesFn),
        ("finalize_updates", FinalizeFn),
        ("initial_attributes_for_appearing", AppearFn),
        ("final_attributes_for_disappearing", AppearFn),
    ]


# --- seed layouts -----------------------------------------------------------------------------
ModeFn = CFUNCTYPE(c_int, c_void_p, cvl_index_path, POINTER(c_int32))


class cvl_mosaic_config(Structure):
    _fields_ = [
        ("padding", c_double),
        ("column_width", c_double),
        ("row_height", c_double),
        ("large_cell_width", c_double),
        ("large_cell_height", c_double),
        ("medium_cell_height", c_double),
    ]


ChildrenFn = CFUNCTYPE(c_int, c_void_p, cvl_index_path, POINTER(c_int64))


class cvl_tree_data_source(Structure):
    _fields_ = [("context", c_void_p), ("number_of_children", ChildrenFn)]


class cvl_tree_config(Structure):
    _fields_ = [("item_size", cvl_size), ("insets", cvl_insets)]


# --- the view ---------------------------------------------------------------------------------
SectionsFn = CFUNCTYPE(c_int, c_void_p, POINTER(c_int64))
ItemsFn = CFUNCTYPE(c_int, c_void_p, c_int64, POINTER(c_int64))


class cvl_data_source(Structure):
    _fields_ = [("context", c_void_p), ("number_of_sections", SectionsFn), ("number_of_items", ItemsFn)]


class cvl_animation(Structure):
    _fields_ = [
        ("duration", c_double),
        ("delay", c_double),
        ("curve", c_int32),
        ("flags", c_uint32),
        ("bezier", c_double * 4),
        ("spring_damping_ratio", c_double),
        ("spring_response", c_double),
        ("spring_mass", c_double),
        ("spring_stiffness", c_double),
        ("spring_damping", c_double),
        ("spring_initial_velocity", c_double),
    ]


# Every struct of the header, by its C name.
STRUCTS: dict[str, type[Structure]] = {
    cls.__name__: cls
    for cls in (cvl_point, cvl_size, cvl_rect, cvl_insets, cvl_index_path, cvl_transform3d, cvl_attributes,
                cvl_flow_config, cvl_flow_delegate, cvl_layout_env, cvl_update_item, cvl_flow_hooks,
                cvl_layout_callbacks, cvl_mosaic_config, cvl_tree_data_source, cvl_tree_config, cvl_data_source,
                cvl_animation)
}

# Filled by verify_abi(): (struct, field or None) pairs the library did not know about.
ABI_UNVERIFIED: list[tuple[str, str | None]] = []


def verify_abi(struct_size, field_offset) -> None:
    """Compares every struct with the library's own ``sizeof`` / ``offsetof``.

    ``struct_size(name) -> int | None`` and ``field_offset(name, field) -> int | None`` return
    None when the library does not know the name (recorded in ``ABI_UNVERIFIED``).  A size or
    offset that differs raises :class:`LibraryError` naming the first difference.
    """
    ABI_UNVERIFIED.clear()
    problems = []
    for name, cls in STRUCTS.items():
        size = struct_size(name)
        if size is None:
            ABI_UNVERIFIED.append((name, None))
            continue
        if size != ctypes.sizeof(cls):
            problems.append(f"sizeof({name}): library {size}, Python {ctypes.sizeof(cls)}")
        for field, _ in cls._fields_:
            off = field_offset(name, field)
            if off is None:
                ABI_UNVERIFIED.append((name, field))
            elif off != getattr(cls, field).offset:
                problems.append(f"offsetof({name}, {field}): library {off}, Python {getattr(cls, field).offset}")
    if problems:
        raise LibraryError("libcvlayout's struct layout differs from the Python bindings ("
                           + "; ".join(problems) + "). Rebuild the library or update cvlayout/_types.py.")


__all__ = [n for n in dir() if n.startswith(("cvl_", "CATEGORY_", "KIND_", "LAYOUT_", "SCROLL_", "UPDATE_", "MAP_",
                                             "INVALIDATE_", "CURVE_", "VERSION_"))]
