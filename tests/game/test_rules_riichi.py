"""Named tests of riichi, its stick, ippatsu and furiten (docs/game.md, rules 3-6, 10),
each on a constructed wall."""

from __future__ import annotations

from tablekit import act, claims, discard_draw, table_with

from riichi_lut.core.tiles import parse_tiles
from riichi_lut.game.record import RIICHI_ACCEPTED
from riichi_lut.game.rules import TENHOU_GAME
from riichi_lut.game.seat import Meld

# Seat 0 (dealer) draws 3z to a hand tenpai on 1z/2z once it lets 3z go; seat 1 waits on
# 3z/7z (shanpon) and wins on 3z with the West triplet... only as a yaku when West is its
# seat or the round wind, so it waits on haku instead: 55z 77z.
TENPAI = ["123m456p789s1122z", "234m345p678s5577z", "1469m1469p1469s3z", "2578m2578p2578s4z"]


def riichi_legal(table, seat=0):
    return any(a.type == "riichi" for a in table.legal_actions(seat))


def test_riichi_needs_a_closed_tenpai_hand_and_is_legal_then():
    table = table_with(TENPAI, "5z")
    assert riichi_legal(table)


def test_riichi_needs_1000_points():
    table = table_with(TENPAI, "5z", scores=(900, 33100, 33000, 33000))
    assert not riichi_legal(table)


def test_riichi_needs_four_tiles_left_in_the_live_wall():
    table = table_with(TENPAI, "5z")
    table.wall.drawn_live = table.wall.live_size - 3  # three live tiles left
    table._legal = {}
    assert not riichi_legal(table)
    table.wall.drawn_live = table.wall.live_size - 4
    table._legal = {}
    assert riichi_legal(table)


def test_riichi_needs_a_closed_hand():
    table = table_with(TENPAI, "5z")
    me = table.seats[0]
    for code in parse_tiles("123m"):
        me.hand[code] -= 1
    me.melds.append(Meld("chi", tuple(parse_tiles("123m")), parse_tiles("1m")[0], 3))
    table._legal = {}
    assert not riichi_legal(table)


def test_the_riichi_discard_keeps_the_hand_tenpai():
    table = table_with(TENPAI, "5z")
    act(table, 0, "riichi")
    assert {a.tile for a in table.legal_actions(0)} == {parse_tiles("5z")[0]}


def test_the_riichi_stick_is_paid_when_the_declaration_discard_passes():
    table = table_with(TENPAI, "5z")
    act(table, 0, "riichi")
    events = discard_draw(table, "5z")
    assert [e.type for e in events][:2] == ["discard", RIICHI_ACCEPTED]
    assert table.scores[0] == 24000 and table.sticks == 1
    assert table.seats[0].riichi and table.seats[0].ippatsu and table.seats[0].double_riichi


def test_a_ron_on_the_declaration_discard_voids_the_riichi():
    table = table_with(TENPAI, "7z")
    act(table, 0, "riichi")
    act(table, 0, "discard", "7z")
    assert table.phase == "claim"
    events = claims(table, s1=("ron", "7z", ""))
    assert RIICHI_ACCEPTED not in [e.type for e in events]
    (win,) = table.outcome.wins
    assert not win.result.win.riichi
    assert table.sticks == 0
    assert table.scores[0] == 25000 - win.result.points


def test_ippatsu_ends_with_any_call():
    # seat 0 riichis; seat 2 pons seat 1's discard: seat 0's ippatsu is gone
    hands = [
        "123m456p789s1122z",
        "234m345p678s5677z",
        "1469m1469p146s66z",
        "2578m2578p2578s4z",
    ]
    table = table_with(hands, "5z6z")
    act(table, 0, "riichi")
    discard_draw(table, "5z")
    assert table.seats[0].ippatsu
    act(table, 1, "discard", "6z")
    claims(table, s2=("pon", "6z", "66z"))
    assert not table.seats[0].ippatsu


def test_furiten_by_own_discard_blocks_ron():
    # seat 1 waits on 3z/7z; it discarded 7z itself earlier, so it may not ron 3z
    table = table_with(TENPAI, "4z7z")
    discard_draw(table, "4z")  # seat 0 lets 4z go; seat 1 draws 7z
    act(table, 1, "discard", "7z")
    while table.phase == "claim":
        table.step({})
    assert table.seats[1].furiten_by_river()


