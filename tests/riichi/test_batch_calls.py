"""Tests of open hands in riichi_lut.riichi.batch (issue 14 item 3): ``score_batch`` and
``has_yaku_batch`` with called melds (chi, pon, open and closed kan) against the scalar
``riichi_lut.riichi.score`` on seeded random called winning situations — 100,000 under
Tenhou's rules, fewer under the other presets and rule switches — and the bad inputs
of the ``calls`` array."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest
from batch_cases import Called, Outcome, arrays, assert_agree, batch_rows, scalar, situations

from riichi_lut.errors import InvalidHandError, InvalidSituationError
from riichi_lut.riichi import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, WRC, RuleSet
from riichi_lut.riichi.batch import (
    CHI,
    CLOSED_KAN,
    OPEN_KAN,
    PON,
    call_code,
    call_codes,
    has_yaku_batch,
    score_batch,
)


@cache
def tenhou_case() -> tuple[list[Called], list[Outcome]]:
    sits = situations(1414, 100_000)
    return sits, [scalar(s, TENHOU) for s in sits]


# --------------------------------------------------------------------------- agreement


@pytest.mark.slow
def test_open_batch_equals_scalar_on_100k_called_wins() -> None:
    sits, expected = tenhou_case()
    got = batch_rows(score_batch(**arrays(sits, TENHOU)))
    assert_agree(sits, expected, got)
    # the sample covers what it claims to: every call type, open and closed-kan hands,
    # and the yaku an open hand can have
    codes = [c // 34 for s in sits for c in s.calls]
    assert {CHI, PON, OPEN_KAN, CLOSED_KAN} <= set(codes)
    wins = [e for e in expected if e[0]]
    assert len(wins) > 60_000 and len(wins) < len(expected)
    seen = set().union(*(set(e[5]) for e in wins))
    for must in (
        "tanyao", "yakuhai_haku", "yakuhai_seat", "yakuhai_round", "toitoi", "sanankou", "sankantsu",
        "suukantsu", "sanshoku_doujun", "sanshoku_doukou", "ittsu", "chanta", "junchan", "honroutou",
        "shousangen", "honitsu", "chinitsu", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
        "chinroutou", "ryuuiisou", "haitei", "houtei", "rinshan", "chankan", "riichi", "menzen_tsumo",
        "suuankou", "iipeikou",
    ):  # fmt: skip
        assert must in seen, must
    assert any(s.calls and all(c // 34 == CLOSED_KAN for c in s.calls) for s in sits)


@pytest.mark.slow
@pytest.mark.parametrize("rules", [MAHJONG_SOUL, M_LEAGUE, WRC, EMA], ids=lambda r: r.name)
def test_open_batch_equals_scalar_under_presets(rules: RuleSet) -> None:
    sits = situations(2000 + len(rules.name), 4000)
    expected = [scalar(s, rules) for s in sits]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, rules))))


@pytest.mark.slow
@pytest.mark.parametrize(
    "changes",
    [
        {"kuitan": False},
        {"open_pinfu_fu": 20},
        {"multiple_yakuman": False},
        {"double_wind_pair_fu": 2},
        {"kiriage": True},
    ],
    ids=str,
)
def test_open_batch_equals_scalar_under_rule_flags(changes: dict[str, Any]) -> None:
    rules = TENHOU.replace(**changes)
    sits = situations(3000, 4000)
    expected = [scalar(s, rules) for s in sits]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, rules))))


@pytest.mark.slow
def test_has_yaku_is_is_win_with_calls() -> None:
    sits, expected = tenhou_case()
    sits, expected = sits[:20_000], expected[:20_000]
    inputs = arrays(sits, TENHOU)
    del inputs["dora"]
    assert has_yaku_batch(**inputs).tolist() == [e[0] for e in expected]


@pytest.mark.slow
def test_threads_and_chunks_do_not_change_called_results() -> None:
    sits, _ = tenhou_case()
    inputs = arrays(sits[:70_000], TENHOU)
    one = score_batch(**inputs, threads=1)
    two = score_batch(**inputs, threads=2)
    for name in ("is_win", "han", "fu", "yakuman", "points", "yaku_mask"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name


def test_calls_none_and_all_empty_calls_agree() -> None:
    """Rows without calls score the same whether ``calls`` is omitted or all -1."""
    sits = [s for s in situations(77, 3000) if not s.calls]
    assert len(sits) > 100
    inputs = arrays(sits, TENHOU)
    with_empty = score_batch(**inputs)
    del inputs["calls"]
    without = score_batch(**inputs)
    assert batch_rows(with_empty) == batch_rows(without)


def test_call_codes_of_hands() -> None:
    codes = call_codes(
        ["234m55p [789s] (1111z) [555z]", "123m456p789s1122z", "99m [0555p] [1111m] [406s] [777z]"]
    )
    assert codes.tolist() == [
        [call_code("chi", 24), call_code("closed_kan", 27), call_code("pon", 31), -1],
        [-1, -1, -1, -1],
        [call_code("open_kan", 13), call_code("open_kan", 0), call_code("chi", 21), call_code("pon", 33)],
    ]
    assert codes.dtype == np.int16


# --------------------------------------------------------------------------- bad input


def good() -> dict[str, Any]:
    sits = [s for s in situations(5, 400) if len(s.calls) == 2 and not any(s.flag.values())][:3]
    inputs = arrays(sits, TENHOU)
    inputs["calls"] = inputs["calls"].copy()
    return inputs


def test_good_inputs_score() -> None:
    assert len(score_batch(**good())) == 3


@pytest.mark.parametrize(
    ("value", "match"),
    [
        (np.zeros((3, 5), dtype=np.int16), r"calls must be an integer array of shape \(3, 4\)"),
        (np.zeros((3, 4)), r"calls must be an integer array"),
        (np.full((2, 4), -1), r"calls must be an integer array of shape \(3, 4\)"),
    ],
)
def test_bad_calls_array(value: Any, match: str) -> None:
    inputs = good()
    inputs["calls"] = value
    with pytest.raises(InvalidHandError, match=match):
        score_batch(**inputs)


@pytest.mark.parametrize(
    ("code", "match"),
    [
        (7, r"calls row 1: 7 is not a call \(a chi starts on 1..7 of a suit, got 8m\)"),
        (30, r"a chi starts on 1..7 of a suit, got 4z"),
        (136, r"calls row 1: 136 is not a call"),
        (-2, r"calls row 1: -2 is not a call"),
    ],
)
def test_bad_call_code_names_the_row(code: int, match: str) -> None:
    inputs = good()
    inputs["calls"][1, 0] = code
    with pytest.raises(InvalidHandError, match=match) as info:
        score_batch(**inputs)
    assert info.value.row == 1  # type: ignore[attr-defined]


def test_too_many_copies_across_calls() -> None:
    counts = np.zeros((1, 34), dtype=np.uint8)
    counts[0, [0, 1, 2]] = 1  # 123m
    counts[0, [9, 10, 11]] = 1  # 123p
    counts[0, 27] = 2  # 11z
    calls = np.array([[call_code("pon", 0), call_code("pon", 18), -1, -1]])  # 111m: the fifth 1m
    counts[0, 0] = 2
    counts[0, 9] = 0
    counts[0, 28] = 1
    with pytest.raises(
        InvalidHandError, match=r"row 0: 1m has 5 copies across the concealed tiles and the calls"
    ):
        score_batch(counts, [27], calls=calls, tsumo=True, seat_wind="E", round_wind="E")


def test_wrong_tile_total_with_calls() -> None:
    inputs = good()
    inputs["calls"][2, 3] = call_code("pon", 33) if inputs["counts"][2, 33] == 0 else call_code("pon", 32)
    with pytest.raises(InvalidHandError, match=r"counts row 2: 8 tiles with 3 calls \(expected 5\)"):
        score_batch(**inputs)


@pytest.mark.parametrize(
    ("flags", "match"),
    [
        ({"riichi": True}, "row 1: riichi needs a closed hand"),
        ({"tsumo": True, "rinshan": True}, "row 1: rinshan needs a kan among the calls"),
        ({"tsumo": True, "seat_wind": 0, "tenhou": True}, "row 1: tenhou and chiihou allow no calls"),
        ({"seat_wind": 1, "renhou": True}, "row 1: renhou comes before your first draw"),
    ],
)
def test_flags_the_calls_contradict(flags: dict[str, Any], match: str) -> None:
    inputs = good()
    inputs["calls"][:, :] = -1  # rows 0 and 2: closed, any of these flags is fine there
    inputs["calls"][1] = [call_code("pon", 33), -1, -1, -1]
    n = len(inputs["counts"])
    for name, value in flags.items():
        if name in ("seat_wind", "tsumo"):
            inputs[name] = np.full(n, value)
        else:
            inputs[name] = np.array([False, True, False])
    with pytest.raises(InvalidSituationError, match=match):
        score_batch(**inputs)


def test_rinshan_without_calls_is_refused() -> None:
    counts = np.zeros((1, 34), dtype=np.uint8)
    counts[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 21, 22, 23]] = 1
    counts[0, 27] = 2
    with pytest.raises(InvalidSituationError, match="row 0: rinshan needs a kan among the calls"):
        score_batch(counts, [0], tsumo=True, rinshan=True, seat_wind="E", round_wind="E")


def test_bad_call_code_helper() -> None:
    with pytest.raises(InvalidHandError, match="call type must be one of chi, pon, open_kan, closed_kan"):
        call_code("kong", 3)
    with pytest.raises(InvalidHandError, match=r"a chi starts on 1\.\.7 of a suit, got 9p"):
        call_code(CHI, 17)
    with pytest.raises(InvalidHandError, match=r"a call's kind must be a tile kind 0\.\.33"):
        call_code(PON, 34)
