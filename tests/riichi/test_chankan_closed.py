"""Issue 11 item 7: robbing a closed kan (``chankan="closed"``) vs an added kan
(``chankan=True``). Only thirteen orphans may rob a closed kan, and only where
``RuleSet.kokushi_robs_closed_kan``; every refusal names why."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut.errors import InvalidHandError, InvalidSituationError
from riichi_lut.riichi import PRESETS, Win, score
from riichi_lut.riichi.batch import BatchWin
from riichi_lut.riichi.rules import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, WRC

KOKUSHI = "19m19p19s12345677z"  # the pair is 7z: won on 1m, a single, the other three 1m in the kan
RON = {"tsumo": False, "seat_wind": "S", "round_wind": "E"}


@pytest.mark.parametrize("rules", [MAHJONG_SOUL, WRC, EMA], ids=lambda r: r.name)
def test_kokushi_robs_a_closed_kan_where_the_rules_allow(rules):
    r = score(KOKUSHI, "1m", chankan="closed", rules=rules, **RON)
    # a yakuman lists only its yakuman: the chankan 1 han does not show (nor count)
    assert [y.id for y in r.yaku] == ["kokushi"]
    assert (r.yakuman, r.points) == (1, 32000)
    assert r.win.chankan == "closed" and r.to_dict()["win"]["chankan"] == "closed"


@pytest.mark.parametrize("rules", [TENHOU, M_LEAGUE], ids=lambda r: r.name)
def test_kokushi_robbing_a_closed_kan_is_refused_where_the_rules_forbid(rules):
    with pytest.raises(InvalidSituationError, match=f"the {rules.name} rule set.*kokushi_robs_closed_kan"):
        score(KOKUSHI, "1m", chankan="closed", rules=rules, **RON)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_rule_field_decides_for_every_preset(name):
    rules = PRESETS[name]
    for allowed in (True, False):
        custom = rules.replace(kokushi_robs_closed_kan=allowed)
        if allowed:
            assert score(KOKUSHI, "1m", chankan="closed", rules=custom, **RON).yakuman == 1
        else:
            with pytest.raises(InvalidSituationError, match="kokushi_robs_closed_kan is False"):
                score(KOKUSHI, "1m", chankan="closed", rules=custom, **RON)


@pytest.mark.parametrize(
    "hand, tile",
    [
        ("123m456p789s11222z", "3m"),  # an ordinary closed hand
        ("22334455667788p", "8p"),  # seven pairs / ryanpeikou
        ("123m456p789s11z [222z]", "3m"),  # calls
    ],
)
def test_robbing_a_closed_kan_is_refused_for_a_hand_that_is_not_kokushi(hand, tile):
    with pytest.raises(InvalidSituationError, match=r"only thirteen orphans.*is not thirteen orphans"):
        score(hand, tile, chankan="closed", rules=MAHJONG_SOUL, **RON)


def test_robbing_a_closed_kan_on_the_kokushi_pair_tile_is_refused():
    # won on 7z, the pair: the closed kan holds four 7z, so the winner cannot hold another
    with pytest.raises(InvalidSituationError, match="fourth 7z of another player's closed kan"):
        score(KOKUSHI, "7z", chankan="closed", rules=MAHJONG_SOUL, **RON)


def test_robbing_a_closed_kan_on_the_thirteen_sided_wait_is_refused():
    # 19m19p19s1234567z + 1m: the winner held a 1m already (a fifth copy with the kan's four)
    with pytest.raises(InvalidSituationError, match="fourth 1m of another player's closed kan"):
        score("119m19p19s1234567z", "1m", chankan="closed", rules=MAHJONG_SOUL, **RON)


@pytest.mark.parametrize(
    "facts, words",
    [
        ({"tsumo": True}, "chankan is a ron"),
        ({"houtei": True}, "houtei"),
        ({"renhou": True}, "renhou"),
    ],
)
def test_robbing_a_closed_kan_keeps_the_chankan_contradictions(facts, words):
    with pytest.raises(InvalidSituationError, match=words):
        score(KOKUSHI, "1m", **{**RON, **facts, "chankan": "closed"}, rules=MAHJONG_SOUL)


@pytest.mark.parametrize("chankan", [True, "closed"])
def test_robbed_kan_copies_count_with_the_dora_indicators(chankan):
    # the robbed kan holds the other three 1m: a 1m indicator would be a fifth copy
    hand, tile = (KOKUSHI, "1m") if chankan == "closed" else ("123m456p789s11z [222z]", "1m")
    with pytest.raises(InvalidHandError, match=r"1m: 5 copies .* robbed kan's other three"):
        score(hand, tile, chankan=chankan, dora_indicators="1m", rules=MAHJONG_SOUL, **RON)
    assert score(hand, tile, chankan=chankan, dora_indicators="9m", rules=MAHJONG_SOUL, **RON).points > 0


def test_chankan_true_still_robs_an_added_kan():
    w = Win(chankan=True, **RON)
    assert w.chankan is True and w.to_dict()["chankan"] is True
    assert Win(chankan=np.True_, **RON).chankan is True
    r = score("123m456p789s11z [999p]", "3m", w)  # an open hand: chankan is its only yaku
    assert [y.id for y in r.yaku] == ["chankan"]
    # and an added kan may be robbed by thirteen orphans in every rule set, Tenhou included
    assert score(KOKUSHI, "1m", chankan=True, rules=TENHOU, **RON).yakuman == 1


def test_win_chankan_takes_true_false_or_closed_only():
    assert Win(chankan="closed", **RON).replace(chankan=False).chankan is False
    for bad in ("Closed", "ankan", 1, None):
        with pytest.raises(InvalidSituationError, match=r"chankan must be True or False, got .*'closed'"):
            Win(chankan=bad, **RON)


@pytest.mark.parametrize("chankan", ["closed", np.array(["closed", False], dtype=object)])
def test_batch_scorer_refuses_closed_chankan_by_name(chankan):
    with pytest.raises(InvalidSituationError, match=r"chankan='closed'.*not scored by the batch scorer"):
        BatchWin(tsumo=False, seat_wind="S", round_wind="E", chankan=chankan)


def test_explainer_on_a_robbed_closed_kan_says_nothing_to_change():
    text = score(KOKUSHI, "1m", chankan="closed", rules=MAHJONG_SOUL, **RON).explain()
    assert "Nothing to change: this hand was as good as it gets." in text
