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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..core.hand import MAX_CALLS, validate_concealed_counts
from ..core.players import THREE_PLAYER_KINDS, check_three_player_counts
from ..lut import loader
from ..lut.blocks import HONOR, MAX_MELDS, SUIT, Vector
from .forms import (
    CHIITOITSU_BY_STATS,
    KOKUSHI_BY_STATS,
    TILES,
    kind_stats,
    stats_tables,
)

__all__ = [
    "IMPOSSIBLE",
    "SanmaTables",
    "acceptance",
    "acceptance_indices",
    "checked",
    "closed_from_stats",
    "hand_man_vector",
    "lookup",
    "man_index",
    "man_vector",
    "sanma_tables",
    "standard_indices",
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


def hand_man_vector(concealed: Sequence[int], called: Sequence[int]) -> Vector:
    """:func:`man_vector` of a hand's 34 concealed counts, capped by the copies of 1m and
    9m in its calls (34 counts)."""
    return man_vector((concealed[0], concealed[8]), (4 - called[0], 4 - called[8]))


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


def checked(counts: Sequence[int], melds: int, where: str = "hand") -> list[int]:
    """34 concealed counts validated for a three-player hand with ``melds`` calls: the
    four-player checks, then no 2m-8m (an error naming the tile and ``where``)."""
    values = validate_concealed_counts(counts, melds)
    check_three_player_counts(values, where)
    return values


def lookup(counts: Sequence[int], melds: int) -> tuple[int, int, int]:
    """(standard, chiitoitsu, kokushi) shanten of a three-player hand's concealed counts
    with ``melds`` calls (the last two :data:`IMPOSSIBLE` with calls). Raises
    :class:`~riichi_lut.errors.InvalidHandError` on bad input, a 2m-8m included; to stay
    fast, the element types of a list or tuple are not inspected beyond what ``bytes()``
    accepts (``True`` reads as 1, as in ``shanten_value``)."""
    result = _unchecked(counts, melds)
    if result is None:
        result = _unchecked(checked(counts, melds), melds)
        assert result is not None, "counts passed validation but not the look-up"
    return result


Scalar = Callable[[Sequence[int], int], tuple[int, int, int] | None]


def _build_scalar(t: loader.Tables) -> Scalar:
    """The scalar look-up with every table bound as a closure local (attribute and global
    look-ups cost as much as the table probes in CPython). Per-block memos hold
    ``class | packed statistics << 10`` (:mod:`riichi_lut.analysis.forms`), so the
    statistics of the blocks add up to the hand's and give chiitoitsu and kokushi."""
    lut = sanma_tables()
    suit_classes, honor_classes = lut.suit_class, lut.honor_class
    suit_stats = [[int(v) for v in row] for row in kind_stats(SUIT)]
    honor_stats = [[int(v) for v in row] for row in kind_stats(HONOR)]
    man_stats = [suit_stats[0][i % 5] + suit_stats[8][i // 5] for i in range(25)]
    suit: dict[bytes, int] = {}
    honor: dict[bytes, int] = {}
    pair, pair_honor, man_class, standard = lut.pair, lut.pair_honor, lut.man_class, lut.standard
    chiitoitsu, kokushi = CHIITOITSU_BY_STATS, KOKUSHI_BY_STATS
    absent = bytes(7)

    def miss(memo: dict[bytes, int], classes: np.ndarray, stats: list[list[int]], key: bytes) -> int:
        """Fill the memo for a block pattern (``KeyError``: not one, a count above 4)."""
        cls = int(classes[sum(c * 5**i for i, c in enumerate(key))]) if max(key) <= 4 else 255
        if cls == 255:
            raise KeyError(key)
        value = memo[key] = cls | sum(row[c] for row, c in zip(stats, key, strict=True)) << 10
        return value

    def scalar(counts: Sequence[int], melds: int) -> tuple[int, int, int] | None:
        """The three forms, or None when the input is not plainly valid (the caller
        validates it, which names the fault)."""
        try:
            b = bytes(counts)
            if len(b) != 34 or b[1:8] != absent or b[0] > 4 or b[8] > 4 or melds.__class__ is not int:
                return None
            kp, ks, kz = b[9:18], b[18:27], b[27:34]
            vp = suit.get(kp)
            if vp is None:
                vp = miss(suit, suit_classes, suit_stats, kp)
            vs = suit.get(ks)
            if vs is None:
                vs = miss(suit, suit_classes, suit_stats, ks)
            vz = honor.get(kz)
            if vz is None:
                vz = miss(honor, honor_classes, honor_stats, kz)
        except (TypeError, ValueError, KeyError):
            return None
        man = b[0] + 5 * b[8]
        stats = ((vp + vs + vz) >> 10) + man_stats[man]
        if not 0 <= melds <= MAX_CALLS or (stats >> TILES) + 3 * melds not in (13, 14):
            return None
        value = standard[pair_honor[pair[vp & 1023][vs & 1023]][vz & 1023]][man_class[man]][melds]
        if melds:
            return value, IMPOSSIBLE, IMPOSSIBLE
        return value, chiitoitsu[stats & 127], kokushi[(stats >> 7) & 127]

    return scalar


_scalar_cache: tuple[loader.Tables, Scalar] | None = None


def _unchecked(counts: Sequence[int], melds: int) -> tuple[int, int, int] | None:
    """:func:`lookup` without the validation: None for input that is not plainly valid."""
    global _scalar_cache
    cache = _scalar_cache
    if cache is None or cache[0] is not loader.current:
        t = loader.tables()
        cache = _scalar_cache = (t, t.derived("sanma.scalar", _build_scalar))
    return cache[1](counts, melds)


def acceptance(
    counts: Sequence[int], melds: int, draws: bool
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """((standard, chiitoitsu, kokushi) shanten, their 34-bit masks) of validated
    three-player counts: with ``draws`` the kinds of the set whose draw lowers each form's
    shanten (a kind held four times never does), else the held kinds whose discard keeps
    it. The forms' masks are the definition, one look-up per kind; the forms of a hand
    with calls other than the standard are :data:`IMPOSSIBLE` with an empty mask."""
    values = list(counts)
    before = lookup(values, melds)
    masks = [0, 0, 0]
    step = 1 if draws else -1
    for kind in THREE_PLAYER_KINDS:
        after = values[kind] + step
        if not 0 <= after <= 4:
            continue
        values[kind] = after
        now = lookup(values, melds)
        values[kind] -= step
        for form in range(3 if not melds else 1):
            if now[form] < before[form] if draws else now[form] == before[form]:
                masks[form] |= 1 << kind
    return before, (masks[0], masks[1], masks[2])


# --------------------------------------------------------------------------- batch

_STEP = np.array([5**k for k in range(9)] * 3 + [5**k for k in range(7)], dtype=np.uint32)
_BLOCK = np.repeat(np.arange(4), [9, 9, 9, 7])
_MAN_STEP = {0: 1, 8: 5}  # 1m, 9m in the man index c1m + 5 * c9m


def man_index(im: np.ndarray) -> np.ndarray:
    """The three-player man index ``c1m + 5 * c9m`` from the four-player base-5 man block
    index of rows without 2m-8m (``c1m + 5**8 * c9m``)."""
    return np.asarray(im % np.uint32(5) + np.uint32(5) * (im // np.uint32(5**8)), dtype=np.intp)


def standard_indices(
    lut: SanmaTables, ip: np.ndarray, is_: np.ndarray, iz: np.ndarray, man: np.ndarray, calls: Any
) -> np.ndarray:
    """Standard-form shanten (int8) from the pin, sou and honor base-5 indices and the man
    index (:func:`man_index`) of validated three-player rows."""
    cp = lut.suit_class[ip].astype(np.intp)
    rest = lut.pair_honor_flat[lut.pair_flat[cp * 126 + lut.suit_class[is_]] + lut.honor_class[iz]]
    return np.asarray(lut.standard_flat[rest + lut.man_flat[man] + calls])


def _stats_steps() -> tuple[np.ndarray, np.ndarray]:
    """Per ``kind * 5 + copies``: what one more copy (a draw) and one fewer (a discard)
    adds to the packed statistics (uint32, modular), 0 where the step is impossible."""
    per_kind = np.concatenate([kind_stats(SUIT)] * 3 + [kind_stats(HONOR)]).astype(np.int64)  # (34, 5)
    up = np.zeros_like(per_kind)
    up[:, :4] = per_kind[:, 1:] - per_kind[:, :4]
    down = np.zeros_like(per_kind)
    down[:, 1:] = per_kind[:, :4] - per_kind[:, 1:]
    return (up % (1 << 32)).astype(np.uint32).reshape(-1), (down % (1 << 32)).astype(np.uint32).reshape(-1)


_UP, _DOWN = _stats_steps()
_CHIITOITSU, _KOKUSHI = stats_tables()


def closed_from_stats(stats: np.ndarray) -> np.ndarray:
    """min(chiitoitsu, kokushi) shanten (int8) from packed statistics (uint32)."""
    return np.asarray(
        np.minimum(_CHIITOITSU[stats & np.uint32(127)], _KOKUSHI[(stats >> np.uint32(7)) & np.uint32(127)])
    )


def acceptance_indices(
    rows: np.ndarray, indices: list[np.ndarray], stats: np.ndarray, calls: Any, draws: bool
) -> tuple[np.ndarray, np.ndarray]:
    """(shanten int8 (n,), mask (n, 34) bool) of validated three-player rows over the forms
    that apply, from their four base-5 block indices and packed statistics
    (:mod:`riichi_lut.analysis.forms`): with ``draws`` the kinds whose draw lowers the
    shanten, else the held kinds whose discard keeps it. The union over the forms at the
    minimum is exactly this (a draw changes a form's shanten by at most one). Per kind of
    the set, one changed block index (or man index) and one statistics step give the
    shanten after it: 27 look-ups, no re-validation; 2m-8m are never in the mask."""
    lut = sanma_tables()
    im, ip, is_, iz = indices
    man = man_index(im)
    closed = np.asarray(calls) == 0
    stats = np.asarray(stats, dtype=np.uint32)

    def value(
        ip: np.ndarray, is_: np.ndarray, iz: np.ndarray, man: np.ndarray, stats: np.ndarray
    ) -> np.ndarray:
        standard = standard_indices(lut, ip, is_, iz, man, calls)
        return np.asarray(np.where(closed, np.minimum(standard, closed_from_stats(stats)), standard))

    before = value(ip, is_, iz, man, stats)
    mask = np.zeros(rows.shape, dtype=bool)
    steps = _UP if draws else _DOWN
    for kind in THREE_PLAYER_KINDS:
        column = rows[:, kind]
        where = column < 4 if draws else column > 0
        if not where.any():
            continue
        delta = where.astype(np.uint32)
        moved = [ip, is_, iz, man]
        block = int(_BLOCK[kind])
        if block == 0:
            shift = np.intp(_MAN_STEP[kind]) * delta.astype(np.intp)
            moved[3] = man + shift if draws else man - shift
        else:
            shift = _STEP[kind] * delta
            moved[block - 1] = indices[block] + shift if draws else indices[block] - shift
        after_stats = stats + steps[kind * 5 + column.astype(np.intp)] * delta
        now = value(moved[0], moved[1], moved[2], moved[3], after_stats)
        mask[:, kind] = where & ((now < before) if draws else (now == before))
    return before, mask
