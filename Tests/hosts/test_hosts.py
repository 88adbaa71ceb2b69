#!/usr/bin/env python3
"""The example hosts tested as a person uses them (make test-hosts).

GTK and Tk: each host starts in a real window on an Xvfb display with its clock driven by this
script (`step DT` on its stdin; no wall clock), real X input (xdotool keys, wheel and clicks),
and screenshots of the real screen (xwd) at set moments, mid-animation included. Every
screenshot is checked against the elements the host drew at that moment (hostcheck.py) and kept
in build/host-shots/ with the host's dump. Where a layout has a closed form (the grid) the dumped
frames are also recomputed independently with the Python bindings.

Terminal: the program runs in tmux (send-keys in, capture-pane out); every screen is compared with
the cell positions the Python bindings compute for the same grid and Cover Flow.

    python3 Tests/hosts/test_hosts.py [gtk] [tk] [terminal]
"""

from __future__ import annotations

import json
import math
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostcheck as hc  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "host-shots"
FAILURES: list[str] = []


def fail(msg: str) -> None:
    FAILURES.append(msg)
    print("  FAIL", msg)


class Host:
    """A host process driven through its stdin, answering on its stdout."""

    def __init__(self, argv: list[str], env: dict[str, str], name: str) -> None:
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=env, text=True, bufsize=1)
        self.lines: list[str] = []
        self.expect("started", 30)

    def read_line(self, timeout: float) -> str:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise hc.HostTestError(f"{self.name}: no answer within {timeout} s")
            r, _, _ = select.select([self.proc.stdout], [], [], left)
            if r:
                line = self.proc.stdout.readline()
                if not line:
                    err = self.proc.stderr.read() if self.proc.stderr else ""
                    raise hc.HostTestError(f"{self.name} exited: {err[-2000:]}")
                return line.strip()

    def expect(self, prefix: str, timeout: float = 20) -> str:
        while True:
            line = self.read_line(timeout)
            if line.startswith(prefix):
                return line
            self.lines.append(line)

    def send(self, cmd: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def step(self, dt: float) -> None:
        self.send(f"step {dt}")
        self.expect("ok")

    def status(self) -> dict[str, str]:
        self.send("status")
        line = self.expect("status")
        return dict(kv.split("=", 1) for kv in line.split()[1:])

    def wait_for(self, key: str, value: int, timeout: float = 10) -> dict[str, str]:
        """Polls until the host has handled `value` input events of kind `key` (X input arrives
        on its own channel)."""
        deadline = time.monotonic() + timeout
        while True:
            st = self.status()
            if int(st[key]) >= value:
                return st
            if time.monotonic() > deadline:
                raise hc.HostTestError(f"{self.name}: {key}={st[key]}, expected {value} (X input not delivered)")
            time.sleep(0.05)

    def shot(self, name: str) -> dict[str, Any]:
        self.send(f"shot {name}")
        self.expect(f"ready {name}", 30)
        with open(SHOTS / self.name / f"{name}.json") as f:
            dump: dict[str, Any] = json.load(f)
        return dump

    def quit(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.proc.kill()


def widget_origin(dump: dict[str, Any], win: tuple[int, int]) -> tuple[int, int]:
    """The widget's top-left on the screen when `dump` was drawn: GTK dumps it in the window (it
    moves when a scrollbar comes or goes: the vertical one is on the left in right-to-left), Tk on
    the screen."""
    if "widget_origin_on_screen" in dump:
        x, y = dump["widget_origin_on_screen"]
        return (int(x), int(y))
    ox, oy = dump.get("widget_origin_in_window", (0, 0))
    return (win[0] + int(ox), win[1] + int(oy))


def check_shot(display: hc.Display, host: Host, dump: dict[str, Any], win: tuple[int, int],
               min_cells: int = 3) -> hc.Image:
    img = hc.screenshot(display)
    origin = widget_origin(dump, win)
    bw, bh = (int(v) for v in dump["bounds"])
    res = hc.check_pixels(img, dump, origin)
    if res.failures:
        # The host answered once its frame was painted; on a loaded machine the X server may show
        # it a moment later. A second look after half a second decides (a wrong frame stays wrong).
        time.sleep(0.5)
        img = hc.screenshot(display)
        res = hc.check_pixels(img, dump, origin)
    img.crop(origin[0], origin[1], bw, bh).save_png(str(SHOTS / host.name / f"{dump['name']}.png"))
    print(f"  {host.name} {dump['name']}: layout {dump['layout']}, {len(dump['elements'])} elements drawn, "
          f"{res.cells_checked} probe points and {res.background_checked} background points checked")
    for f in res.failures[:8]:
        fail(f"{host.name} {dump['name']}: {f}")
    if len(res.failures) > 8:
        fail(f"{host.name} {dump['name']}: {len(res.failures) - 8} more pixel failures")
    if res.cells_checked < min_cells:
        fail(f"{host.name} {dump['name']}: only {res.cells_checked} cell centres could be checked")
    return img.crop(origin[0], origin[1], bw, bh)


def check_mid(host: Host, name: str, before: hc.Image, mid: hc.Image, after: hc.Image) -> None:
    d0, d1 = hc.differing_pixels(before, mid), hc.differing_pixels(mid, after)
    print(f"  {host.name} {name}: mid-animation differs from the start in {d0} pixels, from the end in {d1}")
    if d0 < 500 or d1 < 500:
        fail(f"{host.name} {name}: the mid-animation screenshot does not differ from both ends ({d0}, {d1} pixels)")


def check_grid_frames(host: Host, dump: dict[str, Any], columns: int, aspect: float, spacing: float,
                      inset: float, header: float) -> None:
    """The grid's frames recomputed with the Python bindings for the dumped counts and offset: the
    exact left-to-right frames, snapped here to the host's display scale s (each edge to the
    nearest 1/s, a tie up) and in right-to-left mirrored here, x' = W - x - width with
    W = max(content width, bounds width), snapped too (docs/alignment-direction-snapping.md, S1,
    Q4 and R1), so the test takes neither the library's snapping nor its mirror on trust."""
    os.environ.setdefault("CVLAYOUT_LIBRARY", str(ROOT / "build" / "lib" / "libcvlayout.so"))
    sys.path.insert(0, str(ROOT / "bindings" / "python"))
    import cvlayout
    layout = cvlayout.GridLayout(columns=columns, item_aspect=aspect, interitem_spacing=spacing,
                                 intergroup_spacing=spacing, content_insets=(inset, inset, inset, inset),
                                 header_height=header)
    scale = float(dump.get("display_scale", 0))

    def snap(v: float) -> float:
        return math.floor(v * scale + 0.5) / scale if scale else v

    def snapped(f: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = snap(f[0]), snap(f[1]), snap(f[0] + f[2]), snap(f[1] + f[3])
        return (x0, y0, x1 - x0, y1 - y0)

    # The grid scrolls vertically: the left-to-right offset's x is 0 whatever the direction.
    with cvlayout.CollectionView(layout, counts=dump["counts"], bounds_size=tuple(dump["bounds"]),
                                 content_offset=(0.0, dump["offset"][1])) as view:
        cat = {"cell": 0, "supplementary": 1, "decoration": 2}
        big_w = snap(max(view.content_size[0], view.bounds_size[0]))
        want = []
        for a in view.visible_attributes():
            x, y, w, h = snapped(a.frame)
            if not (y + h > dump["offset"][1] and y < dump["offset"][1] + dump["bounds"][1]):
                continue  # outside the visible rect once snapped
            want.append((cat[a.category], a.index_path[0], a.index_path[1],
                         (big_w - x - w, y, w, h) if dump["rtl"] else (x, y, w, h)))
        want.sort()
    got = sorted((e["category"], e["section"], e["item"], tuple(e["frame"]))
                 for e in dump["elements"])
    same = len(got) == len(want) and all(g[:3] == w[:3] and all(abs(p - q) <= 1e-9 for p, q in zip(g[3], w[3]))
                                         for g, w in zip(got, want))
    if not same:
        fail(f"{host.name} {dump['name']}: drawn grid frames differ from the library's ({len(got)} vs {len(want)})")
    else:
        print(f"  {host.name} {dump['name']}: {len(got)} frames equal the bindings' grid")


def window_origin(display: hc.Display, title: str) -> tuple[int, int, str]:
    wid = hc.xdotool(display, "search", "--sync", "--name", title).split()[0]
    geo = hc.xdotool(display, "getwindowgeometry", "--shell", wid)
    vals = dict(line.split("=", 1) for line in geo.split())
    return int(vals["X"]), int(vals["Y"]), wid


# ---- GTK and Tk: one scenario, two toolkits ------------------------------------------------------
def start_window_host(display: hc.Display, name: str, argv: list[str], title: str,
                      env: dict[str, str] | None = None) -> tuple[Host, str, dict[str, Any], tuple[int, int]]:
    """Starts a host in script mode; returns it, its window, its first shot (checked) and the
    window's origin on the screen."""
    out = SHOTS / name
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*"):
        old.unlink()
    host = Host(argv + ["--script", "--out", str(out)], {**display.env(), **(env or {})}, name)
    try:
        wx, wy, wid = window_origin(display, title)
        host.step(0.016)
        top = host.shot("start")
        check_shot(display, host, top, (wx, wy))
    except BaseException:
        host.quit()
        raise
    return host, wid, top, (wx, wy)


def run_rtl_host(display: hc.Display, name: str, argv: list[str], title: str, env: dict[str, str]) -> None:
    """Right-to-left as a person gets it (the locale, or the host's --rtl): the library mirrors, the
    host draws what it is given. Checked: the first cell at the right edge (pixels), the grid's
    frames against the left-to-right ones mirrored by hand, a click hit-tested through the mirror,
    Cover Flow's covers in right-to-left order with item 0 at the right end of the content."""
    host, wid, top, win = start_window_host(display, name, argv, title, env)
    try:
        origin = widget_origin(top, win)
        bw, bh = top["bounds"]
        if top.get("rtl") is not True:
            fail(f"{name}: the host did not take right-to-left from {env or argv} (dump rtl={top.get('rtl')})")
        first = [e for e in top["elements"] if e["category"] == 0 and e["section"] == 0 and e["item"] == 0]
        if not first:
            raise hc.HostTestError(f"{name}: item 0 is not drawn at the start")
        fx, fy, fw, fh = first[0]["frame"]
        right = fx + fw - top["offset"][0]
        # The flow's section inset is 8 points: item 0's right edge is 8 points from the widget's.
        if abs(right - (bw - 8)) > 1e-9:
            fail(f"{name}: item 0's right edge is drawn at {right}, expected {bw - 8} (right-to-left)")
        img = hc.screenshot(display)
        y = int(origin[1] + fy - top["offset"][1] + fh - 10)
        inside_px = img.pixel(int(origin[0] + right - 3), y)
        outside_px = img.pixel(int(origin[0] + right + 4), y)
        want = hc.id_colour(first[0]["id"])
        if not hc.close(inside_px, want, 10) or not hc.close(outside_px, hc.BACKGROUND, 6):
            fail(f"{name}: at item 0's right edge the pixels are {inside_px} inside (expected {want}) and "
                 f"{outside_px} outside (expected the background)")
        else:
            print(f"  {name}: item 0 drawn at the right edge (its colour 3 px inside, background 4 px outside)")
        hc.xdotool(display, "mousemove", str(origin[0] + int(bw) // 2), str(origin[1] + int(bh) // 2))
        hc.xdotool(display, "windowfocus", "--sync", wid)
        hc.xdotool(display, "key", "3")
        host.wait_for("keys", 1)
        host.step(0.7)
        grid = host.shot("grid")
        check_shot(display, host, grid, win)
        check_grid_frames(host, grid, columns=5, aspect=0.75, spacing=8, inset=8, header=28)
        cells = [e for e in grid["elements"] if e["category"] == 0 and not e["disappearing"]]
        first_cell = min(cells, key=lambda e: (e["section"], e["item"]))
        row0 = sorted((e for e in cells if e["section"] == first_cell["section"]
                       and e["frame"][1] == first_cell["frame"][1]), key=lambda e: e["item"])
        xs = [e["frame"][0] for e in row0]
        if len(xs) < 2 or xs != sorted(xs, reverse=True) or row0[0]["frame"][0] + row0[0]["frame"][2] != bw - 8:
            fail(f"{name}: the grid's first visible row is not laid out right to left from the right inset: "
                 f"x = {xs} in {bw}")
        # A click on the row's second cell from the right hits it: the point goes through the mirror.
        target = row0[1]
        cx, cy = hc.drawn_centre(target, tuple(grid["offset"]))
        origin = widget_origin(grid, win)
        hc.xdotool(display, "mousemove", str(origin[0] + int(cx)), str(origin[1] + int(cy) + 15), "click", "1")
        hit = host.expect("hit")
        if hit.split()[1:2] != ["yes"] or int(hit.split()[4]) != target["id"]:
            fail(f"{name}: click on item {target['item']} (id {target['id']}) answered {hit!r}")
        else:
            print(f"  {name}: click at ({int(cx)}, {int(cy) + 15}) hit item {target['item']} through the mirror")
        hc.xdotool(display, "key", "4")
        host.wait_for("keys", 2)
        host.step(0.7)
        host.step(0.4)  # the switch has ended; the host glides to the cover the layout snaps to
        cover = host.shot("cover")
        check_shot(display, host, cover, win)
        cells = sorted((e for e in cover["elements"] if e["category"] == 0 and not e["disappearing"]),
                       key=lambda e: (e["section"], e["item"]))
        centres = [e["center"][0] for e in cells]
        if len(cells) < 3 or centres != sorted(centres, reverse=True):
            fail(f"{name}: Cover Flow's covers are not right to left: items "
                 f"{[(e['section'], e['item']) for e in cells]} at x {centres}")
        # Item 0's cover is at the right end of the content (the layout's leading end).
        with_0 = [e for e in cells if e["section"] == 0 and e["item"] == 0]
        cw = max(cover["content_size"][0], cover["bounds"][0])
        if with_0 and abs(with_0[0]["frame"][0] + with_0[0]["frame"][2] - cw) > cw / 2:
            fail(f"{name}: Cover Flow's item 0 is at x {with_0[0]['frame'][0]} in a content {cw} wide")
        print(f"  {name}: Cover Flow right to left, {len(cells)} covers, offset {cover['offset']}")
    finally:
        host.quit()


LTR_LOCALE = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def run_window_host(display: hc.Display, name: str, argv: list[str], title: str) -> None:
    host, wid, top, win = start_window_host(display, name, argv, title, LTR_LOCALE)
    try:
        origin = widget_origin(top, win)
        if top.get("rtl") is not False:
            fail(f"{name}: a left-to-right locale gave rtl={top.get('rtl')}")
        bw, bh = top["bounds"]
        hc.xdotool(display, "mousemove", str(origin[0] + int(bw) // 2), str(origin[1] + int(bh) // 2))
        hc.xdotool(display, "windowfocus", "--sync", wid)
        keys = 0

        def key(*names: str) -> None:
            nonlocal keys
            for k in names:
                hc.xdotool(display, "key", k)
            keys += len(names)
            host.wait_for("keys", keys)

        # Self-sizing: every cell drawn was measured (its caption's width), none left at the estimate.
        widths = [e["size"][0] for e in top["elements"] if e["category"] == 0]
        if top.get("unmeasured_visible") != 0 or any(w < 90 for w in widths) or len(set(widths)) < 3:
            fail(f"{name}: flow cells not measured ({top.get('unmeasured_visible')} left; widths "
                 f"{sorted(set(widths))})")
        model = [list(range(1 + s * 1000, 1 + (s + 1) * 1000)) for s in range(100)]

        def first_visible(dump: dict[str, Any]) -> tuple[int, int]:
            return min((e["section"], e["item"]) for e in dump["elements"] if e["category"] == 0
                       and not e["disappearing"])

        def check_ids(dump: dict[str, Any]) -> None:
            wrong = [e for e in dump["elements"] if e["category"] == 0 and not e["disappearing"]
                     and e["id"] != model[e["section"]][e["item"]]]
            if wrong or dump["counts"] != [len(s) for s in model]:
                fail(f"{name} {dump['name']}: {len(wrong)} cells carry another item than the edited model's")

        key("Page_Down", "Page_Down")
        host.step(0.016)
        scrolled = host.shot("scrolled")
        if scrolled["offset"][1] <= top["offset"][1] + 500:
            fail(f"{name}: Page Down twice scrolled only to {scrolled['offset']}")
        img_flow = check_shot(display, host, scrolled, win)

        key("3")  # grid, animated 0.6 s
        host.step(0.3)
        mid = host.shot("switch-mid")
        img_mid = check_shot(display, host, mid, win, min_cells=0)
        host.step(0.4)
        grid = host.shot("grid")
        img_grid = check_shot(display, host, grid, win)
        check_mid(host, "flow -> grid", img_flow, img_mid, img_grid)
        check_grid_frames(host, grid, columns=5, aspect=0.75, spacing=8, inset=8, header=28)

        s0, i0 = first_visible(grid)
        model[s0].insert(i0 + 1, 100001)
        key("i")  # insert after the first visible cell, animated 0.4 s
        host.step(0.2)
        ins_mid = host.shot("insert-mid")
        img_ins_mid = check_shot(display, host, ins_mid, win, min_cells=0)
        host.step(0.3)
        inserted = host.shot("inserted")
        img_ins = check_shot(display, host, inserted, win)
        check_mid(host, "insert", img_grid, img_ins_mid, img_ins)
        if sum(inserted["counts"]) != sum(grid["counts"]) + 1:
            fail(f"{name}: insert: {sum(inserted['counts'])} items, expected {sum(grid['counts']) + 1}")
        check_grid_frames(host, inserted, columns=5, aspect=0.75, spacing=8, inset=8, header=28)
        check_ids(inserted)
        s0, i0 = first_visible(inserted)
        del model[s0][i0 + 1]

        key("d")
        host.step(0.2)
        del_mid = host.shot("delete-mid")
        if not any(e["disappearing"] for e in del_mid["elements"]):
            fail(f"{name}: no disappearing element drawn mid-delete")
        check_shot(display, host, del_mid, win, min_cells=0)
        host.step(0.3)
        deleted = host.shot("deleted")
        check_shot(display, host, deleted, win)
        if sum(deleted["counts"]) != sum(grid["counts"]):
            fail(f"{name}: delete: {sum(deleted['counts'])} items, expected {sum(grid['counts'])}")
        check_ids(deleted)
        s0, i0 = first_visible(deleted)
        model[s0].insert(i0 + 3, model[s0].pop(i0))
        key("m")  # move the first visible cell three places on
        host.step(0.2)
        move_mid = host.shot("move-mid")
        check_shot(display, host, move_mid, win, min_cells=0)
        host.step(0.3)
        moved_dump = host.shot("moved")
        check_shot(display, host, moved_dump, win)
        check_ids(moved_dump)
        check_grid_frames(host, moved_dump, columns=5, aspect=0.75, spacing=8, inset=8, header=28)

        key("4")  # Cover Flow
        host.step(0.7)
        cover = host.shot("cover")
        check_shot(display, host, cover, win)
        host.step(0.4)  # the switch has ended: the host glides to the cover the layout snaps to
        rest = host.shot("cover-rest")
        check_shot(display, host, rest, win)
        rest_x = rest["offset"][0] + rest["bounds"][0] / 2
        if min(abs(e["center"][0] - rest_x) for e in rest["elements"] if e["category"] == 0) > 0.5:
            fail(f"{name}: after the switch Cover Flow did not come to rest on a cover (offset {rest['offset']})")
        # A scroll gesture: three wheel notches, then the clock runs past the idle delay.
        for _ in range(3):
            hc.xdotool(display, "click", "5")
        host.wait_for("scrolls", 3)
        host.step(0.05)
        moved = host.status()
        host.step(0.2)
        host.step(0.4)
        snapped = host.shot("cover-snapped")
        img_snapped = check_shot(display, host, snapped, win)
        centre_x = snapped["offset"][0] + snapped["bounds"][0] / 2
        cells = [e for e in snapped["elements"] if e["category"] == 0]
        nearest = min(cells, key=lambda e: abs(e["center"][0] - centre_x))
        if abs(nearest["center"][0] - centre_x) > 0.5:
            fail(f"{name}: Cover Flow did not snap: centre {centre_x}, nearest cover at {nearest['center'][0]} "
                 f"(offset {cover['offset']} -> {moved['offset']} -> {snapped['offset']})")
        if float(moved["offset"].split(",")[0]) == snapped["offset"][0]:
            fail(f"{name}: snapping did not move the offset ({moved['offset']})")
        # A click on the centred cover hits it (its frame is zoomed by the transform).
        sw, sh = (int(v) for v in snapped["bounds"])
        origin = widget_origin(snapped, win)
        hc.xdotool(display, "mousemove", str(origin[0] + sw // 2), str(origin[1] + sh // 2), "click", "1")
        hit = host.expect("hit")
        if hit.split()[1:2] != ["yes"] or int(hit.split()[4]) != nearest["id"]:
            fail(f"{name}: click on the centred cover (id {nearest['id']}) answered {hit!r}")
        else:
            print(f"  {name}: click on the centred cover hit id {nearest['id']}")
        # A click where the centred cover is drawn (zoomed by its transform) but outside its frame,
        # over the next cover's frame: the transform decides.
        px, py = sw // 2 + 100, sh // 2
        els = [e for e in snapped["elements"] if not e["hidden"] and e["alpha"] > 0]
        off = (snapped["offset"][0], snapped["offset"][1])
        holding = [e for e in els if hc.inside(hc.drawn_quad(e, off), px, py, -3.0)]
        fx, fw = nearest["frame"][0] - off[0], nearest["frame"][2]
        if not holding or holding[-1]["id"] != nearest["id"] or fx <= px <= fx + fw:
            fail(f"{name}: the probe point ({px}, {py}) does not test the centred cover's transform")
        hc.xdotool(display, "mousemove", str(origin[0] + px), str(origin[1] + py), "click", "1")
        hit = host.expect("hit")
        if hit.split()[1:2] != ["yes"] or int(hit.split()[4]) != nearest["id"]:
            fail(f"{name}: click at ({px}, {py}), on the zoomed centre cover {nearest['id']} outside its frame, "
                 f"answered {hit!r}")
        else:
            print(f"  {name}: click outside the centre cover's frame but on its zoomed drawing hit it")

        key("5")  # circle
        host.step(0.3)
        circ_mid = host.shot("circle-mid")
        img_cm = check_shot(display, host, circ_mid, win, min_cells=0)
        host.step(0.4)
        circle = host.shot("circle")
        img_c = check_shot(display, host, circle, win)
        if not any(abs(e["transform"][1]) > 0.1 for e in circle["elements"]):
            fail(f"{name}: no rotated item in the circle")
        check_mid(host, "cover flow -> circle", img_snapped, img_cm, img_c)
    finally:
        host.quit()


def test_gtk(display: hc.Display) -> None:
    exe = ROOT / "build" / "examples" / "gtk-photo-grid"
    if not exe.exists():
        raise hc.HostTestError(f"{exe} is missing: `make examples` builds it (needs libgtk-4-dev)")
    print("GTK 4 host")
    run_window_host(display, "gtk", [str(exe)], "cvlayout GTK photo grid")
    # Right-to-left from the locale: GTK reads the text direction of the user's language at start-up
    # (LANGUAGE=he: GTK's own Hebrew translation says "default:RTL"); and from the host's option.
    run_rtl_host(display, "gtk-rtl-locale", [str(exe)], "cvlayout GTK photo grid",
                 {"LANG": "C.UTF-8", "LANGUAGE": "he", "LC_ALL": ""})
    run_rtl_host(display, "gtk-rtl", [str(exe), "--rtl"], "cvlayout GTK photo grid", {})


def test_tk(display: hc.Display) -> None:
    try:
        import tkinter  # noqa: F401
    except ImportError as exc:
        raise hc.HostTestError(f"tkinter is not installed (Debian package python3-tk): {exc}") from None
    print("Tk host")
    env_lib = str(ROOT / "build" / "lib" / "libcvlayout.so")
    argv = [sys.executable, str(ROOT / "examples" / "tk" / "photo_grid.py")]
    os.environ["CVLAYOUT_LIBRARY"] = env_lib
    os.environ["PYTHONPATH"] = str(ROOT / "bindings" / "python")
    run_window_host(display, "tk", argv, "cvlayout Tk photo grid")
    # Tk has no text direction: the host reads the user's language (LANG=he_IL.UTF-8), or --rtl.
    run_rtl_host(display, "tk-rtl-locale", argv, "cvlayout Tk photo grid",
                 {"LANG": "he_IL.UTF-8", "LANGUAGE": "", "LC_ALL": ""})
    run_rtl_host(display, "tk-rtl", argv + ["--rtl"], "cvlayout Tk photo grid", {})


def main() -> int:
    which = sys.argv[1:] or ["gtk", "tk", "terminal"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        if "gtk" in which or "tk" in which:
            with hc.Display() as display:
                if "gtk" in which:
                    test_gtk(display)
                if "tk" in which:
                    test_tk(display)
        if "terminal" in which:
            import test_terminal
            FAILURES.extend(test_terminal.run(ROOT, SHOTS / "terminal"))
    except hc.HostTestError as exc:
        FAILURES.append(str(exc))
    if FAILURES:
        print(f"host tests FAILED ({len(FAILURES)}):")
        for f in FAILURES:
            print("  " + f)
        return 1
    print(f"host tests passed; screenshots and dumps in {SHOTS.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
