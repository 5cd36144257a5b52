"""Look-up arrays of batch scoring whose values depend on the rule set (and on whether the
hand is open): the yaku tables, fu rounding and payments, built once per ``RuleSet``."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from ...lut import loader
from ..points import base_points, payments
from ..rules import RuleSet
from ..yaku import YAKU
from .luts import (
    AUX_FOUR_RUNS,
    AUX_PAIR_FU,
    AUX_VALUE_PAIR,
    BIT,
    F_CHUUREN,
    F_HONOR,
    F_SIMPLE,
    F_SUITS,
    FLAG,
    FLAG_NAMES,
    RAW_FU,
    V_SHIFT,
    W_HONOR_PRESENT,
    W_ITTSU,
    W_NONYAO,
    W_PEIKOU,
    W_SETS,
    Lut,
    build_lut,
)
from .optional import Pattern, patterns


def counts_open(yaku_id: str, rules: RuleSet) -> bool:
    """The yaku counts in an open hand (its ``han_open`` is not 0; tanyao by ``kuitan``)."""
    return YAKU[yaku_id].han_open > 0 and (yaku_id != "tanyao" or rules.kuitan)


def _value(ids: list[str] | tuple[str, ...], rules: RuleSet, opened: bool = False) -> int:
    """Table entry for a set of yaku (already without superseded ones): bits | value, with
    the open hand's han when ``opened`` (the caller leaves out yaku an open hand lacks)."""
    bits = han = single = double = 0
    for yaku_id in ids:
        row = YAKU[yaku_id]
        bits |= 1 << BIT[yaku_id]
        if row.yakuman:
            if yaku_id in rules.double_yakuman:
                double += 1
            else:
                single += 1
        else:
            han += row.han_open if opened else row.han_closed
    return bits | (han | single << 6 | double << 9) << V_SHIFT


@dataclass(frozen=True)
class RuleLut:
    """Look-up arrays whose values depend on the rule set (cached per ``RuleSet``)."""

    counts: np.ndarray  # uint64 by summed block statistics
    flags: np.ndarray  # uint64 by flag code
    structure: np.ndarray  # uint64 by the low 13 bits of a reading word
    honors: np.ndarray  # uint64 by honor sets/pair << 4 | seat << 2 | round
    sanshoku: np.ndarray  # uint64 by doujun | doukou << 1
    choice: np.ndarray  # uint64 by pinfu | concealed sets << 1 | tanki << 4
    junsei: int  # entry change from chuuren to junsei chuuren
    ryuuiisou: int
    chiitoitsu: int
    kokushi: int
    kokushi_13: int
    points: np.ndarray  # int32 by (min(han, 13) * RAW_FU + raw fu) * 4 + dealer * 2 + tsumo
    fu: np.ndarray  # int16 rounded fu by raw fu
    limit_multiplier: np.ndarray  # int64 payment total / base by dealer * 2 + tsumo
    multiple_yakuman: bool
    yakuman_cap: int  # the largest yakuman multiple paid, 0 for none
    kans: np.ndarray  # uint64 by number of kans: sankantsu, suukantsu
    open_pinfu_fu: int  # fu of an open all-run hand won by ron (RuleSet.open_pinfu_fu)
    pinfu_tsumo_fu: bool  # a pinfu-shaped tsumo keeps its 2 fu and is not pinfu
    kazoe_none: bool  # kazoe_limit="none": one counted yakuman per 13 han
    patterns: tuple[Pattern, ...]  # the concealed pattern yakuman played (optional.patterns)


Conditions = list[tuple[str, np.ndarray]]  # (yaku id, where it applies: a bool array)


def _yaku_table(size: int, rules: RuleSet, opened: bool, conditions: Conditions) -> np.ndarray:
    """A table of ``size`` entries: the values of the yaku whose condition holds, summed
    (for an open hand, ``opened``: open han, and only the yaku an open hand can have).
    The sum is ``_value`` of the set: each yaku has its own bit, and even all of them at
    once stay below 64 han and 8 yakuman (checked), so no field overflows into the next."""
    if opened:
        conditions = [(yaku_id, where) for yaku_id, where in conditions if counts_open(yaku_id, rules)]
    rows = [YAKU[yaku_id] for yaku_id, _ in conditions]
    if sum(row.han_closed for row in rows if not row.yakuman) > 63 or sum(bool(r.yakuman) for r in rows) > 7:
        raise AssertionError(f"the yaku {[row.id for row in rows]} overflow a table entry's value")
    table = np.zeros(size, dtype=np.uint64)
    for yaku_id, where in conditions:
        table[where] += np.uint64(_value((yaku_id,), rules, opened))
    return table


