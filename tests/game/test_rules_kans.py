"""Named tests of kans: kan dora timing, chankan, the kan under riichi, the haitei moved by
a kan, no call on the last discard (docs/game.md, rules 5, 7-9), on constructed walls."""

from __future__ import annotations

from tablekit import act, claims, discard_draw, table_with

from riichi_lut.core.tiles import parse_tiles
from riichi_lut.game.rules import TENHOU_GAME

# Seat 0 deals with four East winds; seat 1 holds three haku.
KANS = ["1111z123m456p789s", "555z234m345p6788s", "1469m1469p1469s3z", "2578m2578p2578s4z"]


def names(events):
    return [e.type for e in events]


def legal_types(table, seat):
    return {a.type for a in table.legal_actions(seat)}


def test_closed_kan_turns_its_dora_at_once_before_the_replacement_draw():
    table = table_with(KANS, "9s", rinshan="7z", dora="2z3z")
    events = act(table, 0, "closed_kan", "1z", "1111z")
    assert names(events) == ["closed_kan", "dora", "draw"]
    assert events[1].tile == parse_tiles("3z")[0]
    assert events[2].tile == parse_tiles("7z")[0]


def test_open_kan_turns_its_dora_at_the_kan_makers_discard():
    table = table_with(KANS, "5z", rinshan="7z", dora="2z3z")
    act(table, 0, "discard", "5z")
    events = claims(table, s1=("open_kan", "5z", "555z"))
    assert names(events) == ["open_kan", "draw"]
    events = discard_draw(table, "7z")
    assert names(events)[:2] == ["dora", "discard"]


CHANKAN = ["123456789m1234z", "55p234m678s59s66z7z", "234m3p456s678s22p1z", "1469m1469p1469s7z"]


def test_chankan_robs_an_added_kan():
    # seat 1 pons 5p; seat 2 becomes tenpai on 2p-5p (tanyao); seat 1 draws the red 5p
    # and adds it to its pon: seat 2 robs it
    table = table_with(CHANKAN, "5p4p1s2s0p")
    act(table, 0, "discard", "5p")
    claims(table, s1=("pon", "5p", "55p"))
    discard_draw(table, "7z")  # seat 1
    discard_draw(table, "1z")  # seat 2, now tenpai
    discard_draw(table, "1s")  # seat 3
    discard_draw(table, "2s")  # seat 0
    assert table.actor == 1 and "added_kan" in legal_types(table, 1)
    act(table, 1, "added_kan", "0p", "555p")
    assert table.phase == "chankan" and legal_types(table, 2) == {"ron", "pass"}
    claims(table, s2=("ron", "0p", ""))
    (win,) = table.outcome.wins
    assert "chankan" in {y.id for y in win.result.yaku}


def test_a_passed_chankan_makes_the_passer_furiten():
    table = table_with(CHANKAN, "5p4p1s2s0p")
    act(table, 0, "discard", "5p")
    claims(table, s1=("pon", "5p", "55p"))
    for tile in ("7z", "1z", "1s", "2s"):
        discard_draw(table, tile)
    act(table, 1, "added_kan", "0p", "555p")
    table.step({})  # seat 2 lets it go
    assert table.seats[2].furiten_turn
    assert names(table._flush()) == [] and table.phase == "turn" and table.actor == 1


KOKUSHI = ["1111z123m456p789s", "19m19p19s2345677z", "2468m2468p24568s", "3579m3579p3579s4z"]


def test_no_chankan_on_a_closed_kan_under_tenhou_rules():
    table = table_with(KOKUSHI, "9s", rinshan="6z")
    act(table, 0, "closed_kan", "1z", "1111z")
    assert table.phase == "turn" and table.actor == 0


def test_thirteen_orphans_may_rob_a_closed_kan_where_the_rules_say_so():
    rules = TENHOU_GAME.replace(scoring=TENHOU_GAME.scoring.replace(kokushi_robs_closed_kan=True))
    table = table_with(KOKUSHI, "9s", rinshan="6z", rules=rules)
    act(table, 0, "closed_kan", "1z", "1111z")
    assert table.phase == "chankan" and legal_types(table, 1) == {"ron", "pass"}
    claims(table, s1=("ron", "1z", ""))
    assert table.outcome.wins[0].result.yakuman == 1


def test_a_kan_moves_the_haitei_one_tile_earlier():
    table = table_with(KANS, "9s", rinshan="7z")
    before = table.wall.remaining
    act(table, 0, "closed_kan", "1z", "1111z")
    assert table.wall.remaining == before - 1


def test_no_call_on_the_last_discard_houtei():
    table = table_with(KANS, "9s")
    table.wall.drawn_live = table.wall.live_size  # the dealer's draw was the last live tile
    act(table, 0, "discard", "9s")
    assert table.phase != "claim"  # seat 1 could chi 9s with 78s, but not the houtei tile
    # the hand ends in the draw; the dealer's only discard, a terminal, is nagashi mangan
    assert table.outcome is not None and table.outcome.kind == "nagashi_mangan"


RIICHI_KAN = ["111m234p567s789s5z", "555z234m345p6788s", "2469m2469p2469s3z", "2578m2578p2578s4z"]


def _riichi_then_draw(hands, last):
    table = table_with(hands, "6z2z2z2z" + last)
    act(table, 0, "riichi")
    for _ in range(4):
        discard_draw(table, "6z" if table.actor == 0 else "2z")
    assert table.actor == 0 and table.seats[0].riichi
    return table


def test_a_closed_kan_under_riichi_that_keeps_the_waits_is_legal():
    table = _riichi_then_draw(RIICHI_KAN, "1m")
    assert "closed_kan" in legal_types(table, 0)


def test_a_closed_kan_under_riichi_that_changes_the_waits_is_not():
    # 1112m waits on 2m and 3m; a kan of 1m would leave the 2m wait only
    hands = ["1112m234p567s789s", *RIICHI_KAN[1:]]
    table = _riichi_then_draw(hands, "1m")
    assert "closed_kan" not in legal_types(table, 0)
