"""The playground's JSON API: a query string in, a request's report out.

Each route is a request of :mod:`riichi_lut.app`, the one ``riichi-lut`` runs for the same
command: its parameters are the request's web fields (the command's flags without the
dashes; ``q`` is the hand), read and checked by the same declarations, and the answer is
its report, what the command prints with ``--json``. A switch is ``1`` (on) or ``0``
(off); a choice or a rule preset is read in any case.

========================  =========================================  =================
route                     request                                    command
========================  =========================================  =================
``/api/hint``             best discard and why, or acceptance        ``riichi-lut hint``
``/api/ukeire``           acceptance per form of 13 tiles             ``riichi-lut ukeire``
``/api/shanten``          shanten of one or more hands (``q`` again)  ``riichi-lut shanten``
``/api/score``            score and explain a Riichi win             ``riichi-lut score``
``/api/yaku``             the yaku glossary (``name``: one entry)    ``riichi-lut yaku``
``/api/mcr/hint``         MCR hint                                   ``riichi-lut mcr hint``
``/api/mcr/score``        MCR score                                  ``riichi-lut mcr score``
``/api/mcr/shanten``      MCR shanten                                ``riichi-lut mcr shanten``
========================  =========================================  =================

Bad input is status 400 with ``{"error": message, "type": error class, "parameter":
field}``, ``field`` being the query parameter the error is about (or ``null``), named so
in the message (the hand's errors, ``q``, say where in the hand); input is only parsed, never evaluated.

>>> answer("/api/hint", {"q": ["2234m506p678s5557z"]}).body["discard"]
'7z'
>>> reply = answer("/api/score", {"q": ["22334455667788p"], "win": ["8p"], "ron": ["1"]})
>>> reply.status, reply.body["type"], reply.body["parameter"]
(400, 'InvalidArgumentError', 'seat')
>>> reply.body["error"]
'seat is required: e.g. S'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..app import ROUTES, Param, Request, label_of
from ..errors import InvalidArgumentError, RiichiLutError, quote

__all__ = ["ROUTES", "ApiReply", "answer", "field_of", "values_of"]


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


def field_of(param: Param) -> str:
    """The web's name of a parameter: its query field (``q`` for the hand)."""
    return param.field


def _label(param: Param) -> str | None:
    """How a message names a parameter: its field, or nothing for the hand (the message
    says where in the hand it is wrong)."""
    return None if param.positional else param.field


def _switch(param: Param, value: str) -> bool:
    if value not in ("0", "1"):
        raise InvalidArgumentError.about(param.name, f"is a switch: 1 or 0, got {quote(value)}")
    return value == "1"


def values_of(request: Request, query: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The read values of ``request`` from a query string (as :func:`urllib.parse.parse_qs`
    gives it): every field known, given once (``q`` more than once for a list of hands).

    >>> from riichi_lut.app import REQUESTS
    >>> values_of(REQUESTS["hint"], {"q": ["123m456p789s1122z"], "players": ["3"]})["players"]
    3
    >>> values_of(REQUESTS["score"], {"q": ["1p"], "win": ["1p"], "tsumo": ["yes"]})
    Traceback (most recent call last):
        ...
    riichi_lut.errors.InvalidArgumentError: tsumo is a switch: 1 or 0, got 'yes'
    """
    fields = {param.field: param for param in request.params}
    given: dict[str, Any] = {}
    for name, values in query.items():
        param = fields.get(name)
        if param is None:
            known = ", ".join(fields)
            raise InvalidArgumentError(f"unknown parameter {quote(name)} (known: {known})")
        if len(values) != 1 and not param.many:
            raise InvalidArgumentError.about(param.name, f"is given {len(values)} times")
        given[param.name] = (
            _switch(param, values[0]) if param.switch else list(values) if param.many else values[0]
        )
    return request.read(given, field_of)


def answer(path: str, query: Mapping[str, Sequence[str]]) -> ApiReply:
    """The API's reply to ``GET path?query`` (``query`` as :func:`urllib.parse.parse_qs` gives it).

    >>> answer("/api/nothing", {}).status
    404
    >>> answer("/api/hint", {"q": ["123m"]}).body["type"]
    'InvalidHandError'
    """
    request = ROUTES.get(path)
    if request is None:
        return ApiReply(404, {"error": f"no such route: {quote(path)}", "type": "NotFound"})
    try:
        result = request.run(values_of(request, query))
        report = request.report(result)
    except RiichiLutError as exc:
        param = request.about(exc)
        body = {
            "error": label_of(request, exc, _label),
            "type": type(exc).__name__,
            "parameter": None if param is None else param.field,
        }
        return ApiReply(400, body)
    if request.failed(result):
        first = next(row for row in report if "error" in row)
        return ApiReply(
            400, {"error": first["error"], "type": first["type"], "parameter": "q", "rows": report}
        )
    return ApiReply(200, report)
