"""The bulk path: raw_attributes into an AttributesBuffer or the caller's own buffer, the numpy
dtype and the PEP 3118 format generated from the header, and no ctypes type made per call."""

from __future__ import annotations

import ctypes
import gc
import subprocess
import sys

import pytest

import cvlayout
from cvlayout import _bulk
from cvlayout import _lib
from cvlayout import _types as T

SIZE = ctypes.sizeof(T.cvl_attributes)


def flow_view(count: int = 20) -> cvlayout.CollectionView:
    """100 x 100 items, spacing 10, in a 320 x 480 viewport: 3 items a line (3 * 100 + 2 * 10 =
    320, so the flow's justification leaves the gaps at 10), lines 110 apart, 5 lines visible."""
    layout = cvlayout.FlowLayout(item_size=(100, 100), minimum_line_spacing=10, minimum_interitem_spacing=10)
    return cvlayout.CollectionView(layout, counts=[count], bounds_size=(320, 480))


def hand_frames(items: range) -> list[tuple[float, float, float, float]]:
    return [(110.0 * (i % 3), 110.0 * (i // 3), 100.0, 100.0) for i in items]


def ctypes_offsets(cls: type[ctypes.Structure], base: int = 0) -> dict[str, int]:
    """Every field's offset, nested ones as 'frame.x', from ctypes."""
    out: dict[str, int] = {}
    for name, ctype in cls._fields_:
        offset = base + getattr(cls, name).offset
        out[name] = offset
        if isinstance(ctype, type) and issubclass(ctype, ctypes.Structure):
            out.update({f"{name}.{k}": v for k, v in ctypes_offsets(ctype, offset).items()})
    return out


@pytest.fixture
def np():
    """numpy, for the tests of the numpy views (the rest of the bulk path needs none)."""
    return pytest.importorskip("numpy")


def dtype_offsets(dtype, base: int = 0) -> dict[str, int]:
    out: dict[str, int] = {}
    assert dtype.names is not None
    for name in dtype.names:
        sub, offset = dtype.fields[name][:2]
        out[name] = base + offset
        if sub.names is not None:
            out.update({f"{name}.{k}": v for k, v in dtype_offsets(sub, base + offset).items()})
    return out


def test_the_dtype_is_the_structs_layout(np):
    dtype = cvlayout.ATTRIBUTES_DTYPE
    assert dtype.itemsize == SIZE == T.ATTRIBUTES_ITEMSIZE
    ours, theirs = dtype_offsets(dtype), ctypes_offsets(T.cvl_attributes)
    assert ours == theirs
    assert len(ours) == 15 + 2 + 4 + 2 + 2 + 16   # the header's fields, nested ones included
    assert dtype["custom"].shape == (T.CUSTOM_SLOTS,) and dtype["custom"].base == np.dtype(np.float64)
    assert dtype["identifier"] == np.dtype(np.uint64) and dtype["category"] == np.dtype(np.int32)
    # The library's own offsetof agrees (cvl_abi_field_offset), for the top-level fields.
    if _lib.ABI_CHECKED:
        for name in dtype.names:
            assert _lib._abi_field_offset("cvl_attributes", name) == ours[name], name


def test_the_buffer_format_is_what_memoryview_and_numpy_report(np):
    fmt = cvlayout.ATTRIBUTES_BUFFER_FORMAT
    assert memoryview((T.cvl_attributes * 2)()).format == fmt
    with flow_view() as view:
        buf = view.raw_attributes()
    mv = buf.memoryview()
    assert (mv.format, mv.itemsize, mv.shape, mv.nbytes) == (fmt, SIZE, (15,), 15 * SIZE)
    assert np.asarray(mv).dtype == cvlayout.ATTRIBUTES_DTYPE   # numpy reads the format as the same dtype


def test_records_of_a_flow_layout_are_the_hand_computed_frames():
    with flow_view() as view:
        buf = view.raw_attributes()
        assert len(buf) == 15 and buf.capacity == 16
        assert [(r.frame.x, r.frame.y, r.frame.width, r.frame.height) for r in buf] == hand_frames(range(15))
        assert [(r.index_path.section, r.index_path.item) for r in buf] == [(0, i) for i in range(15)]
        assert buf[-1].center.y == 440.0 + 50.0 and buf[3:5][1].index_path.item == 4
        with pytest.raises(IndexError):
            buf[15]


def test_struct_records_without_numpy_are_the_hand_computed_frames_and_the_objects_values():
    """ATTRIBUTES_FORMAT unpacks the buffer's bytes; AttributesField says where each field is."""
    F = cvlayout.AttributesField
    assert cvlayout.ATTRIBUTES_FORMAT.size == SIZE
    with flow_view() as view:
        view.set_identifiers([(7, [1000 + i for i in range(20)])])
        buf = view.raw_attributes()
        rows = list(cvlayout.ATTRIBUTES_FORMAT.iter_unpack(bytes(buf)))
        assert [r[F.frame] for r in rows] == hand_frames(range(15))
        assert [r[F.index_path] for r in rows] == [(0, i) for i in range(15)]
        assert [r[F.identifier] for r in rows] == [1000 + i for i in range(15)]
        assert all(r[F.has_identifier] == 1 and r[F.alpha] == 1.0 and r[F.hidden] == 0 for r in rows)
        assert rows[14][F.center_y] == 440.0 + 50.0 and rows[14][F.size] == (100.0, 100.0)
        objects = view.visible_attributes()
        assert [(r[F.category], r[F.transform], r[F.z_index]) for r in rows] == \
            [(0, a.transform, a.z_index) for a in objects]


def test_numpy_view_of_a_flow_layout_is_the_hand_computed_frames(np):
    with flow_view() as view:
        buf = view.raw_attributes()
        assert len(buf) == 15 and buf.capacity == 16
        a = buf.numpy()
        assert a.dtype == cvlayout.ATTRIBUTES_DTYPE and a.shape == (15,)
        frames = list(zip(a["frame"]["x"], a["frame"]["y"], a["frame"]["width"], a["frame"]["height"]))
        assert frames == hand_frames(range(15))
        assert a["index_path"]["item"].tolist() == list(range(15))
        assert set(a["index_path"]["section"].tolist()) == {0}
        assert (a["category"] == T.CATEGORY_CELL).all() and (a["alpha"] == 1.0).all()
        assert (a["center"]["x"] == a["frame"]["x"] + 50).all()
        # A rect query of y 440..740 (lines 4, 5 and 6, the last one half full): items 12..19.
        n = view.raw_attributes((0, 440, 320, 300), out=buf)
        assert n == 8 and len(buf) == 8
        b = buf.numpy()
        assert list(zip(b["frame"]["x"], b["frame"]["y"])) == [f[:2] for f in hand_frames(range(12, 20))]


def test_a_reused_buffer_and_a_numpy_array_as_out(np):
    with flow_view() as view:
        buf = cvlayout.AttributesBuffer()
        assert buf.capacity == 64 and len(buf) == 0
        assert view.raw_attributes(out=buf) == 15
        first = buf.numpy().copy()
        view.content_offset = (0, 110)   # one line down: items 3..17
        assert view.raw_attributes(out=buf) == 15
        assert buf[0].index_path.item == 3 and buf[-1].index_path.item == 17
        assert buf.numpy()["frame"]["y"][0] == 110.0 and first["frame"]["y"][0] == 0.0
        arr = np.zeros(40, dtype=cvlayout.ATTRIBUTES_DTYPE)
        n = view.raw_attributes((0, 0, 320, 2000), out=arr)
        assert n == 20
        assert list(zip(arr["frame"]["x"][:n], arr["frame"]["y"][:n])) == [f[:2] for f in hand_frames(range(20))]
        assert arr[n:].tobytes() == bytes((40 - n) * SIZE)   # nothing written past the count
        raw = bytearray(20 * SIZE)
        assert view.raw_attributes((0, 0, 320, 2000), out=raw) == 20
        assert bytes(raw) == arr[:20].tobytes()
        ct = (T.cvl_attributes * 20)()
        assert view.raw_attributes((0, 0, 320, 2000), out=ct) == 20 and bytes(ct) == bytes(raw)


def test_a_buffer_too_small_raises_the_capacity_error_with_the_count_and_changes_nothing(np):
    with flow_view() as view:
        buf = cvlayout.AttributesBuffer(16)
        assert view.raw_attributes(out=buf) == 15
        before = bytes(buf)
        with pytest.raises(cvlayout.CapacityError) as err:
            view.raw_attributes((0, 0, 320, 2000), out=buf)   # 20 elements, room for 16
        assert err.value.needed == 20
        assert len(buf) == 15 and bytes(buf) == before and buf.capacity == 16
        # grow=True: an AttributesBuffer grows (a power of two) and the query is answered.
        assert view.raw_attributes((0, 0, 320, 2000), out=buf, grow=True) == 20
        assert buf.capacity == 32 and [r.index_path.item for r in buf] == list(range(20))
        arr = np.zeros(10, dtype=cvlayout.ATTRIBUTES_DTYPE)
        with pytest.raises(cvlayout.CapacityError) as err:
            view.raw_attributes(out=arr)
        assert err.value.needed == 15 and arr.tobytes() == bytes(arr.nbytes)
        with pytest.raises(TypeError):
            view.raw_attributes(out=arr, grow=True)   # only an AttributesBuffer can grow
        with pytest.raises(cvlayout.InvalidArgument):
            view.raw_attributes(out=bytearray(SIZE + 1))  # not whole records
        with pytest.raises(cvlayout.InvalidArgument):
            view.raw_attributes(out=np.zeros(4, dtype=np.float64))   # 8-byte items
        with pytest.raises(TypeError):
            view.raw_attributes(out=bytes(SIZE))  # read-only
        # An empty buffer asks for the count only.
        with pytest.raises(cvlayout.CapacityError) as err:
            view.raw_attributes(out=bytearray())
        assert err.value.needed == 15


def ctypes_array_types() -> int:
    """How many ctypes array types exist (garbage included: a type made and dropped during a call
    stays in a reference cycle until the collector runs, and the test keeps it from running)."""
    return sum(1 for o in gc.get_objects() if isinstance(o, type) and issubclass(o, ctypes.Array))


def test_no_ctypes_type_is_made_per_call():
    with flow_view(400) as view:
        buf = cvlayout.AttributesBuffer(512)
        for capacity in (16, 32, 64, 128, 256):     # warm: every capacity class the loop needs
            cvlayout.AttributesBuffer(capacity)
        view.raw_attributes((0, 0, 320, 110 * 59))  # and the view's own query buffer at its largest
        gc.collect()
        gc.disable()
        try:
            types_before = ctypes_array_types()
            for k in range(1, 60):
                rect = (0, 0, 320, 110 * k - 50)        # 3k elements, a count per call
                assert view.raw_attributes(rect, out=buf) == 3 * k
                assert len(view.raw_attributes(rect)) == 3 * k
                assert len(view.attributes_in_rect(rect)) == 3 * k
            assert ctypes_array_types() == types_before
        finally:
            gc.enable()
        # The capacities in use are powers of two: a handful of array types for any count.
        assert all(c & (c - 1) == 0 for c in _bulk._ARRAY_TYPES)
        assert len(_bulk._ARRAY_TYPES) <= 8


def test_numpy_stays_optional():
    code = ("import sys\n"
            "import cvlayout\n"
            "assert 'numpy' not in sys.modules, 'import cvlayout imported numpy'\n"
            "sys.modules['numpy'] = None\n"          # from here on, import numpy fails

            "layout = cvlayout.FlowLayout(item_size=(100, 100))\n"
            "with cvlayout.CollectionView(layout, counts=[5], bounds_size=(320, 480)) as view:\n"
            "    buf = view.raw_attributes()\n"
            "    assert [r.index_path.item for r in buf] == [0, 1, 2, 3, 4], list(buf)\n"
            "    assert buf.memoryview().format == cvlayout.ATTRIBUTES_BUFFER_FORMAT\n"
            "try:\n"
            "    cvlayout.ATTRIBUTES_DTYPE\n"
            "except ImportError as exc:\n"
            "    print('no numpy:', exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("no numpy:")


def test_raw_elements_are_the_compact_records_of_the_same_query(np):
    # Per-item sizes (the flow writes straight into the buffer): the hand-made frames of a
    # 3-a-line grid whose widths vary: items 100 wide but every third 90, so a line of three is
    # justified (gaps 15) and the lines stay 110 apart.
    with flow_view(30) as view:
        sizes = [(90.0 if i % 3 == 2 else 100.0, 100.0) for i in range(30)]
        view.layout.set_item_sizes(0, sizes)
        records = view.raw_elements()
        assert records.dtype == cvlayout.ELEMENTS_DTYPE and records.dtype.itemsize == 72
        assert list(records["index_path"]["item"]) == list(range(15))
        xs = [0.0, 115.0, 230.0]
        assert [(r["frame"]["x"], r["frame"]["y"]) for r in records] == [(xs[i % 3], 110.0 * (i // 3))
                                                                          for i in range(15)]
        assert set(records["category"]) == {cvlayout.Category.CELL} and set(records["flags"]) == {0}
        full = view.raw_attributes()
        assert bytes(records["frame"].tobytes()) == full.numpy()["frame"].tobytes()
        # Into the caller's buffer: the count; too small: CapacityError with the count, unchanged.
        out = np.zeros(32, dtype=cvlayout.ELEMENTS_DTYPE)
        assert view.raw_elements((0, 0, 320, 2000), out=out) == 30
        assert list(out["index_path"]["item"][:30]) == list(range(30))
        small = np.full(8, 7, dtype=cvlayout.ELEMENTS_DTYPE)
        before = small.tobytes()
        with pytest.raises(cvlayout.CapacityError) as err:
            view.raw_elements(out=small)
        assert err.value.needed == 15 and small.tobytes() == before
        ct = (T.cvl_element * 16)()
        assert view.raw_elements(out=ct) == 15 and ct[14].index_path.item == 14
        with pytest.raises(TypeError):
            view.raw_elements(out=b"read-only" * 72)


def test_numpy_buffers_of_records_are_checked_before_the_call(np):
    # A numpy array is read as bytes (not through its record format): any writable C-contiguous
    # array of whole records is taken, whatever its dtype's item size is 1 or the record's;
    # anything else is refused before the call, the array untouched.
    with flow_view(30) as view:
        want = view.raw_elements()
        as_bytes = np.zeros((4, 16 * 72), dtype=np.uint8)  # 2-D, 64 records
        assert view.raw_elements(out=as_bytes) == 15
        assert as_bytes.reshape(-1)[: 15 * 72].tobytes() == want.tobytes()
        attrs = np.zeros(16, dtype=cvlayout.ATTRIBUTES_DTYPE)
        assert view.raw_attributes(out=attrs) == 15 and list(attrs["index_path"]["item"][:15]) == list(range(15))
        spaced = np.zeros(64, dtype=cvlayout.ELEMENTS_DTYPE)[::2]
        frozen = np.zeros(32, dtype=cvlayout.ELEMENTS_DTYPE)
        frozen.flags.writeable = False
        doubles = np.zeros(9 * 16, dtype=np.float64)  # whole records by size, but 8-byte items
        refused = ((spaced, cvlayout.InvalidArgument), (frozen, TypeError), (doubles, cvlayout.InvalidArgument))
        for bad, error in refused:
            before = bad.tobytes()
            with pytest.raises(error):
                view.raw_elements(out=bad)
            assert bad.tobytes() == before
        with pytest.raises(cvlayout.CapacityError) as err:  # empty: the count only
            view.raw_elements(out=np.zeros(0, dtype=cvlayout.ELEMENTS_DTYPE))
        assert err.value.needed == 15


def test_a_scroll_step_in_one_call_is_the_offset_then_the_visible_query(np):
    # raw_elements / raw_attributes with offset=: cvl_view_*_at, one ctypes call. The grid of
    # flow_view: lines 110 apart, 3 a line, 480 high: at y = 220 the lines 2..6 (items 6..20).
    with flow_view(60) as view:
        records = view.raw_elements(offset=(0, 220))
        assert view.content_offset == (0.0, 220.0)
        assert list(records["index_path"]["item"]) == list(range(6, 21))
        assert [(r["frame"]["x"], r["frame"]["y"]) for r in records] == [f[:2] for f in hand_frames(range(6, 21))]
        out = np.zeros(32, dtype=cvlayout.ELEMENTS_DTYPE)
        assert view.raw_elements(out=out, offset=(0, 330)) == 15
        assert list(out["index_path"]["item"][:15]) == list(range(9, 24)) and view.content_offset == (0.0, 330.0)
        full = view.raw_attributes(offset=(0, 440))
        assert [a.index_path.item for a in full] == list(range(12, 27)) and view.content_offset == (0.0, 440.0)
        # Too small: the count, the buffer unchanged, the offset put back (nothing changes).
        small = np.full(4, 7, dtype=cvlayout.ELEMENTS_DTYPE)
        before = small.tobytes()
        with pytest.raises(cvlayout.CapacityError) as err:
            view.raw_elements(out=small, offset=(0, 0))
        assert err.value.needed == 15 and small.tobytes() == before and view.content_offset == (0.0, 440.0)
        # Bad input changes nothing.
        with pytest.raises(cvlayout.InvalidArgument):
            view.raw_elements(out=out, offset=(float("nan"), 5))
        assert view.content_offset == (0.0, 440.0)
        with pytest.raises(TypeError):
            view.raw_elements((0, 0, 10, 10), offset=(0, 5))
