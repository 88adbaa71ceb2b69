"""One table of layouts: the classes (LAYOUTS, each class's KIND and SPEC_KEYS) are the only
list; the package's exports, the JSON spec's kinds and the gallery follow from it. A layout type
of the header without its class or its fixture fails here (ARCHITECTURE.md, "Adding a layout").
A layout configured by a struct alone needs neither a hand-written class nor a hand-written
JSON-spec row: both are generated from the header (scripts/gen_python_layouts.py, checked by
``make abi-check``); the gallery draws every kind from its fixtures."""

from __future__ import annotations

import inspect
import re
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO

import cvlayout
from cvlayout import LAYOUTS, LayoutType
from cvlayout import _config_layouts
from cvlayout import _types as T
from cvlayout._configured import ConfigField, ConfiguredLayout, ConfiguredLayoutWithDefaults, StructConfig
from cvlayout.demo import gallery
from cvlayout.demo import spec as S

sys.path.insert(0, str(REPO / "scripts"))
import cvl_header  # noqa: E402
import gen_python_layouts  # noqa: E402

#: The header's layout types a class stands for (a custom layout is any `cvlayout.Layout` subclass).
HEADER_KINDS = [t.name.lower() for t in LayoutType if t is not LayoutType.CUSTOM]
HEADER = cvl_header.load()


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
    dashed = kind.replace("_", "-")
    assert list(FIXTURES.glob(f"{dashed}-*.json")) or list(FIXTURES.glob(f"{dashed}.json")), f"no fixture of {kind}"
    # The row of a layout configured by a struct is generated; the others' are written by hand.
    doc = (REPO / "docs" / "json-spec.md").read_text()
    assert re.search(rf"^\| `{kind}` \|", doc, re.MULTILINE), f"docs/json-spec.md has no row for {kind}"
    # Drawn from its fixture when no showcase entry draws it.
    assert any(s.get("layout", {}).get("kind") == kind for _, s in gallery.ENTRIES), f"no gallery drawing of {kind}"


@pytest.mark.parametrize("kind", [k for k in HEADER_KINDS if f"cvl_{k}_config" in HEADER.structs and k != "flow"])
def test_a_config_struct_is_the_class_properties(kind: str) -> None:
    # Every field of cvl_<kind>_config is a property of the kind's class and a key of its spec,
    # read with the Python type of its C type; where the header has cvl_<kind>_config_default and
    # the class is not a flow layout (whose defaults() are the flow's), defaults() gives every field.
    cls = LAYOUTS[kind]
    assert issubclass(cls, StructConfig) and cls._CONFIG is getattr(T, f"cvl_{kind}_config")
    fields = HEADER.structs[f"cvl_{kind}_config"].fields
    assert {f.name for f in fields} <= set(cls.SPEC_KEYS)
    python_type = {"i64": int, "f64": float, "cvl_insets": tuple, "cvl_size": tuple}
    with (cls({"A": None}) if kind == "tree" else cls()) as layout:
        for f in fields:
            assert isinstance(inspect.getattr_static(cls, f.name), ConfigField), f.name
            assert isinstance(getattr(layout, f.name), python_type[f.type.describe()]), f.name
        if f"cvl_{kind}_config_default" in HEADER.functions and not issubclass(cls, cvlayout.FlowLayout):
            assert isinstance(layout, ConfiguredLayoutWithDefaults)
            assert layout.config == cls.defaults() and list(cls.defaults()) == [f.name for f in fields]


def test_only_layouts_with_more_than_a_struct_are_written_by_hand() -> None:
    # The classes generated whole are exactly the header's layouts created by
    # cvl_<kind>_layout_create(&out) alone whose properties are cvl_<kind>_config, and which
    # declare no cvl_<kind>_layout_* function of their own (the grid's bulk spans: hand-written).
    generated = {cls.KIND for cls in LAYOUTS.values() if cls.__module__ == _config_layouts.__name__}
    own = {"create", "set_config", "get_config"}
    plain = {k for k in HEADER_KINDS if f"cvl_{k}_config" in HEADER.structs and k != "flow"
             and len(HEADER.functions[f"cvl_{k}_layout_create"].params) == 1
             and "flow subclass" not in HEADER.defines[f"LAYOUT_{k.upper()}"].doc
             and not any(f.startswith(f"cvl_{k}_layout_") and f[len(f"cvl_{k}_layout_"):] not in own
                         for f in HEADER.functions)}
    assert generated == plain and {"stack", "mosaic"} <= generated and "grid" not in generated
    assert all(issubclass(LAYOUTS[k], ConfiguredLayout) for k in generated)


