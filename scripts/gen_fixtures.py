#!/usr/bin/env python3
"""Generates Tests/c/fixtures.inc, the C harness's copy of the shared fixtures (Tests/fixtures/*.json).

Each fixture becomes a setup function (create the layout, apply the spec's layout keys and bulk
sizes) and a table of expected elements; the harness's run_fixture() does the rest (view, bounds,
offset, whole-content query, comparisons). The JSON files are the only place the numbers are
written: `--check` (run by `make test`) fails when fixtures.inc is stale, as gen_abi_check.py does.

The C runner understands the fixture subset documented in Tests/fixtures/README.md; anything else
is an error here or when the harness compiles, so a fixture the C suite cannot run is noticed when
it is added.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cvl_header
import gen_fixture_compositional

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "fixtures"
OUT = ROOT / "Tests" / "c" / "fixtures.inc"

# A layout kind K is created by cvl_K_layout_create. A spec key that is a field of K's own struct
# in the header (cvl_K_config with cvl_K_layout_set_config, or cvl_K_params with _set_params) is
# set there; any other key is a cvl_flow_config field (spelled as in the JSON spec: FLOW_FIELDS),
# for the flow and its subclasses. A number is a double, [w, h] a cvl_size, [t, l, b, r] a
# cvl_insets. So a new layout needs nothing here: what it takes is read from the header.
HEADER = cvl_header.load()
FLOW_FIELDS = {"pin_headers": "section_headers_pin_to_visible_bounds",
               "pin_footers": "section_footers_pin_to_visible_bounds"}
# A JSON object of a fixture, as json.load gives it (its values are checked where they are used).
JsonObject = dict[str, Any]


def own_struct(kind: str) -> tuple[str, set[str]]:
    """The suffix (config or params) and field names of K's own struct; ("", {}) if it has none
    (the flow's own is cvl_flow_config, where the keys go anyway)."""
    for suffix in ("config", "params") if kind != "flow" else ():
        struct = HEADER.structs.get(f"cvl_{kind}_{suffix}")
        if struct and f"cvl_{kind}_layout_set_{suffix}" in HEADER.functions:
            return suffix, {f.name for f in struct.fields}
    return "", set()
FLOW_CONFIG_FIELDS = {f.name for f in HEADER.structs["cvl_flow_config"].fields}
CATEGORIES = {"cell": "CVL_CATEGORY_CELL", "supplementary": "CVL_CATEGORY_SUPPLEMENTARY",
              "decoration": "CVL_CATEGORY_DECORATION"}


def num(v: float) -> str:
    return repr(float(v))


def c_value(kind: str, v: Any) -> str:
    """A JSON value of the given kind (size [w, h], insets [t, l, b, r], bool or number) in C."""
    if kind == "size":
        return f"(cvl_size){{{num(v[0])}, {num(v[1])}}}"
    if kind == "insets":
        return f"(cvl_insets){{{', '.join(num(x) for x in v)}}}"
    if kind == "bool":
        return "1" if v else "0"
    return num(v)


def c_field(value: object) -> str:
    """A spec value as a C expression: a number, a size [w, h] or insets [t, l, b, r]."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        return num(value)
    if isinstance(value, list) and len(value) == 2:
        return c_value("size", value)
    if isinstance(value, list) and len(value) == 4:
        return c_value("insets", value)
    raise SystemExit(f"no C form for the spec value {value!r}")


def configure(config: str, values: dict[str, str], suffix: str = "config") -> list[str]:
    """get, set the fields, set, for `cvl_<config>_<suffix>` (config or params)."""
    if not values:
        return []
    return ([f"    cvl_{config}_{suffix} c;", f"    OK(cvl_{config}_layout_get_{suffix}(l, &c));"]
            + [f"    c.{field} = {value};" for field, value in sorted(values.items())]
            + [f"    OK(cvl_{config}_layout_set_{suffix}(l, &c));"])


def setup_function(name: str, spec: JsonObject) -> list[str]:
    layout = dict(spec.get("layout", {"kind": "flow"}))
    kind = layout.pop("kind", "flow")
    if kind == "compositional":   # a description, not a struct of properties: its own generator
        return ([f"static cvl_layout *fx_setup_{name}(void) {{"] + gen_fixture_compositional.setup_lines(name, layout)
                + ["    return l;", "}", ""])
    lines = [f"static cvl_layout *fx_setup_{name}(void) {{", "    cvl_layout *l = NULL;"]
    if kind == "tree":
        lines += [f"    cvl_tree_data_source src = {{(void *)&fx_tree_{name}, fx_tree_children}};",
                  "    OK(cvl_tree_layout_create(&src, &l));"]
        layout.pop("tree")
    else:
        lines.append(f"    OK(cvl_{kind}_layout_create(&l));")
    if kind == "dimensions" and "mode" in layout:
        lines.append(f"    OK(cvl_dimensions_layout_set_mode(l, CVL_LAYOUT_MODE_{layout.pop('mode').upper()}));")
    if kind == "circle" and "item_size" in layout:   # the circle has one property, no config struct
        lines.append(f"    OK(cvl_circle_layout_set_item_size(l, {c_field(layout.pop('item_size'))}));")
    suffix, own_fields = own_struct(kind)
    own = {k: c_field(layout.pop(k)) for k in sorted(own_fields & set(layout))}
    fields: dict[str, str] = {}
    for key, value in layout.items():
        field = FLOW_FIELDS.get(key, key)
        if field not in FLOW_CONFIG_FIELDS:
            raise SystemExit(f"{name}: {kind}'s key {key!r} is no field of cvl_{kind}_{suffix or 'config'} "
                             "nor of cvl_flow_config")
        fields[field] = f"CVL_{ENUM_KEYS[key]}_{value.upper()}" if key in ENUM_KEYS else c_field(value)
    if own and fields:   # in a block of its own: the flow's `c` follows
        lines += ["    {", *("    " + line for line in configure(kind, own, suffix)), "    }"]
    else:
        lines += configure(kind, own, suffix)
    lines += configure("flow", fields)
    sections = spec.get("sections", [])
    if f"cvl_{kind}_layout_set_section_columns" in HEADER.functions and any(
            "columns" in sec or "minimum_column_width" in sec for sec in sections):
        # The section columns first: the spans are checked against them.
        entries = [f"{{{int(sec.get('columns', 0))}, {num(sec.get('minimum_column_width', 0))}}}" for sec in sections]
        lines += ["    {", f"        const cvl_{kind}_section_columns cols[{len(entries)}] = {{{', '.join(entries)}}};",
                  f"        OK(cvl_{kind}_layout_set_section_columns(l, cols, {len(entries)}));", "    }"]
    for s, sec in enumerate(sections):
        if kind == "grid":
            lines += grid_section(name, s, sec)
        elif f"cvl_{kind}_layout_set_full_spans" in HEADER.functions:
            lines += column_section(name, kind, s, sec)
        else:
            lines += bulk_sizes(name, s, sec)
    lines += ["    return l;", "}", ""]
    return lines


# Spec keys whose values are the lower-case names of a header constant group (CVL_<prefix>_<NAME>).
ENUM_KEYS = {"scroll_direction": "SCROLL", "line_alignment": "LINE_ALIGN", "last_line_alignment": "LAST_LINE_ALIGN",
             "item_alignment": "ITEM_ALIGN"}


def tree_levels(tree: object) -> list[list[int]]:
    """Children counts per section (depth) of a tree given as `{"name", "children"}` nodes and
    bare names (leaves), a list at the top giving several roots: the fixture form (ordered, so
    that every runner reads it the same way)."""
    def children(node: object) -> list[object]:
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


def section_count(sec: JsonObject) -> int:
    for key in ("item_sizes", "image_sizes"):
        if key in sec:
            return len(sec[key])
    return int(sec["count"])


def grid_section(name: str, s: int, sec: JsonObject) -> list[str]:
    """A span grid's section keys: item_spans, item_extents (bulk arrays), columns and
    minimum_column_width (the per-section column entries, set before the arrays)."""
    unknown = set(sec) - {"count", "item_spans", "item_extents", "columns", "minimum_column_width"}
    if unknown:
        raise SystemExit(f"{name}: grid section keys {sorted(unknown)} are not supported by the C fixture runner")
    lines = []
    if "item_spans" in sec:
        v = sec["item_spans"]
        lines += ["    {", f"        const int32_t spans[{len(v)}] = {{{', '.join(str(int(x)) for x in v)}}};",
                  f"        OK(cvl_grid_layout_set_item_spans(l, {s}, spans, {len(v)}));", "    }"]
    if "item_extents" in sec:
        v = sec["item_extents"]
        lines += ["    {", f"        const double extents[{len(v)}] = {{{', '.join(num(x) for x in v)}}};",
                  f"        OK(cvl_grid_layout_set_item_extents(l, {s}, extents, {len(v)}));", "    }"]
    return lines


def column_section(name: str, kind: str, s: int, sec: JsonObject) -> list[str]:
    """The section keys of a flow subclass with columns of its own (the header declares its
    cvl_K_layout_set_full_spans): full_spans (0/1 per item), item_extents (bulk arrays), columns
    and minimum_column_width (the per-section column entries, set before), and the flow's sizes."""
    own = {"full_spans", "item_extents", "columns", "minimum_column_width"}
    lines = bulk_sizes(name, s, {k: v for k, v in sec.items() if k not in own})
    if "full_spans" in sec:
        v = sec["full_spans"]
        lines += ["    {", f"        const uint8_t flags[{len(v)}] = {{{', '.join(str(int(x)) for x in v)}}};",
                  f"        OK(cvl_{kind}_layout_set_full_spans(l, {s}, flags, {len(v)}));", "    }"]
    if "item_extents" in sec:
        v = sec["item_extents"]
        lines += ["    {", f"        const double extents[{len(v)}] = {{{', '.join(num(x) for x in v)}}};",
                  f"        OK(cvl_{kind}_layout_set_extents(l, {s}, extents, {len(v)}));", "    }"]
    return lines


def bulk_sizes(name: str, s: int, sec: JsonObject) -> list[str]:
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


def expected_table(name: str, expected: JsonObject) -> list[str]:
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
                  "     %d, fx_expected_%s, %d, %s, %s}," % (
                      expected.get("count", -1), name, len(expected["elements"]),
                      "CVL_LAYOUT_DIRECTION_RTL" if vp.get("direction", "ltr") == "rtl" else "CVL_LAYOUT_DIRECTION_LTR",
                      num(vp.get("display_scale", 0)))]
    out += ["static const fx_fixture fx_fixtures[] = {", *table, "};", ""]
    return "\n".join(out)


def main() -> int:
    return cvl_header.write_or_check({OUT: generate()}, "gen_fixtures.py", "fixtures.inc up to date", sys.argv)


if __name__ == "__main__":
    sys.exit(main())
