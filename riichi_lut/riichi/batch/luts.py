"""Look-up structures of batch scoring: yaku bits, per-block grids, split words, rule tables."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...lut import loader
from ..context import Predicate
from ..points import base_points, round_up_100
from ..rules import RuleSet
from ..yaku import BIT_WIDTH, ROWS, YAKU, YakuRow

# --------------------------------------------------------------------------- yaku bits


def yaku_bits(rows: tuple[tuple[YakuRow, Predicate], ...]) -> tuple[str, ...]:
    """Yaku ids by bit: entry ``i`` is the id of the row with ``bit=i`` (whatever the order
    of ``rows``). The bits must be ``0 .. len(rows) - 1`` without a gap."""
    by_bit = {row.bit: row.id for row, _ in rows}
    missing = sorted(set(range(len(by_bit))) - set(by_bit))
    if missing:
        raise AssertionError(f"yaku bits {missing} have no row: the bits must have no gap")
    return tuple(by_bit[i] for i in range(len(by_bit)))


#: Yaku ids by bit of ``BatchScore.yaku_mask``: bit ``i`` is ``YAKU_BITS[i]``, the row of
#: ``riichi_lut.riichi.yaku.ROWS`` with ``bit=i`` (explicit and stable, not the row order).
#: ``rinshan``, ``sankantsu`` and ``suukantsu`` need a kan and are never set for the closed
#: hands scored here.
YAKU_BITS: tuple[str, ...] = yaku_bits(ROWS)
BIT = {row.id: row.bit for row, _ in ROWS}

#: The supersedes relation the kernel implements (checked against ``yaku.ROWS``).
_SUPERSEDES = {
    "double_riichi": {"riichi"},
    "junchan": {"chanta"},
    "honroutou": {"chanta"},
    "ryanpeikou": {"iipeikou"},
    "chinitsu": {"honitsu"},
    "kokushi_13": {"kokushi"},
    "suuankou_tanki": {"suuankou"},
    "daisuushii": {"shousuushii"},
    "junsei_chuuren": {"chuuren"},
}

# A table entry: yaku bits 0..47, then the value from bit 48: han (6 bits), single yakuman
# (3 bits), double yakuman (3 bits). Bits 60..63 carry reading facts that are not yaku.
_MASK_BITS = 48
V_SHIFT = 48
if BIT_WIDTH < _MASK_BITS:
    raise AssertionError(f"yaku.BIT_WIDTH is {BIT_WIDTH}, the batch tables hold {_MASK_BITS} yaku bits")
#: The optional yaku of bits 48 on, which the batch tables do not hold: their facts (open
#: riichi, a paarenchan count) are not batch inputs, and the rules that play the others are
#: refused (:func:`check_supported`).
SCALAR_ONLY = frozenset(
    {"open_riichi", "double_open_riichi", "daisharin", "daisuurin", "daichikurin", "daichisei", "paarenchan"}
)
LOW48 = np.uint64((1 << _MASK_BITS) - 1)
AUX_VALUE_PAIR = 60  # the pair is a dragon, the seat or the round wind
AUX_PAIR_FU = 61  # two bits: pair fu / 2 (0, 1 or 2)
_AUX_FOUR_RUNS = 63

# Per-block statistics (a 16-bit field of the grid entries; the four blocks' add up).
_F_YAO, _F_SUITS, _F_HONOR, F_SIMPLE, F_NONGREEN, F_CHUUREN, F_BAD_PAIRS = 0, 4, 6, 7, 9, 12, 13
CID_BITS = 15
CID_MASK = np.uint32((1 << CID_BITS) - 1)

# Word of one split (additive over the four blocks).
_W_RUNS, W_SETS, _W_PEIKOU, _W_NONYAO, _W_ITTSU, _W_HONOR = 0, 3, 6, 8, 11, 12
W_SETFU = 13  # 6 bits: fu of the closed sets (4 simple, 8 terminal/honor)
W_SAN = 19  # 7 run-start counts then 9 triplet counts, 2 bits each (per suit 0/1)
W_HONORS = 51  # 7 bits: honor triplets, then 3 bits: honor pair kind + 1

# Win-group choices (bit order = the scalar's group order: triplet, runs by start, pair).
_TRIPLET, _RUN_LOW, _RUN_MID, _RUN_HIGH, _PAIR = range(5)

# Rows per chunk, measured (bench/bench_scoring.py, 2 cores): larger chunks amortise the
# per-call cost of the small arrays (rows with several readings, seven pairs, orphans).
CHUNK_ROWS = 32768
CHUNK_ROWS_THREADED = 65536

FLAG_NAMES = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "tsumo",
    "haitei",
    "houtei",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
)
FLAG = {name: 1 << i for i, name in enumerate(FLAG_NAMES)}


def _check_rows_match() -> None:
    """The kernel implements exactly the yaku rows of ``yaku.ROWS``; fail loudly otherwise."""
    beyond = {row.id for row, _ in ROWS if row.bit >= _MASK_BITS}
    if beyond != SCALAR_ONLY:
        raise AssertionError(
            f"batch scoring holds {_MASK_BITS} yaku bits; the rows beyond are {sorted(beyond)},"
            f" not the scalar-only yaku {sorted(SCALAR_ONLY)}"
        )
    known = {
        "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou",
        "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat", "yakuhai_round", "haitei",
        "houtei", "rinshan", "chankan", "chiitoitsu", "toitoi", "sanankou", "sanshoku_doujun",
        "sanshoku_doukou", "sankantsu", "ittsu", "chanta", "junchan", "honroutou", "shousangen",
        "ryanpeikou", "honitsu", "chinitsu", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki",
        "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou", "chuuren",
        "junsei_chuuren", "suukantsu", "tenhou", "chiihou", "renhou", "renhou_mangan", "renhou_baiman",
    }  # fmt: skip
    if set(YAKU_BITS) - SCALAR_ONLY != known:
        raise AssertionError(f"batch scoring does not implement yaku {sorted(set(YAKU_BITS) - known)}")
    supersedes = {
        row.id: set(row.supersedes) for row, _ in ROWS if row.supersedes and row.id not in SCALAR_ONLY
    }
    if supersedes != _SUPERSEDES:
        raise AssertionError("yaku.ROWS supersedes differ from what batch scoring implements")


def _value(ids: list[str] | tuple[str, ...], rules: RuleSet) -> int:
    """Table entry for a set of yaku (already without superseded ones): bits | value."""
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
            han += row.han_closed
    return bits | (han | single << 6 | double << 9) << V_SHIFT


# --------------------------------------------------------------------------- tables


def _digits(kinds: int) -> list[np.ndarray]:
    """Digit ``i`` (count of block kind ``i``) of every base-5 index, uint8."""
    index = np.arange(5**kinds, dtype=np.int32)
    return [((index // 5**i) % 5).astype(np.uint8) for i in range(kinds)]


def _grid(t: loader.Tables, name: str, kinds: int) -> np.ndarray:
    """Full-grid uint32 per block pattern: complete id + 1 (0: not complete) | statistics."""
    d = _digits(kinds)
    held = [x > 0 for x in d]
    total = np.zeros(5**kinds, dtype=np.int32)
    for x in d:
        total += x
    any_tile = total > 0
    suit = kinds == 9
    yao = [0, 8] if suit else list(range(7))
    green = [1, 2, 3, 5, 7] if suit else [5]
    stats = np.zeros(5**kinds, dtype=np.uint32)
    stats += sum(held[i].astype(np.uint32) for i in yao) << _F_YAO
    if suit:
        stats += any_tile.astype(np.uint32) << _F_SUITS
        stats += np.logical_or.reduce(held[1:8]).astype(np.uint32) << F_SIMPLE
        chuuren = (total == 14) & (d[0] >= 3) & (d[8] >= 3) & np.logical_and.reduce(held[1:8])
        stats += chuuren.astype(np.uint32) << F_CHUUREN
    else:
        stats += any_tile.astype(np.uint32) << _F_HONOR
    nongreen = np.logical_or.reduce([held[i] for i in range(kinds) if i not in green])
    stats += nongreen.astype(np.uint32) << F_NONGREEN
    bad = np.logical_or.reduce([(x != 0) & (x != 2) for x in d])
    stats += bad.astype(np.uint32) << F_BAD_PAIRS
    complete = t[f"{name}_complete"]
    cid = np.zeros(5**kinds, dtype=np.uint32)
    cid[complete] = np.arange(1, len(complete) + 1, dtype=np.uint32)
    return np.asarray(cid | stats << CID_BITS)


def _split_info(t: loader.Tables, name: str, first_id: int) -> np.ndarray:
    """Per complete id + 1: first split id << 4 | number of splits << 1 | has a pair
    (split ids of the honors follow the suit splits: ``first_id``)."""
    offsets = t[f"{name}_split_offsets"].astype(np.int64)
    splits = t[f"{name}_splits"]
    first, count = offsets[:-1], np.diff(offsets)
    pair = ((splits[first] >> 20) & 15) != 15
    info = np.zeros(len(first) + 1, dtype=np.int64)
    info[1:] = (first + first_id) << 4 | count << 1 | pair
    return info


def _split_words(codes: np.ndarray, suit: bool) -> tuple[np.ndarray, np.ndarray]:
    """(additive word of each split, 5-bit win-choice mask per split and position (n, 9))."""
    codes = codes.astype(np.int64)
    melds = [(codes >> (5 * j)) & 31 for j in range(4)]
    pair = (codes >> 20) & 15
    has_pair = pair != 15
    word = np.zeros(len(codes), dtype=np.uint64)
    choices = np.zeros((len(codes), 9), dtype=np.uint8)

    def add(value: Any, shift: int) -> None:
        word[:] += np.asarray(value).astype(np.uint64) << np.uint64(shift)

    def count(conditions: list[np.ndarray]) -> np.ndarray:
        return np.asarray(np.sum(np.stack(conditions), axis=0, dtype=np.int64))

    sets = count([m < 9 for m in melds])
    add(sets, W_SETS)
    for p in range(9 if suit else 7):
        mask = np.zeros(len(codes), dtype=np.uint8)
        for m in melds:
            mask |= ((m == p) << _TRIPLET).astype(np.uint8)
            if suit:
                for start, bit in ((p - 2, _RUN_LOW), (p - 1, _RUN_MID), (p, _RUN_HIGH)):
                    if 0 <= start <= 6:
                        mask |= ((m == 9 + start) << bit).astype(np.uint8)
        mask |= ((pair == p) << _PAIR).astype(np.uint8)
        choices[:, p] = mask
    if suit:
        run_count = [count([m == 9 + s for m in melds]) for s in range(7)]
        trip_count = [count([m == k for m in melds]) for k in range(9)]
        add(count([(m >= 9) & (m != 31) for m in melds]), _W_RUNS)
        add(np.sum(np.stack(run_count) // 2, axis=0), _W_PEIKOU)
        nonyao = count([(m >= 10) & (m <= 14) for m in melds])  # runs 234..678
        nonyao += count([(m >= 1) & (m <= 7) for m in melds])  # triplets 2..8
        nonyao += has_pair & (pair >= 1) & (pair <= 7)
        add(nonyao, _W_NONYAO)
        add((run_count[0] > 0) & (run_count[3] > 0) & (run_count[6] > 0), _W_ITTSU)
        add(4 * count([m < 9 for m in melds]) + 4 * count([(m == 0) | (m == 8) for m in melds]), W_SETFU)
        for s in range(7):
            add(run_count[s] > 0, W_SAN + 2 * s)
        for k in range(9):
            add(trip_count[k] > 0, W_SAN + 14 + 2 * k)
    else:
        add(sets * 8, W_SETFU)
        add((sets > 0) | has_pair, _W_HONOR)
        add(np.sum(np.stack([np.where(m < 7, 1 << np.minimum(m, 6), 0) for m in melds]), axis=0), W_HONORS)
        add(np.where(has_pair, pair + 1, 0), W_HONORS + 7)
    return word, choices


@dataclass(frozen=True)
class Lut:
    """Rule-independent look-up arrays (built once from the decomposition tables)."""

    suit_grid: np.ndarray  # uint32 by base-5 index
    honor_grid: np.ndarray
    suit_info: np.ndarray  # int64 by complete id + 1
    honor_info: np.ndarray
    words: np.ndarray  # uint64 by split id (suit splits, then honor splits)
    choices: np.ndarray  # uint8 by split id * 9 + position in the block
    block_of: np.ndarray  # block (0..3) of each tile kind
    pos_of: np.ndarray  # position of each tile kind in its block
    choice_count: np.ndarray  # popcount of a 5-bit mask
    nth_choice: np.ndarray  # [mask * 5 + j] -> the j-th set bit
    win_info: np.ndarray  # [(choice * 34 + win kind) * 2 + tsumo] -> fu part | flags << 5


def _build_lut(t: loader.Tables) -> Lut:
    _check_rows_match()
    suit_words, suit_choices = _split_words(t["suit_splits"], suit=True)
    honor_words, honor_choices = _split_words(t["honor_splits"], suit=False)
    masks = np.arange(32)
    count = np.array([bin(m).count("1") for m in masks], dtype=np.int64)
    nth = np.zeros(32 * 5, dtype=np.int64)
    for m in masks:
        for j, bit in enumerate(b for b in range(5) if m >> b & 1):
            nth[m * 5 + j] = bit
    win_info = np.zeros(5 * 34 * 2, dtype=np.int64)
    for choice in range(5):
        for kind in range(34):
            number = kind % 9 + 1
            yaochu = kind >= 27 or number in (1, 9)
            ryanmen = (choice == _RUN_HIGH and number != 7) or (choice == _RUN_LOW and number != 3)
            tanki = choice == _PAIR
            wait_fu = 0 if ryanmen or choice == _TRIPLET else 2
            for tsumo in (0, 1):
                ron_triplet = choice == _TRIPLET and not tsumo
                fu = wait_fu + (2 if tsumo else 10) - (ron_triplet * (4 if yaochu else 2))
                flags = ryanmen | ron_triplet << 1 | tanki << 2 | tsumo << 3
                win_info[(choice * 34 + kind) * 2 + tsumo] = fu | flags << 5
    return Lut(
        suit_grid=_grid(t, "suit", 9),
        honor_grid=_grid(t, "honor", 7),
        suit_info=_split_info(t, "suit", 0),
        honor_info=_split_info(t, "honor", len(suit_words)),
        words=np.concatenate([suit_words, honor_words]),
        choices=np.concatenate([suit_choices, honor_choices]).reshape(-1),
        block_of=np.array([min(k // 9, 3) for k in range(34)], dtype=np.intp),
        pos_of=np.array([k - 9 * min(k // 9, 3) for k in range(34)], dtype=np.intp),
        choice_count=count,
        nth_choice=nth,
        win_info=win_info,
    )


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
    points: np.ndarray  # int32 by (min(han, 13) * 128 + raw fu) * 4 + dealer * 2 + tsumo
    fu: np.ndarray  # int16 rounded fu by raw fu
    limit_multiplier: np.ndarray  # int64 payment total / base by dealer * 2 + tsumo
    multiple_yakuman: bool
    yakuman_cap: int  # the largest yakuman multiple paid, 0 for none


Conditions = list[tuple[str, np.ndarray]]  # (yaku id, where it applies: a bool array)


def _yaku_table(size: int, rules: RuleSet, conditions: Conditions) -> np.ndarray:
    """A table of ``size`` entries: the values of the yaku whose condition holds, summed.
    The sum is ``_value`` of the set: each yaku has its own bit, and even all of them at
    once stay below 64 han and 8 yakuman (checked), so no field overflows into the next."""
    rows = [YAKU[yaku_id] for yaku_id, _ in conditions]
    if sum(row.han_closed for row in rows if not row.yakuman) > 63 or sum(bool(r.yakuman) for r in rows) > 7:
        raise AssertionError(f"the yaku {[row.id for row in rows]} overflow a table entry's value")
    table = np.zeros(size, dtype=np.uint64)
    for yaku_id, where in conditions:
        table[where] += np.uint64(_value((yaku_id,), rules))
    return table


def _counts_table(rules: RuleSet) -> np.ndarray:
    """By the summed block statistics: the yaku of the tiles alone."""
    f = np.arange(1 << 16)
    yao, suits = f & 15, (f >> _F_SUITS) & 3
    honor, simple = (f >> _F_HONOR) & 1, (f >> F_SIMPLE) & 3
    return _yaku_table(len(f), rules, [
        ("tanyao", yao == 0),
        ("honroutou", (simple == 0) & (honor == 1) & (suits >= 1)),
        ("honitsu", (suits == 1) & (honor == 1)),
        ("chinitsu", (suits == 1) & (honor == 0)),
        ("tsuuiisou", suits == 0),
        ("chinroutou", (simple == 0) & (honor == 0)),
        ("chuuren", ((f >> F_CHUUREN) & 1) == 1),
    ])  # fmt: skip


_RENHOU = {"yakuman": "renhou", "mangan": "renhou_mangan", "baiman": "renhou_baiman"}


def _flags_table(rules: RuleSet) -> np.ndarray:
    """By flag code: the yaku of the situation (double riichi supersedes riichi; ippatsu
    and renhou as the rules play them)."""
    code = np.arange(1 << len(FLAG_NAMES))
    on = {name: (code & FLAG[name]) != 0 for name in FLAG_NAMES}
    conditions: Conditions = [
        (name, on[name]) for name in ("double_riichi", "haitei", "houtei", "chankan", "tenhou", "chiihou")
    ]
    conditions += [
        ("riichi", on["riichi"] & ~on["double_riichi"]),
        ("ippatsu", on["ippatsu"] & rules.ippatsu),
        ("menzen_tsumo", on["tsumo"]),
    ]
    if rules.renhou in _RENHOU:
        conditions.append((_RENHOU[rules.renhou], on["renhou"]))
    return _yaku_table(len(code), rules, conditions)


def _structure_table(rules: RuleSet) -> np.ndarray:
    """By the low 13 bits of a reading word: the yaku of the melds (and four runs)."""
    s = np.arange(1 << 13)
    runs, sets, peikou = s & 7, (s >> W_SETS) & 7, (s >> _W_PEIKOU) & 3
    nonyao, ittsu, honor_present = (s >> _W_NONYAO) & 7, (s >> _W_ITTSU) & 1, (s >> _W_HONOR) & 1
    outside = (runs >= 1) & (nonyao == 0)
    structure = _yaku_table(len(s), rules, [
        ("iipeikou", peikou == 1),
        ("ryanpeikou", peikou == 2),
        ("toitoi", sets == 4),
        ("ittsu", ittsu == 1),
        ("chanta", outside & (honor_present == 1)),
        ("junchan", outside & (honor_present == 0)),
    ])  # fmt: skip
    structure[runs == 4] += np.uint64(1 << _AUX_FOUR_RUNS)
    return structure


def _honors_table(rules: RuleSet) -> np.ndarray:
    """By honor triplets (7 bits) and pair (3 bits: kind + 1) << 4 | seat << 2 | round:
    the honor yaku, whether the pair has value, and its fu / 2."""
    index = np.arange(1 << 14)
    seat, round_ = (index >> 2) & 3, index & 3
    triplets, pair = (index >> 4) & 127, (index >> 11) - 1  # pair: honor index 0..6, or -1
    dragons = ((triplets >> 4) & 1) + ((triplets >> 5) & 1) + (triplets >> 6)
    winds = (triplets & 1) + ((triplets >> 1) & 1) + ((triplets >> 2) & 1) + ((triplets >> 3) & 1)
    honors = _yaku_table(len(index), rules, [
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


def _choice_table(rules: RuleSet) -> np.ndarray:
    """By pinfu | concealed sets << 1 | tanki << 4: the yaku of the winning group."""
    index = np.arange(32)
    pinfu, concealed, tanki = index & 1, (index >> 1) & 7, index >> 4
    return _yaku_table(len(index), rules, [
        ("pinfu", pinfu == 1),
        ("sanankou", concealed >= 3),
        ("suuankou", (concealed == 4) & (tanki == 0)),
        ("suuankou_tanki", (concealed == 4) & (tanki == 1)),
    ])  # fmt: skip


def _sanshoku_table(rules: RuleSet) -> np.ndarray:
    """By doujun | doukou << 1."""
    index = np.arange(4)
    return _yaku_table(4, rules, [("sanshoku_doujun", index & 1 == 1), ("sanshoku_doukou", index >> 1 == 1)])


def _points_tables(rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(payment total by (min(han, 13) * 128 + raw fu) * 4 + dealer * 2 + tsumo, rounded
    fu by raw fu); base points as the scalar scorer's (``points.base_points``)."""
    fu_raw = np.arange(128)
    fu = (-(-fu_raw // 10) * 10).astype(np.int16)
    fu[25] = 25  # chiitoitsu: not rounded
    points = np.zeros((14, 128, 4), dtype=np.int32)
    for han in range(14):
        for raw in range(128):
            base, _ = base_points(han, int(fu[raw]), 0, rules)
            for mode in range(4):
                points[han, raw, mode] = _payment_total(base, dealer=mode >> 1 == 1, tsumo=mode & 1 == 1)
    return points.reshape(-1), fu


def _build_rule_lut(rules: RuleSet) -> RuleLut:
    """The tables whose entries depend on ``rules``, one function each."""

    def value(*ids: str) -> int:
        return _value(ids, rules)

    points, fu = _points_tables(rules)
    return RuleLut(
        counts=_counts_table(rules),
        flags=_flags_table(rules),
        structure=_structure_table(rules),
        honors=_honors_table(rules),
        sanshoku=_sanshoku_table(rules),
        choice=_choice_table(rules),
        junsei=value("junsei_chuuren") - value("chuuren"),
        ryuuiisou=value("ryuuiisou"),
        chiitoitsu=value("chiitoitsu"),
        kokushi=value("kokushi"),
        kokushi_13=value("kokushi_13"),
        points=points,
        fu=fu,
        limit_multiplier=np.array([4, 4, 6, 6], dtype=np.int64),
        multiple_yakuman=rules.multiple_yakuman,
        yakuman_cap=rules.yakuman_cap,
    )


def _payment_total(base: int, *, dealer: bool, tsumo: bool) -> int:
    """What the winner receives before honba and sticks (``points.payments`` summed)."""
    if not tsumo:
        return round_up_100(base * (6 if dealer else 4))
    if dealer:
        return 3 * round_up_100(base * 2)
    return round_up_100(base * 2) + 2 * round_up_100(base)


_rule_lock = threading.Lock()


def batch_luts(rules: RuleSet) -> tuple[Lut, RuleLut]:
    """The rule-neutral tables and those of ``rules`` (built once each, then cached)."""
    t = loader.tables()
    lut = t.derived("riichi.batch", _build_lut)
    cache: dict[RuleSet, RuleLut] = t.derived("riichi.batch.rules", lambda t: {})
    rule_lut = cache.get(rules)
    if rule_lut is None:
        with _rule_lock:
            rule_lut = cache.get(rules)
            if rule_lut is None:
                rule_lut = cache[rules] = _build_rule_lut(rules)
    return lut, rule_lut
