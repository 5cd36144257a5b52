"""Exception types of riichi-lut.

Every error raised on purpose by the library is a subclass of :class:`RiichiLutError`.
Where the caller's input is at fault the class also subclasses :class:`ValueError`, so
``except ValueError`` keeps working for code that does not know this library.

Messages name what is wrong and where: the position in a notation string, the tile kind,
the row of a batch array, the table file and how to rebuild it.
"""

from __future__ import annotations


class RiichiLutError(Exception):
    """Base class of every error raised by riichi-lut."""


class TileParseError(RiichiLutError, ValueError):
    """Tile or hand notation that cannot be read.

    ``text`` is the string that was parsed and ``position`` the 0-based index of the
    offending character (``None`` when the error is about the string as a whole).
    """

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        if position is not None and text:
            message = f"{message} (at position {position} in {text!r})"
        elif text:
            message = f"{message} (in {text!r})"
        super().__init__(message)


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

    The message names the file and says how to rebuild: ``python build_tables.py``.
    """
