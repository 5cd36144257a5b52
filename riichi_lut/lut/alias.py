"""Exact alias tables (Walker / Vose) over positive integer weights, in Python integers:
built offline for the four-player deal sampler (``riichi_lut.tablegen.deals``, stored in
``tables/``) and at first use for the three-player one (``riichi_lut.sim.sanma_weights``);
the sampler's draw is in :mod:`riichi_lut.sim.alias`."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["alias_table"]


def alias_table(weights: Sequence[int]) -> tuple[int, int, list[int], list[int]]:
    """``(bits, capacity, thresholds, aliases)`` of an exact alias table over positive
    integer ``weights``: ``2**bits`` columns, column ``j`` gives outcome ``j`` for a
    uniform ``u < thresholds[j]`` in ``[0, capacity)`` and ``aliases[j]`` otherwise.

    >>> alias_table([1, 3])
    (1, 2, [1, 2], [1, 1])
    """
    n = len(weights)
    bits = (n - 1).bit_length()
    columns = 1 << bits
    total = sum(weights)
    common = math.gcd(total, columns)
    capacity, scale = total // common, columns // common
    left = [w * scale for w in weights] + [0] * (columns - n)
    thresholds = [capacity] * columns
    aliases = list(range(columns))
    small = [j for j in range(columns) if left[j] < capacity]
    large = [j for j in range(columns) if left[j] >= capacity]
    while small and large:
        low, high = small.pop(), large.pop()
        thresholds[low], aliases[low] = left[low], high
        left[high] -= capacity - left[low]
        (small if left[high] < capacity else large).append(high)
    for j in small + large:  # exact arithmetic: whatever is left is full
        if left[j] != capacity:
            raise AssertionError(f"alias table: column {j} left with {left[j]} of {capacity}")
    return bits, capacity, thresholds, aliases
