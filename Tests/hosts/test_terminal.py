"""The terminal host in a real terminal: tmux runs it (driven clock: '.' moves it 0.1 s), send-keys
types, capture-pane reads the screen; every screen is compared with the cells the Python bindings
compute for the same layouts, counts, identifiers and offset (test_hosts.py runs it). The host
draws the library's frames at display scale 1 as they are (whole cells); the expected cells here
are the bindings' exact frames with each edge rounded to the nearest cell (ties up) and, in
right-to-left, mirrored by hand about the content width: the test does not take the library's
snapping or mirror on trust."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

COLS, ROWS = 60, 16


def _bindings(root: Path) -> Any:
    os.environ.setdefault("CVLAYOUT_LIBRARY", str(root / "build" / "lib" / "libcvlayout.so"))
    sys.path.insert(0, str(root / "bindings" / "python"))
    import cvlayout
    return cvlayout


class Model:
    """The host's data and layouts, rebuilt with the bindings."""

    def __init__(self, cvl: Any, rtl: bool = False) -> None:
        self.cvl = cvl
        self.rtl = rtl
        self.sections = [list(range(1 + s * 1000, 1 + (s + 1) * 1000)) for s in range(100)]
        self.grid = dict(columns=4, item_height=4, interitem_spacing=1, intergroup_spacing=1,
                         content_insets=(0, 1, 1, 1), header_height=1)

    def grid_view(self, offset: tuple[float, float]) -> Any:
        layout = self.cvl.GridLayout(**self.grid)
        return self.cvl.CollectionView(layout, counts=[len(s) for s in self.sections], bounds_size=(COLS, ROWS - 1),
                                       content_offset=offset)

    def cover_view(self, offset: tuple[float, float]) -> Any:
        """Cover Flow as the host has it (display scale 1, the host's direction): offset in host
        coordinates as the status line shows it."""
        layout = self.cvl.CoverFlowLayout(item_size=(16, 8), minimum_line_spacing=-5, minimum_interitem_spacing=100,
                                          active_distance=9, translate_distance=9, flow_offset=3.5)
        view = self.cvl.CollectionView(layout, counts=[len(s) for s in self.sections], bounds_size=(COLS, ROWS - 1))
        view.display_scale = 1
        view.layout_direction = "rtl" if self.rtl else "ltr"
        view.content_offset = offset
        return view


