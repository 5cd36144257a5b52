"""Issue 11, items 1 and 2: dead waits and furiten in the ranking, the words and the data.

Each test is named after the case of the issue it pins down; the hands are hand-checked in
the comments. The seeded property test over random hands is in test_dead_and_furiten_property.py.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from riichi_lut import best_discard_batch, hint, rank_discards, ukeire, ukeire_batch
from riichi_lut.cli.main import main
from riichi_lut.coach.hints import Code
from riichi_lut.core.tiles import counts_of, parse_tiles
from riichi_lut.core.visible import Visible, own_discard_counts
from riichi_lut.errors import InvalidHandError

# 123m 456p 789s + 1z 1z 2z 2z 3z: discarding 3z is a 1z/2z shanpon; with both other
# copies of 1z and 2z visible it can never win. Every other discard is 1-shanten.
DEAD_HAND, DEAD_VISIBLE = "123m456p789s11223z", "1z1z2z2z"

# 123m 456p 789s 11z + 3s 5s 6s: discarding 3s waits on 4s 7s (56s ryanmen, 3 + 4 live),
# 6s on 4s (35s kanchan), 9s on 4s (678s + 35s); any other discard is 1-shanten.
FURITEN_HAND = "123m456p789s11z356s"


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


# --- 1. dead waits ----------------------------------------------------------------------


def test_dead_wait_3z_ranks_below_live_1_shanten_options() -> None:
    h = hint(DEAD_HAND, visible=DEAD_VISIBLE)
    assert h.discard != "3z" and h.shanten == 1
    dead = next(o for o in h.options if o.tile == "3z")
    assert (dead.shanten, dead.total, dead.dead) == (0, 0, True)
    assert h.options[-1] is dead  # below every live option, although it is tenpai
    assert all(not o.dead for o in h.options[:-1])
    assert "discarding 3z would be tenpai, but its wait on 1z 2z is dead (every copy is visible)" in h.why
    assert Code.OTHER_DEAD in [r.code for r in h.reasons]
    # the same order in rank_discards and in the batch twin
    assert rank_discards(DEAD_HAND, DEAD_VISIBLE)[-1].tile == "3z"
    batch = best_discard_batch(np.array([counts(DEAD_HAND)]), visible=np.array(counts(DEAD_VISIBLE)))
    assert batch.kind.tolist() == [h.options[0].kind] and batch.shanten.tolist() == [1]
    assert batch.total.tolist() == [h.options[0].total]


def test_dead_wait_without_visible_tiles_is_still_recommended() -> None:
    # the control: with nothing visible the shanpon (2 + 2 live) is the best discard
    h = hint(DEAD_HAND)
    assert h.discard == "3z" and h.options[0].total == 4 and not h.options[0].dead


def test_dead_wait_at_tenpai_13_tiles_says_the_wait_is_dead() -> None:
    h = hint("123m456p789s1122z", visible=DEAD_VISIBLE)
    assert h.why == "Tenpai: waiting on 1z 2z, but the wait is dead (every copy is visible)."
    assert h.ukeire is not None and h.ukeire.dead and h.ukeire.live_kinds == 0
    assert h.ukeire.kinds == 2  # the shape still accepts 1z and 2z


def test_dead_kind_1m_is_not_counted_among_the_kinds() -> None:
    # 2345m 5677p 2345s 1z, 2-shanten: 21 kinds lower it; every 1m is visible
    h = hint("2345m5677p2345s1z", visible="1m1m1m1m")
    assert h.ukeire is not None and (h.ukeire.kinds, h.ukeire.live_kinds) == (21, 20)
    assert "accepts 20 kinds / 67 tiles (" in h.why and "21 kinds" not in h.why
    assert h.why.endswith("; 1m: no live copy).")
    assert "1m" not in h.reasons[0].values["tiles"] and h.reasons[0].values["dead_tiles"] == ["1m"]
    assert hint("2345m5677p2345s1z").ukeire.live_kinds == 21  # type: ignore[union-attr]


def test_accepted_lists_keep_kinds_with_no_live_copy() -> None:
    # the mask is the shape: 1m still lowers the shanten, listed with live 0
    r = ukeire("2345m5677p2345s1z", visible="1m1m1m1m")
    assert r.accepted[0].tile == "1m" and r.accepted[0].live == 0 and r.mask & 1
    assert r.to_dict()["kinds"] == 21 and r.to_dict()["live_kinds"] == 20


def test_dead_options_rank_by_shanten_among_themselves() -> None:
    options = rank_discards(DEAD_HAND, DEAD_VISIBLE)
    keys = [o.sort_key() for o in options]
    assert keys == sorted(keys)
    assert [o.dead for o in options] == sorted(o.dead for o in options)


# --- 2. furiten -------------------------------------------------------------------------


def test_furiten_own_discard_7s_ranks_3s_below_the_other_tenpai_options() -> None:
    # with 7s among the player's discards 3s is furiten, and one 7s fewer is live (6
    # tiles): it ranks below the two 4s waits (9s first by the two-step measure)
    mine = Visible(own_discards="7s")
    h = hint(FURITEN_HAND, mine)
    tenpai = [(o.tile, o.total, o.furiten) for o in h.options if o.shanten == 0]
    assert tenpai == [("9s", 4, False), ("6s", 4, False), ("3s", 6, True)]
    assert h.discard == "9s"
    assert "discarding 3s would wait on 4s 7s (6 tiles), but furiten: it can win only by tsumo" in h.why
    # without own discards 3s is the best discard
    assert hint(FURITEN_HAND).discard == "3s"
    # the batch twin agrees with rank_discards(two_step=False): 6s, the lower kind of the tie
    own = np.array([counts("7s")])
    batch = best_discard_batch(np.array([counts(FURITEN_HAND)]), own_discards=own)
    assert (batch.kind.tolist(), batch.total.tolist(), batch.furiten.tolist()) == ([23], [4], [False])
    assert rank_discards(FURITEN_HAND, mine, two_step=False)[0].tile == "6s"


def test_furiten_is_said_when_every_tenpai_is_furiten() -> None:
    # 123m456p789s1122z + 3z with 1z discarded: the only tenpai waits on 1z 2z; furiten
    # ranks below non-furiten options of the same shanten only, so 3z stays first
    h = hint("123m456p789s1122z3z", Visible(own_discards="1z"))
    assert h.discard == "3z" and h.options[0].furiten
    assert h.why.endswith("; furiten: it can win only by tsumo.")
    assert h.to_dict()["options"][0]["furiten"] is True


def test_furiten_of_a_13_tile_tenpai_in_ukeire_and_hint() -> None:
    mine = Visible(own_discards="2z")
    r = ukeire("123m456p789s1122z", mine)
    assert r.furiten and r.to_dict()["furiten"] is True
    assert r.total == 3  # the discarded 2z is visible: 2 + 1 live
    assert hint("123m456p789s1122z", mine).why.endswith("; furiten: it can win only by tsumo.")
    assert not ukeire("123m456p789s1122z", Visible(own_discards="3z")).furiten  # not a wait
    assert not ukeire("123m456p789s1123z", Visible(own_discards="1z")).furiten  # not tenpai


def test_furiten_on_the_discarded_tile_itself_in_a_complete_hand() -> None:
    # a discard that leaves a wait on the same kind means the 14 tiles were complete:
    # every option of a complete hand is furiten, none of another hand is by itself
    options = rank_discards("11z [123m] [456m] [789m] [111p]")
    assert [o.furiten for o in options] == [True]
    assert not any(o.furiten for o in rank_discards(FURITEN_HAND))


def test_furiten_in_the_batch_ukeire() -> None:
    rows = np.array([counts("123m456p789s1122z"), counts("123m456p789s1123z")])
    own = np.array([counts("2z"), counts("1z")])
    result = ukeire_batch(rows, own_discards=own)
    assert result.furiten.tolist() == [True, False]
    assert result.total.tolist() == [3, ukeire("123m456p789s1123z", Visible(own_discards="1z")).total]
    shanten, accepted, total = result  # unpacks as before
    assert (shanten is result.shanten, accepted is result.accepted, total is result.total) == (True,) * 3
    assert ukeire_batch(rows).furiten.tolist() == [False, False]


def test_own_discards_count_as_visible_and_are_checked() -> None:
    assert Visible(discards="1z", own_discards="1z 1z").counts()[27] == 3
    assert own_discard_counts({"own_discards": "9s"})[26] == 1
    assert own_discard_counts(Visible(discards="9s"))[26] == 0
    assert repr(Visible(own_discards="7s")) == "Visible(own_discards='7s')"
    with pytest.raises(InvalidHandError, match="1z"):
        ukeire("123m456p789s1122z", Visible(discards="1z", own_discards="1z 1z"))
    rows = np.array([counts("123m456p789s1122z")])
    with pytest.raises(InvalidHandError, match="own_discards"):
        ukeire_batch(rows, own_discards=np.zeros((2, 34), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match="row 0: 1z"):
        ukeire_batch(rows, visible=np.array(counts("1z")), own_discards=np.array(counts("1z1z")))


def test_cli_hint_discarded_says_furiten(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "123m456p789s1122z3z", "--discarded", "1z"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("furiten: it can win only by tsumo.")
    assert lines[1].split() == ["3z:", "tenpai,", "3", "tiles", "1zx1", "2zx2", "(furiten)"]
    assert main(["hint", DEAD_HAND, "--visible", DEAD_VISIBLE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"][-1]["discard"] == "3z" and data["options"][-1]["live_kinds"] == 0
    assert all("furiten" in o for o in data["options"])


def test_readme_furiten_example() -> None:
    # README.md, "Hint engine": the example of own discards, word for word
    why = hint("123m456p789s1122z3z", visible=Visible(own_discards="1z")).why
    assert why == (
        "Discard 3z: tenpai, waiting on 1z 2z (2 kinds / 3 tiles); discarding 1m would leave you"
        " 1-shanten; furiten: it can win only by tsumo."
    )
