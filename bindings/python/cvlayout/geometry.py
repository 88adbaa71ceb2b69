"""Geometry: points, sizes and rects as named tuples (``Point(x, y)``, ``Size(width, height)``,
``Rect(x, y, width, height)``), insets (top, left, bottom, right), index paths (section, item),
and 4x4 transforms as 16-tuples (row-major m11..m44, CATransform3D conventions: row vectors,
p' = p * M).

Every function that takes geometry also accepts plain tuples (``(320, 480)``) and objects with
``width``/``height`` or ``x``/``y``; every value the library returns is a named tuple, so both
``size.width`` and ``w, h = size`` work.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Union


class Point(NamedTuple):
    """A point in content coordinates (points, origin top-left, y down)."""

    x: float
    y: float


class Size(NamedTuple):
    """A width and a height in points."""

    width: float
    height: float


class Rect(NamedTuple):
    """An origin and a size, in points (CGRect)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def origin(self) -> Point:
        """The top-left corner."""
        return Point(self.x, self.y)

    @property
    def size(self) -> Size:
        """The width and height."""
        return Size(self.width, self.height)


Insets = tuple[float, float, float, float]
IndexPath = tuple[int, int]
Transform = tuple[float, ...]
#: What the API accepts for a point or a size: a Point/Size, any 2-sequence of numbers, or an
#: object with x/y (width/height) attributes.
PointLike = Union[Point, Sequence[float], Any]
SizeLike = Union[Size, Sequence[float], Any]
#: A Rect or any 4-sequence (x, y, width, height).
RectLike = Union[Rect, Sequence[float]]
#: A number (every side) or a 4-sequence (top, left, bottom, right).
InsetsLike = Union[float, Sequence[float]]

IDENTITY: Transform = (1.0, 0.0, 0.0, 0.0,
                       0.0, 1.0, 0.0, 0.0,
                       0.0, 0.0, 1.0, 0.0,
                       0.0, 0.0, 0.0, 1.0)


def pair(value: Any, name: str = "value") -> tuple[float, float]:
    """(a, b) from any 2-sequence (also an object with width/height or x/y)."""
    if hasattr(value, "width"):
        return float(value.width), float(value.height)
    if hasattr(value, "x") and hasattr(value, "y") and not isinstance(value, Sequence):
        return float(value.x), float(value.y)
    a, b = value
    return float(a), float(b)


def quad(value: Any) -> tuple[float, float, float, float]:
    """(a, b, c, d) as floats from any 4-sequence."""
    a, b, c, d = value
    return float(a), float(b), float(c), float(d)


def point(value: Any) -> Point:
    """A :class:`Point` from anything :func:`pair` accepts."""
    return Point(*pair(value))


def size(value: Any) -> Size:
    """A :class:`Size` from anything :func:`pair` accepts."""
    return Size(*pair(value))


def rect(value: Any) -> Rect:
    """A :class:`Rect` from any 4-sequence."""
    return Rect(*quad(value))


def insets(value: Any) -> Insets:
    """(top, left, bottom, right) from a number (all sides) or a 4-sequence."""
    if isinstance(value, (int, float)):
        v = float(value)
        return v, v, v, v
    return quad(value)


def index_path(value: Any) -> IndexPath:
    """(section, item) as ints from any 2-sequence."""
    s, i = value
    return int(s), int(i)




def rect_intersects(a: RectLike, b: RectLike) -> bool:
    """Open-interval intersection (touching edges do not count; zero-area rects never intersect)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if aw <= 0 or ah <= 0 or bw <= 0 or bh <= 0:
        return False
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def rect_union(rects: Iterable[RectLike]) -> Rect | None:
    """The smallest rect containing every rect (None for none)."""
    rs = list(rects)
    if not rs:
        return None
    x0 = min(r[0] for r in rs)
    y0 = min(r[1] for r in rs)
    x1 = max(r[0] + r[2] for r in rs)
    y1 = max(r[1] + r[3] for r in rs)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def rect_integral(r: RectLike) -> Rect:
    """CGRectIntegral: the smallest integral rect containing ``r``."""
    x, y, w, h = r
    x0, y0 = math.floor(x), math.floor(y)
    x1, y1 = math.ceil(x + w), math.ceil(y + h)
    return Rect(float(x0), float(y0), float(x1 - x0), float(y1 - y0))


# --- transforms ---------------------------------------------------------------------------------
def concat(a: Transform, b: Transform) -> Transform:
    """CATransform3DConcat(a, b): a then b (a * b with row vectors)."""
    return tuple(sum(a[r * 4 + k] * b[k * 4 + c] for k in range(4)) for r in range(4) for c in range(4))


def translation(tx: float, ty: float, tz: float = 0.0) -> Transform:
    """CATransform3DMakeTranslation."""
    t = list(IDENTITY)
    t[12], t[13], t[14] = float(tx), float(ty), float(tz)
    return tuple(t)


def scale(sx: float, sy: float, sz: float = 1.0) -> Transform:
    """CATransform3DMakeScale."""
    t = list(IDENTITY)
    t[0], t[5], t[10] = float(sx), float(sy), float(sz)
    return tuple(t)


def rotation(angle: float, x: float, y: float, z: float) -> Transform:
    """CATransform3DMakeRotation(angle, x, y, z)."""
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return IDENTITY
    x, y, z = x / n, y / n, z / n
    c, s = math.cos(angle), math.sin(angle)
    C = 1 - c
    return (x * x * C + c, x * y * C + z * s, x * z * C - y * s, 0.0,
            y * x * C - z * s, y * y * C + c, y * z * C + x * s, 0.0,
            z * x * C + y * s, z * y * C - x * s, z * z * C + c, 0.0,
            0.0, 0.0, 0.0, 1.0)


def is_identity(t: Transform) -> bool:
    """True for the identity transform (exactly)."""
    return tuple(t) == IDENTITY


def project(t: Transform, center: PointLike, size: SizeLike) -> list[Point] | None:
    """The drawn quad of an element (header rule): each corner (±w/2, ±h/2, 0, 1) through ``t``,
    x and y divided by w, plus ``center``.  Order: top-left, top-right, bottom-right, bottom-left.
    None when a corner is behind the eye (w <= 0)."""
    cx, cy = center
    hw, hh = size[0] / 2, size[1] / 2
    out = []
    for px, py in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)):
        x = px * t[0] + py * t[4] + t[12]
        y = px * t[1] + py * t[5] + t[13]
        w = px * t[3] + py * t[7] + t[15]
        if w <= 1e-12:
            return None
        out.append(Point(cx + x / w, cy + y / w))
    return out
