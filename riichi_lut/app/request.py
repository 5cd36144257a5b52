"""A request: its parameters, how they are read, what it computes and what it reports.

Both shells go through :meth:`Request.read` (texts in, values out, every check of presence
and of switch groups made here), ``Request.run`` (the values in, the library's result
out) and ``Request.report`` (the result as JSON data: what ``--json`` prints and the
web API answers). The command line prints its own text from the result; the web sends the
report.

>>> from riichi_lut.app import REQUESTS
>>> hint = REQUESTS["hint"]
>>> values = hint.read({"hand": "2234m506p678s5557z"})
>>> hint.report(hint.run(values))["discard"]
'7z'
>>> hint.read({})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
riichi_lut.errors.InvalidArgumentError: hand is required: e.g. "1234m5677p2345s12z" or ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError, RiichiLutError
from .params import Group, Param

__all__ = ["Request", "label_of"]


def _to_dict(result: Any) -> Any:
    return result.to_dict()


def _name(param: Param) -> str:
    return param.name


def _never(result: Any) -> bool:
    return False


@dataclass(frozen=True)
class Request:
    """One thing a user asks for: ``command`` its words on the command line
    (``("mcr", "score")``), ``route`` its web path (``None``: command line only),
    ``params`` and ``groups`` its parameters, ``run`` the computation over the read values
    and ``report`` the result as JSON data; ``failed`` says of a result that it holds
    errors (a list of hands, one of which could not be read). ``examples`` are command lines for ``--help``;
    the first one is the smoke test of every installed wheel."""

    command: tuple[str, ...]
    help: str
    params: tuple[Param, ...]
    run: Callable[[dict[str, Any]], Any]
    route: str | None = None
    groups: tuple[Group, ...] = ()
    report: Callable[[Any], Any] = _to_dict
    failed: Callable[[Any], bool] = _never
    examples: tuple[str, ...] = ()
    description: str | None = None

    @property
    def name(self) -> str:
        """The command's words: ``"mcr score"``."""
        return " ".join(self.command)

    def param(self, name: str) -> Param:
        """The parameter the library calls ``name``."""
        return next(p for p in self.params if p.name == name)

    def about(self, error: RiichiLutError) -> Param | None:
        """The parameter an error is about, if it is one of this request's."""
        return next((p for p in self.params if p.answers_for(error.parameter)), None)

    def read(self, given: Mapping[str, Any], namer: Callable[[Param], str | None] = _name) -> dict[str, Any]:
        """The values of the texts ``given`` by parameter name (absent or ``None``: not
        given; a switch's text is already ``True``/``False``), every one read, the required
        ones present and each group's rule kept. The errors this raises itself about
        several parameters call them as ``namer`` does (a shell's flags or fields)."""
        values: dict[str, Any] = {}
        for param in self.params:
            raw = given.get(param.name)
            if raw is None or (param.many and not raw):
                if param.required:
                    raise InvalidArgumentError.about(param.name, f"is required: {_example(param)}")
                raw = param.default
            values[param.name] = param.read(raw)
        for group in self.groups:
            on = [name for name in group.members if values.get(name)]
            if len(on) > 1 or (group.required and not on):
                choices = " or ".join(namer(self.param(m)) or m for m in group.members)
                problem = "takes only one of" if on else "is required: give one of"
                raise InvalidArgumentError.about(group.name, f"{problem} {choices}")
        return values


def _example(param: Param) -> str:
    """The help's example, or what kind of value the parameter takes."""
    shown = param.help.split("e.g. ", 1)
    return f"e.g. {shown[1]}" if len(shown) == 2 else param.help or "give a value"


def label_of(request: Request, error: RiichiLutError, shell: Callable[[Param], str | None]) -> str:
    """``error``'s message in a shell's words: the parameter it is about called as
    ``shell(param)`` names it (the flag, the field), a group by its description, or the
    message as it is."""
    param = request.about(error)
    if param is not None:
        label = shell(param)
        return error.worded(label) if label else str(error)
    group = next((g for g in request.groups if g.name == error.parameter), None)
    if group is not None:
        return error.worded(group.help or group.name)
    return str(error)
