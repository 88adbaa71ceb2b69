"""The shared fixtures (Tests/fixtures/*.json): frames worked by hand, run here through the JSON
spec, and by the Swift suite (FixtureTests.swift) and the C harness (generated from the same files
by scripts/gen_fixtures.py). Tests/fixtures/README.md describes the format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES as FIXTURE_DIR

from cvlayout.demo.spec import render

FIXTURES = sorted(FIXTURE_DIR.glob("*.json"))


def _key(e: dict) -> tuple:
    return (e["category"], e.get("kind", 0), tuple(e["index_path"]))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixture(path: Path) -> None:
    fixture = json.loads(path.read_text())
    expected = fixture["expected"]
    tol = fixture.get("tolerance", 1e-9)
    out = render(fixture["spec"])
    assert out["content_size"] == pytest.approx(expected["content_size"], abs=tol)
    if "count" in expected:
        assert len(out["elements"]) == expected["count"]
    found = {_key(e): e for e in out["elements"] if not e["disappearing"]}
    for want in expected["elements"]:
        got = found.get(_key(want))
        assert got is not None, f"{path.stem}: no element {_key(want)}"
        assert got["frame"] == pytest.approx(want["frame"], abs=tol), _key(want)
        if "z_index" in want:
            assert got["z_index"] == want["z_index"], _key(want)
        if "alpha" in want:
            assert got["alpha"] == pytest.approx(want["alpha"], abs=tol), _key(want)
        if "custom" in want:
            assert got["custom"][: len(want["custom"])] == pytest.approx(want["custom"], abs=tol), _key(want)


def test_every_fixture_is_found() -> None:
    assert len(FIXTURES) >= 10
