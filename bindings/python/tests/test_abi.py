"""The bindings mirror include/cvlayout.h exactly: functions, constants, struct layouts."""

from __future__ import annotations

import ctypes
import re

import pytest
from conftest import REPO, requires

import cvlayout
from cvlayout import _lib
from cvlayout import _types as T

HEADER = (REPO / "include" / "cvlayout.h").read_text()


def header_functions() -> list[str]:
    return re.findall(r"^(?:int|const char \*)\s*(cvl_\w+)\s*\(", HEADER, re.M)


def test_every_header_function_is_declared_once():
    declared = [name for name, _, _ in _lib._FUNCTIONS]
    assert len(declared) == len(set(declared))
    assert sorted(declared) == sorted(header_functions())


def test_argument_counts_match_the_header():
    for name, argtypes, _ in _lib._FUNCTIONS:
        m = re.search(r"^(?:int|const char \*)\s*" + name + r"\s*\(([^;]*)\)\s*;", HEADER, re.S | re.M)
        params = m.group(1).strip()
        # function-pointer parameters contain commas inside parentheses: drop them first
        flat = re.sub(r"\([^()]*\)\s*\([^()]*\)", "FN", params)
        n = 0 if params == "void" else len(flat.split(","))
        assert len(argtypes) == n, name


def test_library_exports_every_function():
    missing = _lib.missing_functions()
    if missing:
        pytest.skip(f"{len(missing)} functions not exported yet: {', '.join(missing)}")


def test_constants_match_the_header():
    defines = dict(re.findall(r"^#define CVL_(\w+)\s+(-?\d+)u?\b", HEADER, re.M))
    assert defines  # parsed something
    checked = 0
    for name, value in defines.items():
        if name.startswith("ERROR_") or name == "OK":
            from cvlayout import errors
            assert getattr(errors, name if name != "OK" else "OK") == int(value), name
        else:
            assert getattr(T, name) == int(value), name
        checked += 1
    assert checked > 50


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
    assert T.ABI_UNVERIFIED == []


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
        T.verify_abi(lambda n: 999 if n == "cvl_point" else ctypes.sizeof(T.STRUCTS[n]),
                     lambda n, f: 1 if (n, f) == ("cvl_point", "y") else getattr(T.STRUCTS[n], f).offset)


def test_attributes_struct_format_matches_ctypes():
    fmt = T.ATTRIBUTES_FORMAT
    assert fmt.size == ctypes.sizeof(T.cvl_attributes) == 312
    a = T.cvl_attributes()
    a.index_path.section, a.index_path.item, a.kind, a.z_index, a.custom_count = 3, 4, 7, -2, 2
    a.frame.width, a.transform.m34, a.alpha, a.custom[1] = 5.0, -0.001, 0.5, 9.5
    v = fmt.unpack(bytes(a))
    assert v[:4] == (3, 4, 0, 7) and v[6] == 5.0 and v[12 + 11] == -0.001
    assert v[28] == 0.5 and v[29] == -2 and v[31] == 2 and v[33] == 9.5


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
