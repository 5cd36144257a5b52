"""Slow, obviously-correct MCR shanten by brute force: the replacement number.

A hand of ``14 - 3m`` or ``13 - 3m`` concealed tiles beside ``m`` melds is ``r - 1`` from
winning, where ``r`` is the smallest number of its tiles that must change to reach a
complete hand of ``14 - 3m`` concealed tiles (for a 13 - 3m hand, the 14th tile is one of
the changes). So ``shanten = (14 - 3m) - overlap - 1`` with ``overlap`` the largest
multiset intersection of the hand with a complete target. A target may hold at most
``limit[k]`` copies of tile ``k``: 4 minus the copies in the melds (what ``mcr.shanten``
sees from text) or 4 (what ``mcr.shanten_batch`` sees from concealed counts). A wait on a
fifth copy is therefore never counted, which is where PyMahjongGB differs.

Targets, by form (MCR): regular = ``4 - m`` sets (chows, pungs) + a pair; seven pairs =
seven pairs, a kind at most twice (four of a kind is two pairs); thirteen orphans; honors
and knitted = 14 different tiles among one knitted pattern (147 / 258 / 369 spread over the
three suits, 6 ways) and the 7 honors; knitted straight = the 9 tiles of one pattern + a
set + a pair (with one meld the meld is the set). Seven pairs, thirteen orphans and
honors-and-knitted need no meld; the knitted straight at most one.

The regular form is computed per suit: every pattern of up to 4 sets and at most one
pair inside a suit (tile counts up to 4) is listed once, and a suit's best intersection for
each (sets, pair) is a numpy maximum over the patterns its limits allow; the four groups
(three suits, the honors) are then combined.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

import numpy as np

__all__ = ["FORMS", "form_shanten", "reference_shanten"]

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
KNITTED = tuple(
    tuple(
        suit * 9 + d
        for suit, digits in zip(perm, ((0, 3, 6), (1, 4, 7), (2, 5, 8)), strict=True)
        for d in digits
    )
    for perm in itertools.permutations(range(3))
)


@cache
def _patterns(width: int, chows: bool) -> dict[tuple[int, int], np.ndarray]:
    """Every pattern of up to 4 sets and up to one pair over ``width`` consecutive kinds
    (chows only when ``chows``), tile counts at most 4, by (sets, pairs): (P, width) counts."""
    shapes = [np.eye(width, dtype=np.int8)[i] * 3 for i in range(width)]
    if chows:
        shapes += [np.convolve(np.eye(width, dtype=np.int8)[i], [1, 1, 1])[:width] for i in range(width - 2)]
    rows: dict[tuple[int, int], list[np.ndarray]] = {}
    for n in range(5):
        for combo in itertools.combinations_with_replacement(range(len(shapes)), n):
            base = sum((shapes[i] for i in combo), np.zeros(width, dtype=np.int8))
            for pair in (None, *range(width)):
                counts = base.copy()
                if pair is not None:
                    counts[pair] += 2
                if counts.max(initial=0) <= 4:
                    rows.setdefault((n, pair is not None), []).append(counts)
    return {key: np.array(value, dtype=np.int8) for key, value in rows.items()}


@cache
def _group_best(hand: tuple[int, ...], limit: tuple[int, ...], chows: bool) -> dict[tuple[int, int], int]:
    """Largest intersection of a group's tiles with a pattern of (sets, pairs) within limits."""
    best: dict[tuple[int, int], int] = {}
    capped = min(limit) < 4
    for key, rows in _patterns(len(hand), chows).items():
        if capped:
            rows = rows[(rows <= np.array(limit)).all(axis=1)]
        if len(rows):
            best[key] = int(np.minimum(rows, np.array(hand, dtype=np.int8)).sum(axis=1).max())
    return best