class Tmux:
    def __init__(self, argv: list[str]) -> None:
        self.name = f"cvlterm{os.getpid()}"
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(COLS), "-y", str(ROWS),
                        " ".join(argv)], check=True)

    def capture(self) -> list[str]:
        out = subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True,
                             check=True).stdout
        lines = out.split("\n")[:ROWS]
        return [line.ljust(COLS) for line in lines] + [" " * COLS] * (ROWS - len(lines))

    def keys(self, keys: str, expect_handled: int) -> list[str]:
        """Types `keys` and waits until the status line counts them (the program is its own process)."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", keys], check=True)
        deadline = time.monotonic() + 10
        while True:
            screen = self.capture()
            m = re.search(r"keys=(\d+)", screen[-1])
            if m and int(m.group(1)) >= expect_handled:
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"tmux: the program handled {m.group(1) if m else '?'} keys of {expect_handled}")
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def offset_of(screen: list[str]) -> tuple[float, float]:
    m = re.search(r"offset=([-\d.e+]+),([-\d.e+]+)", screen[-1])
    assert m, f"no offset on the status line: {screen[-1]!r}"
    return (float(m.group(1)), float(m.group(2)))


def edge(v: float) -> int:
    """The nearest cell boundary (a tie goes up, as the library's snapping: Yoga's rule)."""
    return int((v + 0.5) // 1)


def check_grid(model: Model, screen: list[str], what: str, failures: list[str]) -> int:
    ox, oy = offset_of(screen)
    if ox != int(ox) or oy != int(oy):
        failures.append(f"terminal {what}: offset {ox},{oy} is not whole cells")
    checked = 0
    # The grid scrolls vertically: its content is as wide as the terminal, the mirror's axis.
    with model.grid_view((0.0, oy)) as view:
        for a in view.visible_attributes():
            left, right = edge(a.frame[0]), edge(a.frame[0] + a.frame[2])
            if model.rtl:
                left, right = COLS - right, COLS - left
            x0, y0 = left - int(ox), edge(a.frame[1]) - int(oy)
            x1 = right - int(ox) - 1
            if a.category != "cell":
                if 0 <= y0 < ROWS - 1 and screen[y0][max(0, x0):x1].strip("= ").startswith("Section") is False:
                    failures.append(f"terminal {what}: no header row at y={y0}: {screen[y0]!r}")
                continue
            y1 = edge(a.frame[1] + a.frame[3]) - int(oy) - 1
            if x0 < 0 or y0 < 0 or x1 >= COLS or y1 >= ROWS - 1:
                continue
            label = str(model.sections[a.index_path[0]][a.index_path[1]])
            corner, text = screen[y0][x0], screen[y0 + 1][x0 + 1:x0 + 1 + len(label)]
            if corner != "+" or screen[y1][x1] != "+" or text != label:
                failures.append(f"terminal {what}: cell {a.index_path} expected at ({x0}, {y0}) with {label!r}; "
                                f"screen has {corner!r} and {text!r}")
            checked += 1
    print(f"  terminal{' rtl' if model.rtl else ''} {what}: offset {ox:g},{oy:g}: {checked} cells at their places")
    if checked < 4:
        failures.append(f"terminal {what}: only {checked} cells checked")
    return checked


def run(root: Path, out: Path) -> list[str]:
    failures: list[str] = []
    if shutil.which("tmux") is None:
        return ["tmux is not installed (Debian package tmux; scripts/install-deps.sh installs it)"]
    exe = root / "build" / "examples" / "term-grid"
    if not exe.exists():
        return [f"{exe} is missing: `make examples` builds it"]
    print("terminal host (tmux)")
    out.mkdir(parents=True, exist_ok=True)
    model = Model(_bindings(root))
    ltr = ["env", "LANG=C.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES="]  # whatever the caller's locale
    tmux = Tmux(ltr + [str(exe), "--driven"])
    screens: dict[str, list[str]] = {}
    typed = ""
    try:
        def keys(k: str, name: str) -> list[str]:
            nonlocal typed
            typed += k
            screens[name] = tmux.keys(k, len(typed))
            (out / f"{name}.txt").write_text("\n".join(screens[name]) + "\n")
            return screens[name]

        screens["start"] = tmux.keys("", 0)
        check_grid(model, screens["start"], "start", failures)
        check_grid(model, keys("J", "page-down"), "page-down", failures)
        if offset_of(screens["page-down"])[1] != ROWS - 2:
            failures.append(f"terminal: J scrolled to {offset_of(screens['page-down'])}, expected 0,{ROWS - 2}")
        # Insert after the first visible cell: the model does the same edit.
        with model.grid_view(offset_of(screens["page-down"])) as view:
            first = min(a.index_path for a in view.visible_attributes() if a.category == "cell")
        before = screens["page-down"]
        mid = keys("i..", "insert-mid")
        model.sections[first[0]].insert(first[1] + 1, 100001)
        end = keys("...", "inserted")
        check_grid(model, end, "inserted", failures)
        if mid[:-1] == before[:-1] or mid[:-1] == end[:-1]:
            failures.append("terminal: the mid-insert screen does not differ from both ends")
        # (check_grid compared every label with the model that has 100001 inserted: every later
        # cell of the section moved one place.)
        del model.sections[first[0]][first[1] + 1]
        check_grid(model, keys("d.....", "deleted"), "deleted", failures)
        # Cover Flow: the front cover is the one the layout centres.
        cover = keys("c.......", "cover")
        ox, oy = offset_of(cover)
        with model.cover_view((ox, oy)) as view:
            cells = [a for a in view.visible_attributes() if a.category == "cell"]
            front = max(cells, key=lambda a: (a.z_index, -abs(a.center[0] - ox - COLS / 2)))
            label = str(model.sections[front.index_path[0]][front.index_path[1]])
            row = edge(front.center[1] - oy - 0.5)
        if abs(front.center[0] - ox - COLS / 2) > 0.5:
            failures.append(f"terminal: Cover Flow rests at {ox} with no cover centred")
        if label not in cover[row] or "#" not in cover[row][COLS // 2 - 3:COLS // 2 + 3] + cover[row - 1]:
            failures.append(f"terminal: front cover {label} not drawn at row {row}: {cover[row]!r}")
        else:
            print(f"  terminal cover: front cover {label} centred at row {row}")
        # The non-interactive mode renders the same keys to the same final screen.
        text = subprocess.run(ltr + [str(exe), "--keys", typed, "--size", f"{COLS}x{ROWS}"], capture_output=True,
                              text=True, check=True).stdout.split("\n")
        last = text[len(text) - 1 - ROWS:len(text) - 1]
        if [line.rstrip() for line in last[:-1]] != [line.rstrip() for line in cover[:-1]]:
            failures.append("terminal: --keys renders a different final screen from the one tmux showed")
        else:
            print(f"  terminal: --keys {typed!r} renders the screen tmux showed")
    except AssertionError as exc:
        failures.append(f"terminal: {exc}")
    finally:
        tmux.close()
    run_rtl(root, exe, out, failures)
    return failures


def run_rtl(root: Path, exe: Path, out: Path, failures: list[str]) -> None:
    """Right-to-left from the locale (LANG=he_IL.UTF-8): the grid mirrored, Cover Flow's covers
    numbered right to left with the front cover centred."""
    model = Model(_bindings(root), rtl=True)
    tmux = Tmux(["env", "LANG=he_IL.UTF-8", "LANGUAGE=", "LC_ALL=", "LC_MESSAGES=", str(exe), "--driven"])
    try:
        start = tmux.keys("", 0)
        (out / "rtl-start.txt").write_text("\n".join(start) + "\n")
        check_grid(model, start, "start", failures)
        # Item 0 (label 1) is the top-right cell: the first row of labels reads 4 3 2 1.
        labels = [int(t.strip("|")) for t in start[2].split() if t.strip("|").isdigit()]
        if not labels or labels != sorted(labels, reverse=True) or labels[-1] != 1:
            failures.append(f"terminal rtl: the first row of cells does not read right to left from 1: {start[2]!r}")
        check_grid(model, tmux.keys("J", 1), "page-down", failures)
        cover = tmux.keys("c.......", 9)
        (out / "rtl-cover.txt").write_text("\n".join(cover) + "\n")
        ox, oy = offset_of(cover)
        with model.cover_view((ox, oy)) as view:
            cells = [a for a in view.visible_attributes() if a.category == "cell"]
            front = max(cells, key=lambda a: (a.z_index, -abs(a.center[0] - ox - COLS / 2)))
            label = str(model.sections[front.index_path[0]][front.index_path[1]])
            row_y = edge(front.center[1] - oy - 0.5)
        numbers = [int(t) for t in cover[row_y].replace("#", " ").replace(":", " ").split() if t.isdigit()]
        if abs(front.center[0] - ox - COLS / 2) > 0.5 or label not in cover[row_y]:
            failures.append(f"terminal rtl: Cover Flow's front cover {label} not centred at row {row_y}: "
                            f"{cover[row_y]!r}")
        elif len(numbers) < 3 or numbers != sorted(numbers, reverse=True):
            failures.append(f"terminal rtl: Cover Flow's covers do not read right to left: {cover[row_y]!r}")
        else:
            print(f"  terminal rtl cover: covers {numbers} from left to right, front cover {label} centred")
    except AssertionError as exc:
        failures.append(f"terminal rtl: {exc}")
    finally:
        tmux.close()
