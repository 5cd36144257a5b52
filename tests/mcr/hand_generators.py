"""Seeded hand generators shared by the MCR tests."""

from __future__ import annotations

import random

from mcr.reference_shanten import knitted_sets

from riichi_lut.core.calls import Call

STYLES = ("wall", "knitted", "honors")


def random_counts(rng: random.Random, size: int, style: str, called: list[int] | None = None) -> list[int]:
    """``size`` concealed tiles: from a shuffled wall, or biased towards a knitted set
    (and honors) or towards honors; never more than four copies with ``called``."""
    called = called or [0] * 34
    if style == "knitted":
        knit = rng.choice(knitted_sets())
        pool = knit * 4 + list(range(27, 34)) * 2 + list(range(34))
    elif style == "honors":
        pool = list(range(27, 34)) * 5 + list(range(34))
    else:
        pool = list(range(34))
    counts = [0] * 34
    while sum(counts) < size:
        k = rng.choice(pool)
        if counts[k] + called[k] < 4:
            counts[k] += 1
    return counts


def random_calls(rng: random.Random, n: int) -> list[Call]:
    """``n`` random calls (chow, pung, melded or concealed kong) that fit four copies."""
    calls: list[Call] = []
    used = [0] * 34
    while len(calls) < n:
        kind = rng.randrange(34)
        shape = rng.choice(("chi", "pon", "pon", "open_kan", "closed_kan"))
        if shape == "chi":
            if kind >= 27 or kind % 9 > 6:
                continue
            call = Call.chi(kind)
        else:
            call = getattr(Call, shape)(kind)
        counts = call.counts
        if all(u + c <= 4 for u, c in zip(used, counts, strict=True)):
            used = [u + c for u, c in zip(used, counts, strict=True)]
            calls.append(call)
    return calls


def called_counts(calls: list[Call]) -> list[int]:
    """34 counts of the tiles in ``calls`` (all four of a kong)."""
    out = [0] * 34
    for call in calls:
        for kind in call.kinds:
            out[kind] += 1
    return out
