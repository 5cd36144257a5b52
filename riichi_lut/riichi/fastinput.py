"""The inputs of :func:`~riichi_lut.riichi.score` read on a fast path: the facts of a win as
one plain tuple (:data:`Facts`), the hand as concealed counts, red fives and calls.

Nothing here decides what an input means or raises: each function returns ``None`` when the
input is anything but the plain, valid case, and the caller then takes the general path
(:class:`~riichi_lut.riichi.win.Win`, :func:`~riichi_lut.core.hand.as_hand`,
:func:`riichi_lut.riichi.situation.build`), which reads it or raises the usual error. So the
fast path accepts a subset of what the general one accepts, with the same meaning.

- Facts given as keywords: ``tsumo``, the winds, ``riichi``, ``double_riichi``, ``ippatsu``,
  indicators as a list of tile names or codes, ``honba`` and ``riichi_sticks``; any other
  flag set, a numpy bool, indicator text or a contradiction goes the general way.
- A hand in canonical notation (``"123m456p789s11122z"``: each suit at most once, in the
  order m, p, s, z, no spaces, no calls) is read with one compiled pattern; each suit's
  digits are looked up in a memo of per-suit records (counts, red five, the kinds present,
  the block's splits from the decomposition tables).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..analysis.readings import block_splits
from ..core.tiles import CODE_NAMES, NUM_CODES, TERMINALS_AND_HONORS, format_counts
from ..core.winds import WIND_INDEX
from .win import WIN_FLAGS, Win
from .yaku import YAKU

__all__ = [
    "CANONICAL",
    "Facts",
    "Split",
    "SuitRecord",
    "block_record",
    "facts_of_keywords",
    "facts_of_win",
    "hand_of_text",
    "split_record",
    "tile_code",
]

#: (tsumo, seat kind, round kind, riichi, double riichi, ippatsu, haitei, houtei, rinshan,
#: chankan, tenhou, chiihou, renhou, dora indicator codes, ura indicator codes, honba, riichi
#: sticks); chankan is a bool here (a robbed closed kan takes the general path).
Facts = tuple[
    bool, int, int, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool,
    tuple[int, ...], tuple[int, ...], int, int,
]  # fmt: skip

#: One split of a block with its additive features: (run starts, triplet kinds, pair kind or
#: -1, melds, run-start mask, triplet-kind mask, identical-run pairs, closed-triplet fu, every
#: group holds a terminal or honor, a group holds an honor, dragon triplets, wind triplets,
#: the dragon yakuhai bits); kinds absolute (0..33), masks over bits 1 << kind.
Split = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, bool, bool, int, int, int]
#: A concealed block's record: (its splits, kinds-present bit mask over the 34 kinds).
BlockRecord = tuple[tuple[Split, ...], int]
#: A suit group of canonical notation: (counts of its 9 (7) kinds, red fives 0/1, block record,
#: the group as ``format_counts`` writes it).
SuitRecord = tuple[tuple[int, ...], int, BlockRecord, str]

CANONICAL = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")
_CODE_OF_NAME = {name: code for code, name in enumerate(CODE_NAMES)}
_WIND_KIND = {letter: 27 + index for letter, index in WIND_INDEX.items()}
_KEYWORDS = (
    frozenset(("tsumo", "seat_wind", "round_wind", "honba", "riichi_sticks"))
    | frozenset(WIN_FLAGS)
    | {
        "dora_indicators",
        "ura_indicators",
    }
)
_COMMON = frozenset(("tsumo", "seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu",
                     "dora_indicators", "ura_indicators", "honba", "riichi_sticks"))  # fmt: skip
_RARE_FLAGS = ("haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
_BLOCKS = ((0, 9, "suit"), (9, 18, "suit"), (18, 27, "suit"), (27, 34, "honor"))
_YAOCHU = frozenset(TERMINALS_AND_HONORS)
_DRAGON_BITS = {
    31: 1 << YAKU["yakuhai_haku"].bit,
    32: 1 << YAKU["yakuhai_hatsu"].bit,
    33: 1 << YAKU["yakuhai_chun"].bit,
}
_MEMO_LIMIT = 1 << 18  # records kept per memo before it starts again (bounded memory)
_EMPTY: BlockRecord = ((((), (), -1, 0, 0, 0, 0, 0, True, False, 0, 0, 0),), 0)
_block_memo: dict[tuple[int, bytes], BlockRecord] = {}
_suit_memo: tuple[dict[str, SuitRecord | None], ...] = ({}, {}, {}, {})  # per block, by digits


def _codes(value: object) -> tuple[int, ...] | None:
    """Indicators given as a list or tuple of tile names or codes; None otherwise."""
    if value.__class__ is str:
        return () if value == "" else None
    if value.__class__ is not tuple and value.__class__ is not list:
        return None
    out = []
    for v in value:
        if v.__class__ is str:
            code = _CODE_OF_NAME.get(v)
            if code is None:
                return None
        elif v.__class__ is int and 0 <= v < NUM_CODES:
            code = v
        else:
            return None
        out.append(code)
    return tuple(out)


def facts_of_keywords(  # noqa: PLR0911  (one return per kind of input left to Win)
    facts: Mapping[str, Any],
) -> Facts | None:
    """The facts of ``score(..., **facts)`` in the plain case (see the module docstring), or
    None: then ``Win(**facts)`` reads them (or raises).

    >>> facts_of_keywords({"tsumo": True, "seat_wind": "e", "round_wind": "S", "dora_indicators": ["5m"]})
    (True, 27, 28, False, False, False, False, False, False, False, False, False, False, (4,), (), 0, 0)
    >>> facts_of_keywords({"tsumo": True, "seat_wind": "E", "round_wind": "S", "haitei": True}) is None
    True
    """
    keys = facts.keys()
    if not keys <= _COMMON:
        if not keys <= _KEYWORDS:
            return None
        for name in _RARE_FLAGS:
            if facts.get(name, False) is not False:
                return None
    get = facts.get
    tsumo, seat, round_ = get("tsumo"), get("seat_wind"), get("round_wind")
    if (tsumo is not True and tsumo is not False) or seat.__class__ is not str or round_.__class__ is not str:
        return None
    seat_kind, round_kind = _WIND_KIND.get(seat), _WIND_KIND.get(round_)
    if seat_kind is None or round_kind is None:
        return None
    riichi, double, ippatsu = get("riichi", False), get("double_riichi", False), get("ippatsu", False)
    if not (riichi.__class__ is bool and double.__class__ is bool and ippatsu.__class__ is bool):
        return None
    in_riichi = riichi or double
    honba, sticks = get("honba", 0), get("riichi_sticks", 0)
    if honba.__class__ is not int or honba < 0 or sticks.__class__ is not int or sticks < 0:
        return None
    if (ippatsu and not in_riichi) or (in_riichi and not sticks):
        return None
    dora, ura = _codes(get("dora_indicators", ())), _codes(get("ura_indicators", ()))
    if dora is None or ura is None:
        return None
    if (ura and not in_riichi) or len(dora) > 5 or len(ura) > len(dora):
        return None
    return (tsumo, seat_kind, round_kind, riichi, double, ippatsu,
            False, False, False, False, False, False, False, dora, ura, honba, sticks)  # fmt: skip


def facts_of_win(w: Win) -> Facts | None:
    """The facts of a :class:`Win` (validated already), or None for a robbed closed kan.

    >>> facts_of_win(Win(tsumo=False, seat_wind="S", round_wind="E", honba=2))[:3]
    (False, 28, 27)
    """
    d = w.__dict__
    if d["chankan"] == "closed":
        return None
    return (d["tsumo"], _WIND_KIND[d["seat_wind"]], _WIND_KIND[d["round_wind"]], d["riichi"],
            d["double_riichi"], d["ippatsu"], d["haitei"], d["houtei"], d["rinshan"], d["chankan"],
            d["tenhou"], d["chiihou"], d["renhou"], d["dora_indicators"], d["ura_indicators"],
            d["honba"], d["riichi_sticks"])  # fmt: skip


def block_record(block: int, counts: Sequence[int]) -> BlockRecord:
    """The splits and present kinds of one block (0-2 the suits, 3 the honors) of 34 counts.

    >>> splits, kinds = block_record(0, [1, 1, 1, 3, 0, 0, 0, 0, 2] + [0] * 25)
    >>> [(s[0], s[1], s[2]) for s in splits], bin(kinds)
    ([((0,), (3,), 8)], '0b100001111')
    """
    lo, hi, name = _BLOCKS[block]
    key = (block, bytes(counts[lo:hi]))
    record = _block_memo.get(key)
    if record is None:
        record = _make_block_record(lo, name, key[1])
        if len(_block_memo) >= _MEMO_LIMIT:
            _block_memo.clear()
        _block_memo[key] = record
    return record


def _make_block_record(lo: int, name: str, pattern: bytes) -> BlockRecord:
    kinds = 0
    for i, c in enumerate(pattern):
        if c:
            kinds |= 1 << (lo + i)
    if not kinds:
        return _EMPTY
    splits = []
    for melds, pair in block_splits(name, pattern, lo):
        runs = tuple(g.tile for g in melds if g.kind.value == "run")
        triplets = tuple(g.tile for g in melds if g.kind.value == "triplet")
        splits.append(split_record(runs, triplets, -1 if pair is None else pair.tile))
    return (tuple(splits), kinds)


def split_record(runs: tuple[int, ...], triplets: tuple[int, ...], pair: int) -> Split:
    """A block's split with its additive features (see :data:`Split`).

    >>> split_record((0, 0), (8,), -1)[3:9]  # melds, run mask, set mask, peikou, fu, outside
    (3, 1, 256, 1, 8, True)
    """
    ordered = sorted(runs)
    peikou = i = 0
    while i < len(ordered) - 1:
        if ordered[i] == ordered[i + 1]:
            peikou += 1
            i += 2
        else:
            i += 1
    outside = all(r % 9 in (0, 6) for r in runs) and all(t in _YAOCHU for t in triplets)
    outside = outside and (pair < 0 or pair in _YAOCHU)
    honor = any(t >= 27 for t in triplets) or pair >= 27
    dragon_bits = 0
    for t in triplets:
        dragon_bits |= _DRAGON_BITS.get(t, 0)
    return (
        runs,
        triplets,
        pair,
        len(runs) + len(triplets),
        sum(1 << r for r in set(runs)),
        sum(1 << t for t in triplets),
        peikou,
        sum(8 if t in _YAOCHU else 4 for t in triplets),
        outside,
        honor,
        sum(1 for t in triplets if t >= 31),
        sum(1 for t in triplets if 27 <= t <= 30),
        dragon_bits,
    )


def _suit_record(block: int, digits: str) -> SuitRecord | None:
    memo = _suit_memo[block]
    try:
        return memo[digits]
    except KeyError:
        pass
    size = 7 if block == 3 else 9
    counts = [0] * size
    red = 0
    for ch in digits:
        d = ord(ch) - 48
        if d == 0:
            red += 1
            d = 5
        counts[d - 1] += 1
    record: SuitRecord | None = None
    if red <= 1 and max(counts) <= 4:
        full = [0] * 34
        full[9 * block : 9 * block + size] = counts
        reds = [0, 0, 0]
        if block < 3:
            reds[block] = red
        record = (tuple(counts), red, block_record(block, full), format_counts(full, reds))
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[digits] = record
    return record


def hand_of_text(
    text: str,
) -> tuple[tuple[int, ...], tuple[int, int, int], tuple[BlockRecord, ...], str] | None:
    """(34 concealed counts, red fives per suit, the four block records, the hand as
    ``Hand.to_text`` writes it) of a closed hand in canonical notation with no fifth copy
    and at most one red five a suit, or None.

    >>> counts, red, records, text = hand_of_text("321m406p789s11122z")
    >>> red, text, sum(counts)
    ((0, 1, 0), '123m406p789s11122z', 14)
    >>> hand_of_text("123m 456p") is None  # not canonical: the general parser reads it
    True
    """
    match = CANONICAL.fullmatch(text)
    if match is None:
        return None
    m, p, s, z = match.groups("")
    rm = _suit_memo[0].get(m) or _suit_record(0, m)
    rp = _suit_memo[1].get(p) or _suit_record(1, p)
    rs = _suit_memo[2].get(s) or _suit_record(2, s)
    rz = _suit_memo[3].get(z) or _suit_record(3, z)
    if rm is None or rp is None or rs is None or rz is None:
        return None
    return (
        rm[0] + rp[0] + rs[0] + rz[0],
        (rm[1], rp[1], rs[1]),
        (rm[2], rp[2], rs[2], rz[2]),
        rm[3] + rp[3] + rs[3] + rz[3],
    )


def tile_code(tile: object) -> int | None:
    """The code of one tile given as a name ("5p", "0p") or a code 0..36, else None.

    >>> tile_code("0p"), tile_code(13), tile_code("5")
    (35, 13, None)
    """
    if tile.__class__ is str:
        return _CODE_OF_NAME.get(tile)
    if tile.__class__ is int and 0 <= tile < NUM_CODES:
        return tile
    return None
