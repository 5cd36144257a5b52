"""Slow, obviously-correct reference shanten (向聴数), used only by the tests.

This module is the independent yardstick for :mod:`riichi_lut.analysis.shanten`. It reads no
table, calls nothing from :mod:`riichi_lut.lut.blocks` (no ``min_plus``, no per-block
decomposition) and follows the definitions literally.

**Replacement number** ``r`` of a hand: the fewest tiles to draw (discarding others) to
reach a complete hand, i.e. the minimum over complete target hands ``w`` of
``sum_k max(0, w[k] - h[k])``, where ``h`` holds the concealed counts. Shanten is ``r - 1``
(tenpai 0, complete -1). The target must be physically possible: ``w[k] + called[k] <= 4``
for every kind, ``called`` being the copies of kind ``k`` in the player's own calls (all
zero when only the number of calls is known).

* **standard**: ``w`` is ``4 - calls`` melds (a triplet of any kind, or a run of three
  consecutive numbers of one suit) plus one pair.
* **chiitoitsu** (seven pairs): ``w`` is two copies of each of 7 *distinct* kinds, so four
  held copies of a kind are one pair, not two. Closed 13/14-tile hands only.
* **kokushi** (thirteen orphans): one of each terminal/honor kind plus a second copy of one
  of them. Closed 13/14-tile hands only.

>>> reference_shanten([1] * 9 + [0] * 18 + [4, 0, 0, 0, 0, 0, 0])["value"]  # 123456789m1111z
1
"""

from __future__ import annotations

from collections.abc import Sequence