def _counts_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By the summed block statistics: the yaku of the tiles alone."""
    f = np.arange(1 << 16)
    yao, suits = f & 15, (f >> F_SUITS) & 3
    honor, simple = (f >> F_HONOR) & 1, (f >> F_SIMPLE) & 3
    return _yaku_table(len(f), rules, opened, [
        ("tanyao", yao == 0),
        ("honroutou", (simple == 0) & (honor == 1) & (suits >= 1)),
        ("honitsu", (suits == 1) & (honor == 1)),
        ("chinitsu", (suits == 1) & (honor == 0)),
        ("tsuuiisou", suits == 0),
        ("chinroutou", (simple == 0) & (honor == 0)),
        ("chuuren", ((f >> F_CHUUREN) & 1) == 1),
    ])  # fmt: skip


_RENHOU = {"yakuman": "renhou", "mangan": "renhou_mangan", "baiman": "renhou_baiman"}


def _flags_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By flag code: the yaku of the situation (double riichi supersedes riichi; ippatsu
    and renhou as the rules play them)."""
    code = np.arange(1 << len(FLAG_NAMES))
    on = {name: (code & FLAG[name]) != 0 for name in FLAG_NAMES}
    conditions: Conditions = [
        (name, on[name])
        for name in ("double_riichi", "haitei", "houtei", "chankan", "rinshan", "tenhou", "chiihou")
    ]
    conditions += [
        ("riichi", on["riichi"] & ~on["double_riichi"]),
        ("ippatsu", on["ippatsu"] & rules.ippatsu),
        ("menzen_tsumo", on["tsumo"]),
    ]
    if rules.renhou in _RENHOU:
        conditions.append((_RENHOU[rules.renhou], on["renhou"]))
    return _yaku_table(len(code), rules, opened, conditions)


