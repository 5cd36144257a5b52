"""``hint(..., players=3, simulate=...)``: the simulated re-ranking and report of a
three-player hand are ``nanikiru`` / ``hand_outlook`` with ``players=3`` (the 108-tile
wall), number for number; not the four-player numbers; reproducible; and a 2m-8m is an
error before any game is played."""

from __future__ import annotations

import json

import pytest

import riichi_lut
from riichi_lut.coach.words import Code
from riichi_lut.errors import InvalidHandError
from riichi_lut.sim import hand_outlook, nanikiru

SETTINGS = {"draws": 4, "n": 1_500, "seed": 5, "top": 3}
#: 1-shanten; 1m 9m 5p among the candidates (in three players 1m, 9m have no runs)
HAND = "1m99m1235p456p78s55z"


def test_the_simulated_ranking_is_the_three_player_nanikiru() -> None:
    result = riichi_lut.hint(HAND, "9p", players=3, simulate=SETTINGS)
    plain = riichi_lut.hint(HAND, "9p", players=3)
    top = list(dict.fromkeys(o.kind for o in plain.options))[: SETTINGS["top"]]
    expected = nanikiru(HAND, "9p", discards=top, draws=4, n=1_500, seed=5, players=3)
    assert result.simulation is not None and len(result.simulation) == 3
    by_kind = {o.kind: o for o in expected}
    assert all(o == by_kind[o.kind] for o in result.simulation)
    assert result.reasons[-1].code == Code.SIMULATION
    values = result.reasons[-1].values
    assert values["games"] == 1_500 and values["draws"] == 4 and values["tile"] == result.discard
    assert result.discard == result.simulation[0].discard or result.discard == plain.discard
    # three-player acceptance: no 2m-8m among any option's tiles
    assert not any(int(o.mask) & 0b11111110 for o in result.options)
    # the four-player simulation of the same hand is other numbers
    four = riichi_lut.hint(HAND, "9p", simulate=SETTINGS)
    assert four.simulation is not None
    assert [(o.kind, o.wins) for o in four.simulation] != [(o.kind, o.wins) for o in result.simulation]
    assert result == riichi_lut.hint(HAND, "9p", players=3, simulate=SETTINGS)
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data


def test_a_thirteen_tile_report_is_the_three_player_outlook() -> None:
    result = riichi_lut.hint("11119999m234p22z", players=3, simulate=SETTINGS)
    outlook = hand_outlook("11119999m234p22z", draws=4, n=1_500, seed=5, players=3)
    assert result.simulation == outlook and outlook.shanten == 2
    assert result.reasons[-1].code == Code.SIMULATION_REPORT
    assert riichi_lut.hint("11119999m234p22z", simulate=SETTINGS).simulation.shanten == 1


def test_a_fixed_shanpon_on_the_108_tile_wall() -> None:
    # 11m 99m: after 5z the wait is 1m/9m, four live of 94 (four players: of 122)
    result = riichi_lut.hint("11m99m123p456p789s5z", players=3, simulate={**SETTINGS, "riichi": True})
    assert result.discard == "5z" and result.simulation is not None
    best = result.simulation[0]
    assert best.discard == "5z" and best.tenpai == (1_500,) * 4
    same = {"draws": 4, "n": 1_500, "seed": 5, "riichi": True}
    (alone,) = nanikiru("11m99m123p456p789s5z", discards="5z", players=3, **same)
    assert (best.tenpai, best.wins) == (alone.tenpai, alone.wins)


@pytest.mark.parametrize(
    ("hand", "visible", "message"),
    [
        ("15m99m123p456p789s5z", None, "hand: 5m is not a three-player tile"),
        ("11m99m123p456p789s5z", "4m", "visible: 4m is not a three-player tile"),
        ("11m99m123p456p789s", {"own_discards": "6m"}, "visible: 6m is not a three-player tile"),
    ],
)
def test_a_two_to_eight_of_man_is_refused_before_simulating(hand: str, visible: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        riichi_lut.hint(hand, visible, players=3, simulate=SETTINGS)
