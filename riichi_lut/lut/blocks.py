"""Blocks, complete block shapes and the base-5 pattern index (shared by the generator
and the runtime).

A hand splits into four *blocks* that never share a meld: the three number suits (9 kinds
each, where runs exist) and the honors (7 kinds, triplets and pairs only). A block
*pattern* is its tile-count vector ``h`` with every ``h[i]`` in 0..4.

Index: a pattern is stored at its base-5 index ``sum(h[i] * 5**i)`` (kind 0 of the block
is the least significant digit), so a suit has ``5**9 = 1,953,125`` slots and the honors
``5**7 = 78,125``. Patterns with more than 14 tiles cannot occur in a hand; tables mark
them invalid. The *rank* of a valid pattern is the number of valid patterns with a smaller
base-5 index (405,350 suit and 43,130 honor patterns).

A *complete shape* ``w`` with ``m`` melds and ``pair`` in {0, 1} is a count vector made
of ``m`` melds (triplets; runs in suits) plus ``pair`` pairs, every ``w[i] <= 4``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

__all__ = [
    "BLOCKS",
    "HONOR",
    "MAX_BLOCK_TILES",
    "MAX_MELDS",
    "SUIT",
    "Block",
    "Vector",
    "base5_index",
    "broadcast_sum",
    "complete_shapes",
    "completion",
    "digit_axis",
    "join",
    "meld_shapes",
    "min_plus",
    "tile_totals",
    "valid_mask",
]

MAX_MELDS = 4
MAX_BLOCK_TILES = 14


@dataclass(frozen=True)
class Block:
    """One kind of block: a number suit or the honors."""

    name: str
    kinds: int
    runs: bool

    @property
    def size(self) -> int:
        """Number of base-5 slots: ``5 ** kinds``."""
        return int(5**self.kinds)

    @property
    def shape(self) -> tuple[int, ...]:
        """The pattern space as an array shape; axis ``i`` is the count of kind ``i``."""
        return (5,) * self.kinds


SUIT = Block("suit", 9, True)
HONOR = Block("honor", 7, False)
BLOCKS = (SUIT, HONOR)


def meld_shapes(block: Block) -> list[tuple[int, ...]]:
    """Every meld of a block as a count vector: triplets, then runs (suits only)."""
    melds = []
    for i in range(block.kinds):
        v = [0] * block.kinds
        v[i] = 3
        melds.append(tuple(v))
    if block.runs:
        for i in range(block.kinds - 2):
            v = [0] * block.kinds
            v[i] = v[i + 1] = v[i + 2] = 1
            melds.append(tuple(v))
    return melds


@cache
def complete_shapes(block: Block, melds: int, pair: int) -> np.ndarray:
    """All complete shapes of ``melds`` melds plus ``pair`` pairs, as a sorted
    ``(n, kinds)`` uint8 array without duplicates (every count at most 4)."""
    found: set[tuple[int, ...]] = set()
    for combo in itertools.combinations_with_replacement(meld_shapes(block), melds):
        base = [sum(col) for col in zip(*combo, strict=True)] if combo else [0] * block.kinds
        if pair:
            for k in range(block.kinds):
                w = list(base)
                w[k] += 2
                if max(w) <= 4:
                    found.add(tuple(w))
        elif max(base) <= 4:
            found.add(tuple(base))
    arr = np.array(sorted(found), dtype=np.uint8).reshape(-1, block.kinds)
    arr.setflags(write=False)
    return arr


def base5_index(shapes: np.ndarray) -> np.ndarray:
    """Base-5 index of each row of an ``(n, kinds)`` count array."""
    weights = 5 ** np.arange(shapes.shape[1], dtype=np.int64)
    return shapes.astype(np.int64) @ weights


def broadcast_sum(block: Block, per_kind: np.ndarray) -> np.ndarray:
    """``out[h] = sum(per_kind[i, h[i]])`` over the whole pattern space (C order, flat
    in base-5 order)."""
    out = np.zeros(block.shape, dtype=per_kind.dtype)
    for i in range(block.kinds):
        view = [1] * block.kinds
        view[block.kinds - 1 - i] = 5  # C order: the last axis is the least significant
        out = out + per_kind[i].reshape(view)
    return out.reshape(-1)


def tile_totals(block: Block) -> np.ndarray:
    """Number of tiles of every pattern, flat in base-5 order (uint8)."""
    per_kind = np.tile(np.arange(5, dtype=np.uint8), (block.kinds, 1))
    return broadcast_sum(block, per_kind)


def valid_mask(block: Block) -> np.ndarray:
    """True where a pattern holds at most 14 tiles, flat in base-5 order."""
    return tile_totals(block) <= MAX_BLOCK_TILES


def digit_axis(block: Block, flat: np.ndarray, kind: int) -> np.ndarray:
    """View a flat base-5-ordered array as ``(high, 5, low)`` so that axis 1 is the
    count of ``kind`` (extra trailing axes of ``flat`` are kept)."""
    low = 5**kind
    high = block.size // (5 * low)
    return flat.reshape((high, 5, low) + flat.shape[1:])


def min_plus(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Requirement vectors of two disjoint groups of tiles taken together.

    ``a`` and ``b`` are ``(..., 2, 5)`` arrays ``v[pair, m]`` = tiles needed for ``m`` melds
    plus ``pair`` pairs (broadcastable against each other). The union needs, for ``M``
    melds, the best split ``i + j = M`` and, with a pair, the pair on either side:

    ``u[M] = min(a0[i] + b0[j])``, ``t[M] = min(a1[i] + b0[j], a0[i] + b1[j])``.

    >>> empty = np.array([[0, 3, 6, 9, 12], [2, 5, 8, 11, 14]])
    >>> min_plus(empty, empty).tolist()
    [[0, 3, 6, 9, 12], [2, 5, 8, 11, 14]]
    """
    a16 = a.astype(np.int16)
    b16 = b.astype(np.int16)
    shape = np.broadcast_shapes(a16.shape, b16.shape)
    out = np.full(shape, np.iinfo(np.int16).max, dtype=np.int16)
    for total in range(MAX_MELDS + 1):
        for i in range(total + 1):
            j = total - i
            np.minimum(out[..., 0, total], a16[..., 0, i] + b16[..., 0, j], out=out[..., 0, total])
            with_pair = np.minimum(a16[..., 1, i] + b16[..., 0, j], a16[..., 0, i] + b16[..., 1, j])
            np.minimum(out[..., 1, total], with_pair, out=out[..., 1, total])
    return out


Vector = tuple[int, ...]
"""A requirement vector flattened for scalar code: ``v[pair * 5 + m]``."""


def join(a: Vector, b: Vector) -> Vector:
    """:func:`min_plus` of two flat vectors in plain Python (no numpy call overhead).

    >>> empty = (0, 3, 6, 9, 12, 2, 5, 8, 11, 14)
    >>> join(empty, empty) == empty
    True
    """
    u = [min(a[i] + b[m - i] for i in range(m + 1)) for m in range(MAX_MELDS + 1)]
    t = [
        min(min(a[5 + i] + b[m - i], a[i] + b[5 + m - i]) for i in range(m + 1)) for m in range(MAX_MELDS + 1)
    ]
    return tuple(u + t)


def completion(a: Vector, b: Vector, need: int) -> int:
    """Tiles to draw for ``need`` melds and the pair from two groups together: the
    ``t[need]`` entry of ``join(a, b)`` alone."""
    return min(min(a[5 + i] + b[need - i], a[i] + b[5 + need - i]) for i in range(need + 1))
