"""Tests of riichi_lut.core.visible: visible tiles given as notation, 34 counts, a Visible or a
mapping lower live counts the same way everywhere (ukeire, rank_discards, hint, the batch
twins); visible tiles that cannot exist are errors naming the culprit, never clamped."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from riichi_lut import (
    Visible,
    best_discard_batch,
    hint,
    parse_hand,
    rank_discards,
    ukeire,
    ukeire_batch,
)
from riichi_lut.core.visible import visible_counts
from riichi_lut.errors import InvalidHandError, TileParseError


def counts(**by_kind: int) -> list[int]:
    """34 counts from keyword kinds: counts(m1=1, m4=2)."""
    out = [0] * 34
    for name, value in by_kind.items():
        out["mpsz".index(name[0]) * 9 + int(name[1:]) - 1] = value
    return out


# --- the four forms give the same live counts ------------------------------------------

# 23m456p789s11z [123s] waits on 1m and 4m (ryanmen). With one 1m and two 4m visible,
# live = 4 - 0 held - visible: 1m 3, 4m 2, total 5, whatever form `visible` takes.
RYANMEN = "23m456p789s11z [123s]"
ONE_1M_TWO_4M = {
    "notation": "1m 4m 4m",
    "notation_in_call_brackets": "[144m]",
    "counts_list": counts(m1=1, m4=2),
    "counts_tuple": tuple(counts(m1=1, m4=2)),
    "counts_numpy_uint8": np.array(counts(m1=1, m4=2), dtype=np.uint8),
    "counts_numpy_int64": np.array(counts(m1=1, m4=2), dtype=np.int64),
    "visible_sources": Visible(discards="4m", calls="[4m]", dora_indicators="1m"),
    "visible_counts_and_text": Visible(discards=counts(m4=2), dora_indicators="1m"),
    "mapping": {"discards": "44m", "dora_indicators": "1m"},
    "mapping_other": {"other": counts(m1=1, m4=2)},
}


@pytest.mark.parametrize("visible", ONE_1M_TWO_4M.values(), ids=ONE_1M_TWO_4M.keys())
def test_every_form_of_visible_gives_the_same_live_counts(visible: object) -> None:
    result = ukeire(RYANMEN, visible)
    assert [(t.tile, t.live) for t in result.accepted] == [("1m", 3), ("4m", 2)]
    assert result.total == 5 and result.standard.total == 5
    assert visible_counts(visible, parse_hand(RYANMEN).total_counts) == counts(m1=1, m4=2)
    # the same through the 14-tile ranking (discarding 7z) and the hint
    options = rank_discards(RYANMEN.replace("11z", "117z"), visible, two_step=False)
    assert (options[0].tile, options[0].total) == ("7z", 5)
    assert hint(RYANMEN, visible).why == "Tenpai: waiting on 1m 4m (2 kinds / 5 tiles)."


def test_nothing_visible() -> None:
    # None, empty notation, an empty Visible and an empty mapping: 4 + 4 live
    for visible in (None, "", "  ", Visible(), {}, [0] * 34):
        assert ukeire(RYANMEN, visible).total == 8, visible


def test_a_wait_with_no_live_copy_is_still_accepted() -> None:
    # all four 4m visible (someone's kan): 4m is still accepted (it would lower the
    # shanten), with 0 live; the total counts only the three 1m left
    result = ukeire(RYANMEN, "(4444m) 1m")
    assert [(t.tile, t.live) for t in result.accepted] == [("1m", 3), ("4m", 0)]
    assert result.total == 3


def test_red_fives_count_as_their_kind() -> None:
    # 46m kanchan on 5m: a visible red 0m and a plain 5m leave 4 - 2 = 2 live
    result = ukeire("46m456p789s11z [123s]", "0m 5m")
    assert [(t.tile, t.live) for t in result.accepted] == [("5m", 2)]
    # 05m + 11z shanpon: the held red 0m is a 5m, so 5m has 4 - 2 = 2 live, and one more
    # visible 5m leaves 1; a visible red 5p changes nothing here
    result = ukeire("05m456p789s11z [123s]", Visible(discards="5m", dora_indicators="0p"))
    assert [(t.tile, t.live) for t in result.accepted] == [("5m", 1), ("1z", 2)]


TWO_RED_FIVES = {
    "hand_and_visible": ("05m456p789s11z [123s]", "0m"),
    "own_call_and_visible": ("55m456p789s11z [406m]", "0m"),
    "two_visible_sources": ("55m456p789s11z [123s]", Visible(discards="0m", dora_indicators="0m")),
    "two_mapping_sources": ("55m456p789s11z [123s]", {"discards": "0m", "calls": "[406m]"}),
}


@pytest.mark.parametrize("case", TWO_RED_FIVES.values(), ids=TWO_RED_FIVES.keys())
def test_two_red_fives_of_a_suit_across_hand_and_visible(case: tuple) -> None:
    # one red five per suit exists (bad-inputs 4); "0m 0m" in one string already raises
    hand, visible = case
    with pytest.raises(InvalidHandError, match="red 5m"):
        ukeire(hand, visible)


def test_own_calls_are_not_live() -> None:
    # 46m456p789s11z (5555m): 2m is accepted (24m waits 3m); its 4 copies minus a
    # visible 2m leave 3; the 1z pair: two held, one visible, one live
    result = ukeire("46m456p789s11z (5555m)", "2m 1z")
    live = {t.tile: t.live for t in result.accepted}
    assert (live["2m"], live["1z"]) == (3, 1) and "5m" not in live


def test_batch_visible_broadcast_and_per_row() -> None:
    # one (34,) array applies to every row; an (N, 34) array row by row
    rows = np.array([parse_hand("123m456p789s1122z").concealed] * 3, dtype=np.uint8)
    seen = np.array(counts(z1=1, z2=2), dtype=np.uint8)  # 1z and 2z: 2 - 1 + 2 - 2 = 1 live
    assert ukeire_batch(rows, visible=seen)[2].tolist() == [1, 1, 1]
    per_row = np.zeros((3, 34), dtype=np.int64)
    per_row[1, 27] = 2
    assert ukeire_batch(rows, visible=per_row)[2].tolist() == [4, 2, 4]
    assert ukeire_batch(rows, visible=per_row.tolist())[2].tolist() == [4, 2, 4]
    # best discard of 123m456p789s1122z + 7z: the 7z, 4 live waits minus the visible
    rows14 = rows.copy()
    rows14[:, 33] = 1
    kind, after, total = best_discard_batch(rows14, visible=per_row)
    assert (kind.tolist(), after.tolist(), total.tolist()) == ([33] * 3, [0] * 3, [4, 2, 4])


# --- bad input -----------------------------------------------------------------------

FOUR_1M = "1111m234p567s789s"  # all four 1m held
OVER_FOUR = {
    "notation": ("1m", "1m: 4 in hand and calls \\+ 1 visible = 5 copies"),
    "red_notation": ("0m", None),  # a red 5m is a 5m: fine next to zero held 5m
    "counts": (counts(m1=1), "1m: 4 in hand and calls \\+ 1 visible"),
    "visible_object": (Visible(dora_indicators="1m"), "1m: 4 in hand and calls"),
    "mapping": ({"calls": "[111p] 1m"}, "1m: 4 in hand and calls"),
    "sources_adding_up": (Visible(discards="2222m", calls="2m"), "2m: 0 in hand and calls \\+ 5 visible"),
}


@pytest.mark.parametrize("entry", ["ukeire", "rank_discards", "hint_13", "hint_14"])
@pytest.mark.parametrize("case", OVER_FOUR.values(), ids=OVER_FOUR.keys())
def test_visible_pushing_a_kind_over_four(case: tuple, entry: str) -> None:
    visible, culprit = case
    calls: dict[str, Callable[[], object]] = {
        "ukeire": lambda: ukeire(FOUR_1M, visible),
        "rank_discards": lambda: rank_discards(FOUR_1M + "7z", visible, two_step=False),
        "hint_13": lambda: hint(FOUR_1M, visible),
        "hint_14": lambda: hint(FOUR_1M + "7z", visible),
    }
    if culprit is None:
        calls[entry]()
        return
    with pytest.raises(InvalidHandError, match=culprit):
        calls[entry]()


def test_visible_and_own_calls_over_four() -> None:
    # the closed kan holds all four 5m: one more visible is a 5th copy
    with pytest.raises(InvalidHandError, match="5m: 4 in hand and calls \\+ 1 visible"):
        ukeire("46m456p789s11z (5555m)", "5m")


@pytest.mark.parametrize("function", [ukeire_batch, best_discard_batch])
def test_batch_visible_over_four_names_the_first_bad_row(function: Callable) -> None:
    # 40,000 rows: the first bad row (30001) sits in a later chunk than row 0, and a
    # second bad row follows; the error names the first whatever the threads
    text = "123m456p789s1122z" if function is ukeire_batch else "123m456p789s11222z"
    rows = np.array([parse_hand(text).concealed] * 40000, dtype=np.uint8)
    seen = np.zeros(rows.shape, dtype=np.uint8)
    seen[30001, 27] = 3  # 2 East held + 3
    seen[35000, 0] = 4
    for threads in (1, None):
        with pytest.raises(InvalidHandError, match="row 30001: 1z has 2 in hand \\+ 3 visible") as exc:
            function(rows, visible=seen, threads=threads)
        assert exc.value.row == 30001


BAD_BATCH_VISIBLE = {
    "33_columns": (np.zeros((5, 33), dtype=np.uint8), r"shape \(N, 34\), got \(5, 33\)", None),
    "wrong_row_count": (np.zeros((3, 34), dtype=np.uint8), r"\(34,\) or \(5, 34\), got \(3, 34\)", None),
    "three_dimensions": (np.zeros((5, 34, 1), dtype=np.uint8), r"visible must have shape", None),
    "float_dtype": (np.zeros((5, 34)), "visible must have an integer dtype, got float64", None),
    "negative": (-np.eye(5, 34, k=3, dtype=np.int64)[[4, 2, 0, 1, 3]], "visible row 0: negative", 0),
    "fifth_copy": (5 * np.eye(5, 34, k=5, dtype=np.int64)[::-1], "visible row 0: kind 9 has 5 copies", 0),
}


@pytest.mark.parametrize("function", [ukeire_batch, best_discard_batch])
@pytest.mark.parametrize("case", BAD_BATCH_VISIBLE.values(), ids=BAD_BATCH_VISIBLE.keys())
def test_bad_batch_visible(function: Callable, case: tuple) -> None:
    visible, culprit, row = case
    text = "123m456p789s1122z" if function is ukeire_batch else "123m456p789s11222z"
    rows = np.array([parse_hand(text).concealed] * 5, dtype=np.uint8)
    with pytest.raises(InvalidHandError, match=culprit) as exc:
        function(rows, visible=visible)
    assert exc.value.row == row


BAD_SCALAR_VISIBLE = {
    "five_ints": ([1, 0, 0, 0, 0], InvalidHandError, "visible: expected notation, 34 counts"),
    "an_int": (5, InvalidHandError, "visible: .* got int$"),
    "bytes": (b"1z", InvalidHandError, "visible: .* got bytes of 2 items"),
    "two_d_array": (np.zeros((1, 34), dtype=int), InvalidHandError, "visible: .* got ndarray of 1 items"),
    "unknown_mapping_key": ({"discard": "2m"}, InvalidHandError, r"unknown source\(s\) \['discard'\]"),
    "bad_source_in_visible": (Visible(discards=[1, 2, 3]), InvalidHandError, "visible discards"),
    "bad_source_in_mapping": ({"calls": 3}, InvalidHandError, "visible calls"),
    "negative": ([0, -1] + [0] * 32, InvalidHandError, r"visible: 2m has a negative count \(-1\)"),
    "bool_count": ([False, True] + [0] * 32, InvalidHandError, r"visible\[0\] \(1m\) is a bool"),
    "five_in_counts": ([0, 5] + [0] * 32, InvalidHandError, "visible: 2m has 5 copies"),
    "fifth_copy_notation": ("22222m", InvalidHandError, "2m: a 5th copy at position 4"),
    "two_red_fives": ("0m 0m", InvalidHandError, "two red 5m: the second at position 3"),
    "unknown_character": ("2x", TileParseError, "unknown character 'x'.*position 1"),
    "position_after_a_bracket": ("[1m] 2x", TileParseError, "unknown character 'x'.*position 6"),
    "fifth_copy_after_a_kan": ("(1111m) 1m", InvalidHandError, "1m: a 5th copy at position 8"),
    "honor_out_of_range": ("8z", TileParseError, "position 0"),
}


@pytest.mark.parametrize("case", BAD_SCALAR_VISIBLE.values(), ids=BAD_SCALAR_VISIBLE.keys())
def test_bad_scalar_visible(case: tuple) -> None:
    visible, error, culprit = case
    with pytest.raises(error, match=culprit):
        ukeire(FOUR_1M, visible)
    with pytest.raises(error, match=culprit):
        hint(FOUR_1M + "7z", visible, two_step=False)


# --- a readable repr -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("visible", "text"),
    [
        (Visible(), "Visible()"),
        (Visible(discards="19m", dora_indicators="3z"), "Visible(discards='19m', dora_indicators='3z')"),
        (Visible(other=counts(m1=1)), f"Visible(other={counts(m1=1)!r})"),
        (Visible(calls="[123m] (5555p)"), "Visible(calls='[123m] (5555p)')"),
    ],
)
def test_visible_repr_lists_the_sources_that_hold_tiles_and_pastes_back(visible: Visible, text: str) -> None:
    assert repr(visible) == text
    assert eval(text) == visible


def test_a_long_bad_visible_string_is_quoted_short_with_its_position() -> None:
    text = "1s " * 3000 + "x"
    with pytest.raises(TileParseError, match=r"^visible: unknown character 'x'") as exc:
        ukeire(RYANMEN, text)
    assert exc.value.position == 9000 and "at position 9000 of 9001" in str(exc.value)
    assert len(str(exc.value)) < 200


def test_unknown_mapping_keys_that_do_not_sort_are_still_named() -> None:
    with pytest.raises(InvalidHandError, match=r"unknown source\(s\) \['x', 1\]"):
        ukeire(RYANMEN, {1: "1m", "x": "2m"})  # type: ignore[dict-item]
