"""Stateful property test (hypothesis): views, layouts of every kind, batch updates (valid and
not), snapshots, layout switches, the clock, hostile geometry, queries, closes, use after close and
queries on a second thread, against a pure-Python model of the counts and index paths
(stateful_model.py).

After every step, for every open view: its counts are the model's, its identifiers are the
model's, and its layout is the one the model attached. Every call either succeeds when the
documented rules say it must, or raises the documented CvlError subclass (with a message, and
``cvl_last_error_message()`` saying the same), and then nothing observable changed. Any other
exception fails the test.

The run is derandomized with a bounded number of examples and steps (CI); for a longer random
exploration: ``CVLAYOUT_STATEFUL_EXAMPLES=2000 make test-python``.
"""

from __future__ import annotations

import math
import os
import random
import threading

from conftest import GridLayout, needs_flow
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (Bundle, RuleBasedStateMachine, initialize, invariant, multiple, precondition,
                                 rule)
from stateful_model import (MAX_ITEMS, Data, Path, Tokens, check, corrupt, counts_of, edit, random_request,
                            valid_item)

import cvlayout
from cvlayout import _lib
from cvlayout.geometry import rect_intersects

NAN, INF = math.nan, math.inf
HOSTILE = [0.0, 1.0, 57.5, 320.0, 1e6, 1e308, 5e-324, -1.0, -1e308, NAN, INF, -INF]
ERRORS = {"OutOfRange": cvlayout.OutOfRange, "InconsistentUpdate": cvlayout.InconsistentUpdate}
COUNTS = st.lists(st.integers(0, 7), max_size=4)
EXAMPLES = int(os.environ.get("CVLAYOUT_STATEFUL_EXAMPLES", "0"))


def tree_ok(counts: list[int]) -> bool:
    """The tree layout's data: every item of a section is a child of the previous section, so a
    non-empty section needs a non-empty one before it."""
    return all(counts[s] > 0 or counts[s + 1] == 0 for s in range(len(counts) - 1))


def all_finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


def drawn(a: cvlayout.Attributes) -> tuple[float, float, float, float]:
    """Where an element is drawn (its transform applied): a rect query also returns the animating
    elements drawn in the rect, not only those whose frame is in it."""
    q = a.quad()
    if q is None:
        return a.frame
    xs, ys = [p[0] for p in q], [p[1] for p in q]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


# --- the host's objects -----------------------------------------------------------------------------
class LayoutRec:
    def __init__(self, kind: str):
        self.kind = kind
        self.view: ViewRec | None = None       # the open view using it
        self.closed = False
        self.obj = make_layout(kind, self)

    def __repr__(self) -> str:
        return f"<{self.kind}{' closed' if self.closed else ''}>"


class ViewRec:
    """A view and what the model knows of it."""

    def __init__(self, mode: str, counts: list[int], layout: LayoutRec):
        self.mode = mode                       # "list": counts=[...]; "source": a data-source object
        self.source = list(counts)             # what the data source answers now
        self.committed = list(counts)          # what the view must report
        self.recent = [list(counts)]           # counts whose elements may still be on screen
        self.ids: Data | None = None           # the view's bulk identifiers
        self.layout = layout
        self.hostile: tuple[str, int] | None = None
        self.bounds: tuple[float, float] = (0.0, 0.0)
        self.prepared = False                  # the layout ran since the counts were last read
        self.closed = False
        self.view: cvlayout.CollectionView

    def __repr__(self) -> str:
        return f"<view {self.mode} {self.committed}{' closed' if self.closed else ''} {self.layout}>"


class Source:
    """A data source whose answers the model owns (``rec.source``; ``rec.hostile`` lies once)."""

    def __init__(self, rec: ViewRec):
        self.rec = rec

    def number_of_sections(self) -> int:
        h = self.rec.hostile
        return h[1] if h is not None and h[0] == "sections" else len(self.rec.source)

    def number_of_items(self, section: int) -> int:
        h = self.rec.hostile
        return h[1] if h is not None and h[0] == "items" else self.rec.source[section]


