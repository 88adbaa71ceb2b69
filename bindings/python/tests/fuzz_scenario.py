"""A host that mostly behaves: its data source follows a model; it scrolls, resizes, runs batch
updates (some inconsistent), animated layout switches, reloads and queries, and checks that every
number it gets back is finite and in range. Run by test_fuzz.py in a subprocess. Usage:
fuzz_scenario.py SEED STEPS."""
import ctypes, random, sys, math
from cvlayout import _types as T
from cvlayout._lib import _FUNCTIONS
from cvlayout import _lib as _loaded
raw = ctypes.CDLL(_loaded.path)  # the library the bindings found, with fresh function objects
F = {}
for name, argtypes, restype in _FUNCTIONS:
    f = getattr(raw, name); f.argtypes = argtypes; f.restype = restype or ctypes.c_int; F[name] = f
raw.cvl_last_error_message.restype = ctypes.c_char_p
seed = int(sys.argv[1]); N = int(sys.argv[2])
rng = random.Random(seed)
keep = []
counts = [rng.randint(0, 30) for _ in range(rng.randint(0, 4))]

def nsec(ctx, out): out[0] = len(counts); return 0
def nitems(ctx, s, out):
    if s < 0 or s >= len(counts): return 7
    out[0] = counts[s]; return 0
ds = T.cvl_data_source()
cb1 = T.cvl_data_source._fields_[1][1](nsec); cb2 = T.cvl_data_source._fields_[2][1](nitems)
ds.number_of_sections = cb1; ds.number_of_items = cb2

def children(ctx, parent, out):
    out[0] = (parent.item * 7 + parent.section) % 4 if parent.section < 5 else 0
    return 0
tree_cb = T.cvl_tree_data_source._fields_[1][1](children)

def sizefn(ctx, ip, out):
    out[0].width = rng.choice([10, 50, 120, 300, 0, 1e-9]); out[0].height = rng.choice([10, 50, 80, 0]); return 0
def hook_rect(ctx, env, lay, rect, attrs, count, cap, out_count):
    attrs = ctypes.cast(attrs, ctypes.POINTER(T.cvl_attributes))
    for i in range(count):
        attrs[i].alpha = rng.choice([1.0, 0.5])
        attrs[i].center.x += rng.choice([0, 10, -5])
    out_count[0] = count
    return 0

def new_layout():
    kind = rng.choice(["flow", "flow", "survey", "dims", "cover", "mosaic", "circle", "tree", "flowhooks"])
    out = T.LayoutHandle()
    if kind == "tree":
        tds = T.cvl_tree_data_source(); tds.number_of_children = tree_cb; keep.append(tds)
        assert F["cvl_tree_layout_create"](ctypes.byref(tds), ctypes.byref(out)) == 0
    else:
        fn = {"flow": "cvl_flow_layout_create", "flowhooks": "cvl_flow_layout_create",
              "survey": "cvl_survey_layout_create", "dims": "cvl_dimensions_layout_create",
              "cover": "cvl_cover_flow_layout_create", "mosaic": "cvl_mosaic_layout_create",
              "circle": "cvl_circle_layout_create"}[kind]
        assert F[fn](ctypes.byref(out)) == 0
    if kind in ("flow", "flowhooks"):
        cfg = T.cvl_flow_config(); F["cvl_flow_config_default"](ctypes.byref(cfg))
        cfg.scroll_direction = rng.choice([0, 1])
        cfg.section_headers_pin_to_visible_bounds = rng.choice([0, 1])
        cfg.section_footers_pin_to_visible_bounds = rng.choice([0, 1])
        cfg.item_size.width = rng.choice([50, 100, 0, 2000]); cfg.item_size.height = rng.choice([50, 30, 0])
        cfg.minimum_line_spacing = rng.choice([10, 0, -60, -200])
        cfg.minimum_interitem_spacing = rng.choice([10, 0, 500])
        cfg.header_reference_size.width = cfg.header_reference_size.height = rng.choice([0, 40])
        cfg.footer_reference_size.width = cfg.footer_reference_size.height = rng.choice([0, 20])
        for f in ("top", "left", "bottom", "right"): setattr(cfg.section_inset, f, rng.choice([0, 10, -20]))
        F["cvl_flow_layout_set_config"](out, ctypes.byref(cfg))
        if rng.random() < 0.4:
            d = T.cvl_flow_delegate(); c = T.cvl_flow_delegate._fields_[1][1](sizefn)
            d.size_for_item = c; keep.extend([d, c])
            F["cvl_flow_layout_set_delegate"](out, ctypes.byref(d))
        if kind == "flowhooks":
            h = T.cvl_layout_callbacks(); c = dict(T.cvl_layout_callbacks._fields_)["attributes_in_rect"](hook_rect)
            h.attributes_in_rect = c; keep.extend([h, c])
            F["cvl_flow_layout_set_hooks"](out, ctypes.byref(h))
    return out

