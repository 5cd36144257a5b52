"""The playground's one route with a body: ``POST /api/review``, a game log in, its review out.

The body is the log itself, as :func:`riichi_lut.game.read_log` reads it (Tenhou mjlog XML
plain or gzip, tenhou.net/6 JSON, mjai JSONL), at most :data:`MAX_BODY` bytes; the query
names the seat: ``seat`` (its index, default 0) or ``player`` (a player's name),
``partial`` (``1``: review a game the log cuts short) and ``source`` (the file's name, at
most :data:`MAX_SOURCE` characters: the review's ``source``, else ``"<text>"``). The reply is
:meth:`riichi_lut.coach.review.Review.to_dict` (each decision with the ``state`` the seat
saw; its ``names``, the game's players in seat order, let the page offer the choice of
seat). Bad input is status 400 with ``{"error", "type", "parameter"}`` as in
:mod:`riichi_lut.web.api`: ``LogFormatError`` for a log that cannot be read (``parameter``
``null``: the body is at fault), ``InvalidArgumentError`` about ``seat`` or ``player``.
At most :data:`MAX_REVIEWS` reviews run at once (a review keeps a core busy for a second
or two); more wait their turn.

>>> reply = review_reply(b"not a log", {})
>>> reply.status, reply.body["type"], reply.body["parameter"]
(400, 'LogFormatError', None)
>>> review_reply(b"", {"seat": ["1"], "player": ["x"]}).body["error"]
'give seat or player, not both'
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence

from ..errors import InvalidArgumentError, RiichiLutError, quote
from .api import ApiReply

__all__ = ["MAX_BODY", "MAX_REVIEWS", "MAX_SOURCE", "PARAMETERS", "ROUTE", "review_reply"]

#: The route.
ROUTE = "/api/review"
#: Largest log accepted, in bytes (a hanchan's mjlog is about 30 kB, its tenhou.net/6 JSON
#: about 15 kB, an mjai log about 100 kB).
MAX_BODY = 4 * 1024 * 1024
#: Reviews computed at once.
MAX_REVIEWS = 2
#: The query parameters the route reads.
PARAMETERS = ("seat", "player", "partial", "source")
#: Longest ``source`` (a file name) accepted.
MAX_SOURCE = 255

_RUNNING = threading.BoundedSemaphore(MAX_REVIEWS)


def _error(exc: RiichiLutError, parameter: str | None) -> ApiReply:
    return ApiReply(400, {"error": str(exc), "type": type(exc).__name__, "parameter": parameter})


def _one(query: Mapping[str, Sequence[str]], name: str) -> str | None:
    values = query.get(name)
    if values is None:
        return None
    if len(values) != 1:
        raise InvalidArgumentError.about(name, f"is given {len(values)} times")
    return values[0]


def _seat(query: Mapping[str, Sequence[str]]) -> tuple[int | str, str]:
    """The seat asked for (an index or a name) and the parameter that asked for it."""
    seat, player = _one(query, "seat"), _one(query, "player")
    if seat is not None and player is not None:
        raise InvalidArgumentError("give seat or player, not both")
    if player is not None:
        return player, "player"
    if seat is None:
        return 0, "seat"
    if not seat.strip().isdigit():
        raise InvalidArgumentError.about(
            "seat", f"must be a seat index (0: the first dealer), got {quote(seat)}"
        )
    return int(seat), "seat"


def _partial(query: Mapping[str, Sequence[str]]) -> bool:
    value = _one(query, "partial")
    if value not in (None, "0", "1"):
        raise InvalidArgumentError.about("partial", f"is a switch: 1 or 0, got {quote(value)}")
    return value == "1"


def _source(query: Mapping[str, Sequence[str]]) -> str | None:
    value = _one(query, "source")
    if value is not None and not 0 < len(value) <= MAX_SOURCE:
        raise InvalidArgumentError.about("source", f"must be a file name of 1 to {MAX_SOURCE} characters")
    return value


def review_reply(body: bytes, query: Mapping[str, Sequence[str]]) -> ApiReply:
    """The reply to ``POST /api/review?query`` with the log ``body`` (``query`` as
    :func:`urllib.parse.parse_qs` gives it)."""
    # the game engine loads on the first review, not with the server
    from ..coach.review import review  # noqa: PLC0415
    from ..game.logs import read_log  # noqa: PLC0415

    parameter: str | None = None
    try:
        unknown = [name for name in query if name not in PARAMETERS]
        if unknown:
            raise InvalidArgumentError(
                f"unknown parameter {quote(unknown[0])} (known: {', '.join(PARAMETERS)})"
            )
        seat, asked_by = _seat(query)
        partial = _partial(query)
        source = _source(query)
        record = read_log(body)  # a bad log names no parameter: the body is at fault
        if source is not None:
            record = dataclasses.replace(record, source=source)
        parameter = asked_by
        with _RUNNING:
            result = review(record, seat, partial=partial)
    except RiichiLutError as exc:
        if exc.parameter == "seat" and parameter == "player":  # a name the game does not have
            return ApiReply(
                400, {"error": exc.worded("player"), "type": type(exc).__name__, "parameter": "player"}
            )
        return _error(exc, exc.parameter)
    return ApiReply(200, result.to_dict())
