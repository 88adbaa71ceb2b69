#!/usr/bin/env python3
"""A Tk host for cvlayout (Python standard library + the cvlayout package): the photo grid of the
GTK example (100,000 items in 100 sections with headers) on a Canvas, with scrollbars, the mouse
wheel and keys, drawn from a pool of canvas items in the library's draw order.

Keys: 1-5 layouts (flow, waterfall, grid, Cover Flow, circle), i / d / m insert, delete, move,
Page Up/Down, arrows. A click selects the cell under the pointer. See examples/tk/README.md.

    PYTHONPATH=bindings/python python3 examples/tk/photo_grid.py [--script --out DIR] [--bench FILE]
"""

from __future__ import annotations

import json
import os
import re
import statistics
import struct
import sys
import time
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Any

import cvlayout

SECTIONS, ITEMS_PER_SECTION = 100, 1000
SECTION_ID_BASE = 1_000_000_000
HEADER_HEIGHT = 28.0
WHEEL_STEP = 60.0
SNAP_IDLE = 0.15
MEASURE_MARGIN = 200.0
BACKGROUND = (24, 24, 28)
HEADER = (230, 230, 230)
LAYOUTS = ("flow", "waterfall", "grid", "cover_flow", "circle")
CAPTIONS = ("", " sea", " old harbour", " a very long caption", " dunes at dusk")
CELL = int(cvlayout.Category.CELL)
# The library's records (cvl_attributes, the bulk query's answer) read as flat tuples with struct
# (no numpy): ATTRIBUTES_FORMAT unpacks a whole record, AttributesField names each field's position.
RECORD, F = cvlayout.ATTRIBUTES_FORMAT, cvlayout.AttributesField


def fields_reader(*positions: int) -> struct.Struct:
    """A struct reading only the fields at `positions` (AttributesField's, in record order) of a
    record and skipping the others as pad bytes: the draw loop unpacks what it uses into locals."""
    assert list(positions) == sorted(positions) and not set(RECORD.format) & set("spP")
    codes = [code for n, code in re.findall(r"(\d*)([a-zA-Z?])", RECORD.format) for _ in range(int(n or 1))]
    return struct.Struct(RECORD.format[0] + "".join(
        code if k in positions else f"{struct.calcsize(RECORD.format[0] + code)}x" for k, code in enumerate(codes)))


DRAWN = fields_reader(F.index_path_section, F.category, F.center_x, F.center_y, F.size_width, F.size_height,
                      F.transform_m11, F.transform_m12, F.transform_m14, F.transform_m21, F.transform_m22,
                      F.transform_m24, F.transform_m41, F.transform_m42, F.transform_m44, F.alpha, F.hidden,
                      F.custom_count, F.custom.start, F.has_identifier, F.identifier)
# Fill colours come from a palette of PALETTE_STEP-spaced levels per channel (15-bit colour: each
# channel at most 4 off), every one allocated once at start-up and kept: Tk asks the X server for
# each colour it has not got (a round trip) and frees it when no item uses it any more.
PALETTE_STEP = 8
CHANNEL_MAX = max(219, *HEADER)  # id_colour's channels are 60..219
TCL = r"""namespace eval ::cvlayout_tk {
    proc grow {w n font} {
        set made {}
        for {set i 0} {$i < $n} {incr i} {
            lappend made [$w create polygon 0 0 0 0 0 0 -state hidden -outline {}] \
                [$w create text 0 0 -anchor nw -state hidden -font $font -fill black]
        }
        return $made
    }
    proc apply {w coords fills shown hidden configs} {
        variable palette
        foreach {item xy} $coords { $w coords $item $xy }
        foreach {item i} $fills { $w itemconfigure $item -fill [lindex $palette $i] }
        foreach {item options} $configs { $w itemconfigure $item {*}$options }
        foreach {item i} $shown { $w itemconfigure $item -state normal -fill [lindex $palette $i] }
        foreach item $hidden { $w itemconfigure $item -state hidden }
    }
    proc keep {w names} {
        variable palette $names
        foreach {a b c d e f} $names {
            $w create polygon 0 0 0 0 0 0 -state hidden -fill $a -activefill $b -disabledfill $c \
                -outline $d -activeoutline $e -disabledoutline $f
        }
    }
}"""


