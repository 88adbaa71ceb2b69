"""A model of include/cvlayout.h, read with a real C parser (pycparser), for the generators and
for the tests that compare the Python bindings with the header.

    header = cvl_header.load()            # Header: defines, structs, functions, in header order
    header.functions["cvl_view_set_time"].params[1].type.describe()   # 'f64'
    problems = cvl_header.check_bindings(header, _types, _lib)       # [] when they agree

Types are compared through a small canonical description ("i64", "f64", "ptr(cvl_size)",
"fn(i32;void*,ptr(cvl_layout_env))", "f64[8]", "char*", "void*") that both C types and ctypes
types map to, so a binding that declares a wrong ctypes type (c_int32 for an int64_t, c_void_p
for a cvl_attributes pointer, a callback with a missing argument) is reported by name.
"""

from __future__ import annotations

import ctypes
import pathlib
import re
from dataclasses import dataclass, field
from typing import Any

from pycparser import c_ast, c_parser

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADER = ROOT / "include" / "cvlayout.h"

# The C scalar types the header uses, with their ctypes spelling.
SCALARS = {
    "int": "c_int", "int32_t": "c_int32", "int64_t": "c_int64", "uint32_t": "c_uint32",
    "uint64_t": "c_uint64", "size_t": "c_size_t", "double": "c_double", "char": "c_char", "uint8_t": "c_uint8",
}
# Declarations pycparser needs for the standard types (the header's #includes are not read).
_PRELUDE = ("typedef int int32_t; typedef long long int64_t; typedef unsigned int uint32_t; "
            "typedef unsigned long long uint64_t; typedef unsigned long size_t; typedef unsigned char uint8_t;")


# --- the model ----------------------------------------------------------------------------------
@dataclass
class CType:
    """One C type: kind is 'scalar', 'void', 'struct' (by value), 'ptr', 'array' or 'fn'."""

    kind: str
    name: str = ""                       # scalar or struct name
    target: CType | None = None          # ptr / array element
    length: int = 0                      # array
    length_name: str = ""                # array: the macro naming the length, if any
    ret: CType | None = None             # fn
    params: list[Param] = field(default_factory=list)   # fn
    const: bool = False

    def describe(self) -> str:
        """The canonical description (see the module docstring)."""
        k = self.kind
        if k == "void":
            return "void"
        if k == "scalar":
            return _scalar_code(SCALARS[self.name])
        if k == "struct":
            return self.name
        if k == "array":
            assert self.target is not None
            return f"{self.target.describe()}[{self.length}]"
        if k == "fn":
            assert self.ret is not None
            return "fn(" + self.ret.describe() + ";" + ",".join(p.type.describe() for p in self.params) + ")"
        assert k == "ptr" and self.target is not None
        t = self.target
        if t.kind == "void":
            return "void*"
        if t.kind == "scalar" and t.name == "char":
            return "char*"
        if t.kind == "fn":
            return t.describe()          # a function pointer is the function type in ctypes
        return f"ptr({t.describe()})"


@dataclass
class Param:
    name: str
    type: CType


@dataclass
class Field:
    name: str
    type: CType
    doc: str = ""


@dataclass
class Struct:
    name: str
    fields: list[Field]
    doc: str = ""
    opaque: bool = False
    line: int = 0


@dataclass
class Function:
    name: str
    params: list[Param]
    ret: CType
    doc: str = ""
    line: int = 0

    @property
    def type(self) -> CType:
        return CType("fn", ret=self.ret, params=self.params)


@dataclass
class Define:
    name: str                    # without the CVL_ prefix
    value: Any                   # int or str
    expr: str                    # the value as written, macro names without CVL_
    doc: str = ""
    lead: str = ""               # the comment block above it (a group's doc, on its first define)
    line: int = 0
    chain: list[str] = field(default_factory=list)   # comment blocks stacked right above it


@dataclass
class Header:
    defines: dict[str, Define]
    structs: dict[str, Struct]
    functions: dict[str, Function]
    text: str


# --- reading ------------------------------------------------------------------------------------
def _blank_comments(text: str) -> str:
    """Comments replaced by spaces, newlines kept (so line numbers stay the header's)."""
    return re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def _strip_preprocessor(text: str) -> str:
    """Preprocessor lines blanked; `#ifdef __cplusplus` blocks dropped (C only)."""
    out, skip = [], []
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("#"):
            if s.startswith(("#ifdef", "#ifndef", "#if")):
                skip.append(s.startswith("#ifdef") and "__cplusplus" in s)
            elif s.startswith("#endif"):
                skip.pop()
            out.append("")
        else:
            out.append("" if any(skip) else line)
    return "\n".join(out)


