"""Rows of a batch: validation and the base-5 block indices every batch kernel starts from.

A batch is an (N, 34) integer array of concealed tile counts. ``as_count_rows`` checks it
cheaply and vectorised (shape, dtype, 0..4) before any table look-up, naming the first bad
row; ``block_indices`` turns a chunk of rows into tile totals and the four block indices
(docs/tables.md) with a few dozen numpy vector operations.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.hand import MAX_CALLS
from ..errors import InvalidHandError, quote

__all__ = [
    "as_count_rows",
    "block_indices",
    "calls_per_row",
    "check_totals",
    "first_bad_row",
]


def _horner(two: np.ndarray, top: int, bottom: int, lone_top: Any, lone_bottom: Any) -> np.ndarray:
    """Base-5 index from digit pairs ``two[top] … two[bottom]`` (each ``c + 5 * c'``, so
    base 25), with an optional lone kind above the top pair or below the bottom one.
    Two pairs at a time are joined in uint16 (<= 624); only the last steps run in uint32.
    """
    digits: list[tuple[np.ndarray, int]] = []  # (value, its base), most significant first
    if lone_top is not None:
        digits.append((lone_top, 5))
    j = top
    while j >= bottom:
        if j - 1 >= bottom:
            quad = two[j] * np.uint16(25)
            quad += two[j - 1]
            digits.append((quad, 625))
            j -= 2
        else:
            digits.append((two[j], 25))
            j -= 1
    if lone_bottom is not None:
        digits.append((lone_bottom, 5))
    acc = digits[0][0].astype(np.uint32)
    for value, base in digits[1:]:
        acc *= np.uint32(base)
        acc += value
    return acc


def block_indices(rows: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """Tile totals and the base-5 index of each block of ``rows`` (n, 34) uint8.

    The rows are read as 17 little-endian uint16 per hand (kinds 2j and 2j+1), transposed
    to (17, n) so that every step is a contiguous vector operation, and folded two digits
    at a time, ``c[2j] + 5 * c[2j+1]``, then by Horner's rule in base 25. Plain numpy on
    purpose: a float32 matrix product would go through OpenBLAS, whose worker threads
    stall badly whenever another process holds a core.
    """
    pairs = np.ascontiguousarray(rows.view("<u2").T)
    # sum of (low + 256 * high) over the 17 pairs: both byte sums stay below 256
    both = pairs.sum(axis=0, dtype=np.uint16)
    totals = (both & np.uint16(0xFF)) + (both >> 8)
    high = pairs >> 8
    two = pairs - high * np.uint16(251)  # low + 256 * high - 251 * high = low + 5 * high
    low4, low13 = pairs[4] & np.uint16(0xFF), pairs[13] & np.uint16(0xFF)
    return totals, [
        _horner(two, 3, 0, low4, None),  # man: kinds 0-7 in pairs 0-3, kind 8 low in 4
        _horner(two, 8, 5, None, high[4]),  # pin: kind 9 high in pair 4, kinds 10-17 in 5-8
        _horner(two, 12, 9, low13, None),  # sou: kinds 18-25 in pairs 9-12, kind 26 low in 13
        _horner(two, 16, 14, None, high[13]),  # honors: kind 27 high in 13, kinds 28-33 in 14-16
    ]


def first_bad_row(bad: Any, offset: int = 0) -> int:
    """The index (plus ``offset``, a chunk's first row) of the first true entry of ``bad``."""
    return offset + int(np.flatnonzero(bad)[0])


def as_count_rows(counts: Any, name: str = "counts") -> np.ndarray:
    """``counts`` as a C-contiguous (N, 34) uint8 array with every entry 0..4, copying
    only when the dtype or layout requires it. Raises :class:`InvalidHandError` naming
    the first bad row."""
    array = counts if isinstance(counts, np.ndarray) else np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != 34:
        raise InvalidHandError(f"{name} must have shape (N, 34), got {array.shape}")
    if array.dtype.kind not in "iu":
        raise InvalidHandError(f"{name} must have an integer dtype, got {array.dtype}")
    if array.dtype != np.uint8 and len(array):
        negative = (array < 0).any(axis=1)
        if negative.any():
            row = first_bad_row(negative, 0)
            raise InvalidHandError(f"{name} row {row}: negative count", row=row)
    if len(array) and array.max() > 4:
        row = first_bad_row((array > 4).any(axis=1), 0)
        kind = int(np.flatnonzero(array[row] > 4)[0])
        raise InvalidHandError(
            f"{name} row {row}: kind {kind} has {int(array[row, kind])} copies (at most 4)", row=row
        )
    return np.ascontiguousarray(array, dtype=np.uint8)


def calls_per_row(melds: Any, n: int) -> np.ndarray | int:
    if isinstance(melds, (int, np.integer)) and not isinstance(melds, bool):
        if not 0 <= melds <= MAX_CALLS:
            raise InvalidHandError(f"melds must be 0..{MAX_CALLS}, got {quote(int(melds))}")
        return int(melds)
    calls = np.asarray(melds)
    if calls.shape != (n,) or calls.dtype.kind not in "iu":
        raise InvalidHandError(
            f"melds must be an int or an integer array of shape ({n},), got {calls.dtype} {calls.shape}"
        )
    bad = (calls < 0) | (calls > MAX_CALLS)
    if bad.any():
        row = first_bad_row(bad, 0)
        raise InvalidHandError(f"melds row {row}: {int(calls[row])} calls (0..{MAX_CALLS})", row=row)
    return calls.astype(np.intp)


def check_totals(
    totals: np.ndarray, calls: np.ndarray | int, offset: int, sizes: tuple[int, ...] = (13, 14)
) -> None:
    """Every row holds one of ``sizes`` tiles counting each call as three."""
    expected = totals + 3 * calls
    bad = expected != sizes[0]
    for size in sizes[1:]:
        bad &= expected != size
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        k = calls if isinstance(calls, int) else int(calls[i])
        row = offset + i
        wanted = " or ".join(str(size - 3 * k) for size in sizes)
        raise InvalidHandError(
            f"counts row {row}: {int(totals[i])} tiles with {k} calls (expected {wanted})", row=row
        )
