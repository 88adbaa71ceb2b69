"""Random calls with random arguments into every libcvlayout function (raw ctypes, no
bindings in between): NULLs, destroyed and foreign handles, NaN/inf/huge numbers, random
callbacks that fail, return junk or call back in. Run by test_fuzz.py in a subprocess: a
crash kills only that process. Usage: fuzz_raw.py SEED STEPS."""
import ctypes, random, sys, os
from cvlayout import _types as T
from cvlayout._lib import _FUNCTIONS

from cvlayout import _lib as _loaded
raw = ctypes.CDLL(_loaded.path)  # the library the bindings found, with fresh function objects
F = {}
for name, argtypes, restype in _FUNCTIONS:
    try:
        f = getattr(raw, name)
    except AttributeError:
        continue
    f.argtypes = argtypes
    f.restype = restype if restype is not None else ctypes.c_int
    F[name] = (f, argtypes)

seed = int(sys.argv[1]); N = int(sys.argv[2])
rng = random.Random(seed)
DOUBLES = [0.0, 1.0, -1.0, 0.5, 10.0, 100.0, 768.0, 1e6, 1e12, 1e13, 1e300, -1e300,
           float("nan"), float("inf"), -float("inf"), 5e-324, -0.0, 2.0**53]
INTS = [0, 1, -1, 2, 3, 5, 7, 100, 2**31 - 1, -2**31, 2**62, -2**63, 2**63 - 1, 16, 31, 255]
handles = {"L": [], "V": []}
dead = {"L": [], "V": []}
keep = []   # keep callbacks alive

def dbl():
    return rng.choice(DOUBLES) if rng.random() < 0.3 else rng.uniform(-50, 800)

def i64():
    return rng.choice(INTS) if rng.random() < 0.3 else rng.randint(-2, 40)

def fill_struct(s, depth=0):
    for fname, ftype in s._fields_:
        if isinstance(ftype, type) and issubclass(ftype, ctypes.Structure):
            fill_struct(getattr(s, fname), depth + 1)
        elif isinstance(ftype, type) and issubclass(ftype, ctypes.Array):
            arr = getattr(s, fname)
            for k in range(len(arr)):
                if ftype._type_ in (ctypes.c_double,):
                    arr[k] = dbl()
        elif ftype in (ctypes.c_double, ctypes.c_float):
            setattr(s, fname, dbl())
        elif ftype in (ctypes.c_int32, ctypes.c_int64, ctypes.c_int, ctypes.c_uint32, ctypes.c_size_t, ctypes.c_uint8,
                       ctypes.c_int8, ctypes.c_uint64):
            v = i64()
            try:
                setattr(s, fname, v)
            except Exception:
                pass
        # pointers / function pointers: left NULL

COUNTS = {"mode": "ok"}
def mk_data_source():
    ds = T.cvl_data_source()
    sec = rng.choice([None, 0, 1, 2, 3, -1, 10**6])
    items = [rng.choice([0, 1, 3, 12, 40, -1, 10**5]) for _ in range(4)]
    fail = rng.random() < 0.1
    def nsec(ctx, out):
        if fail and rng.random() < 0.3: return 5
        out[0] = sec if rng.random() > 0.05 else rng.choice([-5, 3, 0])
        return 0
    def nitems(ctx, s, out):
        if fail and rng.random() < 0.3: return 1
        out[0] = items[s % 4] if rng.random() > 0.05 else rng.choice([-1, 2, 1000])
        return 0
    fields = dict(ds.__class__._fields_)
    if sec is not None:
        cb = fields["number_of_sections"](nsec); keep.append(cb); ds.number_of_sections = cb
    cb2 = fields["number_of_items"](nitems); keep.append(cb2); ds.number_of_items = cb2
    return ds

def handle(kind):
    r = rng.random()
    pool = handles[kind]
    other = handles["V" if kind == "L" else "L"]
    if r < 0.75 and pool: return rng.choice(pool)
    if r < 0.82 and dead[kind]: return rng.choice(dead[kind])
    if r < 0.88 and other: return ctypes.cast(rng.choice(other), T.LayoutHandle if kind == "L" else T.ViewHandle)
    if r < 0.94: return None
    return ctypes.cast(ctypes.c_void_p(rng.choice([1, 2, 3, 0x10, 0x1000, 12345, 2**40])),
                       T.LayoutHandle if kind == "L" else T.ViewHandle)