def id_colour(identifier: int) -> tuple[int, int, int]:
    """A cell's colour is a function of its identifier (as in the GTK host)."""
    h = (identifier * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 29
    return (60 + (h & 0xFF) % 160, 60 + ((h >> 8) & 0xFF) % 160, 60 + ((h >> 16) & 0xFF) % 160)


def photo_size(identifier: int) -> tuple[float, float]:
    return (100.0, 60.0 + (identifier * 7919) % 101)


def hex_colour(rgb: tuple[float, float, float]) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(c))) for c in rgb)


class PhotoGrid:
    def __init__(self, root: tk.Tk, width: int, height: int, driven: bool, rtl: bool) -> None:
        self.root = root
        self.driven = driven
        next_id = 1
        self.sections: list[list[int]] = []
        for _ in range(SECTIONS):
            self.sections.append(list(range(next_id, next_id + ITEMS_PER_SECTION)))
            next_id += ITEMS_PER_SECTION
        self.next_id = next_id
        self.layouts = self._make_layouts()
        self.current = 0
        self.view = cvlayout.CollectionView(self.layouts[0], counts=[len(s) for s in self.sections])
        self.view.set_identifiers(self._snapshot())
        # Right-to-left is the library's: the view mirrors every layout (they all flip) and hands
        # out host coordinates, so frames, offsets and click points are the canvas's own and
        # nothing below mirrors. A new right-to-left view shows the right end of wide content.
        self.view.layout_direction = "rtl" if rtl else "ltr"
        # Canvas coordinates are device pixels: frames on whole pixels (edges rounded, neighbours
        # still sharing theirs), so no polygon edge falls between two pixels.
        self.view.display_scale = 1
        self.now = 0.0
        self.last_scroll = 0.0
        self.snap_pending = self.snapping = False
        self.settle = False  # a switch into Cover Flow: snap once its animation has ended
        self.snap_from = self.snap_to = (0.0, 0.0)
        self.snap_start = 0.0
        self.selected_id = 0
        self.keys = self.clicks = self.scrolls = 0
        self.records = cvlayout.AttributesBuffer(1024)  # the frame's query, reused every frame
        self.drawn, self.drawn_count = b"", 0  # the records last drawn
        self.query_ms = self.draw_ms = 0.0
        self.font = tkfont.Font(family="DejaVu Sans", size=-11)
        # The window: the canvas, two scrollbars.
        self.canvas = tk.Canvas(root, width=width, height=height, background=hex_colour(BACKGROUND),
                                highlightthickness=0, borderwidth=0)
        self.vbar = ttk.Scrollbar(root, orient="vertical", command=self._on_vbar)
        self.hbar = ttk.Scrollbar(root, orient="horizontal", command=self._on_hbar)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self.vbar.grid(row=0, column=1, sticky="ns")
        self.hbar.grid(row=1, column=0, sticky="ew")
        root.grid_rowconfigure(0, weight=1)
        root.grid_columnconfigure(0, weight=1)
        # The reuse pool: slot i draws the i-th element of the draw-order list. Items stack in
        # creation order, so the slots keep the draw order without any raise/lower.
        self.pool: list[tuple[int, int]] = []
        self.slot_state: list[tuple[Any, ...] | None] = []  # what the slot shows (None: hidden)
        self.slot_key: list[bytes] = []  # the record it was computed from
        self.view_key: tuple[float, float, int] | None = None  # the offset and selection it was drawn at
        self.canvas.tk.eval(TCL)
        # The palette, kept alive by hidden items (six colours each) of a canvas that is never shown.
        self.levels = int(CHANNEL_MAX / PALETTE_STEP + 0.5) + 1
        steps = [min(255, k * PALETTE_STEP) for k in range(self.levels)]
        self.palette = ["#%02x%02x%02x" % (r, g, b) for r in steps for g in steps for b in steps]
        self.keeper = tk.Canvas(root)
        self.keeper.tk.call("::cvlayout_tk::keep", str(self.keeper), self.palette)
        self.id_fill: dict[int, int] = {}  # a cell's opaque colour (its palette index) by identifier
        self.id_rgb: dict[int, tuple[float, ...]] = {}  # id_colour in palette steps, to blend
        self.header_fill = self.colour_index(HEADER)
        self.header_rgb = tuple(c / PALETTE_STEP for c in HEADER)
        self.canvas.bind("<Configure>", self._on_configure)
        root.bind("<Key>", self._on_key)
        self.canvas.bind("<Button-4>", lambda e: self.scroll_by(0, -WHEEL_STEP))
        self.canvas.bind("<Button-5>", lambda e: self.scroll_by(0, WHEEL_STEP))
        self.canvas.bind("<Shift-Button-4>", lambda e: self.scroll_by(-WHEEL_STEP, 0))
        self.canvas.bind("<Shift-Button-5>", lambda e: self.scroll_by(WHEEL_STEP, 0))
        self.canvas.bind("<MouseWheel>", lambda e: self.scroll_by(0, -WHEEL_STEP * e.delta / 120))
        self.canvas.bind("<Button-1>", self._on_click)
        self.view.bounds_size = (width, height)
        if not driven:
            self._tick()

    # ---- model and layouts ------------------------------------------------------------------------
    def _snapshot(self) -> list[tuple[int, list[int]]]:
        return [(SECTION_ID_BASE + s, ids) for s, ids in enumerate(self.sections)]

    def _make_layouts(self) -> list[cvlayout.BaseLayout]:
        flow_props: dict[str, Any] = dict(item_size=(110, 90), minimum_line_spacing=8, minimum_interitem_spacing=8,
                                          section_inset=(8, 8, 8, 8), header_reference_size=(0, HEADER_HEIGHT))
        flow = cvlayout.FlowLayout(estimated_item_size=(110, 90), **flow_props)
        flow_props["item_size"] = (100, 100)
        waterfall = cvlayout.WaterfallLayout(minimum_column_width=150, **flow_props)
        grid = cvlayout.GridLayout(columns=5, item_aspect=0.75, interitem_spacing=8, intergroup_spacing=8,
                                   content_insets=(8, 8, 8, 8), header_height=HEADER_HEIGHT)
        return [flow, waterfall, grid, cvlayout.CoverFlowLayout(), cvlayout.CircleLayout(item_size=(48, 48))]

    def _waterfall_sizes(self, section: int) -> None:
        layout = self.layouts[1]
        assert isinstance(layout, cvlayout.FlowLayout)
        layout.set_item_sizes(section, [photo_size(i) for i in self.sections[section]])

    def caption(self, identifier: int) -> str:
        return f"{identifier}{CAPTIONS[identifier % 5]}"

    # ---- scrolling -----------------------------------------------------------------------------------
    def _max_offset(self) -> tuple[float, float]:
        cw, ch = self.view.content_size
        bw, bh = self.view.bounds_size
        return (max(0.0, cw - bw), max(0.0, ch - bh))

    def set_offset(self, x: float, y: float) -> None:
        """Clamped to the content: the view itself takes any offset."""
        mx, my = self._max_offset()
        self.view.content_offset = (min(max(0.0, x), mx), min(max(0.0, y), my))

    def scroll_by(self, dx: float, dy: float) -> None:
        if LAYOUTS[self.current] == "cover_flow" and dx == 0:
            dx, dy = dy, 0.0  # one row of covers: the wheel scrolls sideways
        ox, oy = self.view.content_offset
        self.set_offset(ox + dx, oy + dy)
        self.last_scroll = self.now
        self.snap_pending = LAYOUTS[self.current] == "cover_flow"
        self.snapping = self.settle = False
        self.scrolls += 1
        self.redraw()

    def _on_vbar(self, *args: str) -> None:
        self._bar(args, 1)

    def _on_hbar(self, *args: str) -> None:
        self._bar(args, 0)

    def _bar(self, args: tuple[str, ...], axis: int) -> None:
        content = self.view.content_size[axis]
        bounds = self.view.bounds_size[axis]
        off = list(self.view.content_offset)
        if args[0] == "moveto":
            pos = float(args[1]) * content
            off[axis] = pos
        elif args[0] == "scroll":
            step = bounds * 0.9 if args[2] == "pages" else WHEEL_STEP
            off[axis] += int(args[1]) * step
        self.set_offset(off[0], off[1])
        self.redraw()

    def _update_bars(self) -> None:
        (cw, ch), (bw, bh) = self.view.content_size, self.view.bounds_size
        ox, oy = self.view.content_offset
        self.hbar.set(ox / cw if cw else 0, (ox + bw) / cw if cw > bw else 1)
        self.vbar.set(oy / ch if ch else 0, (oy + bh) / ch if ch > bh else 1)

    # ---- the frame loop ------------------------------------------------------------------------------
    def advance(self, t: float) -> None:
        self.now = t
        self.view.set_time(t)
        if self.settle and not self.view.is_animating:
            # A switch does not snap (UIKit asks only the form without velocity): rest on a cover now.
            self.settle, self.snap_pending, self.last_scroll = False, True, t - SNAP_IDLE
        if self.snap_pending and t - self.last_scroll >= SNAP_IDLE:
            off = self.view.content_offset
            target = self.view.target_content_offset(off)
            self.snap_from, self.snap_to = (off[0], off[1]), (target[0], target[1])
            self.snap_start, self.snap_pending, self.snapping = t, False, True
        if self.snapping:
            ease = cvlayout.Animation(duration=0.3)
            p = 1.0 if t - self.snap_start >= 0.3 else ease.progress(t - self.snap_start)
            (fx, fy), (tx, ty) = self.snap_from, self.snap_to
            self.view.content_offset = (fx + (tx - fx) * p, fy + (ty - fy) * p)
            self.snapping = p < 1.0
        self.redraw()

    def _tick(self) -> None:
        self.advance(time.monotonic())
        self.root.after(16, self._tick)

    def measure(self) -> None:
        """Self-sizing (flow): measure the captions of the cells about to be drawn."""
        if LAYOUTS[self.current] != "flow":
            return
        (ox, oy), (bw, bh) = self.view.content_offset, self.view.bounds_size
        rect = (ox - MEASURE_MARGIN, oy - MEASURE_MARGIN, bw + 2 * MEASURE_MARGIN, bh + 2 * MEASURE_MARGIN)
        todo = self.view.items_to_measure(rect)
        if todo:
            self.view.set_measured_sizes({
                (s, i): (max(90.0, self.font.measure(self.caption(self.sections[s][i])) + 16.0), 90.0)
                for s, i in todo})

    def redraw(self) -> None:
        t0 = time.perf_counter()
        self.measure()
        # The bulk query: the records themselves, into one buffer reused every frame, copied out
        # as bytes (no Python object per element; unpacked below only where a slot changed).
        count = self.view.raw_attributes(out=self.records, grow=True)
        data = bytes(self.records)
        t1 = time.perf_counter()
        self.draw(data, count)
        self._update_bars()
        self.drawn, self.drawn_count = data, count
        self.query_ms, self.draw_ms = (t1 - t0) * 1e3, (time.perf_counter() - t1) * 1e3

    def colour_index(self, rgb: tuple[float, float, float]) -> int:
        """The index of the palette's colour nearest `rgb`."""
        top, n = self.levels - 1, self.levels
        r, g, b = (min(top, max(0, int(c / PALETTE_STEP + 0.5))) for c in rgb)
        return (r * n + g) * n + b

    def draw(self, data: bytes, count: int) -> None:
        """Slot i of the pool draws record i of `data` (draw order); only what changed goes to Tk,
        in one Tcl call."""
        c = self.canvas
        call, w = c.tk.call, str(c)
        pool, keys, states = self.pool, self.slot_key, self.slot_state
        if len(pool) < count:  # new slots stack above the old ones: made in one Tcl call
            made = c.tk.splitlist(call("::cvlayout_tk::grow", w, count - len(pool), self.font))
            for k in range(0, len(made), 2):
                pool.append((int(made[k]), int(made[k + 1])))
                keys.append(b"")
                states.append(None)
        ox, oy = self.view.content_offset
        view_key = (ox, oy, self.selected_id)
        moved = view_key != self.view_key  # every slot is recomputed (its canvas position moved)
        self.view_key = view_key
        if not moved and data == self.drawn:
            return  # the frame drawn last: nothing changed (an idle tick of the frame loop)
        selected = self.selected_id
        size, unpack = RECORD.size, DRAWN.unpack
        n1, n2 = self.levels, self.levels * self.levels
        id_rgb, id_fill, header_fill, header_rgb = self.id_rgb, self.id_fill, self.header_fill, self.header_rgb
        br, bgg, bb = (v / PALETTE_STEP for v in BACKGROUND)
        coords: list[Any] = []   # item, coordinates, ...
        fills: list[int] = []    # item, palette index, ...
        shown: list[int] = []    # polygon, palette index, ...: polygons to show
        hidden: list[int] = []   # items to hide
        configs: list[Any] = []  # item, (option, value, ...), ...: the rest (outlines, captions)
        for slot in range(count):
            rec = data[slot * size:(slot + 1) * size]
            if not moved and rec == keys[slot]:
                continue  # the same element drawn at the same place: nothing to compute or configure
            keys[slot] = rec
            (section, category, cx, cy, sw, sh, m11, m12, m14, m21, m22, m24, m41, m42, m44, alpha, hide,
             n_custom, veil, has_id, ident) = unpack(rec)
            if hide or alpha <= 0.0:
                state = None
            else:
                if alpha > 1.0:
                    alpha = 1.0
                cell = category == CELL
                if not has_id:
                    ident = 0
                if cell and n_custom and veil > 0.0:
                    k = alpha * (1.0 - min(veil, 1.0))  # Cover Flow's masking value: a black veil
                else:
                    k = alpha
                if k >= 1.0:
                    fill = id_fill.get(ident, -1) if cell else header_fill
                    if fill < 0:
                        fill = id_fill[ident] = self.colour_index(id_colour(ident))
                else:
                    # Canvas items have no opacity: blend with the background (exact over the
                    # background, an approximation where elements overlap), to the palette's nearest.
                    if cell:
                        rgb = id_rgb.get(ident)
                        if rgb is None:
                            rgb = id_rgb[ident] = tuple(c / PALETTE_STEP for c in id_colour(ident))
                    else:
                        rgb = header_rgb
                    rest = 1.0 - alpha  # (0 <= each channel <= the palette's top: no clamping)
                    fill = (int(rgb[0] * k + br * rest + 0.5) * n2 + int(rgb[1] * k + bgg * rest + 0.5) * n1
                            + int(rgb[2] * k + bb * rest + 0.5))
                cx -= ox
                cy -= oy
                hw, hh = sw * 0.5, sh * 0.5
                plain = m11 == 1.0 and m22 == 1.0 and m44 == 1.0 and not (m12 or m14 or m21 or m24 or m41 or m42)
                if plain:
                    x0, y0, x1, y1 = cx - hw, cy - hh, cx + hw, cy + hh
                    pts: tuple[float, ...] = (x0, y0, x1, y0, x1, y1, x0, y1)
                else:
                    # The frame through the transform about the centre (row vectors, w divided;
                    # the frame's points have z = 0, so the third row plays no part).
                    ax, ay, bx, by = hw * m11, hw * m12, hh * m21, hh * m22
                    if m14 == 0.0 and m24 == 0.0 and m44 == 1.0:  # affine: nothing to divide
                        cx += m41
                        cy += m42
                        pts = (cx - ax - bx, cy - ay - by, cx + ax - bx, cy + ay - by,
                               cx + ax + bx, cy + ay + by, cx - ax + bx, cy - ay + by)
                    else:
                        aw, bw = hw * m14, hh * m24
                        w0, w1, w2, w3 = m44 - aw - bw, m44 + aw - bw, m44 + aw + bw, m44 - aw + bw
                        pts = ((m41 - ax - bx) / w0 + cx, (m42 - ay - by) / w0 + cy,
                               (m41 + ax - bx) / w1 + cx, (m42 + ay - by) / w1 + cy,
                               (m41 + ax + bx) / w2 + cx, (m42 + ay + by) / w2 + cy,
                               (m41 - ax + bx) / w3 + cx, (m42 - ay + by) / w3 + cy)
                label = None  # captions for cells neither rotated nor scaled only
                if sw >= 60 and sh >= 40 and alpha >= 0.5 and (plain or (abs(m12) < 1e-9 and abs(m14) < 1e-9
                                                                          and abs(m11 - 1) < 1e-9)):
                    label = self.caption(ident) if cell else f"Section {section + 1}"
                state = (pts, fill, "white" if cell and ident == selected else "", label,
                         (min(pts[0], pts[2], pts[4], pts[6]) + 6, pts[1] + 2) if label is not None else None)
            old = states[slot]
            if state == old:
                continue
            states[slot] = state
            poly, text = pool[slot]
            if state is None:
                if old is not None:
                    if old[2]:  # a hidden slot keeps no outline (it is shown again without one)
                        configs += (poly, ("-state", "hidden", "-outline", "", "-width", 1))
                    else:
                        hidden.append(poly)
                    if old[3] is not None:
                        hidden.append(text)
                continue
            pts, fill, outline, label, at = state
            if old is None:
                shown += (poly, fill)
                coords += (poly, pts)
                was = was_at = None
                if outline:
                    configs += (poly, ("-outline", outline, "-width", 3))
            else:
                if pts != old[0]:
                    coords += (poly, pts)
                if fill != old[1]:
                    fills += (poly, fill)
                if outline != old[2]:
                    configs += (poly, ("-outline", outline, "-width", 3 if outline else 1))
                was, was_at = old[3], old[4]
            if label is not None:
                if was is None:
                    coords += (text, at)
                    configs += (text, ("-state", "normal", "-text", label))
                else:
                    if at != was_at:
                        coords += (text, at)
                    if was != label:
                        configs += (text, ("-text", label))
            elif was is not None:
                hidden.append(text)
        for slot in range(count, len(pool)):
            old = states[slot]
            if old is not None:
                poly, text = pool[slot]
                if old[2]:
                    configs += (poly, ("-state", "hidden", "-outline", "", "-width", 1))
                else:
                    hidden.append(poly)
                if old[3] is not None:
                    hidden.append(text)
            states[slot], keys[slot] = None, b""
        if coords or fills or shown or hidden or configs:
            call("::cvlayout_tk::apply", w, coords, fills, shown, hidden, configs)

    # ---- input ---------------------------------------------------------------------------------------
    def _on_configure(self, event: tk.Event) -> None:
        self.view.bounds_size = (event.width, event.height)
        self.redraw()

    def switch_layout(self, which: int, animated: bool = True) -> None:
        if which == self.current:
            return
        if LAYOUTS[which] == "waterfall":
            for s in range(SECTIONS):
                self._waterfall_sizes(s)
        self.snap_pending = self.snapping = False
        self.settle = LAYOUTS[which] == "cover_flow"
        self.view.set_layout(self.layouts[which], cvlayout.Animation(duration=0.6) if animated else None)
        self.current = which
        self.redraw()

    def first_visible(self) -> tuple[int, int] | None:
        cells = [a.index_path for a in self.view.visible_attributes() if a.category == "cell" and not a.disappearing]
        return min(cells) if cells else None

    def edit(self, op: str) -> None:
        first = self.first_visible()
        if first is None:
            return
        s, i = first
        ids = self.sections[s]
        if op == "i":
            ids.insert(i + 1, self.next_id)
            self.next_id += 1
        elif op == "d" and len(ids) > i + 1:
            del ids[i + 1]
        elif op == "m" and len(ids) > i + 4:
            ids.insert(i + 3, ids.pop(i))
        else:
            return
        if LAYOUTS[self.current] == "waterfall":
            self._waterfall_sizes(s)  # the new sizes first, then the update
        self.view.apply_snapshot(self._snapshot(), animation=cvlayout.Animation(duration=0.4))
        if LAYOUTS[self.current] != "waterfall":
            self._waterfall_sizes(s)
        self.redraw()

    def _on_key(self, event: tk.Event) -> None:
        bw, bh = self.view.bounds_size
        actions = {"1": lambda: self.switch_layout(0), "2": lambda: self.switch_layout(1),
                   "3": lambda: self.switch_layout(2), "4": lambda: self.switch_layout(3),
                   "5": lambda: self.switch_layout(4), "i": lambda: self.edit("i"), "d": lambda: self.edit("d"),
                   "m": lambda: self.edit("m"), "Next": lambda: self.scroll_by(0, bh * 0.9),
                   "Prior": lambda: self.scroll_by(0, -bh * 0.9), "Down": lambda: self.scroll_by(0, WHEEL_STEP),
                   "Up": lambda: self.scroll_by(0, -WHEEL_STEP), "Right": lambda: self.scroll_by(bw * 0.5, 0),
                   "Left": lambda: self.scroll_by(-bw * 0.5, 0)}
        action = actions.get(event.keysym)
        if action:
            self.keys += 1
            action()

    def _on_click(self, event: tk.Event) -> None:
        self.canvas.focus_set()
        ox, oy = self.view.content_offset
        hit = self.view.index_path_at((event.x + ox, event.y + oy))
        self.clicks += 1
        self.selected_id = self.sections[hit[0]][hit[1]] if hit else 0
        print(f"hit {'yes' if hit else 'no'} {hit[0] if hit else -1} {hit[1] if hit else -1} {self.selected_id}",
              flush=True)
        self.redraw()