class Dimmed(cvlayout.FlowLayout):
    """A FlowLayout subclass: a Python hook dims odd items."""

    def adjust_attributes_in_rect(self, env, rect, attributes):
        for a in attributes:
            if a.is_cell and a.index_path[1] % 2:
                a.alpha = 0.5
        return attributes


def make_layout(kind: str, rec: LayoutRec) -> cvlayout.BaseLayout:
    if kind == "tree":
        def children(section: int, item: int) -> int:
            counts = rec.view.source if rec.view is not None else []
            if section + 1 >= len(counts) or counts[section] == 0:
                return 0
            q, r = divmod(counts[section + 1], counts[section])
            return q + (1 if item < r else 0)
        return cvlayout.TreeLayout(children, item_size=(20, 10))
    factories = {
        "flow": lambda: cvlayout.FlowLayout(item_size=(30, 20), minimum_line_spacing=5, minimum_interitem_spacing=5,
                                            header_reference_size=(12, 12), footer_reference_size=(8, 8)),
        "flow_h": lambda: cvlayout.FlowLayout(scroll_direction="horizontal", item_size=(25, 25), pin_headers=True,
                                              header_reference_size=(10, 10)),
        "survey": cvlayout.SurveyLayout,
        "cover": lambda: cvlayout.CoverFlowLayout(derive_insets=True),
        "mosaic": cvlayout.MosaicLayout,
        "circle": cvlayout.CircleLayout,
        "waterfall": lambda: cvlayout.WaterfallLayout(column_count=3, item_size=(40, 30)),
        "python": GridLayout,
        "hooked": lambda: Dimmed(item_size=(20, 20)),
    }
    return factories[kind]()


KINDS = ["flow", "flow_h", "survey", "cover", "mosaic", "circle", "waterfall", "tree", "python", "hooked"]


def animation(rng: random.Random) -> cvlayout.Animation | None:
    return rng.choice([None, cvlayout.Animation(duration=0.4), cvlayout.Animation(duration=1.0, delay=0.2),
                       cvlayout.Animation(curve="spring")])


