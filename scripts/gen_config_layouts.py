"""The Swift side of the layouts whose properties are one configuration struct, generated from
include/cvlayout.h (read by scripts/cvl_header.py); scripts/gen_abi_check.py writes and checks
the two files:

  Sources/CVLayout/ConfigLayoutExports.swift        cvl_X_config <-> XLayout.Configuration and the
      four @_cdecl functions cvl_X_config_default, cvl_X_layout_create, cvl_X_layout_set_config,
      cvl_X_layout_get_config
  Tests/CVLayoutCoreTests/ConfigLayoutFixtures.swift  the fixture runner's constructor of those
      layouts from a JSON spec's keys (the C field names), on the core types only

A config layout is one whose header declares all four functions with exactly these shapes:

    int cvl_X_config_default(cvl_X_config *out);
    int cvl_X_layout_create(cvl_layout **out_layout);
    int cvl_X_layout_set_config(cvl_layout *layout, const cvl_X_config *config);
    int cvl_X_layout_get_config(const cvl_layout *layout, cvl_X_config *out);

and a CVL_LAYOUT_X constant; any other layout's exports are written by hand. The Swift names
follow conventions: the class is XLayout in UpperCamelCase (grid -> GridLayout), its
configuration is read from `.configuration` and set with `configure(_:)`, each field's property
is the C name in lowerCamelCase (column_count -> columnCount). SWIFT_ACCESSORS and FIELD_NAMES
hold the exceptions. A field type outside FIELD_TYPES stops the generator (say how it converts
there, or write the layout's exports by hand and list it in HAND_WRITTEN).
"""

from __future__ import annotations

from dataclasses import dataclass

import cvl_header as H

EXPORTS_PATH = "Sources/CVLayout/ConfigLayoutExports.swift"
FIXTURES_PATH = "Tests/CVLayoutCoreTests/ConfigLayoutFixtures.swift"

# --- tables: the exceptions to the conventions --------------------------------------------------
# Layouts with the four functions whose exports are written by hand, and why.
HAND_WRITTEN = {"flow": "Sources/CVLayout/Exports+Flow.swift: an enum, 0/1 flags and a reserved field"}
# X -> (the property holding the core configuration, the label of the configure method), for a
# layout whose `configuration` / `configure(_:)` are another's (a flow subclass: the flow's).
SWIFT_ACCESSORS: dict[str, tuple[str, str]] = {"waterfall": ("waterfall", "waterfall")}
# "cvl_X_config.c_field" -> the Swift property, where lowerCamelCase of the C name is not it.
FIELD_NAMES: dict[str, str] = {}
# The field types converted here, by their canonical description (cvl_header.CType.describe()):
# (the core value of the C value {v}, the C value of the core value {v}, the fixture reader).
FIELD_TYPES = {
    "i64": ("Int({v})", "Int64({v})", "int"),          # exact: Int is 64 bits; the core checks ranges
    "f64": ("{v}", "{v}", "double"),
    "cvl_size": ("{v}.core", "{v}.c", "size"),
    "cvl_insets": ("{v}.core", "{v}.c", "insets"),
}
SWIFT_KEYWORDS = {"default", "case", "class", "struct", "return", "self", "in", "is", "internal", "func", "var"}


# --- the model ----------------------------------------------------------------------------------
@dataclass
class ConfigField:
    c_name: str
    swift_name: str
    to_core: str
    to_c: str
    reader: str


@dataclass
class ConfigLayout:
    x: str                      # grid: the X of cvl_X_config
    struct: str                 # cvl_grid_config
    swift_class: str            # GridLayout
    getter: str                 # configuration
    setter_label: str           # "" for configure(_:), "waterfall" for configure(waterfall:)
    fields: list[ConfigField]
    params: dict[str, list[str]]   # function suffix -> the header's parameter names

    @property
    def described(self) -> str:
        """The layout's name in messages ("the layout is not a grid layout")."""
        return self.x.replace("_", " ")


class GeneratorError(Exception):
    """The header declares a config layout this generator cannot convert."""