# ---- scripted mode: commands on stdin, a driven clock, dumps of what was drawn -----------------------
def dump(app: PhotoGrid, out_dir: str, name: str) -> None:
    v = app.view
    els = []
    for r in RECORD.iter_unpack(app.drawn):  # the records of the last frame drawn, as the library gave them
        cell = r[F.category] == CELL
        els.append({"category": r[F.category], "kind": r[F.kind], "section": r[F.index_path_section],
                    "item": r[F.index_path_item], "id": r[F.identifier] if r[F.has_identifier] else 0,
                    "center": list(r[F.center]), "size": list(r[F.size]), "frame": list(r[F.frame]),
                    "alpha": r[F.alpha], "z": r[F.z_index], "hidden": int(r[F.hidden] != 0),
                    "disappearing": int(r[F.disappearing] != 0),
                    "mask": r[F.custom.start] if cell and r[F.custom_count] else 0.0,
                    "transform": list(r[F.transform])})
    (ox, oy), (bw, bh) = v.content_offset, v.bounds_size
    try:  # visible cells still at their estimate (flow; other layouts measure nothing)
        unmeasured = len(v.items_to_measure((ox, oy, bw, bh)))
    except cvlayout.StateError:
        unmeasured = 0
    data = {"name": name, "host": "tk", "unmeasured_visible": unmeasured, "layout": LAYOUTS[app.current],
            "time": app.now, "rtl": v.layout_direction == "rtl", "display_scale": v.display_scale,
            "offset": list(v.content_offset), "bounds": list(v.bounds_size), "content_size": list(v.content_size),
            "widget_origin_on_screen": [app.canvas.winfo_rootx(), app.canvas.winfo_rooty()],
            "selected": app.selected_id, "counts": [len(s) for s in app.sections], "elements": els}
    with open(os.path.join(out_dir, f"{name}.json"), "w") as f:
        json.dump(data, f)


