"""``riichi-lut serve``: the playground in the browser (:mod:`riichi_lut.web`).

riichi-lut serve                      # http://127.0.0.1:8000/
riichi-lut serve --port 8080 --open   # and open it in the browser

A port in use, a host that is not an address of this machine, a port that needs
privileges: one line ``error: ...`` naming the fix, and status 2. Ctrl-C stops the server:
it prints ``stopped`` and the command exits 0 (stopping is how it ends).
"""

from __future__ import annotations

import argparse
import errno
import socket
from typing import Any

from ..errors import InvalidArgumentError, quote
from .options import examples


def bind_problem(exc: OSError, host: str, port: int) -> str:
    """What went wrong binding ``host``:``port``, and the fix, in the command line's words.

    >>> bind_problem(OSError(errno.EADDRINUSE, "Address already in use"), "127.0.0.1", 8000)
    'port 8000 is in use on 127.0.0.1: choose another with --port, or --port 0 for any free port'
    """
    if isinstance(exc, socket.gaierror):
        return (
            f"cannot bind --host {quote(host)}: {exc.strerror or exc}: give an address or name of this"
            " machine, e.g. 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface"
        )
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is in use on {host}: choose another with --port, or --port 0 for any free port"
    if exc.errno == errno.EACCES:
        return f"port {port} needs privileges: choose one above 1023 with --port, or --port 0 for any"
    if exc.errno == errno.EADDRNOTAVAIL:
        return (
            f"cannot bind --host {quote(host)}: {exc.strerror}: it is not an address of this machine;"
            " give one of its addresses, e.g. 127.0.0.1 (the default)"
        )
    return f"cannot bind --host {quote(host)} --port {port}: {exc.strerror or exc}"


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the playground until Ctrl-C (then exit 0)."""
    from ..web.server import make_server, run  # noqa: PLC0415 (start-up: other commands do not load it)

    if not 0 <= args.port <= 65535:
        raise InvalidArgumentError(f"--port must be 0-65535, got {args.port}")
    try:
        server = make_server(args.host, args.port)
    except (OSError, UnicodeError) as exc:  # UnicodeError: a host name IDNA cannot encode
        problem = bind_problem(exc, args.host, args.port) if isinstance(exc, OSError) else str(exc)
        if not isinstance(exc, OSError):
            problem = f"cannot bind --host {quote(args.host)}: {problem}"
        raise InvalidArgumentError(problem) from None
    run(server, args.open)
    return 0


def add_parser(sub: Any) -> None:
    """``riichi-lut serve`` on the main parser's sub-parsers."""
    p = sub.add_parser(
        "serve",
        help="the playground in the browser: hints, scores, MCR, the glossary",
        description="Serve the playground page and its JSON API (docs/playground.md)."
        " Ctrl-C stops it (exit status 0).",
        epilog=examples("riichi-lut serve", "riichi-lut serve --port 8080 --open"),
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (loopback unless told)")
    p.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(run=cmd_serve)
