"""What the host tests share: an Xvfb display, screenshots (xwd, parsed here, saved as PNG with zlib),
the colour rule of the example hosts, and the pixel checks against the elements a host drew.

The checks take the element list a host dumped at a checkpoint (the library's own attributes, as
cvl_view_visible_attributes returned them) and the screenshot of the real window:
- the pixel at the drawn centre of every opaque cell that nothing later in draw order covers has
  that cell's colour (through Cover Flow's veil when it has one);
- every sampled point that no element's drawn shape comes near is the background colour;
each shape is the element's frame mapped through its 4x4 transform about its centre (perspective
divided), minus the content offset (frames and offset are the library's host coordinates, so a
right-to-left view's are already mirrored).
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import time
import zlib
from dataclasses import dataclass
from typing import Any

import numpy

BACKGROUND = (24, 24, 28)
PROBES = ((0.0, 0.0), (-0.7, -0.7), (0.7, -0.7), (0.7, 0.7), (-0.7, 0.7), (-0.92, 0.92), (0.92, 0.92))
IDENTITY = (1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)
HEADER = (230, 230, 230)


def id_colour(identifier: int) -> tuple[int, int, int]:
    """The example hosts' colour of a cell: a function of its identifier (examples/README.md)."""
    h = (identifier * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 29
    return (60 + (h & 0xFF) % 160, 60 + ((h >> 8) & 0xFF) % 160, 60 + ((h >> 16) & 0xFF) % 160)


class HostTestError(AssertionError):
    pass


def require(tool: str, package: str) -> str:
    path = shutil.which(tool)
    if path is None:
        raise HostTestError(f"{tool} is not installed (Debian package {package}; scripts/install-deps.sh installs it)")
    return path


# ---- the display ---------------------------------------------------------------------------------
class Display:
    """An Xvfb server on a free display number, stopped on exit."""

    def __init__(self, width: int = 1024, height: int = 768) -> None:
        require("Xvfb", "xvfb")
        for number in range(90, 140):
            if os.path.exists(f"/tmp/.X11-unix/X{number}") or os.path.exists(f"/tmp/.X{number}-lock"):
                continue
            self.proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24",
                                          "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.name = f":{number}"
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{number}"):
                    return
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
            self.stop()
        raise HostTestError("could not start Xvfb")

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["DISPLAY"] = self.name
        env.pop("WAYLAND_DISPLAY", None)
        env["GDK_BACKEND"] = "x11"
        env["NO_AT_BRIDGE"] = "1"
        return env

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> Display:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def xdotool(display: Display, *args: str) -> str:
    require("xdotool", "xdotool")
    out = subprocess.run(["xdotool", *args], env=display.env(), capture_output=True, text=True, timeout=20)
    if out.returncode != 0:
        raise HostTestError(f"xdotool {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout


# ---- screenshots ---------------------------------------------------------------------------------
@dataclass
class Image:
    width: int
    height: int
    rgb: bytes  # width * height * 3

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.width + x) * 3
        return (self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])

    def crop(self, x: int, y: int, w: int, h: int) -> Image:
        rows = [self.rgb[((y + r) * self.width + x) * 3:((y + r) * self.width + x + w) * 3] for r in range(h)]
        return Image(w, h, b"".join(rows))

    def save_png(self, path: str) -> None:
        raw = b"".join(b"\0" + self.rgb[r * self.width * 3:(r + 1) * self.width * 3] for r in range(self.height))

        def chunk(tag: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
        with open(path, "wb") as f:
            f.write(png)


def screenshot(display: Display) -> Image:
    """The whole screen, read with xwd (a real X server's pixels) and decoded here."""
    require("xwd", "x11-apps")
    data = subprocess.run(["xwd", "-root", "-silent"], env=display.env(), capture_output=True, timeout=20,
                          check=True).stdout
    h = struct.unpack(">25I", data[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bpp, bytes_per_line = h[7], h[11], h[12]
    masks, ncolors = h[14:17], h[19]
    if bpp not in (24, 32):
        raise HostTestError(f"xwd: {bpp} bits per pixel (expected 24 or 32)")
    pixels = data[header_size + 12 * ncolors:]
    step = bpp // 8
    dtype = numpy.dtype("<u4" if byte_order == 0 else ">u4")
    words: numpy.ndarray[Any, Any]
    if step == 4:
        words = numpy.frombuffer(pixels, dtype=dtype, count=height * bytes_per_line // 4)
        words = words.reshape(height, bytes_per_line // 4)[:, :width]
    else:  # 24 bits: three bytes a pixel
        raw = numpy.frombuffer(pixels, dtype=numpy.uint8, count=height * bytes_per_line)
        raw = raw.reshape(height, bytes_per_line)[:, :width * 3].reshape(height, width, 3).astype(numpy.uint32)
        words = (raw[:, :, 0] | raw[:, :, 1] << 8 | raw[:, :, 2] << 16) if byte_order == 0 else \
            (raw[:, :, 0] << 16 | raw[:, :, 1] << 8 | raw[:, :, 2])
    out = numpy.empty((height, width, 3), dtype=numpy.uint8)
    for c, mask in enumerate(masks):
        shift = (mask & -mask).bit_length() - 1
        out[:, :, c] = (words & mask) >> shift
    return Image(width, height, out.tobytes())


def differing_pixels(a: Image, b: Image, tolerance: int = 12) -> int:
    """Pixels that differ (a channel by more than `tolerance`) over the area both images cover (a
    scrollbar may come or go)."""
    w, h = min(a.width, b.width), min(a.height, b.height)
    x = numpy.frombuffer(a.crop(0, 0, w, h).rgb, dtype=numpy.uint8).reshape(h, w, 3).astype(numpy.int16)
    y = numpy.frombuffer(b.crop(0, 0, w, h).rgb, dtype=numpy.uint8).reshape(h, w, 3).astype(numpy.int16)
    return int((numpy.abs(x - y) > tolerance).any(axis=2).sum())


# ---- geometry of what was drawn ------------------------------------------------------------------
Quad = list[tuple[float, float]]


def drawn_quad(e: dict[str, Any], offset: tuple[float, float]) -> Quad:
    """The element's frame through its transform about its centre (row vectors, CATransform3D's
    conventions, w divided), in widget coordinates. The dumped frames are the library's host
    coordinates: in right-to-left already mirrored by the library (the hosts mirror nothing)."""
    m = e["transform"]
    w, h = e["size"]
    cx, cy = e["center"]
    quad = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        x = dx * m[0] + dy * m[4] + m[12]
        y = dx * m[1] + dy * m[5] + m[13]
        ww = dx * m[3] + dy * m[7] + m[15]
        px, py = x / ww + cx - offset[0], y / ww + cy - offset[1]
        quad.append((px, py))
    return quad


def drawn_point(e: dict[str, Any], lx: float, ly: float, offset: tuple[float, float]) -> tuple[float, float]:
    """Where the element's point (lx, ly) (from its centre, untransformed) is drawn."""
    m = e["transform"]
    w = lx * m[3] + ly * m[7] + m[15]
    px = (lx * m[0] + ly * m[4] + m[12]) / w + e["center"][0] - offset[0]
    py = (lx * m[1] + ly * m[5] + m[13]) / w + e["center"][1] - offset[1]
    return (px, py)


def drawn_centre(e: dict[str, Any], offset: tuple[float, float]) -> tuple[float, float]:
    return drawn_point(e, 0.0, 0.0, offset)


def inside(quad: Quad, x: float, y: float, margin: float = 0.0) -> bool:
    """Point in a convex quad, or within `margin` of it (signed distances to its edges)."""
    area = sum(quad[i][0] * quad[(i + 1) % 4][1] - quad[(i + 1) % 4][0] * quad[i][1] for i in range(4))
    orient = 1.0 if area >= 0 else -1.0
    for i in range(4):
        (x0, y0), (x1, y1) = quad[i], quad[(i + 1) % 4]
        ex, ey = x1 - x0, y1 - y0
        length = (ex * ex + ey * ey) ** 0.5
        if length == 0:
            continue
        if orient * (ex * (y - y0) - ey * (x - x0)) / length < -margin:
            return False
    return True


def expected_colour(e: dict[str, Any]) -> tuple[int, int, int]:
    base = id_colour(e["id"]) if e["category"] == 0 else HEADER
    veil = e.get("mask", 0.0) if e["category"] == 0 else 0.0
    return (round(base[0] * (1 - veil)), round(base[1] * (1 - veil)), round(base[2] * (1 - veil)))


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


@dataclass
class CheckResult:
    cells_checked: int
    background_checked: int
    failures: list[str]


def check_pixels(shot: Image, dump: dict[str, Any], origin: tuple[int, int], *, tolerance: int = 10,
                 step: int = 17, header_colour: bool = True) -> CheckResult:
    """The checks of this module's docstring; `origin` is the widget's top-left on the screen."""
    bw, bh = dump["bounds"]
    off = (dump["offset"][0], dump["offset"][1])
    els = [e for e in dump["elements"] if not e["hidden"] and e["alpha"] > 0]
    quads = [drawn_quad(e, off) for e in els]
    # A grid of 32-pixel buckets over the quads' bounding boxes (grown by the 3 px margin), so a
    # point is tested against the quads near it only (the circle draws 1,000).
    buckets: dict[tuple[int, int], list[int]] = {}
    for k, q in enumerate(quads):
        xs, ys = [p[0] for p in q], [p[1] for p in q]
        x0, x1 = int(max(-64, min(xs) - 4)) // 32, int(min(bw + 64, max(xs) + 4)) // 32
        y0, y1 = int(max(-64, min(ys) - 4)) // 32, int(min(bh + 64, max(ys) + 4)) // 32
        for gy in range(y0, y1 + 1):
            for gx in range(x0, x1 + 1):
                buckets.setdefault((gx, gy), []).append(k)

    def nearby(x: float, y: float) -> list[int]:
        return buckets.get((int(x) // 32, int(y) // 32), [])
    failures: list[str] = []
    cells = 0
    for i, e in enumerate(els):
        # Probes at each element's drawn centre and at 70 % of the way to its corners (in its own
        # coordinates, mapped through its transform): the topmost element drawn there (the last in
        # draw order whose shape holds the point 3 px inside) must show, unless a later shape's edge
        # is within 3 px (antialiasing) or the point is in that element's caption band (text).
        ew, eh = e["size"]
        for u, v in PROBES:
            px, py = drawn_point(e, u * ew / 2, v * eh / 2, off)
            if not (4 <= px < bw - 4 and 4 <= py < bh - 4):
                continue
            near = [k for k in nearby(px, py) if inside(quads[k], px, py, 3.0)]
            holding = [k for k in near if inside(quads[k], px, py, -3.0)]
            if not holding or max(near) != max(holding):
                continue
            j = holding[-1]
            top = els[j]
            if top["alpha"] < 1 or (top["category"] != 0 and not header_colour):
                continue
            w, h = top["size"]
            if w >= 60 and h >= 40 or top["category"] != 0:
                if j == i:
                    from_top = v * eh / 2 + eh / 2
                elif all(abs(a - b) < 1e-9 for a, b in zip(top["transform"], IDENTITY)):
                    from_top = py - (top["center"][1] - off[1] - h / 2)
                else:
                    continue
                if from_top < 22:
                    continue
            got = shot.pixel(origin[0] + int(px), origin[1] + int(py))
            want = expected_colour(top)
            cells += 1
            if not close(got, want, tolerance):
                failures.append(f"element {top['category']}/{top['section']}/{top['item']} id {top['id']} at "
                                f"({px:.1f}, {py:.1f}): pixel {got}, expected {want}")
    bg = 0
    for y in range(step // 2, int(bh) - 2, step):
        for x in range(step // 2, int(bw) - 2, step):
            if any(inside(quads[k], x + 0.5, y + 0.5, 3.0) for k in nearby(x + 0.5, y + 0.5)):
                continue
            bg += 1
            got = shot.pixel(origin[0] + x, origin[1] + y)
            if not close(got, BACKGROUND, 6):
                failures.append(f"background at ({x}, {y}): pixel {got}, expected {BACKGROUND} (nothing drawn there)")
    return CheckResult(cells, bg, failures)
