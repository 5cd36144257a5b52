"""Named tests of the rules of calls (docs/game.md, rules 1-2), each on a constructed wall."""

from __future__ import annotations

import pytest
from tablekit import act, claims, table_with

from riichi_lut.core.tiles import parse_tiles
from riichi_lut.errors import IllegalActionError
from riichi_lut.game.legal import claim_options
from riichi_lut.game.seat import Meld

# Seat 0 deals and discards 5p: seat 1 (next in turn) can chi it with 46p, seat 2 can pon
# it with 55p, seat 3 waits on it (2p-5p, pinfu tanyao).
PRIORITY = ["123456789m11z2z3z", "258m46p2589s1357z", "369m55p3679s2466z", "234m34p456678s88s"]


def types(table, seat):
    return sorted({a.type for a in table.legal_actions(seat)})


def test_call_priority_ron_beats_pon_and_chi():
    table = table_with(PRIORITY, "5p")
    act(table, 0, "discard", "5p")
    assert table.phase == "claim"
    assert types(table, 1) == ["chi", "pass"]
    assert types(table, 2) == ["pass", "pon"]
    assert types(table, 3) == ["pass", "ron"]
    events = claims(table, s1=("chi", "5p", "46p"), s2=("pon", "5p", "55p"), s3=("ron", "5p", ""))
    assert [e.type for e in events] == ["ron"]
    assert table.outcome.kind == "win"
    (win,) = table.outcome.wins
    assert (win.seat, win.from_seat, win.result.han, win.result.fu) == (3, 0, 2, 30)
    assert table.outcome.deltas == (-2000, 0, 0, 2000)


def test_call_priority_pon_beats_chi():
    table = table_with(PRIORITY, "5p")
    act(table, 0, "discard", "5p")
    events = claims(table, s1=("chi", "5p", "46p"), s2=("pon", "5p", "55p"))
    assert [e.type for e in events] == ["pon"]
    assert table.phase == "turn" and table.actor == 2
    # the turn moved to the caller, skipping seat 1; the caller must discard, not draw
    assert {a.type for a in table.legal_actions(2)} == {"discard"}


def test_chi_only_from_the_player_on_the_left():
    table = table_with(PRIORITY, "5p")
    act(table, 0, "discard", "5p")
    with pytest.raises(IllegalActionError, match="not legal"):
        claims(table, s2=("chi", "5p", "46p"))


def test_kuikae_forbids_the_called_tile_and_the_other_end():
    # seat 1 chis 3m with 45m: it may discard neither 3m nor 6m at once
    hands = ["123456789p11z2z3z", "456m2589s123567z", "1479p3679s24466z", "28m1258p4788s567z"]
    table = table_with(hands, "3m")
    act(table, 0, "discard", "3m")
    claims(table, s1=("chi", "3m", "45m"))
    tiles = {a.tile for a in table.legal_actions(1)}
    assert parse_tiles("3m")[0] not in tiles
    assert parse_tiles("6m")[0] not in tiles
    assert parse_tiles("2s")[0] in tiles


def test_kuikae_after_a_middle_chi_forbids_only_the_called_tile():
    hands = ["123456789p11z2z3z", "246m2589s123567z", "1479p3679s24466z", "18m1258p4788s567z"]
    table = table_with(hands, "3m")
    act(table, 0, "discard", "3m")
    claims(table, s1=("chi", "3m", "24m"))
    tiles = {a.tile for a in table.legal_actions(1)}
    assert parse_tiles("3m")[0] not in tiles
    assert parse_tiles("6m")[0] in tiles


def test_a_call_that_leaves_no_legal_discard_is_not_offered():
    # seat 1 holds 4566m beside three melds: a chi of 3m with 45m would leave 66m, and
    # kuikae forbids 6m (the other end) and 3m: the chi is illegal (Tenhou); a chi of 7m
    # with 56m would leave 46m: legal
    hands = ["123456789p5677z", "4566m111222333z", "1479p3679s2446z5z", "1258p4788s567z"]
    table = table_with(hands, "3m")
    seat = table.seats[1]
    for kind in (27, 28, 29):  # turn the three honour triplets into pon melds
        seat.hand[kind] -= 3
        seat.melds.append(Meld("pon", (kind,) * 3, kind, 0))
    assert all(o.type != "chi" for o in claim_options(table, 1, parse_tiles("3m")[0], 0, chankan=False))
    assert any(o.type == "chi" for o in claim_options(table, 1, parse_tiles("7m")[0], 0, chankan=False))
