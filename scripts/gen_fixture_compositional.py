"""The C fixture runner's setup for a compositional layout (kind "compositional"): the JSON
description (docs/json-spec.md, cvlayout.compositional) written as the header's plain structs,
the kinds registered by name in the order the Python binding registers them (the configuration's
boundary items, then per section its badges in element order, its boundary items, its
decorations), so that every runner gives a kind the same value. Used by scripts/gen_fixtures.py."""

from __future__ import annotations

import textwrap
from typing import Any

BUILTIN = {"header": 1, "footer": 2, "binder": 3, "connector": 4}
DIMENSIONS = {"absolute": "ABSOLUTE", "fractional_width": "FRACTIONAL_WIDTH", "fractional_height": "FRACTIONAL_HEIGHT",
              "estimated": "ESTIMATED"}


def num(v: float) -> str:
    return repr(float(v))


class Writer:
    def __init__(self, name: str) -> None:
        self.name = name
        self.kinds: list[str] = []   # registration order
        self.lines: list[str] = []

    def kind(self, k: str | int) -> str:
        if isinstance(k, int):
            return str(k)
        if k in BUILTIN:
            return str(BUILTIN[k])
        if k not in self.kinds:
            self.kinds.append(k)
        return f"k[{self.kinds.index(k)}]"

    @staticmethod
    def dim(d: Any) -> str:
        if isinstance(d, (int, float)):
            return f"{{CVL_COMP_DIMENSION_ABSOLUTE, {num(d)}}}"
        (kind, v), = d.items()
        return f"{{CVL_COMP_DIMENSION_{DIMENSIONS[kind]}, {num(v)}}}"

    def size(self, s: Any) -> str:
        w, h = (s["width"], s["height"]) if isinstance(s, dict) else s
        return f"{{{self.dim(w)}, {self.dim(h)}}}"

    @staticmethod
    def insets(i: Any) -> str:
        if i is None:
            return "{0, 0, 0, 0}"
        if isinstance(i, (int, float)):
            i = [i] * 4
        return "{" + ", ".join(num(v) for v in i) + "}"

    @staticmethod
    def spacing(s: Any) -> str:
        if s is None:
            return "{CVL_COMP_SPACING_NONE, 0}"
        if isinstance(s, (int, float)):
            return f"{{CVL_COMP_SPACING_FIXED, {num(s)}}}"
        (kind, v), = s.items()
        return f"{{CVL_COMP_SPACING_{kind.upper()}, {num(v)}}}"

    def edges(self, e: Any) -> str:
        e = e or {}
        return "{" + ", ".join(self.spacing(e.get(k)) for k in ("leading", "top", "trailing", "bottom")) + "}"

    def anchor(self, a: Any) -> str:
        edges = " | ".join(f"CVL_COMP_EDGE_{e.upper()}" for e in a.get("edges", ())) or "0"
        frac = "fractional_offset" in a
        off = a.get("fractional_offset" if frac else "absolute_offset", (0, 0))
        return f"{{{edges}, {int(frac)}, {{{num(off[0])}, {num(off[1])}}}}}"

    def boundary(self, items: list[Any], var: str) -> tuple[str, int]:
        rows = []
        for b in items:
            off = b.get("absolute_offset", (0, 0))
            rows.append(f"{{{self.kind(b['kind'])}, CVL_COMP_ALIGN_{b.get('alignment', 'top').upper()}, "
                        f"{self.size(b['size'])}, {{{num(off[0])}, {num(off[1])}}}, "
                        f"{int(b.get('extends_boundary', True))}, {int(b.get('pin_to_visible_bounds', False))}, "
                        f"{int(b.get('z_index', 0))}}}")
        if not rows:
            return "NULL", 0
        self.lines.append(f"    cvl_comp_boundary_item {var}[] = {{")
        self.lines += [f"        {r}," for r in rows] + ["    };"]
        return var, len(rows)

    def section(self, sec: dict[str, Any], s: int) -> str:
        elements: list[str] = []
        children: list[int] = []
        badges: list[str] = []

        def add(e: Any) -> int:
            (what, v), = e.items()
            index = len(elements)
            elements.append("")
            if what == "item":
                first = len(badges)
                for b in v.get("badges", ()):
                    item_anchor = self.anchor(b["item_anchor"]) if "item_anchor" in b else "{0, 0, {0, 0}}"
                    badges.append(f"{{{self.kind(b['kind'])}, {int(b.get('z_index', 1))}, {self.size(b['size'])}, "
                                  f"{self.anchor(b['container_anchor'])}, {int('item_anchor' in b)}, {item_anchor}}}")
                elements[index] = (f"{{CVL_COMP_ELEMENT_ITEM, 0, {self.size(v['size'])}, "
                                   f"{self.insets(v.get('content_insets'))}, {self.edges(v.get('edge_spacing'))}, "
                                   f"{self.spacing(None)}, 0, 0, 0, {first}, {len(badges) - first}}}")
                return index
            fill = "CVL_COMP_FILL_SUBITEMS"
            if v.get("count") is not None:
                fill = "CVL_COMP_FILL_REPEATING" if v.get("repeat") else "CVL_COMP_FILL_COUNT"
            kids = [add(c) for c in v.get("subitems", ())]
            elements[index] = (f"{{CVL_COMP_ELEMENT_{v.get('type', 'horizontal').upper()}, {fill}, "
                               f"{self.size(v['size'])}, {self.insets(v.get('content_insets'))}, "
                               f"{self.edges(v.get('edge_spacing'))}, {self.spacing(v.get('inter_item_spacing'))}, "
                               f"{int(v.get('count') or 0)}, {len(children)}, {len(kids)}, 0, 0}}")
            children.extend(kids)
            return index

        root = add({"group": sec["group"]})
        p = f"s{s}"
        self.lines.append(f"    cvl_comp_element {p}_el[] = {{")
        self.lines += [f"        {e}," for e in elements] + ["    };"]
        self.lines.append(f"    int64_t {p}_ch[] = {{{', '.join(map(str, children)) or '0'}}};")
        if badges:
            self.lines.append(f"    cvl_comp_badge {p}_badges[] = {{")
            self.lines += [f"        {b}," for b in badges] + ["    };"]
        bvar, bn = self.boundary(sec.get("boundary_items", []), f"{p}_bi")
        decos = [f"{{{self.kind(d['kind'])}, {int(d.get('z_index', -1))}, {self.insets(d.get('content_insets'))}}}"
                 for d in sec.get("decorations", [])]
        if decos:
            self.lines.append(f"    cvl_comp_decoration_item {p}_deco[] = {{{', '.join(decos)}}};")
        self.lines += [
            f"    cvl_comp_section {p};",
            f"    memset(&{p}, 0, sizeof {p});",
            f"    {p}.elements = {p}_el;",
            f"    {p}.element_count = {len(elements)};",
            f"    {p}.children = {p}_ch;",
            f"    {p}.child_count = {len(children)};",
            f"    {p}.badges = {f'{p}_badges' if badges else 'NULL'};",
            f"    {p}.badge_count = {len(badges)};",
            f"    {p}.root = {root};",
            f"    {p}.content_insets = (cvl_insets){self.insets(sec.get('content_insets'))};",
            f"    {p}.inter_group_spacing = {num(sec.get('inter_group_spacing', 0))};",
            f"    {p}.orthogonal_scrolling = CVL_COMP_ORTHOGONAL_{sec.get('orthogonal_scrolling', 'none').upper()};",
            f"    {p}.supplementaries_ignore_content_insets = "
            f"{int(not sec.get('supplementaries_follow_content_insets', True))};",
            f"    {p}.boundary_items = {bvar};",
            f"    {p}.boundary_item_count = {bn};",
            f"    {p}.decoration_items = {f'{p}_deco' if decos else 'NULL'};",
            f"    {p}.decoration_item_count = {len(decos)};",
        ]
        return p