def command(app: PhotoGrid, out_dir: str, line: str) -> None:
    parts = line.split()
    if not parts:
        return
    if parts[0] == "step":
        app.advance(app.now + float(parts[1]))
        print("ok", flush=True)
    elif parts[0] == "shot":
        app.redraw()
        app.root.update_idletasks()
        app.root.update()
        dump(app, out_dir, parts[1])
        # Tk draws synchronously; give the X server a moment to show it.
        app.root.after(60, lambda: print(f"ready {parts[1]}", flush=True))
    elif parts[0] == "status":
        ox, oy = app.view.content_offset
        print(f"status keys={app.keys} clicks={app.clicks} scrolls={app.scrolls} layout={LAYOUTS[app.current]} "
              f"animating={int(app.view.is_animating)} snapping={int(app.snapping or app.snap_pending)} "
              f"offset={ox!r},{oy!r}", flush=True)
    elif parts[0] == "quit":
        app.root.destroy()
    else:
        print(f"error unknown command {line}", flush=True)


def bench(app: PhotoGrid, path: str) -> None:
    """Scrolls every layout for 120 frames, then times the frames of an animated switch into each
    layout (0.6 s every 1/60 s) from the one before it in the list, as the GTK host does."""
    head = ["| layout | elements/frame | query median | query p95 | draw median | draw p95 | frame median "
            "| frame p95 |", "|---|---|---|---|---|---|---|---|"]

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(len(xs) * 0.95)]

    def frame(q: list[float], d: list[float], tot: list[float]) -> int:
        """The query, the canvas items' update and Tk's redisplay of the canvas (idle tasks)."""
        app.redraw()
        t0 = time.perf_counter()
        app.root.update_idletasks()
        draw = app.draw_ms + (time.perf_counter() - t0) * 1e3
        q.append(app.query_ms)
        d.append(draw)
        tot.append(app.query_ms + draw)
        return app.drawn_count

    def row(name: str, n: int, q: list[float], d: list[float], tot: list[float]) -> str:
        return (f"| {name} | {n // len(q)} | {statistics.median(q):.3f} ms | {p95(q):.3f} ms | "
                f"{statistics.median(d):.3f} ms | {p95(d):.3f} ms | {statistics.median(tot):.3f} ms | "
                f"{p95(tot):.3f} ms |")

    rows = ["Scrolling (37 pixels a frame; the circle does not scroll):", ""] + head
    for which, name in enumerate(LAYOUTS):
        app.switch_layout(which, animated=False)
        q: list[float] = []
        d: list[float] = []
        tot: list[float] = []
        n = 0
        for k in range(120):
            step = k * 37.0
            vertical = name not in ("cover_flow", "circle")
            app.set_offset(step if name == "cover_flow" else 0.0, step if vertical else 0.0)
            n += frame(q, d, tot)
        rows.append(row(name, n, q, d, tot))
    rows += ["", "Animated switch into the layout (from the one above it; from the circle into the flow), "
             "0.6 s, every 1/60 s:", ""] + head
    clock = 0.0
    for which, name in enumerate(LAYOUTS):
        app.switch_layout((which - 1) % len(LAYOUTS), animated=False)
        app.set_offset(0.0, 0.0)
        app.view.set_time(clock)
        app.switch_layout(which)
        q, d, tot, n = [], [], [], 0
        for _ in range(36):
            clock += 1 / 60
            app.view.set_time(clock)
            n += frame(q, d, tot)
        clock += 1.0
        app.view.set_time(clock)
        rows.append(row(name, n, q, d, tot))
    with open(path, "w") as f:
        f.write("\n".join(rows) + "\n")
    app.root.destroy()