class ViewsMachine(RuleBasedStateMachine):
    layouts = Bundle("layouts")
    views = Bundle("views")

    def __init__(self) -> None:
        super().__init__()
        self.tokens = Tokens()
        self.all_views: list[ViewRec] = []
        self.all_layouts: list[LayoutRec] = []
        self.switching_to: LayoutRec | None = None    # the layout a set_layout in progress attaches

    def teardown(self) -> None:
        for rec in self.all_views:
            rec.view.close()
        for lay in self.all_layouts:
            lay.obj.close()

    # --- helpers ----------------------------------------------------------------------------------
    def excused(self, rec: ViewRec, exc: Exception) -> bool:
        """Errors the data or the geometry explain, whatever the call. A tree layout fails its
        layout cycle (CallbackError) over data that is no tree — and, in the calls of one thread,
        only then: the library never prepares it for counts the host's children callback no longer
        describes (an animated update with nothing laid out for the current counts is applied
        without animation instead of laying the old counts out over the new data; test_updates.py).
        A query from another thread is excused more (``raced``). Content that cannot be represented,
        as a mosaic page 1e308 wide, is CVL_ERROR_OVERFLOW ("a count or size too large to represent")."""
        if isinstance(exc, cvlayout.CallbackError):
            kinds = {rec.layout.kind, self.switching_to.kind if self.switching_to is not None else ""}
            trees = all(tree_ok(c) for c in rec.recent + [rec.committed, rec.source])
            return "tree" in kinds and not trees
        if isinstance(exc, cvlayout.CountOverflow):
            return max(rec.bounds) > 1e12
        return False

    def raced(self, rec: ViewRec, exc: Exception) -> bool:
        """A query from a second thread while this one changes the host's data and then the view:
        between the two, a query that runs the layout's first cycle since the counts were read
        prepares the view's counts, and a tree's children callback already answers for the new
        data (CallbackError). The host's race, which the library cannot see."""
        if isinstance(exc, cvlayout.CallbackError):
            kinds = {rec.layout.kind, self.switching_to.kind if self.switching_to is not None else ""}
            return "tree" in kinds and not rec.prepared
        return False

    def state(self, rec: ViewRec) -> tuple:
        """What a failed call must leave unchanged."""
        v = rec.view
        return (v.counts, v.bounds_size, v.content_offset, v.time, v.layout, self.identifiers(rec))

    def identifiers(self, rec: ViewRec) -> list:
        return [[rec.view.item_identifier((s, i)) for i in range(n)] for s, n in enumerate(rec.committed)]

    def attempt(self, rec: ViewRec | None, call, expected: type | tuple | None) -> bool:
        """Runs ``call``: True when it succeeded (and had to), False when it raised the expected
        documented error (with a message: the library's own when it came from a C call) and then
        changed nothing. A tree layout over data that is no tree may fail with CallbackError."""
        view = getattr(rec, "view", None) if rec is not None and not rec.closed else None
        before = self.state(rec) if view is not None else None
        try:
            call()
        except cvlayout.CvlError as exc:
            assert str(exc), f"{type(exc).__name__} without a message"
            last = _lib.lib.cvl_last_error_message().decode()
            assert last in ("", exc.message), f"the last error {last!r} is not the one raised: {exc.message!r}"
            if not (rec is not None and self.excused(rec, exc)):
                assert expected is not None, f"unexpected {type(exc).__name__}: {exc}"
                assert isinstance(exc, expected), f"expected {expected}, got {type(exc).__name__}: {exc}"
            if before is not None and not rec.closed:
                assert self.state(rec) == before, "a failed call changed the view"
            return False
        assert _lib.lib.cvl_last_error_message() == b"", "a successful call left an error message"
        assert expected is None, f"expected {expected}, but the call succeeded"
        return True

    def check_elements(self, rec: ViewRec, elements: list, states: list[list[int]]) -> None:
        """Every element is finite; a cell's index path exists in the current counts (a
        disappearing one: in a state still on screen); a section element's section likewise."""
        for a in elements:
            x, y, w, h = a.frame
            assert all_finite(x, y, w, h, a.alpha, *a.transform, *a.custom), a
            assert w >= 0 and h >= 0 and 0 <= a.alpha <= 1, a
            pool = states if a.disappearing else states[-1:]
            if a.is_cell:
                assert any(valid_item(c, a.index_path) for c in pool), (a, pool)
            elif a.category == "supplementary":
                assert any(0 <= a.index_path[0] < len(c) for c in pool), (a, pool)

    def query(self, rec: ViewRec, rect, point, ip: Path) -> None:
        v = rec.view
        states = rec.recent + [rec.committed]
        ok = self.attempt(rec, lambda: self.check_elements(rec, v.visible_attributes(), states), None)
        if not ok:
            return
        rec.prepared = True
        finite = all_finite(*rect)
        bad_rect = None if finite and rect[2] >= 0 and rect[3] >= 0 else cvlayout.InvalidArgument
        found: list = []
        if self.attempt(rec, lambda: found.extend(v.attributes_in_rect(rect)), bad_rect):
            self.check_elements(rec, found, states)
            assert all(rect_intersects(a.frame, rect) or rect_intersects(drawn(a), rect) for a in found), \
                "an element neither framed nor drawn in the rect"
            assert v.count_in_rect(rect) == len(found)
        w, h = v.content_size
        assert all_finite(w, h) and w >= 0 and h >= 0
        self.attempt(rec, lambda: v.attributes_for_item(ip),
                     None if valid_item(rec.committed, ip) else cvlayout.OutOfRange)
        hit: list = []
        if self.attempt(rec, lambda: hit.append(v.index_path_at(point)),
                        None if all_finite(*point) else cvlayout.InvalidArgument):
            assert hit[0] is None or any(valid_item(c, hit[0]) for c in states), hit

    def batch(self, rec: ViewRec, rng: random.Random, broken: int, anim) -> None:
        data = rec.ids if rec.ids is not None else [(self.tokens.take(), [self.tokens.take() for _ in range(n)])
                                                    for n in rec.committed]
        e = edit(rng, data, self.tokens)
        ups, new = e.updates, counts_of(e.data)
        for _ in range(broken):
            ups, new = corrupt(rng, rec.committed, ups, new)
        if broken and rng.random() < 0.2:
            ups = [random_request(rng, rec.committed, new) for _ in range(rng.randint(1, 3))]
        outcome = check(rec.committed, new, ups)
        if not broken:
            assert outcome.error is None and outcome.new_of_old == e.new_of_old, "the model disagrees with itself"
        old = rec.committed
        rec.source = list(new)
        if rec.mode == "list":
            call = lambda: rec.view.perform_batch_updates(ups, new_counts=new, animation=anim)  # noqa: E731
        else:
            call = lambda: rec.view.perform_batch_updates(ups, animation=anim)  # noqa: E731
        if not self.attempt(rec, call, ERRORS[outcome.error] if outcome.error else None):
            rec.source = list(rec.committed)
            rec.prepared = False   # a failed commit may leave the layout to prepare again
            return
        v = rec.view
        rec.committed = list(new)
        rec.recent.append(list(new))
        rec.prepared = True
        if ups:
            rec.ids = None
        for s in range(len(old)):
            assert v.map_index_path(s) == outcome.new_section[s], (s, ups)
            for i in range(old[s]):
                assert v.map_index_path((s, i)) == outcome.new_of_old.get((s, i)), ((s, i), ups)
        assert {key(u) for u in v.last_update_items()} == {key(u) for u in ups}

    # --- creation ---------------------------------------------------------------------------------
    @initialize(target=views, kind=st.sampled_from(KINDS), mode=st.sampled_from(["list", "source"]), counts=COUNTS)
    def first_view(self, kind, mode, counts):
        """Every run starts with a view, so that most steps act on one."""
        lay = LayoutRec(kind)
        self.all_layouts.append(lay)
        return self.new_view(lay, mode, counts, (320, 480))

    @rule(target=layouts, kind=st.sampled_from(KINDS))
    def new_layout(self, kind):
        lay = LayoutRec(kind)
        self.all_layouts.append(lay)
        return lay

    @rule(target=views, lay=layouts, mode=st.sampled_from(["list", "source"]), counts=COUNTS,
          bounds=st.sampled_from([(0, 0), (100, 100), (320, 480), (1000, 60)]))
    def new_view(self, lay, mode, counts, bounds):
        rec = ViewRec(mode, counts, lay)
        rec.bounds = bounds
        taken = lay.view is not None
        expected = cvlayout.InvalidHandle if lay.closed else cvlayout.StateError if taken else None

        def create():
            if mode == "list":
                rec.view = cvlayout.CollectionView(lay.obj, counts, bounds_size=bounds)
            else:
                rec.view = cvlayout.CollectionView(lay.obj, data_source=Source(rec), bounds_size=bounds)
        if expected is None:
            lay.view = rec         # a tree layout's children follow the view that uses it
        if not self.attempt(rec, create, expected):
            if expected is None:
                lay.view = None
            return multiple()
        self.all_views.append(rec)
        return rec

    # --- data -------------------------------------------------------------------------------------
    @rule(rec=views, counts=COUNTS, hostile=st.sampled_from([None] * 6 + [
        ("items", -1), ("items", MAX_ITEMS + 1), ("items", 2**64 + 5), ("sections", (1 << 20) + 1),
        ("sections", -3)]))
    def reload(self, rec, counts, hostile):
        if rec.closed:
            return
        rec.source = list(counts)
        expected = None
        if hostile is not None and rec.mode == "source" and (hostile[0] == "sections" or counts):
            rec.hostile = hostile
            expected = {-1: cvlayout.CallbackError, -3: cvlayout.CallbackError, 2**64 + 5: cvlayout.CallbackError,
                        MAX_ITEMS + 1: cvlayout.CountOverflow, (1 << 20) + 1: cvlayout.CountOverflow}[hostile[1]]
        if rec.mode == "list":
            call = lambda: rec.view.reload_data(counts)  # noqa: E731
        else:
            call = rec.view.reload_data
        try:
            ok = self.attempt(rec, call, expected)
        finally:
            rec.hostile = None
        if ok:
            rec.committed = list(counts)
            rec.recent = [list(counts)]   # a reload cancels animations
            rec.ids = None
            rec.prepared = False
        else:
            rec.source = list(rec.committed)
            if rec.mode == "list":
                rec.view.counts = rec.committed

    @rule(rec=views, counts=COUNTS)
    def data_counts_invalidation(self, rec, counts):
        """The host changes its data and invalidates the counts (source views): the view reads them."""
        if rec.closed or rec.mode != "source":
            return
        rec.source = list(counts)
        if self.attempt(rec, lambda: rec.view.invalidate("data_counts"), None):
            if counts != rec.committed:
                rec.ids = None
                rec.prepared = False
            rec.committed = list(counts)
            rec.recent.append(list(counts))

    @rule(rec=views, seed=st.integers(0, 2**32), broken=st.sampled_from([1, 1, 2, 3]))
    def perform_invalid_batch_updates(self, rec, seed, broken):
        """A corrupted update: the rules decide whether it still holds."""
        if rec.closed:
            return
        rng = random.Random(seed)
        self.batch(rec, rng, broken, animation(rng))

    @rule(rec=views, seed=st.integers(0, 2**32))
    def perform_batch_updates(self, rec, seed):
        if rec.closed:
            return
        rng = random.Random(seed)
        self.batch(rec, rng, 0, animation(rng))

    @rule(rec=views, seed=st.integers(0, 2**32), fault=st.sampled_from([None, None, "wrong", "duplicate"]))
    def set_identifiers(self, rec, seed, fault):
        if rec.closed:
            return
        rng = random.Random(seed)
        data = [(self.tokens.take(), [self.tokens.take() for _ in range(n)]) for n in rec.committed]
        if fault == "wrong":
            if not data or rng.random() < 0.5:
                data.append((self.tokens.take(), []))
            else:
                data[0][1].append(self.tokens.take())
        elif fault == "duplicate":
            if len(data) < 2:
                fault = None
            else:
                data[1] = (data[0][0], data[1][1])
        if self.attempt(rec, lambda: rec.view.set_identifiers(data), cvlayout.InvalidArgument if fault else None):
            rec.ids = data

    @rule(rec=views, seed=st.integers(0, 2**32),
          fault=st.sampled_from([None, None, None, "lies", "duplicate", "no identifiers"]))
    def apply_snapshot(self, rec, seed, fault):
        if rec.closed:
            return
        rng = random.Random(seed)
        if rec.ids is None and fault != "no identifiers":
            self.set_identifiers(rec, seed, None)
        base = rec.ids
        expected: type | None = None
        if base is None:
            if rec.committed:    # no identifiers to diff from (none at all: an empty snapshot)
                expected, fault = cvlayout.StateError, None
            base = [(self.tokens.take(), [self.tokens.take() for _ in range(n)]) for n in rec.committed]
        e = edit(rng, base, self.tokens)
        snap = e.data
        items = [tok for _, its in snap for tok in its]
        if fault == "duplicate" and len(items) >= 2:
            snap = [(sid, [items[0] if tok == items[1] else tok for tok in its]) for sid, its in snap]
            expected = cvlayout.InvalidArgument
        new = counts_of(snap)
        rec.source = list(new)
        if fault == "lies" and rec.mode == "source" and new:
            rec.source[0] += 1
            expected = cvlayout.InconsistentUpdate
        anim = animation(rng)
        if not self.attempt(rec, lambda: rec.view.apply_snapshot(snap, changed=e.changed, animation=anim), expected):
            rec.source = list(rec.committed)
            rec.prepared = False
            return
        old_ids = base
        rec.ids, rec.committed = snap, list(new)
        rec.prepared = True
        rec.recent.append(list(new))
        where = {tok: (t, j) for t, (_, its) in enumerate(snap) for j, tok in enumerate(its)}
        for s, (_, its) in enumerate(old_ids):
            for i, tok in enumerate(its):
                m = rec.view.map_index_path((s, i))
                assert m is None or m == where.get(tok), (tok, m, where.get(tok))
                if tok not in where:
                    assert m is None

    # --- layouts ----------------------------------------------------------------------------------
    @rule(rec=views, lay=layouts, seed=st.integers(0, 2**32))
    def set_layout(self, rec, lay, seed):
        if rec.closed:
            return
        taken = lay.view is not None and lay.view is not rec
        expected = cvlayout.InvalidHandle if lay.closed else cvlayout.StateError if taken else None
        anim = animation(random.Random(seed))
        self.switching_to, previous = lay, lay.view
        if expected is None:
            lay.view = rec         # a tree layout's children follow the view that uses it
        try:
            ok = self.attempt(rec, lambda: rec.view.set_layout(lay.obj, animation=anim), expected)
        finally:
            self.switching_to = None
        if not ok:
            lay.view = previous
        else:
            rec.layout.view = None
            rec.layout, lay.view = lay, rec
            rec.prepared = False   # the new layout may be prepared only at the next query
            rec.recent.append(list(rec.committed))

    # --- time and geometry --------------------------------------------------------------------------
    @rule(rec=views, step=st.sampled_from([0.0, 0.05, 0.3, 1.0, 5.0, -0.5, NAN, INF]))
    def set_time(self, rec, step):
        if rec.closed:
            return
        t = rec.view.time + step
        bad = not math.isfinite(t) or step < 0
        self.attempt(rec, lambda: rec.view.set_time(t), cvlayout.InvalidArgument if bad else None)

    @rule(rec=views)
    def finish_animations(self, rec):
        if not rec.closed and self.attempt(rec, rec.view.finish_animations, None):
            assert not rec.view.is_animating

    @rule(rec=views, w=st.sampled_from(HOSTILE), h=st.sampled_from(HOSTILE))
    def set_bounds_size(self, rec, w, h):
        if rec.closed:
            return
        bad = not all_finite(w, h) or w < 0 or h < 0
        if self.attempt(rec, lambda: setattr(rec.view, "bounds_size", (w, h)),
                        cvlayout.InvalidArgument if bad else None):
            assert rec.view.bounds_size == (w, h)
            rec.bounds = (w, h)

    @rule(rec=views, x=st.sampled_from(HOSTILE), y=st.sampled_from(HOSTILE))
    def set_content_offset(self, rec, x, y):
        if rec.closed:
            return
        bad = not all_finite(x, y)
        if self.attempt(rec, lambda: setattr(rec.view, "content_offset", (x, y)),
                        cvlayout.InvalidArgument if bad else None):
            assert rec.view.content_offset == (x, y)

    # --- queries ----------------------------------------------------------------------------------
    @rule(rec=views, rect=st.tuples(*[st.sampled_from(HOSTILE)] * 4),
          point=st.tuples(*[st.sampled_from(HOSTILE)] * 2), ip=st.tuples(st.integers(-1, 4), st.integers(-1, 8)))
    def queries(self, rec, rect, point, ip):
        if not rec.closed:
            self.query(rec, rect, point, ip)

    @rule(rec=views, rect=st.tuples(st.floats(-50, 400), st.floats(-50, 400), st.floats(0, 500), st.floats(0, 500)))
    def rect_query(self, rec, rect):
        if not rec.closed:
            self.query(rec, rect, rect[:2], (0, 0))

    # --- closes -----------------------------------------------------------------------------------
    @rule(rec=views)
    def close_view(self, rec):
        rec.view.close()
        if not rec.closed:
            rec.closed = True
            rec.layout.view = None     # released: it can be attached elsewhere

    @rule(lay=layouts)
    def close_layout(self, lay):
        lay.obj.close()
        lay.closed = True              # a view using it keeps it (the invariant checks it still answers)

    @precondition(lambda self: any(r.closed for r in self.all_views) or any(x.closed for x in self.all_layouts))
    @rule(seed=st.integers(0, 2**32))
    def use_after_close(self, seed):
        rng = random.Random(seed)
        closed_views = [r for r in self.all_views if r.closed]
        closed_layouts = [x for x in self.all_layouts if x.closed]
        if closed_views and (not closed_layouts or rng.random() < 0.5):
            v = rng.choice(closed_views).view
            calls = [lambda: v.counts, v.visible_attributes, v.reload_data, lambda: v.set_time(1e9),
                     lambda: v.perform_batch_updates([]), lambda: v.attributes_in_rect((0, 0, 1, 1)),
                     lambda: setattr(v, "bounds_size", (1, 1)), lambda: v.map_index_path((0, 0))]
        else:
            lay = rng.choice(closed_layouts).obj
            calls = [lambda: lay.layout_type, lambda: lay.register_kind("x"),
                     lambda: cvlayout.CollectionView(lay, [1])]
        self.attempt(None, rng.choice(calls), cvlayout.InvalidHandle)

    # --- threads ----------------------------------------------------------------------------------
    @rule(rec=views, mutation=st.sampled_from(["batch", "reload", "bounds", "layout", "close"]),
          seed=st.integers(0, 2**32))
    def queries_during_a_mutation(self, rec, mutation, seed):
        """A second thread queries the view while this one changes it: each answer is one of the
        states before or after; the only error is InvalidHandle once the view is closed."""
        if rec.closed:
            return
        rng = random.Random(seed)
        v = rec.view
        before = [list(c) for c in rec.recent + [rec.committed]]
        answers: list = []
        errors: list = []
        started = threading.Event()

        def reader():
            for _ in range(40):
                try:
                    answers.append((v.counts, v.visible_attributes()))
                except cvlayout.InvalidHandle:
                    if mutation != "close":
                        errors.append("InvalidHandle while open")
                    break
                except cvlayout.CvlError as exc:
                    if not (self.excused(rec, exc) or self.raced(rec, exc)):
                        errors.append(exc)
                except Exception as exc:  # noqa: BLE001 - reported below
                    errors.append(exc)
                started.set()
            started.set()
        t = threading.Thread(target=reader)
        t.start()
        started.wait(10)
        if mutation == "batch":
            self.batch(rec, rng, 0, animation(rng))
        elif mutation == "reload":
            self.reload(rec, [rng.randint(0, 6) for _ in range(rng.randint(0, 3))], None)
        elif mutation == "bounds":
            self.set_bounds_size(rec, rng.choice([0.0, 200.0, 1e6]), rng.choice([50.0, 300.0]))
        elif mutation == "layout":
            self.set_layout(rec, self.fresh_layout(rng), seed)
        else:
            self.close_view(rec)
        t.join(60)
        assert not t.is_alive(), "the reader hung"
        assert not errors, errors
        states = before + rec.recent + [rec.committed]
        for counts, cells in answers:
            assert counts in states, (counts, states)
            for a in cells:
                if a.is_cell:
                    assert any(valid_item(c, a.index_path) for c in states), a

    def fresh_layout(self, rng: random.Random) -> LayoutRec:
        lay = LayoutRec(rng.choice(KINDS))
        self.all_layouts.append(lay)
        return lay

    # --- invariants -------------------------------------------------------------------------------
    @invariant()
    def views_agree_with_the_model(self):
        for rec in self.all_views:
            if rec.closed:
                continue
            v = rec.view
            assert v.counts == rec.committed, (v.counts, rec)
            assert v.layout is rec.layout.obj and rec.layout.view is rec
            if rec.ids is not None:
                assert self.identifiers(rec) == [its for _, its in rec.ids]
            else:
                assert all(i is None for row in self.identifiers(rec) for i in row)
            if not v.is_animating:
                rec.recent = [list(rec.committed)]
        for lay in self.all_layouts:
            assert lay.obj.closed == lay.closed
            if lay.view is not None:
                assert not lay.view.closed and lay.view.layout is lay


def key(u: cvlayout.UpdateItem) -> tuple:
    """A request as the layout's list names it (reloads: their old place only)."""
    before = u.before if u.action != "insert" else None
    after = u.after if u.action in ("insert", "move") else None
    return (str(u.action), u.is_section, before, after)


ViewsMachine.TestCase.settings = settings(
    max_examples=EXAMPLES or 150, stateful_step_count=50, deadline=None, derandomize=not EXAMPLES, database=None,
    suppress_health_check=list(HealthCheck))
test_views_against_the_model = needs_flow(ViewsMachine.TestCase)