def arg(t, name, idx):
    if t is T.LayoutHandle: return handle("L")
    if t is T.ViewHandle: return handle("V")
    if t is ctypes.c_double: return dbl()
    if t in (ctypes.c_int32, ctypes.c_int64, ctypes.c_int, ctypes.c_uint32):
        v = i64()
        if t is ctypes.c_uint32: v &= 0xffffffff
        if t is ctypes.c_int32 or t is ctypes.c_int: v = max(min(v, 2**31-1), -2**31)
        return v
    if t is ctypes.c_size_t:
        return rng.choice([0, 1, 2, 5, 64, 1000, 2**64 - 1, 2**63]) if rng.random() < 0.5 else rng.randint(0, 300)
    if t is ctypes.c_char_p:
        return rng.choice([None, b"", b"header", b"footer", b"binder", b"dot", b"x" * 300, b"\xff\xfe",
                           b"cvl_attributes", b"frame"])
    if t is ctypes.c_void_p:
        if rng.random() < 0.15: return None
        buf = (T.cvl_attributes * 300)(); keep.append(buf); return ctypes.addressof(buf)
    if isinstance(t, type) and issubclass(t, ctypes.Structure):
        s = t(); fill_struct(s); return s
    if hasattr(t, "_type_"):   # POINTER(x)
        inner = t._type_
        if rng.random() < 0.1: return None
        if inner is T.LayoutHandle or inner is T.ViewHandle:
            h = inner(); keep.append(h); return ctypes.pointer(h)
        # output buffers: room for any capacity
        if inner in (T.cvl_attributes, T.cvl_element, T.cvl_index_path, T.cvl_update_item):
            if rng.random() < 0.15: return None
            buf = (inner * 300)()
            if inner is T.cvl_index_path:   # also an input (measured sizes): random paths, often in range
                for e in buf: e.section, e.item = rng.choice([0, 0, 0, 1, -1]), rng.choice([0, 1, 2, 3, 11, -1, 10**12])
            keep.append(buf); return buf
        if inner is ctypes.c_int64:   # also cvl_view_item_counts's buffer: room for any capacity up to 1000
            if rng.random() < 0.1: return None
            buf = (ctypes.c_int64 * 1024)(); keep.append(buf); return buf
        if inner is T.cvl_data_source:
            ds = mk_data_source(); keep.append(ds); return ctypes.pointer(ds)
        if inner in (T.cvl_layout_callbacks, T.cvl_flow_delegate, T.cvl_tree_data_source):
            return ctypes.pointer(rand_callback_struct(inner))
        n = rng.choice([1, 1, 1, 3, 20])
        try:
            arr = (inner * n)()
        except TypeError:
            return None
        if issubclass(inner, ctypes.Structure):
            for e in arr: fill_struct(e)
        keep.append(arr)
        return ctypes.cast(arr, t)
    if hasattr(t, "_restype_"):  # function pointer type
        return rand_callback(t, "fp") if rng.random() < 0.7 else t()
    return None


def rand_callback(ftype, label):
    """A Python implementation of any callback type: writes random answers through its pointer
    arguments, sometimes fails, sometimes calls back into the library."""
    argtypes = ftype._argtypes_
    def cb(*args):
        if rng.random() < 0.05:
            return rng.choice([1, -1, 6, 99])
        if rng.random() < 0.05:
            # re-entrant call with random handles (often the view or layout running us)
            name = rng.choice(names)
            if name not in ("cvl_custom_layout_create", "cvl_tree_layout_create", "cvl_view_create"):
                ff, at = F[name]
                try:
                    ff(*[arg(t, name, k) for k, t in enumerate(at)])
                except Exception:
                    pass
        # buffer protocol: (..., out, capacity, out_count) or (..., out, count, capacity, out_count)
        for k, t in enumerate(argtypes):
            a = args[k]
            if a is None or not hasattr(t, "_type_") or isinstance(t._type_, str):
                continue
            inner = t._type_
            try:
                if inner is T.cvl_attributes:
                    # figure out capacity: the next size_t argument
                    cap = 1
                    for j in range(k + 1, len(argtypes)):
                        if argtypes[j] is ctypes.c_size_t:
                            cap = args[j]
                    n = min(cap, rng.choice([0, 1, 2, 5, 30]))
                    for e in range(n):
                        fill_struct(a[e])
                        a[e].category = rng.choice([0, 0, 0, 1, 2, 7, -1])
                        a[e].kind = rng.choice([0, 1, 2, 3, 4, 5, 99, -3])
                        a[e].index_path.section = rng.choice([0, 0, 1, 2, -1, 10**9])
                        a[e].index_path.item = rng.choice([0, 1, 2, 3, 11, -1, 10**12])
                        a[e].alpha = rng.choice([1.0, 0.5, 0.0, -1.0, 2.0, float("nan")])
                        a[e].custom_count = rng.choice([0, 1, 2, 8, 9, 2**31])
                        if rng.random() < 0.7:
                            a[e].size.width = abs(a[e].size.width) if a[e].size.width == a[e].size.width else 1.0
                            a[e].size.height = abs(a[e].size.height) if a[e].size.height == a[e].size.height else 1.0
                            a[e].transform.m11 = a[e].transform.m22 = a[e].transform.m33 = a[e].transform.m44 = 1.0
                            for f2 in ("m12","m13","m14","m21","m23","m24","m31","m32","m34","m41","m42","m43"):
                                setattr(a[e].transform, f2, 0.0)
                elif issubclass(inner, ctypes.Structure):
                    fill_struct(a[0])
                elif inner in (ctypes.c_int64, ctypes.c_int32, ctypes.c_int):
                    a[0] = max(min(rng.choice([0, 1, 2, 3, 5, 12, -1, 10**6, 2**31 - 1]), 2**31 - 1), -2**31)
                elif inner is ctypes.c_size_t:
                    a[0] = rng.choice([0, 1, 2, 5, 30, 2**64 - 1, 300])
                elif inner is ctypes.c_double:
                    a[0] = dbl()
            except Exception:
                pass
        return 0 if rng.random() < 0.9 else rng.choice([0, 3])
    c = ftype(cb)
    keep.append(c)
    return c

