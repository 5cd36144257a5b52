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
from batch_cases import Called, Outcome, assert_agree, batch_rows

from riichi_lut.core.tiles import KIND_NAMES
from riichi_lut.errors import InvalidHandError, InvalidSituationError, NotAWinError
from riichi_lut.riichi import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, WRC, RuleSet, score
from riichi_lut.riichi.batch import (
    CHI,
    CLOSED_KAN,
    OPEN_KAN,
    PON,
    call_code,
    call_codes,
    dora_han_batch,
    has_yaku_batch,
    score_batch,
)

WIND_LETTERS = "ESWN"
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "chankan", "rinshan")
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
POOLS: tuple[tuple[int, ...] | None, ...] = (
    None,
    YAOCHU,  # chanta, junchan, honroutou, chinroutou, tsuuiisou
    tuple(range(27, 34)),  # honors: yakuhai, shousangen, daisangen, winds, tsuuiisou
    (19, 20, 21, 23, 25, 32),  # ryuuiisou
    tuple(range(9)),  # one suit: chinitsu, ittsu
    tuple(range(9, 18)) + tuple(range(27, 34)),  # honitsu
    tuple(range(1, 8)) + tuple(range(10, 17)) + tuple(range(19, 26)),  # tanyao (kuitan)
)


def _melds(
    rng: np.random.Generator, pool: list[int], used: list[int], n: int, triplets: float
) -> list[tuple[str, int]]:
    """``n`` random melds out of ``pool`` (runs only where the pool has all three tiles)."""
    melds = []
    for _ in range(n):
        k = int(rng.choice(pool))
        run_ok = k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool
        if rng.random() < triplets or not run_ok:
            melds.append(("set", k))
            used[k] += 3
        else:
            melds.append(("run", k))
            for d in range(3):
                used[k + d] += 1
    return melds


def called_hand(rng: np.random.Generator) -> tuple[list[int], list[int]]:
    """(concealed counts, call codes): 0..4 calls, then the concealed melds and pair."""
    pool_choice = POOLS[int(rng.integers(len(POOLS)))] if rng.random() < 0.5 else None
    pool = list(range(34)) if pool_choice is None else list(pool_choice)
    triplets = float(rng.choice([0.2, 0.4, 0.9]))
    while True:
        n_calls = int(rng.choice([0, 1, 2, 3, 4], p=[0.08, 0.32, 0.3, 0.2, 0.1]))
        total = [0] * 34
        codes = []
        for kind_of_meld, k in _melds(rng, pool, total, n_calls, triplets):
            if kind_of_meld == "run":
                codes.append(call_code(CHI, k))
            else:
                kind_type = int(rng.choice([PON, OPEN_KAN, CLOSED_KAN], p=[0.7, 0.15, 0.15]))
                codes.append(call_code(kind_type, k))
                total[k] += kind_type != PON
        concealed = [0] * 34
        _melds(rng, pool, concealed, 4 - n_calls, triplets)
        concealed[int(rng.choice(pool))] += 2
        if max(a + b for a, b in zip(total, concealed, strict=True)) <= 4:
            return concealed, codes


