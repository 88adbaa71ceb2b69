"""Animations: timing curves and springs (``cvl_animation``), and transform interpolation.

The clock model: the host owns the clock.  A view's time (``view.time``, seconds, any origin,
never decreasing) changes only when the host calls ``view.set_time()``.  An animated batch update,
layout switch or scroll starts at the view's current time plus the animation's ``delay``, and
every query made while it runs returns the on-screen (interpolated) attributes at the view's
current time; ``view.finish_animations()`` jumps to the end.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, cast

from . import _lib
from . import _types as T
from ._ints import uint32
from ._types import Curve, CurveName, Rotation, RotationName
from .geometry import Transform

#: Curve names and their values (the labels of :class:`~cvlayout.Curve`).
CURVES: dict[str, Curve] = {m.label: m for m in Curve}
CURVE_NAMES: dict[int, str] = {m.value: m.label for m in Curve}


def _library_default() -> T.cvl_animation:
    """``cvl_animation_default``: the library's defaults, the only place they are written."""
    s = T.cvl_animation()
    _lib.cvl_animation_default(ctypes.byref(s))
    return s


_D = _library_default()


@dataclass(frozen=True)
class Animation:
    """How a change animates: ``Animation(duration=0.3, curve="ease_in_out", delay=0.0)``; see
    :meth:`spring`, :meth:`spring_physics`, :meth:`spring_uikit` and :meth:`cubic_bezier`.

    ``curve`` is a :class:`~cvlayout.Curve` or its name ("linear", "ease_in", "ease_out",
    "ease_in_out", "cubic_bezier", "spring"); an unknown name raises ``InvalidArgument`` at once.
    The numbers are validated by the library when the animation is used (or by
    :attr:`total_duration`).  The animation starts at the view's time when the change is made,
    plus ``delay`` (see the module docstring for the clock model)."""

    duration: float = _D.duration
    curve: CurveName | Curve = cast(CurveName, CURVE_NAMES[T.Curve(_D.curve)])
    delay: float = _D.delay
    bezier: tuple[float, float, float, float] = cast(tuple[float, float, float, float], tuple(_D.bezier))
    spring_damping_ratio: float = _D.spring_damping_ratio
    spring_response: float = _D.spring_response
    spring_mass: float = _D.spring_mass
    spring_stiffness: float = _D.spring_stiffness
    spring_damping: float = _D.spring_damping
    spring_initial_velocity: float = _D.spring_initial_velocity
    #: ``CVL_ANIMATION_*`` bits; prefer the named arguments of the constructors below.
    flags: int = _D.flags

    def __post_init__(self) -> None:
        # The curve is checked now (a typo must not wait for the view's next call) and stored by name.
        object.__setattr__(self, "curve", Curve.coerce(self.curve).label)

    @staticmethod
    def _flags(allows_overdamping: bool = False, rotation: RotationName | Rotation = "shortest") -> int:
        css = Rotation.coerce(rotation) is Rotation.CSS
        return ((T.ANIMATION_ALLOWS_OVERDAMPING if allows_overdamping else 0)
                | (T.ANIMATION_ROTATION_CSS if css else 0))

    @classmethod
    def spring(cls, damping_ratio: float | None = None, response: float | None = None, delay: float = 0.0,
               allows_overdamping: bool = False, rotation: RotationName | Rotation = "shortest") -> "Animation":
        """A spring given as (damping ratio, response), SwiftUI's parametrisation; an argument left
        out is the library's default spring's."""
        return cls(duration=0.0, curve="spring", delay=delay,
                   spring_damping_ratio=_D.spring_damping_ratio if damping_ratio is None else damping_ratio,
                   spring_response=_D.spring_response if response is None else response,
                   flags=cls._flags(allows_overdamping, rotation))

    @classmethod
    def spring_physics(cls, mass: float | None = None, stiffness: float | None = None,
                       damping: float | None = None, initial_velocity: float | None = None, delay: float = 0.0,
                       allows_overdamping: bool = False, rotation: RotationName | Rotation = "shortest") -> "Animation":
        """A spring given as (mass, stiffness, damping, initial velocity): CASpringAnimation's
        parameters, each left out being CASpringAnimation's default (the library's). A damping
        ratio above 1 moves critically damped unless ``allows_overdamping``."""
        def pick(value: float | None, default: float) -> float:
            return default if value is None else value

        return cls(duration=0.0, curve="spring", delay=delay, spring_response=0.0,
                   spring_mass=pick(mass, _D.spring_mass), spring_stiffness=pick(stiffness, _D.spring_stiffness),
                   spring_damping=pick(damping, _D.spring_damping),
                   spring_initial_velocity=pick(initial_velocity, _D.spring_initial_velocity),
                   flags=cls._flags(allows_overdamping, rotation))

    @classmethod
    def spring_uikit(cls, duration: float, damping_ratio: float, initial_velocity: float = 0.0,
                     delay: float = 0.0, rotation: RotationName | Rotation = "shortest") -> Animation:
        """UIKit's ``animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:``:
        the stiffness is solved so the spring settles (envelope 0.001) at ``duration``, and the
        animation lasts ``duration``."""
        return cls(duration=duration, curve="spring", delay=delay, spring_damping_ratio=damping_ratio,
                   spring_response=0.0, spring_initial_velocity=initial_velocity,
                   flags=T.ANIMATION_SPRING_FROM_DURATION | cls._flags(False, rotation))

    @classmethod
    def cubic_bezier(cls, x1: float, y1: float, x2: float, y2: float, duration: float = _D.duration,
                     delay: float = 0.0) -> "Animation":
        """A cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1) (CSS's
        ``cubic-bezier()``; x1 and x2 within 0..1)."""
        return cls(duration=duration, curve="cubic_bezier", delay=delay, bezier=(x1, y1, x2, y2))

    @classmethod
    def default(cls) -> "Animation":
        """The library's default (``cvl_animation_default``)."""
        return cls.from_struct(_library_default())

    def to_struct(self) -> T.cvl_animation:
        """The ``cvl_animation`` the library takes (the curve checked here, the numbers there)."""
        curve = Curve.coerce(self.curve)
        return T.cvl_animation(
            float(self.duration), float(self.delay), curve, uint32(self.flags, "flags"),
            (ctypes.c_double * 4)(*self.bezier),
            self.spring_damping_ratio, self.spring_response, self.spring_mass, self.spring_stiffness,
            self.spring_damping, self.spring_initial_velocity)

    @classmethod
    def from_struct(cls, s: T.cvl_animation) -> Animation:
        """An Animation from a ``cvl_animation``."""
        b = tuple(s.bezier)
        return cls(s.duration, Curve.coerce(s.curve), s.delay, (b[0], b[1], b[2], b[3]), s.spring_damping_ratio,
                   s.spring_response, s.spring_mass, s.spring_stiffness, s.spring_damping,
                   s.spring_initial_velocity, s.flags)

    @property
    def total_duration(self) -> float:
        """Delay + duration (or + the spring's settling time), in seconds."""
        out = ctypes.c_double()
        _lib.cvl_animation_total_duration(ctypes.byref(self.to_struct()), ctypes.byref(out))
        return out.value

    def progress(self, elapsed: float) -> float:
        """Progress ``elapsed`` seconds after the start (0 before the delay; springs may overshoot 1)."""
        out = ctypes.c_double()
        _lib.cvl_animation_progress(ctypes.byref(self.to_struct()), float(elapsed), ctypes.byref(out))
        return out.value


