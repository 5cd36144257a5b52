"""Shape facts of a reading that the yaku rows test (:mod:`riichi_lut.riichi.yaku`):
concealed sets, identical runs, sanshoku and ittsu, outside hands, the nine gates, wind and
dragon sets. Each is a small function over a :class:`~riichi_lut.analysis.readings.Reading`
and the win's :class:`~riichi_lut.riichi.context.Context`.
"""

from __future__ import annotations

from collections import Counter

from ..analysis.readings import Group, Reading
from ..core.tiles import number_of, suit_of
from .context import DRAGONS, WINDS, Context, Predicate

__all__ = [
    "chuuren",
    "concealed_sets",
    "dragon_sets",
    "ittsu",
    "junsei_chuuren",
    "outside",
    "peikou",
    "sanshoku",
    "suuankou",
    "value_pair",
    "wind_sets",
    "yakuhai_set",
]


def concealed_sets(r: Reading, c: Context) -> int:
    """Sets not called; a triplet completed by a ron counts as open (明刻)."""
    count = 0
    for i, g in enumerate(r.groups):
        if not g.is_set or g.is_open:
            continue
        if i == r.win_group and not c.tsumo:
            continue
        count += 1
    return count


def peikou(r: Reading) -> int:
    """Pairs of identical runs (一盃口 count)."""
    return sum(n // 2 for n in Counter(g.tile for g in r.runs).values())


def yakuhai_set(kind: int) -> Predicate:
    return lambda r, c: r.form == "standard" and any(g.is_set and g.tile == kind for g in r.melds)


def value_pair(r: Reading, c: Context) -> bool:
    pair = r.pair
    return pair is not None and (pair.tile in DRAGONS or pair.tile in (c.seat_wind, c.round_wind))


def sanshoku(r: Reading, groups: tuple[Group, ...]) -> bool:
    by_number: dict[int, set[int]] = {}
    for g in groups:
        if g.tile < 27:
            by_number.setdefault(number_of(g.tile), set()).add(suit_of(g.tile))
    return any(len(suits) == 3 for suits in by_number.values())


def ittsu(r: Reading) -> bool:
    starts = {g.tile for g in r.runs}
    return any({base, base + 3, base + 6} <= starts for base in (0, 9, 18))


def outside(r: Reading, terminals_only: bool) -> bool:
    """Chanta / junchan: every group holds a terminal (or honor), at least one run."""
    if r.form != "standard" or not r.runs:
        return False
    for g in r.groups:
        if terminals_only and any(k >= 27 for k in g.kinds):
            return False
        if not g.has_terminal_or_honor:
            return False
    has_honor = any(k >= 27 for g in r.groups for k in g.kinds)
    return not has_honor if terminals_only else has_honor


def chuuren(r: Reading, c: Context) -> bool:
    """1112345678999 of one suit plus one more tile of it: exactly 14 tiles, so a hand
    with any kan (15+ tiles, closed or not) is never the nine gates."""
    if not c.closed or sum(c.counts) != 14 or len(c.suits) != 1 or c.has_honor:
        return False
    base = 9 * next(iter(c.suits))
    shape = [c.counts[base + i] for i in range(9)]
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return all(s >= n for s, n in zip(shape, need, strict=True))


def junsei_chuuren(r: Reading, c: Context) -> bool:
    if not chuuren(r, c):
        return False
    base = 9 * next(iter(c.suits))
    before = [c.counts[base + i] - (1 if base + i == r.win_kind else 0) for i in range(9)]
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def suuankou(r: Reading, c: Context) -> bool:
    return r.form == "standard" and concealed_sets(r, c) == 4


def wind_sets(r: Reading) -> tuple[int, bool]:
    sets = sum(1 for g in r.sets if g.tile in WINDS)
    pair = r.pair is not None and r.pair.tile in WINDS
    return sets, pair


def dragon_sets(r: Reading) -> tuple[int, bool]:
    sets = sum(1 for g in r.sets if g.tile in DRAGONS)
    pair = r.pair is not None and r.pair.tile in DRAGONS
    return sets, pair
