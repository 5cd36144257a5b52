"""The MCR hand forms besides the regular one, as replacement numbers: seven pairs, thirteen
orphans, honors-and-knitted and knitted straight (the rules: ``docs/mcr.md``, MCR shanten).

Each form is a set of complete *targets* ``w`` (tile counts, every ``w[k] <= 4`` less the
copies in the player's calls) and its replacement number is ``r(h) = min over targets of
sum_k max(0, w[k] - h[k])``; shanten is ``r - 1`` (tenpai 0, complete -1), exactly as for the
Riichi forms (:mod:`riichi_lut.analysis.shanten`). Closed-form answers:

* **seven pairs** (七对): seven pairs, four of a kind counting as two. A kind held ``c`` times
  offers pair slots at marginal costs ``(0, 0)`` for ``c = 4``, ``(0, 1)`` for 3, ``(0, 2)``
  for 2, ``(1, 2)`` for 1 and ``(2, 2)`` for 0; the costs grow within a kind, so the seven
  cheapest slots are optimal: with ``free`` slots of cost 0 and ``cheap`` of cost 1,
  ``r = 0`` if ``free >= 7``, else ``(7 - free) + max(0, 7 - free - cheap)``.
* **thirteen orphans** (十三幺): ``r = 14 - orphan kinds held - [an orphan held twice]``.
* **honors-and-knitted** (全不靠, and 七星不靠, a subset of it): 14 distinct tiles among the 7
  honors and one knitted set (147, 258 and 369 each in its own suit, 6 ways):
  ``r = 14 - max over the 6 knitted sets of the distinct candidate kinds held``.
* **knitted straight** (组合龙) plus a set and a pair (one of them possibly a call): for a
  knitted set ``K`` of 9 kinds, ``r_K(h) = (kinds of K not held) + r'(h - min(h, K))``, where
  ``r'`` is the replacement number of one set and a pair (of the pair alone with one meld).
  Proof: kind by kind, ``max(0, K_k + s_k - h_k)`` is ``max(0, s_k - (h_k - 1))`` when
  ``K_k = 1 <= h_k``, ``1 + s_k`` when ``K_k = 1 > h_k = 0`` and ``max(0, s_k - h_k)`` when
  ``K_k = 0``: so the cost is the missing kinds of ``K`` plus the cost of the rest ``s`` of
  the target on the reduced hand. The four-copy limit ``K_k + s_k <= 4`` never binds, since a
  set and a pair put at most 3 copies on a kind (a triplet and a pair of one kind would be
  5), so ``r'`` is the ordinary (tabulated) replacement number of the reduced hand.

Seven pairs, thirteen orphans and honors-and-knitted are closed forms (no call, no concealed
kong); knitted straight takes at most one call (the set). The functions here take 34
concealed counts; :mod:`riichi_lut.mcr.shanten` checks sizes and calls.

>>> seven_pairs_replacement([4, 4, 4, 2] + [0] * 30)   # three quads and a pair: seven pairs
0
>>> honors_and_knitted_replacement([1, 0, 0, 1, 0, 0, 1] + [0] * 20 + [1] * 7)  # 147m + 7 honors
4
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..core.tiles import HONOR_KINDS, TERMINALS_AND_HONORS

__all__ = [
    "KNITTED_SETS",
    "RESIDUE_KINDS",
    "SUIT_ORDERS",
    "honors_and_knitted_replacement",
    "knitted_pair_replacement",
    "seven_pairs_from_slots",
    "seven_pairs_replacement",
    "thirteen_orphans_replacement",
]

SUIT_ORDERS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, c) for a, b, c in itertools.permutations(range(3))
)
"""The 6 knitted sets as the residue ``r`` (kinds ``r``, ``r + 3``, ``r + 6`` of the suit: 0 =
147, 1 = 258, 2 = 369) of man, pin and sou."""

RESIDUE_KINDS: tuple[tuple[int, int, int], ...] = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
"""Kinds of one suit (0-8) of each residue: 147, 258, 369."""

KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(9 * suit + k for suit, residue in enumerate(order) for k in RESIDUE_KINDS[residue]))
    for order in SUIT_ORDERS
)
"""The 9 kinds (0-26) of each knitted set, in the order of :data:`SUIT_ORDERS`."""


def seven_pairs_from_slots(free: int, cheap: int) -> int:
    """Seven-pairs replacement number from the pair slots of cost 0 (``free``: kinds held
    at least twice, plus those held four times again) and of cost 1 (``cheap``: kinds held
    once or three times).

    >>> seven_pairs_from_slots(6, 1), seven_pairs_from_slots(5, 0)
    (1, 4)
    """
    if free >= 7:
        return 0
    short = 7 - free
    return short + max(0, short - cheap)


def seven_pairs_replacement(counts: Sequence[int]) -> int:
    """Seven pairs (a quad counts as two pairs) of 34 closed counts."""
    free = sum((c >= 2) + (c == 4) for c in counts)
    cheap = sum(c in (1, 3) for c in counts)
    return seven_pairs_from_slots(free, cheap)


def thirteen_orphans_replacement(counts: Sequence[int]) -> int:
    """Thirteen orphans of 34 closed counts: ``14 - orphan kinds - [an orphan pair]``."""
    held = sum(counts[k] > 0 for k in TERMINALS_AND_HONORS)
    paired = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 14 - held - paired


def honors_and_knitted_replacement(counts: Sequence[int]) -> int:
    """Honors-and-knitted (lesser; the greater is a subset) of 34 closed counts."""
    honors = sum(counts[k] > 0 for k in HONOR_KINDS)
    knitted = max(sum(counts[k] > 0 for k in kinds) for kinds in KNITTED_SETS)
    return 14 - honors - knitted


def knitted_pair_replacement(counts: Sequence[int], called: Sequence[int]) -> int:
    """Knitted straight plus a pair, the hand's one call being the set, of 34 concealed
    counts; ``called`` holds the copies in that call, which cap the target (a kong of a
    knitted kind rules out the knitted sets holding it, a pung of a kind rules out a pair
    of it). The minimum over the knitted sets; one call always leaves four of them.

    >>> knit = [1, 0, 0, 1, 0, 0, 1, 0, 0] + [0, 1, 0, 0, 1, 0, 0, 1, 0] + [0, 0, 1, 0, 0, 1, 0, 0, 1]
    >>> knitted_pair_replacement(knit + [1] + [0] * 6, [0] * 34)   # 147m258p369s1z: tenpai
    1
    """
    best = 99
    for kinds in KNITTED_SETS:
        if any(called[k] >= 4 for k in kinds):
            continue
        missing = sum(counts[k] == 0 for k in kinds)
        pair = 2
        for k in range(34):
            knit = k in kinds
            if knit + 2 + called[k] <= 4:
                pair = min(pair, max(0, 2 - counts[k] + (knit and counts[k] > 0)))
        best = min(best, missing + pair)
    return best
