"""Tests of riichi_lut.mcr.hints: MCR advice ranks by legal live tiles and scores every wait."""

from __future__ import annotations

import json

import pytest

from riichi_lut.core.hand import Hand
from riichi_lut.errors import InvalidHandError, InvalidSituationError
from riichi_lut.mcr import McrRules, hint, score, ukeire


def test_every_wait_carries_its_points_both_ways_from_the_scorer() -> None:
    h = hint("123m456p789s23s56z5z")
    best = h.best
    assert best.discard == "6z" and best.shanten == 0
    for wait in best.waits:
        whole = "123m456p789s23s55z" + wait.tile
        on_discard = score(whole, wait.tile, self_drawn=False, seat_wind="E", prevalent_wind="E")
        self_drawn = score(whole, wait.tile, self_drawn=True, seat_wind="E", prevalent_wind="E")
        assert wait.discard_points == on_discard.total_without_flowers
        assert wait.self_drawn_points == self_drawn.total_without_flowers
    assert [(w.tile, w.live) for w in best.waits] == [("1s", 4), ("4s", 4)]


def test_a_tenpai_that_cannot_reach_eight_is_named_and_counts_no_legal_tiles() -> None:
    h = hint("123m45678p123s55z")
    (option,) = h.options
    assert option.discard is None and option.shanten == 0
    assert [w.tile for w in option.waits] == ["3p", "6p", "9p"]
    assert all(not w.legal for w in option.waits)
    assert option.total == 11 and option.legal_total == 0
    assert "no wait reaches 8 points" in h.why and "not a legal win" in h.why


def test_legal_waits_outrank_more_waits_that_cannot_win() -> None:
    # 8p out: waits 3p 6p 9p (11 tiles), worth at most 6. 1z out keeps 456p 78p ... compare:
    # the ranking must prefer the discard whose waits reach 8 over a wider illegal wait.
    h = hint("123m456p789p123s5z9p")
    tenpai = [o for o in h.options if o.shanten == 0]
    assert tenpai, h.text()
    keys = [(o.legal_total, o.total) for o in tenpai]
    assert keys == sorted(keys, key=lambda k: (-k[0], -k[1]))
    assert h.best.legal_total == max(o.legal_total for o in tenpai)


def test_ranking_is_shanten_then_legal_then_live() -> None:
    h = hint("2234m556p678s5557z")
    keys = [o.sort_key() for o in h.options]
    assert keys == sorted(keys)
    assert h.shanten == ukeire("2234m556p678s5557z").shanten


def test_beginner_rules_lower_the_minimum_the_waits_are_judged_by() -> None:
    normal = hint("123m45678p123s55z").best
    beginner = hint("123m45678p123s55z", rules=McrRules(beginner=True)).best
    assert [w.minimum for w in beginner.waits] == [6, 6, 6]
    assert [w.legal for w in normal.waits] == [False, False, False]
    assert [w.legal for w in beginner.waits] == [
        w.self_drawn_points >= 6 or w.discard_points >= 6 for w in beginner.waits
    ]
    assert any(w.legal for w in beginner.waits)


def test_winds_change_the_points_of_a_wind_wait() -> None:
    east = hint("123m456p789s11z22z", seat_wind="E", prevalent_wind="E").best
    south = hint("123m456p789s11z22z", seat_wind="S", prevalent_wind="S").best
    by_east = {w.tile: w.discard_points for w in east.waits}
    by_south = {w.tile: w.discard_points for w in south.waits}
    # a pung of the seat and prevalent wind scores Seat Wind 2 + Prevalent Wind 2 in place of
    # Pung of Terminals or Honors 1: 3 more than a pung of another wind
    assert by_east["1z"] - by_south["1z"] == 3
    assert by_south["2z"] - by_east["2z"] == 3


def test_visible_tiles_lower_live_counts_not_points() -> None:
    seen = hint("123m456p789s23s56z5z", visible="1s1s1s").best
    assert [(w.tile, w.live) for w in seen.waits] == [("1s", 1), ("4s", 4)]


def test_melded_sets_count_and_json_round_trips() -> None:
    h = hint("456p789s23s55z6z [123m]")
    data = json.loads(json.dumps(h.to_dict()))
    assert data["hand"] == h.hand and data["options"][0]["discard"] == h.best.discard
    assert h.best.discard == "6z" and h.best.shanten == 0
    assert "legal_total" in data["options"][0] and data["why"] == h.why


def test_text_lists_every_option() -> None:
    h = hint("123m456p789s23s56z5z")
    lines = h.text().splitlines()
    assert lines[0] == h.why and len(lines) == 1 + len(h.options)


@pytest.mark.parametrize(
    ("hand", "error", "words"),
    [
        ("123m406p789s23s56z5z", InvalidHandError, "no red fives"),
        ("456p789s23s56z5z [406s]", InvalidHandError, "no red fives"),
        ("123m456p789s23s5z", InvalidHandError, "13 or 14 concealed tiles, got 12"),
        ("123m456p789s23s5555z", InvalidHandError, "got 15"),
    ],
)
def test_bad_hands_are_named(hand: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        hint(hand)


def test_bad_winds_are_named() -> None:
    with pytest.raises(InvalidSituationError, match="seat_wind"):
        hint("123m456p789s23s56z5z", seat_wind="X")


def test_a_hand_object_is_taken_as_is() -> None:
    assert hint(Hand("123m456p789s23s56z5z")).to_dict() == hint("123m456p789s23s56z5z").to_dict()
