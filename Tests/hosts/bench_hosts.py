#!/usr/bin/env python3
"""Frame times of the example hosts (make bench-hosts): each host's benchmark mode scrolls every
layout for a few hundred frames at 10^5 items under Xvfb and times the query (with the flow's
measuring) and the draw (GTK: building the render nodes and rendering them onto the window with
its renderer, as GTK renders a frame; Tk: updating the canvas items and Tk's redisplay) of each
frame, and of the frames of an animated switch into each layout. Writes build/bench-hosts-*.md."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostcheck as hc  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def main() -> int:
    out = ROOT / "build"
    with hc.Display() as display:
        env = display.env()
        env["PYTHONPATH"] = str(ROOT / "bindings" / "python")
        env.setdefault("CVLAYOUT_LIBRARY", str(ROOT / "build" / "lib" / "libcvlayout.so"))
        runs = {"gtk": [str(ROOT / "build" / "examples" / "gtk-photo-grid")],
                "tk": [sys.executable, str(ROOT / "examples" / "tk" / "photo_grid.py")]}
        for name, argv in runs.items():
            path = out / f"bench-hosts-{name}.md"
            subprocess.run(argv + ["--bench", str(path)], env=env, check=True, timeout=300,
                           stderr=subprocess.DEVNULL)
            print(f"## {name} ({os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f})")
            print(path.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
