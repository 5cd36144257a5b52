"""The combination principles of MCR scoring, each with a hand that scores differently
without it: non-repeat, highest reading, account-once (the seed's A B C D examples: 8, 43,
9, 16 and 11 points), non-identical, the exception for pungs, the repeatable fans (the
seed's 46 and 15), at most one wait fan and only on a one-kind wait, the knitted-straight
wait rule."""

from __future__ import annotations

import pytest

from riichi_lut.mcr import McrRules
from riichi_lut.mcr.combine import chow_fans, pair_fan, triple_fan

from .helpers import fans, scored


def test_non_repeat_seven_pairs_drops_concealed_hand_and_single_wait() -> None:
    assert fans(scored("1122m3344p5566s77z", "7z")) == {"Seven Pairs": 24}


@pytest.mark.parametrize(
    ("edition", "expected"),
    [
        ("2006", {"Seven Pairs": 24, "Fully Concealed Hand": 4}),
        ("1998", {"Seven Pairs": 24, "Self-Drawn": 1}),
    ],
)
def test_seven_pairs_with_fully_concealed_hand_only_from_2006(edition: str, expected: dict[str, int]) -> None:
    assert fans(scored("1122m3344p5566s77z", "7z", True, rules=McrRules(edition=edition))) == expected


def test_an_implied_fan_implies_nothing_itself() -> None:
    # 1998: Four Concealed Pungs implies Fully Concealed Hand, which would imply Self-Drawn
    result = scored("22888m555666z (1111p)", "5z", True, rules=McrRules(edition="1998"))
    assert "Self-Drawn" in fans(result) and "Fully Concealed Hand" not in fans(result)


def test_highest_reading_47_not_46() -> None:
    result = scored("333444555m345p55s", "3m", True)
    assert result.total == 47
    assert fans(result) == {
        "Pure Triple Chow": 24,
        "All Fives": 16,
        "Fully Concealed Hand": 4,
        "All Chows": 2,
        "Mixed Double Chow": 1,
    }
    assert result.alternatives[0].total == 46


def test_highest_reading_46_not_32() -> None:
    result = scored("222333444m678p55s", "2m", True)
    assert fans(result) == {
        "Pure Shifted Pungs": 24,
        "Three Concealed Pungs": 16,
        "Fully Concealed Hand": 4,
        "All Simples": 2,
    }
    assert result.alternatives[0].total == 32


def test_account_once_8_points() -> None:
    # A=234m B=234m C=234p D=567m: AB Pure Double, AC Mixed Double; BC not again; AD or BD once
    result = scored("234567m234p88p [234m]", "7m")
    assert result.total == 8
    assert fans(result) == {
        "All Chows": 2,
        "All Simples": 2,
        "Pure Double Chow": 1,
        "Mixed Double Chow": 1,
        "Short Straight": 1,
        "One Voided Suit": 1,
    }


def test_account_once_43_points_the_unused_chow_pairs_once() -> None:
    result = scored("123456789m55m [789m]", "1m")
    assert result.total == 43
    assert [f.english for f in result.fans].count("Pure Double Chow") + [
        f.english for f in result.fans
    ].count("Short Straight") + [f.english for f in result.fans].count("Two Terminal Chows") == 1


def test_account_once_9_points_the_fourth_pair_is_refused() -> None:
    result = scored("123789m123p99s [789p]", "1m")
    assert fans(result) == {
        "Outside Hand": 4,
        "All Chows": 2,
        "Mixed Double Chow": 2,
        "Two Terminal Chows": 1,
    }


def test_non_identical_mixed_shifted_pungs_once_16() -> None:
    result = scored("555m66p [222m] [333p] [444s]", "5m")
    assert fans(result) == {"Mixed Shifted Pungs": 8, "All Pungs": 6, "All Simples": 2}


def test_non_identical_mixed_shifted_chows_once_and_short_straight_11() -> None:
    result = scored("234m345p456s88p [567m]", "2m")
    assert fans(result) == {"Mixed Shifted Chows": 6, "All Chows": 2, "All Simples": 2, "Short Straight": 1}


def test_pung_exception_double_pung_with_pure_shifted_pungs() -> None:
    result = scored("222333444m222p55s", "5s")
    assert fans(result)["Pure Shifted Pungs"] == 24 and fans(result)["Double Pung"] == 2


def test_repeatable_tile_hog_three_times_46() -> None:
    result = scored("12223334444m [123m]", "4m")
    assert fans(result) == {
        "Full Flush": 24,
        "Lower Four": 12,
        "All Chows": 2,
        "Tile Hog": 6,
        "Pure Double Chow": 2,
    }
    assert next(f for f in result.fans if f.english == "Tile Hog").count == 3


def test_repeatable_double_pung_twice_and_terminal_pungs_four_times_15() -> None:
    result = scored("999p55s [111m] [111p] [999m]", "9p")
    assert fans(result) == {
        "All Pungs": 6,
        "Double Pung": 4,
        "Pung of Terminals or Honors": 4,
        "No Honors": 1,
    }


def test_one_wait_fan_when_edge_and_single_compete() -> None:
    result = scored("12333m456p789s [111z]", "3m")
    waits = [f.english for f in result.fans if f.english in ("Edge Wait", "Closed Wait", "Single Wait")]
    assert len(waits) == 1 and result.total == 10


def test_no_wait_fan_on_a_two_kind_wait() -> None:
    assert fans(scored("11234m456p789s [111z]", "1m")) == {"Pung of Terminals or Honors": 1}


def test_a_formal_second_wait_on_used_up_copies_takes_the_wait_fan_away() -> None:
    # 8s would complete 45667s although all four 8s are in the kong: formally the hand waits
    # on 5s and 8s, so no Closed Wait (MIL's interpretation, quoted in docs/mcr.md)
    assert "Closed Wait" not in fans(scored("33p455667s [8888s] (6666z)", "5s", True, kong_replacement=True))
    # a fifth copy of a kind held four times is a formal wait too: 1222233334566m completes
    # on 3m (123 222 333 345 66) as well as 6m, so the win on 6m scores no Single Wait
    assert fans(scored("12222333345666m", "6m")) == {
        "Full Flush": 24,
        "Concealed Hand": 2,
        "Tile Hog": 4,
        "Two Concealed Pungs": 2,
        "Short Straight": 1,
    }


def test_knitted_straight_wait_rule_no_edge_wait() -> None:
    result = scored("147789m258p369s55s", "7m")
    assert fans(result) == {"Knitted Straight": 12, "Concealed Hand": 2, "All Chows": 2}


def test_knitted_straight_single_wait_outside_the_knit() -> None:
    # the seed's third example: Knitted Straight + All Types + Dragon Pung + Single Wait
    assert fans(scored("147m258p369s11z [555z]", "1z")) == {
        "Knitted Straight": 12,
        "All Types": 6,
        "Dragon Pung": 2,
        "Single Wait": 1,
    }


def test_chow_combination_functions() -> None:
    assert triple_fan((0, 0), (1, 0), (2, 0)) == 41
    assert triple_fan((0, 0), (1, 3), (2, 6)) == 39
    assert triple_fan((2, 0), (2, 2), (2, 4)) == 30
    assert pair_fan((0, 0), (1, 1)) == 0
    # four chows with a 4-chow fan take nothing else
    assert chow_fans(((0, 0), (0, 1), (0, 2), (0, 3)))[0] == {16: 1}
    assert chow_fans(((1, 2),) * 4)[0] == {14: 1}