def _structure_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By the low 13 bits of a reading word: the yaku of the melds (and four runs)."""
    s = np.arange(1 << 13)
    runs, sets, peikou = s & 7, (s >> W_SETS) & 7, (s >> W_PEIKOU) & 3
    nonyao, ittsu, honor_present = (s >> W_NONYAO) & 7, (s >> W_ITTSU) & 1, (s >> W_HONOR_PRESENT) & 1
    outside = (runs >= 1) & (nonyao == 0)
    structure = _yaku_table(len(s), rules, opened, [
        ("iipeikou", peikou == 1),
        ("ryanpeikou", peikou == 2),
        ("toitoi", sets == 4),
        ("ittsu", ittsu == 1),
        ("chanta", outside & (honor_present == 1)),
        ("junchan", outside & (honor_present == 0)),
    ])  # fmt: skip
    structure[runs == 4] += np.uint64(1 << AUX_FOUR_RUNS)
    return structure


def _honors_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By honor triplets (7 bits) and pair (3 bits: kind + 1) << 4 | seat << 2 | round:
    the honor yaku, whether the pair has value, and its fu / 2."""
    index = np.arange(1 << 14)
    seat, round_ = (index >> 2) & 3, index & 3
    triplets, pair = (index >> 4) & 127, (index >> 11) - 1  # pair: honor index 0..6, or -1
    dragons = ((triplets >> 4) & 1) + ((triplets >> 5) & 1) + (triplets >> 6)
    winds = (triplets & 1) + ((triplets >> 1) & 1) + ((triplets >> 2) & 1) + ((triplets >> 3) & 1)
    honors = _yaku_table(len(index), rules, opened, [
        ("yakuhai_haku", (triplets >> 4) & 1 == 1),
        ("yakuhai_hatsu", (triplets >> 5) & 1 == 1),
        ("yakuhai_chun", (triplets >> 6) & 1 == 1),
        ("yakuhai_seat", (triplets >> seat) & 1 == 1),
        ("yakuhai_round", (triplets >> round_) & 1 == 1),
        ("shousangen", (dragons == 2) & (pair >= 4)),
        ("daisangen", dragons == 3),
        ("shousuushii", (winds == 3) & (pair >= 0) & (pair < 4)),
        ("daisuushii", winds == 4),
    ])  # fmt: skip
    pair_fu = np.select(
        [pair >= 4, (pair == seat) & (pair == round_), (pair == seat) | (pair == round_)],
        [2, rules.double_wind_pair_fu, 2],
        0,
    ).astype(np.uint64)
    honors |= (pair_fu > 0).astype(np.uint64) << np.uint64(AUX_VALUE_PAIR)
    honors |= (pair_fu // np.uint64(2)) << np.uint64(AUX_PAIR_FU)
    return honors


def _choice_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By pinfu | concealed sets << 1 | tanki << 4: the yaku of the winning group."""
    index = np.arange(32)
    pinfu, concealed, tanki = index & 1, (index >> 1) & 7, index >> 4
    return _yaku_table(len(index), rules, opened, [
        ("pinfu", pinfu == 1),
        ("sanankou", concealed >= 3),
        ("suuankou", (concealed == 4) & (tanki == 0)),
        ("suuankou_tanki", (concealed == 4) & (tanki == 1)),
    ])  # fmt: skip


def _sanshoku_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By doujun | doukou << 1."""
    index = np.arange(4)
    return _yaku_table(
        4, rules, opened, [("sanshoku_doujun", index & 1 == 1), ("sanshoku_doukou", index >> 1 == 1)]
    )


def _points_tables(rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(payment total by (min(han, 13) * RAW_FU + raw fu) * 4 + dealer * 2 + tsumo, rounded
    fu by raw fu); base points as the scalar scorer's (``points.base_points``)."""
    fu_raw = np.arange(RAW_FU)
    fu = (-(-fu_raw // 10) * 10).astype(np.int16)
    fu[25] = 25  # chiitoitsu: not rounded
    points = np.zeros((14, RAW_FU, 4), dtype=np.int32)
    for han in range(14):
        for raw in range(RAW_FU):
            base, _ = base_points(han, int(fu[raw]), 0, rules)
            for mode in range(4):
                points[han, raw, mode] = _payment_total(
                    base, dealer=mode >> 1 == 1, tsumo=mode & 1 == 1, rules=rules
                )
    return points.reshape(-1), fu


def _kans_table(rules: RuleSet, opened: bool) -> np.ndarray:
    """By the number of kans (0..4)."""
    index = np.arange(5)
    return _yaku_table(5, rules, opened, [("sankantsu", index == 3), ("suukantsu", index == 4)])


def _build_rule_lut(rules: RuleSet, opened: bool) -> RuleLut:
    """The tables whose entries depend on ``rules``, one function each; for open hands
    (a chi, pon or open kan) with ``opened``."""

    def value(*ids: str) -> int:
        return _value(ids, rules, opened)

    points, fu = _points_tables(rules)
    return RuleLut(
        counts=_counts_table(rules, opened),
        flags=_flags_table(rules, opened),
        structure=_structure_table(rules, opened),
        honors=_honors_table(rules, opened),
        sanshoku=_sanshoku_table(rules, opened),
        choice=_choice_table(rules, opened),
        junsei=value("junsei_chuuren") - value("chuuren"),
        ryuuiisou=value("ryuuiisou"),
        chiitoitsu=value("chiitoitsu"),
        kokushi=value("kokushi"),
        kokushi_13=value("kokushi_13"),
        points=points,
        fu=fu,
        limit_multiplier=np.array(
            [
                _payment_total(8000, dealer=m >> 1 == 1, tsumo=m & 1 == 1, rules=rules) // 8000
                for m in range(4)
            ],
            dtype=np.int64,
        ),
        multiple_yakuman=rules.multiple_yakuman,
        yakuman_cap=rules.yakuman_cap,
        kans=_kans_table(rules, opened),
        open_pinfu_fu=rules.open_pinfu_fu,
        pinfu_tsumo_fu=rules.pinfu_tsumo_fu,
        kazoe_none=rules.kazoe_limit == "none",
        patterns=patterns(rules),
    )


def _payment_total(base: int, *, dealer: bool, tsumo: bool, rules: RuleSet) -> int:
    """What the winner receives before honba and sticks: ``points.payments`` summed (three
    players: tsumo loss or the split of North's share, ``RuleSet.sanma_tsumo``)."""
    return sum(p.points for p in payments(base, 27 if dealer else 28, tsumo, 0, rules))


_rule_lock = threading.Lock()


def batch_luts(rules: RuleSet, opened: bool = False) -> tuple[Lut, RuleLut]:
    """The rule-independent arrays and those of ``rules`` (for open hands with ``opened``),
    each built once and cached."""
    t = loader.tables()
    lut = t.derived("riichi.batch", build_lut)
    cache: dict[tuple[RuleSet, bool], RuleLut] = t.derived("riichi.batch.rules", lambda t: {})
    rule_lut = cache.get((rules, opened))
    if rule_lut is None:
        with _rule_lock:
            rule_lut = cache.get((rules, opened))
            if rule_lut is None:
                rule_lut = cache[rules, opened] = _build_rule_lut(rules, opened)
    return lut, rule_lut
