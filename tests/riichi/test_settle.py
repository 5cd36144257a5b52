"""settle(): several rons on one discard under each multiple-ron rule (issue 14 item 4)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from riichi_lut.errors import InvalidArgumentError, InvalidSituationError
from riichi_lut.riichi import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, WRC, ScoreResult, score, settle
from riichi_lut.riichi.rules import RuleSet

# three hands that win on the same 6s (a ryanmen on 78s or 45s): riichi, pinfu, tanyao ...
HANDS = ("234m456p345678s11p", "123m789m456678s99p", "234567m234p55s678s")
TILE = "6s"


def win(seat: str, hand: int = 0, *, rules: RuleSet = TENHOU, **facts: Any) -> ScoreResult:
    facts = {"tsumo": False, "round_wind": "E", **facts}
    return score(HANDS[hand], TILE, seat_wind=seat, rules=rules, **facts)


def test_one_winner_is_paid_what_score_says() -> None:
    a = win("W", riichi=True, honba=2, riichi_sticks=3)
    s = settle([a], TENHOU, discarder="S")
    (only,) = s.winners
    assert (s.outcome, only.seat, only.total, s.passed) == ("win", "W", a.total, ())
    assert (only.points, only.honba, only.sticks) == (a.points, 600, 3000)
    assert s.deltas == {"E": 0, "S": -(a.points + 600), "W": a.total, "N": 0}


def test_double_ron_under_tenhou_first_in_turn_order_takes_honba_and_sticks() -> None:
    east = win("E", 1, riichi=True, honba=1, riichi_sticks=2)
    west = win("W", 0, riichi=True, honba=1, riichi_sticks=2)
    s = settle([east, west], TENHOU, discarder="S")  # after South: West, North, East
    assert [w.seat for w in s.winners] == ["W", "E"]
    first, second = s.winners
    assert (first.points, first.honba, first.sticks) == (west.points, 300, 2000)
    assert (second.points, second.honba, second.sticks) == (east.points, 0, 0)
    assert s.paid == west.points + east.points + 300
    assert s.deltas["S"] == -s.paid and sum(s.deltas.values()) == 2000
    assert first.result is west and second.result is east


def test_turn_order_wraps_around_from_the_discarder() -> None:
    for discarder, order in (("E", "SWN"), ("S", "WNE"), ("W", "NES"), ("N", "ESW")):
        seats = [s for s in "ESWN" if s != discarder]
        wins = [win(seat, i, rules=MAHJONG_SOUL) for i, seat in enumerate(seats)]
        s = settle(list(reversed(wins)), MAHJONG_SOUL, discarder=discarder.lower())
        assert "".join(w.seat for w in s.winners) == order
        assert "".join(s.callers) == order


def test_three_rons_abort_where_only_two_may_win() -> None:
    wins = [win(seat, i, riichi=i == 0, riichi_sticks=3, honba=1) for i, seat in enumerate("SWN")]
    s = settle(wins, TENHOU, discarder="E")
    assert (s.outcome, s.winners, s.passed, s.sticks_left, s.paid) == ("abortive draw", (), (), 3000, 0)
    assert set(s.deltas.values()) == {0}
    assert "sanchahou" in s.explain() and "stay on the table" in s.explain()


def test_three_rons_all_win_under_triple() -> None:
    wins = [win(seat, i, rules=MAHJONG_SOUL, honba=2, riichi_sticks=1) for i, seat in enumerate("SWN")]
    s = settle(wins, MAHJONG_SOUL, discarder="E")
    assert [w.seat for w in s.winners] == ["S", "W", "N"]
    assert [w.honba for w in s.winners] == [600, 0, 0]
    assert [w.sticks for w in s.winners] == [1000, 0, 0]
    assert s.paid == sum(w.points for w in wins) + 600
    assert "Triple ron" in s.explain()


@pytest.mark.parametrize("rules", [M_LEAGUE, WRC])
def test_atamahane_the_first_in_turn_order_wins_alone(rules: RuleSet) -> None:
    north = win("N", 0, rules=rules)
    west = win("W", 1, rules=rules)
    s = settle([north, west], rules, discarder="E")
    assert [w.seat for w in s.winners] == ["W"] and s.passed == ("N",) and s.callers == ("W", "N")
    assert s.winners[0].total == west.total
    assert s.deltas == {"E": -west.total, "S": 0, "W": west.total, "N": 0}
    text = s.explain()
    assert "atamahane" in text and "West wins and North does not" in text


def test_ema_winners_in_riichi_reclaim_their_stick_and_honba_go_to_each() -> None:
    south = win("S", 0, rules=EMA, riichi=True, honba=1, riichi_sticks=3)
    north = win("N", 1, rules=EMA, riichi=True, honba=1, riichi_sticks=3)
    west = win("W", 2, rules=EMA, honba=1, riichi_sticks=3)
    s = settle([north, west, south], EMA, discarder="E")
    assert [(w.seat, w.honba, w.sticks) for w in s.winners] == [
        ("S", 300, 2000),
        ("W", 300, 0),
        ("N", 300, 1000),
    ]
    assert sum(s.deltas.values()) == 3000
    assert "takes back their own stick" in s.explain()


def test_rule_fields_act_independently() -> None:
    rules = TENHOU.replace(multiple_ron_honba="each", multiple_ron_sticks="reclaim")
    a = win("S", 0, rules=rules, riichi=True, honba=3, riichi_sticks=2)
    b = win("W", 1, rules=rules, riichi=True, honba=3, riichi_sticks=2)
    s = settle([a, b], rules, discarder="E")
    assert [(w.honba, w.sticks) for w in s.winners] == [(900, 1000), (900, 1000)]


def test_every_rule_and_table_balances() -> None:
    """Seeded situations: the discarder pays hands and honba, the table pays the sticks,
    a lone winner gets what score() says, the first winner gets the rest."""
    rng = random.Random(14)
    for _ in range(200):
        rules = rng.choice([TENHOU, MAHJONG_SOUL, M_LEAGUE, WRC, EMA]).replace(
            multiple_ron_honba=rng.choice(["first", "each"]),
            multiple_ron_sticks=rng.choice(["first", "reclaim"]),
        )
        discarder = rng.choice("ESWN")
        seats = rng.sample([s for s in "ESWN" if s != discarder], rng.randint(1, 3))
        riichi = [rng.random() < 0.5 for _ in seats]
        sticks, honba = sum(riichi) + rng.randint(0, 2), rng.randint(0, 3)
        wins = [win(seat, i, rules=rules, riichi=r, riichi_sticks=sticks, honba=honba)
                for i, (seat, r) in enumerate(zip(seats, riichi, strict=True))]  # fmt: skip
        s = settle(wins, rules, discarder=discarder)
        if s.outcome == "abortive draw":
            assert rules.multiple_ron == "double" and len(wins) == 3 and s.sticks_left == 1000 * sticks
            continue
        assert len(s.winners) == (1 if rules.multiple_ron == "atamahane" else len(wins))
        assert s.deltas[discarder] == -s.paid == -sum(w.points + w.honba for w in s.winners)
        assert sum(w.sticks for w in s.winners) == 1000 * sticks
        assert sum(s.deltas.values()) == 1000 * sticks
        assert all(w.points == w.result.points for w in s.winners)
        if len(s.winners) == 1:
            assert s.winners[0].total == s.winners[0].result.total
        json.dumps(s.to_dict())


# --------------------------------------------------------------------------- errors


def test_bad_inputs_name_what_is_wrong() -> None:
    a, b = win("S", 0), win("W", 1)
    cases: list[tuple[Any, dict[str, Any], type[Exception], str]] = [
        ([], {}, InvalidSituationError, "at least one win"),
        (a, {}, InvalidArgumentError, "wins must be a list"),
        ([a, "x"], {}, InvalidArgumentError, r"wins\[1\] must be a ScoreResult"),
        ([a, b], {"discarder": "2z"}, InvalidSituationError, "discarder must be"),
        ([a, b], {"discarder": "S"}, InvalidSituationError, r"wins\[0\] is the discarder's own seat"),
        ([a, win("S", 1)], {}, InvalidSituationError, r"wins\[0\] and wins\[1\] are both from seat S"),
        ([a, win("W", 1, honba=1)], {}, InvalidSituationError,
         r"wins\[1\] has honba=1 but wins\[0\] has honba=0"),
        ([a, win("W", 1, round_wind="S")], {}, InvalidSituationError, "round_wind"),
        ([a, score("123m456p789s11122z", "2z", tsumo=False, seat_wind="W", round_wind="E")], {},
         InvalidSituationError, r"wins\[1\] won on 2z but wins\[0\] on 6s"),
        ([a, win("W", 1, tsumo=True)], {}, InvalidSituationError, r"wins\[1\] is a tsumo"),
        ([a, win("W", 1, rules=EMA)], {}, InvalidSituationError, "scored under the EMA rules"),
        ([win("S", 0, riichi=True, riichi_sticks=1), win("W", 1, riichi=True, riichi_sticks=1)], {},
         InvalidSituationError, "2 winners are in riichi but riichi_sticks=1"),
        ([a, b, win("N", 2), win("E", 0)], {"discarder": "N"}, InvalidSituationError,
         "4 rons on one discard"),
    ]  # fmt: skip
    for wins, kwargs, error, message in cases:
        with pytest.raises(error, match=message):
            settle(wins, TENHOU, **{"discarder": "E", **kwargs})
    with pytest.raises(InvalidArgumentError, match="rules must be a RuleSet"):
        settle([a], "Tenhou", discarder="E")  # type: ignore[arg-type]


def test_explain_itemises_each_winner() -> None:
    a = win("S", 0, riichi=True, honba=1, riichi_sticks=1)
    b = win("N", 1, honba=1, riichi_sticks=1)
    text = settle([b, a], TENHOU, discarder="E").explain()
    assert text.startswith("Double ron on East's discard: South and North both win")
    assert f"South: {a.points:,} for the hand + 300 for the honba + 1,000 in riichi sticks" in text
    assert f"North: {b.points:,} for the hand = {b.points:,}." in text
    assert "The honba go to South alone" in text
    assert f"East pays {a.points + b.points + 300:,} in all." in text


def test_every_pair_of_seats_is_ordered_the_same_way_from_any_listing() -> None:
    for discarder in "ESWN":
        others = [s for s in "ESWN" if s != discarder]
        for pair in itertools.permutations(others, 2):
            s = settle([win(seat, i) for i, seat in enumerate(pair)], TENHOU, discarder=discarder)
            expected = sorted(pair, key=lambda seat: ("ESWN".index(seat) - "ESWN".index(discarder)) % 4)
            assert [w.seat for w in s.winners] == expected
