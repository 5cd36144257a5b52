"""Tests of riichi_lut.riichi.batch: ``score_batch``, ``has_yaku_batch`` and ``dora_han_batch``
against the scalar ``riichi_lut.riichi.score`` on seeded random closed winning hands (and
non-wins), under every rule preset; bad inputs and threads."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pytest
from batch_cases import draw_indicators

from riichi_lut.core.hand import parse_hand
from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import InvalidArgumentError, InvalidHandError, InvalidSituationError, NotAWinError
from riichi_lut.riichi import EMA, M_LEAGUE, MAHJONG_SOUL, TENHOU, WRC, RuleSet, score
from riichi_lut.riichi.batch import (
    CHUNK_ROWS_THREADED,
    YAKU_BITS,
    BatchScore,
    dora_han_batch,
    has_yaku_batch,
    score_batch,
)
from riichi_lut.riichi.yaku import ROWS

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)
WIND_LETTERS = {27: "E", 28: "S", 29: "W", 30: "N"}
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "chankan", "tenhou", "chiihou", "renhou")


# --------------------------------------------------------------------------- situations


@dataclass(frozen=True)
class Situation:
    """One closed win as both APIs take it."""

    counts: tuple[int, ...]
    win: int
    seat: int
    round: int
    tsumo: bool
    flags: tuple[tuple[str, bool], ...]
    dora: tuple[int, ...]  # indicator kinds
    ura: tuple[int, ...]
    red: tuple[int, int, int]  # red fives held (m, p, s)

    @property
    def flag(self) -> dict[str, bool]:
        return dict(self.flags)

    def text(self) -> str:
        return format_counts(self.counts, self.red)

    def win_text(self) -> str:
        name = KIND_NAMES[self.win]
        if self.win in (4, 13, 22) and self.red[(4, 13, 22).index(self.win)] and self.counts[self.win] == 1:
            return name.replace("5", "0")  # the only five held is the red one
        return name


def standard_counts(
    rng: np.random.Generator, kinds: tuple[int, ...] | None = None, triplets: float = 0.35
) -> list[int]:
    """Four random melds and a pair (runs only inside ``kinds``), every count <= 4."""
    pool = list(range(34)) if kinds is None else list(kinds)
    while True:
        counts = [0] * 34
        for _ in range(4):
            k = int(rng.choice(pool))
            run_ok = k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool
            if rng.random() < triplets or not run_ok:
                counts[k] += 3
            else:
                for d in range(3):
                    counts[k + d] += 1
        counts[int(rng.choice(pool))] += 2
        if max(counts) <= 4:
            return counts


def special_counts(rng: np.random.Generator) -> list[int]:
    """Shapes that random melds rarely give: seven pairs, orphans, nine gates, one suit,
    honors, greens, terminals, all triplets, two identical runs."""
    r = rng.random()
    counts = [0] * 34
    if r < 0.2:  # chiitoitsu (and the occasional ryanpeikou shape)
        for k in rng.choice(34, 7, replace=False):
            counts[int(k)] = 2
    elif r < 0.3:  # kokushi, single or 13-sided wait depending on the winning tile
        for k in ORPHANS:
            counts[k] = 1
        counts[int(rng.choice(ORPHANS))] += 1
    elif r < 0.38:  # chuuren (junsei when the extra tile is the winning one)
        base = 9 * int(rng.integers(3))
        for i, c in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            counts[base + i] = c
        counts[base + int(rng.integers(9))] += 1
    elif r < 0.44:
        return standard_counts(rng, GREEN)
    elif r < 0.52:
        return standard_counts(rng, tuple(range(27, 34)))
    elif r < 0.55:
        return standard_counts(rng, (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
    elif r < 0.58:
        return standard_counts(rng, (0, 8, 9, 17, 18, 26))
    elif r < 0.78:  # honitsu / chinitsu
        suit = int(rng.integers(3))
        pool = tuple(range(9 * suit, 9 * suit + 9)) + (tuple(range(27, 34)) if rng.random() < 0.5 else ())
        return standard_counts(rng, pool, 0.25)
    elif r < 0.88:  # toitoi, sanankou, suuankou
        return standard_counts(rng, None, 1.0)
    else:  # iipeikou / ryanpeikou
        while True:
            counts = [0] * 34
            for _ in range(2):
                s = int(rng.integers(3)) * 9 + int(rng.integers(7))
                for d in range(3):
                    counts[s + d] += 2 if rng.random() < 0.8 else 1
            extra = standard_counts(rng)
            total = sum(counts)
            for k in np.repeat(np.arange(34), extra)[: 14 - total]:
                counts[int(k)] += 1
            if max(counts) <= 4 and sum(counts) == 14:
                return counts
    return counts


def situation(rng: np.random.Generator, counts: list[int]) -> Situation:
    """Random, consistent facts of a win for ``counts`` (winning tile among the tiles)."""
    win = int(rng.choice(np.repeat(np.arange(34), counts)))
    seat = int(rng.integers(27, 31))
    round_ = int(rng.integers(27, 31)) if rng.random() < 0.25 else int(rng.integers(27, 29))
    dealer = seat == 27
    tsumo = bool(rng.random() < 0.45)
    riichi = bool(rng.random() < 0.4)
    double = riichi and bool(rng.random() < 0.15)
    ippatsu = riichi and bool(rng.random() < 0.2)
    haitei = tsumo and bool(rng.random() < 0.05)
    houtei = not tsumo and not ippatsu and bool(rng.random() < 0.05)
    chankan = not tsumo and not houtei and counts[win] == 1 and bool(rng.random() < 0.05)
    first_draw = tsumo and not riichi and not haitei and bool(rng.random() < 0.03)
    renhou = (
        not dealer and not tsumo and not riichi and not houtei and not chankan and bool(rng.random() < 0.03)
    )
    flags = {
        "riichi": riichi and not double,
        "double_riichi": double,
        "ippatsu": ippatsu,
        "haitei": haitei,
        "houtei": houtei,
        "chankan": chankan,
        "tenhou": first_draw and dealer,
        "chiihou": first_draw and not dealer,
        "renhou": renhou,
    }
    left = [4 - c for c in counts]
    if chankan:  # the robbed kan holds the other three copies: no indicator can show one
        left[win] = 0
    dora, ura = draw_indicators(rng, left, 3, riichi)
    m, p, s = (int(counts[k] > 0 and rng.random() < 0.4) for k in (4, 13, 22))
    return Situation(
        tuple(counts), win, seat, round_, tsumo, tuple(flags.items()), tuple(dora), tuple(ura), (m, p, s)
    )


def winning_situations(seed: int, n: int) -> list[Situation]:
    rng = np.random.default_rng(seed)
    return [
        situation(rng, standard_counts(rng) if rng.random() < 0.65 else special_counts(rng)) for _ in range(n)
    ]


def other_situations(seed: int, n: int) -> list[Situation]:
    """Random 14-tile hands (almost never complete) and near-wins: a winning hand with one
    tile moved."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        if i % 2:
            counts = np.bincount(rng.choice(136, 14, replace=False) // 4, minlength=34).tolist()
        else:
            counts = standard_counts(rng)
            held = [k for k in range(34) if counts[k]]
            counts[int(rng.choice(held))] -= 1
            counts[int(rng.choice([k for k in range(34) if counts[k] < 4]))] += 1
        out.append(situation(rng, counts))
    return out


def scalar(s: Situation, rules: RuleSet) -> tuple[bool, int, int, int, int, tuple[str, ...]]:
    """(is a win, han, fu, yakuman, points, yaku ids) from ``score``, zeros for NotAWinError."""
    red = s.red if any(rules.aka_dora) else (0, 0, 0)
    s = Situation(s.counts, s.win, s.seat, s.round, s.tsumo, s.flags, s.dora, s.ura, red)
    try:
        r = score(
            s.text(),
            s.win_text(),
            tsumo=s.tsumo,
            seat_wind=WIND_LETTERS[s.seat],
            round_wind=WIND_LETTERS[s.round],
            dora_indicators=[KIND_NAMES[k] for k in s.dora],
            ura_indicators=[KIND_NAMES[k] for k in s.ura],
            riichi_sticks=int(s.flag["riichi"] or s.flag["double_riichi"]),  # the winner's own
            rules=rules,
            **s.flag,
        )
    except NotAWinError:
        return (False, 0, 0, 0, 0, ())
    return (True, r.han, r.fu, r.yakuman, r.points, tuple(sorted(y.id for y in r.yaku)))


def arrays(sits: list[Situation], rules: RuleSet) -> dict[str, Any]:
    """The batch inputs of ``sits`` (dora han from the indicators, ura for riichi, red fives)."""
    n = len(sits)
    counts = np.array([s.counts for s in sits], dtype=np.uint8)
    flags = {name: np.array([s.flag[name] for s in sits]) for name in FLAGS}
    dora = np.full((n, 5), -1)
    ura = np.full((n, 5), -1)
    for i, s in enumerate(sits):
        dora[i, : len(s.dora)] = s.dora
        ura[i, : len(s.ura)] = s.ura
    red = np.array([sum(s.red) for s in sits]) if any(rules.aka_dora) else 0
    riichi = flags["riichi"] | flags["double_riichi"]
    han = (
        dora_han_batch(counts, dora) + np.where(riichi & rules.ura_dora, dora_han_batch(counts, ura), 0) + red
    )
    return {
        "counts": counts,
        "win_kind": np.array([s.win for s in sits]),
        "tsumo": np.array([s.tsumo for s in sits]),
        "seat_wind": np.array([s.seat - 27 for s in sits]),  # 0..3, East = 0
        "round_wind": np.array([WIND_LETTERS[s.round] for s in sits]),  # letters, as an array
        "dora": han.astype(np.int64),
        "rules": rules,
        **flags,
    }


def batch_rows(r: BatchScore) -> list[tuple[bool, int, int, int, int, tuple[str, ...]]]:
    return [
        (bool(w), int(h), int(f), int(y), int(p), tuple(sorted(r.yaku(i))))
        for i, (w, h, f, y, p) in enumerate(zip(r.is_win, r.han, r.fu, r.yakuman, r.points, strict=True))
    ]


@cache
def tenhou_situations() -> list[Situation]:
    """The 6,000 seeded wins of the sweep, without their scalar scores (which cost ~2 s: the
    fast tests that only need the situations do not pay for them)."""
    return winning_situations(2024, 6000)


@cache
def tenhou_case() -> tuple[list[Situation], list[tuple[bool, int, int, int, int, tuple[str, ...]]]]:
    sits = tenhou_situations()
    return sits, [scalar(s, TENHOU) for s in sits]


def assert_agree(sits: list[Situation], expected: list[Any], got: list[Any]) -> None:
    differ = [i for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g]
    detail = [
        f"{sits[i].text()} win {sits[i].win_text()} seat {WIND_LETTERS[sits[i].seat]} round "
        f"{WIND_LETTERS[sits[i].round]} tsumo={sits[i].tsumo} {[k for k, v in sits[i].flags if v]}: "
        f"scalar {expected[i]}, batch {got[i]}"
        for i in differ[:5]
    ]
    assert not differ, f"{len(differ)} of {len(sits)} differ:\n" + "\n".join(detail)


# --------------------------------------------------------------------------- agreement


@pytest.mark.slow
def test_batch_equals_scalar_on_random_wins() -> None:
    sits, expected = tenhou_case()
    r = score_batch(**arrays(sits, TENHOU))
    assert_agree(sits, expected, batch_rows(r))
    # the sample covers what it claims to: every shape and most yaku
    yaku = [set(e[5]) for e in expected if e[0]]
    seen = set().union(*yaku)
    for must in (
        "pinfu", "tanyao", "iipeikou", "ryanpeikou", "chiitoitsu", "kokushi", "kokushi_13", "honitsu",
        "chinitsu", "toitoi", "sanankou", "suuankou", "suuankou_tanki", "chuuren", "junsei_chuuren",
        "tsuuiisou", "chinroutou", "ryuuiisou", "daisangen", "shousangen", "yakuhai_seat", "yakuhai_round",
        "chanta", "junchan", "honroutou", "ittsu", "sanshoku_doujun", "riichi", "double_riichi", "ippatsu",
        "menzen_tsumo", "haitei", "houtei", "chankan", "tenhou", "chiihou",
    ):  # fmt: skip
        assert must in seen, must
    assert sum(e[0] for e in expected) > 5000
    assert any(not e[0] for e in expected)  # complete hands without a yaku are in there too


@pytest.mark.parametrize("rules", [MAHJONG_SOUL, M_LEAGUE, WRC, EMA], ids=lambda r: r.name)
def test_batch_equals_scalar_under_presets(rules: RuleSet) -> None:
    sits = winning_situations(7, 900)
    expected = [scalar(s, rules) for s in sits]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, rules))))


