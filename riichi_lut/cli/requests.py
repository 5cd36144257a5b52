"""The commands declared in :mod:`riichi_lut.app` as ``argparse`` sub-parsers.

Each :class:`~riichi_lut.app.Param` becomes an option (``--seat``), a switch (``--riichi``)
or the positional ``HAND``; a :class:`~riichi_lut.app.Group` a mutually exclusive group.
``argparse`` only collects the texts: the request reads them (:meth:`Request.read`), so
the types, the defaults and the checks are the request's, shared with the web. An error
about a parameter is worded with its flag (:func:`flag_of`).

>>> from riichi_lut.app import REQUESTS
>>> flag_of(REQUESTS["score"].param("riichi_sticks")), flag_of(REQUESTS["score"].param("hand"))
('--sticks', None)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from ..app import Param, Request, label_of
from ..errors import RiichiLutError
from .options import examples

__all__ = ["Printer", "add_request", "flag_of", "message_of", "run_request"]

#: What a command prints from a request's result in words (``--json`` prints the report).
Printer = Callable[[Any, argparse.Namespace], int]


def flag_of(param: Param) -> str | None:
    """The command line's name of a parameter: its flag, or none for ``HAND``."""
    return param.flag


def _help(param: Param) -> str:
    shown = param.help
    if param.required:
        shown += " (required)"
    elif param.default not in (None, "") and not param.switch:
        shown += f" (default: {param.default})"
    return shown.replace("%", "%%")


def add_request(
    sub: Any, request: Request, printer: Printer, *, unicode: bool = True
) -> argparse.ArgumentParser:
    """The sub-parser of ``request`` on ``sub`` (its last command word), with ``--json``
    (the report) and, with ``unicode``, ``--unicode`` (tiles drawn as Unicode)."""
    parser: argparse.ArgumentParser = sub.add_parser(
        request.command[-1],
        help=request.help,
        description=request.description,
        epilog=examples(*request.examples),
    )
    grouped = {name: group for group in request.groups for name in group.members}
    exclusive: dict[str, Any] = {}
    for param in request.params:
        target: Any = parser
        group = grouped.get(param.name)
        if group is not None:
            if group.name not in exclusive:
                exclusive[group.name] = parser.add_mutually_exclusive_group()
            target = exclusive[group.name]
        if param.positional:
            nargs = "+" if param.many else None if param.required else "?"
            target.add_argument(param.name, metavar=param.metavar, nargs=nargs, help=_help(param))
        elif param.switch:
            target.add_argument(param.flag, dest=param.name, action="store_true", help=_help(param))
        else:
            metavar = param.metavar or param.field.upper().replace("-", "_")
            target.add_argument(param.flag, dest=param.name, metavar=metavar, help=_help(param))
    parser.add_argument(
        "--json", action="store_true", help="print JSON: what the web API answers (the result's to_dict())"
    )
    if unicode:
        parser.add_argument("--unicode", action="store_true", help="draw the tiles as Unicode mahjong tiles")
    parser.set_defaults(run=lambda args: run_request(request, printer, args), request=request)
    return parser


def run_request(request: Request, printer: Printer, args: argparse.Namespace) -> int:
    """Read the parsed texts, run the request, print its report (``--json``) or its words."""
    given = {param.name: getattr(args, param.name) for param in request.params}
    args.values = request.read(given, flag_of)  # the printers read the values too
    result = request.run(args.values)
    if args.json:
        print(json.dumps(request.report(result), indent=2, ensure_ascii=False))
        return 2 if request.failed(result) else 0
    return printer(result, args)


def message_of(error: RiichiLutError, args: argparse.Namespace) -> str:
    """An error in the command line's words: the flag of the parameter it is about (a
    declared request's, or a command's ``flags`` table), else the library's message."""
    request: Request | None = getattr(args, "request", None)
    if request is not None:
        return label_of(request, error, flag_of)
    flags: dict[str, str] = getattr(args, "flags", {})
    if error.parameter in flags:
        return error.worded(flags[error.parameter])
    return str(error)