def setup_lines(name: str, layout: dict[str, Any]) -> list[str]:
    """The body of fx_setup_<name> for a compositional layout (one `section`; the C runner has no
    provider of its own, so a `sections` list must hold one section)."""
    w = Writer(name)
    unknown = set(layout) - {"kind", "section", "sections", "scroll_direction", "inter_section_spacing",
                             "boundary_items"}
    if unknown:
        raise SystemExit(f"{name}: compositional keys {sorted(unknown)} unknown")
    sections = layout.get("sections") or [layout["section"]]
    if len(sections) != 1:
        raise SystemExit(f"{name}: the C fixture runner takes one compositional section")
    gvar, gn = w.boundary(layout.get("boundary_items", []), "gbi")
    p = w.section(sections[0], 0)
    body = w.lines
    regs = [f"    OK(cvl_layout_register_kind(l, \"{k}\", &k[{i}]));" for i, k in enumerate(w.kinds)]
    # Created with a placeholder (an empty item in a group), so that the kinds can be registered
    # on the layout before the description that uses them is set.
    head = ["    cvl_layout *l = NULL;", f"    int32_t k[{max(1, len(w.kinds))}] = {{0}};",
            "    cvl_comp_element boot_el[2];", "    int64_t boot_ch[1] = {0};", "    cvl_comp_section boot;",
            "    cvl_comp_configuration conf;", "    memset(boot_el, 0, sizeof boot_el);",
            "    memset(&boot, 0, sizeof boot);", "    boot_el[1].type = CVL_COMP_ELEMENT_HORIZONTAL;",
            "    boot_el[1].child_count = 1;", "    boot.elements = boot_el;", "    boot.element_count = 2;",
            "    boot.children = boot_ch;", "    boot.child_count = 1;", "    boot.root = 1;",
            "    OK(cvl_compositional_layout_create(&boot, NULL, &l));", *regs]
    tail = ["    memset(&conf, 0, sizeof conf);",
            f"    conf.scroll_direction = CVL_SCROLL_{layout.get('scroll_direction', 'vertical').upper()};",
            f"    conf.inter_section_spacing = {num(layout.get('inter_section_spacing', 0))};",
            f"    conf.boundary_items = {gvar};", f"    conf.boundary_item_count = {gn};",
            "    OK(cvl_compositional_layout_set_configuration(l, &conf));",
            f"    OK(cvl_compositional_layout_set_section(l, &{p}));"]
    out: list[str] = []
    for line in head + body + tail:   # long initialisers broken between tokens (make style: 120 columns)
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, 116, initial_indent="", subsequent_indent=indent + "    ",
                             break_long_words=False, break_on_hyphens=False, drop_whitespace=True) or [line]
    return [o if o.startswith(" ") else "    " + o for o in out]
