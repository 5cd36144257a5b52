"""Exact integer weights of three-player (sanma) deals, and the exact alias construction
the sampler builds their tables with (:mod:`riichi_lut.sim.alias`, ``players=3``).

The 108-tile wall has no 2m-8m, so a deal's split ``(a, b, c, d)`` over man, pin, sou
and the honors weighs ``C(8, a) C(36, b) C(36, c) C(28, d)``, and the man block's
patterns (1m and 9m, 0-4 copies each) weigh ``C(4, c1m) C(4, c9m)``. Pin, sou and the
honors keep the four-player tables. These tables are small (at most 624 outcomes) and
built in Python integers when first used, by the alias construction the offline
generator uses for the four-player tables (:func:`riichi_lut.lut.alias.alias_table`).

>>> sum(w for _, w in split_weights(14, 3)) == math.comb(108, 14)
True
"""

from __future__ import annotations

import math

import numpy as np

from ..lut.blocks import SUIT

__all__ = [
    "THREE_PLAYER_MAN_TILES",
    "man_pattern_weights_3p",
    "man_totals_3p",
    "split_weights",
]

THREE_PLAYER_MAN_TILES = 8
"""Man tiles of the three-player wall: four 1m and four 9m."""


def split_weights(tiles: int, players: int = 4) -> list[tuple[tuple[int, int, int, int], int]]:
    """Every split ``(man, pin, sou, honors)`` of a deal of ``tiles`` tiles, in
    lexicographic order, with its number of deals: ``C(M, a) C(36, b) C(36, c) C(28, d)``,
    ``M`` the man tiles of the wall (36, or 8 for ``players=3``: 1m and 9m only). The
    weights add up to ``C(136, tiles)`` or ``C(108, tiles)``.

    >>> sum(w for _, w in split_weights(13, 3)) == math.comb(108, 13)
    True
    """
    man = THREE_PLAYER_MAN_TILES if players == 3 else 36
    return [
        ((a, b, c, d), math.comb(man, a) * math.comb(36, b) * math.comb(36, c) * math.comb(28, d))
        for a in range(min(man, tiles) + 1)
        for b in range(tiles + 1 - a)
        for c in range(tiles + 1 - a - b)
        for d in (tiles - a - b - c,)
    ]


def man_totals_3p() -> np.ndarray:
    """Per base-5 suit pattern, its tiles when it holds only 1m and 9m (the three-player
    man block, 25 patterns, 0-8 tiles), else 99: the outcomes of its alias tables."""
    index = np.arange(SUIT.size, dtype=np.int64)
    c1, c9 = index % 5, index // 5**8
    return np.where(index == c1 + 5**8 * c9, c1 + c9, 99)


def man_pattern_weights_3p() -> list[list[tuple[int, int]]]:
    """Per man size 0..8 of three players, its patterns as ``(base-5 suit index, ways)``
    rows in index order, ``ways = C(4, c1m) C(4, c9m)`` (they add up to ``C(8, size)``).

    >>> man_pattern_weights_3p()[1]     # one 1m (index 1) or one 9m (index 5**8)
    [(1, 4), (390625, 4)]
    """
    totals = man_totals_3p()
    return [
        [(i, math.comb(4, i % 5) * math.comb(4, i // 5**8)) for i in np.flatnonzero(totals == size).tolist()]
        for size in range(THREE_PLAYER_MAN_TILES + 1)
    ]
