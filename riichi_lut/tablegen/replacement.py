"""Exact per-block replacement numbers and the necessary / unnecessary tile masks.

For a block pattern ``h``, ``m`` melds and ``pair`` in {0, 1}, the replacement number is

    d(h; m, pair) = min over complete shapes w of  sum_i max(0, w[i] - h[i])

(the number of tiles to draw to complete ``m`` melds and ``pair`` pairs inside the block;
every ``w[i] <= 4``, so a fifth copy is never assumed). Summed over the four blocks and
minimised over the ways to share the melds and the pair, it is the replacement number of a
whole hand, and shanten = r - 1 (tomohxx, "A new algorithm for computing shanten"; Nyanten).

Method (all patterns at once, numpy over the 5**kinds grid):

* ``sum_i max(0, w_i - h_i) = |w| - sum_i min(w_i, h_i)``, and ``min(w, h)`` is a
  *partial shape*: a sub-multiset of a complete shape. So ``d = |w| - best(h)`` where
  ``best(h)`` is the largest partial shape contained in ``h``.
* The partial shapes are the downward closure of the complete shapes: a reversed
  cumulative OR along each axis of the grid.
* ``best`` is a cumulative maximum along each axis of ``where(partial, size, -1)``: the
  maximum over all sub-patterns of ``h`` (the product order is a lattice of 9 chains).

A second, independent derivation (a single-tile Bellman recursion) checks every entry in
``riichi_lut.tablegen.verify``.

Masks, per (pattern, pair, m), bit ``i`` set for kind ``i`` of the block:

* *necessary*: ``h[i] < 4`` and ``d(h + e_i) < d(h)`` (drawing it lowers the count),
* *unnecessary*: ``h[i] > 0`` and ``d(h - e_i) == d(h)`` (discarding it costs nothing).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..lut.blocks import MAX_MELDS, Block, base5_index, complete_shapes, digit_axis, tile_totals

Progress = Callable[[str], None]


def _noop(_: str) -> None:
    pass


def replacement_numbers(block: Block, progress: Progress = _noop) -> np.ndarray:
    """``d[h, pair, m]`` for every pattern of the block's full 5**kinds grid, int8."""
    totals = tile_totals(block).astype(np.int8).reshape(block.shape)
    out = np.empty((block.size, 2, MAX_MELDS + 1), dtype=np.int8)
    for pair in (0, 1):
        for melds in range(MAX_MELDS + 1):
            progress(f"{block.name} m={melds} pair={pair}")
            shapes = complete_shapes(block, melds, pair)
            flat = np.zeros(block.size, dtype=bool)
            flat[base5_index(shapes)] = True
            partial: np.ndarray = flat.reshape(block.shape)
            for axis in range(block.kinds):
                flipped = np.flip(partial, axis)
                partial = np.flip(np.logical_or.accumulate(flipped, axis=axis), axis)
            best = np.where(partial, totals, np.int8(-1))
            for axis in range(block.kinds):
                best = np.maximum.accumulate(best, axis=axis)
            out[:, pair, melds] = (3 * melds + 2 * pair - best).reshape(-1)
    return out


def tile_masks(block: Block, d: np.ndarray) -> np.ndarray:
    """``masks[h, which, pair, m]`` (uint16) from the full-grid replacement numbers ``d``;
    ``which`` 0 = necessary tiles, 1 = unnecessary tiles."""
    necessary = np.zeros(d.shape, dtype=np.uint16)
    unnecessary = np.zeros(d.shape, dtype=np.uint16)
    for kind in range(block.kinds):
        dv = digit_axis(block, d, kind)
        lower, upper = dv[:, :4], dv[:, 1:]
        bit = np.uint16(1 << kind)
        nv = digit_axis(block, necessary, kind)
        uv = digit_axis(block, unnecessary, kind)
        nv[:, :4] |= np.where(upper < lower, bit, np.uint16(0))
        uv[:, 1:] |= np.where(upper == lower, bit, np.uint16(0))
    return np.stack([necessary, unnecessary], axis=1)
