#!/usr/bin/env python3
"""Generates Tests/c/config_layouts.inc: the table of the header's layouts with a configuration
struct, which the C harness (Tests/c/harness.c) and the fuzz harness (Tests/fuzz/fuzz_cvl.c) test
and fuzz without naming a layout. (scripts/gen_config_layouts.py writes the Swift side of the
layouts whose exports are generated; this table takes every layout with the struct and its
functions, the flow's, the mosaic's and the tree's too, whatever their exports.)

A row is a layout kind K for which include/cvlayout.h declares `cvl_K_config`,
`cvl_K_layout_create`, `cvl_K_layout_set_config` and `cvl_K_layout_get_config` (and, when present,
`cvl_K_config_default`), with its type `CVL_LAYOUT_K`. Each row holds the kind's name, its type,
wrappers of those functions with one common signature (the config passed as `void *`, cast back
to `cvl_K_config *` inside the wrapper, so every call is made through the function's own type),
the function names (for messages), `sizeof(cvl_K_config)` and the struct's fields flattened to
scalars (`item_size.width`, `insets.top`, ...) with their offsets and types. A create function
with an argument before `out_layout` (the tree's data source) takes it through `const void *`
and the row names its type in `create_arg`.

scripts/gen_abi_check.py writes it with the other files generated from the header, and its
--check (`make abi-check`) fails when it is stale; on its own:

    python3 scripts/gen_c_config_layouts.py           writes the file
    python3 scripts/gen_c_config_layouts.py --check   fails when it is stale
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import cvl_header

ROOT = cvl_header.ROOT
OUT = ROOT / "Tests" / "c" / "config_layouts.inc"
# C scalar types of config fields, as the table's field types.
FIELD_TYPES = {"int32_t": "CL_INT32", "int64_t": "CL_INT64", "double": "CL_DOUBLE"}


def leaves(header: cvl_header.Header, struct: str, prefix: str = "") -> list[tuple[str, str]]:
    """(member designator, CL_* type) of every scalar in `struct`, nested structs flattened."""
    out: list[tuple[str, str]] = []
    for f in header.structs[struct].fields:
        name = prefix + f.name
        if f.type.kind == "scalar" and f.type.name in FIELD_TYPES:
            out.append((name, FIELD_TYPES[f.type.name]))
        elif f.type.kind == "struct" and f.type.name in header.structs:
            out += leaves(header, f.type.name, name + ".")
        else:
            raise SystemExit(f"{struct}.{name}: the config-layout table has no field type for "
                             f"{f.type.describe()} (scripts/gen_c_config_layouts.py, FIELD_TYPES)")
    return out


@dataclass
class Row:
    kind: str
    type: str                        # CVL_LAYOUT_K
    struct: str                      # cvl_K_config
    arg: str                         # the struct create takes before out_layout, or ""
    default: str                     # cvl_K_config_default, or ""
    fields: list[tuple[str, str]]    # (member designator, CL_* type)
    create: str
    set_config: str
    get_config: str


def field_row(struct: str, name: str, field_type: str) -> str:
    """One cl_field initializer, on two lines when one would pass 120 columns."""
    line = f"    {{\"{name}\", offsetof({struct}, {name}), {field_type}}},"
    if len(line) <= 120:
        return line
    return f"    {{\"{name}\",\n     offsetof({struct}, {name}), {field_type}}},"


def rows(header: cvl_header.Header) -> list[Row]:
    """The config layouts in header order of their structs."""
    out: list[Row] = []
    for struct in header.structs:
        if not (struct.startswith("cvl_") and struct.endswith("_config")):
            continue
        kind = struct[len("cvl_"):-len("_config")]
        names = {f: f"cvl_{kind}_layout_{f}" for f in ("create", "set_config", "get_config")}
        if not all(n in header.functions for n in names.values()):
            continue
        type_name = f"LAYOUT_{kind.upper()}"
        if type_name not in header.defines:
            raise SystemExit(f"{struct}: the header declares cvl_{kind}_layout_create but no CVL_{type_name}")
        create = header.functions[names["create"]]
        if [p.type.describe() for p in create.params][-1:] != ["ptr(ptr(cvl_layout))"] or len(create.params) > 2:
            raise SystemExit(f"{create.name}: expected (cvl_layout **out_layout), optionally after one argument")
        arg = ""
        if len(create.params) == 2:
            t = create.params[0].type
            if t.kind != "ptr" or t.target is None or t.target.kind != "struct":
                raise SystemExit(f"{create.name}: its first argument must be a pointer to a struct")
            arg = t.target.name
        default = f"cvl_{kind}_config_default"
        out.append(Row(kind, f"CVL_{type_name}", struct, arg, default if default in header.functions else "",
                       leaves(header, struct), names["create"], names["set_config"], names["get_config"]))
    return out


def generate() -> str:
    header = cvl_header.load()
    layout_types = [d for n, d in header.defines.items()
                    if n.startswith("LAYOUT_") and not n.startswith("LAYOUT_MODE_")]
    last_type = max(layout_types, key=lambda d: int(d.value)).name
    out = ["/* Generated by scripts/gen_c_config_layouts.py from include/cvlayout.h: do not edit.",
           "** The layouts with a configuration struct (cvl_K_config, cvl_K_layout_create, _set_config,",
           "** _get_config), for the C harness and the fuzz harness. */", "",
           "typedef enum cl_field_type { CL_INT32, CL_INT64, CL_DOUBLE } cl_field_type;",
           "typedef struct cl_field {",
           "    const char *name;   /* member designator: item_size.width */",
           "    size_t offset;",
           "    cl_field_type type;",
           "} cl_field;",
           "typedef struct cl_row {",
           "    const char *kind;   /* K */",
           "    int32_t type;       /* CVL_LAYOUT_K */",
           "    const char *create_arg; /* \"\", or the struct create takes before out_layout */",
           "    int (*create)(const void *arg, cvl_layout **out_layout);",
           "    int (*set_config)(cvl_layout *layout, const void *config);",
           "    int (*get_config)(const cvl_layout *layout, void *out);",
           "    int (*config_default)(void *out); /* NULL: the header has no cvl_K_config_default */",
           "    const char *create_name, *set_config_name, *get_config_name, *config_default_name;",
           "    size_t size;        /* sizeof(cvl_K_config) */",
           "    const cl_field *fields;",
           "    size_t nfields;",
           "} cl_row;", "",
           "/* The largest CVL_LAYOUT_* type. */",
           f"#define CL_LAST_LAYOUT_TYPE CVL_{last_type}", ""]
    table: list[str] = []
    for r in rows(header):
        k, s = r.kind, r.struct
        if r.arg:
            create = [f"static int cl_{k}_create(const void *arg, cvl_layout **out_layout) {{",
                      f"    return {r.create}((const {r.arg} *)arg, out_layout);", "}"]
        else:
            create = [f"static int cl_{k}_create(const void *arg, cvl_layout **out_layout) {{",
                      "    (void)arg;", f"    return {r.create}(out_layout);", "}"]
        out += create
        out += [f"static int cl_{k}_set_config(cvl_layout *layout, const void *config) {{",
                f"    return {r.set_config}(layout, (const {s} *)config);", "}",
                f"static int cl_{k}_get_config(const cvl_layout *layout, void *out) {{",
                f"    return {r.get_config}(layout, ({s} *)out);", "}"]
        if r.default:
            out += [f"static int cl_{k}_config_default(void *out) {{",
                    f"    return {r.default}(({s} *)out);", "}"]
        fields = r.fields
        out += [f"static const cl_field cl_{k}_fields[] = {{",
                *[field_row(s, name, t) for name, t in fields], "};", ""]
        default = f"cl_{k}_config_default" if r.default else "NULL"
        default_name = f"\"{r.default}\"" if r.default else "NULL"
        table += [f"    {{\"{k}\", {r.type}, \"{r.arg}\",",
                  f"     cl_{k}_create, cl_{k}_set_config, cl_{k}_get_config, {default},",
                  f"     \"{r.create}\", \"{r.set_config}\",",
                  f"     \"{r.get_config}\", {default_name},",
                  f"     sizeof({s}), cl_{k}_fields, {len(fields)}}},"]
    out += ["/* Storage for any row's config: its size and alignment are the largest. */",
            "typedef union cl_any_config {",
            *[f"    {r.struct} {r.kind};" for r in rows(header)], "} cl_any_config;", "",
            "static const cl_row cl_rows[] = {", *table, "};",
            "#define CL_NROWS (sizeof cl_rows / sizeof cl_rows[0])", ""]
    return "\n".join(out)


def main() -> int:
    return cvl_header.write_or_check(
        {OUT: generate()}, "gen_c_config_layouts.py", "config_layouts.inc up to date", sys.argv)


if __name__ == "__main__":
    sys.exit(main())