def as_struct(animation: Any) -> T.cvl_animation | None:
    """None, an Animation, True (the default) or a duration in seconds."""
    if animation is None or animation is False:
        return None
    if animation is True:
        return Animation().to_struct()
    if isinstance(animation, (int, float)):
        return Animation(duration=float(animation)).to_struct()
    if isinstance(animation, Animation):
        return animation.to_struct()
    raise TypeError(f"animation must be an Animation, True, a duration or None, not {type(animation).__name__}")


def interpolate_transform(a: Transform, b: Transform, t: float,
                          rotation: RotationName | Rotation = "shortest") -> Transform:
    """Decomposition interpolation (CSS Transforms Level 2) of two 16-tuples at ``t``. A rotation
    turns the shorter way (``rotation="shortest"``) or as the CSS algorithm is written, without
    the quaternion sign flip (``"css"``)."""
    mode = Rotation.coerce(rotation)
    ta, tb, out = T.cvl_transform3d(*a), T.cvl_transform3d(*b), T.cvl_transform3d()
    _lib.cvl_transform3d_interpolate_rotation(ctypes.byref(ta), ctypes.byref(tb), float(t), mode,
                                              ctypes.byref(out))
    return tuple(float(getattr(out, f[0])) for f in T.cvl_transform3d._fields_)
