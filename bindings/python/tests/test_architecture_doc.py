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


CHECKLIST = DOC[DOC.index("## Adding a layout"):]
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12}


def _group(phrase: str, required: bool = True) -> tuple[int, list[str]]:
    """'<number> <phrase> (<a>, <b>, ...)' in the checklist's summary: the number and the items
    ((0, []) for a group the summary may leave out)."""
    words = r"\s+".join(map(re.escape, phrase.split()))
    m = re.search(r"(\w+)\s+" + words + r"[^(]*\(((?:[^()]|\([^()]*\))*)\)", CHECKLIST)
    if m is None and not required:
        return 0, []
    assert m, f"the checklist's summary has no '{phrase}' group"
    return NUMBERS[m.group(1)], [x.strip() for x in re.split(r",\s+", m.group(2))]


def test_checklist_counts_add_up() -> None:
    m = re.search(r"a new layout touches (\d+) files", CHECKLIST)
    assert m, "the checklist says how many files a new layout touches"
    total = int(m.group(1))
    groups = [_group("carry the new idea"), _group("is a short hand edit", required=False), _group("are generated")]
    for n, items in groups:
        assert n == len(items), items
    assert total == sum(n for n, _ in groups)
    generators = "".join((ROOT / "scripts" / s).read_text()
                         for s in ("gen_abi_check.py", "gen_fixtures.py", "gen_python_layouts.py"))
    for name in groups[2][1]:
        assert name.strip("`").rsplit("/", 1)[-1] in generators, f"{name} is said to be generated"


def test_no_list_of_layouts_is_kept_by_hand() -> None:
    """The files the checklist says follow by themselves name no layout kind (the newest, waterfall,
    stands for all): they derive the kinds from the header or from the Python classes."""
    follow = re.search(r"No list of\s+layouts is edited by hand: (.*?) follow\.", CHECKLIST, re.S)
    assert follow
    files = re.findall(r"`([^`]+)`", follow.group(1))
    assert len(files) >= 5
    for name in files:
        path = ROOT / name
        assert "waterfall" not in path.read_text().lower(), f"{name} lists layouts by hand"
