"""help(cvlayout) is a short reference: the package docstring indexes every public name, the
internals stay out of dir(), and every public name, method and property has a docstring."""

from __future__ import annotations

import inspect
import os
import pydoc
import subprocess
import sys
import types

import cvlayout

#: What help(cvlayout) may print: the docstring (the index), the package's modules and its
#: functions and values. (It printed about 8,000 lines when it documented every class in full.)
MAX_HELP_LINES = 160


def public_objects() -> dict[str, object]:
    return {name: getattr(cvlayout, name) for name in cvlayout.__all__}


def test_help_is_short():
    text = pydoc.render_doc(cvlayout, renderer=pydoc.plaintext)
    lines = text.splitlines()
    assert 40 < len(lines) <= MAX_HELP_LINES, len(lines)
    assert "Views and layouts" in text and "CollectionView" in text
    # No class is documented in full here (each one has help(cvlayout.NAME)).
    assert "CLASSES" not in text and "Methods inherited from" not in text
    # What `python -c "import cvlayout; help(cvlayout)"` prints is the same page.
    done = subprocess.run([sys.executable, "-c", "import cvlayout; help(cvlayout)"], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PAGER": "cat"})
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) <= MAX_HELP_LINES + 2


def test_the_docstring_indexes_every_public_name():
    doc = cvlayout.__doc__ or ""
    missing = [name for name in cvlayout.__all__ if name not in doc]
    assert not missing, f"not in cvlayout's docstring: {missing}"
    for extra in ("ATTRIBUTES_DTYPE", "ATTRIBUTES_BUFFER_FORMAT", "__version__"):
        assert extra in doc


def test_internals_stay_out_of_dir():
    names = dir(cvlayout)
    assert not [n for n in names if n.startswith("_") and not (n.startswith("__") and n.endswith("__"))]
    assert not [n for n in names if isinstance(getattr(cvlayout, n), types.ModuleType)]
    assert set(names) <= set(cvlayout.__all__) | {n for n in names if n.startswith("__")}
    # Every public name is still there, and a star import gets exactly __all__.
    for name in cvlayout.__all__:
        assert hasattr(cvlayout, name), name
    scope: dict[str, object] = {}
    exec("from cvlayout import *", scope)
    assert set(scope) - {"__builtins__"} == set(cvlayout.__all__)


def test_every_public_name_method_and_property_has_a_docstring():
    undocumented = []
    for name, obj in public_objects().items():
        if inspect.isclass(obj) or inspect.isroutine(obj):
            if not (obj.__doc__ or "").strip():
                undocumented.append(name)
        if not inspect.isclass(obj):
            continue
        class_doc = obj.__doc__ or ""
        for attr, value in vars(obj).items():
            if attr.startswith("_") or attr in getattr(obj, "__members__", {}):
                continue
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if isinstance(value, types.MemberDescriptorType):
                # A slot of a slotted dataclass has no docstring of its own: the class documents it.
                if f"``{attr}``" not in class_doc:
                    undocumented.append(f"{name}.{attr} (slot, not named in the class docstring)")
                continue
            if inspect.isroutine(value) or isinstance(value, property) or hasattr(value, "__set_name__"):
                if not (getattr(value, "__doc__", None) or "").strip():
                    undocumented.append(f"{name}.{attr}")
    assert not undocumented, undocumented