def _clean_doc(comment: str) -> str:
    body = comment.strip()
    body = re.sub(r"^/\*+", "", body)
    body = re.sub(r"\*+/$", "", body)
    lines = [re.sub(r"^\s*\*+ ?", "", ln).rstrip() for ln in body.split("\n")]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if any(ln.lstrip().startswith("===") for ln in lines):   # a section banner, not a doc
        return ""
    return "\n".join(lines).strip()


class _Docs:
    """Finds the comment documenting the declaration on a given line."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.ends: dict[int, tuple[int, str]] = {}       # last line -> (first line, comment)
        self.trailing: dict[int, str] = {}               # line -> trailing comment on it
        for m in re.finditer(r"/\*.*?\*/", text, flags=re.S):
            first = text.count("\n", 0, m.start()) + 1
            last = text.count("\n", 0, m.end()) + 1
            before = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
            if before.strip() and first == last:
                self.trailing[first] = _clean_doc(m.group(0))
            else:
                self.ends[last] = (first, m.group(0))

    def for_line(self, line: int, first_line: int | None = None, stop: int = 0) -> str:
        """The trailing comment on ``line``, else the comment block above the declaration (or
        above the group of declarations it belongs to), not looking at ``stop`` or above."""
        if line in self.trailing:
            return self.trailing[line]
        return self.leading(first_line or line, stop)

    def chain(self, line: int) -> list[str]:
        """The comment blocks stacked directly above ``line`` (no code or blank line between),
        top first."""
        out: list[str] = []
        n = line - 1
        while n in self.ends:
            first, comment = self.ends[n]
            out.insert(0, _clean_doc(comment))
            n = first - 1
        return out

    def leading(self, line: int, stop: int = 0) -> str:
        n = line - 1
        while n > stop:
            if n in self.ends:
                return _clean_doc(self.ends[n][1])
            text = self.lines[n - 1].strip()
            if not text or text.startswith("#"):
                return ""
            n -= 1
        return ""


def _literal(expr: str) -> Any:
    s = expr.strip()
    if re.fullmatch(r"-?\d+[uU]?", s):
        return int(s.rstrip("uU"))
    if re.fullmatch(r'"[^"]*"', s):
        return s[1:-1]
    return None


def _defines(text: str, docs: _Docs) -> dict[str, Define]:
    out: dict[str, Define] = {}
    for i, line in enumerate(text.split("\n"), start=1):
        m = re.match(r"\s*#define\s+CVL_(\w+)\s+(.*?)\s*(/\*.*\*/)?\s*$", line)
        if not m:
            continue
        name, raw = m.group(1), m.group(2)
        expr = re.sub(r"\bCVL_(\w+)", r"\1", raw)
        value = _literal(raw)
        if value is None:   # an expression of other defines: evaluated with their values
            if not re.fullmatch(r"[\w\s()*+\-]+", expr):
                raise ValueError(f"line {i}: cannot read #define CVL_{name} {raw}")
            value = eval(expr, {"__builtins__": {}}, {k: d.value for k, d in out.items()})  # noqa: S307
        out[name] = Define(name, value, expr, docs.trailing.get(i, ""), docs.leading(i), i, docs.chain(i))
    return out


class _Reader:
    def __init__(self, defines: dict[str, Define], docs: _Docs, offset: int) -> None:
        self.defines, self.docs, self.offset = defines, docs, offset
        self.typedef_structs: dict[str, str] = {}     # struct tag -> typedef name

    def line(self, node: c_ast.Node) -> int:
        return int(node.coord.line) - self.offset

    def type(self, node: c_ast.Node) -> CType:
        if isinstance(node, c_ast.TypeDecl):
            inner = node.type
            const = "const" in (node.quals or [])
            if isinstance(inner, c_ast.IdentifierType):
                name = " ".join(inner.names)
                if name == "void":
                    return CType("void", const=const)
                if name in SCALARS:
                    return CType("scalar", name, const=const)
                return CType("struct", name, const=const)
            if isinstance(inner, c_ast.Struct):
                return CType("struct", self.typedef_structs.get(inner.name, inner.name), const=const)
            raise ValueError(f"unsupported type at {node.coord}")
        if isinstance(node, c_ast.PtrDecl):
            return CType("ptr", target=self.type(node.type), const="const" in (node.quals or []))
        if isinstance(node, c_ast.ArrayDecl):
            dim = node.dim
            if isinstance(dim, c_ast.Constant):
                return CType("array", target=self.type(node.type), length=int(dim.value))
            if isinstance(dim, c_ast.ID) and dim.name.startswith("CVL_"):
                d = self.defines[dim.name[4:]]
                return CType("array", target=self.type(node.type), length=int(d.value), length_name=d.name)
            raise ValueError(f"unsupported array length at {node.coord}")
        if isinstance(node, c_ast.FuncDecl):
            return CType("fn", ret=self.type(node.type), params=self.params(node.args))
        raise ValueError(f"unsupported declarator {type(node).__name__} at {node.coord}")

    def params(self, plist: c_ast.ParamList | None) -> list[Param]:
        out = []
        for p in plist.params if plist else []:
            t = self.type(p.type)
            if t.kind == "void":
                continue        # (void)
            out.append(Param(p.name or "", t))
        return out


def load(path: pathlib.Path = HEADER) -> Header:
    """Reads the header into a :class:`Header`."""
    text = path.read_text()
    docs = _Docs(text)
    defines = _defines(text, docs)
    source = _PRELUDE + "\n" + _strip_preprocessor(_blank_comments(text))
    ast = c_parser.CParser().parse(source, str(path))
    reader = _Reader(defines, docs, offset=1)
    structs: dict[str, Struct] = {}
    functions: dict[str, Function] = {}
    for node in ast.ext:
        if isinstance(node, c_ast.Typedef) and isinstance(node.type.type, c_ast.Struct):
            s = node.type.type
            if not node.name.startswith("cvl_"):
                continue
            reader.typedef_structs[s.name] = node.name
            line = reader.line(node)
            if s.decls is None:
                structs[node.name] = Struct(node.name, [], docs.for_line(line), opaque=True, line=line)
                continue
            fields = []
            for d in s.decls:
                t = reader.type(d.type)
                dline = reader.line(d)
                fields.append(Field(d.name, t, docs.for_line(dline, stop=reader.line(s))))
            first = reader.line(s) if s.coord else line
            structs[node.name] = Struct(node.name, fields, docs.for_line(first, first), line=first)
        elif isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.FuncDecl):
            if not node.name.startswith("cvl_"):
                continue
            t = reader.type(node.type)
            assert t.ret is not None
            line = reader.line(node)
            functions[node.name] = Function(node.name, t.params, t.ret, docs.for_line(line), line)
    return Header(defines, structs, functions, text)


# --- ctypes side --------------------------------------------------------------------------------
def _scalar_code(ctypes_name: str) -> str:
    return describe_ctypes(getattr(ctypes, ctypes_name))


def describe_ctypes(t: Any) -> str:
    """The canonical description of a ctypes type (None is void)."""
    if t is None:
        return "void"
    if isinstance(t, type) and issubclass(t, ctypes._Pointer):
        target = t._type_
        if isinstance(target, type) and issubclass(target, ctypes._CFuncPtr):   # type: ignore[attr-defined]
            return "ptr(" + describe_ctypes(target) + ")"
        return f"ptr({describe_ctypes(target)})"
    if isinstance(t, type) and issubclass(t, ctypes.Array):
        return f"{describe_ctypes(t._type_)}[{t._length_}]"
    if isinstance(t, type) and issubclass(t, ctypes._CFuncPtr):           # type: ignore[attr-defined]
        # CFUNCTYPE sets these class attributes; typeshed declares only the instances' restype/argtypes.
        ret = t._restype_                                                   # type: ignore[attr-defined]
        args = t._argtypes_                                                 # type: ignore[attr-defined]
        return "fn(" + describe_ctypes(ret) + ";" + ",".join(describe_ctypes(a) for a in args) + ")"
    if isinstance(t, type) and issubclass(t, (ctypes.Structure, ctypes.Union)):
        return t.__name__
    code = getattr(t, "_type_", None)
    if code == "z":
        return "char*"
    if code == "P":
        return "void*"
    if code == "d":
        return "f64"
    if code == "f":
        return "f32"
    if code == "c":
        return "char"
    if isinstance(code, str) and code in "bBhHiIlLqQ?":
        signed = "u" if code.isupper() or code == "?" else "i"
        return f"{signed}{ctypes.sizeof(t) * 8}"
    raise ValueError(f"cannot describe ctypes type {t!r}")


def check_bindings(header: Header, types_module: Any, lib_module: Any) -> list[str]:
    """Compares the Python bindings with the header: every struct's fields (names, order, types,
    callback prototypes) and every function's argument and return types as ``lib_module``
    declared them on the loaded library (``argtypes`` / ``restype``). Returns the differences."""
    problems: list[str] = []
    for s in header.structs.values():
        cls = getattr(types_module, s.name, None)
        if cls is None:
            problems.append(f"struct {s.name}: missing from the bindings")
            continue
        if s.opaque:
            continue
        got = [(f[0], describe_ctypes(f[1])) for f in getattr(cls, "_fields_", [])]
        want = [(f.name, f.type.describe()) for f in s.fields]
        if [g[0] for g in got] != [w[0] for w in want]:
            problems.append(f"struct {s.name}: fields {[g[0] for g in got]} != header {[w[0] for w in want]}")
            continue
        for (name, g), (_, w) in zip(got, want):
            if g != w:
                problems.append(f"{s.name}.{name}: bindings {g}, header {w}")
    for f in header.functions.values():
        fn = getattr(lib_module, "lib", None)
        fn = getattr(fn, f.name, None) if fn is not None else None
        if fn is None:
            fn = getattr(lib_module, f.name, None)
        if fn is None or not hasattr(fn, "argtypes"):
            problems.append(f"{f.name}: not declared on the loaded library")
            continue
        got_args = [describe_ctypes(a) for a in (fn.argtypes or [])]
        want_args = [p.type.describe() for p in f.params]
        if got_args != want_args:
            problems.append(f"{f.name}: argtypes ({', '.join(got_args)}) != header ({', '.join(want_args)})")
        got_ret, want_ret = describe_ctypes(fn.restype), f.ret.describe()
        if got_ret != want_ret:
            problems.append(f"{f.name}: restype {got_ret} != header {want_ret}")
    return problems


@dataclass
class ConfigFamily:
    """A layout configured by a struct: `CVL_LAYOUT_<KIND>`, `cvl_<kind>_config` and
    `cvl_<kind>_layout_create` / `_set_config` / `_get_config`, and `cvl_<kind>_config_default`
    when the header declares it."""
    kind: str
    struct: Struct
    define: Define
    create: Function
    set_config: Function
    get_config: Function
    default: Function | None


def config_families(header: Header) -> list[ConfigFamily]:
    """The one definition of "a layout configured by a struct" that the generators share (the
    Swift exports, the C harness's table and the Python classes each take the ones they can
    write), in the order of the structs in the header. A struct with the three functions but no
    `CVL_LAYOUT_<KIND>` stops the generator."""
    out: list[ConfigFamily] = []
    for name, struct in header.structs.items():
        m = re.fullmatch(r"cvl_(\w+)_config", name)
        if not m:
            continue
        kind = m.group(1)
        fns = [header.functions.get(f"cvl_{kind}_layout_{f}") for f in ("create", "set_config", "get_config")]
        create, set_config, get_config = fns
        if create is None or set_config is None or get_config is None:
            continue
        define = header.defines.get(f"LAYOUT_{kind.upper()}")
        if define is None:
            raise SystemExit(f"{name}: the header declares {create.name} but no CVL_LAYOUT_{kind.upper()}")
        out.append(ConfigFamily(kind, struct, define, create, set_config, get_config,
                                header.functions.get(f"cvl_{kind}_config_default")))
    return out


def write_or_check(outputs: dict[pathlib.Path, str], script: str, summary: str, argv: list[str]) -> int:
    """Every generator's last step (one home for it): with `--check` in `argv`, prints each stale
    output with the command that refreshes it and returns 1, or prints `summary` and returns 0;
    without it, writes the stale outputs and says which. An output is stale when the file is
    missing or its text differs."""
    stale = [p for p, text in outputs.items() if not p.exists() or p.read_text() != text]
    if "--check" in argv:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is stale: run python3 scripts/{script}")
        if not stale:
            print(summary)
        return 1 if stale else 0
    for p in stale:
        p.write_text(outputs[p])
        print(f"wrote {p.relative_to(ROOT)}")
    if not stale:
        print("generated files already up to date")
    return 0