def test_same_turn_furiten_ends_at_the_seats_own_discard():
    table = table_with(TENPAI, "7z1s")
    act(table, 0, "discard", "7z")
    assert any(a.type == "ron" for a in table.legal_actions(1))
    table.step({})  # seat 1 lets the winning tile go
    assert table.seats[1].furiten_turn
    assert table.actor == 1
    act(table, 1, "discard", "1s")
    assert not table.seats[1].furiten_turn


def test_riichi_furiten_is_for_the_rest_of_the_hand():
    table = table_with(TENPAI, "4z1s7z")
    discard_draw(table, "4z")
    act(table, 1, "riichi")
    discard_draw(table, "1s")
    assert table.seats[1].riichi
    act(table, 2, "discard", "7z")
    table.step({})  # seat 1 passes its winning tile
    assert table.seats[1].furiten_riichi


def test_rules_preset_start_points():
    assert TENHOU_GAME.start_points == 25000


def test_ippatsu_ends_with_a_closed_kan_too():
    # seat 0 riichis; seat 1 then makes a closed kan of its four haku
    hands = ["123m456p789s1122z", "5555z234m345p678s", "1469m1469p146s66z", "2578m2578p2578s4z"]
    table = table_with(hands, "7z9m", rinshan="9p")
    act(table, 0, "riichi")
    discard_draw(table, "7z")
    assert table.seats[0].ippatsu and table.actor == 1
    act(table, 1, "closed_kan", "5z", "5555z")
    assert not table.seats[0].ippatsu


def test_same_turn_furiten_is_not_cleared_by_a_call_that_skips_the_seat():
    # seat 2 waits on 3z/7z (shanpon) and lets seat 0's 7z go; seat 3 pons seat 1's 6z,
    # skipping seat 2's turn: seat 2 is still furiten when seat 3 discards 3z
    hands = ["123m456p789s1247z", "1469m1469p1469s6z", "234m345p678s3377z", "2578m2578p25s3z66z"]
    table = table_with(hands, "9m6z")
    act(table, 0, "discard", "7z")
    table.step({})  # seat 2 passes its winning tile
    assert table.seats[2].furiten_turn
    act(table, 1, "discard", "6z")
    claims(table, s3=("pon", "6z", "66z"))
    assert table.actor == 3 and table.seats[2].furiten_turn
    act(table, 3, "discard", "3z")
    assert {a.type for a in table.legal_actions(2)} == {"pass", "pon"}  # a pon, no ron


def test_kita_ends_ippatsu_and_the_first_go_around_like_a_call():
    # three players: seat 0 riichis; seat 1 sets a North aside (riichi.wiki, Sanma and
    # Ippatsu: the kita call interrupts, so ippatsu, double riichi, tenhou/chiihou and
    # nine terminals are gone)
    from riichi_lut.game.rules import TENHOU_SANMA_GAME

    hands = ["123p456p789s1122z", "1199m1199p1199s4z", "1199m2388p2378s5z"]
    table = table_with(hands, "3z6z", rules=TENHOU_SANMA_GAME)
    act(table, 0, "riichi")
    discard_draw(table, "3z")
    assert table.seats[0].ippatsu and table.uninterrupted and table.actor == 1
    act(table, 1, "kita", "4z")
    assert not table.seats[0].ippatsu and not table.uninterrupted


def test_a_win_on_the_tile_drawn_after_ones_own_kita_is_rinshan_without_ippatsu():
    # seed 17170 (three players, random bots): a riichi, then on the next turn kita and a
    # win on the replacement tile; it once asked the scorer for ippatsu and rinshan together
    from riichi_lut.game import play_one
    from riichi_lut.game.record import DrawResult

    game = play_one(["random"] * 3, seed=17170, players=3)
    after_kita = [h for h in game.rounds if [e.type for e in h.events][-3:] == ["kita", "draw", "tsumo"]]
    win = next(r for h in after_kita for r in h.results if not isinstance(r, DrawResult))
    yaku = dict(win.yaku)
    assert "rinshan" in yaku and "riichi" in yaku and "ippatsu" not in yaku
