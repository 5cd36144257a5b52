"""Slow, literal reference MCR shanten, used only by the tests.

It reads no table and nothing of riichi_lut. Each form is a set of complete target hands
``w``; the replacement number is ``min over targets of sum_k max(0, w[k] - h[k])`` and
shanten is that minus one. A target must fit the four copies: ``w[k] + called[k] <= 4``,
``called`` being the copies in the player's calls. When only the number of calls is known
(``called`` omitted, as the batch path sees a hand), the reference cannot see the call
tiles and may use copies that sit in them: the tests say where that is wrong by the rules.

* **regular**: ``4 - calls`` sets and a pair: the depth-first search of
  ``tests/reference.py`` (``standard_replacement``).
* **seven pairs** (closed): seven pairs, a kind used at most twice (four of a kind = two
  pairs): every number of pairs on every kind, by a knapsack over the 34 kinds (the cost
  of a target is a sum over kinds).
* **thirteen orphans** (closed): the 13 targets (which orphan is doubled).
* **honors-and-knitted** (closed): for each of the 6 knitted sets, every choice of 14 of
  the 16 candidates (7 honors, 9 knitted), one copy each: 720 targets.
* **knitted straight** (at most one call): for each knitted set, every set (34 triplets, 21
  runs) and every pair kind, or the pair alone with one call: 11,220 / 204 targets.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

import numpy as np
from reference import standard_replacement

NUM_KINDS = 34
HONORS = tuple(range(27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26) + HONORS


def knitted_sets() -> list[list[int]]:
    """The 6 knitted sets: 147, 258 and 369 each in a different suit."""
    out = []
    for order in itertools.permutations(range(3)):
        out.append(sorted(9 * suit + r + 3 * i for suit, r in enumerate(order) for i in range(3)))
    return out


def _sets() -> list[list[int]]:
    out = []
    for k in range(NUM_KINDS):
        w = [0] * NUM_KINDS
        w[k] = 3
        out.append(w)
        if k < 27 and k % 9 <= 6:
            w = [0] * NUM_KINDS
            w[k] = w[k + 1] = w[k + 2] = 1
            out.append(w)
    return out


@cache
def _targets(form: str, calls: int) -> np.ndarray:
    rows: list[list[int]] = []
    if form == "thirteen_orphans":
        for pair in ORPHANS:
            w = [0] * NUM_KINDS
            for k in ORPHANS:
                w[k] = 2 if k == pair else 1
            rows.append(w)
    elif form == "honors_and_knitted":
        for knit in knitted_sets():
            for chosen in itertools.combinations(list(HONORS) + knit, 14):
                w = [0] * NUM_KINDS
                for k in chosen:
                    w[k] = 1
                rows.append(w)
    elif form == "knitted_straight":
        sets = _sets() if calls == 0 else [[0] * NUM_KINDS]
        for knit in knitted_sets():
            for s in sets:
                for pair in range(NUM_KINDS):
                    w = list(s)
                    for k in knit:
                        w[k] += 1
                    w[pair] += 2
                    rows.append(w)
    return np.array(rows, dtype=np.int16)


def _best(form: str, counts: Sequence[int], called: Sequence[int], calls: int) -> int:
    w = _targets(form, calls)
    fits = (w + np.array(called, dtype=np.int16) <= 4).all(axis=1)
    cost = np.maximum(w[fits] - np.array(counts, dtype=np.int16), 0).sum(axis=1)
    return int(cost.min())


def seven_pairs_replacement(counts: Sequence[int]) -> int:
    """Seven pairs: a target puts ``t[k]`` in {0, 1, 2} pairs on each kind, 7 in all, at a
    cost of ``max(0, 2 * t[k] - counts[k])`` per kind. The cost is a sum over kinds, so
    ``best[j]`` = the cheapest way to place ``j`` pairs on the kinds seen so far is built
    kind by kind over every ``t[k]`` (a knapsack over all 34 kinds, no shortcut)."""
    best = [0] + [99] * 7
    for k in range(NUM_KINDS):
        best = [
            min(best[j - t] + max(0, 2 * t - counts[k]) for t in (0, 1, 2) if j - t >= 0) for j in range(8)
        ]
    return best[7]


def reference_mcr_shanten(
    counts: Sequence[int], calls: int = 0, called: Sequence[int] | None = None
) -> dict[str, int | None]:
    """Every MCR form's shanten (``None`` where it does not apply) and ``value``, of 34
    concealed counts with ``calls`` calls whose tiles, when known, are ``called``.

    >>> knit = [1, 0, 0, 1, 0, 0, 1, 0, 0] + [0, 1, 0, 0, 1, 0, 0, 1, 0] + [0] * 9
    >>> reference_mcr_shanten(knit + [1] * 7)["honors_and_knitted"]   # 147m258p1234567z
    0
    """
    counts = [int(c) for c in counts]
    assert len(counts) == NUM_KINDS and all(0 <= c <= 4 for c in counts)
    assert sum(counts) + 3 * calls in (13, 14), "13 or 14 tiles counting calls as three"
    called = [0] * NUM_KINDS if called is None else [int(c) for c in called]
    assert all(a + b <= 4 for a, b in zip(counts, called, strict=True)), "a fifth copy in the hand"
    out: dict[str, int | None] = {
        "regular": standard_replacement(counts, called, 4 - calls) - 1,
        "seven_pairs": None,
        "thirteen_orphans": None,
        "honors_and_knitted": None,
        "knitted_straight": None,
    }
    if calls == 0:
        out["seven_pairs"] = seven_pairs_replacement(counts) - 1
        out["thirteen_orphans"] = _best("thirteen_orphans", counts, called, 0) - 1
        out["honors_and_knitted"] = _best("honors_and_knitted", counts, called, 0) - 1
    if calls <= 1:
        out["knitted_straight"] = _best("knitted_straight", counts, called, calls) - 1
    out["value"] = min(v for v in out.values() if v is not None)
    return out