def rand_callback_struct(stype):
    s = stype()
    for fname, ftype in stype._fields_:
        if fname == "context":
            continue
        if hasattr(ftype, "_argtypes_") and rng.random() < 0.8:
            setattr(s, fname, rand_callback(ftype, fname))
    keep.append(s)
    return s

def comp_section():
    """A compositional section: an item in a group (the grid sample's shape), random dimensions."""
    el = (T.cvl_comp_element * 2)()
    for e in el:
        fill_struct(e)
        for d in (e.size.width, e.size.height):
            d.kind = rng.choice([0, 1, 2, 3, 3, 9])
            if rng.random() < 0.7: d.value = rng.choice([0, 0.2, 0.5, 1, 44, 100])
        e.type, e.fill, e.count = 0, 0, rng.choice([0, 1, 3])
    el[1].type, el[1].fill, el[1].first_child, el[1].child_count = rng.choice([1, 2]), rng.choice([0, 1, 2]), 0, 1
    el[0].badge_count = 0
    children = (ctypes.c_int64 * 1)(0)
    sec = T.cvl_comp_section()
    sec.elements, sec.element_count, sec.children, sec.child_count, sec.root = el, 2, children, 1, 1
    sec.orthogonal_scrolling = rng.choice([0, 1, 2, 3, 4, 5, 6])
    keep.extend([el, children, sec])
    return sec

names = sorted(F)
creators = [n for n in names if n.endswith("_layout_create")]
for step in range(N):
    r = rng.random()
    if r < 0.08 or not handles["L"]:
        name = rng.choice(creators)
        f, at = F[name]
        out = T.LayoutHandle()
        if name == "cvl_tree_layout_create":
            st = f(ctypes.pointer(rand_callback_struct(T.cvl_tree_data_source)), ctypes.byref(out))
        elif name == "cvl_custom_layout_create":
            st = f(ctypes.pointer(rand_callback_struct(T.cvl_layout_callbacks)), ctypes.byref(out))
        elif name == "cvl_compositional_layout_create":
            st = f(ctypes.pointer(comp_section()), arg(at[1], name, 1), ctypes.byref(out))
        elif name == "cvl_compositional_layout_create_with_provider":
            st = f(ctypes.pointer(rand_callback_struct(T.cvl_comp_provider)), None, ctypes.byref(out))
        else:
            st = f(ctypes.byref(out))
        if st == 0 and out: handles["L"].append(out)
        continue
    if r < 0.13 or (not handles["V"] and r < 0.3):
        ds = mk_data_source(); keep.append(ds)
        out = T.ViewHandle()
        st = F["cvl_view_create"][0](ctypes.byref(ds), handle("L"), ctypes.byref(out))
        if st == 0 and out: handles["V"].append(out)
        continue
    if r < 0.15:
        kind = rng.choice("LV")
        if handles[kind]:
            h = handles[kind].pop(rng.randrange(len(handles[kind])))
            st = F["cvl_layout_destroy" if kind == "L" else "cvl_view_destroy"][0](h)
            dead[kind].append(h)
        continue
    name = rng.choice(names)
    if name in ("cvl_custom_layout_create", "cvl_tree_layout_create", "cvl_view_create", "cvl_layout_destroy",
                "cvl_view_destroy") and rng.random() < 0.9:
        continue
    f, at = F[name]
    args = [arg(t, name, k) for k, t in enumerate(at)]
    print(step, name, flush=True) if os.environ.get("TRACE") else None
    f(*args)
print("ok", seed)
