"""A request's parameters, declared once for both shells.

A :class:`Param` holds everything the command line and the web page need to know of one
parameter: the library's name for it (``seat_wind``), its value type (a reader from text),
its default, its help, the command-line flag (``--seat``) and the web field (``seat``).
The shells only carry text: the command line hands over what ``argparse`` collected, the
web what the query string holds, and :meth:`Param.read` turns it into the value, raising
an error about the parameter (:meth:`~riichi_lut.errors.RiichiLutError.about`) that each
shell words with its own name for it.

>>> honba = Param("honba", reader=whole_number(), default="0", help="honba counters")
>>> honba.flag, honba.field, honba.read("3")
('--honba', 'honba', 3)
>>> honba.read("x")
Traceback (most recent call last):
...
riichi_lut.errors.InvalidArgumentError: honba must be a whole number, got 'x'
>>> Param("seat_wind", flag="--seat").field
'seat'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgumentError, RiichiLutError, quote

__all__ = [
    "MAX_COUNT",
    "Group",
    "Param",
    "about",
    "choice",
    "declared",
    "key_of",
    "text",
    "whole_number",
]

#: The largest whole number a count parameter reads (a guard against a 10,000-digit
#: number; the library sets each parameter's real bound).
MAX_COUNT = 10**9


def text(value: str) -> str:
    """A text parameter: kept as given (the library reads it and says where it is wrong)."""
    return value


def whole_number(minimum: int = 0, maximum: int = MAX_COUNT) -> Callable[[str], int]:
    """A reader of a whole number from ``minimum`` to ``maximum`` (decimal digits, a sign).

    >>> whole_number()("12"), whole_number(1)(" 3 ")
    (12, 3)
    """

    def read(value: str) -> int:
        stripped = value.strip()
        digits = stripped[1:] if stripped[:1] in "+-" else stripped
        if not digits.isdigit() or not digits.isascii() or len(digits) > len(str(MAX_COUNT)):
            raise ValueError(f"must be a whole number, got {quote(value)}")
        number = int(stripped)
        if number < minimum:
            raise ValueError(f"must be an int >= {minimum}, got {number}")
        if number > maximum:
            raise ValueError(f"must be at most {maximum}, got {number}")
        return number

    read.__name__ = "whole number"
    return read


def key_of(name: str) -> str:
    """A name as choices compare it: case, spaces, ``-`` and ``_`` ignored.

    >>> key_of("Mahjong-Soul") == key_of("MAHJONG_SOUL") == key_of("mahjong soul")
    True
    """
    return "".join(c for c in name.casefold() if c not in " -_")


class choice:  # noqa: N801 (a reader, named as the other readers are)
    """A reader of one of ``names`` in any case (spaces, ``-`` and ``_`` ignored); it gives
    the name as declared (``3`` for ``choice(3, 4)``); ``names`` lists them for a form.

    >>> choice(3, 4)("3"), choice("2006", "1998")(" 1998"), choice(3, 4).names
    (3, '1998', (3, 4))
    """

    def __init__(self, *names: Any) -> None:
        self.names = names
        self._keys = {key_of(str(name)): name for name in names}

    def __call__(self, value: str) -> Any:
        found = self._keys.get(key_of(value))
        if found is None:
            shown = ", ".join(map(str, self.names))
            raise ValueError(f"must be one of {shown} (any case), got {quote(value)}")
        return found


@dataclass(frozen=True)
class Param:
    """One parameter of a request.

    ``name`` is the library's name (the ``parameter`` of its errors); ``flag`` the
    command-line option (``--`` and the name with ``-`` for ``_`` unless given; ``None``
    with ``positional``), ``field`` the web query parameter (the flag without its dashes,
    or ``q`` for the hand). ``reader`` turns the text into the value (``None`` for a switch,
    whose value is ``True``/``False``); ``default`` is the text read when the parameter is
    absent (``None``: no value, or required when ``required``). ``many``: a positional
    that takes one or more texts (a list). ``also``: other names the library uses for it
    in its errors (``other`` of :class:`~riichi_lut.core.visible.Visible` is ``--visible``).
    """

    name: str
    reader: Callable[[str], Any] | None = text
    default: str | None = None
    help: str = ""
    flag: str | None = ""
    field: str = ""
    metavar: str | None = None
    required: bool = False
    positional: bool = False
    many: bool = False
    also: tuple[str, ...] = ()
    cli_only: bool = False

    def __post_init__(self) -> None:
        flag = None if self.positional else self.flag or "--" + self.name.replace("_", "-")
        object.__setattr__(self, "flag", flag)
        if not self.field:
            object.__setattr__(self, "field", flag[2:] if flag else self.name)

    @property
    def switch(self) -> bool:
        """On or off: ``--riichi`` on the command line, ``riichi=1`` on the web."""
        return self.reader is None

    def answers_for(self, parameter: str | None) -> bool:
        """Whether an error about the library's ``parameter`` is about this one."""
        return parameter is not None and (parameter == self.name or parameter in self.also)

    def read(self, value: Any) -> Any:
        """The value of the text ``value`` (a list of texts with ``many``; a bool for a
        switch), or an error about this parameter."""
        if self.switch:
            return bool(value)
        if value is None:
            return None
        if self.many:
            return [self._read_one(v) for v in value]
        return self._read_one(value)

    def _read_one(self, value: str) -> Any:
        assert self.reader is not None
        try:
            return self.reader(value)
        except ValueError as error:
            if isinstance(error, RiichiLutError):
                if error.parameter is None:
                    error.parameter = self.name
                raise
            raise InvalidArgumentError.about(self.name, str(error)) from None


@dataclass(frozen=True)
class Group:
    """Switches of which at most one is on (``required``: exactly one), e.g. ``--tsumo`` /
    ``--ron``. ``name`` is the library's name of what they decide (``tsumo``)."""

    name: str
    members: tuple[str, ...]
    required: bool = False
    help: str = field(default="")


@contextmanager
def about(parameter: str) -> Iterator[None]:
    """An error raised inside that names no parameter is about ``parameter`` (a parse
    error of that parameter's text keeps its message and position).

    >>> from riichi_lut.core.tiles import parse_tiles
    >>> try:
    ...     with about("dora_indicators"):
    ...         parse_tiles("1x")
    ... except RiichiLutError as error:
    ...     error.parameter, error.worded("--dora")[:29]
    ('dora_indicators', "--dora: unknown character 'x'")
    """
    try:
        yield
    except RiichiLutError as error:
        if error.parameter is None:
            error.parameter = parameter
        raise


def declared(params: Sequence[Param], name: str) -> Param:
    """The parameter called ``name`` (a programming error if there is none)."""
    return next(p for p in params if p.name == name)
