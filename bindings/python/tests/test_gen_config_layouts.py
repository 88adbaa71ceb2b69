"""scripts/gen_config_layouts.py: which layouts it generates the Swift side of, and what it writes for
a new one (a made-up "ribbon" layout added to a copy of the header). That the committed files are
what it writes for the real header is test_abi.py's test_generated_files_are_up_to_date."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import REPO

sys.path.insert(0, str(REPO / "scripts"))
import cvl_header  # noqa: E402
import gen_config_layouts as CL  # noqa: E402

BANNER = "generated for a test"
#: The real header's config layouts, in header order (the made-up "ribbon" joins after them).
REAL = [c.x for c in CL.config_layouts(cvl_header.load())]
RIBBON = """
#define CVL_LAYOUT_RIBBON 99
typedef struct cvl_ribbon_config {
    int64_t tile_count;
    double row_gap;
    cvl_size tile_size;
    cvl_insets content_insets;
} cvl_ribbon_config;
int cvl_ribbon_config_default(cvl_ribbon_config *out);
int cvl_ribbon_layout_create(cvl_layout **out_layout);
int cvl_ribbon_layout_set_config(cvl_layout *layout, const cvl_ribbon_config *ribbon_config);
int cvl_ribbon_layout_get_config(const cvl_layout *layout, cvl_ribbon_config *out_config);
"""


def header_with(tmp_path: Path, extra: str) -> cvl_header.Header:
    """The real header with ``extra`` declared before its closing extern "C" block."""
    text = (REPO / "include" / "cvlayout.h").read_text()
    cut = text.rindex("#ifdef __cplusplus")
    path = tmp_path / "cvlayout.h"
    path.write_text(text[:cut] + extra + "\n" + text[cut:])
    return cvl_header.load(path)


def test_the_header_config_layouts() -> None:
    layouts = CL.config_layouts(cvl_header.load())
    # flow has the four functions but hand-written exports; mosaic has no config_default; tree's
    # create takes a data source; the others come in header order (a new layout joins at the end)
    assert [c.x for c in layouts][:2] == ["waterfall", "grid"]
    assert not {"flow", "mosaic", "tree"} & {c.x for c in layouts}
    grid = layouts[1]
    assert (grid.swift_class, grid.getter, grid.setter_label) == ("GridLayout", "configuration", "")
    assert [(f.c_name, f.swift_name, f.reader) for f in grid.fields] == [
        ("columns", "columns", "int"), ("minimum_column_width", "minimumColumnWidth", "double"),
        ("item_height", "itemHeight", "double"),
        ("item_aspect", "itemAspect", "double"), ("interitem_spacing", "interitemSpacing", "double"),
        ("intergroup_spacing", "intergroupSpacing", "double"), ("content_insets", "contentInsets", "insets"),
        ("header_height", "headerHeight", "double"), ("footer_height", "footerHeight", "double"),
        ("scroll_direction", "scrollDirection", "int"), ("stretch_items", "stretchItems", "int"),
        ("short_row_alignment", "shortRowAlignment", "int"),
        ("supplementaries_follow_insets", "supplementariesFollowInsets", "int")]
    waterfall = layouts[0]
    assert (waterfall.getter, waterfall.setter_label) == ("waterfall", "waterfall")
    assert [f.swift_name for f in waterfall.fields] == ["columnCount", "minimumColumnWidth", "placement"]


def test_a_new_config_layout_needs_no_swift_by_hand(tmp_path: Path) -> None:
    layouts = CL.config_layouts(header_with(tmp_path, RIBBON))
    assert [c.x for c in layouts] == REAL + ["ribbon"]
    exports = CL.swift_exports(layouts, BANNER)
    section = exports[exports.index("// MARK: cvl_ribbon_config"):]
    for line in [
        "extension cvl_ribbon_config {",
        "        var core = RibbonLayout.Configuration()",
        "        core.tileCount = Int(self.tile_count)",
        "        core.rowGap = self.row_gap",
        "        core.tileSize = self.tile_size.core",
        "        core.contentInsets = self.content_insets.core",
        "            tile_count: Int64(self.tileCount),",
        "            content_insets: self.contentInsets.c)",
        '@_cdecl("cvl_ribbon_config_default")',
        "        out.pointee = RibbonLayout.Configuration.default.c",
        "        out.pointee = registerLayout(RibbonLayout(), type: CVL_LAYOUT_RIBBON)",
        '        try layoutOfType(box, RibbonLayout.self, "ribbon").configure(config.pointee.core)',
        '        out.pointee = try layoutOfType(box, RibbonLayout.self, "ribbon").configuration.c',
        # the NULL messages name the header's parameters
        '        guard let out else { throw LayoutError(.nullArgument, "out_layout is NULL") }',
        '        guard let config else { throw LayoutError(.nullArgument, "ribbon_config is NULL") }',
        '        guard let out else { throw LayoutError(.nullArgument, "out_config is NULL") }',
    ]:
        assert line + "\n" in section, line
    assert section.count("@_cdecl(") == 4
    fixtures = CL.swift_fixtures(layouts, BANNER)
    case = fixtures[fixtures.index('    case "ribbon":'):fixtures.index("    default:")]
    assert case.splitlines() == [
        '    case "ribbon":',
        "        let layout = RibbonLayout()",
        "        var c = layout.configuration",
        '        if let v = try spec.int("tile_count") { c.tileCount = v }',
        '        if let v = try spec.double("row_gap") { c.rowGap = v }',
        '        if let v = try spec.size("tile_size") { c.tileSize = v }',
        '        if let v = try spec.insets("content_insets") { c.contentInsets = v }',
        "        try layout.configure(c)",
        "        return layout",
    ]


def test_a_layout_without_the_four_functions_is_left_to_hand_written_exports(tmp_path: Path) -> None:
    partial = RIBBON.replace("int cvl_ribbon_config_default(cvl_ribbon_config *out);", "")
    assert [c.x for c in CL.config_layouts(header_with(tmp_path, partial))] == REAL
    # The three layout functions without a CVL_LAYOUT_ constant: a mistake every generator stops at
    # (cvl_header.config_families, the definition they share).
    no_constant = RIBBON.replace("#define CVL_LAYOUT_RIBBON 99", "")
    with pytest.raises(SystemExit, match=r"cvl_ribbon_config: the header declares cvl_ribbon_layout_create but no "
                                         r"CVL_LAYOUT_RIBBON"):
        CL.config_layouts(header_with(tmp_path, no_constant))


def test_a_field_it_cannot_convert_stops_it(tmp_path: Path) -> None:
    flag = RIBBON.replace("double row_gap;", "int32_t wraps;")
    with pytest.raises(CL.GeneratorError, match=r"cvl_ribbon_config\.wraps: a field of type i32"):
        CL.config_layouts(header_with(tmp_path, flag))
