"""Animated transitions for the demo: sample a running animation frame by frame and draw the
frames as one animated SVG (SMIL, plays in any browser) or as a static strip.

The two transitions of the seeds: circle <-> flow (the circle article, an animated layout switch) and a
section inserted into the Survey layout (Furrow ch. 4, Listings 4.10-4.12: cells slide in from the
right, the binder from the left, fading in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable
from xml.sax.saxutils import escape

from ..animation import Animation
from ..attributes import Attributes
from ..flow import FlowLayout, SurveyLayout
from ..seeds import CircleLayout
from .svg import render
from ..updates import insert_sections
from ..view import CollectionView


@dataclass
class Frame:
    time: float                  # seconds since the transition started
    elements: list[Attributes]   # on-screen attributes at that time, in draw order
    content_size: tuple[float, float]
    viewport: tuple[float, float, float, float]


def sample(view: CollectionView, duration: float, frames: int) -> list[Frame]:
    """``frames`` evenly spaced samples of the animation the view is running, from its start
    (t = 0) to its end (t = duration) inclusive. Advances the view's clock."""
    start = view.time
    out = []
    for k in range(frames):
        t = duration * k / (frames - 1) if frames > 1 else duration
        view.set_time(start + t)
        out.append(_snapshot(view, t))
    return out


def _snapshot(view: CollectionView, t: float) -> Frame:
    """Everything in the content or in the viewport (during a switch the content size is the new
    layout's, while old elements may still be on screen outside it)."""
    w, h = view.content_size
    vx, vy, vw, vh = view.visible_rect
    x0, y0 = min(0.0, vx) - 1, min(0.0, vy) - 1
    x1, y1 = max(w, vx + vw) + 1, max(h, vy + vh) + 1
    return Frame(t, view.attributes_in_rect((x0, y0, x1 - x0, y1 - y0)), (w, h), (vx, vy, vw, vh))


