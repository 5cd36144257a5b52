"""A real double ron whose second winner declared riichi (issue 25 item 2).

Tenhou gives the riichi sticks (and the honba) to the first winner in turn order from the
discarder and records the second win with 0 sticks (``ba="honba,0"``). The tags below are
copied verbatim from a Tenhou mjlog: mjx-project/mjx, commit fcdac0eabf85,
``tests_py/resources/mjlog/double-ron.mjlog`` (GO type 169: four players, red fives),
East 4, 0 honba: the dealer (player 3) deals 1m, player 0 (South) and player 2 (North),
both in riichi, ron it; player 0 takes both sticks. A second log,
``2020052700gm-00a9-0000-75a4695c.mjlog`` of the same repository, shows the honba going
to the first winner only (``ba="2,2"`` then ``ba="2,0"``; neither of its winners is in
riichi).
"""

from __future__ import annotations

import re

import pytest

from riichi_lut.errors import InvalidSituationError
from riichi_lut.riichi import TENHOU, ScoreResult, Win, score, settle

INIT = '<INIT seed="3,0,0,2,4,94" ten="247,360,250,143" oya="3" />'
AGARI = (
    '<AGARI ba="0,2" hai="3,7,8,12,15,17,21,27,43,44,50,90,95,99" machi="3" ten="30,7700,0"'
    ' yaku="1,1,7,1,52,1,53,1" doraHai="94" doraHaiUra="36" who="0" fromWho="3"'
    ' sc="237,97,360,0,240,0,143,-77" />',
    '<AGARI ba="0,0" hai="2,3,4,5,9,10,60,63,80,85,88,96,100,105" machi="3" ten="30,8000,1"'
    ' yaku="1,1,7,1,9,1,52,1,54,1,53,0" doraHai="94" doraHaiUra="36" who="2" fromWho="3"'
    ' sc="334,0,360,0,240,80,66,-80" owari="334,13.0,360,46.0,320,-8.0,-14,-51.0" />',
)
TENHOU_YAKU = {1: "riichi", 7: "pinfu", 9: "iipeikou"}  # Tenhou's yaku ids; 52-54: dora, ura, aka
RED = {16, 52, 88}  # the red five of each suit among the 136 tiles (GO type 169)


def attrs(tag: str) -> dict[str, str]:
    return dict(re.findall(r'(\w+)="([^"]*)"', tag))


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")]


def tile(code136: int) -> str:
    """A tile of the 136-tile log as notation ("0s" for a red five)."""
    kind = code136 // 4
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{0 if code136 in RED else kind % 9 + 1}{'mps'[kind // 9]}"


def seat(who: int, dealer: int) -> str:
    return "ESWN"[(who - dealer) % 4]


def win_of(tag: str) -> tuple[ScoreResult, dict[str, str]]:
    """The win of an AGARI tag (closed hands only: this log's), scored by riichi-lut."""
    a, init = attrs(tag), attrs(INIT)
    round_index, _, _ = ints(init["seed"])[:3]
    honba, sticks = ints(a["ba"])
    yaku = ints(a["yaku"])[0::2]
    facts = {
        "tsumo": a["who"] == a["fromWho"],
        "seat_wind": seat(int(a["who"]), int(init["oya"])),
        "round_wind": "ESWN"[round_index // 4],
        "riichi": 1 in yaku,
        "dora_indicators": [tile(c) for c in ints(a["doraHai"])],
        "ura_indicators": [tile(c) for c in ints(a["doraHaiUra"])] if 1 in yaku else [],
        "honba": honba,
        "riichi_sticks": sticks,
    }
    hand = "".join(tile(c) for c in ints(a["hai"]))
    return score(hand, tile(int(a["machi"])), Win(**facts), rules=TENHOU), a


def test_the_second_winner_in_riichi_scores_with_no_sticks_as_tenhou_records_it() -> None:
    (first, a), (second, b) = win_of(AGARI[0]), win_of(AGARI[1])
    assert (second.win.riichi, second.win.riichi_sticks, first.win.riichi_sticks) == (True, 0, 2)
    for result, tag in ((first, a), (second, b)):
        fu, points, _ = ints(tag["ten"])
        assert (result.fu, result.points) == (fu, points)
        counted = dict(zip(ints(tag["yaku"])[0::2], ints(tag["yaku"])[1::2], strict=True))
        yaku = {TENHOU_YAKU[i]: han for i, han in counted.items() if i in TENHOU_YAKU}
        assert {y.id: y.han for y in result.yaku} == yaku
        assert (result.dora.dora, result.dora.ura, result.dora.aka) == (
            counted[52],
            counted[53],
            counted.get(54, 0),
        )
        winner = int(tag["who"])
        assert result.total == 100 * ints(tag["sc"])[2 * winner + 1]  # hand + sticks, as the log pays it
    assert second.total == second.points == 8000  # no stick: the first winner took both


def test_settle_reproduces_the_logs_score_changes() -> None:
    (first, a), (second, b) = win_of(AGARI[0]), win_of(AGARI[1])
    dealer = int(attrs(INIT)["oya"])
    expected = dict.fromkeys("ESWN", 0)
    for tag in (a, b):
        for who, delta in enumerate(ints(tag["sc"])[1::2]):
            expected[seat(who, dealer)] += 100 * delta
    discarder = seat(int(a["fromWho"]), dealer)
    # as recorded (the second winner with 0 sticks), and as the table stood for both
    table = second.win.replace(riichi_sticks=2)
    on_table = score(second.situation.hand, "1m", table, rules=TENHOU)
    for wins in ([second, first], [first, on_table]):
        s = settle(wins, TENHOU, discarder=discarder)
        assert s.deltas == expected == {"E": -15700, "S": 9700, "W": 0, "N": 8000}
        assert [(w.seat, w.sticks, w.honba) for w in s.winners] == [("S", 2000, 0), ("N", 0, 0)]
    assert "S takes every riichi stick" not in s.explain() and "South takes every riichi stick" in s.explain()


def test_a_win_with_other_sticks_than_the_table_is_still_refused() -> None:
    (first, _), (second, _) = win_of(AGARI[0]), win_of(AGARI[1])
    other = score(second.situation.hand, "1m", second.win.replace(riichi_sticks=3), rules=TENHOU)
    with pytest.raises(InvalidSituationError, match="riichi_sticks=2 but another has riichi_sticks=3"):
        settle([first, other], TENHOU, discarder="E")
