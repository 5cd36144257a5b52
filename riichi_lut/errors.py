"""Exception types of riichi-lut.

Every error raised on purpose by the library is a subclass of :class:`RiichiLutError`.
Where the caller's input is at fault the class also subclasses :class:`ValueError`, so
``except ValueError`` keeps working for code that does not know this library.

Messages name what is wrong and where: the position in a notation string, the tile kind,
the row of a batch array, the table file and how to rebuild it. They quote at most
:data:`QUOTE_LIMIT` characters of the input (:func:`quote`), so a 10,000-character bad
hand gives a one-line message that still points at the culprit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "QUOTE_LIMIT",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidHandError",
    "InvalidSituationError",
    "LocatedError",
    "LogFormatError",
    "NotAWinError",
    "ReplayMismatchError",
    "RiichiLutError",
    "TableError",
    "TileParseError",
    "clip",
    "describe",
    "quote",
]

QUOTE_LIMIT = 80
"""Characters of the caller's input an error message quotes at most."""

_ELLIPSIS = "…"
_MAX_INT_BITS = 256  # larger ints are described by size: their decimal text is no help


def clip(text: str, limit: int = QUOTE_LIMIT, *, around: int | None = None) -> str:
    """``text`` cut to a window of at most ``limit`` characters, ``…`` marking each cut.

    The window starts at the beginning, or is centred on index ``around`` (the culprit
    of a parse error), so that what it shows is what the message is about.

    >>> clip("123m")
    '123m'
    >>> clip("1m" * 100, limit=10)
    '1m1m1m1m1…'
    >>> clip("1m" * 50 + "x" + "1m" * 50, limit=11, around=100)
    '…1m1mx1m1m…'
    """
    if len(text) <= limit:
        return text
    width = max(limit - 2, 1)  # room for an ellipsis at each end
    if around is None:
        return text[: limit - 1] + _ELLIPSIS
    start = min(max(around - width // 2, 0), len(text) - width)
    end = start + width
    head = _ELLIPSIS if start > 0 else ""
    tail = _ELLIPSIS if end < len(text) else ""
    if not head:
        end += 1  # no cut at the start: the window may use its room
    elif not tail:
        start -= 1
    return head + text[start:end] + tail


def quote(value: object, limit: int = QUOTE_LIMIT, *, around: int | None = None) -> str:
    """The caller's ``value`` as a message quotes it: ``repr`` of a string cut by
    :func:`clip` (centred on ``around`` if given), the ``repr`` of anything else cut to
    ``limit`` characters.

    >>> quote("12m3")
    "'12m3'"
    >>> len(quote("5m" * 5000)) <= 82
    True
    >>> quote(list(range(1000)), limit=12)
    '[0, 1, 2, 3…'
    >>> quote(2**1000)
    'an int of 1001 bits'
    """
    if isinstance(value, str):
        return repr(clip(value, limit, around=around))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _MAX_INT_BITS:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        text = f"<{type(value).__name__} object>"
    return clip(text, limit)


def describe(value: object) -> str:
    """What a message says was given instead of the expected thing: ``None``, or the
    type and the (quoted) value.

    >>> describe(None), describe(3.5), describe(True)
    ('None', 'float 3.5', 'bool True')
    """
    if value is None:
        return "None"
    return f"{type(value).__name__} {quote(value)}"


def _joined(name: str, detail: str) -> str:
    """``name`` and ``detail`` with a space, none before ``=`` or ``:`` (``n=10``)."""
    return f"{name}{detail}" if detail[:1] in ("=", ":") else f"{name} {detail}"


class RiichiLutError(Exception):
    """Base class of every error raised by riichi-lut.

    ``parameter`` names the caller's parameter the error is about (``"seat_wind"``,
    ``"riichi_sticks"``), or is ``None``; ``detail`` is the message without that name in
    front of it, or ``None`` when the message is not worded that way. An error made with
    :meth:`about` has both: its text is ``f"{parameter} {detail}"`` (no space before a
    detail that starts with ``=`` or ``:``: ``n=10 ...``), and a shell that
    calls the parameter something else (a command-line flag, a form field) words it with
    :meth:`worded` instead of rewriting the text.

    >>> error = InvalidSituationError.about("seat_wind", "must be E, S, W or N, got 'X'")
    >>> str(error), error.parameter
    ("seat_wind must be E, S, W or N, got 'X'", 'seat_wind')
    >>> error.worded("--seat")
    "--seat must be E, S, W or N, got 'X'"
    >>> InvalidArgumentError.about("n", "=10 deals is too many").worded("--n")
    '--n=10 deals is too many'
    >>> InvalidArgumentError("a message about nothing in particular").worded("--seat")
    'a message about nothing in particular'
    """

    parameter: str | None = None
    detail: str | None = None

    @classmethod
    def about(cls, parameter: str, detail: str, *args: Any, **kwargs: Any) -> Self:
        """The error ``f"{parameter} {detail}"`` about ``parameter``; extra arguments go to
        the class (``row=`` of :class:`InvalidHandError`)."""
        error = cls(_joined(parameter, detail), *args, **kwargs)
        error.parameter = parameter
        error.detail = detail
        return error

    def worded(self, name: str) -> str:
        """The message with the parameter called ``name``: ``f"{name} {detail}"`` for an
        error made by :meth:`about`, ``f"{name}: {message}"`` for one that only knows its
        parameter (a parse error of one field's text), else the message as it is."""
        if self.parameter is None:
            return str(self)
        if self.detail is not None:
            return _joined(name, self.detail)
        return f"{name}: {self}"


class TileParseError(RiichiLutError, ValueError):
    """Tile or hand notation that cannot be read.

    ``text`` is the string that was parsed, ``position`` the 0-based index of the
    offending character (``None`` when the error is about the string as a whole) and
    ``reason`` the message without the location. A long ``text`` is quoted as a window
    around ``position`` (:func:`quote`); the position stays the index into the whole text.

    >>> str(TileParseError("unknown character 'x'", "1m" * 500 + "x", 1000))[:57]
    "unknown character 'x' (at position 1000 of 1001 in '…1m1m"
    """

    def __init__(
        self,
        message: str,
        text: str = "",
        position: int | None = None,
        *,
        parameter: str | None = None,
        subject: str | None = None,
    ) -> None:
        self.text = text
        self.position = position
        self.reason = message
        self.parameter = parameter
        if text:
            where = "" if position is None else f"at position {position} "
            size = f"of {len(text)} " if where and len(text) > QUOTE_LIMIT else ""
            message = f"{message} ({where}{size}in {quote(text, around=position)})"
        self.located = message
        super().__init__(f"{subject}: {message}" if subject else message)

    def worded(self, name: str) -> str:
        """``f"{name}: {message}"``, the message without the library's own name for the text
        (``subject``) when the error knows its parameter.

        >>> error = TileParseError(
        ...     "unknown character 'x'", "1x", 1, parameter="other", subject="visible other"
        ... )
        >>> str(error)
        "visible other: unknown character 'x' (at position 1 in '1x')"
        >>> error.worded("--visible")
        "--visible: unknown character 'x' (at position 1 in '1x')"
        """
        return str(self) if self.parameter is None else f"{name}: {self.located}"


class InvalidHandError(RiichiLutError, ValueError):
    """Tiles that cannot form a hand: a fifth copy, a malformed call, a tile count that
    does not fit the number of calls, a batch row out of range, visible tiles that push a
    kind above four copies.

    ``row`` is the index of the first bad row for batch inputs, else ``None``.
    """

    def __init__(self, message: str, row: int | None = None) -> None:
        self.row = row
        super().__init__(message)


class InvalidArgumentError(RiichiLutError, ValueError):
    """An option out of its range that is not about tiles: a thread count, a seed, a size."""


class InvalidSituationError(RiichiLutError, ValueError):
    """Contradictory or missing facts about how a hand was won (flags, winds, tiles)."""


class NotAWinError(RiichiLutError, ValueError):
    """A hand given to scoring that is not a win: not complete, or complete without a
    yaku (dora alone never make a win). The message says which."""


class TableError(RiichiLutError):
    """The lookup tables are missing, truncated, corrupted or of another version.

    The message names the file and what to do: in a checkout, rebuild with
    ``python build_tables.py``; for an installed package, reinstall riichi-lut; when the
    directory comes from ``RIICHI_LUT_TABLES``, it says so.
    """


def _place(source: str | None, round: str | None, event: str | None) -> str:
    """``"game.mjlog, round E2-1, event 37 (<D12/>)"``: the parts that are known."""
    parts = [part for part in (source, round and f"round {round}", event and f"event {event}") if part]
    return ", ".join(parts)


class LocatedError(RiichiLutError):
    """An error about a place in a game log: ``source`` names the file (or ``"<text>"``),
    ``round`` the hand (``"E2-1"``: East 2, one honba) and ``event`` the event in it (its
    index and text), each ``None`` when not known; ``reason`` is the message without them."""

    def __init__(
        self, reason: str, *, source: str | None = None, round: str | None = None, event: str | None = None
    ) -> None:
        self.reason = reason
        self.source = source
        self.round = round
        self.event = event
        place = _place(source, round, event)
        super().__init__(f"{place}: {reason}" if place else reason)


class LogFormatError(LocatedError, ValueError):
    """A game log that cannot be read: truncated, corrupted, of no known format, or
    contradicting itself (a discard of a tile the player does not hold, a meld code that
    names no meld). Where it is: :class:`LocatedError`.

    >>> str(LogFormatError("unknown tag <X/>", source="a.mjlog", round="E1-0", event="3 (<X/>)"))
    'a.mjlog, round E1-0, event 3 (<X/>): unknown tag <X/>'
    """


class IllegalActionError(LocatedError, ValueError):
    """An action that the rules do not allow in the state of the table: a discard of a tile
    not held, a chi from the wrong seat, a riichi without 1,000 points. In a replay,
    ``round`` and ``event`` say where the log asked for it (:class:`LocatedError`)."""


class ReplayMismatchError(LocatedError):
    """A replayed game whose log says one thing where the engine computed another: a draw,
    a dora indicator, a win's han, fu, points or yaku, a score change, the next round's
    scores, the final points. ``what`` names the fact, ``recorded`` and ``computed`` are the
    two values, ``round`` and ``event`` say where.

    >>> str(ReplayMismatchError("points", 8000, 7700, source="a.mjlog", round="S3-0", event="AGARI"))
    'a.mjlog, round S3-0, event AGARI: points: the log says 8000, the engine computes 7700'
    """

    def __init__(
        self,
        what: str,
        recorded: object,
        computed: object,
        *,
        source: str | None = None,
        round: str | None = None,
        event: str | None = None,
    ) -> None:
        self.what = what
        self.recorded = recorded
        self.computed = computed
        reason = f"{what}: the log says {recorded}, the engine computes {computed}"
        super().__init__(reason, source=source, round=round, event=event)