def circle_flow_frames(frames: int = 16, duration: float = 0.8) -> list[Frame]:
    """Circle -> flow, a pause, then flow -> circle (12 items in a 480 x 480 view)."""
    circle = CircleLayout()
    flow = FlowLayout(item_size=(80, 80), minimum_line_spacing=20, minimum_interitem_spacing=20,
                      section_inset=(40, 40, 40, 40))
    anim = Animation(duration=duration, curve="ease_in_out")
    with CollectionView(circle, [12], bounds_size=(480, 480)) as view:
        there = sample_after(view, lambda: view.set_layout(flow, animation=anim), duration, frames)
        back = sample_after(view, lambda: view.set_layout(circle, animation=anim), duration, frames)
    flow.close()
    circle.close()
    return there + [there[-1]] * (frames // 3) + back + [back[-1]] * (frames // 3)


def survey_insert_frames(frames: int = 16, duration: float = 0.8) -> list[Frame]:
    """Survey layout with sections of 3 and 2 items; a section of 3 is inserted at index 1."""
    survey = SurveyLayout()
    anim = Animation(duration=duration, curve="ease_out")
    with CollectionView(survey, [3, 2], bounds_size=(768, 900)) as view:
        before = _snapshot(view, 0.0)
        run = sample_after(view, lambda: view.perform_batch_updates(insert_sections([1]), new_counts=[3, 3, 2],
                                                                    animation=anim), duration, frames)
    survey.close()
    return [before] * (frames // 3) + run + [run[-1]] * (frames // 2)


def diff_shuffle_frames(frames: int = 16, duration: float = 0.8) -> list[Frame]:
    """apply_snapshot: 16 items with identifiers, reordered (one removed, one added); the library
    computes the moves, the delete and the insert, and every cell moves to its new place."""
    flow = FlowLayout(item_size=(80, 80), minimum_line_spacing=10, minimum_interitem_spacing=10,
                      section_inset=(10, 10, 10, 10))
    ids = list(range(16))
    shuffled = [11, 3, 14, 0, 7, 16, 9, 1, 12, 5, 15, 2, 8, 13, 6]   # 4 removed, 16 added
    anim = Animation(duration=duration, curve="ease_in_out")
    with CollectionView(flow, [16], bounds_size=(380, 380)) as view:
        view.set_identifiers([(0, ids)])
        before = _snapshot(view, 0.0)
        run = sample_after(view, lambda: view.apply_snapshot([(0, shuffled)], animation=anim), duration, frames)
    flow.close()
    return [before] * (frames // 3) + run + [run[-1]] * (frames // 2)


def chat_append_frames(frames: int = 16, duration: float = 0.6) -> list[Frame]:
    """A chat anchored to its end: two messages appended (spliced in: replace_item_sizes and
    apply_snapshot_edits), animated; the content offset follows so the newest message stays at
    the bottom, and the animation starts from what was on screen."""
    heights = [44, 60, 36, 80, 44, 52, 36, 66, 44, 90, 40, 58]
    chat = FlowLayout(minimum_line_spacing=8, minimum_interitem_spacing=0, section_inset=(8, 8, 8, 8))
    chat.set_item_sizes(0, [(264, h) for h in heights[:10]])
    anim = Animation(duration=duration, curve="ease_out")
    with CollectionView(chat, [10], bounds_size=(280, 360)) as view:
        view.set_identifiers([(0, list(range(10)))])
        view.anchoring = "end"
        view.content_offset = (0.0, max(0.0, view.content_size[1] - 360))
        before = _snapshot(view, 0.0)
        # As a chat appends: the two new sizes and identifiers spliced in at the end (sizes first,
        # then the update), nothing re-sent.
        chat.replace_item_sizes(0, 10, 0, [(264, h) for h in heights[10:]])
        run = sample_after(view, lambda: view.apply_snapshot_edits([(0, 10, 0, [10, 11])], animation=anim),
                           duration, frames)
    chat.close()
    return [before] * (frames // 3) + run + [run[-1]] * (frames // 2)


def self_sizing_frames(frames: int = 16, step: float = 90.0) -> list[Frame]:
    """Self-sizing cells: 60 messages estimated 264 x 50, scrolled up from the end 90 pt a frame;
    before each frame the host measures the cells within a viewport around the visible rect
    (items_to_measure) and reports their real heights; the offset follows the measurements above,
    so every cell drawn moves by the scroll step only."""
    def real(i: int) -> float:
        return 30.0 + (i * 37) % 70
    layout = FlowLayout(minimum_line_spacing=8, minimum_interitem_spacing=0, section_inset=(8, 8, 8, 8))
    layout.estimated_item_size = (264, 50)
    out = []
    with CollectionView(layout, [60], bounds_size=(280, 360)) as view:
        def settle() -> None:
            while need := view.items_to_measure(margin=360):
                view.set_measured_sizes({ip: (264, real(ip[1])) for ip in need})
        view.content_offset = (0.0, view.content_size[1] - 360)
        settle()
        for k in range(frames):
            if k:
                view.content_offset = (0.0, max(0.0, view.content_offset[1] - step))
                settle()
            out.append(_snapshot(view, float(k)))
    layout.close()
    return out


def sample_after(view: CollectionView, start: Callable[[], object], duration: float, frames: int) -> list[Frame]:
    start()
    return sample(view, duration, frames)


def _bounds(frames: list[Frame]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for f in frames:
        cw, ch = f.content_size
        vx, vy, vw, vh = f.viewport
        xs += [0.0, cw, vx, vx + vw]
        ys += [0.0, ch, vy, vy + vh]
        for a in f.elements:
            for x, y in a.quad() or []:
                xs.append(x)
                ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def _inner(svg: str) -> str:
    """The drawing inside an <svg> document (drops the outer element)."""
    lines = svg.strip().split("\n")
    return "\n".join(lines[1:-1])


def _frame_svg(f: Frame, bounds: tuple[float, float, float, float], title: str | None) -> str:
    return render(f.elements, f.content_size, f.viewport, title=title, bounds=bounds)


def animated_svg(frames: list[Frame], title: str, fps: float = 20.0) -> str:
    """One SVG showing the frames in a loop (SMIL discrete opacity animation per frame)."""
    bounds = _bounds(frames)
    first = _frame_svg(frames[0], bounds, title)
    head = first.split("\n", 1)[0]
    n = len(frames)
    total = n / fps
    out = [head]
    for i, f in enumerate(frames):
        body = _inner(_frame_svg(f, bounds, f"{title} — t = {f.time:.2f} s"))
        a, b = i / n, (i + 1) / n
        if i == 0:
            values, times = "1;0", f"0;{b:.6f}"
        elif i == n - 1:
            values, times = "0;1", f"0;{a:.6f}"
        else:
            values, times = "0;1;0", f"0;{a:.6f};{b:.6f}"
        out.append(f'<g opacity="{1 if i == 0 else 0}">'
                   f'<animate attributeName="opacity" calcMode="discrete" values="{values}" keyTimes="{times}" '
                   f'dur="{total:.3f}s" repeatCount="indefinite"/>\n{body}\n</g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def strip_svg(frames: list[Frame], title: str, count: int = 5, gap: float = 24.0) -> str:
    """``count`` frames evenly chosen from the transition, side by side, each labelled with its time."""
    # Drop the held copies: keep the distinct moments, in order.
    distinct = [f for k, f in enumerate(frames) if k == 0 or f is not frames[k - 1]]
    if count > 1:
        picks = [distinct[round(k * (len(distinct) - 1) / (count - 1))] for k in range(count)]
    else:
        picks = distinct[:1]
    bounds = _bounds(picks)
    svgs = [_frame_svg(f, bounds, f"t = {f.time:.2f} s") for f in picks]
    # Each frame's own viewBox: "x y w h" from its header.
    head = svgs[0].split("\n", 1)[0]
    vb = head.split('viewBox="', 1)[1].split('"', 1)[0]
    x, y, w, h = (float(v) for v in vb.split())
    total_w = count * w + (count - 1) * gap
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -30 {total_w:.2f} {h + 30:.2f}" '
           f'width="{total_w:.2f}" height="{h + 30:.2f}" font-family="Helvetica, Arial, sans-serif">',
           f'<rect x="0" y="-30" width="{total_w:.2f}" height="{h + 30:.2f}" fill="#ffffff"/>',
           f'<text x="4" y="-10" font-size="18" fill="#333">{escape(title)}</text>']
    for k, svg in enumerate(svgs):
        out.append(f'<g transform="translate({k * (w + gap) - x:.2f} {-y:.2f})">\n{_inner(svg)}\n</g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
