"""Checks of plain arguments that every layer shares: a count in a range, a flag.

One rule for every entry point: numpy integers count as ints and numpy bools as bools;
a bool is not a count, and a float, a string or ``None`` is neither. The caller names the
argument and the error type (:class:`~riichi_lut.errors.InvalidArgumentError` for an
option, :class:`~riichi_lut.errors.InvalidSituationError` for a fact of a win).

>>> as_count(3, "workers", 1), as_flag(True, "riichi")
(3, True)
>>> as_count(True, "n")
Traceback (most recent call last):
...
riichi_lut.errors.InvalidArgumentError: n must be an int >= 0, got True
"""

from __future__ import annotations

import numpy as np

from ..errors import InvalidArgumentError, RiichiLutError, quote

__all__ = ["as_count", "as_flag"]


def as_count(
    value: object,
    name: str,
    minimum: int = 0,
    maximum: int | None = None,
    *,
    error: type[RiichiLutError] = InvalidArgumentError,
) -> int:
    """``value`` as a Python int of at least ``minimum`` and at most ``maximum``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise error.about(name, f"must be an int >= {minimum}, got {quote(value)}")
    if maximum is not None and value > maximum:
        raise error.about(name, f"must be at most {maximum}, got {quote(value)}")
    return int(value)


def as_flag(value: object, name: str, *, error: type[RiichiLutError] = InvalidArgumentError) -> bool:
    """``value`` as a bool: ``True`` or ``False`` (a numpy bool counts), nothing else."""
    if value is True or value is False:
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    raise error.about(name, f"must be True or False, got {quote(value)}")
