"""Tests of riichi_lut.mcr.score: totals, the minimum, payments, flowers, the cap, the
beginner rules, edition differences, the result type, and every bad input with its
message (issue 10, item 8)."""

from __future__ import annotations

import json

import pytest

from riichi_lut import mcr
from riichi_lut.errors import InvalidArgumentError, InvalidHandError, InvalidSituationError, NotAWinError
from riichi_lut.mcr import McrRules, Win, score

from .helpers import fans, scored

MAX_HAND = "22z (1111z) (5555z) (6666z) (7777z)"
MAX_FACTS = {
    "seat_wind": "E",
    "prevalent_wind": "E",
    "flowers": 8,
    "kong_replacement": True,
    "last_tile_of_wall": True,
}
MAX_FANS = {
    "Big Three Dragons": 88,
    "Four Kongs": 88,
    "All Honors": 64,
    "Four Concealed Pungs": 64,
    "Last Tile Draw": 8,
    "Out with Replacement Tile": 8,
    "Prevalent Wind": 2,
    "Seat Wind": 2,
    "Flower Tiles": 8,
}


@pytest.mark.parametrize("edition", ["2006", "1998"])
def test_the_332_point_maximum_pays_340_from_each(edition: str) -> None:
    result = scored(MAX_HAND, "2z", True, rules=McrRules(edition=edition), **MAX_FACTS)
    assert fans(result) == MAX_FANS
    assert result.total == 332 and result.total_without_flowers == 324
    assert [(p.payer, p.points) for p in result.payments] == [("S", 340), ("W", 340), ("N", 340)]


def test_the_cap_stops_the_total_at_88_flowers_inside() -> None:
    result = scored(MAX_HAND, "2z", True, rules=McrRules(cap=88), **MAX_FACTS)
    assert result.total == 88 and result.uncapped_total == 332
    assert sum(f.total for f in result.fans) == 332
    assert {p.points for p in result.payments} == {96}  # 288 in all: the seed's maximum


def test_discard_payments() -> None:
    result = scored("123m456p789s234s55z", "5z")
    assert result.total == 11
    assert [(p.payer, p.points) for p in result.payments] == [("discarder", 19), ("other", 8), ("other", 8)]


def test_self_drawn_payments_come_from_the_three_other_seats() -> None:
    result = scored("123m456p789s234s55z", "5z", True, seat_wind="N")
    assert [p.payer for p in result.payments] == ["E", "S", "W"]
    assert {p.points for p in result.payments} == {8 + result.total}


def test_below_the_minimum_is_scored_without_payments() -> None:
    result = scored("345m345p678s99m [111z]", "3m", flowers=4)
    assert result.total == 6 and result.total_without_flowers == 2
    assert not result.meets_minimum and result.payments == ()


def test_flowers_count_in_the_total_not_toward_the_minimum() -> None:
    result = scored("123m456p789s234s55z", "5z", flowers=3)
    assert fans(result)["Flower Tiles"] == 3 and result.total == 14 and result.total_without_flowers == 11
    seven = scored("12333m456p789s [111z]", "3m", flowers=8)
    assert seven.total_without_flowers == 10 and seven.meets_minimum  # 10 >= 8 without flowers
    low = scored("345m345p678s99m [111z]", "3m", flowers=8)
    assert low.total == 10 and not low.meets_minimum


def test_beginner_rules_6_point_minimum_no_base_payment() -> None:
    rules = McrRules(beginner=True)
    ten = scored("12333m456p789s [111z]", "3m", rules=rules)
    assert [(p.payer, p.points) for p in ten.payments] == [("discarder", 10), ("other", 0), ("other", 0)]
    seven = "234m345p456s11z [999m]"  # Mixed Shifted Chows 6 + Pung of Terminals 1
    assert scored(seven, "2m", rules=rules).meets_minimum
    assert scored(seven, "2m", rules=rules).total == 7
    assert not scored(seven, "2m").meets_minimum


def test_no_flowers_in_the_set() -> None:
    with pytest.raises(InvalidSituationError, match="without flower tiles"):
        scored("123m456p789s234s55z", "5z", flowers=1, rules=McrRules(flowers=False))
    assert scored("123m456p789s234s55z", "5z", rules=McrRules(flowers=False)).total == 11


@pytest.mark.parametrize(
    ("hand", "edition", "expected"),
    [
        ("123m456p99s (2222z) (3333z)", "1998", {"Two Concealed Kongs": 6}),
        ("123m456p99s (2222z) (3333z)", "2006", {"Two Concealed Kongs": 8}),
        ("123m456p99s [2222z] (3333z)", "1998", {"Concealed Kong and Melded Kong": 5}),
        ("123m456p99s [2222z] (3333z)", "2006", {"Concealed Kong and Melded Kong": 6}),
    ],
)
def test_edition_differences_of_the_kongs(hand: str, edition: str, expected: dict[str, int]) -> None:
    got = fans(scored(hand, "9s", rules=McrRules(edition=edition)))
    assert {k: v for k, v in got.items() if "Kong" in k} == expected