def anim():
    a = T.cvl_animation(); F["cvl_animation_default"](ctypes.byref(a))
    a.curve = rng.choice([0, 1, 2, 3, 4, 5])
    a.duration = rng.choice([0.0, 0.3, 1.0, 2.0])
    a.delay = rng.choice([0.0, 0.0, 0.2])
    if a.curve == 4:
        a.bezier[0], a.bezier[1] = rng.random(), rng.uniform(-1, 2)
        a.bezier[2], a.bezier[3] = rng.random(), rng.uniform(-1, 2)
    if a.curve == 5:
        a.spring_damping_ratio = rng.choice([0.2, 0.7, 1.0, 2.0]); a.spring_response = rng.choice([0.2, 0.5, 1.0])
    return a

layout = new_layout()
view = T.ViewHandle()
st = F["cvl_view_create"](ctypes.byref(ds), layout, ctypes.byref(view))
assert st == 0, raw.cvl_last_error_message()
F["cvl_view_set_bounds_size"](view, T.cvl_size(rng.choice([320, 768, 1000]), rng.choice([480, 800])))
layouts = [layout]
current = layout   # the view's layout
now = 0.0
buf = (T.cvl_attributes * 4096)()
cnt = ctypes.c_size_t()

def check_attrs(n, what):
    for i in range(n):
        a = buf[i]
        vals = [a.frame.x, a.frame.y, a.frame.width, a.frame.height, a.center.x, a.center.y,
                a.size.width, a.size.height, a.alpha]
        vals += [getattr(a.transform, f"m{r}{c}") for r in range(1, 5) for c in range(1, 5)]
        if not all(math.isfinite(v) for v in vals):
            print("NON-FINITE", what, i, vals); sys.exit(3)
        if a.size.width < 0 or a.size.height < 0 or not (0 <= a.alpha <= 1):
            print("BAD VALUE", what, i, vals); sys.exit(3)

def rand_ip(valid=True):
    if valid and counts and any(counts):
        s = rng.choice([i for i, c in enumerate(counts) if c > 0]); return T.cvl_index_path(s, rng.randrange(counts[s]))
    return T.cvl_index_path(rng.randint(-1, 5), rng.randint(-1, 40))

