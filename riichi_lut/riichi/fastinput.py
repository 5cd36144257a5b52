"""The inputs of :func:`~riichi_lut.riichi.score` read on a fast path: the facts of a win as
one plain tuple (:data:`Facts`), the hand as concealed counts, red fives and calls.

Nothing here decides what an input means or raises: each function returns ``None`` when the
input is anything but the plain, valid case, and the caller then takes the general path
(:class:`~riichi_lut.riichi.win.Win`, :func:`~riichi_lut.core.hand.as_hand`,
:func:`riichi_lut.riichi.situation.build`), which reads it or raises the usual error. So the
fast path accepts a subset of what the general one accepts, with the same meaning.

- Facts given as keywords: ``tsumo``, the winds, ``riichi``, ``double_riichi``, ``ippatsu``,
  ``haitei``, ``houtei``, ``rinshan`` (bools that do not contradict each other or ``tsumo``),
  indicators as a list of tile names or codes, ``honba`` and ``riichi_sticks``; any other
  flag set (``open_riichi`` too), a ``paarenchan`` count, a numpy bool, indicator text or a
  contradiction goes the general way.
- A hand in canonical notation (``"123m456p789s11122z"``, ``"23m55z [789s] (1111z)"``: each
  suit at most once, in the order m, p, s, z, then each call as ``Call.to_text`` writes it
  after one space) is read with one compiled pattern; each suit's digits are looked up in
  a memo of per-suit records (counts, red five, the kinds present, the block's splits as
  words, from the offline table ``{block}_split_features``), each call's text in a memo of
  call records.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.calls import Call, CallType
from ..core.tiles import CODE_NAMES, NUM_CODES, TERMINALS_AND_HONORS, format_counts
from ..core.winds import WIND_INDEX
from ..errors import RiichiLutError
from ..lut import loader
from ..lut import splitwords as sw
from ..lut.splitwords import split_rows
from .win import MAX_HONBA, MAX_RIICHI_STICKS, WIN_FLAGS, Win, flags_problem

__all__ = [
    "CANONICAL",
    "CallRecord",
    "CallSet",
    "Calls",
    "Facts",
    "ReadHand",
    "Split",
    "SuitRecord",
    "absolute_word",
    "block_record",
    "call_record",
    "call_record_of_text",
    "call_set",
    "combine_call_set",
    "combine_calls",
    "facts_of_keywords",
    "facts_of_win",
    "hand_of_text",
    "tile_code",
]

#: (tsumo, seat kind, round kind, riichi, double riichi, ippatsu, haitei, houtei, rinshan,
#: chankan, tenhou, chiihou, renhou, dora indicator codes, ura indicator codes, honba, riichi
#: sticks); chankan is a bool here (a robbed closed kan takes the general path).
Facts = tuple[
    bool, int, int, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool,
    tuple[int, ...], tuple[int, ...], int, int,
]  # fmt: skip

#: One split of a concealed block: (its features as one word, combined over the blocks by
#: addition: see the ``W_*`` fields; its waits word, four bits per kind of the block as in
#: :mod:`riichi_lut.lut.splitwords`).
Split = tuple[int, int]
#: A concealed block's record: (its splits, kinds-present bit mask over the 34 kinds).
BlockRecord = tuple[tuple[Split, ...], int]
#: A suit group of canonical notation: (counts of its 9 (7) kinds, red fives 0/1, block record,
#: the group as ``format_counts`` writes it).
SuitRecord = tuple[tuple[int, ...], int, BlockRecord, str]
#: One call as the fast path reads it: (the Call, its tiles as (kind, copies) pairs, the suit
#: of its red five or -1, its part of a split word (``W_*``: its set kind, one meld, a run, no
#: terminal or honor), its run-start bit (0 for a set), its kinds as bits, the fu of its set
#: (0 for a chi), a kan, open).
CallRecord = tuple[Call, tuple[tuple[int, int], ...], int, int, int, int, int, bool, bool]
#: A hand's calls combined (:func:`combine_calls`): (their records, the 34 counts with the
#: calls' tiles, the red fives with the calls', their split word, their run starts (or-ed: a
#: chi may repeat a run), their fu, kans, closed kans, their kinds as bits, open).
Calls = tuple[tuple[CallRecord, ...], list[int], tuple[int, int, int], int, int, int, int, int, int, bool]
#: A hand's calls summed once (:func:`call_set`), before the concealed tiles join them:
#: (their records, their tiles as (kind, copies) pairs summed per kind, their red fives per
#: suit, then split word, run starts, fu, kans, closed kans, kinds as bits and open as in
#: :data:`Calls`), or None when the calls alone hold a fifth copy.
CallSet = tuple[
    tuple[CallRecord, ...], tuple[tuple[int, int], ...], int, int, int, int, int, int, int, int, int, bool
]  # fmt: skip
# The fields of a split's feature word on the fast path (absolute kinds 0..33): bit masks
# of the triplet kinds and the run starts, then counts. The blocks' words add up without a
# carry (a complete hand has at most four melds and one pair); the pair's kind + 1 is the
# top field, so that a combination with two pairs (refused by the pair count) spills
# nowhere.
W_SETS, W_RUNS, W_MELDS, W_PAIRS, W_RUN_COUNT, W_SET_COUNT, W_PEIKOU, W_FU, W_PLAIN, W_PAIR = (
    0, 34, 61, 64, 67, 70, 73, 76, 82, 85,
)  # fmt: skip

CANONICAL = re.compile(
    r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?((?: [\[(][0-9]{3,4}[mpsz][\])]){1,4})?"
)
_CODE_OF_NAME = {name: code for code, name in enumerate(CODE_NAMES)}
_WIND_KIND = {letter: 27 + index for letter, index in WIND_INDEX.items()}
_KEYWORDS = (
    frozenset(("tsumo", "seat_wind", "round_wind", "honba", "riichi_sticks"))
    | frozenset(WIN_FLAGS)
    | {
        "dora_indicators",
        "ura_indicators",
        "open_riichi",
        "paarenchan",
    }
)
_COMMON = frozenset(
    ("tsumo", "seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
     "dora_indicators", "ura_indicators", "honba", "riichi_sticks")
)  # fmt: skip
_RARE_FLAGS = ("chankan", "tenhou", "chiihou", "renhou", "open_riichi")
_NO_FLAGS = dict.fromkeys(WIN_FLAGS, False)  # what win.flags_problem reads, none set
_BLOCKS = ((0, 9, "suit"), (9, 18, "suit"), (18, 27, "suit"), (27, 34, "honor"))
_YAOCHU = frozenset(TERMINALS_AND_HONORS)
_MEMO_LIMIT = 1 << 18  # records kept per memo before it starts again (bounded memory)
_EMPTY: BlockRecord = (((0, 0),), 0)
_call_memo: dict[str, CallRecord | None] = {}  # by the call's canonical text
_call_set_memo: dict[str, CallSet | None] = {}  # by the calls' part of canonical notation
_UNSEEN = object()
_CALLS_OF_HAND: dict[Call, CallRecord] = {}
#: A called set's fu when simple (twice that for a terminal or honor).
_CALL_FU = {CallType.PON: 2, CallType.OPEN_KAN: 8, CallType.ADDED_KAN: 8, CallType.CLOSED_KAN: 16}
_block_memo: dict[tuple[int, bytes], BlockRecord] = {}
_suit_memo: tuple[dict[str, SuitRecord | None], ...] = ({}, {}, {}, {})  # per block, by digits


def _codes(value: object) -> tuple[int, ...] | None:
    """Indicators given as a list or tuple of tile names or codes; None otherwise."""
    if value.__class__ is str:
        return () if value == "" else None
    if value.__class__ is not tuple and value.__class__ is not list:
        return None
    try:
        codes = tuple(map(_CODE_OF_NAME.get, value))  # names (the common case) in one pass
    except TypeError:  # an unhashable element: Win names it
        return None
    return codes if None not in codes else _codes_mixed(value)  # type: ignore[return-value]  # no None


def _codes_mixed(value: list[object] | tuple[object, ...]) -> tuple[int, ...] | None:
    """Indicators as names and codes mixed; None at the first that is neither."""
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


def facts_of_keywords(  # noqa: C901, PLR0911, PLR0912  (one return per kind of input left to Win)
    facts: Mapping[str, Any],
) -> Facts | None:
    """The facts of ``score(..., **facts)`` in the plain case (see the module docstring), or
    None: then ``Win(**facts)`` reads them (or raises).

    >>> facts_of_keywords({"tsumo": True, "seat_wind": "e", "round_wind": "S", "dora_indicators": ["5m"]})
    (True, 27, 28, False, False, False, False, False, False, False, False, False, False, (4,), (), 0, 0)
    >>> facts_of_keywords({"tsumo": True, "seat_wind": "E", "round_wind": "S", "haitei": True})[6:9]
    (True, False, False)
    >>> facts_of_keywords({"tsumo": False, "seat_wind": "E", "round_wind": "S", "haitei": True}) is None
    True
    """
    keys = facts.keys()
    if not keys <= _COMMON:
        if not keys <= _KEYWORDS:
            return None
        for name in _RARE_FLAGS:
            if facts.get(name, False) is not False:
                return None
        paarenchan = facts.get("paarenchan", 0)
        if paarenchan.__class__ is not int or paarenchan:
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
    if honba.__class__ is not int or sticks.__class__ is not int:
        return None
    if not (0 <= honba <= MAX_HONBA and 0 <= sticks <= MAX_RIICHI_STICKS) or (ippatsu and not in_riichi):
        return None  # Win names what is wrong
    haitei, houtei, rinshan = get("haitei", False), get("houtei", False), get("rinshan", False)
    if haitei is not False or houtei is not False or rinshan is not False:
        if not (haitei.__class__ is bool and houtei.__class__ is bool and rinshan.__class__ is bool):
            return None
        flags = dict(_NO_FLAGS, tsumo=tsumo, riichi=in_riichi, ippatsu=ippatsu, haitei=haitei, houtei=houtei,
                     rinshan=rinshan)  # fmt: skip
        if flags_problem(flags, seat_kind == 27) is not None:
            return None  # a contradiction: Win names it
    dora, ura = _codes(get("dora_indicators", ())), _codes(get("ura_indicators", ()))
    if dora is None or ura is None:
        return None
    if (ura and not in_riichi) or len(dora) > 5 or len(ura) > len(dora):
        return None
    return (tsumo, seat_kind, round_kind, riichi, double, ippatsu,
            haitei, houtei, rinshan, False, False, False, False, dora, ura, honba, sticks)  # fmt: skip


def facts_of_win(w: Win) -> Facts | None:
    """The facts of a :class:`Win` (validated already), or None for a robbed closed kan, an
    open riichi or a paarenchan count (the general path scores those).

    >>> facts_of_win(Win(tsumo=False, seat_wind="S", round_wind="E", honba=2))[:3]
    (False, 28, 27)
    """
    d = w.__dict__
    if d["chankan"] == "closed" or d["open_riichi"] or d["paarenchan"]:
        return None
    return (d["tsumo"], _WIND_KIND[d["seat_wind"]], _WIND_KIND[d["round_wind"]], d["riichi"],
            d["double_riichi"], d["ippatsu"], d["haitei"], d["houtei"], d["rinshan"], d["chankan"],
            d["tenhou"], d["chiihou"], d["renhou"], d["dora_indicators"], d["ura_indicators"],
            d["honba"], d["riichi_sticks"])  # fmt: skip


def block_record(block: int, counts: Sequence[int]) -> BlockRecord:
    """The splits and present kinds of one block (0-2 the suits, 3 the honors) of 34 counts.

    >>> splits, kinds = block_record(0, [1, 1, 1, 3, 0, 0, 0, 0, 2] + [0] * 25)
    >>> len(splits), bin(kinds), splits[0][0] >> W_MELDS & 7, splits[0][0] >> W_PAIR
    (1, '0b100001111', 2, 9)
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
    """The record from the offline table of split words (``{name}_split_features``)."""
    kinds = index = 0
    for i, c in enumerate(pattern):
        if c:
            kinds |= 1 << (lo + i)
            index += c * 5**i
    if not kinds:
        return _EMPTY
    rows = split_rows(loader.tables(), name).get(index, ())
    return (tuple((absolute_word(f, lo), waits) for f, waits in rows), kinds)