RTL_LANGUAGES = {"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"}


def locale_is_rtl() -> bool:
    """Whether the user's language is written right to left. Tk has no text direction of its own,
    so the host reads the locale as gettext would: LANGUAGE's first entry, else LC_ALL, LC_MESSAGES,
    LANG (`he_IL.UTF-8` -> `he`)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        lang = os.environ.get(var, "").split(":")[0].split("_")[0].split(".")[0].split("@")[0].lower()
        if lang:
            return lang in RTL_LANGUAGES
    return False


def main() -> int:
    args = sys.argv[1:]
    script, rtl = "--script" in args, "--rtl" in args or locale_is_rtl()
    out = args[args.index("--out") + 1] if "--out" in args else "."
    bench_file = args[args.index("--bench") + 1] if "--bench" in args else None
    root = tk.Tk()
    root.title("cvlayout Tk photo grid")
    root.geometry("820x620+0+0")
    app = PhotoGrid(root, 800, 600, driven=script or bench_file is not None, rtl=rtl)
    if bench_file:
        root.after(300, lambda: bench(app, bench_file))
    elif script:
        def readable(_f: object, _mask: int) -> None:
            line = sys.stdin.readline()
            if not line:
                root.destroy()
                return
            command(app, out, line.strip())
        root.tk.createfilehandler(sys.stdin, tk.READABLE, readable)
        root.update()
        print("started", flush=True)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
