"""One table of layouts: the classes (LAYOUTS, each class's KIND and SPEC_KEYS) are the only
list; the package's exports and the JSON spec's kinds follow from it. A layout type of the header
without its class, its JSON-spec row, its fixture or its gallery drawing fails here (ARCHITECTURE.md,
"Adding a layout")."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES, REPO

import cvlayout
from cvlayout import LAYOUTS, LayoutType
from cvlayout.demo import gallery
from cvlayout.demo import spec as S

#: The header's layout types a class stands for (a custom layout is any `cvlayout.Layout` subclass).
HEADER_KINDS = [t.name.lower() for t in LayoutType if t is not LayoutType.CUSTOM]


def test_every_header_layout_type_has_its_class() -> None:
    assert sorted(LAYOUTS) == sorted(HEADER_KINDS)
    for kind, cls in LAYOUTS.items():
        assert cls.KIND == kind and getattr(cvlayout, cls.__name__) is cls and cls.__name__ in cvlayout.__all__


@pytest.mark.parametrize("kind", [k for k in HEADER_KINDS if k != "tree"])
def test_each_class_creates_its_layout_type(kind: str) -> None:
    with LAYOUTS[kind]() as layout:
        assert layout.layout_type == kind


def test_spec_kinds_are_the_classes() -> None:
    assert set(S.LAYOUT_KINDS) == set(HEADER_KINDS)
    assert set(S.FLOW_KINDS) == {k for k, c in LAYOUTS.items() if issubclass(c, cvlayout.FlowLayout)}
    with pytest.raises(S.SpecError, match="spiral"):
        S.render({"version": 1, "layout": {"kind": "spiral"}, "viewport": {"width": 1, "height": 1}})


@pytest.mark.parametrize("kind", HEADER_KINDS)
def test_each_kind_is_documented_drawn_and_has_a_fixture(kind: str) -> None:
    doc = (REPO / "docs" / "json-spec.md").read_text()
    assert re.search(rf"^\| `{kind}` \|", doc, re.MULTILINE), f"docs/json-spec.md has no row for {kind}"
    assert any(s.get("layout", {}).get("kind") == kind for _, s in gallery.ENTRIES), f"no gallery drawing of {kind}"
    dashed = kind.replace("_", "-")
    assert list(FIXTURES.glob(f"{dashed}-*.json")) or list(FIXTURES.glob(f"{dashed}.json")), f"no fixture of {kind}"
