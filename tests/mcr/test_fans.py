"""One hand for every one of the 81 fans, asserting the FULL fan list and the total.

Each expected list is derived from the rules, not from riichi-lut: the seed (the Japanese
rules text: each fan's definition, the fans it does not combine with, its examples) and the
1998 rulebook's exclusions where the seed is silent (the non-repeat principle: a fan that
the hand necessarily has is not counted). Lists are for the default edition 2006; where the
editions differ for that hand, the 1998 list is asserted too. Every 1998 list was checked
offline against PyMahjongGB 1.4.0 (which scores 1998 values; ``oracle`` in
tests/mcr/gb_oracle.py): they agree on every hand, unless a comment says otherwise.

Edition facts used (sources in docs/mcr.md): Two Concealed Kongs is 6 points in 1998 and 8
in 2006; Seven Pairs combines with Fully Concealed Hand from 2006 (seed: "2006年ルール以前は
不求人の複合も認められなかった"), before that a self-drawn Seven Pairs scores Self-Drawn; All
Green combines with Half Flush in 2006 (seed, 緑一色 example "混一色・四帰一・箭刻と複合")
and not in 1998; All Terminals combines with Double Pung in 2006 (seed, 清么九 example
"双同刻2つと複合") and not in 1998.

Unless a case says otherwise: a discard win, seat West, prevalent North, no flowers.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi_lut.mcr import McrRules, score

#: points per use by fan number, 1998 values (1998 rulebook order, group by group)
POINTS_1998 = dict(
    enumerate(
        [88] * 7
        + [64] * 6
        + [48] * 2
        + [32] * 3
        + [24] * 9
        + [16] * 6
        + [12] * 5
        + [8] * 9
        + [6] * 7
        + [4] * 4
        + [2] * 10
        + [1] * 13,
        start=1,
    )
)
POINTS_2006 = POINTS_1998 | {53: 8}  # Two Concealed Kongs (Sloper column #341: an 8-point fan)
assert len(POINTS_1998) == 81

# (fan, English name, hand, win tile, facts, 2006 {fan: count}, 1998 {fan: count} or None = same)
CASES: list[tuple[int, str, str, str, dict[str, Any], dict[int, int], dict[int, int] | None]] = [
    # Big Four Winds excludes Big Three Winds, All Pungs, Seat / Prevalent Wind, Pung of
    # Terminals or Honors; the winds + one suit are a Half Flush; 44z / 55m is a two-kind wait.
    (1, "Big Four Winds", "444z55m[111z][222z][333z]", "4z", {}, {1: 1, 49: 1}, None),
    # Big Three Dragons excludes Dragon Pung, Two Dragon Pungs; 123m 99m + honors: Outside Hand.
    (2, "Big Three Dragons", "12399m[555z][666z][777z]", "3m", {}, {2: 1, 49: 1, 55: 1, 77: 1}, None),
    # 234s 234s 666s 888s + Green pair: a 88s / 66z two-kind wait, one concealed pung only.
    (3, "All Green", "223344666888s66z", "8s", {}, {3: 1, 49: 1, 69: 1, 62: 1}, {3: 1, 69: 1, 62: 1}),
    # 111 123 456 789 99: the seed's example "四帰一・清龍と複合"; Nine Gates excludes Full
    # Flush, Concealed Hand, No Honors and the Pung of Terminals (1998: one of them).
    (4, "Nine Gates", "11112345678999m", "1m", {}, {4: 1, 28: 1, 64: 1}, None),
    # four melded kongs, a single wait on a discard: Melded Hand (its Single Wait excluded).
    (5, "Four Kongs", "55m[1111m][5555p][3333s][7777z]", "5m", {}, {5: 1, 52: 1, 59: 1, 73: 1}, None),
    # 1-7: nothing else (seed: "(複合役なし)"), Seven Pairs / Full Flush / Concealed Hand /
    # Single Wait excluded, No Honors by non-repeat.
    (6, "Seven Shifted Pairs", "11223344556677p", "7p", {}, {6: 1}, None),
    (7, "Thirteen Orphans", "19m19p19s12345677z", "7z", {}, {7: 1}, None),
    # 111m 999m melded, 111p melded, 999p concealed + 99s: two Double Pungs in 2006 only.
    (8, "All Terminals", "99s999p[111m][999m][111p]", "9s", {}, {8: 1, 65: 2, 79: 1}, {8: 1, 79: 1}),
    # 123m + three wind pungs + wind pair; the seat (West) and prevalent (North) pungs count.
    (
        9,
        "Little Four Winds",
        "123m11z[222z][333z][444z]",
        "3m",
        {},
        {9: 1, 49: 1, 55: 1, 60: 1, 61: 1, 77: 1},
        None,
    ),
    (
        10,
        "Little Three Dragons",
        "123789m55z[666z][777z]",
        "3m",
        {},
        {10: 1, 49: 1, 55: 1, 72: 1, 77: 1},
        None,
    ),
    # All Honors excludes All Pungs, Outside Hand, Pung of Terminals or Honors (seed example:
    # only Two Dragon Pungs and the winds combine).
    (11, "All Honors", "111z22z[333z][666z][777z]", "2z", {}, {11: 1, 54: 1, 61: 1, 79: 1}, None),
    (12, "Four Concealed Pungs", "111m222p444s777s55z", "5z", {}, {12: 1, 73: 1, 79: 1}, None),
    # also seven pairs (24 + Full Flush 24), lower; 5m is a single wait in the regular reading.
    (13, "Pure Terminal Chows", "11223355778899m", "5m", {}, {13: 1, 62: 1, 79: 1}, None),
    (14, "Quadruple Chow", "222233334444s55p", "5p", {}, {14: 1, 63: 1, 68: 1, 62: 1, 79: 1, 75: 1}, None),
    (
        15,
        "Four Pure Shifted Pungs",
        "333444m55p[111m][222m]",
        "5p",
        {},
        {15: 1, 66: 1, 73: 1, 79: 1, 75: 1, 76: 1},
        None,
    ),
    (16, "Four Pure Shifted Chows", "122333444556m99s", "9s", {}, {16: 1, 63: 1, 62: 1, 75: 1, 79: 1}, None),
    (17, "Three Kongs", "123p55m[1111s][2222m][9999p]", "3p", {}, {17: 1, 73: 2, 76: 1, 77: 1}, None),
    (
        18,
        "All Terminals and Honors",
        "111m99p[999s][111z][555z]",
        "9p",
        {},
        {18: 1, 51: 1, 59: 1, 79: 1},
        None,
    ),
    (19, "Seven Pairs", "1122m3344p5566s77z", "7z", {}, {19: 1}, None),
    (20, "Greater Honors and Knitted Tiles", "147m25p36s1234567z", "7z", {}, {20: 1}, None),
    (21, "All Even Pungs", "222m444p666s88m[888p]", "8m", {}, {21: 1, 33: 1, 79: 1}, None),
    (22, "Full Flush", "22345m[111m][666m][789m]", "3m", {}, {22: 1, 73: 1}, None),
    (23, "Pure Triple Chow", "123p55m789s[123p][123p]", "5m", {}, {23: 1, 63: 1, 79: 1}, None),
    (24, "Pure Shifted Pungs", "444s55m678p[222s][333s]", "5m", {}, {24: 1, 68: 1, 79: 1}, None),
    # 7s completes 77s or 78s: a two-kind wait, no wait fan.
    (25, "Upper Tiles", "789m789p77888s[999s]", "7s", {}, {25: 1, 70: 1, 73: 1}, None),
    (26, "Middle Tiles", "456m456p44455s[666s]", "5s", {}, {26: 1, 70: 1}, None),
    (27, "Lower Tiles", "123m123p11122s[333s]", "2s", {}, {27: 1, 70: 1, 73: 1}, None),
    (28, "Pure Straight", "123456789m55p[678s]", "5p", {}, {28: 1, 63: 1, 79: 1}, None),
    (29, "Three-Suited Terminal Chows", "123789m123789p55s", "5s", {}, {29: 1, 62: 1, 79: 1}, None),
    (30, "Pure Shifted Chows", "345m99p678s[123m][234m]", "9p", {}, {30: 1, 63: 1, 79: 1}, None),
    # 5m completes 55m or 345m + 5m: a two-kind wait, no wait fan; All Simples and No Honors
    # are implied.
    (31, "All Fives", "34555m456p555s[567p]", "5m", {}, {31: 1}, None),
    (32, "Triple Pung", "222m222p345s99m[222s]", "9m", {}, {32: 1, 66: 1, 79: 1, 76: 1}, None),
    (33, "Three Concealed Pungs", "111234m444p777s55z", "3m", {}, {33: 1, 62: 1, 73: 1, 78: 1}, None),
    # without a complete knitted straight (seed: "(複合役なし)")
    (34, "Lesser Honors and Knitted Tiles", "147m25p369s123456z", "6z", {}, {34: 1}, None),
    # the winning 5z is outside the knitted tiles: Single Wait counts (seed, 組合龍)
    (35, "Knitted Straight", "144567m258p369s55z", "5z", {}, {35: 1, 62: 1, 79: 1}, None),
    (36, "Upper Four", "678m789p66699s[888s]", "9s", {}, {36: 1, 79: 1}, None),
    (37, "Lower Four", "123m234p11s[444s][333s]", "1s", {}, {37: 1, 79: 1}, None),
    (38, "Big Three Winds", "123m55p[111z][222z][333z]", "3m", {}, {38: 1, 61: 1, 75: 1, 77: 1}, None),
    (39, "Mixed Straight", "12355m456p789s[222s]", "5p", {}, {39: 1, 78: 1, 76: 1}, None),
    (40, "Reversible Tiles", "123345p45688s555z", "5z", {}, {40: 1, 59: 1, 62: 1}, None),
    (41, "Mixed Triple Chow", "234m234p234s55m[789s]", "3p", {}, {41: 1, 63: 1, 78: 1}, None),
    (42, "Mixed Shifted Pungs", "222m333p678m55s[444s]", "5s", {}, {42: 1, 66: 1, 68: 1, 79: 1}, None),
    # three suits, an honor pair, a two-sided wait on a discard, melded sets: nothing else.
    (43, "Chicken Hand", "456m11z[234p][789s][345m]", "6m", {}, {43: 1}, None),
    (
        44,
        "Last Tile Draw",
        "12355m456p789s[222s]",
        "5p",
        {"self_drawn": True, "last_tile_of_wall": True},
        {39: 1, 44: 1, 78: 1, 76: 1},
        None,
    ),
    (
        45,
        "Last Tile Claim",
        "12355m456p789s[222s]",
        "5p",
        {"last_tile_of_wall": True},
        {39: 1, 45: 1, 78: 1, 76: 1},
        None,
    ),
    (
        46,
        "Out with Replacement Tile",
        "12355m456p789s[2222s]",
        "5p",
        {"self_drawn": True, "kong_replacement": True},
        {39: 1, 46: 1, 74: 1, 78: 1, 76: 1},
        None,
    ),
    (
        47,
        "Robbing the Kong",
        "12355m456p789s[222s]",
        "5p",
        {"robbing_kong": True},
        {39: 1, 47: 1, 78: 1, 76: 1},
        None,
    ),
    (48, "All Pungs", "555p22s[111m][999s][111z]", "2s", {}, {48: 1, 73: 3, 79: 1}, None),
    (49, "Half Flush", "234567999m11z[666z]", "1z", {}, {49: 1, 59: 1, 73: 1, 71: 1, 79: 1}, None),
    # 3455s: 5s completes 345s + 55s or 34s + 55s: two kinds, no wait fan.
    (50, "Mixed Shifted Chows", "123m234p34555s[678p]", "5s", {}, {50: 1, 63: 1}, None),
    (51, "All Types", "123m456p11z555z[999s]", "1z", {}, {51: 1, 59: 1, 73: 1, 79: 1}, None),
    (52, "Melded Hand", "55m[234p][678s][222m][999p]", "5m", {}, {52: 1, 73: 1, 76: 1}, None),
    # 6 points in 1998, 8 in 2006; concealed kongs keep the hand concealed.
    (
        53,
        "Two Concealed Kongs",
        "123789m55p(2222s)(8888p)",
        "5p",
        {},
        {53: 1, 62: 1, 72: 1, 79: 1, 76: 1},
        None,
    ),
    (54, "Two Dragon Pungs", "123m456p99s[555z][666z]", "9s", {}, {54: 1, 79: 1}, None),
    (55, "Outside Hand", "123m789p99s[111z][999m]", "9s", {}, {55: 1, 73: 2, 79: 1}, None),
    (
        56,
        "Fully Concealed Hand",
        "12355m456p222789s",
        "5p",
        {"self_drawn": True},
        {39: 1, 56: 1, 78: 1, 76: 1},
        None,
    ),
    (57, "Two Melded Kongs", "123m456p55s[2222p][8888s]", "5s", {}, {57: 1, 79: 1, 76: 1}, None),
    (58, "Last Tile", "12355m456p789s[222s]", "5p", {"last_tile": True}, {39: 1, 58: 1, 78: 1, 76: 1}, None),
    (59, "Dragon Pung", "123m456p99s[678s][555z]", "9s", {}, {59: 1, 79: 1}, None),
    (60, "Prevalent Wind", "123m456p99s[678s][444z]", "9s", {}, {60: 1, 79: 1}, None),
    (61, "Seat Wind", "123m456p99s[678s][333z]", "9s", {}, {61: 1, 79: 1}, None),
    (62, "Concealed Hand", "12355m456p222678s", "3m", {}, {62: 1, 77: 1, 76: 1}, None),
    (63, "All Chows", "12355m456p678s[234s]", "5m", {}, {63: 1, 79: 1}, None),
    # 5s completes 55s + 678s, 8s would complete 567s + 88s: no wait fan.
    (64, "Tile Hog", "123333m456p678s55s", "5s", {}, {64: 1, 62: 1, 76: 1}, None),
    (65, "Double Pung", "456789s55m[222m][222p]", "5m", {}, {65: 1, 71: 1, 79: 1, 76: 1}, None),
    (66, "Two Concealed Pungs", "222m555p456789s33m", "8s", {}, {66: 1, 62: 1, 71: 1, 78: 1, 76: 1}, None),
    (67, "Concealed Kong", "123m456p99s(2222s)[678s]", "9s", {}, {67: 1, 79: 1, 76: 1}, None),
    # 5678s: 5s completes 55s + 678s or 567s + 8s: no wait fan.
    (68, "All Simples", "234m456p67855s[345m]", "5s", {}, {68: 1, 63: 1}, None),
    (69, "Pure Double Chow", "123m55p789s[123m][456s]", "5p", {}, {69: 1, 71: 1, 63: 1, 79: 1}, None),
    (70, "Mixed Double Chow", "123m55p678s[123p][456s]", "5p", {}, {70: 1, 63: 1, 79: 1}, None),
    (71, "Short Straight", "123456m55p[678s][999p]", "5p", {}, {71: 1, 73: 1, 79: 1, 76: 1}, None),
    (72, "Two Terminal Chows", "123789m55p[456s][222p]", "5p", {}, {72: 1, 79: 1, 76: 1}, None),
    (73, "Pung of Terminals or Honors", "123m456p55s[678s][999m]", "5s", {}, {73: 1, 79: 1, 76: 1}, None),
    (74, "Melded Kong", "123m456p55s[678s][2222p]", "5s", {}, {74: 1, 79: 1, 76: 1}, None),
    (75, "One Voided Suit", "123567m55p[678p][222p]", "5p", {}, {75: 1, 79: 1, 76: 1}, None),
    (76, "No Honors", "123m456p55s[678m][222s]", "5s", {}, {76: 1, 79: 1}, None),
    (77, "Edge Wait", "12399m456p[678s][222s]", "3m", {}, {77: 1, 76: 1}, None),
    (78, "Closed Wait", "12399m456p[678s][222s]", "2m", {}, {78: 1, 76: 1}, None),
    (79, "Single Wait", "123m456p99s[678s][222s]", "9s", {}, {79: 1, 76: 1}, None),
    (80, "Self-Drawn", "123m456p99s[678s][222s]", "9s", {"self_drawn": True}, {80: 1, 79: 1, 76: 1}, None),
    (81, "Flower Tiles", "123m456p99s[678s][222s]", "9s", {"flowers": 3}, {81: 3, 79: 1, 76: 1}, None),
]

#: hands where the two editions differ beyond the fan each one is about
EDITION_CASES: list[tuple[str, str, str, dict[str, Any], dict[int, int], dict[int, int]]] = [
    # Seven Pairs self-drawn: 2006 Fully Concealed Hand, 1998 Self-Drawn (seed; PyMahjongGB)
    (
        "seven pairs self-drawn",
        "1122m3344p5566s77z",
        "7z",
        {"self_drawn": True},
        {19: 1, 56: 1},
        {19: 1, 80: 1},
    ),
    # Lesser Honors and Knitted Tiles self-drawn: the same change (2006: "Fully Concealed
    # may be combined if Self-Drawn", mahjongtime.com's Green Book scoring, #45; 1998: the
    # rulebook's 不求人 note lists 全不靠 among the hands that score only 自摸; PyMahjongGB)
    (
        "lesser honors and knitted self-drawn",
        "147m25p369s123456z",
        "6z",
        {"self_drawn": True},
        {34: 1, 56: 1},
        {34: 1, 80: 1},
    ),
]


def scored(hand: str, win: str, facts: dict[str, Any], edition: str) -> Any:
    situation = {"self_drawn": False, "seat_wind": "W", "prevalent_wind": "N", **facts}
    return score(hand, win, **situation, rules=McrRules(edition=edition))


def check(hand: str, win: str, facts: dict[str, Any], edition: str, expected: dict[int, int]) -> None:
    result = scored(hand, win, facts, edition)
    points = POINTS_2006 if edition == "2006" else POINTS_1998
    got = {line.number: line.count for line in result.fans}
    assert got == expected, f"{edition}: {[(f.number, f.english, f.count) for f in result.fans]}"
    assert {line.number: line.points for line in result.fans} == {n: points[n] for n in expected}
    assert result.total == sum(points[n] * c for n, c in expected.items())


def test_every_fan_has_a_case():
    assert [c[0] for c in CASES] == list(range(1, 82))
    assert all(c[0] in c[5] for c in CASES)


@pytest.mark.parametrize(
    ("hand", "win", "facts", "expected"),
    [pytest.param(c[2], c[3], c[4], c[5], id=f"{c[0]:02d} {c[1]}") for c in CASES],
)
def test_fan_2006(hand: str, win: str, facts: dict[str, Any], expected: dict[int, int]):
    check(hand, win, facts, "2006", expected)


@pytest.mark.parametrize(
    ("hand", "win", "facts", "expected"),
    [pytest.param(c[2], c[3], c[4], c[6] or c[5], id=f"{c[0]:02d} {c[1]}") for c in CASES],
)
def test_fan_1998(hand: str, win: str, facts: dict[str, Any], expected: dict[int, int]):
    check(hand, win, facts, "1998", expected)


@pytest.mark.parametrize(
    ("hand", "win", "facts", "new", "old"), [pytest.param(*c[1:], id=c[0]) for c in EDITION_CASES]
)
def test_edition_difference(
    hand: str, win: str, facts: dict[str, Any], new: dict[int, int], old: dict[int, int]
):
    check(hand, win, facts, "2006", new)
    check(hand, win, facts, "1998", old)
