"""Alias tables of the exact deal sampler (``riichi_lut.sim.alias``), built offline.

A deal of ``t`` tiles (13 or 14) from the 136 tiles is drawn in two stages, both exact:

1. the *split* ``(a, b, c, d)`` of its tiles over man, pin, sou and the honors, one of
   the splits with ``a + b + c + d = t``, of weight ``C(36, a) C(36, b) C(36, c) C(28, d)``
   (the number of deals with that split; the weights add up to ``C(136, t)``);
2. each block's count pattern among the patterns of its size ``s``, of weight
   ``prod_i C(4, k_i)`` (the number of ways to hold it; they add up to ``C(36, s)`` for a
   suit, ``C(28, s)`` for the honors).

Each distribution is one *alias table* in exact integers (Vose's construction): ``N =
2**bits >= n`` columns for ``n`` outcomes, weights scaled to ``w_i * N / g`` with ``g =
gcd(sum w, N)`` so that every column holds the same integer *capacity* ``C = sum w / g``;
column ``j`` keeps its own outcome (the ``j``-th) below its integer *threshold* and its
*alias* above it. A uniform column and a uniform integer in ``[0, C)`` give outcome ``i``
with probability exactly ``w_i / sum w``. Columns past ``n`` hold threshold 0.

Tables (``docs/tables.md``): per block kind, the tables of sizes 0..14 concatenated,
``deal_<kind>_threshold`` and ``deal_<kind>_alias`` (the alias as the rank of the pattern
among those of its size, in base-5 order) and ``deal_<kind>_layout[size] = (first
column, bits, capacity)``; per deal size ``t``, ``deal<t>_splits`` (the splits in
lexicographic order), ``deal<t>_split_threshold``, ``deal<t>_split_alias`` and
``deal<t>_split_layout`` (one row). ``riichi_lut.tablegen.verify.check_deal_tables``
recomputes every weight the tables encode.
"""

from __future__ import annotations

import math

import numpy as np

from ..lut.alias import alias_table
from ..lut.blocks import HONOR, MAX_BLOCK_TILES, SUIT, Block, tile_totals

__all__ = [
    "DEAL_SIZES",
    "KIND_TILES",
    "alias_table",
    "block_size_tables",
    "deal_tables",
    "pattern_weights",
    "split_table",
    "splits",
]

DEAL_SIZES = (13, 14)
"""Deal sizes with alias tables (others are drawn by numpy's hypergeometric sampler)."""
KIND_TILES = {SUIT.name: 36, HONOR.name: 28}
"""Tiles of each block kind in the wall: 9 or 7 kinds, four copies each."""


def pattern_weights(block: Block) -> tuple[np.ndarray, np.ndarray]:
    """Tile totals and ``prod_i C(4, k_i)`` of every base-5 pattern of a block (int64)."""
    ways = np.array([math.comb(4, k) for k in range(5)], dtype=np.int64)
    index = np.arange(block.size, dtype=np.int64)
    weight = np.ones(block.size, dtype=np.int64)
    for kind in range(block.kinds):
        weight *= ways[(index // 5**kind) % 5]
    return tile_totals(block).astype(np.int64), weight


def block_size_tables(block: Block) -> dict[str, np.ndarray]:
    """The concatenated alias tables of one block kind, sizes 0..14."""
    totals, weight = pattern_weights(block)
    thresholds: list[int] = []
    aliases: list[int] = []
    layout = []
    for size in range(MAX_BLOCK_TILES + 1):
        patterns = np.flatnonzero(totals == size)
        bits, capacity, thr, alias = alias_table(weight[patterns].tolist())
        layout.append((len(thresholds), bits, capacity))
        thresholds += thr
        aliases += alias
    name = f"deal_{block.name}"
    return {
        f"{name}_threshold": np.array(thresholds, dtype=np.uint32),
        f"{name}_alias": np.array(aliases, dtype=np.uint32),
        f"{name}_layout": np.array(layout, dtype=np.uint64),
    }


def splits(tiles: int) -> list[tuple[int, int, int, int]]:
    """Every ``(man, pin, sou, honors)`` with ``tiles`` tiles in all, lexicographic.

    >>> len(splits(13)), splits(13)[:2]
    (560, [(0, 0, 0, 13), (0, 0, 1, 12)])
    """
    return [
        (a, b, c, tiles - a - b - c)
        for a in range(tiles + 1)
        for b in range(tiles + 1 - a)
        for c in range(tiles + 1 - a - b)
    ]


def split_table(tiles: int) -> dict[str, np.ndarray]:
    """The splits of a deal of ``tiles`` tiles and their alias table."""
    rows = splits(tiles)
    suit, honor = KIND_TILES[SUIT.name], KIND_TILES[HONOR.name]
    weights = [
        math.comb(suit, a) * math.comb(suit, b) * math.comb(suit, c) * math.comb(honor, d)
        for a, b, c, d in rows
    ]
    bits, capacity, thr, alias = alias_table(weights)
    name = f"deal{tiles}_split"
    return {
        f"deal{tiles}_splits": np.array(rows, dtype=np.uint8),
        f"{name}_threshold": np.array(thr, dtype=np.uint64),
        f"{name}_alias": np.array(alias, dtype=np.uint16),
        f"{name}_layout": np.array([(0, bits, capacity)], dtype=np.uint64),
    }


def deal_tables() -> dict[str, np.ndarray]:
    """Every table of the deal sampler, keyed by name."""
    out = block_size_tables(SUIT) | block_size_tables(HONOR)
    for tiles in DEAL_SIZES:
        out |= split_table(tiles)
    return out
