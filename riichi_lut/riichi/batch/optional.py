"""The optional rules of :class:`~riichi_lut.riichi.rules.RuleSet` in batch scoring that
are not in the yaku tables: daisharin and company (22334455667788 of one suit, closed),
daichisei (seven pairs of the seven honors) and counted yakuman beyond one
(``kazoe_limit="none"``). ``pinfu_tsumo_fu`` is two lines of the kernel (``_standard``).

The yakuman of a concealed pattern is one block index (base 5, ``lut.rows.block_indices``)
of a hand without calls: its value is added to the row's own table sum, so every reading
of the hand (the seven pairs and the standard ones) carries it, as in ``score``; its yaku
bit (50 and on, above the tables' 48) is set in ``BatchScore.yaku_mask`` afterwards."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..rules import RuleSet
from .luts import BIT, V_SHIFT

#: A concealed pattern yakuman: (block 0..3, its block index, table value, yaku bit).
Pattern = tuple[int, int, int, int]

_SUIT_PAIRS = sum(2 * 5**i for i in range(1, 8))  # 22334455667788 of a suit block
_HONOR_PAIRS = sum(2 * 5**i for i in range(7))  # 11223344556677z
_DAISHARIN = {"daisuurin": (0, ("all_suits",)), "daisharin": (1, ("pin", "all_suits")),
              "daichikurin": (2, ("all_suits",))}  # fmt: skip


def _entry(yaku_id: str, rules: RuleSet) -> int:
    """The value of one yakuman without its bit (which lies above the tables' 48)."""
    double = yaku_id in rules.double_yakuman
    return (1 << 9 if double else 1 << 6) << V_SHIFT


def patterns(rules: RuleSet) -> tuple[Pattern, ...]:
    """The concealed pattern yakuman ``rules`` plays."""
    out = [
        (block, _SUIT_PAIRS, _entry(yaku_id, rules), BIT[yaku_id])
        for yaku_id, (block, played) in _DAISHARIN.items()
        if rules.daisharin in played
    ]
    if rules.daichisei:
        out.append((3, _HONOR_PAIRS, _entry("daichisei", rules), BIT["daichisei"]))
    return tuple(out)


def add_patterns(
    found: tuple[Pattern, ...], blocks: list[np.ndarray], hand_total: np.ndarray
) -> list[tuple[np.ndarray, int]]:
    """Add each pattern's value to the rows (of hands without calls) that hold it; returns
    (rows, yaku bit) to mark once the rows are stored."""
    marks = []
    for block, index, entry, bit in found:
        rows = np.flatnonzero(blocks[block] == index)  # 14 tiles: the other blocks are empty
        if len(rows):
            hand_total[rows] += np.uint64(entry)
            marks.append((rows, bit))
    return marks


def mark(out: Any, start: int, marks: list[tuple[np.ndarray, int]]) -> None:
    """Set the pattern yakuman's bit of the stored rows (they always win: a yakuman)."""
    for rows, bit in marks:
        out.yaku_mask[rows + start] |= np.uint64(1 << bit)


def kazoe_points(rt: Any, han: np.ndarray, points: np.ndarray, mode: Any) -> np.ndarray:
    """``kazoe_limit="none"``: 26+ counted han pay one yakuman per 13 han (at most
    ``yakuman_cap``), as ``points.base_points``; 13-25 han are the tables' one yakuman."""
    big = han >= 26
    if not big.any():
        return points
    multiple = han // 13
    if rt.yakuman_cap:
        multiple = np.minimum(multiple, rt.yakuman_cap)
    multiplier = rt.limit_multiplier[mode] if isinstance(mode, np.ndarray) else rt.limit_multiplier[int(mode)]
    return np.where(big, 8000 * multiple * multiplier, points).astype(points.dtype)
