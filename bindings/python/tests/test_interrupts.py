"""Ctrl-C and other exceptions that are not ``Exception`` (issue 10): raised in a callback, they
fail the C call and come back as themselves, never as ``CallbackError`` and never dropped when
the library went on and succeeded; a real SIGINT during a call that runs callbacks aborts it."""

from __future__ import annotations

import math

import pytest
from conftest import isolated, needs_flow

import cvlayout


class Raising(cvlayout.Layout):
    """One 10 x 10 cell per item in a column; ``should_invalidate_for_bounds_change`` raises
    ``self.exc`` when set (the library treats that callback's failure as "invalidate" and lets
    the bounds change succeed)."""

    def __init__(self):
        self.exc = None
        super().__init__()

    def content_size(self, env):
        return (10.0, 10.0 * sum(env.counts))

    def attributes_in_rect(self, env, rect):
        return [cvlayout.Attributes.cell((0, i), (0.0, 10.0 * i, 10.0, 10.0)) for i in range(env.counts[0])]

    def should_invalidate_for_bounds_change(self, env, new_bounds):
        if self.exc is not None:
            raise self.exc
        return False


@needs_flow
@pytest.mark.parametrize("exc", [KeyboardInterrupt, SystemExit])
def test_interrupt_in_a_data_source_fails_the_call_and_comes_back_as_itself(exc):
    counts = [3, 2]
    fail = []

    def items(section):
        if fail:
            raise fail[0]
        return counts[section]

    with cvlayout.FlowLayout(item_size=(10, 10)) as layout, \
            cvlayout.CollectionView(layout, data_source=items, sections=2) as view:
        counts[:] = [7, 7]
        fail.append(exc("stop"))
        with pytest.raises(exc) as info:
            view.reload_data()
        assert info.value is fail[0]
        assert view.counts == [3, 2]  # the reload failed: nothing changed
        fail.clear()
        view.reload_data()
        assert view.counts == [7, 7]


def test_interrupt_is_raised_even_when_the_library_succeeds():
    # The library treats a failing should_invalidate_for_bounds_change as "invalidate" and the
    # bounds change succeeds: before the fix the KeyboardInterrupt vanished.
    with Raising() as layout, cvlayout.CollectionView(layout, [3], bounds_size=(10, 30)) as view:
        layout.exc = KeyboardInterrupt()
        with pytest.raises(KeyboardInterrupt):
            view.bounds_size = (20, 30)
        assert view.bounds_size == (20.0, 30.0)  # the call itself succeeded
        layout.exc = None
        assert len(view.visible_attributes()) == 3


def test_an_exception_the_library_absorbed_is_not_chained_to_a_later_failure():
    # A ValueError in should_invalidate_for_bounds_change is absorbed by the library (the call
    # succeeds). Before the fix it stayed pending and became the cause of the next, unrelated,
    # failure on the thread.
    with Raising() as layout, cvlayout.CollectionView(layout, [3], bounds_size=(10, 30)) as view:
        layout.exc = ValueError("absorbed")
        view.bounds_size = (20, 30)
        layout.exc = None
        with pytest.raises(cvlayout.InvalidArgument) as info:
            view.bounds_size = (math.nan, 30)
        assert info.value.__cause__ is None


@needs_flow
def test_interrupt_in_a_nested_call_reaches_the_outer_caller():
    # X's data source queries Y; Y's layout hook raises KeyboardInterrupt. The inner query
    # re-raises it inside X's callback, which fails X's reload with it.
    class Hooked(cvlayout.FlowLayout):
        armed = False

        def adjust_attributes_in_rect(self, env, rect, attributes):
            if self.armed:
                raise KeyboardInterrupt("inner")
            return attributes

    inner = Hooked(item_size=(10, 10))
    y = cvlayout.CollectionView(inner, counts=[4], bounds_size=(100, 100))

    def items(section):
        return len(y.visible_attributes())

    x = cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=items, sections=1)
    assert x.counts == [4]
    inner.armed = True
    with pytest.raises(KeyboardInterrupt, match="inner"):
        x.reload_data()
    assert x.counts == [4]
    inner.armed = False
    x.reload_data()
    x.close()
    y.close()


def test_ordinary_exceptions_still_become_callback_error_with_their_cause():
    layout = Raising()
    with cvlayout.CollectionView(layout, [3], bounds_size=(10, 30)) as view:
        layout.attributes_in_rect = lambda env, rect: 1 / 0
        with pytest.raises(cvlayout.CallbackError) as info:
            view.visible_attributes()
        assert isinstance(info.value.__cause__, ZeroDivisionError)
    layout.close()


@needs_flow
def test_sigint_during_a_call_that_runs_callbacks_aborts_it():
    # A reload asking a data source for 10^6 sections runs for seconds; SIGINT arrives 0.3 s in.
    # Before the fix the signal was raised at a callback's first instruction, outside the
    # wrapper: ctypes printed "Exception ignored", the call failed with a CallbackError (or went
    # on) and the KeyboardInterrupt was lost.
    out = isolated("""
        import os, signal, threading, time
        import cvlayout
        sections = [2]
        asked = [0]
        def items(section):
            asked[0] += 1
            return 1
        view = cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=items, sections=lambda: sections[0])
        sections[0] = 1000000
        asked[0] = 0
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
        start = time.monotonic()
        try:
            view.reload_data()
            print("not interrupted")
        except KeyboardInterrupt:
            print("interrupted", asked[0] < 1000000, time.monotonic() - start < 5)
        print(view.number_of_sections)
        # Outside callbacks the program's own handler still runs as before.
        try:
            threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)).start()
            time.sleep(5)
            print("sleep not interrupted")
        except KeyboardInterrupt:
            print("sleep interrupted")
    """)
    assert out.split("\n")[:3] == ["interrupted True True", "2", "sleep interrupted"]


@needs_flow
def test_a_program_sigint_handler_that_does_not_raise_keeps_its_meaning():
    # A handler that only records the signal: it runs (once) and the call is not aborted.
    out = isolated("""
        import os, signal, threading
        import cvlayout
        got = []
        signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
        fired = threading.Event()
        def items(section):
            if section == 1000:
                os.kill(os.getpid(), signal.SIGINT)
            return 1
        view = cvlayout.CollectionView(cvlayout.FlowLayout(), data_source=items, sections=20000)
        print(view.number_of_sections, got == [signal.SIGINT])
    """)
    assert out.strip() == "20000 True"
