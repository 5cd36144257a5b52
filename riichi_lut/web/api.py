"""The playground's JSON API: a query string in, the matching CLI command's ``--json`` out.

Each route is a ``riichi-lut`` command, and its parameters are that command's flags without
the dashes (``q`` is the hand): ``/api/score?q=...&win=5s&ron=1&seat=S&round=E&riichi=1``
is ``riichi-lut score ... --win 5s --ron --seat S --round E --riichi --json``. The command's
own parser reads them (so the names, types, choices and defaults are the CLI's, one place),
and the command's own function computes the answer; a switch is ``1`` (on) or ``0`` (off).

========================  ==================================================================
route                     command
========================  ==================================================================
``/api/hint``             ``riichi-lut hint`` (``q``, ``visible``, ``discarded``, ``players``)
``/api/score``            ``riichi-lut score``
``/api/mcr/hint``         ``riichi-lut mcr hint``
``/api/mcr/score``        ``riichi-lut mcr score``
``/api/yaku``             the yaku glossary, ``riichi_lut.riichi.YAKU``
========================  ==================================================================

Bad input is status 400 with ``{"error": message, "type": error class}``; input is only
parsed, never evaluated.

>>> answer("/api/hint", {"q": ["2234m506p678s5557z"]}).body["discard"]
'7z'
>>> reply = answer("/api/score", {"q": ["22334455667788p"], "win": ["8p"], "ron": ["1"]})
>>> reply.status, reply.body["type"], reply.body["error"]
(400, 'InvalidArgumentError', 'the following arguments are required: --seat, --round')
"""

from __future__ import annotations

import argparse
import functools
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from ..cli import mcr as cli_mcr
from ..cli.errors import flag_names
from ..cli.main import build_parser, hint_of, score_of
from ..errors import InvalidArgumentError, RiichiLutError

__all__ = ["ROUTES", "ApiReply", "answer", "command_args"]

#: Route -> the ``riichi-lut`` command (its words) whose flags are the parameters.
ROUTES: dict[str, tuple[str, ...]] = {
    "/api/hint": ("hint",),
    "/api/score": ("score",),
    "/api/mcr/hint": ("mcr", "hint"),
    "/api/mcr/score": ("mcr", "score"),
}

# flags that only shape the human output of a command, or print help and exit
_NOT_PARAMETERS = frozenset({"help", "json", "top"})

_COMPUTE: dict[tuple[str, ...], Callable[[argparse.Namespace], Any]] = {
    ("hint",): hint_of,
    ("score",): score_of,
    ("mcr", "hint"): cli_mcr.hint_of,
    ("mcr", "score"): cli_mcr.score_of,
}


@dataclass(frozen=True)
class ApiReply:
    """An API answer: the HTTP status and the JSON body."""

    status: int
    body: Any

    def to_dict(self) -> dict[str, Any]:
        """``{"status": ..., "body": ...}``.

        >>> ApiReply(404, {"error": "x", "type": "NotFound"}).to_dict()["status"]
        404
        """
        return {"status": self.status, "body": self.body}


def _refuse(message: str) -> NoReturn:
    raise InvalidArgumentError(message)


_lock = threading.Lock()


@functools.cache
def _parser(command: tuple[str, ...]) -> argparse.ArgumentParser:
    """The CLI's parser of ``command``, made to raise instead of printing and exiting."""
    parser: argparse.ArgumentParser = build_parser()
    for word in command:
        subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = subparsers.choices[word]
    parser.allow_abbrev = False
    setattr(parser, "error", _refuse)  # noqa: B010 (an instance attribute, not the method)
    return parser


def command_args(command: Sequence[str], query: Mapping[str, Sequence[str]]) -> argparse.Namespace:
    """The parsed arguments of ``riichi-lut COMMAND`` for a query string (``q`` is the hand).

    >>> command_args(["hint"], {"q": ["123m456p789s1122z"], "visible": ["1z"]}).visible
    '1z'
    >>> command_args(["score"], {"q": ["1p"], "win": ["1p"], "tsumo": ["yes"]})
    Traceback (most recent call last):
        ...
    riichi_lut.errors.InvalidArgumentError: --tsumo is a switch: 1 or 0, not 'yes'
    """
    with _lock:
        parser = _parser(tuple(command))
    options = parser._option_string_actions
    argv: list[str] = []
    hand: list[str] = []
    for name, values in query.items():
        if len(values) != 1:
            _refuse(f"parameter {name!r} given {len(values)} times")
        value = values[0]
        if name == "q":
            hand.append(value)
            continue
        flag = f"--{name}"
        if name in _NOT_PARAMETERS or flag not in options:
            _refuse(f"unknown parameter {name!r}")
        if options[flag].nargs == 0:  # a switch
            if value not in ("0", "1"):
                _refuse(f"{flag} is a switch: 1 or 0, not {value!r}")
            argv += [flag] if value == "1" else []
        else:
            argv.append(f"{flag}={value}")
    if not hand:
        _refuse("parameter 'q' (the hand) is required")
    try:
        return parser.parse_args([*argv, "--", *hand])
    except SystemExit:  # pragma: no cover - every error path raises through _refuse
        _refuse("the arguments could not be read")


def _yaku() -> Any:
    from ..riichi import YAKU  # noqa: PLC0415 (loaded on first use)

    return [entry.to_dict() for entry in YAKU]


def answer(path: str, query: Mapping[str, Sequence[str]]) -> ApiReply:
    """The API's reply to ``GET path?query`` (``query`` as :func:`urllib.parse.parse_qs` gives it).

    >>> answer("/api/nothing", {}).status
    404
    >>> answer("/api/hint", {"q": ["123m"]}).body["type"]
    'InvalidHandError'
    """
    args: argparse.Namespace | None = None
    try:
        if path == "/api/yaku":
            if query:
                _refuse("/api/yaku takes no parameters")
            return ApiReply(200, _yaku())
        command = ROUTES.get(path)
        if command is None:
            return ApiReply(404, {"error": f"no such route: {path}", "type": "NotFound"})
        args = command_args(command, query)
        result = _COMPUTE[command](args)
        return ApiReply(200, result.to_dict())
    except RiichiLutError as exc:
        # the message names the command's flags (--seat, not seat_wind), as the CLI prints it
        message = flag_names(str(exc), getattr(args, "flags", {}))
        return ApiReply(400, {"error": message, "type": type(exc).__name__})