def test_a_new_config_layout_needs_no_python_and_no_spec_row(tmp_path: Path) -> None:
    # A "ribbon" layout added to the header only: the generator writes its class (exported) and its
    # JSON-spec row, each property typed and documented by its field.
    text = HEADER.text.replace("#ifdef __cplusplus\n} /* extern \"C\" */", (
        "#define CVL_LAYOUT_RIBBON 99 /* a ribbon of rows */\n"
        "/** The ribbon's properties. */\n"
        "typedef struct cvl_ribbon_config {\n"
        "    int64_t rows;        /* 3: rows per page */\n"
        "    double gap;          /* 0: between rows */\n"
        "    cvl_insets margins;  /* around the ribbon */\n"
        "    cvl_size cell;       /* every cell's size */\n"
        "} cvl_ribbon_config;\n"
        "int cvl_ribbon_config_default(cvl_ribbon_config *out);\n"
        "/** The ribbon layout: rows on top of each other. */\n"
        "int cvl_ribbon_layout_create(cvl_layout **out_layout);\n"
        "int cvl_ribbon_layout_set_config(cvl_layout *layout, const cvl_ribbon_config *config);\n"
        "int cvl_ribbon_layout_get_config(const cvl_layout *layout, cvl_ribbon_config *out);\n\n"
        "#ifdef __cplusplus\n} /* extern \"C\" */"), 1)
    path = tmp_path / "cvlayout.h"
    path.write_text(text)
    header = cvl_header.load(path)
    module = gen_python_layouts.module(header)
    assert '"RibbonLayout"]' in module.split("__all__ = ", 1)[1].splitlines()[0]
    ribbon = module[module.index("class RibbonLayout(ConfiguredLayoutWithDefaults):"):]
    for line in ('KIND = "ribbon"', "_CONFIG = T.cvl_ribbon_config", 'rows = IntField("3: rows per page")',
                 'gap = FloatField("0: between rows")', 'margins = InsetsField("around the ribbon")',
                 'cell = SizeField("every cell\'s size")', "The ribbon layout: rows on top of each other."):
        assert line in ribbon, line
    rows = gen_python_layouts.doc_rows(header)
    assert re.search(r"^\| `ribbon` \| `RibbonLayout`, a ribbon of rows \| The ribbon's properties\.<br>`rows` "
                     r"\(integer\): 3: rows per page<br>`gap` \(number\): 0: between rows", rows, re.MULTILINE)
    # The real header's output is what the package holds (make abi-check says the same).
    assert gen_python_layouts.module(HEADER) == Path(_config_layouts.__file__).read_text()


def test_the_gallery_draws_every_kind_without_an_entry(tmp_path: Path) -> None:
    # From the fixtures of a checkout: every kind, each fixture of it once.
    from_fixtures = gallery.kind_entries(set())
    assert {s["layout"]["kind"] for _, s in from_fixtures} == set(HEADER_KINDS)
    assert sorted(name for name, _ in from_fixtures) == sorted(p.stem for p in FIXTURES.glob("*.json"))
    # Without fixtures (an installed package): each class with its defaults; the tree, which
    # needs its tree, is reported as skipped, the others drawn.
    defaults = gallery.kind_entries({"flow"}, tmp_path)
    assert [s["layout"] for _, s in defaults] == [{"kind": k} for k in LAYOUTS if k != "flow"]
    written, skipped = gallery.write(str(tmp_path / "out"), defaults)
    assert [name for name, _ in skipped] == ["tree"]
    assert sorted(Path(p).name for p in written) == sorted(
        [f"{k.replace('_', '-')}.svg" for k in LAYOUTS if k not in ("flow", "tree")] + ["index.html"])