def absolute_word(f: int, lo: int) -> int:
    """A split's feature word as the table stores it (kinds relative to its block, layout
    of :mod:`riichi_lut.lut.splitwords`) in the fast path's layout (``W_*``), for a block
    whose first kind is ``lo``.

    >>> from ..lut import splitwords as sw
    >>> w = absolute_word(1 << 2 | 1 << sw.MELDS, 9)  # a triplet of the block's third kind
    >>> w == 1 << 11 | 1 << W_MELDS
    True
    """
    pair = f >> sw.PAIR & 15
    return (
        (f & 0x1FF) << (W_SETS + lo)
        | (f >> sw.RUNS & 0x7F) << (W_RUNS + lo)
        | (f >> sw.MELDS & 7) << W_MELDS
        | (1 if pair else 0) << W_PAIRS
        | (f >> sw.RUN_COUNT & 7) << W_RUN_COUNT
        | (f >> sw.SET_COUNT & 7) << W_SET_COUNT
        | (f >> sw.PEIKOU & 3) << W_PEIKOU
        | (f >> sw.FU & 63) << W_FU
        | (f >> sw.PLAIN & 7) << W_PLAIN
        | (pair + lo if pair else 0) << W_PAIR
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


#: What ``hand_of_text`` returns: (34 concealed counts, red fives per suit, the calls combined
#: or None for a hand without calls, the four block records, the hand as ``Hand.to_text``
#: writes it).
ReadHand = tuple[tuple[int, ...], tuple[int, int, int], Calls | None, tuple[BlockRecord, ...], str]


def hand_of_text(text: str) -> ReadHand | None:
    """The hand of canonical notation (``Hand.to_text``'s form: the concealed groups, then
    each call after one space), with no fifth copy and at most one red five a suit across
    hand and calls, or None (then the general parser reads it, or raises).

    >>> counts, red, calls, records, text = hand_of_text("321m406p789s11122z")
    >>> red, calls, text, sum(counts)
    ((0, 1, 0), None, '123m406p789s11122z', 14)
    >>> counts, red, calls, records, text = hand_of_text("0m22z [123m] [777z] (1111z)")
    >>> text, [c[0].type.value for c in calls[0]], sum(counts)
    ('0m22z [123m] [777z] (1111z)', ['chi', 'pon', 'closed_kan'], 3)
    >>> hand_of_text("123m 456p") is None  # not canonical: the general parser reads it
    True
    """
    match = CANONICAL.fullmatch(text)
    if match is None:
        return None
    m, p, s, z, written = match.groups("")
    rm = _suit_memo[0].get(m) or _suit_record(0, m)
    rp = _suit_memo[1].get(p) or _suit_record(1, p)
    rs = _suit_memo[2].get(s) or _suit_record(2, s)
    rz = _suit_memo[3].get(z) or _suit_record(3, z)
    if rm is None or rp is None or rs is None or rz is None:
        return None
    counts = rm[0] + rp[0] + rs[0] + rz[0]
    red = (rm[1], rp[1], rs[1])
    records = (rm[2], rp[2], rs[2], rz[2])
    concealed = rm[3] + rp[3] + rs[3] + rz[3]
    if not written:
        return counts, red, None, records, concealed
    found = _call_set_memo.get(written, _UNSEEN)
    if found is _UNSEEN:
        found = _call_set_of_text(written)
    if found is None:
        return None
    combined = combine_call_set(counts, red, found)  # type: ignore[arg-type]  # not _UNSEEN here
    if combined is None:
        return None
    return counts, red, combined, records, concealed + written


def _call_set_of_text(written: str) -> CallSet | None:
    """The call set of the calls' part of canonical notation (``" [789s] (1111z)"``),
    memoised; None when a call is not canonical or the calls alone are impossible."""
    found: CallSet | None = None
    calls = []
    for part in written[1:].split(" "):
        call = _call_memo.get(part) or call_record_of_text(part)
        if call is None:
            break
        calls.append(call)
    else:
        found = call_set(tuple(calls))
    if len(_call_set_memo) >= _MEMO_LIMIT:
        _call_set_memo.clear()
    _call_set_memo[written] = found
    return found


def call_set(calls: tuple[CallRecord, ...]) -> CallSet | None:
    """The calls summed (see :data:`CallSet`), or None when they alone hold a fifth copy of
    a kind (a second red five is found when the concealed tiles join: :func:`combine_call_set`).

    >>> found = call_set((call_record(Call("[406p]")), call_record(Call("[345p]"))))
    >>> found[1], found[2:5], found[-1]
    (((11, 1), (12, 2), (13, 2), (14, 1)), (0, 1, 0), True)
    """
    tally: dict[int, int] = {}
    reds = [0, 0, 0]
    word = runs = fu = n_kans = closed_kans = kinds = 0
    opened = False
    for record in calls:
        _, tiles, red_suit, part, run, bits, set_fu, kan, is_open = record
        for kind, copies in tiles:
            tally[kind] = tally.get(kind, 0) + copies
        if red_suit >= 0:
            reds[red_suit] += 1
        word += part
        runs |= run
        kinds |= bits
        fu += set_fu
        if kan:
            n_kans += 1
            if not is_open:
                closed_kans += 1
        if is_open:
            opened = True
    if max(tally.values(), default=0) > 4:
        return None
    r0, r1, r2 = reds
    return calls, tuple(sorted(tally.items())), r0, r1, r2, word, runs, fu, n_kans, closed_kans, kinds, opened


def combine_call_set(counts: Sequence[int], red: tuple[int, int, int], found: CallSet) -> Calls | None:
    """The calls (:func:`call_set`) combined with the concealed counts and red fives (see
    :data:`Calls`), or None when a kind has a fifth copy or a suit a second red five."""
    calls, tally, r0, r1, r2, word, runs, fu, n_kans, closed_kans, kinds, opened = found
    totals = list(counts)
    for kind, copies in tally:
        totals[kind] += copies
        if totals[kind] > 4:
            return None
    r0 += red[0]
    r1 += red[1]
    r2 += red[2]
    if r0 > 1 or r1 > 1 or r2 > 1:
        return None
    return calls, totals, (r0, r1, r2), word, runs, fu, n_kans, closed_kans, kinds, opened


def combine_calls(
    counts: Sequence[int], red: tuple[int, int, int], calls: tuple[CallRecord, ...]
) -> Calls | None:
    """The calls combined with the concealed counts and red fives (see :data:`Calls`), or
    None when a kind has a fifth copy or a suit a second red five.

    >>> combined = combine_calls([0] * 34, (1, 0, 0), (call_record(Call("[406p]")),))
    >>> combined[2], combined[1][12:15], combined[9]
    ((1, 1, 0), [1, 1, 1], True)
    """
    found = call_set(calls)
    return None if found is None else combine_call_set(counts, red, found)


def call_record(call: Call) -> CallRecord:
    """The fast path's record of a :class:`Call` (see :data:`CallRecord`).

    >>> call_record(Call("[406p]"))[1:3] + call_record(Call("[406p]"))[6:]
    (((12, 1), (13, 1), (14, 1)), 1, 0, False, True)
    """
    record = _CALLS_OF_HAND.get(call)
    if record is None:
        t = call.type
        kind = call.kind
        red_suit = next((c - 34 for c in call.tiles if c >= 34), -1)
        part = 1 << W_MELDS
        if t is CallType.CHI:
            tally: tuple[tuple[int, int], ...] = ((kind, 1), (kind + 1, 1), (kind + 2, 1))
            part += 1 << W_RUN_COUNT | (kind % 9 not in (0, 6)) << W_PLAIN
            run, bits, fu = 1 << kind, 7 << kind, 0
        else:
            tally = ((kind, len(call.tiles)),)
            part += 1 << kind | (kind not in _YAOCHU) << W_PLAIN
            run, bits, fu = 0, 1 << kind, _CALL_FU[t] * (2 if kind in _YAOCHU else 1)
        kan = len(call.tiles) == 4
        record = (call, tally, red_suit, part, run, bits, fu, kan, t is not CallType.CLOSED_KAN)
        if len(_CALLS_OF_HAND) >= _MEMO_LIMIT:
            _CALLS_OF_HAND.clear()
        _CALLS_OF_HAND[call] = record
    return record


def call_record_of_text(text: str) -> CallRecord | None:
    """The record of one call written as ``Call.to_text`` writes it (``"[406p]"``), or
    None for any other text (not canonical, or not a call: the general parser says why).

    >>> call_record_of_text("(1111z)")[1], call_record_of_text("[312m]")
    (((27, 4),), None)
    """
    record: CallRecord | None = None
    try:
        call = Call(text)
    except RiichiLutError:
        call = None
    if call is not None and call.to_text() == text:
        record = call_record(call)
    if len(_call_memo) >= _MEMO_LIMIT:
        _call_memo.clear()
    _call_memo[text] = record
    return record


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
