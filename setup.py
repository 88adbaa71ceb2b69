"""The setuptools build hook behind pyproject.toml (pip runs it; nobody needs to call it).

build_py compiles libcvlayout with the same `swift build` as `make lib` (Swift runtime linked
statically, so the library needs only the C runtime; an up-to-date .build makes it a no-op) and
copies it into the cvlayout package, where _lib.py looks first. The wheel is tagged for the
platform but for any Python 3: the bindings use ctypes, no Python C API.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = Path(__file__).resolve().parent
LIBRARY = "libcvlayout.dylib" if sys.platform == "darwin" else "libcvlayout.so"
SWIFT_BUILD = ["build", "-c", "release", "--product", "cvlayout", "--disable-local-rpath"]


def built_library() -> Path:
    """Builds the release library with Swift and returns its path."""
    swift = shutil.which("swift")
    if swift is None:
        sys.exit("building cvlayout needs the Swift 6 toolchain on PATH (https://www.swift.org/install/); "
                 "see README.md, 'Install'")
    env = dict(os.environ, CVL_STATIC_STDLIB="1")
    subprocess.run([swift, *SWIFT_BUILD], cwd=ROOT, env=env, check=True)
    bin_path = subprocess.run([swift, *SWIFT_BUILD, "--show-bin-path"], cwd=ROOT, env=env, check=True,
                              capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / LIBRARY


class BuildPyWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "cvlayout" / LIBRARY
        self.copy_file(str(built_library()), str(target), preserve_mode=True)


class WithNativeLibrary(Distribution):
    """Not a pure-Python distribution: the package carries a native library (installed to platlib)."""

    def has_ext_modules(self) -> bool:
        return True


class PlatformWheel(bdist_wheel):
    """Tagged for the platform but any Python 3: ctypes bindings use no Python C API."""

    def get_tag(self) -> tuple[str, str, str]:
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    distclass=WithNativeLibrary,
    cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": PlatformWheel},
    # Not build/: `make lib` stages the C library in build/lib, which setuptools would pack.
    options={"build": {"build_base": "build/python"}},
)