NUM_KINDS = 34
MAX_COPIES = 4
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _all_melds() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every meld as ``(kind, copies)`` pairs, in canonical order: by lowest kind, the
    triplet before the run starting there."""
    melds: list[tuple[tuple[int, int], ...]] = []
    for kind in range(NUM_KINDS):
        melds.append(((kind, 3),))
        if kind < 27 and kind % 9 <= 6:  # a run starts from 1..7 of a number suit
            melds.append(((kind, 1), (kind + 1, 1), (kind + 2, 1)))
    return tuple(melds)


MELDS = _all_melds()


class _StandardSearch:
    """Depth-first search for the standard-form replacement number.

    The target is built one meld at a time in canonical order (meld indices never
    decrease), so each multiset of melds is visited once. ``remaining`` holds the
    concealed tiles not yet used by the target; a meld takes what it can from
    ``remaining`` and costs one draw per tile it cannot take. Adding a kind's copies in
    any order consumes ``min(w[k], h[k])`` of them in the end, so the summed costs are
    exactly ``sum_k max(0, w[k] - h[k])``.

    Why restricting the search is exact:

    1. *Melds that overlap nothing are "fresh".* A meld that takes no tile from
       ``remaining`` when it is added costs 3 and leaves ``remaining`` unchanged, so the
       melds after it cost the same without it. Any target therefore costs the same as
       its overlapping melds (each of which overlapped ``remaining`` at its turn) plus 3
       per non-overlapping meld, plus its pair. The search only branches on overlapping
       melds and, at every node, also considers filling all missing melds with *fresh
       triplets* at 3 each: triplets of kinds that are neither held, nor called, nor used
       by the target, which always fit under the four-copy limit. Such kinds exist
       (checked explicitly in ``__init__``), so every value found is a real target.
    2. *The pair* comes last: on a kind with copies left in ``remaining`` (cost
       ``2 - min(2, remaining)``) or on a fresh kind (cost 2; any kind without remaining
       copies costs 2 too, so fresh kinds lose nothing).
    3. *Branch and bound.* The cost of a meld can only grow as ``remaining`` shrinks and
       the target fills the four-copy limits, and later melds have indices at least as
       large. So below a child meld ``j`` every further meld costs at least the cheapest
       meld of index ``>= j`` *now* (or 3 when fresh); together they also cost at least 3
       each minus the concealed tiles left in kinds from ``j``'s lowest kind up (no later
       meld reaches a lower kind). The pair costs at least the cheapest pair now. A child
       whose cost plus these lower bounds reaches the best complete target found so far
       cannot improve it and is skipped.
    """

    def __init__(self, concealed: Sequence[int], called: Sequence[int], melds_needed: int):
        self.melds_needed = melds_needed
        self.remaining = list(concealed)
        self.limit = [MAX_COPIES - c for c in called]  # copies the target may use
        self.used = [0] * NUM_KINDS  # copies of each kind in the target so far
        self.held_kinds = [k for k in range(NUM_KINDS) if concealed[k]]
        # Only melds with a held kind can ever take a concealed tile (point 1).
        self.candidates = [m for m in MELDS if any(concealed[k] for k, _ in m)]
        # Fresh kinds must exist for point 1: the target's overlapping melds touch at
        # most 2 unheld kinds each (a run with at least one held tile), the fresh triplets
        # need one kind each and a fresh pair one more. So 2*M + 1 kinds with no held and
        # no called copy are enough. (At most 14 + 4 tiles are held or called, so there
        # are always at least 16 such kinds; this only guards the argument.)
        fresh = sum(1 for k in range(NUM_KINDS) if concealed[k] == 0 and called[k] == 0)
        assert fresh >= 2 * melds_needed + 1, "not enough fresh kinds for the fresh-meld argument"
        # Upper bound to beat: every meld and the pair fresh.
        self.best = 3 * melds_needed + 2

    def pair_cost(self) -> int:
        """Cheapest pair that fits on top of the target so far (point 2)."""
        cost = 2  # a fresh pair
        for kind in self.held_kinds:
            left = self.remaining[kind]
            if left and self.used[kind] + 2 <= self.limit[kind]:
                cost = min(cost, 2 - min(2, left))
        return cost

    def search(self, start: int, depth: int, cost: int) -> None:
        pair = self.pair_cost()
        missing = self.melds_needed - depth
        # Option: the missing melds are fresh triplets (point 1).
        self.best = min(self.best, cost + 3 * missing + pair)
        if missing == 0:
            return
        children = []
        for index in range(start, len(self.candidates)):
            extra = self._cost_of(self.candidates[index])
            if extra is not None and extra < 3:  # overlapping melds only (point 1)
                children.append((index, extra))
        # cheapest[i]: the cheapest meld among children[i:], at most 3 (a fresh triplet)
        cheapest = [3] * (len(children) + 1)
        for i in range(len(children) - 1, -1, -1):
            cheapest[i] = min(cheapest[i + 1], children[i][1])
        # left_from[k]: concealed tiles still unused in kinds k..33
        left_from = [0] * (NUM_KINDS + 1)
        for kind in range(NUM_KINDS - 1, -1, -1):
            left_from[kind] = left_from[kind + 1] + self.remaining[kind]
        # Visit the cheapest melds first: good targets early make the bound bite sooner.
        for i in sorted(range(len(children)), key=lambda i: children[i][1]):
            index, extra = children[i]
            meld = self.candidates[index]
            # Point 3: the melds after this one cost at least the cheapest meld now, and
            # together at least 3 each minus the tiles left in kinds from this meld's
            # lowest kind up (no later meld reaches lower).
            left = left_from[meld[0][0]] - (3 - extra)
            later = max((missing - 1) * cheapest[i], 3 * (missing - 1) - left)
            if cost + extra + later + pair >= self.best:
                continue
            taken = self._add(meld)
            self.search(index, depth + 1, cost + extra)
            self._remove(meld, taken)

    def _cost_of(self, meld: tuple[tuple[int, int], ...]) -> int | None:
        """Draws needed to add ``meld`` now, or ``None`` if a kind would exceed its limit."""
        cost = 0
        for kind, copies in meld:
            if self.used[kind] + copies > self.limit[kind]:
                return None
            cost += max(0, copies - self.remaining[kind])
        return cost

    def _add(self, meld: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
        """Put ``meld`` in the target; returns what it took from ``remaining``."""
        taken = []
        for kind, copies in meld:
            self.used[kind] += copies
            take = min(copies, self.remaining[kind])
            self.remaining[kind] -= take
            taken.append((kind, take))
        return taken

    def _remove(self, meld: tuple[tuple[int, int], ...], taken: list[tuple[int, int]]) -> None:
        for kind, copies in meld:
            self.used[kind] -= copies
        for kind, take in taken:
            self.remaining[kind] += take


def standard_replacement(concealed: Sequence[int], called: Sequence[int], melds_needed: int) -> int:
    """Replacement number of the standard form: ``melds_needed`` melds plus a pair."""
    search = _StandardSearch(concealed, called, melds_needed)
    search.search(0, 0, 0)
    return search.best


def chiitoitsu_replacement(concealed: Sequence[int]) -> int:
    """Seven pairs of distinct kinds: the 7 cheapest kinds to pair up (a quad is one pair)."""
    costs = sorted(max(0, 2 - concealed[k]) for k in range(NUM_KINDS))
    return sum(costs[:7])


def kokushi_replacement(concealed: Sequence[int]) -> int:
    """One of each terminal/honor kind, one of them twice: best over the paired kind."""
    return min(
        sum(max(0, (2 if k == pair else 1) - concealed[k]) for k in TERMINALS_AND_HONORS)
        for pair in TERMINALS_AND_HONORS
    )


ABSENT_IN_THREE_PLAYER = tuple(range(1, 8))  # 2m-8m: not in the 108-tile three-player set


def chiitoitsu_replacement_among(concealed: Sequence[int], kinds: Sequence[int]) -> int:
    """Seven pairs of distinct kinds taken among ``kinds`` only (the kinds that exist)."""
    costs = sorted(max(0, 2 - concealed[k]) for k in kinds)
    return sum(costs[:7])


def reference_shanten(
    counts: Sequence[int], calls: int = 0, called: Sequence[int] | None = None, players: int = 4
) -> dict[str, int | None]:
    """Shanten of 34 concealed counts with ``calls`` called melds by exhaustive search.

    ``players=3`` is three-player Riichi: 2m-8m neither in the hand nor in any target.
    ``called`` (optional) holds the 34 counts of the tiles in the player's calls (all four
    tiles of a kan); they cap the copies the target may use. Returns a dict with
    ``standard``, ``chiitoitsu`` and ``kokushi`` (``None`` with calls) and ``value``, the
    minimum over the forms that apply.

    >>> reference_shanten([1] * 9 + [1, 0, 1, 0, 1, 0, 1] + [0] * 18)  # 123456789m1357p
    {'standard': 1, 'chiitoitsu': 6, 'kokushi': 10, 'value': 1}
    """
    counts = [int(c) for c in counts]
    assert len(counts) == NUM_KINDS, f"34 counts expected, got {len(counts)}"
    assert all(0 <= c <= MAX_COPIES for c in counts), f"counts must be 0..4: {counts}"
    assert 0 <= calls <= 4, f"calls must be 0..4, got {calls}"
    assert sum(counts) + 3 * calls in (13, 14), f"{sum(counts)} tiles with {calls} calls"
    if called is None:
        called = [0] * NUM_KINDS
    else:
        called = [int(c) for c in called]
        assert len(called) == NUM_KINDS and sum(called) >= 3 * calls, "called tiles vs calls"
        assert all(c + h <= MAX_COPIES for c, h in zip(called, counts, strict=True)), "a 5th copy"
    kinds = range(NUM_KINDS)
    if players == 3:
        # Three players: 2m-8m do not exist, so the target may hold none of them (a cap of
        # 0 copies, as if all four were called): no man run, no pair or triplet of them.
        assert not any(counts[k] or called[k] for k in ABSENT_IN_THREE_PLAYER), "2m-8m in sanma"
        called = [MAX_COPIES if k in ABSENT_IN_THREE_PLAYER else c for k, c in enumerate(called)]
        kinds = [k for k in range(NUM_KINDS) if k not in ABSENT_IN_THREE_PLAYER]
    else:
        assert players == 4, players
    standard = standard_replacement(counts, called, 4 - calls) - 1
    chiitoitsu = kokushi = None
    if calls == 0:
        chiitoitsu = chiitoitsu_replacement_among(counts, kinds) - 1
        kokushi = kokushi_replacement(counts) - 1
    forms = [s for s in (standard, chiitoitsu, kokushi) if s is not None]
    return dict(standard=standard, chiitoitsu=chiitoitsu, kokushi=kokushi, value=min(forms))