def test_nine_gates_editions() -> None:
    old = fans(scored("11123455678999m", "5m", True, rules=McrRules(edition="1998")))
    new = fans(scored("11123455678999m", "5m", True))
    assert old == {
        "Nine Gates": 88,
        "Two Concealed Pungs": 2,
        "Pung of Terminals or Honors": 1,
        "Self-Drawn": 1,
    }
    assert new == {"Nine Gates": 88, "Fully Concealed Hand": 4, "Two Concealed Pungs": 2}


def test_thirteen_orphans_self_drawn_editions() -> None:
    assert fans(scored("19m19p19s12345677z", "7z", True, rules=McrRules(edition="1998"))) == {
        "Thirteen Orphans": 88,
        "Self-Drawn": 1,
    }
    assert fans(scored("19m19p19s12345677z", "7z", True)) == {
        "Thirteen Orphans": 88,
        "Fully Concealed Hand": 4,
    }


def test_last_tile_shown_by_the_hands_own_pung() -> None:
    # [666s] and the 6s of 567s: the winning 6s is the fourth copy, the others on the table
    assert "Last Tile" in fans(scored("222m66p567s [333z] [666s]", "6s", True))


def test_robbing_the_kong_implies_last_tile() -> None:
    result = fans(scored("123m456p789s234s55z", "2s", robbing_kong=True, last_tile=True))
    assert "Robbing the Kong" in result and "Last Tile" not in result


def test_chicken_hand() -> None:
    assert fans(scored("234m567p11z [789s] [345p]", "4m")) == {"Chicken Hand": 8}
    assert "Chicken Hand" not in fans(scored("234m567p11z [789s] [345p]", "4m", True))


def test_win_object_and_keywords_agree() -> None:
    win = Win(self_drawn=True, seat_wind="S", prevalent_wind="E", flowers=2)
    a = score("123m456p789s234s55z", "5z", win)
    b = score("123m456p789s234s55z", "5z", self_drawn=True, seat_wind="s", prevalent_wind="e", flowers=2)
    assert a == b


def test_result_to_dict_is_json() -> None:
    result = scored("123m456p789s234s55z", "5z", flowers=1)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["total"] == 12 and data["fans"][0]["english"] == "Mixed Straight"
    assert data["fans"][0]["sets"] == ["123m 456p 789s"] and data["win"]["flowers"] == 1


def test_fans_add_up_to_the_total() -> None:
    result = scored("12223334444m [123m]", "4m", flowers=2)
    assert sum(f.total for f in result.fans) == result.total


def test_package_exports() -> None:
    assert mcr.score is score and len(mcr.FANS) == 81


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("hand", "win", "facts", "error", "message"),
    [
        ("11111m456p789s234s", "1m", {}, InvalidHandError, "5 copies|5th copy"),
        ("1111m456p789s [1111m]", "4p", {}, InvalidHandError, "copies|5th"),
        ("123m456p789s234s5z", "5z", {}, InvalidHandError, "13 concealed|14 concealed|concealed tiles"),
        ("123m456p789s5z [234s]", "5z", {}, InvalidHandError, "holds 11 concealed"),
        ("123m406p789s234s55z", "5z", {}, InvalidHandError, "red five"),
        ("123m456p789s234s55z", "0p", {}, InvalidHandError, "red five"),
        ("123m456p789s234s55z", "9m", {}, InvalidHandError, "not among the concealed tiles"),
        ("23m456p789s555z [111m]", "1m", {}, InvalidHandError, "only in a call"),
        ("123m456p789s234s55z", "5z", {"flowers": 9}, InvalidSituationError, "flowers must be at most 8"),
        ("123m456p789s234s55z", "5z", {"flowers": -1}, InvalidSituationError, "flowers must be an int"),
        (
            "123m456p789s234s55z",
            "2s",
            {"robbing_kong": True, "sd": True},
            InvalidSituationError,
            "self-drawn",
        ),
        ("123m456p789s234s55z", "2s", {"kong_replacement": True}, InvalidSituationError, "discard"),
        (
            "123m456p789s234s55z",
            "2s",
            {"kong_replacement": True, "sd": True},
            InvalidSituationError,
            "needs a kong",
        ),
        (
            "123m456p789s234s55z",
            "2s",
            {"robbing_kong": True, "last_tile_of_wall": True},
            InvalidSituationError,
            "last_tile_of_wall",
        ),
        ("123m456p789s234s55z", "5z", {"robbing_kong": True}, InvalidSituationError, "holds it once"),
        ("123m456p789s234s55z", "5z", {"last_tile": True}, InvalidSituationError, "last_tile"),
        ("123m456p789s234s56z", "5z", {}, NotAWinError, "not a complete hand"),
        ("123m456p789s234s55z", "5z", {"seat_wind": "2z"}, InvalidSituationError, "seat_wind"),
    ],
)
def test_bad_input_names_the_fault(
    hand: str, win: str, facts: dict[str, object], error: type, message: str
) -> None:
    self_drawn = bool(facts.pop("sd", False))
    with pytest.raises(error, match=message):
        scored(hand, win, self_drawn, **facts)


