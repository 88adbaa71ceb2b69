"""The bindings mirror include/cvlayout.h exactly: functions, constants, struct layouts."""

from __future__ import annotations

import ctypes
import re
import sys

import pytest
from conftest import REPO, requires

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T

HEADER = (REPO / "include" / "cvlayout.h").read_text()


sys.path.insert(0, str(REPO / "scripts"))
import cvl_header  # noqa: E402

MODEL = cvl_header.load()


def test_every_header_function_is_declared_once():
    declared = [name for name, _, _ in T.FUNCTIONS]
    assert len(declared) == len(set(declared))
    assert declared == list(MODEL.functions)
    # the parser read every declaration: as many as a plain scan of the header finds
    assert len(declared) == len(re.findall(r"^(?:int|const char \*)\s*cvl_\w+\s*\(", HEADER, re.M)) > 60


def test_argument_and_return_types_match_the_header():
    """Every function as declared on the loaded library, every struct field and every callback
    prototype, compared type by type with the header read by a C parser."""
    assert cvl_header.check_bindings(MODEL, T, _lib) == []


def test_a_wrong_argument_type_is_caught(monkeypatch):
    fn = _lib.lib.cvl_view_set_time
    right = list(fn.argtypes)
    monkeypatch.setattr(fn, "argtypes", [right[0], ctypes.c_float])
    problems = cvl_header.check_bindings(MODEL, T, _lib)
    assert problems == ["cvl_view_set_time: argtypes (ptr(cvl_view), f32) != header (ptr(cvl_view), f64)"]
    monkeypatch.setattr(fn, "argtypes", [right[0], ctypes.c_int64])
    assert "argtypes (ptr(cvl_view), i64)" in cvl_header.check_bindings(MODEL, T, _lib)[0]
    # an attributes buffer declared as a plain address is a wrong type too
    q = _lib.lib.cvl_view_visible_attributes
    monkeypatch.setattr(q, "argtypes", [q.argtypes[0], ctypes.c_void_p, *q.argtypes[2:]])
    assert any("cvl_view_visible_attributes: argtypes (ptr(cvl_view), void*, u64, ptr(u64))" in p
               for p in cvl_header.check_bindings(MODEL, T, _lib))


def test_a_wrong_callback_prototype_is_caught(monkeypatch):
    wrong = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int64))
    fields = [(n, wrong if n == "number_of_items" else t) for n, t in T.cvl_data_source._fields_]

    class cvl_data_source(ctypes.Structure):
        _fields_ = fields

    monkeypatch.setattr(T, "cvl_data_source", cvl_data_source)
    problems = cvl_header.check_bindings(MODEL, T, _lib)
    assert problems[0] == ("cvl_data_source.number_of_items: bindings fn(i32;void*,i32,ptr(i64)), "
                           "header fn(i32;void*,i64,ptr(i64))")


def test_a_struct_field_missing_from_the_bindings_is_caught(monkeypatch):
    class cvl_point(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double)]

    monkeypatch.setattr(T, "cvl_point", cvl_point)
    assert cvl_header.check_bindings(MODEL, T, _lib) == [
        "struct cvl_point: fields ['x'] != header ['x', 'y']"]


