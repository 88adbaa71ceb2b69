"""The bulk path: ``cvl_attributes`` records read without building Python objects.

:class:`AttributesBuffer` is a reusable array of records that
:meth:`CollectionView.raw_attributes <cvlayout.CollectionView.raw_attributes>` fills.  Its memory
is described by ``ATTRIBUTES_DTYPE`` (a numpy structured dtype, built from
``_types.ATTRIBUTES_DTYPE_SPEC`` the first time it is read, so numpy stays optional) and by
``ATTRIBUTES_BUFFER_FORMAT`` (the PEP 3118 format ``memoryview`` reports for it); both are
generated from include/cvlayout.h by scripts/gen_abi_check.py.

No ctypes type is made per call: a buffer's capacity is a power of two (at least 16), and the
array type of each capacity is made once and cached, so a process makes at most a few dozen
whatever counts it queries.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, overload

from . import _types as T
from ._ints import int64
from .errors import InvalidArgument

if TYPE_CHECKING:
    import numpy
    import numpy.typing

_SIZE = ctypes.sizeof(T.cvl_attributes)
_MIN_CAPACITY = 16
_ARRAY_TYPES: dict[int, type[ctypes.Array[T.cvl_attributes]]] = {}
_POINTER = ctypes.POINTER(T.cvl_attributes)
_dtype: numpy.dtype[numpy.void] | None = None
_ELEMENT_SIZE = ctypes.sizeof(T.cvl_element)
_element_dtype: numpy.dtype[numpy.void] | None = None


def attributes_dtype() -> numpy.dtype[numpy.void]:
    """``numpy.dtype(ATTRIBUTES_DTYPE_SPEC)``, made once (imports numpy: ``ImportError`` without it)."""
    global _dtype
    if _dtype is None:
        import numpy
        # numpy's stubs take the dict form only as their own TypedDict, not as dict[str, object].
        dtype: numpy.dtype[numpy.void] = numpy.dtype(T.ATTRIBUTES_DTYPE_SPEC)  # type: ignore[call-overload]
        if dtype.itemsize != _SIZE:  # pragma: no cover - a platform whose C alignment differs
            raise ImportError(f"ATTRIBUTES_DTYPE is {dtype.itemsize} bytes, cvl_attributes {_SIZE}")
        _dtype = dtype
    return _dtype


def elements_dtype() -> numpy.dtype[numpy.void]:
    """``numpy.dtype(ELEMENTS_DTYPE_SPEC)``, made once (imports numpy: ``ImportError`` without it)."""
    global _element_dtype
    if _element_dtype is None:
        import numpy
        dtype: numpy.dtype[numpy.void] = numpy.dtype(T.ELEMENTS_DTYPE_SPEC)  # type: ignore[call-overload]
        if dtype.itemsize != _ELEMENT_SIZE:  # pragma: no cover - a platform whose C alignment differs
            raise ImportError(f"ELEMENTS_DTYPE is {dtype.itemsize} bytes, cvl_element {_ELEMENT_SIZE}")
        _element_dtype = dtype
    return _element_dtype


def caller_records(out: Any, record: type[ctypes.Structure], accepted: str) -> tuple[Any, int, Any]:
    """(pointer argument, capacity in records, what keeps the memory exported) for a caller's
    buffer of ``record`` structs: a ctypes array of them, or any writable C-contiguous buffer of
    whole records (a numpy array of the record's dtype, a ``bytearray``). ``accepted`` names what
    the caller takes, for the error. The pointer is the array itself or a reference to the buffer's
    first record (no cast: a scroll step from Python pays about 1 µs less)."""
    if isinstance(out, ctypes.Array) and out._type_ is record:
        return out, len(out), out
    size = ctypes.sizeof(record)
    numpy = sys.modules.get("numpy")
    if numpy is not None and type(out) is numpy.ndarray and out.flags.writeable and out.flags.c_contiguous \
            and out.itemsize in (1, size) and out.nbytes % size == 0 and out.nbytes > 0:
        # (A numpy array's memoryview spells out its record format every time: its bytes are
        # exported instead, about 20k instructions less a call.)
        head = record.from_buffer(out.view(numpy.uint8))
        return ctypes.byref(head), out.nbytes // size, head
    try:
        mv = memoryview(out)
    except TypeError:
        raise TypeError(f"out must be {accepted} or a writable buffer of {record.__name__} records, "
                        f"not {type(out).__name__}") from None
    if mv.readonly:
        raise TypeError(f"out must be writable; {type(out).__name__} is read-only")
    if not mv.c_contiguous:
        raise InvalidArgument(message="out must be a C-contiguous buffer")
    if mv.itemsize not in (1, size) or mv.nbytes % size:
        raise InvalidArgument(message=f"out must hold whole {record.__name__} records ({size} bytes each); its "
                                      f"items are {mv.itemsize} bytes, {mv.nbytes} bytes in all")
    capacity = mv.nbytes // size
    if capacity == 0:
        return None, 0, mv
    head = record.from_buffer(mv.cast("B"))  # (a byte view: cheaper to export than a numpy record format)
    return ctypes.byref(head), capacity, head


def element_records(out: Any) -> tuple[Any, int, Any]:
    """``caller_records`` of ``cvl_element``: ``raw_elements``' ``out``."""
    return caller_records(out, T.cvl_element, "a ctypes array of cvl_element")


def capacity_for(count: int) -> int:
    """The capacity a buffer for ``count`` records gets: the next power of two, at least 16."""
    return max(_MIN_CAPACITY, 1 << max(0, count - 1).bit_length())


def array_type(capacity: int) -> type[ctypes.Array[T.cvl_attributes]]:
    """The ctypes array type of ``capacity`` records (a power of two), made once."""
    t = _ARRAY_TYPES.get(capacity)
    if t is None:
        t = _ARRAY_TYPES[capacity] = T.cvl_attributes * capacity
    return t


class AttributesBuffer:
    """A reusable array of ``cvl_attributes`` records, as :meth:`CollectionView.raw_attributes`
    fills it (``view.raw_attributes(rect, out=buf)`` returns how many it wrote).

    ``len(buf)`` is the number of records the last fill wrote (:attr:`count`), :attr:`capacity`
    the room; ``buf[i]`` is record ``i`` as the ctypes struct (fields as in include/cvlayout.h:
    ``buf[i].frame.x``, ``buf[i].index_path.item``), a view into the buffer that the next fill
    overwrites.  :meth:`numpy` is a structured array over the records (``ATTRIBUTES_DTYPE``, no
    copy), :meth:`memoryview` the PEP 3118 view (``ATTRIBUTES_BUFFER_FORMAT``), ``bytes(buf)`` a
    copy.  The capacity is a power of two (at least 16); :meth:`reserve` grows it."""

    __slots__ = ("_array", "_count")

    def __init__(self, capacity: int = 64) -> None:
        want = int64(capacity, "capacity")
        if want < 0:
            raise InvalidArgument(message=f"capacity must be >= 0, not {want}")
        self._array: ctypes.Array[T.cvl_attributes] = array_type(capacity_for(want))()
        self._count = 0

    @property
    def capacity(self) -> int:
        """How many records the buffer holds."""
        return len(self._array)

    @property
    def count(self) -> int:
        """How many records the last fill wrote (0 for a new or grown buffer)."""
        return self._count

    @property
    def array(self) -> ctypes.Array[T.cvl_attributes]:
        """The whole ctypes array (:attr:`capacity` records; the first :attr:`count` are filled)."""
        return self._array

    def reserve(self, count: int) -> None:
        """Grows the buffer to hold at least ``count`` records (a new block: the records are not
        kept, :attr:`count` becomes 0; views of the old block stay valid on the old memory)."""
        need = int64(count, "count")
        if need > len(self._array):
            self._array = array_type(capacity_for(need))()
            self._count = 0

    def _filled(self, count: int) -> None:
        self._count = count

    def pointer(self) -> ctypes._Pointer[T.cvl_attributes]:
        """The records' address as a ``cvl_attributes *`` (for a direct C call)."""
        return ctypes.cast(self._array, _POINTER)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> T.cvl_attributes: ...
    @overload
    def __getitem__(self, index: slice) -> list[T.cvl_attributes]: ...

    def __getitem__(self, index: int | slice) -> T.cvl_attributes | list[T.cvl_attributes]:
        if isinstance(index, slice):
            return [self._array[i] for i in range(*index.indices(self._count))]
        i = index + self._count if index < 0 else index
        if not 0 <= i < self._count:
            raise IndexError(f"record {index} of {self._count}")
        return self._array[i]

    def __iter__(self) -> Iterator[T.cvl_attributes]:
        array = self._array
        return (array[i] for i in range(self._count))

    def __bytes__(self) -> bytes:
        return ctypes.string_at(ctypes.addressof(self._array), self._count * _SIZE)

    def memoryview(self) -> memoryview:
        """The filled records as a PEP 3118 buffer (format ``ATTRIBUTES_BUFFER_FORMAT``, itemsize
        ``sizeof(cvl_attributes)``, shape ``(count,)``), over the buffer's memory."""
        return memoryview(self._array)[: self._count]

    def numpy(self) -> numpy.typing.NDArray[numpy.void]:
        """The filled records as a numpy structured array (``ATTRIBUTES_DTYPE``) over the buffer's
        memory, no copy: ``buf.numpy()["frame"]["x"]``."""
        import numpy
        records: numpy.typing.NDArray[numpy.void] = numpy.frombuffer(memoryview(self._array).cast("B"),
                                                                      dtype=attributes_dtype(), count=self._count)
        return records

    def __repr__(self) -> str:
        return f"<AttributesBuffer {self._count} of {len(self._array)} records>"


def writable_records(out: Any) -> tuple[Any, int, Any]:
    """``caller_records`` of ``cvl_attributes``: ``raw_attributes``' ``out``."""
    return caller_records(out, T.cvl_attributes, "an AttributesBuffer, a ctypes array of cvl_attributes")
