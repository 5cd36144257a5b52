"""Named tests of the abortive draws, nine terminals, pao on a ron and the multiple-ron
rules of other rule sets (docs/game.md, rules 11-15, 19, 24), on constructed walls."""

from __future__ import annotations

from tablekit import act, claims, discard_draw, table_with

from riichi_lut.game.rules import M_LEAGUE_GAME, MAHJONG_SOUL_GAME, TENHOU_GAME
from riichi_lut.game.seat import Meld


def legal_types(table, seat):
    return {a.type for a in table.legal_actions(seat)}


FOUR_WINDS = ["1z123m456p789s222z", "1z234m567p789s333z", "1z345m678p123s444z", "1z678m123p456s555z"]


def test_four_winds_aborts_after_the_fourth_east_discard():
    table = table_with(FOUR_WINDS, "9p9p9p9p")
    for _ in range(4):
        assert table.outcome is None
        discard_draw(table, "1z")
    assert table.outcome.kind == "four_winds"
    assert (table.end.dealer, table.end.honba) == (0, 1)


FOUR_RIICHI = ["123456789m1234p", "123456789p5567s", "123456789s5566z", "111222333m4477z"]


def test_four_riichi_aborts_once_the_fourth_stick_is_paid():
    table = table_with(FOUR_RIICHI, "1z2z3z1z")
    for tile in ("1z", "2z", "3z", "1z"):
        act(table, table.actor, "riichi")
        discard_draw(table, tile)
    assert table.outcome.kind == "four_riichi"
    assert table.scores == [24000, 24000, 24000, 24000]
    assert (table.end.dealer, table.end.honba, table.end.sticks) == (0, 1, 4)


FOUR_KANS = ["1111z2222z123m5p9p", "3333z4444z456m8p9s", "2468m2468p24688s", "1357m1357p13579s"]


def test_four_kans_by_two_players_abort_after_the_next_discard():
    table = table_with(FOUR_KANS, "9m7m", rinshan="5s6s7s5m")
    act(table, 0, "closed_kan", "1z", "1111z")
    act(table, 0, "closed_kan", "2z", "2222z")
    discard_draw(table, "9m")
    act(table, 1, "closed_kan", "3z", "3333z")
    act(table, 1, "closed_kan", "4z", "4444z")
    assert table.phase == "turn" and "closed_kan" not in legal_types(table, 1)
    discard_draw(table, "7m")
    assert table.outcome.kind == "four_kans"


def test_four_kans_by_one_player_play_on():
    table = table_with(FOUR_KANS, "9m")
    table.kans = [0, 0, 0]
    table._kan_made(0)
    assert not table.four_kans_pending
    table.kans = [0, 0, 1]
    table._kan_made(0)
    assert table.four_kans_pending


NINE = ["19m19p19s1234z888m", "234m567p234s5678s", "345m678p345s6789s", "2345m2345p2345s6m"]


def test_nine_terminals_on_the_first_draw_aborts_and_keeps_the_dealer():
    table = table_with(NINE, "7z")
    assert "nine_terminals" in legal_types(table, 0)
    events = act(table, 0, "nine_terminals")
    assert [e.type for e in events] == ["nine_terminals"]
    assert table.outcome.kind == "nine_terminals" and table.end.dealer == 0


def test_nine_terminals_needs_nine_kinds():
    table = table_with(NINE, "8m")  # 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z: ten kinds; 8m adds none
    assert "nine_terminals" in legal_types(table, 0)
    hands = ["19m19p19s12z8888m7p", *NINE[1:]]  # eight kinds
    assert "nine_terminals" not in legal_types(table_with(hands, "6p"), 0)


PAO = ["123456789m123p7z", "555z666z77z23m99p1s", "1m345p678p2468s44z", "24689m2468p3579s"]


def test_pao_on_a_ron_splits_the_yakuman_between_the_feeder_and_the_discarder():
    table = table_with(PAO, "1z1z")
    seat = table.seats[1]
    for kind, source in ((31, 3), (32, 2)):  # haku pon from seat 3, hatsu pon from seat 2
        seat.hand[kind] -= 3
        seat.melds.append(Meld("pon", (kind,) * 3, kind, source))
    act(table, 0, "discard", "7z")
    claims(table, s1=("pon", "7z", "77z"))
    assert table.pao == {1: 0}  # seat 0 fed the third dragon set
    discard_draw(table, "1s")
    act(table, 2, "discard", "1m")
    claims(table, s1=("ron", "1m", ""))
    (win,) = table.outcome.wins
    assert win.pao == 0 and win.result.yakuman == 1
    assert win.deltas == (-16000, 32000, -16000, 0)


TRIPLE = ["123456789m1237z", "234m345p678s34s88p", "234m456p567s34s22p", "345m456p678s34s66p"]


def test_three_rons_all_win_under_mahjong_soul():
    table = table_with(TRIPLE, "5s", rules=MAHJONG_SOUL_GAME)
    act(table, 0, "discard", "5s")
    assert all("ron" in legal_types(table, s) for s in (1, 2, 3))
    claims(table, s1=("ron", "5s", ""), s2=("ron", "5s", ""), s3=("ron", "5s", ""))
    assert table.outcome.kind == "win" and [w.seat for w in table.outcome.wins] == [1, 2, 3]


def test_three_rons_abort_under_tenhou():
    table = table_with(TRIPLE, "5s")
    act(table, 0, "discard", "5s")
    claims(table, s1=("ron", "5s", ""), s2=("ron", "5s", ""), s3=("ron", "5s", ""))
    assert table.outcome.kind == "three_ron" and table.outcome.deltas == (0, 0, 0, 0)


def test_head_bump_under_m_league_gives_the_win_to_the_first_in_turn_order():
    table = table_with(TRIPLE, "5s", rules=M_LEAGUE_GAME)
    act(table, 0, "discard", "5s")
    claims(table, s2=("ron", "5s", ""), s3=("ron", "5s", ""))
    assert [w.seat for w in table.outcome.wins] == [2]


def test_ema_multiple_ron_pays_honba_to_each_and_gives_each_riichi_winner_its_stick_back():
    from riichi_lut.game.rules import EMA_GAME

    def double_ron(rules):
        table = table_with(TRIPLE, "5s", rules=rules)
        table.honba = 2
        for seat in (1, 2):  # both winners are in riichi: their sticks lie on the table
            table.seats[seat].riichi = True
            table.scores[seat] -= 1000
        table.sticks = 3  # theirs and one from an earlier hand
        table._legal = {}
        act(table, 0, "discard", "5s")
        claims(table, s1=("ron", "5s", ""), s2=("ron", "5s", ""))
        return table.outcome.wins

    first, second = double_ron(EMA_GAME)
    assert first.deltas[1] == first.result.points + 600 + 2000  # its own stick and the odd one
    assert second.deltas[2] == second.result.points + 600 + 1000  # honba, and its own stick back
    first, second = double_ron(TENHOU_GAME)
    assert first.deltas[1] == first.result.points + 600 + 3000  # honba and every stick to the first
    assert second.deltas[2] == second.result.points