for _step in range(N):
    op = rng.random()
    if op < 0.25:
        offset = T.cvl_point(rng.uniform(-100, 3000) * rng.choice([0, 1]), rng.uniform(-100, 5000))
        F["cvl_view_set_content_offset"](view, offset)
        st = F["cvl_view_visible_attributes"](view, buf, 4096, ctypes.byref(cnt))
        if st == 0: check_attrs(cnt.value, "visible")
    elif op < 0.35:
        rect = T.cvl_rect(rng.uniform(-500, 3000), rng.uniform(-500, 5000), rng.uniform(0, 2000), rng.uniform(0, 2000))
        st = F["cvl_view_attributes_in_rect"](view, rect, buf, 4096, ctypes.byref(cnt))
        if st == 0: check_attrs(cnt.value, "rect")
    elif op < 0.45:
        now += rng.choice([0.0, 0.016, 0.1, 0.5, 3.0])
        F["cvl_view_set_time"](view, now)
    elif op < 0.6:
        # a batch update consistent with the model (sometimes not)
        items = []
        new = list(counts)
        if counts and rng.random() < 0.7:
            s = rng.randrange(len(counts))
            ndel = rng.randint(0, min(3, counts[s])); dels = rng.sample(range(counts[s]), ndel)
            for d in dels: items.append(T.cvl_update_item(1, 0, T.cvl_index_path(s, d), T.cvl_index_path(-1, -1)))
            new[s] -= ndel
            nins = rng.randint(0, 3)
            ins = rng.sample(range(new[s] + nins), nins)
            for i in ins: items.append(T.cvl_update_item(0, 0, T.cvl_index_path(-1, -1), T.cvl_index_path(s, i)))
            new[s] += nins
            if new[s] > 0 and counts[s] > 0 and rng.random() < 0.3:
                a, b = rng.randrange(counts[s]), rng.randrange(new[s])
                if a not in dels and all(it.before.item != a for it in items):
                    items.append(T.cvl_update_item(3, 0, T.cvl_index_path(s, a), T.cvl_index_path(s, b)))
            if counts[s] > 0 and rng.random() < 0.2:
                r = rng.randrange(counts[s])
                if r not in dels:
                    items.append(T.cvl_update_item(2, 0, T.cvl_index_path(s, r), T.cvl_index_path(-1, -1)))
        else:
            pos = rng.randint(0, len(counts)); n = rng.randint(0, 10)
            items.append(T.cvl_update_item(0, 1, T.cvl_index_path(-1, -1), T.cvl_index_path(pos, -1)))
            new.insert(pos, n)
            if len(new) > 1 and rng.random() < 0.5:
                d = rng.randrange(len(counts)) if counts else None
                if d is not None and d != pos:
                    pass
        if rng.random() < 0.1 and new: new[0] += rng.choice([1, -1]) if new[0] > 0 else 1  # corrupt
        if rng.random() < 0.3 and new:
            # the host hands over the new bulk sizes of a section first (sometimes a wrong count);
            # the animation must start from what was drawn. Not a flow layout: an error, no crash.
            s2 = rng.randrange(len(new))
            n2 = new[s2] if rng.random() < 0.8 else max(0, new[s2] + rng.choice([-1, 1]))
            sz = (T.cvl_size * max(1, n2))(*[T.cvl_size(rng.uniform(0, 300), rng.uniform(0, 300)) for _ in range(n2)])
            F["cvl_flow_layout_set_item_sizes"](current, s2, sz, n2)
        old = counts[:]
        counts[:] = new
        arr = (T.cvl_update_item * max(1, len(items)))(*items)
        a = anim()
        st = F["cvl_view_perform_batch_updates"](view, arr, len(items), ctypes.byref(a) if rng.random() < 0.8 else None)
        if st != 0:
            counts[:] = old
    elif op < 0.65:
        F["cvl_view_attributes_for_item"](view, rand_ip(rng.random() < 0.8), ctypes.byref(buf[0]),
                                          ctypes.byref(ctypes.c_int()))
    elif op < 0.7:
        p = T.cvl_index_path(); found = ctypes.c_int()
        point = T.cvl_point(rng.uniform(-10, 1500), rng.uniform(-10, 3000))
        F["cvl_view_index_path_at_point"](view, point, ctypes.byref(p), ctypes.byref(found))
    elif op < 0.74:
        out = T.cvl_point()
        F["cvl_view_scroll_to_item"](view, rand_ip(), rng.choice([0, 1, 2, 4, 8, 16, 32, 3]), ctypes.byref(out))
        proposed = T.cvl_point(rng.uniform(0, 2000), 0)
        F["cvl_view_target_content_offset"](view, proposed, T.cvl_point(rng.uniform(-5, 5), 0), ctypes.byref(out))
    elif op < 0.79:
        nl = new_layout(); layouts.append(nl)
        a = anim()
        if F["cvl_view_set_layout"](view, nl, ctypes.byref(a) if rng.random() < 0.7 else None) == 0:
            current = nl
    elif op < 0.83:
        size = T.cvl_size(rng.choice([0, 100, 320, 768, 1000, 1e6]), rng.choice([0, 480, 800]))
        F["cvl_view_set_bounds_size"](view, size)
    elif op < 0.86:
        ips = (T.cvl_index_path * 3)(rand_ip(), rand_ip(), rand_ip())
        F["cvl_view_invalidate_layout"](view, rng.choice([1, 2, 4, 8, 16, 3, 31]), ips, rng.choice([0, 3]))
    elif op < 0.88:
        # the host changes its data and reloads
        counts[:] = [rng.randint(0, 30) for _ in range(rng.randint(0, 4))]
        F["cvl_view_reload_data"](view)
    elif op < 0.9:
        F["cvl_view_finish_animations"](view)
    elif op < 0.93:
        ups = (T.cvl_update_item * 16)()
        F["cvl_view_last_update_items"](view, ups, 16, ctypes.byref(cnt))
        out = T.cvl_index_path(); found = ctypes.c_int()
        F["cvl_view_map_index_path"](view, rng.choice([0, 1]), rand_ip(), ctypes.byref(out), ctypes.byref(found))
    else:
        cs = T.cvl_size(); F["cvl_view_content_size"](view, ctypes.byref(cs))
        if not (math.isfinite(cs.width) and math.isfinite(cs.height)): print("NONFINITE content"); sys.exit(3)
F["cvl_view_destroy"](view)
for l in layouts: F["cvl_layout_destroy"](l)
print("ok", seed)