@pytest.mark.parametrize(
    "changes",
    [
        {"kiriage": True, "kazoe_yakuman": False},
        {"double_wind_pair_fu": 2, "ippatsu": False, "renhou": "baiman"},
        {"multiple_yakuman": False, "double_yakuman": frozenset({"suuankou_tanki", "kokushi_13"})},
        {"renhou": "yakuman", "ura_dora": False},
    ],
)  # fmt: skip
def test_batch_equals_scalar_under_rule_flags(changes: dict[str, Any]) -> None:
    rules = TENHOU.replace(**changes)
    sits = winning_situations(11, 500)
    expected = [scalar(s, rules) for s in sits]
    assert_agree(sits, expected, batch_rows(score_batch(**arrays(sits, rules))))


def test_non_wins_agree_with_not_a_win() -> None:
    sits = other_situations(5, 1500)
    expected = [scalar(s, TENHOU) for s in sits]
    r = score_batch(**arrays(sits, TENHOU))
    assert_agree(sits, expected, batch_rows(r))
    assert sum(not e[0] for e in expected) > 1400
    for name in ("han", "fu", "yakuman", "points", "yaku_mask"):
        assert not getattr(r, name)[~r.is_win].any(), name


def test_has_yaku_is_is_win() -> None:
    sits = tenhou_situations() + other_situations(6, 500)
    inputs = arrays(sits, TENHOU)
    expected = score_batch(**inputs).is_win
    del inputs["dora"]
    np.testing.assert_array_equal(has_yaku_batch(**inputs), expected)
    np.testing.assert_array_equal(has_yaku_batch(**inputs, threads=1), expected)


