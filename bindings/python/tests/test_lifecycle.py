"""Lifetimes and threads seen from Python (issue 10): ``close()`` racing a query on another thread,
callbacks of one view querying another while threads run, ``close()`` inside an object's own
callback, and closing a layout a view still uses.

A test that would crash or hang the interpreter before its fix runs its scenario in a child
process (``isolated``): a segfault shows as a negative exit code, a deadlock as the timeout."""

from __future__ import annotations

import threading

import pytest
from conftest import isolated, needs_flow

import cvlayout


# --- close() against a query in flight on another thread --------------------------------------
@needs_flow
def test_close_from_another_thread_while_a_query_reads_its_buffer():
    # The query's result is 140000 elements (43 MB, a buffer glibc maps and unmaps on its own),
    # and the view is closed by another thread between the C call and the read of the buffer.
    # Before the fix close() freed the buffer under the reader: SIGSEGV.
    out = isolated("""
        import threading
        import cvlayout
        from cvlayout import view as view_module
        layout = cvlayout.FlowLayout(item_size=(1, 1), minimum_line_spacing=0, minimum_interitem_spacing=0)
        view = cvlayout.CollectionView(layout, counts=[200000], bounds_size=(1000, 100))
        real_read = view_module.read_buffer
        def read_after_close(address, count, kinds):
            t = threading.Thread(target=view.close)
            t.start()
            t.join()
            assert view.closed
            return real_read(address, count, kinds)
        view_module.read_buffer = read_after_close
        cells = view.attributes_in_rect((0, 0, 1000, 140))
        print(len(cells), cells[-1].index_path, tuple(cells[-1].frame))
    """)
    assert out.split("\n")[0] == "140000 (0, 139999) (999.0, 139.0, 1.0, 1.0)"


@needs_flow
def test_close_racing_queries_on_other_threads_fails_them_cleanly():
    # Readers query while the main thread closes: each query either completes with the right
    # answer or raises InvalidHandle; nothing else, and no crash.
    out = isolated("""
        import threading
        import cvlayout
        outcomes = {"ok": 0, "closed": 0}
        for trial in range(30):
            layout = cvlayout.FlowLayout(item_size=(1, 1), minimum_line_spacing=0, minimum_interitem_spacing=0)
            view = cvlayout.CollectionView(layout, counts=[4000], bounds_size=(100, 40))
            answered = threading.Event()
            def reader():
                while True:
                    try:
                        cells = view.attributes_in_rect((0, 0, 100, 40))
                        raw = view.raw_attributes()
                    except cvlayout.InvalidHandle:
                        outcomes["closed"] += 1
                        return
                    assert len(cells) == 4000 and len(raw) == 4000, (len(cells), len(raw))
                    assert raw[3999].index_path.item == 3999
                    outcomes["ok"] += 1
                    answered.set()
            threads = [threading.Thread(target=reader) for _ in range(3)]
            for t in threads:
                t.start()
            answered.wait(30)
            view.close()
            for t in threads:
                t.join()
        print(outcomes["closed"], outcomes["ok"] > 0)
    """, timeout=120)
    assert out.split() == ["90", "True"]


# --- lock order: a callback of view X querying view Y while another thread queries Y ------------
@needs_flow
def test_data_source_querying_another_view_while_a_thread_queries_it_does_not_deadlock():
    # Thread 1 reloads X: the library lock is held while X's data source queries Y. Thread 2
    # queries Y. Before the fix, thread 2 held Y's binding lock and waited for the library lock
    # while thread 1 held the library lock and waited for Y's binding lock: a deadlock.
    out = isolated("""
        import threading
        import cvlayout
        y = cvlayout.CollectionView(cvlayout.FlowLayout(item_size=(10, 10)), counts=[50], bounds_size=(100, 100))
        seen = []
        def items_of_x(section):
            seen.append(len(y.visible_attributes()))
            return 3
        x = cvlayout.CollectionView(cvlayout.FlowLayout(item_size=(10, 10)), data_source=items_of_x, sections=2,
                                    bounds_size=(100, 100))
        answers = []
        def reload_x():
            for _ in range(1500):
                x.reload_data()
        def query_y():
            for _ in range(1500):
                answers.append(len(y.visible_attributes()))
        threads = [threading.Thread(target=reload_x), threading.Thread(target=query_y)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(set(seen), set(answers), len(seen), x.counts)
    """, timeout=60)
    assert out.strip() == "{25} {25} 3002 [3, 3]"  # 5 columns x 5 rows of 10 pt cells, spacing 10


# --- close() inside the object's own callback ---------------------------------------------------
@needs_flow
def test_view_close_inside_its_own_callback_is_an_error_and_leaks_nothing():
    # The library refuses to destroy a view from inside its own callback (CVL_ERROR_STATE). Before
    # the fix the Python object forgot its handle anyway: the C view leaked (with the layout it
    # holds) and the Python view was dead.
    layout_closes = []

    class Closing(cvlayout.FlowLayout):
        def adjust_attributes(self, env, attributes):
            view.close()
            return attributes

    layout = Closing(item_size=(10, 10))
    view = cvlayout.CollectionView(layout, counts=[5], bounds_size=(100, 100))
    with pytest.raises(cvlayout.CallbackError) as info:
        view.attributes_for_item((0, 0))
    assert isinstance(info.value.__cause__, cvlayout.StateError)
    assert "own callbacks" in str(info.value.__cause__)
    assert not view.closed
    layout_closes.append(layout.closed)
    # Still the same working view; closing it after the callback releases the layout, which a
    # new view can then take (it could not if the C view had leaked holding it).
    assert view.bounds_size == (100.0, 100.0)
    view.close()
    assert view.closed
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[1]) as other:
        other.set_layout(layout)
        assert other.number_of_items(0) == 1
    assert layout_closes == [False]