def _regular_overlap(hand: Sequence[int], limit: Sequence[int], sets: int) -> int:
    bounds = ((0, 9), (9, 18), (18, 27), (27, 34))
    groups = [_group_best(tuple(hand[a:b]), tuple(limit[a:b]), a < 27) for a, b in bounds]
    total: dict[tuple[int, int], int] = {(0, 0): 0}  # (sets, pairs) so far -> best overlap
    for group in groups:
        merged: dict[tuple[int, int], int] = {}
        for (s0, p0), v0 in total.items():
            for (s1, p1), v1 in group.items():
                key = (s0 + s1, p0 + p1)
                if key[0] <= sets and key[1] <= 1 and merged.get(key, -1) < v0 + v1:
                    merged[key] = v0 + v1
        total = merged
    return total.get((sets, 1), -1)


@cache
def _knitted_targets(melds: int) -> np.ndarray:
    """(6, E, 34) concealed targets of the knitted straight: each pattern's 9 tiles + a set
    (none with a meld: the meld is the set) + a pair."""
    extras = [np.zeros(34, dtype=np.int8)] if melds else []
    if not melds:
        for k in range(34):
            extras.append(np.eye(34, dtype=np.int8)[k] * 3)
            if k < 27 and k % 9 <= 6:
                extras.append(sum(np.eye(34, dtype=np.int8)[k + i] for i in range(3)))
    ext = (np.array(extras)[:, None, :] + 2 * np.eye(34, dtype=np.int8)[None, :, :]).reshape(-1, 34)
    knits = np.zeros((6, 1, 34), dtype=np.int8)
    for i, knit in enumerate(KNITTED):
        knits[i, 0, list(knit)] = 1
    return knits + ext[None]


def _knitted_straight_overlap(hand: Sequence[int], limit: Sequence[int], melds: int) -> int:
    targets = _knitted_targets(melds)
    ok = (targets <= np.array(limit, dtype=np.int8)).all(axis=2)
    if not ok.any():
        return -1
    return int(np.minimum(targets, np.array(hand, dtype=np.int8)).sum(axis=2)[ok].max())


def form_shanten(
    hand: Sequence[int], melds: int, form: str, limit: Sequence[int] | None = None
) -> int | None:
    """Shanten of 34 concealed counts beside ``melds`` melds in one form, targets capped
    by ``limit`` (default 4 of each); None when the form does not allow the melds."""
    limit = [4] * 34 if limit is None else list(limit)
    size = 14 - 3 * melds
    if form == "regular":
        overlap = _regular_overlap(hand, limit, 4 - melds)
    elif form == "knitted_straight":
        if melds > 1:
            return None
        overlap = _knitted_straight_overlap(hand, limit, melds)
    elif melds:
        return None
    elif form == "seven_pairs":
        # a kind gives up to two pairs (four of a kind is two pairs in MCR): the best 7 slots
        slots = [min(max(hand[k] - 2 * i, 0), 2) for k in range(34) for i in range(min(limit[k], 4) // 2)]
        overlap = sum(sorted(slots, reverse=True)[:7])
    elif form == "thirteen_orphans":
        held = [k for k in ORPHANS if hand[k] and limit[k]]
        overlap = len(held) + any(hand[k] >= 2 and limit[k] >= 2 for k in ORPHANS)
    elif form == "honors_and_knitted":
        held = [sum(1 for k in (*knit, *range(27, 34)) if hand[k] and limit[k]) for knit in KNITTED]
        overlap = min(14, max(held))
    else:
        raise ValueError(form)
    if overlap < 0:
        return 99  # no target fits the limits at all (the caller's hand is impossible)
    return size - overlap - 1


def reference_shanten(
    hand: Sequence[int], melds: int = 0, limit: Sequence[int] | None = None
) -> dict[str, int | None]:
    """Every form's shanten and ``"all"`` (their minimum)."""
    out: dict[str, int | None] = {f: form_shanten(hand, melds, f, limit) for f in FORMS}
    out["all"] = min(v for v in out.values() if v is not None)
    return out