def camel(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_"))


def lower_camel(name: str) -> str:
    c = camel(name)
    return c[:1].lower() + c[1:]


def _shape(fn: H.Function | None) -> list[str] | None:
    return None if fn is None or fn.ret.describe() != "i32" else [p.type.describe() for p in fn.params]


def _family(header: H.Header, x: str) -> dict[str, list[str]] | None:
    """The parameter names of the four functions, or None when X does not declare all four."""
    cfg = f"ptr(cvl_{x}_config)"
    want = {
        "config_default": [cfg],
        "layout_create": ["ptr(ptr(cvl_layout))"],
        "layout_set_config": ["ptr(cvl_layout)", cfg],
        "layout_get_config": ["ptr(cvl_layout)", cfg],
    }
    found = {}
    for suffix, shape in want.items():
        fn = header.functions.get(f"cvl_{x}_{suffix}")
        if fn is None or _shape(fn) != shape:
            return None
        found[suffix] = [p.name for p in fn.params]
    return found if f"LAYOUT_{x.upper()}" in header.defines else None


def config_layouts(header: H.Header) -> list[ConfigLayout]:
    """Every config layout of the header, in header order."""
    out = []
    for fam in H.config_families(header):
        s, x = fam.struct, fam.kind
        if x in HAND_WRITTEN:
            continue
        params = _family(header, x)
        if params is None:
            continue
        fields = []
        for f in s.fields:
            kind = f.type.describe()
            if kind not in FIELD_TYPES:
                raise GeneratorError(
                    f"{s.name}.{f.name}: a field of type {kind}; scripts/gen_config_layouts.py converts "
                    f"{', '.join(FIELD_TYPES)} (add the type to FIELD_TYPES, or write the exports by hand "
                    "and list the layout in HAND_WRITTEN)")
            swift = FIELD_NAMES.get(f"{s.name}.{f.name}", lower_camel(f.name))
            to_core, to_c, reader = FIELD_TYPES[kind]
            fields.append(ConfigField(f.name, swift, to_core, to_c, reader))
        getter, label = SWIFT_ACCESSORS.get(x, ("configuration", ""))
        out.append(ConfigLayout(x, s.name, camel(x) + "Layout", getter, label, fields, params))
    return out


def _swift_name(name: str) -> str:
    return f"`{name}`" if name in SWIFT_KEYWORDS else name


# --- Sources/CVLayout/ConfigLayoutExports.swift --------------------------------------------------
def _null_guard(swift: str, c_param: str) -> str:
    """The NULL check of a pointer argument; the message names the header's parameter."""
    return f'        guard let {swift} else {{ throw LayoutError(.nullArgument, "{c_param} is NULL") }}'


def swift_exports(layouts: list[ConfigLayout], banner: str) -> str:
    out = [f"// {banner}",
           "// The layouts whose properties are one configuration struct (scripts/gen_config_layouts.py says",
           "// which): cvl_X_config <-> XLayout.Configuration field by field, and their four functions. The",
           "// core owns the defaults and the rules; this file only converts. See include/cvlayout.h.",
           "import CCVLayout",
           "import CVLayoutCore"]
    for c in layouts:
        core = f"{c.swift_class}.Configuration"
        configure = f"configure({c.setter_label}: " if c.setter_label else "configure("
        p = c.params
        typed = f'layoutOfType(box, {c.swift_class}.self, "{c.described}")'
        out += ["", f"// MARK: {c.struct} <-> {core}", "",
                f"extension {c.struct} {{",
                f"    var core: {core} {{",
                f"        var core = {core}()"]
        out += [f"        core.{_swift_name(f.swift_name)} = {f.to_core.format(v='self.' + f.c_name)}"
                for f in c.fields]
        out += ["        return core", "    }", "}", "",
                f"extension {core} {{",
                f"    var c: {c.struct} {{",
                f"        {c.struct}("]
        args = [f"{f.c_name}: {f.to_c.format(v='self.' + _swift_name(f.swift_name))}" for f in c.fields]
        out += [f"            {a}," for a in args[:-1]] + [f"            {args[-1]})", "    }", "}", ""]
        out += [f'@_cdecl("cvl_{c.x}_config_default")',
                f"public func cvl_{c.x}_config_default_impl(",
                f"    _ out: UnsafeMutablePointer<{c.struct}>?",
                ") -> Int32 {",
                "    guarded {",
                _null_guard("out", p["config_default"][0]),
                f"        out.pointee = {core}.default.c",
                "    }", "}", "",
                f'@_cdecl("cvl_{c.x}_layout_create")',
                f"public func cvl_{c.x}_layout_create_impl(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {{",
                "    guarded {",
                _null_guard("out", p["layout_create"][0]),
                f"        out.pointee = registerLayout({c.swift_class}(), type: CVL_LAYOUT_{c.x.upper()})",
                "    }", "}", "",
                f'@_cdecl("cvl_{c.x}_layout_set_config")',
                f"public func cvl_{c.x}_layout_set_config_impl(",
                f"    _ layout: OpaquePointer?, _ config: UnsafePointer<{c.struct}>?",
                ") -> Int32 {",
                "    withLayout(layout) { box in",
                _null_guard("config", p["layout_set_config"][1]),
                f"        try {typed}.{configure}config.pointee.core)",
                "    }", "}", "",
                f'@_cdecl("cvl_{c.x}_layout_get_config")',
                f"public func cvl_{c.x}_layout_get_config_impl(",
                f"    _ layout: OpaquePointer?, _ out: UnsafeMutablePointer<{c.struct}>?",
                ") -> Int32 {",
                "    withLayout(layout, nested: .callbacks) { box in",
                _null_guard("out", p["layout_get_config"][1]),
                f"        out.pointee = try {typed}.{c.getter}.c",
                "    }", "}"]
    out.append("")
    return "\n".join(out)


# --- Tests/CVLayoutCoreTests/ConfigLayoutFixtures.swift -------------------------------------------
def swift_fixtures(layouts: list[ConfigLayout], banner: str) -> str:
    out = [f"// {banner}",
           "@testable import CVLayoutCore",
           "",
           "/// A config layout (one whose properties are one configuration struct in the header, exported",
           "/// by Sources/CVLayout/ConfigLayoutExports.swift) made from a fixture's layout keys: each key is",
           "/// a C field's name, its value set on the core `Configuration`'s property of that name in",
           "/// lowerCamelCase, the rest left at the default; then `configure`, all or nothing. nil for a",
           "/// kind that is not a config layout.",
           "func makeConfigLayout(_ kind: String, _ spec: FixtureSpec) throws -> CollectionViewLayout? {",
           "    switch kind {"]
    for c in layouts:
        configure = f"configure({c.setter_label}: " if c.setter_label else "configure("
        out += [f'    case "{c.x}":',
                f"        let layout = {c.swift_class}()",
                f"        var c = layout.{c.getter}"]
        out += [f'        if let v = try spec.{f.reader}("{f.c_name}") {{ c.{_swift_name(f.swift_name)} = v }}'
                for f in c.fields]
        out += [f"        try layout.{configure}c)", "        return layout"]
    out += ["    default:", "        return nil", "    }", "}", ""]
    return "\n".join(out)
