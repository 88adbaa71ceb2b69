#!/usr/bin/env python3
"""Generates Tests/c/fixtures.inc, the C harness's copy of the shared fixtures (Tests/fixtures/*.json).

Each fixture becomes a setup function (create the layout, apply the spec's layout keys and bulk
sizes) and a table of expected elements; the harness's run_fixture() does the rest (view, bounds,
offset, whole-content query, comparisons). The JSON files are the only place the numbers are
written: `--check` (run by `make test`) fails when fixtures.inc is stale, as gen_abi_check.py does.

The C runner understands the fixture subset documented in Tests/fixtures/README.md; anything else
is an error here, so a fixture the C suite cannot run is noticed when it is added.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "fixtures"
OUT = ROOT / "Tests" / "c" / "fixtures.inc"

CREATE = {"flow": "cvl_flow_layout_create", "survey": "cvl_survey_layout_create",
          "dimensions": "cvl_dimensions_layout_create", "cover_flow": "cvl_cover_flow_layout_create",
          "mosaic": "cvl_mosaic_layout_create", "circle": "cvl_circle_layout_create", "tree": None}
FLOW_KINDS = {"flow", "survey", "dimensions", "cover_flow"}
FLOW_KEYS = {"scroll_direction": None, "item_size": "size", "minimum_line_spacing": "double",
             "minimum_interitem_spacing": "double", "section_inset": "insets", "header_reference_size": "size",
             "footer_reference_size": "size", "pin_headers": "bool", "pin_footers": "bool"}
FLOW_FIELDS = {"pin_headers": "section_headers_pin_to_visible_bounds",
               "pin_footers": "section_footers_pin_to_visible_bounds"}
MOSAIC_KEYS = {"padding", "column_width", "row_height", "large_cell_width", "large_cell_height", "medium_cell_height"}
CATEGORIES = {"cell": "CVL_CATEGORY_CELL", "supplementary": "CVL_CATEGORY_SUPPLEMENTARY",
              "decoration": "CVL_CATEGORY_DECORATION"}


def num(v) -> str:
    return repr(float(v))


def c_value(kind: str, v) -> str:
    if kind == "size":
        return f"(cvl_size){{{num(v[0])}, {num(v[1])}}}"
    if kind == "insets":
        return f"(cvl_insets){{{', '.join(num(x) for x in v)}}}"
    if kind == "bool":
        return "1" if v else "0"
    return num(v)


def setup_function(name: str, spec: dict) -> list[str]:
    layout = spec.get("layout", {"kind": "flow"})
    kind = layout.get("kind", "flow")
    if kind not in CREATE:
        raise SystemExit(f"{name}: layout kind {kind!r} is not supported by the C fixture runner")
    lines = [f"static cvl_layout *fx_setup_{name}(void) {{", "    cvl_layout *l = NULL;"]
    extra = set(layout) - {"kind"}
    if kind == "tree":
        lines += [f"    cvl_tree_data_source src = {{(void *)&fx_tree_{name}, fx_tree_children}};",
                  "    OK(cvl_tree_layout_create(&src, &l));"]
        extra.discard("tree")
    else:
        lines.append(f"    OK({CREATE[kind]}(&l));")
    if kind in FLOW_KINDS:
        flow_keys = extra & set(FLOW_KEYS)
        if flow_keys:
            lines += ["    cvl_flow_config c;", "    OK(cvl_flow_layout_get_config(l, &c));"]
            for key in sorted(flow_keys):
                if key == "scroll_direction":
                    value = "CVL_SCROLL_HORIZONTAL" if layout[key] == "horizontal" else "CVL_SCROLL_VERTICAL"
                else:
                    value = c_value(FLOW_KEYS[key], layout[key])
                lines.append(f"    c.{FLOW_FIELDS.get(key, key)} = {value};")
            lines.append("    OK(cvl_flow_layout_set_config(l, &c));")
        extra -= flow_keys
        if kind == "dimensions" and "mode" in extra:
            mode = {"aspect_fit": "CVL_LAYOUT_MODE_ASPECT_FIT", "aspect_fill": "CVL_LAYOUT_MODE_ASPECT_FILL"}
            lines.append(f"    OK(cvl_dimensions_layout_set_mode(l, {mode[layout['mode']]}));")
            extra.discard("mode")
        for s, sec in enumerate(spec.get("sections", [])):
            lines += bulk_sizes(name, s, sec)
    elif kind == "mosaic" and extra & MOSAIC_KEYS:
        lines += ["    cvl_mosaic_config m;", "    OK(cvl_mosaic_layout_get_config(l, &m));"]
        lines += [f"    m.{k} = {num(layout[k])};" for k in sorted(extra & MOSAIC_KEYS)]
        lines.append("    OK(cvl_mosaic_layout_set_config(l, &m));")
        extra -= MOSAIC_KEYS
    elif kind == "tree" and extra & {"item_size", "insets"}:
        lines += ["    cvl_tree_config t;", "    OK(cvl_tree_layout_get_config(l, &t));"]
        if "item_size" in extra:
            lines.append(f"    t.item_size = {c_value('size', layout['item_size'])};")
        if "insets" in extra:
            lines.append(f"    t.insets = {c_value('insets', layout['insets'])};")
        lines.append("    OK(cvl_tree_layout_set_config(l, &t));")
        extra -= {"item_size", "insets"}
    elif kind == "circle" and "item_size" in extra:
        lines.append(f"    OK(cvl_circle_layout_set_item_size(l, {c_value('size', layout['item_size'])}));")
        extra.discard("item_size")
    if extra:
        raise SystemExit(f"{name}: layout keys {sorted(extra)} are not supported by the C fixture runner")
    lines += ["    return l;", "}", ""]
    return lines


def tree_levels(tree) -> list[list[int]]:
    """Children counts per section (depth) of a tree given as `{"name", "children"}` nodes and
    bare names (leaves), a list at the top giving several roots: the fixture form (ordered, so
    that every runner reads it the same way)."""
    def children(node) -> list:
        if isinstance(node, str):
            return []
        if isinstance(node, dict) and set(node) <= {"name", "children"} and "name" in node:
            return list(node.get("children", []))
        raise SystemExit(f"tree node {node!r}: fixtures use {{\"name\", \"children\"}} nodes and bare names")
    levels, level = [], tree if isinstance(tree, list) else [tree]
    while level:
        levels.append([len(children(n)) for n in level])
        level = [c for n in level for c in children(n)]
    return levels


def tree_data(name: str, levels: list[list[int]]) -> list[str]:
    flat = [c for level in levels for c in level]
    starts, total = [], 0
    for level in levels:
        starts.append(total)
        total += len(level)
    return [f"static const int64_t fx_children_{name}[] = {{{', '.join(map(str, flat))}}};",
            f"static const fx_tree fx_tree_{name} = {{{len(levels)}, {{{', '.join(map(str, starts))}}}, "
            f"{{{', '.join(str(len(x)) for x in levels)}}}, fx_children_{name}}};", ""]


def section_count(sec: dict) -> int:
    for key in ("item_sizes", "image_sizes"):
        if key in sec:
            return len(sec[key])
    return int(sec["count"])


def bulk_sizes(name: str, s: int, sec: dict) -> list[str]:
    unknown = set(sec) - {"count", "item_size", "item_sizes", "image_sizes", "max_size"}
    if unknown:
        raise SystemExit(f"{name}: section keys {sorted(unknown)} are not supported by the C fixture runner")
    if "item_sizes" in sec:
        sizes = [c_value("size", v) for v in sec["item_sizes"]]
    elif "item_size" in sec:
        sizes = [c_value("size", sec["item_size"])] * int(sec["count"])
    elif "image_sizes" in sec:
        # Listing 3.9 through the library, as the JSON spec does.
        if "max_size" not in sec:
            raise SystemExit(f"{name}: image_sizes need max_size in a fixture")
        max_size = c_value("size", sec["max_size"])
        n = len(sec["image_sizes"])
        return ["    {", f"        const cvl_size images[{n}] = {{",
                *[f"            {c_value('size', v)}," for v in sec["image_sizes"]], "        };",
                f"        cvl_size sizes[{n}];",
                f"        for (size_t i = 0; i < {n}; i++) OK(cvl_aspect_fit_size(images[i], {max_size}, &sizes[i]));",
                f"        OK(cvl_flow_layout_set_item_sizes(l, {s}, sizes, {n}));", "    }"]
    else:
        return []
    return ["    {", f"        const cvl_size sizes[{len(sizes)}] = {{",
            *[f"            {v}," for v in sizes], "        };",
            f"        OK(cvl_flow_layout_set_item_sizes(l, {s}, sizes, {len(sizes)}));", "    }"]


def expected_table(name: str, expected: dict) -> list[str]:
    rows = []
    for e in expected["elements"]:
        custom = e.get("custom", [])
        rows.append("    {%s, %d, %d, %d, {%s}," % (
            CATEGORIES[e["category"]], e.get("kind", 0), e["index_path"][0], e["index_path"][1],
            ", ".join(num(v) for v in e["frame"])))
        rows.append("     %d, %d, %d, {%s}}," % ("z_index" in e, e.get("z_index", 0), len(custom),
                                                ", ".join(num(v) for v in custom) or "0"))
    return [f"static const fx_element fx_expected_{name}[] = {{", *rows, "};", ""]


def generate() -> str:
    out = ["/* Generated by scripts/gen_fixtures.py from the JSON files in Tests/fixtures: do not edit. */", ""]
    table = []
    for path in sorted(FIXTURES.glob("*.json")):
        name = path.stem.replace("-", "_")
        fixture = json.loads(path.read_text())
        spec, expected = fixture["spec"], fixture["expected"]
        unknown = set(spec) - {"layout", "sections", "viewport", "version", "title", "description"}
        if unknown:
            raise SystemExit(f"{path.name}: spec keys {sorted(unknown)} are not supported by the C fixture runner")
        layout = spec.get("layout", {})
        if layout.get("kind") == "tree":
            levels = tree_levels(layout["tree"])
            counts = [len(level) for level in levels]
            out += tree_data(name, levels)
        else:
            counts = [section_count(sec) for sec in spec.get("sections", [])]
        if len(counts) > 16:
            raise SystemExit(f"{path.name}: the C runner takes at most 16 sections")
        vp = spec["viewport"]
        offset = vp.get("offset", [0, 0])
        out += setup_function(name, spec)
        out += expected_table(name, expected)
        table += ["    {\"%s\", fx_setup_%s, %d, {%s}," % (path.stem, name, len(counts),
                                                         ", ".join(str(c) for c in counts) or "0"),
                  "     {%s, %s}, {%s, %s}, {%s, %s}, %s," % (
                      num(vp["width"]), num(vp["height"]), num(offset[0]), num(offset[1]),
                      num(expected["content_size"][0]), num(expected["content_size"][1]),
                      num(fixture.get("tolerance", 1e-9))),
                  "     %d, fx_expected_%s, %d}," % (expected.get("count", -1), name, len(expected["elements"]))]
    out += ["static const fx_fixture fx_fixtures[] = {", *table, "};", ""]
    return "\n".join(out)


def main() -> int:
    text = generate()
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python3 scripts/gen_fixtures.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
