"""Named tests of the end of a hand and of the game (docs/game.md, rules 16-24): the
exhaustive draw and its tenpai payments, nagashi mangan, renchan and honba, the aborts,
tobi, the West round, agari-yame, leftover sticks and the final points."""

from __future__ import annotations

import pytest
from tablekit import discard_draw, table_with

from riichi_lut.core.tiles import tile_name
from riichi_lut.game.outcome import Outcome
from riichi_lut.game.progress import after_round, final_points, ranks
from riichi_lut.game.rules import TENHOU_GAME
from riichi_lut.game.table import Table

TENPAI = ["123m456p789s1122z", "234m345p678s5577z", "1469m1469p1469s3z", "2578m2578p2578s4z"]


def _table(number=7, dealer=3, scores=(25000, 25000, 25000, 25000), honba=0, sticks=0):
    table = Table(TENHOU_GAME, scores)
    table.number, table.dealer, table.honba, table.sticks = number, dealer, honba, sticks
    return table


def _outcome(kind="win", keeps=False, deltas=(0, 0, 0, 0)):
    return Outcome(kind, (), (), deltas, keeps)


def test_exhaustive_draw_pays_the_tenpai_pool():
    table = table_with(TENPAI, "")
    while table.phase == "turn":  # everyone discards what they drew until the wall is empty
        discard_draw(table, tile_name(table.seats[table.actor].drawn))
    assert table.outcome.kind == "exhaustive"
    tenpai = table.outcome.tenpai
    assert 0 in tenpai and 1 in tenpai
    share = {1: (3000, -1000), 2: (1500, -1500), 3: (1000, -3000)}[len(tenpai)]
    assert table.outcome.deltas == tuple(share[0] if s in tenpai else share[1] for s in range(4))
    assert sum(table.outcome.deltas) == 0


def test_renchan_keeps_the_dealer_and_adds_a_honba():
    table = _table(number=2, dealer=2, honba=1)
    end = after_round(table, _outcome("win", keeps=True))
    assert (end.number, end.dealer, end.honba, end.game_over) == (2, 2, 2, False)


def test_a_non_dealer_win_moves_the_deal_and_resets_the_honba():
    table = _table(number=2, dealer=2, honba=3)
    end = after_round(table, _outcome("win", keeps=False))
    assert (end.number, end.dealer, end.honba) == (3, 3, 0)


def test_a_draw_without_dealer_tenpai_moves_the_deal_and_adds_a_honba():
    table = _table(number=2, dealer=2, honba=3)
    end = after_round(table, _outcome("exhaustive", keeps=False))
    assert (end.number, end.dealer, end.honba) == (3, 3, 4)


def test_below_zero_ends_the_game_and_exactly_zero_plays_on():
    assert after_round(_table(number=1, dealer=1, scores=(-100, 35100, 35000, 30000)), _outcome()).game_over
    assert not after_round(_table(number=1, dealer=1, scores=(0, 35000, 35000, 30000)), _outcome()).game_over


def test_after_south_4_the_game_ends_when_someone_has_30000():
    assert after_round(_table(scores=(31000, 23000, 23000, 23000)), _outcome()).game_over


def test_after_south_4_nobody_at_30000_goes_into_the_west_round():
    end = after_round(_table(scores=(29000, 27000, 22000, 22000)), _outcome())
    assert not end.game_over and end.number == 8


def test_the_west_round_ends_after_west_4_at_the_latest():
    end = after_round(_table(number=11, dealer=3, scores=(29000, 27000, 22000, 22000)), _outcome())
    assert end.game_over


def test_agari_yame_the_last_dealer_first_with_30000_stops():
    end = after_round(_table(scores=(20000, 20000, 20000, 40000)), _outcome("win", keeps=True))
    assert end.game_over


def test_the_last_dealer_not_first_plays_on():
    end = after_round(_table(scores=(40000, 20000, 20000, 20000)), _outcome("win", keeps=True))
    assert not end.game_over and end.dealer == 3


def test_leftover_sticks_go_to_first_place():
    table = _table(scores=(31000, 23000, 22000, 22000), sticks=2)
    after_round(table, _outcome("exhaustive"))
    assert table.final_scores == (33000, 23000, 22000, 22000)


def test_ties_are_broken_by_seat_order():
    assert ranks([25000, 25000, 25000, 25000]) == [0, 1, 2, 3]
    assert ranks([20000, 30000, 30000, 20000]) == [1, 2, 0, 3]


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((4400, 7100, 40700, 47800), (-46.0, -33.0, 21.0, 58.0)),  # 2019021004gm-00a9-0000-e2f6516d
        ((20900, -42100, -40700, 161900), (1.0, -92.0, -81.0, 172.0)),  # fukugou.xml
    ],
)
def test_final_points_as_tenhou_writes_them(scores, points):
    assert final_points(scores, TENHOU_GAME) == points


def test_final_points_exact_as_newer_tenhou_logs_write_them():
    rules = TENHOU_GAME.replace(final_rounding="exact")
    assert final_points((53800, 16100, 29300, 800), rules) == (63.8, -23.9, 9.3, -49.2)


def test_a_wait_on_a_kind_the_hand_holds_four_of_is_not_tenpai_at_the_draw():
    # seat 1 holds 1111m beside three runs: its only wait would be a fifth 1m
    hands = ["123456789p1234z", "1111m234p567s789s", "2345m678m2345s66z", "3469m1469p1469s7z"]
    table = table_with(hands, "")
    assert table.seats[1].waits() == 0 and table.seats[1].shanten() >= 0