def test_threads_do_not_change_results() -> None:
    sits = tenhou_situations() + other_situations(8, 500)
    inputs = arrays(sits, TENHOU)
    reps = -(-3 * CHUNK_ROWS_THREADED // len(sits))  # several chunks
    tiled: dict[str, Any] = {
        k: np.tile(v, (reps, 1) if k == "counts" else reps) if isinstance(v, np.ndarray) else v
        for k, v in inputs.items()
    }
    results = [score_batch(**tiled, threads=t) for t in (1, 2, None)]
    for name in ("is_win", "han", "fu", "yakuman", "points", "yaku_mask"):
        for other in results[1:]:
            np.testing.assert_array_equal(getattr(results[0], name), getattr(other, name), err_msg=name)


# --------------------------------------------------------------------------- golden cases


def one(hand: str, win: str, **kw: Any) -> tuple[bool, int, int, int, int, tuple[str, ...]]:
    counts = np.array([parse_hand(hand).concealed], dtype=np.uint8)
    kind = KIND_NAMES.index(win.replace("0", "5"))
    kw.setdefault("seat_wind", "S")
    kw.setdefault("round_wind", "E")
    return batch_rows(score_batch(counts, [kind], **kw))[0]


@pytest.mark.parametrize(
    ("hand", "win", "kw", "expected"),
    [
        # pinfu tsumo is 20 fu; pinfu ron 30
        ("234m567p22s345678s", "3s", {"tsumo": True},
         (True, 3, 20, 0, 2700, ("menzen_tsumo", "pinfu", "tanyao"))),
        ("234m567p22s345678s", "3s", {"tsumo": False, "riichi": True, "dora": 1},
         (True, 4, 30, 0, 7700, ("pinfu", "riichi", "tanyao"))),
        # kiriage: 4 han 30 fu is mangan
        ("234m567p22s345678s", "3s", {"tsumo": False, "riichi": True, "dora": 1, "rules": M_LEAGUE},
         (True, 4, 30, 0, 8000, ("pinfu", "riichi", "tanyao"))),
        # pinfu needs a valueless pair: a seat-wind pair single wait is no pinfu
        ("234m567p345678s22z", "2z", {"tsumo": False, "riichi": True}, (True, 1, 40, 0, 1300, ("riichi",))),
        # a triplet completed by ron is open: no sanankou, and 2 fu not 4 (then 40 fu)
        ("222m444p666s88s345m", "6s", {"tsumo": False, "riichi": True},
         (True, 2, 40, 0, 2600, ("riichi", "tanyao"))),
        ("222m444p666s88s345m", "6s", {"tsumo": True},
         (True, 4, 40, 0, 8000, ("menzen_tsumo", "sanankou", "tanyao"))),
        # suuankou tanki: double only where the rules say so
        ("111m333p555s777s99m", "9m", {"tsumo": False}, (True, 0, 60, 1, 32000, ("suuankou_tanki",))),
        ("111m333p555s777s99m", "9m", {"tsumo": False, "rules": MAHJONG_SOUL},
         (True, 0, 60, 2, 64000, ("suuankou_tanki",))),
        # kokushi 13-sided wait, dealer
        ("19m19p19s12345677z", "7z", {"tsumo": True, "seat_wind": "E", "rules": MAHJONG_SOUL},
         (True, 0, 20, 2, 96000, ("kokushi_13",))),
        # chiitoitsu 25 fu, seed 000's table: 2 han ron 1600, dealer 2400
        ("1133m5577p99s1166z", "6z", {"tsumo": False}, (True, 2, 25, 0, 1600, ("chiitoitsu",))),
        ("1133m5577p99s1166z", "6z", {"tsumo": False, "seat_wind": "E"},
         (True, 2, 25, 0, 2400, ("chiitoitsu",))),
        # dora alone are no yaku
        ("123m456p789s11z234s", "1m", {"tsumo": False, "dora": 3}, (False, 0, 0, 0, 0, ())),
        # four pairs and two melds: every block complete, yet no hand
        ("11123m11456p11s11z", "1m", {"tsumo": True}, (False, 0, 0, 0, 0, ())),
        # ryanpeikou beats chiitoitsu
        ("22334455667788p", "8p", {"tsumo": False},
         (True, 11, 30, 0, 24000, ("chinitsu", "pinfu", "ryanpeikou", "tanyao"))),
    ],
)  # fmt: skip
def test_golden(hand: str, win: str, kw: dict[str, Any], expected: tuple[Any, ...]) -> None:
    """Classic cases, values as ``score`` gives them (``dora=k``: k dora han from indicators)."""
    assert one(hand, win, **kw) == expected


def test_yaku_bits_are_the_rows_bits() -> None:
    assert sorted((row.bit, row.id) for row, _ in ROWS) == list(enumerate(YAKU_BITS))  # not row order
    r = score_batch(np.array([parse_hand("22334455667788p").concealed], dtype=np.uint8), [16], tsumo=False,
                    seat_wind="S", round_wind="E")  # fmt: skip
    mask = int(r.yaku_mask[0])
    assert mask == sum(1 << YAKU_BITS.index(y) for y in ("pinfu", "tanyao", "ryanpeikou", "chinitsu"))


def test_result_is_read_only_and_serialisable() -> None:
    r = score_batch(np.array([parse_hand("22334455667788p").concealed], dtype=np.uint8), [16], tsumo=False,
                    seat_wind="S", round_wind="E")  # fmt: skip
    assert len(r) == 1
    with pytest.raises(ValueError):
        r.han[0] = 1
    d = r.to_dict()
    assert d["han"] == [11] and d["points"] == [24000] and d["yaku_bits"] == list(YAKU_BITS)


def test_empty_batch_and_scalar_inputs() -> None:
    r = score_batch(np.zeros((0, 34), dtype=np.uint8), np.zeros(0, dtype=np.int64), tsumo=True, seat_wind=0,
                    round_wind=0)  # fmt: skip
    assert len(r) == 0 and r.points.dtype == np.int32
    counts = np.array([parse_hand("123m456p789s11z234s").concealed] * 2, dtype=np.int64)  # any int dtype
    r = score_batch(counts, [0, 0], tsumo=True, seat_wind=np.array(["S", "e"]), round_wind=0)
    assert r.is_win.tolist() == [True, True] and r.points.tolist() == [1100, 1500]  # 300/500; dealer 500 all


def test_dora_han_batch() -> None:
    counts = np.zeros((2, 34), dtype=np.uint8)
    counts[:, [0, 1, 2, 27, 33]] = 2
    counts[:, 8] = 4
    ind = np.array([[7, 0, -1], [30, 32, 33]])  # 8m->9m, 1m->2m; N->E, 6z->7z, 7z->5z
    assert dora_han_batch(counts, ind).tolist() == [6, 4]
    assert dora_han_batch(counts, np.zeros((2, 0), dtype=np.int64)).tolist() == [0, 0]


# --------------------------------------------------------------------------- bad inputs


def good_inputs() -> dict[str, Any]:
    counts = np.array([parse_hand("123m456p789s11z234s").concealed] * 4, dtype=np.uint8)
    return {"counts": counts, "win_kind": np.zeros(4, dtype=np.int64), "tsumo": True, "seat_wind": "S",
            "round_wind": "E"}  # fmt: skip


def without_dora(inputs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in inputs.items() if k != "dora"}


def with_row(name: str, row: int, value: Any) -> dict[str, Any]:
    inputs = good_inputs()
    if name == "counts":
        counts = inputs["counts"].astype(np.int64)
        counts[row] = value
        inputs["counts"] = counts
    else:
        default = {"seat_wind": 1, "dora": 0}.get(name)
        array = np.array(inputs[name]) if default is None else np.full(4, default, dtype=np.int64)
        array[row] = value
        inputs[name] = array
    return inputs


BAD_ROWS = [
    ("counts", 2, [5] + [1] * 9 + [0] * 24, InvalidHandError),  # 5 copies
    ("counts", 1, [-1] + [1] * 15 + [0] * 18, InvalidHandError),
    ("counts", 3, [1] * 13 + [0] * 21, InvalidHandError),  # 13 tiles
    ("win_kind", 2, 34, InvalidHandError),
    ("win_kind", 1, 33, InvalidHandError),  # 7z not held
    ("seat_wind", 3, 31, InvalidSituationError),
    ("dora", 2, -1, InvalidSituationError),
    ("dora", 1, 256, InvalidSituationError),
]


@pytest.mark.parametrize(("name", "row", "value", "error"), BAD_ROWS)
def test_bad_rows_are_named(name: str, row: int, value: Any, error: type[Exception]) -> None:
    inputs = with_row(name, row, value)
    with pytest.raises(error, match=f"row {row}") as info:
        score_batch(**inputs)
    assert getattr(info.value, "row", None) == row
    if name != "dora":
        with pytest.raises(error, match=f"row {row}"):
            has_yaku_batch(**without_dora(inputs))


@pytest.mark.parametrize("threads", [1, 2])
def test_first_bad_row_across_chunks(threads: int) -> None:
    n = 2 * CHUNK_ROWS_THREADED + 10
    counts = np.tile(good_inputs()["counts"][:1], (n, 1))
    first, later = CHUNK_ROWS_THREADED + 5, 2 * CHUNK_ROWS_THREADED + 1
    counts[[first, later], 33] = 1  # 15 tiles
    with pytest.raises(InvalidHandError, match=f"row {first}: 15 tiles") as info:
        score_batch(
            counts, np.zeros(n, dtype=np.int64), tsumo=True, seat_wind="S", round_wind="E", threads=threads
        )
    assert info.value.row == first


def test_string_wind_array_names_the_row() -> None:
    with pytest.raises(InvalidSituationError, match="row 2"):
        score_batch(**{**good_inputs(), "round_wind": np.array(["E", "E", "X", "E"])})


@pytest.mark.parametrize(
    ("flags", "row", "match"),
    [
        ({"tsumo": np.array([True, True, False, True]), "haitei": True}, 2, "haitei"),
        ({"tsumo": False, "ippatsu": np.array([False, True, True, False])}, 1, "ippatsu needs riichi"),
        (
            {
                "tsumo": True,
                "chiihou": np.array([False, False, False, True]),
                "seat_wind": np.array([1, 1, 1, 0]),
            },
            3,
            "chiihou",
        ),
        ({"tsumo": False, "chankan": np.array([False, True, False, False])}, 1, "chankan"),  # two 1z held
    ],
)
def test_contradictory_flags_name_the_first_bad_row(flags: dict[str, Any], row: int, match: str) -> None:
    inputs = {**good_inputs(), **flags}
    if "chankan" in flags:  # the robbed tile: the winner may not hold another copy
        inputs["win_kind"] = np.full(4, 27)
    with pytest.raises(InvalidSituationError, match=f"row {row}: .*{match}") as info:
        score_batch(**inputs)
    assert getattr(info.value, "row", None) == row


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"counts": np.zeros((4, 33), dtype=np.uint8)}, InvalidHandError),
        ({"counts": np.zeros((4, 34), dtype=np.float64)}, InvalidHandError),
        ({"win_kind": np.zeros(3, dtype=np.int64)}, InvalidHandError),
        ({"win_kind": np.zeros(4)}, InvalidHandError),  # floats
        ({"seat_wind": "X"}, InvalidSituationError),
        ({"round_wind": None}, InvalidSituationError),
        ({"tsumo": 1}, InvalidSituationError),
        ({"riichi": np.zeros(4, dtype=np.int64)}, InvalidSituationError),
        ({"riichi": np.zeros(3, dtype=bool)}, InvalidSituationError),
        ({"rules": "tenhou"}, InvalidSituationError),
        ({"threads": 0}, InvalidArgumentError),
        ({"tsumo": False, "ippatsu": True}, InvalidSituationError),
    ],
)
def test_bad_arguments(changes: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        score_batch(**{**good_inputs(), **changes})


def test_bad_dora_indicators() -> None:
    counts = good_inputs()["counts"]
    with pytest.raises(InvalidHandError, match="row 1"):
        dora_han_batch(counts, np.array([[0], [34], [0], [0]]))
    four = np.array([parse_hand("1111m456p789s11z23s").concealed] * 4, dtype=np.uint8)
    with pytest.raises(InvalidHandError, match="row 0: 1m has 5 copies"):  # an indicator is a tile too
        dora_han_batch(four, np.array([[0]] * 4))
    with pytest.raises(InvalidHandError):
        dora_han_batch(counts, np.array([0, 0, 0, 0]))


# --------------------------------------------------------------------------- optional rules (issue 14)


@pytest.mark.parametrize(
    ("changes", "hand", "win", "points", "yaku"),
    [
        ({"pinfu_tsumo_fu": True}, "234m567p22s345678s", 20, 3000, ("menzen_tsumo", "tanyao")),
        ({"daisharin": "pin"}, "22334455667788p", 16, 48000, ("daisharin",)),
        ({"daisharin": "all_suits"}, "22334455667788s", 25, 48000, ("daichikurin",)),
        ({"daichisei": True}, "11223344556677z", 33, 96000, ("tsuuiisou", "daichisei")),
        ({"kazoe_limit": "none"}, "22334455667788p", 16, 96000,
         ("menzen_tsumo", "pinfu", "tanyao", "ryanpeikou", "chinitsu")),
    ],
)  # fmt: skip
def test_an_optional_rule_is_played_by_the_batch_scorer(changes, hand, win, points, yaku):
    """Issue 14: the batch scorer plays the four optional rules it used to refuse (the
    dealer's tsumo; 15 dora make the chinitsu hand 27 han, two counted yakuman)."""
    counts = np.array([parse_hand(hand).concealed], dtype=np.uint8)
    rules = TENHOU.replace(**changes)
    dora = 15 if "kazoe_limit" in changes else 0
    r = score_batch(counts, [win], tsumo=True, seat_wind="E", round_wind="E", rules=rules, dora=dora)
    s = score(hand, KIND_NAMES[win], tsumo=True, seat_wind="E", round_wind="E", rules=rules)
    assert (r.points.tolist(), set(r.yaku(0))) == ([points], set(yaku))
    if not dora:
        assert (r.points[0], r.han[0], r.fu[0], r.yakuman[0]) == (s.points, s.han, s.fu, s.yakuman)
    assert has_yaku_batch(counts, [win], tsumo=True, seat_wind="E", round_wind="E", rules=rules).tolist() == [
        True
    ]


@pytest.mark.parametrize("cap", [0, 1, 2])
def test_the_yakuman_cap_and_the_fact_free_optional_rules_agree_with_score(cap):
    """yakuman_cap is played; paarenchan and open_riichi have no batch fact, so they change
    nothing (the scalar score with no count and no open riichi)."""
    rules = TENHOU.replace(yakuman_cap=cap, paarenchan=True, open_riichi=True, kazoe_limit="sanbaiman")
    hands = ["11122233344455z", "11223344556677z", "22334455667788p", "19m19p19s12345677z"]
    counts = np.array([parse_hand(h).concealed for h in hands], dtype=np.uint8)
    wins = [31, 33, 16, 33]
    r = score_batch(counts, wins, tsumo=True, seat_wind="E", round_wind="E", rules=rules)
    for i, hand in enumerate(hands):
        s = score(hand, KIND_NAMES[wins[i]], tsumo=True, seat_wind="E", round_wind="E", rules=rules)
        assert (r.yakuman[i], r.han[i], r.points[i]) == (s.yakuman, s.han, s.points), hand
    assert r.yakuman[0] == (cap or 3)  # daisuushii + tsuuiisou + suuankou, capped
