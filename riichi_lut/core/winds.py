"""Winds as the user writes them: ``"E"``, ``"S"``, ``"W"``, ``"N"`` in either case.

Shared by the Riichi and the Chinese Official facts of a win (seat and round/prevalent
wind). Nothing else is a wind: not ``"2z"``, not a tile kind like ``28``.

>>> wind_index("s", "seat_wind"), WIND_LETTERS[3]
(1, 'N')
"""

from __future__ import annotations

from ..errors import InvalidSituationError, quote

__all__ = ["WIND_FORMS", "WIND_INDEX", "WIND_LETTERS", "wind_index"]

WIND_LETTERS = ("E", "S", "W", "N")
WIND_INDEX = {letter: i for i, letter in enumerate(WIND_LETTERS)} | {
    letter.lower(): i for i, letter in enumerate(WIND_LETTERS)
}
WIND_FORMS = "'E', 'S', 'W' or 'N' (either case)"


def wind_index(value: object, name: str) -> int:
    """A wind given as "E"/"S"/"W"/"N" (either case) -> 0..3 (East = 0).

    >>> wind_index("s", "seat_wind")
    1
    """
    index = WIND_INDEX.get(value) if isinstance(value, str) else None
    if index is None:
        raise InvalidSituationError.about(name, f"must be {WIND_FORMS}, got {quote(value)}")
    return index
