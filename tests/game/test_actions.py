"""The fixed action-id space and the legal mask, over every moment of seeded games."""

from __future__ import annotations

import random

import pytest

from riichi_lut.errors import IllegalActionError
from riichi_lut.game.actions import ACTION_NAMES, NUM_ACTIONS, Action, action_id, action_of_id, legal_mask
from riichi_lut.game.observe import observe
from riichi_lut.game.roundwall import RoundWall
from riichi_lut.game.rules import TENHOU_GAME, TENHOU_SANMA_GAME
from riichi_lut.game.table import Table
from riichi_lut.game.wall import seeded_wall


def test_the_space_has_116_named_ids():
    assert NUM_ACTIONS == 116 == len(ACTION_NAMES) == len(set(ACTION_NAMES))
    assert ACTION_NAMES[34] == "discard 0m" and ACTION_NAMES[43] == "closed_kan 1m"
    assert ACTION_NAMES[110] == "added_kan 7z" and ACTION_NAMES[115] == "kita"


@pytest.mark.parametrize("rules", [TENHOU_GAME, TENHOU_SANMA_GAME], ids=["four", "three"])
def test_every_legal_action_has_an_id_that_maps_back_to_a_legal_action(rules):
    rng = random.Random(7)
    seen = set()
    for seed in range(3):
        table = Table(rules)
        red = any(rules.scoring.aka_dora)
        for _ in range(4):
            wall = seeded_wall(seed, table.number, table.honba, players=rules.players)
            table.start_round(RoundWall.from_wall(wall, table.dealer, red))
            while table.phase in ("turn", "claim", "chankan"):
                seats = [table.actor] if table.phase == "turn" else list(table.claim.options)
                chosen = {}
                for seat in seats:
                    legal = table.legal_actions(seat)
                    mask = legal_mask(legal)
                    assert sum(mask) == len({action_id(a) for a in legal})
                    for action in legal:
                        ident = action_id(action)
                        seen.add(ACTION_NAMES[ident].split()[0])
                        back = action_of_id(legal, ident)
                        assert action_id(back) == ident and back in legal
                    chosen[seat] = legal[rng.randrange(len(legal))]
                    assert observe(table, seat).seat == seat
                table.step(chosen)
            if table.phase == "game_over":
                break
            table.next_round()
    assert {"discard", "pass"} <= seen


def test_an_id_that_is_not_legal_is_refused():
    with pytest.raises(IllegalActionError, match="not legal now"):
        action_of_id([Action("pass", 0)], 111)
    with pytest.raises(IllegalActionError, match="outside"):
        action_of_id([], NUM_ACTIONS)


def test_chi_ids_say_where_the_called_tile_sits():
    assert action_id(Action("chi", 1, tile=2, consumed=(0, 1))) == 40  # 3m called on 12m: highest
    assert action_id(Action("chi", 1, tile=1, consumed=(0, 2))) == 39
    assert action_id(Action("chi", 1, tile=0, consumed=(1, 2))) == 38