def test_win_and_keywords_together_is_an_error() -> None:
    win = Win(self_drawn=True, seat_wind="S", prevalent_wind="E")
    with pytest.raises(InvalidArgumentError, match="not both"):
        score("123m456p789s234s55z", "5z", win, flowers=2)


def test_missing_facts_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="self_drawn, seat_wind"):
        score("123m456p789s234s55z", "5z", prevalent_wind="E")


def test_rules_must_be_mcr_rules() -> None:
    with pytest.raises(InvalidArgumentError, match="McrRules"):
        scored("123m456p789s234s55z", "5z", rules="2006")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "win", "facts", "only_1998", "only_2006"),
    [
        ("234s66z [234s] [234s] [234s]", "6z", {}, set(), {"Half Flush"}),  # All Green + Half Flush
        ("99m999p111s (9999s) (1111m)", "9p", {}, set(), {"Double Pung"}),  # All Terminals + Double Pung
        # the knitted-straight wait rule (2006): 4m completes 147m or the pair 44m
        ("14447m369p258s (7777s)", "4m", {"sd": True, "kong_replacement": True}, {"Single Wait"}, set()),
        ("23333469m147p258s", "3m", {}, {"Closed Wait"}, set()),
        # four kongs, two concealed: one fan of each series in 1998, Two Concealed Kongs in 2006
        ("55m [2222p] (3333p) [4444s] (6666m)", "5m", {}, {"Two Concealed Pungs"}, {"Two Concealed Kongs"}),
    ],
)
def test_edition_differences_in_combinations(
    hand: str, win: str, facts: dict[str, object], only_1998: set[str], only_2006: set[str]
) -> None:
    self_drawn = bool(facts.pop("sd", False))
    old = set(fans(scored(hand, win, self_drawn, rules=McrRules(edition="1998"), **facts)))
    new = set(fans(scored(hand, win, self_drawn, **facts)))
    assert (old - new, new - old) == (only_1998, only_2006)


def test_hand_object_and_tile_kind_inputs() -> None:
    from riichi_lut.core.hand import Call, Hand

    text = scored("123m456p789s234s55z", "5z")
    as_objects = scored(Hand("123m456p789s234s55z"), 31)  # type: ignore[arg-type]
    assert as_objects.total == text.total and as_objects.fans == text.fans
    added = Hand("123m456p789s55z", calls=(Call.added_kan(19),))
    assert "Melded Kong" in fans(scored(added, "5z"))  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="win_tile"):
        scored("123m456p789s234s55z", 34)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="win_tile"):
        scored("123m456p789s234s55z", "5z5z")


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s234s55z",
        "55777789s(7777p)[777m]",
        "99p[5555s][666s][777s][888s]",
        "22223466688s[444s]",
        MAX_HAND.replace(" ", ""),
        "147m258p369s11z[555z]",
        "19m19p19s12345677z",
        "11122233344455z",
    ],
)
def test_canonical_text_reads_as_the_core_reader(text: str) -> None:
    """Canonical notation is read by a shortcut: it must give the counts and calls that
    core.hand gives, and the score of the text must equal the score of the Hand."""
    from riichi_lut.core.hand import parse_hand
    from riichi_lut.mcr.score import _quick_hand

    h = parse_hand(text)
    quick = _quick_hand(text)
    assert quick is not None
    assert (quick[0], quick[1], tuple(quick[3])) == (h.concealed, h.calls, tuple(h.total_counts))
    facts = {"self_drawn": True, "seat_wind": "E", "prevalent_wind": "S", "flowers": 1}
    win = next(k for k in ("5z", "9s", "9p", "4s", "2z", "1z", "7z", "1m") if h.concealed[_kind(k)])
    by_text, by_hand = score(text, win, **facts).to_dict(), score(h, win, **facts).to_dict()
    assert by_text.pop("hand") == text
    by_hand.pop("hand")
    assert by_text == by_hand


def _kind(tile: str) -> int:
    from riichi_lut.core.tiles import parse_tiles

    return parse_tiles(tile)[0]


@pytest.mark.parametrize(
    "text",
    [
        "123m 456p 789s 234s 55z",  # spaces: the core reader
        "123m456p789s234s505z",  # a red five
        "123m456p789s234s58z",  # no 8z
        "11112m456p789s234s5z[1111m]",  # a fifth copy
        "123m456p789s234s5z",  # 13 tiles
        "123m456p789s2345s[135m]",  # no such call
        "123m456p789s[234s]55z",  # tiles after a call
    ],
)
def test_other_text_goes_to_the_core_reader(text: str) -> None:
    from riichi_lut.mcr.score import _quick_hand

    assert _quick_hand(text) is None
