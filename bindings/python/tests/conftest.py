"""Shared test helpers.  Run from the repository root:

    CVLAYOUT_LIBRARY=/path/to/libcvlayout.so python3 -m pytest bindings/python/tests -q

Tests of functions the loaded library does not export yet are skipped (``requires``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

BINDINGS = Path(__file__).resolve().parent.parent
REPO = BINDINGS.parent.parent
FIXTURES = REPO / "Tests" / "fixtures"
#: The shared fixture with the Survey metrics on a plain flow layout (two sections, 768 wide).
SURVEY_FIXTURE = "flow-survey-metrics-two-sections"
sys.path.insert(0, str(BINDINGS))

import cvlayout  # noqa: E402
from cvlayout import _lib  # noqa: E402

os.environ.setdefault("SWIFT_BACKTRACE", "enable=no")


def requires(*names: str):
    """Skip unless the library exports every named function."""
    missing = [n for n in names if not _lib.available(n)]
    return pytest.mark.skipif(bool(missing), reason="not exported yet: " + ", ".join(missing))


needs_flow = requires("cvl_flow_layout_create", "cvl_flow_layout_set_config", "cvl_flow_layout_get_config",
                      "cvl_view_create")
needs_survey = requires("cvl_survey_layout_create", "cvl_flow_layout_set_hooks", "cvl_flow_layout_item_frame")


def isolated(code: str, timeout: float = 60.0) -> str:
    """Runs ``code`` in a fresh interpreter; returns its stdout; fails on a crash, an error or a
    hang (the child is killed after ``timeout`` seconds)."""
    env = dict(os.environ, PYTHONPATH=str(BINDINGS) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               SWIFT_BACKTRACE="enable=no")
    # A runner started in the background (`make test &` in a non-interactive shell) hands its
    # children SIGINT ignored, and Python then installs no KeyboardInterrupt handler: give every
    # child the SIGINT handling of an interpreter started from a terminal.
    prelude = "import signal as _s; _s.signal(_s.SIGINT, _s.default_int_handler); del _s\n"
    try:
        r = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True, text=True,
                           env=env, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"hung for {timeout} s (deadlock?)\n{exc.stdout}\n{exc.stderr}")
    assert r.returncode == 0, f"exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r.stdout


def snapshot(view) -> tuple:
    """Everything observable about a view, to check that a failed call changed nothing."""
    return (view.counts, view.bounds_size, view.content_offset, view.content_size, view.all_attributes())


def load_fixture(name: str) -> dict:
    """A shared fixture, Tests/fixtures/<name>.json: a JSON spec and its output worked by hand."""
    return json.loads((FIXTURES / f"{name}.json").read_text())


def layout_props(fixture: dict) -> dict:
    """A flow fixture's layout keys but ``kind``: FlowLayout's keyword arguments."""
    return {k: v for k, v in fixture["spec"]["layout"].items() if k != "kind"}


@pytest.fixture
def survey_flow():
    """The Survey numbers (Furrow ch. 4, Listing 4.2) on a plain flow layout, from the shared fixture."""
    layout = cvlayout.FlowLayout(**layout_props(load_fixture(SURVEY_FIXTURE)))
    yield layout
    layout.close()


class GridLayout(cvlayout.Layout):
    """A small Python layout: one column of ``size`` x ``size`` cells, every section stacked."""

    def __init__(self, size: float = 50.0):
        self.size = size
        self.calls: list[str] = []
        super().__init__()

    def prepare(self, env):
        self.calls.append("prepare")

    def content_size(self, env):
        return (self.size, self.size * sum(env.counts))

    def all(self, env):
        out, y = [], 0.0
        for s, n in enumerate(env.counts):
            for i in range(n):
                out.append(cvlayout.Attributes.cell((s, i), (0.0, y, self.size, self.size)))
                y += self.size
        return out

    def attributes_in_rect(self, env, rect):
        from cvlayout.geometry import rect_intersects
        return [a for a in self.all(env) if rect_intersects(a.frame, rect)]


@pytest.fixture
def grid_view():
    view = cvlayout.CollectionView(GridLayout(), [5, 3], bounds_size=(100, 200))
    yield view
    view.close()
