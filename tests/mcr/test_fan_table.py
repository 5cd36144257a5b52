"""Tests of the fan table's data (riichi_lut.mcr.fans): numbering, values per edition,
implications that point at real fans, lookups. (Per-fan scoring tests: test_fans.py.)"""

from __future__ import annotations

import pytest

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.mcr import FANS, fan
from riichi_lut.mcr.evaluate import implied_closure


def test_81_rows_in_order_with_the_1998_point_groups() -> None:
    assert [f.number for f in FANS] == list(range(1, 82))
    groups = [88] * 7 + [64] * 6 + [48] * 2 + [32] * 3 + [24] * 9 + [16] * 6 + [12] * 5 + [8] * 9
    groups += [6] * 7 + [4] * 4 + [2] * 10 + [1] * 13
    assert [f.points_1998 for f in FANS] == groups


def test_only_two_concealed_kongs_changes_value() -> None:
    assert [f.number for f in FANS if f.points != f.points_1998] == [53]


def test_implications_name_real_fans_and_never_themselves() -> None:
    for edition in ("2006", "1998"):
        closure = implied_closure(edition)
        for f in FANS:
            assert f.number not in closure[f.number]
            assert closure[f.number] <= set(range(1, 82))


def test_every_edition_difference_has_a_note() -> None:
    for f in FANS:
        if f.points != f.points_1998 or f.implies != f.implies_1998:
            assert f.note, f.english


def test_beginner_marks() -> None:
    assert sorted(f.number for f in FANS if f.beginner) == [19, 22, 28, 30, 31, 34, 36, 37, 38, 39, 41]


def test_lookup() -> None:
    assert fan("Big Four Winds") is FANS[0] and fan("花牌").number == 81 and fan(43).english == "Chicken Hand"
    for bad in (0, 82, True, "Riichi"):
        with pytest.raises(InvalidArgumentError, match="no MCR fan"):
            fan(bad)  # type: ignore[arg-type]