@needs_flow
def test_layout_close_inside_its_own_hook_is_an_error_and_leaves_it_open():
    class Closing(cvlayout.FlowLayout):
        def adjust_attributes(self, env, attributes):
            self.close()
            return attributes

    layout = Closing(item_size=(10, 10))
    with cvlayout.CollectionView(layout, counts=[5], bounds_size=(100, 100)) as view:
        with pytest.raises(cvlayout.CallbackError) as info:
            view.attributes_for_item((0, 0))
        assert isinstance(info.value.__cause__, cvlayout.StateError)
        assert not layout.closed
        assert layout.item_size == (10.0, 10.0)
    layout.close()
    assert layout.closed


@needs_flow
def test_close_twice_and_from_two_threads_is_harmless():
    layout = cvlayout.FlowLayout()
    view = cvlayout.CollectionView(layout, counts=[3])
    threads = [threading.Thread(target=view.close) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    view.close()
    assert view.closed
    with pytest.raises(cvlayout.InvalidHandle):
        view.visible_attributes()
    layout.close()
    layout.close()


@needs_flow
def test_the_hook_handle_belongs_to_the_hooks_thread():
    # While a hook runs on one thread, the layout used from another thread must use its own
    # handle, not the one the library passed to the hook (valid only inside the hook).
    in_hook, checked = threading.Event(), threading.Event()
    seen = {}

    class Waiting(cvlayout.FlowLayout):
        def adjust_attributes(self, env, attributes):
            seen["hook"] = self._ch()
            in_hook.set()
            checked.wait(10)
            return attributes

    layout = Waiting(item_size=(10, 10))
    with cvlayout.CollectionView(layout, counts=[2], bounds_size=(100, 100)) as view:
        t = threading.Thread(target=view.attributes_for_item, args=((0, 0),))
        t.start()
        assert in_hook.wait(10)
        seen["other"] = layout._ch()
        checked.set()
        t.join()
    assert seen["other"] is layout.handle
    assert seen["hook"] is not layout.handle
    layout.close()


# --- closing a layout a view still uses ---------------------------------------------------------
@needs_flow
def test_closing_an_attached_flow_subclass_keeps_the_view_working():
    # cvl_layout_destroy's contract: the handle is invalid at once, the view keeps the layout
    # (hooks included) until it releases it. Before the fix every query of the view failed: the
    # hooks were handed a NULL layout and the Python hook could not call item_frame.
    class Shifted(cvlayout.FlowLayout):
        def adjust_attributes_in_rect(self, env, rect, attributes):
            for a in attributes:
                x, y, w, h = self.item_frame(a.index_path)
                a.frame = (x + 1000, y, w, h)
            return attributes

    layout = Shifted(item_size=(10, 10), minimum_interitem_spacing=0)
    view = cvlayout.CollectionView(layout, counts=[3], bounds_size=(100, 100))
    before = [a.frame for a in view.attributes_in_rect((0, 0, 2000, 100))]
    assert before == [(1000.0, 0.0, 10.0, 10.0), (1010.0, 0.0, 10.0, 10.0), (1020.0, 0.0, 10.0, 10.0)]
    layout.close()
    del layout  # the view keeps the Python object alive with the C layout
    assert [a.frame for a in view.attributes_in_rect((0, 0, 2000, 100))] == before
    assert view.layout.closed
    with pytest.raises(cvlayout.InvalidHandle):
        view.layout.item_size = (5, 5)
    view.reload_data()
    assert [a.frame for a in view.attributes_in_rect((0, 0, 2000, 100))] == before
    view.close()  # releases the layout; the Python object stays closed
    assert view.closed and view.layout.closed


def test_closing_an_attached_python_layout_keeps_the_view_working():
    class Column(cvlayout.Layout):
        def content_size(self, env):
            return (10.0, 10.0 * env.counts[0])

        def attributes_in_rect(self, env, rect):
            return [cvlayout.Attributes.cell((0, i), (0.0, 10.0 * i, 10.0, 10.0)) for i in range(env.counts[0])]

    layout = Column()
    with cvlayout.CollectionView(layout, [4], bounds_size=(10, 100)) as view:
        layout.close()
        assert [a.index_path for a in view.visible_attributes()] == [(0, 0), (0, 1), (0, 2), (0, 3)]
        assert view.content_size == (10.0, 40.0)


@needs_flow
def test_counts_is_one_state_of_the_view_while_another_thread_changes_it(monkeypatch):
    # Found by test_stateful.py's concurrent rule: view.counts read one section per C call, so a
    # reload on another thread between two calls (4 sections -> 3) made number_of_items(3) fail
    # with OutOfRange, or the list mixed two states. Now one call (cvl_view_item_counts) answers
    # it; the other thread's change is made here between the count-only call and the fill.
    from cvlayout import _lib
    real = _lib.cvl_view_item_counts
    with cvlayout.CollectionView(cvlayout.FlowLayout(), counts=[1, 1, 1, 1]) as view:
        for new in ([2, 2, 2], [3, 3, 3, 3, 3], []):
            calls = []

            def item_counts(*args, new=new, calls=calls):
                calls.append(args[2])
                status = real(*args)
                if len(calls) == 1:
                    view.reload_data(new)  # what another thread may do at this moment
                return status
            monkeypatch.setattr(_lib, "cvl_view_item_counts", item_counts)
            assert view.counts == new
            monkeypatch.undo()
            # Shrinking: the buffer was big enough; growing: CapacityError, asked again.
            assert calls[0] == 0 and len(calls) == {3: 2, 5: 3, 0: 2}[len(new)], (new, calls)