def test_generated_files_are_up_to_date():
    import subprocess
    r = subprocess.run([sys.executable, str(REPO / "scripts" / "gen_abi_check.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_library_exports_every_function():
    missing = _lib.missing_functions()
    if missing:
        pytest.skip(f"{len(missing)} functions not exported yet: {', '.join(missing)}")


def test_constants_match_the_header():
    defines = dict(re.findall(r"^#define CVL_(\w+)\s+(-?\d+)u?\b", HEADER, re.M))
    assert len(defines) > 50  # parsed something
    for name, value in defines.items():
        assert getattr(T, name) == int(value), name


def test_constants_are_enums_with_labels():
    assert T.Curve.EASE_IN_OUT == 3 and T.Curve.EASE_IN_OUT.label == "ease_in_out"
    assert T.Curve.coerce("spring") is T.Curve.SPRING and T.Curve.coerce(1) is T.Curve.EASE_IN
    assert T.ScrollPosition.coerce("top|left") == 9
    assert T.Invalidation.coerce(["bounds", "data_counts"]) == 18
    with pytest.raises(cvlayout.InvalidArgument, match="unknown curve 'easeInOut'; valid: linear, ease_in, "
                                                       "ease_out, ease_in_out, cubic_bezier, spring"):
        T.Curve.coerce("easeInOut")
    with pytest.raises(cvlayout.InvalidArgument, match="unknown scroll position 'middle'"):
        T.ScrollPosition.coerce("top|middle")
    with pytest.raises(cvlayout.InvalidArgument, match="unknown curve 9"):
        T.Curve.coerce(9)


def test_every_status_has_its_exception():
    from cvlayout import errors
    for status in T.Status:
        if status == T.Status.OK:
            continue
        err = errors.error_for_status(status, "m")
        assert type(err) is not errors.CvlError and err.status == status and str(err) == "m"
        assert _lib.status_string(status) == "CVL_" + status.name
    assert str(errors.CapacityError()) == "CVL_ERROR_CAPACITY"


@requires("cvl_version")
def test_version_matches():
    v = ctypes.c_uint32()
    _lib.cvl_version(ctypes.byref(v))
    assert v.value == T.VERSION_NUMBER == 100
    assert cvlayout.library_version == v.value


@requires("cvl_abi_struct_size", "cvl_abi_field_offset")
@pytest.mark.parametrize("name", sorted(T.STRUCTS))
def test_struct_layout_matches_the_library(name):
    cls = T.STRUCTS[name]
    size = ctypes.c_size_t()
    _lib.cvl_abi_struct_size(name.encode(), ctypes.byref(size))
    assert size.value == ctypes.sizeof(cls)
    for field, _ in cls._fields_:
        off = ctypes.c_size_t()
        _lib.cvl_abi_field_offset(name.encode(), field.encode(), ctypes.byref(off))
        assert off.value == getattr(cls, field).offset, field


@requires("cvl_abi_struct_size", "cvl_abi_field_offset")
def test_abi_check_ran_and_verified_everything():
    assert _lib.ABI_CHECKED
    assert _lib.ABI_UNVERIFIED == []


@requires("cvl_abi_struct_size", "cvl_abi_field_offset")
def test_abi_unknown_names_are_invalid_argument():
    out = ctypes.c_size_t(12345)
    with pytest.raises(cvlayout.InvalidArgument):
        _lib.cvl_abi_struct_size(b"cvl_nonexistent", ctypes.byref(out))
    with pytest.raises(cvlayout.InvalidArgument):
        _lib.cvl_abi_field_offset(b"cvl_attributes", b"frame.x", ctypes.byref(out))
    assert out.value == 12345  # nothing written on failure


def test_abi_mismatch_is_reported_clearly():
    with pytest.raises(cvlayout.LibraryError, match=r"sizeof\(cvl_point\).*offsetof\(cvl_point, y\)"):
        _lib.verify_abi(lambda n: 999 if n == "cvl_point" else ctypes.sizeof(T.STRUCTS[n]),
                     lambda n, f: 1 if (n, f) == ("cvl_point", "y") else getattr(T.STRUCTS[n], f).offset)


def test_attributes_flat_record_matches_ctypes():
    fmt, F = T.ATTRIBUTES_FORMAT, T.AttributesField
    assert fmt.size == ctypes.sizeof(T.cvl_attributes) == 320
    a = T.cvl_attributes()
    a.index_path.section, a.index_path.item, a.kind, a.z_index, a.custom_count = 3, 4, 7, -2, 2
    a.frame.width, a.transform.m34, a.alpha, a.custom[1], a.disappearing = 5.0, -0.001, 0.5, 9.5, 1
    v = fmt.unpack(bytes(a))
    assert v[F.index_path] == (3, 4) and v[F.category] == 0 and v[F.kind] == 7 and v[F.frame_width] == 5.0
    assert v[F.transform_m34] == -0.001 and v[F.transform][11] == -0.001
    assert v[F.alpha] == 0.5 and v[F.z_index] == -2 and v[F.custom_count] == 2 and v[F.custom][1] == 9.5
    assert v[F.disappearing] == 1 and v[F.has_identifier] == 0
    a.has_identifier, a.identifier = 1, 2 ** 64 - 1
    v = fmt.unpack(bytes(a))
    assert v[F.has_identifier] == 1 and v[F.identifier] == 2 ** 64 - 1


@requires("cvl_status_string", "cvl_last_error_message")
def test_status_strings():
    assert _lib.status_string(5) == "CVL_ERROR_CAPACITY"
    assert _lib.status_string(0) == "CVL_OK"
    assert _lib.status_string(12345) == "unknown status"


def test_library_found_by_environment_or_default():
    import os
    env = os.environ.get("CVLAYOUT_LIBRARY")
    if env:
        assert _lib.path == env
    assert _lib.path.endswith(_lib.LIBRARY_NAME)
