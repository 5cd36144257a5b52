"""Look-up structures of batch scoring that no rule changes: yaku bits, the fields of the
reading words, per-block grids, split words (the rule tables are in ``rule_luts``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ...lut import loader
from ..context import Predicate
from ..yaku import BIT_WIDTH, ROWS, YakuRow

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
#: ``rinshan``, ``sankantsu`` and ``suukantsu`` need a kan among the calls.
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
#: riichi, a paarenchan count) are not batch inputs, and the others (daisharin and company,
#: daichisei) are played by ``batch.optional`` outside the tables.
SCALAR_ONLY = frozenset(
    {"open_riichi", "double_open_riichi", "daisharin", "daisuurin", "daichikurin", "daichisei", "paarenchan"}
)
LOW48 = np.uint64((1 << _MASK_BITS) - 1)
AUX_VALUE_PAIR = 60  # the pair is a dragon, the seat or the round wind
AUX_PAIR_FU = 61  # two bits: pair fu / 2 (0, 1 or 2)
AUX_FOUR_RUNS = 63

# Per-block statistics (a 16-bit field of the grid entries; the four blocks' add up).
F_YAO, F_SUITS, F_HONOR, F_SIMPLE, F_NONGREEN, F_CHUUREN, F_BAD_PAIRS = 0, 4, 6, 7, 9, 12, 13
CID_BITS = 15
CID_MASK = np.uint32((1 << CID_BITS) - 1)

# Word of one split (additive over the four blocks).
W_RUNS, W_SETS, W_PEIKOU, W_NONYAO, W_ITTSU, W_HONOR_PRESENT = 0, 3, 6, 8, 11, 12
W_SETFU = 13  # 6 bits: fu of the closed sets (4 simple, 8 terminal/honor)
W_SAN = 19  # 7 run-start counts then 9 triplet counts, 2 bits each (per suit 0/1)
W_HONORS = 51  # 7 bits: honor triplets, then 3 bits: honor pair kind + 1

# Win-group choices (bit order = the scalar's group order: triplet, runs by start, pair).
_TRIPLET, _RUN_LOW, _RUN_MID, _RUN_HIGH, _PAIR = range(5)

# Rows per chunk, measured (bench/bench_scoring.py, 2 cores): larger chunks amortise the
# per-call cost of the small arrays (rows with several readings, seven pairs, orphans).
CHUNK_ROWS = 32768
#: Raw fu (before rounding) stay below this: four closed terminal kans, closed ron, a
#: double-wind pair and a tanki wait make 166.
RAW_FU = 256
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
    "rinshan",
)
FLAG = {name: 1 << i for i, name in enumerate(FLAG_NAMES)}


def check_rows_match() -> None:
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
    stats += sum(held[i].astype(np.uint32) for i in yao) << F_YAO
    if suit:
        stats += any_tile.astype(np.uint32) << F_SUITS
        stats += np.logical_or.reduce(held[1:8]).astype(np.uint32) << F_SIMPLE
        chuuren = (total == 14) & (d[0] >= 3) & (d[8] >= 3) & np.logical_and.reduce(held[1:8])
        stats += chuuren.astype(np.uint32) << F_CHUUREN
    else:
        stats += any_tile.astype(np.uint32) << F_HONOR
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


def _split_words(codes: np.ndarray, suit: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(additive word of each split, 5-bit win-choice mask per split and position (n, 9),
    run starts (bits 0..6) | triplet numbers (bits 7..15) of a suit split: its ``W_SAN``
    fields as a mask)."""
    codes = codes.astype(np.int64)
    melds = [(codes >> (5 * j)) & 31 for j in range(4)]
    pair = (codes >> 20) & 15
    has_pair = pair != 15
    word = np.zeros(len(codes), dtype=np.uint64)
    choices = np.zeros((len(codes), 9), dtype=np.uint8)
    presence = np.zeros(len(codes), dtype=np.uint16)

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
        add(count([(m >= 9) & (m != 31) for m in melds]), W_RUNS)
        add(np.sum(np.stack(run_count) // 2, axis=0), W_PEIKOU)
        nonyao = count([(m >= 10) & (m <= 14) for m in melds])  # runs 234..678
        nonyao += count([(m >= 1) & (m <= 7) for m in melds])  # triplets 2..8
        nonyao += has_pair & (pair >= 1) & (pair <= 7)
        add(nonyao, W_NONYAO)
        add((run_count[0] > 0) & (run_count[3] > 0) & (run_count[6] > 0), W_ITTSU)
        add(4 * count([m < 9 for m in melds]) + 4 * count([(m == 0) | (m == 8) for m in melds]), W_SETFU)
        for s in range(7):
            add(run_count[s] > 0, W_SAN + 2 * s)
            presence |= ((run_count[s] > 0) << s).astype(np.uint16)
        for k in range(9):
            add(trip_count[k] > 0, W_SAN + 14 + 2 * k)
            presence |= ((trip_count[k] > 0) << (7 + k)).astype(np.uint16)
    else:
        add(sets * 8, W_SETFU)
        add((sets > 0) | has_pair, W_HONOR_PRESENT)
        add(np.sum(np.stack([np.where(m < 7, 1 << np.minimum(m, 6), 0) for m in melds]), axis=0), W_HONORS)
        add(np.where(has_pair, pair + 1, 0), W_HONORS + 7)
    return word, choices, presence


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
    presence: np.ndarray  # uint16 by split id: a suit split's W_SAN fields as a 16-bit mask
    spread: np.ndarray  # uint64 by such a mask: its W_SAN fields (bit i -> W_SAN + 2 i)


def build_lut(t: loader.Tables) -> Lut:
    check_rows_match()
    suit_words, suit_choices, suit_presence = _split_words(t["suit_splits"], suit=True)
    honor_words, honor_choices, honor_presence = _split_words(t["honor_splits"], suit=False)
    mask = np.arange(1 << 16, dtype=np.uint64)
    spread = np.zeros(1 << 16, dtype=np.uint64)
    for i in range(16):
        spread |= ((mask >> np.uint64(i)) & np.uint64(1)) << np.uint64(W_SAN + 2 * i)
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
        presence=np.concatenate([suit_presence, honor_presence]),
        spread=spread,
    )
