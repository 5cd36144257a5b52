"""Three-player (sanma, 三麻) shanten and acceptance: scalar and batch, from the four-player
tables.

In the 108-tile set the 2m-8m do not exist (:mod:`riichi_lut.core.players`), so no run of
man can be formed: the man block holds two kinds, 1m and 9m, that make triplets and pairs
only, like honors. The replacement-number theory works per block (docs/tables.md), so
the standard form needs only a different man block:

* the man block's requirement vector (tiles needed for ``m`` melds, with or without the
  pair) is computed exactly over the complete shapes of those two kinds (:func:`man_vector`:
  at most one triplet per kind, so two melds at most; more is impossible, not "3 each");
* pin, sou and honors keep their four-player classes, joined by the existing composition
  tables into one class of the three blocks (``suit_pair_class``, then
  ``suit_pair_honor_class``), and a small table built once at load time, (180 classes
  of pin+sou+honors) x (man classes) x (calls), completes the hand with the man block.

Chiitoitsu and kokushi keep their formulas (27 kinds remain, so a missing kind can always
be drawn; the 13 terminals and honors all remain). Acceptance (which draws lower the
shanten, which discards keep it) is the definition itself, evaluated on the 27 kinds of
the set: a draw or discard of each kind and a look-up of the result, so a needed tile is
never 2m-8m. docs/sanma.md has the argument and the sources.

>>> lookup([2, 0, 0, 0, 0, 0, 0, 0, 2] + [1] * 9 + [0] * 9 + [1, 0, 0, 0, 0, 0, 0], 0)
(0, 4, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..core.hand import MAX_CALLS, validate_concealed_counts
from ..core.players import THREE_PLAYER_KINDS, check_three_player_counts
from ..core.tiles import TERMINALS_AND_HONORS
from ..lut import loader
from ..lut.blocks import MAX_MELDS, Vector
from ..lut.rows import block_indices
from .forms import chiitoitsu_shanten, kokushi_shanten

__all__ = [
    "IMPOSSIBLE",
    "SanmaTables",
    "acceptance",
    "acceptance_rows",
    "checked",
    "closed_forms",
    "lookup",
    "man_vector",
    "sanma_tables",
    "value_rows",
    "values_rows",
]

IMPOSSIBLE = 99
"""A requirement that no shape of the block meets (three melds from 1m and 9m)."""


@lru_cache(maxsize=1024)
def man_vector(pattern: tuple[int, int], caps: tuple[int, int] = (4, 4)) -> Vector:
    """Requirement vector ``v[pair * 5 + m]`` of a three-player man block holding
    ``pattern`` = (1m, 9m) copies, when the completed hand may use at most ``caps`` of
    each (fewer than four when the player's calls hold some): the fewest tiles to draw
    for ``m`` triplets (and a pair) of those two kinds, :data:`IMPOSSIBLE` when no shape
    fits.

    >>> man_vector((2, 0))     # a pair of 1m: the pair is free, a triplet costs 1
    (0, 1, 4, 99, 99, 0, 3, 99, 99, 99)
    """
    out = []
    for pair in (0, 1):
        for melds in range(MAX_MELDS + 1):
            best = IMPOSSIBLE
            for triplets in ((0, 0), (1, 0), (0, 1), (1, 1)):
                if sum(triplets) != melds:
                    continue
                for pair_kind in (0, 1) if pair else (None,):
                    shape = [3 * t + 2 * (k == pair_kind) for k, t in enumerate(triplets)]
                    if all(w <= cap for w, cap in zip(shape, caps, strict=True)):
                        cost = sum(max(0, w - h) for w, h in zip(shape, pattern, strict=True))
                        best = min(best, cost)
            out.append(best)
    return tuple(out)


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class SanmaTables:
    """Look-ups of the three-player standard form, built once from the loaded tables.

    ``man_class[c1m + 5 * c9m]``: class of the man block (its distinct
    :func:`man_vector`); ``standard[rest][man][calls]``: shanten, ``rest`` being the class
    of pin + sou + honors in ``suit_pair_honor_class``. The ``*_flat`` arrays are the same
    premultiplied for the batch path.
    """

    suit_class: np.ndarray  # uint8 by base-5 index (the four-player table)
    honor_class: np.ndarray  # uint8 by base-5 index
    pair: list[list[int]]  # [pin class][sou class] -> suit pair class
    pair_honor: list[list[int]]  # [pair class][honor class] -> class of pin + sou + honors
    man_class: tuple[int, ...]  # by c1m + 5 * c9m
    standard: list[list[list[int]]]  # [rest class][man class][calls] -> shanten
    pair_flat: np.ndarray  # [pin * 126 + sou] -> pair class * 55, intp
    pair_honor_flat: np.ndarray  # [pair * 55 + honor] -> rest class * men * 5, intp
    man_flat: np.ndarray  # [c1m + 5 * c9m] -> man class * 5, intp
    standard_flat: np.ndarray  # [rest + man + calls] -> shanten, int8


def _build(t: loader.Tables) -> SanmaTables:
    vectors: list[Vector] = []
    man_class = []
    for index in range(25):
        vector = man_vector((index % 5, index // 5))
        if vector not in vectors:
            vectors.append(vector)
        man_class.append(vectors.index(vector))
    man = np.array(vectors, dtype=np.int64).reshape(-1, 2, 5)
    rest = t["suit_pair_honor_vectors"].astype(np.int64)  # (180, 2, 5)
    standard = np.empty((len(rest), len(man), MAX_CALLS + 1), dtype=np.int64)
    for calls in range(MAX_CALLS + 1):
        need = MAX_CALLS - calls
        best = np.full((len(rest), len(man)), 10 * IMPOSSIBLE, dtype=np.int64)
        for i in range(need + 1):  # i melds from pin + sou + honors, need - i from man
            best = np.minimum(best, rest[:, None, 1, i] + man[None, :, 0, need - i])
            best = np.minimum(best, rest[:, None, 0, i] + man[None, :, 1, need - i])
        standard[:, :, calls] = best - 1
    assert standard.max() < IMPOSSIBLE, "pin, sou and honors always complete a hand"
    pair = t["suit_pair_class"]
    pair_honor = t["suit_pair_honor_class"]
    return SanmaTables(
        suit_class=t["suit_class"],
        honor_class=t["honor_class"],
        pair=pair.tolist(),
        pair_honor=pair_honor.tolist(),
        man_class=tuple(man_class),
        standard=standard.tolist(),
        pair_flat=pair.astype(np.intp).reshape(-1) * pair_honor.shape[1],
        pair_honor_flat=pair_honor.astype(np.intp).reshape(-1) * (len(man) * (MAX_CALLS + 1)),
        man_flat=np.array(man_class, dtype=np.intp) * (MAX_CALLS + 1),
        standard_flat=standard.astype(np.int8).reshape(-1),
    )


def sanma_tables() -> SanmaTables:
    """The three-player look-ups of the current table set (built on first use, ~10 ms)."""
    return loader.tables().derived("sanma", _build)


# --------------------------------------------------------------------------- scalar

_Memo = dict[bytes, int]


def _memos(t: loader.Tables) -> tuple[_Memo, _Memo]:
    return t.derived("sanma.memos", lambda t: ({}, {}))


def _class_of(memo: _Memo, classes: np.ndarray, key: bytes) -> int:
    value = memo.get(key)
    if value is None:
        value = memo[key] = int(classes[sum(c * 5**i for i, c in enumerate(key))])
    return value


def closed_forms(counts: Sequence[int]) -> tuple[int, int]:
    """(chiitoitsu, kokushi) shanten of 34 closed counts by their formulas."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    orphans = [counts[k] for k in TERMINALS_AND_HONORS]
    orphan_kinds = sum(1 for c in orphans if c)
    orphan_pairs = sum(1 for c in orphans if c >= 2)
    return chiitoitsu_shanten(pairs, kinds), kokushi_shanten(orphan_kinds, orphan_pairs)


def _standard(lut: SanmaTables, t: loader.Tables, b: bytes, melds: int) -> int:
    suit_memo, honor_memo = _memos(t)
    cp = _class_of(suit_memo, lut.suit_class, b[9:18])
    cs = _class_of(suit_memo, lut.suit_class, b[18:27])
    cz = _class_of(honor_memo, lut.honor_class, b[27:34])
    rest = lut.pair_honor[lut.pair[cp][cs]][cz]
    return lut.standard[rest][lut.man_class[b[0] + 5 * b[8]]][melds]


def checked(counts: Sequence[int], melds: int, where: str = "hand") -> list[int]:
    """34 concealed counts validated for a three-player hand with ``melds`` calls: the
    four-player checks, then no 2m-8m (an error naming the tile and ``where``)."""
    values = validate_concealed_counts(counts, melds)
    check_three_player_counts(values, where)
    return values


def lookup(counts: Sequence[int], melds: int) -> tuple[int, int, int]:
    """(standard, chiitoitsu, kokushi) shanten of a three-player hand's concealed counts
    with ``melds`` calls (the last two only meaningful for 0 calls). Raises
    :class:`~riichi_lut.errors.InvalidHandError` on bad input, a 2m-8m included."""
    values = checked(counts, melds)
    t = loader.tables()
    standard = _standard(sanma_tables(), t, bytes(values), melds)
    if melds:
        return standard, IMPOSSIBLE, IMPOSSIBLE
    return (standard, *closed_forms(values))


def _unchecked(counts: Sequence[int], melds: int) -> tuple[int, int, int]:
    t = loader.tables()
    standard = _standard(sanma_tables(), t, bytes(counts), melds)
    if melds:
        return standard, IMPOSSIBLE, IMPOSSIBLE
    return (standard, *closed_forms(counts))


def acceptance(
    counts: Sequence[int], melds: int, draws: bool
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """((standard, chiitoitsu, kokushi) shanten, their 34-bit masks) of validated
    three-player counts: with ``draws`` the kinds of the set whose draw lowers each form's
    shanten (a kind held four times never does), else the held kinds whose discard keeps
    it. The forms' masks are the definition, one look-up per kind; the forms of a hand
    with calls other than the standard are :data:`IMPOSSIBLE` with an empty mask."""
    values = list(counts)
    before = _unchecked(values, melds)
    masks = [0, 0, 0]
    step = 1 if draws else -1
    for kind in THREE_PLAYER_KINDS:
        after = values[kind] + step
        if not 0 <= after <= 4:
            continue
        values[kind] = after
        now = _unchecked(values, melds)
        values[kind] -= step
        for form in range(3 if not melds else 1):
            if now[form] < before[form] if draws else now[form] == before[form]:
                masks[form] |= 1 << kind
    return before, (masks[0], masks[1], masks[2])


# --------------------------------------------------------------------------- batch

_ORPHANS = np.array(TERMINALS_AND_HONORS)


def _standard_rows(lut: SanmaTables, rows: np.ndarray, calls: Any) -> np.ndarray:
    _, (_, ip, is_, iz) = block_indices(rows)
    cp = lut.suit_class[ip].astype(np.intp)
    cs = lut.suit_class[is_]
    cz = lut.honor_class[iz]
    rest = lut.pair_honor_flat[lut.pair_flat[cp * 126 + cs] + cz]
    man = lut.man_flat[rows[:, 0].astype(np.intp) + 5 * rows[:, 8]]
    return np.asarray(lut.standard_flat[rest + man + calls])


def values_rows(rows: np.ndarray, calls: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(standard, chiitoitsu, kokushi) int8 shanten of validated three-player (n, 34)
    rows with ``calls`` (an int or (n,) array); the closed forms are computed for every
    row (meaningful where ``calls`` is 0)."""
    standard = _standard_rows(sanma_tables(), rows, calls)
    held = rows > 0
    paired = rows >= 2
    pairs = paired.sum(axis=1)
    kinds = held.sum(axis=1)
    chiitoitsu = chiitoitsu_shanten(pairs, kinds).astype(np.int8)
    kokushi = kokushi_shanten(held[:, _ORPHANS].sum(axis=1), paired[:, _ORPHANS].sum(axis=1)).astype(np.int8)
    return standard, chiitoitsu, kokushi


def value_rows(rows: np.ndarray, calls: Any) -> np.ndarray:
    """Shanten (minimum over the forms that apply) of validated three-player rows."""
    standard, chiitoitsu, kokushi = values_rows(rows, calls)
    closed = np.minimum(standard, np.minimum(chiitoitsu, kokushi))
    return np.asarray(np.where(np.asarray(calls) == 0, closed, standard))


def acceptance_rows(rows: np.ndarray, calls: Any, draws: bool) -> tuple[np.ndarray, np.ndarray]:
    """(shanten int8 (n,), mask (n, 34) bool) of validated three-player rows over the
    forms that apply: with ``draws`` the kinds whose draw lowers the shanten, else the
    held kinds whose discard keeps it (the union over the forms at the minimum is exactly
    this: a draw changes a form's shanten by at most one). One look-up per kind of the
    set; 2m-8m are never in the mask."""
    before = value_rows(rows, calls)
    mask = np.zeros(rows.shape, dtype=bool)
    work = rows.copy()
    for kind in THREE_PLAYER_KINDS:
        column = rows[:, kind]
        where = column < 4 if draws else column > 0
        if not where.any():
            continue
        if draws:
            work[:, kind] += where.astype(np.uint8)
        else:
            work[:, kind] -= where.astype(np.uint8)
        now = value_rows(work, calls)
        work[:, kind] = column
        mask[:, kind] = where & ((now < before) if draws else (now == before))
    return before, mask
