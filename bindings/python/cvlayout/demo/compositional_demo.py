"""The compositional layout in the demo: the App-Store-like page (app_store.json: a paging
banner, a three-row group carousel, a grid with badges, a list with pinned headers) and the
animated strip of its orthogonal sections scrolled and snapping (docs/compositional-rules.md,
C20-C21)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..compositional import CompositionalLayout
from ..view import CollectionView
from .transitions import Frame, _snapshot

APP_STORE = Path(__file__).with_name("app_store.json")


def app_store_spec() -> dict[str, Any]:
    """The page's JSON spec, titled for the gallery."""
    spec: dict[str, Any] = json.loads(APP_STORE.read_text())
    spec["title"] = "Compositional: an App-Store-like page (banner, carousel, grid with badges, pinned list)"
    return spec


def orthogonal_scroll_frames(frames: int = 16) -> list[Frame]:
    """The banner (group paging, centred) and the carousel (group paging) dragged by a finger, then
    let go: each comes to rest where the layout's target offset says (one group on)."""
    layout_spec = app_store_spec()["layout"]
    layout = CompositionalLayout(sections=layout_spec["sections"])
    out: list[Frame] = []
    with CollectionView(layout, [5, 9, 8, 12], bounds_size=(390, 560)) as view:
        drag = frames // 2
        for k in range(drag):   # the finger moves both sections 180 and 120 points
            CompositionalLayout.set_orthogonal_offset(view, 0, 180.0 * k / (drag - 1))
            CompositionalLayout.set_orthogonal_offset(view, 1, 120.0 * k / (drag - 1))
            out.append(_snapshot(view, 0.05 * k))
        ends = [CompositionalLayout.target_orthogonal_offset(view, s, 0.0, start, 300.0)[0]
                for s, start in ((0, 180.0), (1, 120.0))]
        rest = frames - drag
        for k in range(1, rest + 1):   # released: eased to the resting offsets
            u = 1 - (1 - k / rest) ** 3
            CompositionalLayout.set_orthogonal_offset(view, 0, 180.0 + (ends[0] - 180.0) * u)
            CompositionalLayout.set_orthogonal_offset(view, 1, 120.0 + (ends[1] - 120.0) * u)
            out.append(_snapshot(view, 0.05 * (drag + k)))
    layout.close()
    return out
