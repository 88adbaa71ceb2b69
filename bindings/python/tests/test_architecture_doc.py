"""ARCHITECTURE.md stays true: every file, folder and type it names exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "ARCHITECTURE.md").read_text()
PLACEHOLDER = re.compile(r"stack", re.IGNORECASE)   # the checklist's example layout


def _is_path(token: str) -> bool:
    last = token.rstrip("/").rsplit("/", 1)[-1]
    return "." in last or token.split("/", 1)[0] in {p.name for p in ROOT.iterdir()}


def test_named_paths_exist() -> None:
    tokens = set(re.findall(r"[\w.+-]+(?:/[\w.+*-]+)+/?|[\w+-]+\.(?:swift|py|h|c|md|json|map|txt|inc)\b", DOC))
    missing = []
    for p in sorted(t for t in tokens if _is_path(t)):
        if PLACEHOLDER.search(p):
            continue
        if not (list(ROOT.glob(p.rstrip("/"))) or list(ROOT.glob("**/" + p.rstrip("/")))):
            missing.append(p)
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_named_symbols_exist() -> None:
    code = "\n".join(f.read_text() for d in ("Sources", "Tests", "bindings/python/cvlayout", "scripts")
                     for f in (ROOT / d).rglob("*") if f.suffix in {".swift", ".py"})
    code += "\nMakefile\n" + (ROOT / "Makefile").read_text()   # the checklist names its variables
    names = set(re.findall(r"`((?:[A-Z]\w+)(?:\.\w+)?)(?:\([^`]*\))?`", DOC))
    missing = [n for n in sorted(names) if not PLACEHOLDER.search(n)
               and not re.search(r"\b" + re.escape(n.split(".")[-1]) + r"\b", code)]
    assert not missing, f"ARCHITECTURE.md names symbols that do not exist: {missing}"
