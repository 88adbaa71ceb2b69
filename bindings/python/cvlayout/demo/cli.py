"""The command line behind ``python -m cvlayout``: render a JSON spec (docs/json-spec.md) as JSON or SVG, or a gallery.

    python -m cvlayout render SPEC.json [--json | --svg OUT.svg] [--visible-only] [--frames N]
    python -m cvlayout gallery --out DIR
    python -m cvlayout info
"""

from __future__ import annotations

import argparse
import json
import sys
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .spec import JSONObject


def _render(args: argparse.Namespace) -> int:
    from ..errors import CvlError
    from . import spec as S
    from .svg import render_built
    try:
        data = S.load(args.spec)
        if args.frames is not None:
            return _render_frames(S, data, args)
        with S.build(data) as built:
            visible = True if args.visible_only else None
            if args.svg:
                with open(args.svg, "w", encoding="utf-8") as f:
                    f.write(render_built(built, visible))
                print(args.svg)
            else:
                json.dump(S.output(built, visible), sys.stdout, indent=1 if args.pretty else None)
                sys.stdout.write("\n")
    except (CvlError, OSError, ValueError, KeyError, TypeError) as exc:
        print(f"cvlayout render: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    return 0


def _render_frames(S: ModuleType, data: JSONObject, args: argparse.Namespace) -> int:
    """--frames N: the spec's transition sampled N times from start to end, as one animated SVG
    (with --svg) or as a JSON list of outputs."""
    from . import transitions
    if "transition" not in data:
        raise ValueError("--frames needs a spec with a \"transition\"")
    if args.frames < 2:
        raise ValueError("--frames needs at least 2 frames")
    with S.build(data, seek=False) as built:
        if args.svg:
            frames = transitions.sample(built.view, built.total_duration, args.frames)
            title = data.get("title", "transition")
            with open(args.svg, "w", encoding="utf-8") as f:
                f.write(transitions.animated_svg(frames, title))
            print(args.svg)
        else:
            outs = []
            for k in range(args.frames):
                built.view.set_time(built.start_time + built.total_duration * k / (args.frames - 1))
                outs.append(S.output(built, True if args.visible_only else None))
            json.dump(outs, sys.stdout, indent=1 if args.pretty else None)
            sys.stdout.write("\n")
    return 0


def _gallery(args: argparse.Namespace) -> int:
    from .gallery import write
    written, skipped = write(args.out)
    for path in written:
        print(path)
    for name, reason in skipped:
        print(f"skipped {name}: {reason}", file=sys.stderr)
    return 0


def _info(_args: argparse.Namespace) -> int:
    from .. import _lib
    print(f"library: {_lib.path}")
    v = _lib.library_version
    print(f"version: {v // 10000}.{v // 100 % 100}.{v % 100}" if v is not None else "version: (cvl_version missing)")
    missing = _lib.missing_functions()
    print(f"functions: {len(_lib._FUNCTIONS) - len(missing)}/{len(_lib._FUNCTIONS)} exported")
    for name in missing:
        print(f"  missing {name}")
    print(f"ABI checked: {_lib.ABI_CHECKED}; unverified: {_lib.ABI_UNVERIFIED or 'none'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cvlayout", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("render", help="render a JSON spec")
    r.add_argument("spec", help="spec file (docs/json-spec.md), '-' for stdin")
    out = r.add_mutually_exclusive_group()
    out.add_argument("--svg", metavar="OUT.svg", help="write an SVG drawing")
    out.add_argument("--json", action="store_true", help="print the attributes as JSON (the default)")
    r.add_argument("--visible-only", action="store_true", help="only the elements in the viewport")
    r.add_argument("--pretty", action="store_true", help="indent the JSON")
    r.add_argument("--frames", type=int, metavar="N",
                   help="sample the spec's transition N times, start to end: an animated SVG with --svg, "
                        "else a JSON list of outputs")
    r.set_defaults(fn=_render)
    g = sub.add_parser("gallery", help="render the gallery of seed layouts")
    g.add_argument("--out", required=True, metavar="DIR")
    g.set_defaults(fn=_gallery)
    i = sub.add_parser("info", help="library path, version, exported functions")
    i.set_defaults(fn=_info)
    args = p.parse_args(argv)
    result: int = args.fn(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
