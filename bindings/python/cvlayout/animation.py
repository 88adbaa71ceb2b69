"""Animations: timing curves and springs (``cvl_animation``), and transform interpolation."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

from . import _lib
from . import _types as T
from ._ints import int32, uint32
from .geometry import Transform

CURVES = {"linear": T.CURVE_LINEAR, "ease_in": T.CURVE_EASE_IN, "ease_out": T.CURVE_EASE_OUT,
          "ease_in_out": T.CURVE_EASE_IN_OUT, "cubic_bezier": T.CURVE_CUBIC_BEZIER, "spring": T.CURVE_SPRING}
CURVE_NAMES = {v: k for k, v in CURVES.items()}


def _library_default() -> T.cvl_animation:
    """``cvl_animation_default``: the library's defaults, the only place they are written."""
    s = T.cvl_animation()
    _lib.cvl_animation_default(ctypes.byref(s))
    return s


_D = _library_default()


@dataclass(frozen=True)
class Animation:
    """``Animation(duration=..., curve=...)``; see :meth:`spring` and :meth:`cubic_bezier`.

    Every field defaults to the library's default (``cvl_animation_default``: 0.3 s ease-in-out,
    and the default spring in the spring fields). Validation is the library's: a bad value raises
    ``InvalidArgument`` when the animation is used (or from :attr:`total_duration`)."""

    duration: float = _D.duration
    curve: str = CURVE_NAMES[T.Curve(_D.curve)]
    delay: float = _D.delay
    bezier: tuple[float, float, float, float] = tuple(_D.bezier)  # type: ignore[assignment]
    spring_damping_ratio: float = _D.spring_damping_ratio
    spring_response: float = _D.spring_response
    spring_mass: float = _D.spring_mass
    spring_stiffness: float = _D.spring_stiffness
    spring_damping: float = _D.spring_damping
    spring_initial_velocity: float = _D.spring_initial_velocity
    #: ``CVL_ANIMATION_*`` bits; prefer the named arguments of the constructors below.
    flags: int = _D.flags

    @staticmethod
    def _flags(allows_overdamping: bool = False, rotation: str = "shortest") -> int:
        if rotation not in ("shortest", "css"):
            raise ValueError(f"rotation must be 'shortest' or 'css', not {rotation!r}")
        return ((T.ANIMATION_ALLOWS_OVERDAMPING if allows_overdamping else 0)
                | (T.ANIMATION_ROTATION_CSS if rotation == "css" else 0))

    @classmethod
    def spring(cls, damping_ratio: float | None = None, response: float | None = None, delay: float = 0.0,
               allows_overdamping: bool = False, rotation: str = "shortest") -> "Animation":
        """A spring given as (damping ratio, response), SwiftUI's parametrisation; an argument left
        out is the library's default spring's."""
        return cls(duration=0.0, curve="spring", delay=delay,
                   spring_damping_ratio=_D.spring_damping_ratio if damping_ratio is None else damping_ratio,
                   spring_response=_D.spring_response if response is None else response,
                   flags=cls._flags(allows_overdamping, rotation))

    @classmethod
    def spring_physics(cls, mass: float | None = None, stiffness: float | None = None,
                       damping: float | None = None, initial_velocity: float | None = None, delay: float = 0.0,
                       allows_overdamping: bool = False, rotation: str = "shortest") -> "Animation":
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
                     delay: float = 0.0, rotation: str = "shortest") -> "Animation":
        """UIKit's ``animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:``:
        the stiffness is solved so the spring settles (envelope 0.001) at ``duration``, and the
        animation lasts ``duration``."""
        return cls(duration=duration, curve="spring", delay=delay, spring_damping_ratio=damping_ratio,
                   spring_response=0.0, spring_initial_velocity=initial_velocity,
                   flags=T.ANIMATION_SPRING_FROM_DURATION | cls._flags(False, rotation))

    @classmethod
    def cubic_bezier(cls, x1: float, y1: float, x2: float, y2: float, duration: float = _D.duration,
                     delay: float = 0.0) -> "Animation":
        return cls(duration=duration, curve="cubic_bezier", delay=delay, bezier=(x1, y1, x2, y2))

    @classmethod
    def default(cls) -> "Animation":
        """The library's default (``cvl_animation_default``)."""
        return cls.from_struct(_library_default())

    def to_struct(self) -> T.cvl_animation:
        curve = CURVES[self.curve] if isinstance(self.curve, str) else int32(self.curve, "curve")
        return T.cvl_animation(
            float(self.duration), float(self.delay), curve, uint32(self.flags, "flags"),
            (ctypes.c_double * 4)(*self.bezier),
            self.spring_damping_ratio, self.spring_response, self.spring_mass, self.spring_stiffness,
            self.spring_damping, self.spring_initial_velocity)

    @classmethod
    def from_struct(cls, s: T.cvl_animation) -> "Animation":
        return cls(s.duration, CURVE_NAMES.get(s.curve, s.curve), s.delay, tuple(s.bezier), s.spring_damping_ratio,
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


def as_struct(animation) -> T.cvl_animation | None:
    """None, an Animation, True (the default) or a duration in seconds."""
    if animation is None or animation is False:
        return None
    if animation is True:
        return Animation().to_struct()
    if isinstance(animation, (int, float)):
        return Animation(duration=float(animation)).to_struct()
    return animation.to_struct()


def interpolate_transform(a: Transform, b: Transform, t: float, rotation: str = "shortest") -> Transform:
    """Decomposition interpolation (CSS Transforms Level 2) of two 16-tuples at ``t``. A rotation
    turns the shorter way (``rotation="shortest"``) or as the CSS algorithm is written, without
    the quaternion sign flip (``"css"``)."""
    modes = {"shortest": T.ROTATION_SHORTEST, "css": T.ROTATION_CSS}
    if rotation not in modes:
        raise ValueError(f"rotation must be 'shortest' or 'css', not {rotation!r}")
    ta, tb, out = T.cvl_transform3d(*a), T.cvl_transform3d(*b), T.cvl_transform3d()
    _lib.cvl_transform3d_interpolate_rotation(ctypes.byref(ta), ctypes.byref(tb), float(t), modes[rotation],
                                              ctypes.byref(out))
    return tuple(getattr(out, n) for n, _ in T.cvl_transform3d._fields_)
