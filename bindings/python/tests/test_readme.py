"""The README's Python example runs as written."""

from __future__ import annotations

import re

import pytest
from conftest import REPO


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_readme_python_example(tmp_path, monkeypatch):
    readme = REPO / "README.md"
    if not readme.exists():
        pytest.skip("README.md not written yet")
    blocks = python_blocks(readme.read_text())
    if not blocks:
        pytest.skip("README.md has no ```python block")
    monkeypatch.chdir(tmp_path)
    for i, code in enumerate(blocks):
        try:
            exec(compile(code, f"README.md python block {i + 1}", "exec"), {"__name__": "__readme__"})
        except Exception as exc:
            from cvlayout import NotAvailable
            if isinstance(exc, NotAvailable):
                pytest.skip(f"README example needs a function not exported yet: {exc}")
            raise