def called_situation(rng: np.random.Generator) -> Called:
    concealed, codes = called_hand(rng)
    kinds = [code % 34 for code in codes]
    types = [code // 34 for code in codes]
    called = [0] * 34
    for kind_type, k in zip(types, kinds, strict=True):
        if kind_type == CHI:
            for d in range(3):
                called[k + d] += 1
        else:
            called[k] += 3 if kind_type == PON else 4
    opened = any(t != CLOSED_KAN for t in types)
    has_kan = any(t in (OPEN_KAN, CLOSED_KAN) for t in types)
    win = int(rng.choice(np.repeat(np.arange(34), concealed)))
    seat = int(rng.integers(4))
    round_ = int(rng.integers(4)) if rng.random() < 0.25 else int(rng.integers(2))
    tsumo = bool(rng.random() < 0.45)
    riichi = not opened and bool(rng.random() < 0.4)
    double = riichi and bool(rng.random() < 0.15)
    ippatsu = riichi and bool(rng.random() < 0.2)
    rinshan = tsumo and has_kan and not ippatsu and bool(rng.random() < 0.3)
    haitei = tsumo and not rinshan and bool(rng.random() < 0.05)
    houtei = not tsumo and not ippatsu and bool(rng.random() < 0.05)
    chankan = (
        not tsumo and not houtei and concealed[win] == 1 and called[win] == 0 and bool(rng.random() < 0.05)
    )
    flags = {
        "riichi": riichi and not double,
        "double_riichi": double,
        "ippatsu": ippatsu,
        "haitei": haitei,
        "houtei": houtei,
        "chankan": chankan,
        "rinshan": rinshan,
    }
    left = [4 - a - b for a, b in zip(concealed, called, strict=True)]
    if chankan:
        left[win] = 0
    dora: list[int] = []
    for _ in range(int(rng.integers(0, 5))):
        k = int(rng.integers(34))
        if left[k] > 0:
            left[k] -= 1
            dora.append(k)
    ura: list[int] = []
    for _ in range(int(rng.integers(0, len(dora) + 1)) if riichi else 0):
        k = int(rng.integers(34))
        if left[k] > 0:
            left[k] -= 1
            ura.append(k)
    return Called(
        tuple(concealed),
        tuple(codes),
        win,
        seat,
        round_,
        tsumo,
        tuple(flags.items()),
        tuple(dora),
        tuple(ura),
    )


def situations(seed: int, n: int) -> list[Called]:
    rng = np.random.default_rng(seed)
    return [called_situation(rng) for _ in range(n)]


def scalar(s: Called, rules: RuleSet) -> Outcome:
    try:
        r = score(
            s.text(),
            KIND_NAMES[s.win],
            tsumo=s.tsumo,
            seat_wind=WIND_LETTERS[s.seat],
            round_wind=WIND_LETTERS[s.round],
            dora_indicators=[KIND_NAMES[k] for k in s.dora],
            ura_indicators=[KIND_NAMES[k] for k in s.ura],
            riichi_sticks=int(s.flag["riichi"] or s.flag["double_riichi"]),
            rules=rules,
            **s.flag,
        )
    except NotAWinError:
        return (False, 0, 0, 0, 0, ())
    return (True, r.han, r.fu, r.yakuman, r.points, tuple(sorted(y.id for y in r.yaku)))


def arrays(sits: list[Called], rules: RuleSet) -> dict[str, Any]:
    n = len(sits)
    counts = np.array([s.concealed for s in sits], dtype=np.uint8)
    calls = np.full((n, 4), -1, dtype=np.int16)
    dora = np.full((n, 5), -1)
    ura = np.full((n, 5), -1)
    for i, s in enumerate(sits):
        calls[i, : len(s.calls)] = s.calls
        dora[i, : len(s.dora)] = s.dora
        ura[i, : len(s.ura)] = s.ura
    flags = {name: np.array([s.flag[name] for s in sits]) for name in FLAGS}
    riichi = flags["riichi"] | flags["double_riichi"]
    han = dora_han_batch(counts, dora, calls=calls) + np.where(
        riichi & rules.ura_dora, dora_han_batch(counts, ura, calls=calls), 0
    )
    return {
        "counts": counts,
        "win_kind": np.array([s.win for s in sits]),
        "calls": calls,
        "tsumo": np.array([s.tsumo for s in sits]),
        "seat_wind": np.array([s.seat for s in sits]),
        "round_wind": np.array([s.round for s in sits]),
        "dora": han.astype(np.int64),
        "rules": rules,
        **flags,
    }


@cache
def tenhou_case() -> tuple[list[Called], list[Outcome]]:
    sits = situations(1414, 100_000)
    return sits, [scalar(s, TENHOU) for s in sits]


# --------------------------------------------------------------------------- agreement


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


@pytest.mark.parametrize("rules", [MAHJONG_SOUL, M_LEAGUE, WRC, EMA], ids=lambda r: r.name)
def test_open_batch_equals_scalar_under_presets(rules: RuleSet) -> None:
    sits = situations(2000 + len(rules.name), 4000)
    expected = [scalar(s, rules) for s in sits]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, rules))))


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


def test_has_yaku_is_is_win_with_calls() -> None:
    sits, expected = tenhou_case()
    sits, expected = sits[:20_000], expected[:20_000]
    inputs = arrays(sits, TENHOU)
    del inputs["dora"]
    assert has_yaku_batch(**inputs).tolist() == [e[0] for e in expected]


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
