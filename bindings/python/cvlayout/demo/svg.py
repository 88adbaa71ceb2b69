"""Draws a list of attributes as SVG: cells, headers, footers and decorations in distinct
colours, transformed elements as their projected quads, "s.i" labels, the content and the
viewport outlines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping
from xml.sax.saxutils import escape

from ..attributes import Attributes
from ..geometry import IndexPath, RectLike, SizeLike, is_identity, pair, quad

if TYPE_CHECKING:
    from .spec import Built

STYLE = {
    # (fill, stroke)
    "cell": ("#4e79a7", "#2b4a6b"),
    "header": ("#f28e2b", "#a85d12"),
    "footer": ("#59a14f", "#356130"),
    "decoration": ("#bab0ac", "#7f7672"),
    "binder": ("#d4c5a9", "#8c7b5a"),
    "connector": ("#e15759", "#9c2c2e"),
    "supplementary": ("#b07aa1", "#774d6b"),
}


def _style(a: Attributes) -> tuple[str, str]:
    if a.category == "cell":
        return STYLE["cell"]
    if a.kind_name in STYLE:
        return STYLE[a.kind_name]
    return STYLE["decoration" if a.category == "decoration" else "supplementary"]


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _points(quad: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in quad)


def _bounds(items: list[Attributes],
            rects: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for x, y, w, h in rects:
        xs += [x, x + w]
        ys += [y, y + h]
    for a in items:
        q = a.quad() or []
        xs += [p[0] for p in q]
        ys += [p[1] for p in q]
    if not xs:
        return 0.0, 0.0, 1.0, 1.0
    return min(xs), min(ys), max(xs), max(ys)


def render(items: Iterable[Attributes], content_size: SizeLike, viewport: RectLike | None = None, *,
           labels: Mapping[IndexPath, str] | None = None,
           title: str | None = None, margin: float = 20.0, connector_lines: bool = True,
           bounds: tuple[float, float, float, float] | None = None) -> str:
    """SVG text for ``items`` (in draw order: later on top).  ``viewport`` is (x, y, w, h).
    ``bounds`` (x0, y0, x1, y1) fixes the drawn area (frames of one animation share it)."""
    items = [a for a in items if not a.hidden]
    cw, ch = pair(content_size)
    rects = [(0.0, 0.0, cw, ch)] + ([quad(viewport)] if viewport else [])
    x0, y0, x1, y1 = bounds if bounds is not None else _bounds(items, rects)
    top = margin + (24.0 if title else 0.0)
    vx, vy = x0 - margin, y0 - top
    vw, vh = (x1 - x0) + 2 * margin, (y1 - y0) + top + margin
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(vx)} {_fmt(vy)} {_fmt(vw)} {_fmt(vh)}" '
           f'width="{_fmt(vw)}" height="{_fmt(vh)}" font-family="Helvetica, Arial, sans-serif">']
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect x="{_fmt(vx)}" y="{_fmt(vy)}" width="{_fmt(vw)}" height="{_fmt(vh)}" fill="#ffffff"/>')
    if title:
        out.append(f'<text x="{_fmt(x0)}" y="{_fmt(y0 - margin / 2 - 4)}" font-size="16" fill="#333">'
                   f'{escape(title)}</text>')
    out.append(f'<rect x="0" y="0" width="{_fmt(cw)}" height="{_fmt(ch)}" fill="#f7f7f7" stroke="#bbbbbb" '
               f'stroke-width="1"/>')
    for a in items:
        fill, stroke = _style(a)
        opacity = max(0.0, min(1.0, a.alpha))
        common = (f'fill="{fill}" fill-opacity="{_fmt(0.85 * opacity)}" '
                  f'stroke="{stroke}" stroke-opacity="{_fmt(opacity)}"')
        x, y, w, h = a.frame
        if a.kind_name == "connector" and connector_lines:
            # A tree connector: draw the branches (parent's middle to each child's middle).
            out.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" '
                       f'fill="{fill}" fill-opacity="0.12" stroke="none"/>')
            continue
        if is_identity(a.transform):
            out.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" {common} '
                       f'stroke-width="1"/>')
            corners: list[tuple[float, float]] = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        else:
            drawn = a.quad()
            if drawn is None:
                continue
            corners = [(p.x, p.y) for p in drawn]
            out.append(f'<polygon points="{_points(corners)}" {common} stroke-width="1"/>')
            if a.custom and a.category == "cell" and 0 < a.custom[0] <= 1:
                # Cover Flow's masking value darkens cells away from the centre.
                out.append(f'<polygon points="{_points(corners)}" fill="#000" fill-opacity="{_fmt(a.custom[0])}" '
                           f'stroke="none"/>')
        cx = sum(p[0] for p in corners) / 4
        cy = sum(p[1] for p in corners) / 4
        if a.category == "cell":
            text = (labels or {}).get(a.index_path) or f"{a.index_path[0]}.{a.index_path[1]}"
            size = max(6.0, min(14.0, min(w, h) / 3 if min(w, h) > 0 else 10.0, 1.8 * w / max(len(text), 1)))
            out.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy)}" font-size="{_fmt(size)}" fill="#ffffff" '
                       f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')
        elif a.category == "supplementary" and h > 1.5 * w and w >= 10 and h >= 30:
            # A header or footer of a horizontal layout: a vertical strip, so vertical text.
            text = f"{a.kind_name or a.kind} {a.index_path[0]}"
            tx, ty = x + w / 2, y + 6
            out.append(f'<text x="{_fmt(tx)}" y="{_fmt(ty)}" font-size="{_fmt(min(12, w * 0.6))}" fill="#ffffff" '
                       f'dominant-baseline="central" transform="rotate(90 {_fmt(tx)} {_fmt(ty)})">'
                       f'{escape(text)}</text>')
        elif a.category == "supplementary" and w >= 30 and h >= 10:
            text = f"{a.kind_name or a.kind} {a.index_path[0]}"
            out.append(f'<text x="{_fmt(x + 6)}" y="{_fmt(y + min(h / 2, 14))}" font-size="{_fmt(min(12, h * 0.6))}" '
                       f'fill="#ffffff" dominant-baseline="central">{escape(text)}</text>')
    if connector_lines:
        out += _connector_branches(items)
    if viewport:
        x, y, w, h = viewport
        out.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(w)}" height="{_fmt(h)}" fill="none" '
                   f'stroke="#d62728" stroke-width="2" stroke-dasharray="8 5"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _connector_branches(items: list[Attributes]) -> list[str]:
    """Lines from each parent to its children (tree layout: custom[0] = first child, custom[1] = count)."""
    cells = {a.index_path: a for a in items if a.category == "cell"}
    lines = []
    for a in items:
        if a.kind_name != "connector" or len(a.custom) < 2:
            continue
        parent = cells.get(a.index_path)
        if parent is None:
            continue
        px, py, pw, ph = parent.frame
        s = a.index_path[0] + 1
        first, n = int(a.custom[0]), int(a.custom[1])
        for i in range(first, first + n):
            child = cells.get((s, i))
            if child is None:
                continue
            cx, cy, cw, chh = child.frame
            mx = (px + pw + cx) / 2
            lines.append(f'<polyline points="{_fmt(px + pw)},{_fmt(py + ph / 2)} {_fmt(mx)},{_fmt(py + ph / 2)} '
                         f'{_fmt(mx)},{_fmt(cy + chh / 2)} {_fmt(cx)},{_fmt(cy + chh / 2)}" fill="none" '
                         f'stroke="{STYLE["connector"][1]}" stroke-width="1.5"/>')
    return lines


def render_built(built: Built, visible_only: bool | None = None, title: str | None = None) -> str:
    """SVG of a :class:`cvlayout.demo.spec.Built` view."""
    from .spec import elements
    view = built.view
    return render(elements(built, visible_only), view.content_size, view.visible_rect, labels=built.labels,
                  title=title if title is not None else built.spec.get("title"))
