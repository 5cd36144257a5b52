"""Tests of the fan table's data (riichi_lut.mcr.fans): numbering, values per edition,
implications that point at real fans, lookups. (Per-fan scoring tests: test_fans.py.)"""

from __future__ import annotations

import random

import pytest

from riichi_lut.core.hand import Call, Hand
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.mcr import FANS, McrRules, Win, fan
from riichi_lut.mcr.evaluate import implied_closure
from riichi_lut.mcr.facts import Facts, HandFacts
from riichi_lut.mcr.features import feature_mask
from riichi_lut.mcr.readings import readings


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


def _random_win(rng: random.Random) -> tuple[Hand, int, Win] | None:
    """A seeded random winning hand of four sets and a pair (some claimed, some kongs) or
    a special form, its winning tile and facts; None when the draw breaks four copies."""
    counts = [0] * 34
    calls: list[Call] = []
    concealed: list[int] = []
    specials = [
        "19m19p19s12345677z",
        "147m258p369s12345z",
        "147m258p3s1234567z",
        "1133557799m2244p",
        "2233445566778p",
    ]
    if rng.random() < 0.1:
        concealed = list(Hand(rng.choice(specials)).concealed)
        counts = list(concealed)
    else:
        suited_only = rng.random() < 0.5
        for _ in range(4):
            if rng.random() < 0.5:
                suit, start = rng.randrange(3), rng.randrange(7)
                kinds = [9 * suit + start + i for i in range(3)]
                call = Call.chi(kinds[0])
            else:
                kind = rng.randrange(27 if suited_only else 34)
                kinds = [kind] * 3
                call = Call.pon(kind)
                if rng.random() < 0.25:
                    kinds = [kind] * 4
                    call = rng.choice([Call.open_kan(kind), Call.closed_kan(kind)])
            for k in kinds:
                counts[k] += 1
            if len(kinds) == 4 or rng.random() < 0.3:
                calls.append(call)
            else:
                concealed.extend(kinds)
        pair = rng.randrange(27 if suited_only else 34)
        counts[pair] += 2
        concealed += [pair, pair]
        concealed = [concealed.count(k) for k in range(34)]
    if max(counts) > 4:
        return None
    hand = Hand(tuple(concealed), calls=tuple(calls))
    win_kind = rng.choice([k for k in range(34) if concealed[k]])
    self_drawn = rng.random() < 0.4
    win = Win(
        self_drawn=self_drawn,
        seat_wind=rng.choice("ESWN"),
        prevalent_wind=rng.choice("ESWN"),
        flowers=rng.randrange(3),
        last_tile_of_wall=rng.random() < 0.1,
        kong_replacement=self_drawn and any(c.is_kan for c in calls) and rng.random() < 0.3,
    )
    return hand, win_kind, win


@pytest.mark.parametrize("edition", ["2006", "1998"])
def test_a_rows_needs_hold_whenever_it_counts(edition: str) -> None:
    """Scoring asks a row only when a reading has the features it needs: on random
    winning hands, every row that counts more than 0 finds its needs present."""
    rng = random.Random(10)
    rules = McrRules(edition=edition)
    counted: set[int] = set()
    for _ in range(1500):
        drawn = _random_win(rng)
        if drawn is None:
            continue
        hand, win_kind, win = drawn
        hand_facts = HandFacts(hand.concealed, hand.calls, win_kind, win, rules)
        for reading in readings(hand.concealed, hand.calls, win_kind, win.self_drawn, edition != "1998"):
            f = Facts(hand_facts, reading)
            for row in FANS:
                if row.count(f):
                    counted.add(row.number)
                    assert not feature_mask(row.needs) & ~f.features, (row.english, hand, reading.text())
    assert len(counted) >= 55  # the draw reaches most fans
