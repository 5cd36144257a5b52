"""The combination principles of MCR scoring (番种计分原则).

- **Account once** (一次原则) for the fans that combine chows: a chow already combined with
  another for a fan cannot be combined again with a chow that is already used, so the
  chow pairs scored form a forest (each new pair brings one unused chow); a 3-chow fan
  leaves the fourth chow one pair with one of its chows; a 4-chow fan takes all four.
  Among equal totals the choice that scores lower-numbered fans first is kept (the seed's
  examples: Pure Double Chow + Mixed Double Chow + Short Straight, 8 points).
- **Non-identical** (不重复原则): a fan made of the same sets is scored once (two Mixed
  Shifted Pungs sharing two pungs: once).
- **Exceptions for pungs** (刻子的例外): the pung fans (Double Pung, Triple Pung, shifted
  pungs, winds and dragons) count even when their pungs were used by another fan.
- **Non-repeat** (不拆移 / 不得相同): a fan implied by another present fan is not counted
  (:meth:`riichi_lut.mcr.fans.Fan.implies_in`, per edition).
- **Repeatable fans**: Tile Hog (up to 3), Double Pung (2), Pung of Terminals or Honors
  (4), the 1-point chow fans (within account-once).
- **Highest reading**: :func:`riichi_lut.mcr.evaluate.best_reading` keeps the reading and
  interpretation with the highest total.

Source: the seed text (its A B C D examples: 8, 43, 9, 16 and 11 points) and
``docs/mcr.md`` ("Combination principles").
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

__all__ = ["CHOW_FAN_POINTS", "chow_fan_counts", "chow_fans", "pair_fan", "triple_fan"]

CHOW_FAN_POINTS = {14: 48, 16: 32, 23: 24, 28: 16, 30: 16, 39: 8, 41: 8, 50: 6, 69: 1, 70: 1, 71: 1, 72: 1}
"""The fans that combine chows, by number, with their points (same in both editions)."""

Chow = tuple[int, int]  # (suit 0..2, start number - 1 = 0..6)


def _four_fan(c: Sequence[Chow]) -> int:
    if len({s for s, _ in c}) != 1:
        return 0
    starts = sorted(n for _, n in c)
    if starts[0] == starts[3]:
        return 14
    d = starts[1] - starts[0]
    return 16 if d in (1, 2) and starts[2] - starts[1] == d and starts[3] - starts[2] == d else 0


def _shape(starts: list[int]) -> str:
    low, mid, high = starts
    if low == high:
        return "same"
    if starts == [0, 3, 6]:
        return "straight"
    step = mid - low
    return f"step{step}" if step in (1, 2) and high - mid == step else ""


_TRIPLE = {
    (1, "same"): 23,
    (1, "straight"): 28,
    (1, "step1"): 30,
    (1, "step2"): 30,
    (3, "straight"): 39,
    (3, "same"): 41,
    (3, "step1"): 50,
}


def triple_fan(a: Chow, b: Chow, c: Chow) -> int:
    """The 3-chow fan of three chows (0 if none).

    >>> triple_fan((0, 0), (0, 3), (0, 6)), triple_fan((0, 1), (1, 2), (2, 3))
    (28, 50)
    >>> triple_fan((0, 0), (0, 0), (1, 0))
    0
    """
    suits = len({a[0], b[0], c[0]})
    return _TRIPLE.get((suits, _shape(sorted((a[1], b[1], c[1])))), 0)


def pair_fan(a: Chow, b: Chow) -> int:
    """The 1-point fan of two chows (0 if none).

    >>> pair_fan((0, 0), (0, 0)), pair_fan((0, 0), (1, 0)), pair_fan((0, 1), (0, 4)), pair_fan((0, 6), (0, 0))
    (69, 70, 71, 72)
    """
    if a[0] != b[0]:
        return 70 if a[1] == b[1] else 0
    low, high = sorted((a[1], b[1]))
    if low == high:
        return 69
    if high - low == 3:
        return 71
    return 72 if (low, high) == (0, 6) else 0


def _is_forest(edges: Sequence[tuple[int, int]], n: int) -> bool:
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, j in edges:
        ri, rj = root(i), root(j)
        if ri == rj:
            return False
        parent[ri] = rj
    return True


def _key(choice: Iterable[tuple[int, tuple[int, ...]]]) -> tuple[int, tuple[int, ...]]:
    fans = [f for f, _ in choice]
    return (-sum(CHOW_FAN_POINTS[f] for f in fans), tuple(sorted(fans)))


@lru_cache(maxsize=4096)
def _best(chows: tuple[Chow, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    n = len(chows)
    if n == 4 and (f := _four_fan(chows)):
        return ((f, (0, 1, 2, 3)),)
    candidates: list[list[tuple[int, tuple[int, ...]]]] = []
    edges = [(i, j, f) for i, j in itertools.combinations(range(n), 2) if (f := pair_fan(chows[i], chows[j]))]
    for size in range(len(edges), -1, -1):
        for subset in itertools.combinations(edges, size):
            if _is_forest([(i, j) for i, j, _ in subset], n):
                candidates.append([(f, (i, j)) for i, j, f in subset])
    for triple in itertools.combinations(range(n), 3):
        f = triple_fan(*(chows[i] for i in triple))
        if not f:
            continue
        rest = [i for i in range(n) if i not in triple]
        extra = [(g, (i, r)) for r in rest for i in triple if (g := pair_fan(chows[i], chows[r]))]
        best_extra = sorted(extra)[:1]
        candidates.append([(f, triple), *best_extra])
    return tuple(min(candidates, key=_key)) if candidates else ()


def chow_fans(chows: tuple[Chow, ...]) -> tuple[dict[int, int], dict[int, list[tuple[Chow, ...]]]]:
    """The chow-combination fans of a reading's chows under account-once and
    non-identical: fan number -> count, and fan number -> the chows of each use.

    >>> sorted(chow_fans(((0, 1), (0, 1), (0, 4), (1, 1)))[0].items())  # 234m 234m 567m 234p (seed)
    [(69, 1), (70, 1), (71, 1)]
    """
    counts: dict[int, int] = {}
    uses: dict[int, list[tuple[Chow, ...]]] = {}
    for f, members in _best(chows):
        counts[f] = counts.get(f, 0) + 1
        uses.setdefault(f, []).append(tuple(chows[i] for i in members))
    return counts, uses


@lru_cache(maxsize=4096)
def chow_fan_counts(chows: tuple[Chow, ...]) -> Mapping[int, int]:
    """The fan counts of :func:`chow_fans`, kept per sorted chows (shared: do not change
    the mapping).

    >>> dict(chow_fan_counts(((0, 0), (0, 3), (0, 6))))
    {28: 1}
    """
    return chow_fans(chows)[0]
