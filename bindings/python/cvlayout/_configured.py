"""The one mechanism behind every layout whose properties are a configuration struct of the header
(``cvl_<kind>_config``): its properties, ``configure(**kw)`` (all or nothing), ``config`` and,
when the header has ``cvl_<kind>_config_default``, ``defaults()``.

Nothing here names a layout. The C functions follow from the class's ``KIND`` by the header's
naming convention (``cvl_<kind>_layout_create`` / ``_set_config`` / ``_get_config``,
``cvl_<kind>_config_default``); the struct is ``_CONFIG``; each field's conversion follows from
its C type in the struct's ctypes ``_fields_`` (``_types.py``): ``int64_t`` an int (range-checked
before C sees it), ``double`` a float, ``cvl_insets`` a (top, left, bottom, right) tuple,
``cvl_size`` a (width, height) :class:`~cvlayout.geometry.Size`. The classes themselves
(``_config_layouts.py``) are generated from the header by scripts/gen_python_layouts.py, their
docstrings from its comments; a layout with more than its struct (a data source, methods of its
own) subclasses what is generated.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from . import _lib
from . import _types as T
from ._ints import int64
from ._layout_base import BaseLayout, create
from .geometry import Insets, InsetsLike, Size, SizeLike, insets, pair

if TYPE_CHECKING:
    from ._layout_base import LayoutPointer

_G = TypeVar("_G")
_S = TypeVar("_S")


def _number(owner: str, name: str, value: object) -> float:
    if value is None:
        return 0.0
    if not isinstance(value, (int, float)):
        raise TypeError(f"{owner} {name} is a number, not {value!r}")
    return float(value)


def _insets_py(v: T.cvl_insets) -> Insets:
    return (v.top, v.left, v.bottom, v.right)


#: Per C type of a field (the canonical description cvl_header.py gives both C and ctypes
#: types): (to C: (class name, field name, value) -> what ctypes stores, from C: field -> Python).
CONVERSIONS: dict[type, tuple[Callable[[str, str, Any], object], Callable[[Any], object]]] = {
    ctypes.c_int64: (lambda owner, name, v: int64(v, name), int),
    ctypes.c_double: (_number, float),
    T.cvl_insets: (lambda owner, name, v: T.cvl_insets(*insets(v)), _insets_py),
    T.cvl_size: (lambda owner, name, v: T.cvl_size(*pair(v, name)), lambda v: Size(v.width, v.height)),
}


class ConfigField(Generic[_G, _S]):
    """One field of the class's config struct as a property: reads as ``_G``, accepts ``_S``
    (setting it is ``configure(name=value)``: validated by the library, nothing changed on error)."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> ConfigField[_G, _S]: ...
    @overload
    def __get__(self, obj: StructConfig, owner: type | None = None) -> _G: ...

    def __get__(self, obj: StructConfig | None, owner: type | None = None) -> ConfigField[_G, _S] | _G:
        if obj is None:
            return self
        value: _G = obj._from_c(self.name, getattr(obj._read_struct(), self.name))
        return value

    def __set__(self, obj: StructConfig, value: _S) -> None:
        obj._write_struct({self.name: value})


#: The field kinds the generated classes declare (getter type, setter type).
IntField = ConfigField[int, int]
FloatField = ConfigField[float, "float | None"]
InsetsField = ConfigField[Insets, InsetsLike]
SizeField = ConfigField[Size, SizeLike]


class StructConfig(BaseLayout):
    """Reading and writing the config struct of ``KIND`` (a base of :class:`ConfiguredLayout`, and
    of a flow subclass whose own struct sits beside the flow's)."""

    #: The header's ``cvl_<kind>_config`` (ctypes).
    _CONFIG: ClassVar[type[ctypes.Structure]]

    @classmethod
    def _fields(cls) -> tuple[str, ...]:
        return tuple(f[0] for f in cls._CONFIG._fields_)

    @classmethod
    def _types(cls) -> dict[str, type]:
        """Each field's ctypes type by name (the struct has no bit fields)."""
        return {f[0]: f[1] for f in cls._CONFIG._fields_}

    @classmethod
    def _from_c(cls, name: str, value: object) -> Any:
        return CONVERSIONS[cls._types()[name]][1](value)

    @classmethod
    def _as_dict(cls, cfg: ctypes.Structure) -> dict[str, Any]:
        return {name: cls._from_c(name, getattr(cfg, name)) for name in cls._fields()}

    def _read_struct(self) -> ctypes.Structure:
        cfg = self._CONFIG()
        getattr(_lib, f"cvl_{self.KIND}_layout_get_config")(self._ch(), ctypes.byref(cfg))
        return cfg

    def _write_struct(self, values: dict[str, Any]) -> None:
        """Sets the fields named in ``values`` in one call, all or nothing (the library validates;
        an unknown name is a TypeError, a value of the wrong kind a TypeError, an int out of the
        C range InvalidArgument, before any C call)."""
        cfg = self._read_struct()
        types = self._types()
        owner = type(self).__name__
        for name, value in values.items():
            if name not in types:
                raise TypeError(f"{owner} has no property {name!r}")
            setattr(cfg, name, CONVERSIONS[types[name]][0](owner, name, value))
        getattr(_lib, f"cvl_{self.KIND}_layout_set_config")(self.handle, ctypes.byref(cfg))


class ConfiguredLayout(StructConfig):
    """A layout whose properties are its config struct: ``Cls(**properties)``, the properties,
    ``configure(**properties)`` (all or nothing; a bad value raises InvalidArgument and changes
    nothing) and ``config`` (every property as a dict)."""

    def __init__(self, **config: Any) -> None:
        self._init_state()
        self._h = self._create()
        try:
            if config:
                self.configure(**config)
        except BaseException:
            self.close()
            raise

    def _create(self) -> LayoutPointer:
        """The new handle (``cvl_<kind>_layout_create``); a layout created with arguments (a data
        source) overrides this."""
        return create(f"cvl_{self.KIND}_layout_create")

    def configure(self, **config: Any) -> None:
        """Sets several properties in one call, all or nothing (the library validates)."""
        self._write_struct(config)

    @property
    def config(self) -> dict[str, Any]:
        """Every property as a dict."""
        return self._as_dict(self._read_struct())


class ConfiguredLayoutWithDefaults(ConfiguredLayout):
    """A :class:`ConfiguredLayout` whose defaults the header hands out (``cvl_<kind>_config_default``)."""

    @classmethod
    def defaults(cls) -> dict[str, Any]:
        """The library's defaults (``cvl_<kind>_config_default``) as a dict of every property."""
        cfg = cls._CONFIG()
        getattr(_lib, f"cvl_{cls.KIND}_config_default")(ctypes.byref(cfg))
        return cls._as_dict(cfg)
