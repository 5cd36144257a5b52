"""``riichi-lut serve``: the playground in the browser (:mod:`riichi_lut.web`).

riichi-lut serve                      # http://127.0.0.1:8000/
riichi-lut serve --port 8080 --open   # and open it in the browser
"""

from __future__ import annotations

import argparse
from typing import Any

from .options import examples


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the playground until interrupted."""
    from ..web.server import serve  # noqa: PLC0415 (start-up: other commands do not load it)

    if not 0 <= args.port <= 65535:
        from ..errors import InvalidArgumentError  # noqa: PLC0415

        raise InvalidArgumentError(f"--port must be 0-65535, got {args.port}")
    serve(args.host, args.port, args.open)
    return 0


def add_parser(sub: Any) -> None:
    """``riichi-lut serve`` on the main parser's sub-parsers."""
    p = sub.add_parser(
        "serve",
        help="the playground in the browser: hints, scores, MCR, the glossary",
        description="Serve the playground page and its JSON API (docs/playground.md).",
        epilog=examples("riichi-lut serve", "riichi-lut serve --port 8080 --open"),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (loopback unless told)")
    p.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(run=cmd_serve)
