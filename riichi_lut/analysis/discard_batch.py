"""The best-discard batch kernel: for each 3n+2 row of an (N, 34) count array, the discard
with the lowest shanten after it, then the most live tiles accepted (what
:func:`~riichi_lut.analysis.efficiency.best_discard_batch` returns).

Each candidate discard leaves a 13-tile hand that differs from its 14-tile row in one
block only. So the row's four block classes, pattern ranks and pair classes are looked
up once per row, and per candidate only the changed block is: its base-5 index is the
row's minus one digit, one gather gives its class and rank. The unchanged blocks'
acceptance masks depend on the row and on the changed block's class alone, so they are
computed once per run of consecutive candidates sharing (row, block, class) (~60 % as
many runs as candidates on random hands) and gathered back. Acceptance masks stay
34-bit integers (uint64) throughout. Chiitoitsu and kokushi come branch-free for every
candidate from the row's packed statistics and kind sets minus the discarded copy
(a 170-entry table per kind and count); the live count is three popcounts against the
row's live-count bit planes (4 - held - visible, bit by bit).

The previous kernel (one expanded batch of 13-tile rows, boolean (n, 34) masks) is kept
as ``riichi_lut.analysis.efficiency_batch.best_discards_reference``; the tests compare
the two on seeded hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.tiles import TERMINALS_AND_HONORS
from ..lut import loader
from ..lut.blocks import HONOR, SUIT
from ..lut.rows import block_indices, check_totals
from .acceptance import NECESSARY, UNNECESSARY
from .efficiency_batch import KernelTables, or_useful
from .forms import KINDS, ORPHAN_PAIRS, kind_stats, stats_tables
from .shanten import batch_tables as shanten_tables

__all__ = ["DiscardTables", "best_discards", "discard_tables"]

_U64 = np.uint64
_BIT = np.left_shift(_U64(1), np.arange(34, dtype=np.uint64))
_ALL, _SUITS = _U64((1 << 34) - 1), _U64((1 << 27) - 1)
_YAOCHU = _U64(sum(1 << k for k in TERMINALS_AND_HONORS))
_STEP = np.array([5**k for k in range(9)] * 3 + [5**k for k in range(7)], dtype=np.uint32)
# the key of a candidate, smaller better: dead | shanten after | furiten | 255 - total | kind
_FURITEN_SHIFT, _SHANTEN_SHIFT, _DEAD_SHIFT = 14, 15, 19
_NO_FORM = np.int8(99)  # chiitoitsu / kokushi shanten of a row with calls: never the minimum


@dataclass(frozen=True)
class DiscardTables:
    """Per (kind, copies held) look-ups of the closed forms, indexed ``kind * 5 + copies``:
    what discarding one copy does to a row's packed statistics (a uint32 difference,
    modular), to its set of single kinds (an XOR) and to its set of absent kinds (an OR);
    and the chiitoitsu / kokushi shanten by packed statistics."""

    stats_delta: np.ndarray  # uint32
    single_xor: np.ndarray  # uint64
    none_or: np.ndarray  # uint64
    chiitoitsu: np.ndarray  # int8 by stats & 0x7f
    kokushi: np.ndarray  # int8 by (stats >> 7) & 0x7f


def _build(_: loader.Tables) -> DiscardTables:
    per_kind = np.concatenate([kind_stats(SUIT)] * 3 + [kind_stats(HONOR)]).astype(np.int64)  # (34, 5)
    before = np.concatenate([per_kind[:, :1], per_kind[:, :-1]], axis=1)  # copies - 1 (0 for 0)
    delta = ((before - per_kind) % (1 << 32)).astype(np.uint32)
    copies = np.arange(5)
    single_xor = np.where((copies == 1) | (copies == 2), _BIT[:, None], _U64(0))
    none_or = np.where(copies == 1, _BIT[:, None], _U64(0))
    chiitoitsu, kokushi = stats_tables()
    return DiscardTables(
        stats_delta=delta.reshape(-1),
        single_xor=single_xor.astype(np.uint64).reshape(-1),
        none_or=none_or.astype(np.uint64).reshape(-1),
        chiitoitsu=chiitoitsu,
        kokushi=kokushi,
    )


def discard_tables() -> DiscardTables:
    """The closed-form look-ups of :class:`DiscardTables`, built once per table set."""
    return loader.tables().derived("efficiency.discard", _build)


_BLOCK = np.repeat(np.arange(4), [9, 9, 9, 7])
_SHIFT = np.array([0, 9, 18, 27], dtype=np.uint64)
_FIRST, _SECOND = np.array([1, 0, 0]), np.array([2, 2, 1])  # the other two suits of suit b


_MAGIC = _U64(0x0102040810204080)  # eight 0/1 bytes of a word times this: their bits in the top byte


def _bitsets(flags: np.ndarray) -> np.ndarray:
    """(p, n, 40) uint8 flags (0 or 1) -> (p, n) uint64 with bit k set where
    ``flags[:, :, k]``: each 8-byte word is packed by one multiplication (np.packbits
    goes bit by bit and was 11 % of the kernel)."""
    p, n, _ = flags.shape
    packed = np.zeros((p, n, 8), dtype=np.uint8)
    packed[:, :, :5] = (flags.view("<u8") * _MAGIC) >> _U64(56)
    return packed.view("<u8").reshape(p, n).astype(np.uint64, copy=False)


# planes of _Rows.bits
_NONE, _SINGLE, _DOUBLE, _MORE, _LIVE, _OWN = 0, 1, 2, 3, 4, 7


def _take(values: np.ndarray, at: Any) -> np.ndarray:
    """``values[at]`` for a 1-D array: the ``take`` method with ``mode="clip"``, ~25 %
    faster than the default (which checks every index for an error), ~35 % faster than
    fancy indexing on large arrays; the method, not ``np.take``, whose dispatch costs
    ~2 µs a call (a kernel call makes ~130). The indices here are in range by construction."""
    taken: np.ndarray = values.take(at, mode="clip")
    return taken


@dataclass
class _Rows:
    """What every candidate of a chunk reads from its 14-tile row; arrays ``[row * 4 + b]``
    are per (row, block)."""

    index: np.ndarray  # base-5 block indices, uint32, per (row, block)
    cls: np.ndarray  # block classes, intp, per (row, block)
    ranks: np.ndarray  # block pattern ranks, uint32, per (row, block)
    records: np.ndarray  # the block's NECESSARY mask records (one gather each), per (row, block)
    complement: np.ndarray  # class of the other three blocks, per (row, block)
    others: np.ndarray  # pair class of the other two suits, per (row, suit)
    offset: np.ndarray  # cls * 900 + need: the block's row of the useful tables, per (row, block)
    triple: np.ndarray  # class of the three suits, per row
    calls: Any  # int or (n,) intp
    need: Any
    bits: np.ndarray  # (8, n) uint64: kinds held 0, 1, 2, >= 3 times; live bit planes; own discards
    stats: np.ndarray  # packed chiitoitsu / kokushi statistics, uint32, per row
    own: bool  # own discards given (bits[_OWN] is set)


def _context(
    lut: KernelTables,
    rows: np.ndarray,
    indices: list[np.ndarray],
    calls: Any,
    visible: np.ndarray | None,
    own: np.ndarray | None,
) -> _Rows:
    values = [_take(lut.suit, i) for i in indices[:3]] + [_take(lut.honor, indices[3])]
    cls = [(v & np.uint32(0xFF)).astype(np.intp) for v in values]
    p01, p02, p12 = (_take(lut.pair, cls[a] * 126 + cls[b]) for a, b in ((0, 1), (0, 2), (1, 2)))
    triple = _take(lut.triple, p01 * 126 + cls[2])
    complement = [_take(lut.pair_honor, p * 55 + cls[3]) for p in (p12, p02, p01)] + [triple]
    records = [_take(lut.suit_masks[NECESSARY], v >> np.uint32(8)) for v in values[:3]]
    records.append(_take(lut.honor_masks[NECESSARY], values[3] >> np.uint32(8)))
    need = 4 - calls
    flags = np.zeros((8, len(rows), 40), dtype=np.uint8)
    view = flags[:, :, :34].view(bool)
    for plane, copies in ((_NONE, 0), (_SINGLE, 1), (_DOUBLE, 2)):
        np.equal(rows, copies, out=view[plane])
    np.greater_equal(rows, 3, out=view[_MORE])
    live = np.uint8(4) - rows
    if visible is not None:
        live -= visible
    for bit in range(3):
        np.bitwise_and(live >> np.uint8(bit), np.uint8(1), out=flags[_LIVE + bit, :, :34])
    if own is not None:
        np.greater(own, 0, out=view[_OWN])
    fused = shanten_tables()
    summed = _take(fused.man, indices[0]) + _take(fused.suit, indices[1])
    summed += _take(fused.suit, indices[2])
    summed += _take(fused.honor, indices[3])

    def per_block(arrays: list[np.ndarray]) -> np.ndarray:
        return np.stack(arrays, axis=1).reshape(-1)

    # the 32-byte records are stacked as their uint64 words: np.stack copies a void dtype
    # element by element (~0.75 ms for 4,096 rows, 12x the four gathers)
    words = np.stack([r.view(np.uint64).reshape(-1, 4) for r in records], axis=1)

    return _Rows(
        index=per_block(indices),
        cls=per_block(cls),
        ranks=per_block([v >> np.uint32(8) for v in values]),
        records=words.reshape(-1, 4).view(records[0].dtype).reshape(-1),
        complement=per_block(complement),
        others=per_block([p12, p02, p01]),
        offset=per_block([c * 900 + need for c in cls]),
        triple=triple,
        calls=calls,
        need=need,
        bits=_bitsets(flags),
        stats=summed >> np.uint32(16),
        own=own is not None,
    )


def _at(value: Any, rows: np.ndarray) -> Any:
    """A per-row value (an int for every row, or an (n,) array) at ``rows``."""
    return value if np.ndim(value) == 0 else _take(value, rows)


def _or_selected(words: np.ndarray, select: np.ndarray, useful: np.ndarray) -> np.ndarray:
    """:func:`~riichi_lut.analysis.efficiency_batch.or_useful` of records already gathered."""
    w = words.view(np.uint64).reshape(-1, 4) & select.take(useful).view(np.uint64).reshape(-1, 4)
    x = w[:, 0] | w[:, 1]
    x |= w[:, 2]  # (word 3 holds the six zero lanes of the padding)
    x |= x >> _U64(32)
    x |= x >> _U64(16)
    return np.asarray(x & _U64(0xFFFF))


def _runs(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first candidate of each run of equal keys, run of each candidate)."""
    new = np.empty(len(key), dtype=bool)
    new[:1] = True
    np.not_equal(key[1:], key[:-1], out=new[1:])
    return np.flatnonzero(new), np.cumsum(new, dtype=np.intp) - 1


def _changed(
    lut: KernelTables, ctx: _Rows, row: np.ndarray, kind: np.ndarray, honor: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The changed block of each candidate: (row * 4 + block, class, rank, first candidate
    of each run of equal (row, block, class), run of each candidate)."""
    at = row * 4 + (3 if honor else _take(_BLOCK, kind))
    value = _take(lut.honor if honor else lut.suit, _take(ctx.index, at) - _take(_STEP, kind))
    cls = (value & np.uint32(0xFF)).astype(np.intp)
    first, run = _runs(at * 256 + cls)
    return at, cls, value >> np.uint32(8), first, run


def _suit_candidates(
    lut: KernelTables, ctx: _Rows, row: np.ndarray, kind: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(standard shanten, standard mask) of discarding ``kind`` (a suit) from ``row``."""
    at, cls, rank, first, run = _changed(lut, ctx, row, kind, False)
    g_at, g_cls = _take(at, first), _take(cls, first)
    g_block = g_at & 3
    base = g_at - g_block
    g_row = base >> 2
    cz = _take(ctx.cls, base + 3)
    p12 = _take(ctx.others, g_row * 3 + g_block)
    k2 = _take(lut.triple, p12 * 126 + g_cls)
    shanten = _take(lut.standard, (k2 * 55 + cz) * 5 + _at(ctx.calls, g_row))
    need = _at(ctx.need, g_row)
    select = lut.select
    mask = _or_selected(
        _take(ctx.records, base + 3), select, _take(lut.honor_useful, (cz * 180 + k2) * 5 + need)
    )
    mask <<= _U64(27)
    first_other, second_other = base + _take(_FIRST, g_block), base + _take(_SECOND, g_block)
    g_pairs = g_cls * 126
    for here, there in ((first_other, second_other), (second_other, first_other)):
        complement = _take(lut.pair_honor, _take(lut.pair, g_pairs + _take(ctx.cls, there)) * 55 + cz)
        useful = _take(lut.suit_useful, _take(ctx.offset, here) + complement * 5)
        mask |= _or_selected(_take(ctx.records, here), select, useful) << _take(_SHIFT, here & 3)
    # the changed block itself: its useful set by run, its masks by candidate
    g_useful = g_cls * 900 + _take(ctx.complement, g_at) * 5 + need
    own = or_useful(lut.suit_masks[NECESSARY], select, rank, _take(lut.suit_useful, _take(g_useful, run)))
    own <<= _take(_SHIFT, at & 3)
    own |= _take(mask, run)
    return _take(shanten, run), own


def _honor_candidates(
    lut: KernelTables, ctx: _Rows, row: np.ndarray, kind: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(standard shanten, standard mask) of discarding ``kind`` (an honor) from ``row``."""
    at, cls, rank, first, run = _changed(lut, ctx, row, kind, True)
    g_cls, g_row = _take(cls, first), _take(row, first)
    base = _take(at, first) - 3
    k2 = _take(ctx.triple, g_row)
    shanten = _take(lut.standard, (k2 * 55 + g_cls) * 5 + _at(ctx.calls, g_row))
    select = lut.select
    mask = np.zeros(len(first), dtype=np.uint64)
    g_row3 = g_row * 3
    for b in range(3):
        complement = _take(lut.pair_honor, _take(ctx.others, g_row3 + b) * 55 + g_cls)
        useful = _take(lut.suit_useful, _take(ctx.offset, base + b) + complement * 5)
        mask |= _or_selected(_take(ctx.records, base + b), select, useful) << _SHIFT[b]
    g_useful = (g_cls * 180 + k2) * 5 + _at(ctx.need, g_row)
    own = or_useful(lut.honor_masks[NECESSARY], select, rank, _take(lut.honor_useful, _take(g_useful, run)))
    own <<= _U64(27)
    own |= _take(mask, run)
    return _take(shanten, run), own


def _best_keys(lut: KernelTables, rows: np.ndarray, ctx: _Rows, candidates: np.ndarray) -> np.ndarray:
    """The smallest candidate key of each row (int32) from the 34-bit masks of its
    ``candidates`` (uint64): every row has one. Suit and honor discards are two separate
    passes (their changed blocks differ in kind), each reduced per row, then combined."""
    keys = np.full(len(candidates), np.iinfo(np.int32).max, dtype=np.int32)
    for honor in (False, True):
        part = candidates >> _U64(27) if honor else candidates & _SUITS
        counts = np.bitwise_count(part).astype(np.intp)
        present = np.flatnonzero(counts)
        if not len(present):
            continue
        width = 7 if honor else 27
        as_bytes = part.view(np.uint8).reshape(-1, 8)[:, : 1 if honor else 4]
        flat = np.flatnonzero(np.unpackbits(as_bytes, axis=1, count=width, bitorder="little"))
        row = np.repeat(np.arange(len(candidates)), counts)
        kind = flat - row * width  # (np.nonzero of an (n, 34) array was 2x slower)
        if honor:
            kind += 27
        sizes = _take(counts, present)
        starts = np.cumsum(sizes) - sizes
        part_keys = _part_keys(lut, rows, ctx, row, kind, honor)
        minima = np.minimum.reduceat(part_keys, starts)
        keys[present] = np.minimum(_take(keys, present), minima)
    return keys


def _part_keys(
    lut: KernelTables, rows: np.ndarray, ctx: _Rows, row: np.ndarray, kind: np.ndarray, honor: bool
) -> np.ndarray:
    """The key of each candidate (int32), all suit or all honor discards."""
    shanten, mask = (_honor_candidates if honor else _suit_candidates)(lut, ctx, row, kind)
    if np.ndim(ctx.calls) != 0 or ctx.calls == 0:
        shanten, mask = _with_closed_forms(rows, ctx, row, kind, shanten, mask)
    # live tiles accepted: popcounts against the bit planes of 4 - held - visible
    bits = ctx.bits
    total = np.bitwise_count(_take(bits[_LIVE], row) & mask).astype(np.int32)
    total += np.bitwise_count(_take(bits[_LIVE + 1], row) & mask).astype(np.int32) << 1
    total += np.bitwise_count(_take(bits[_LIVE + 2], row) & mask).astype(np.int32) << 2
    waits = _take(_BIT, kind)
    if ctx.own:
        waits |= _take(bits[_OWN], row)
    furiten = (shanten == 0) & ((mask & waits) != 0)
    keys = (total == 0).astype(np.int32) << _DEAD_SHIFT
    keys |= shanten.astype(np.int32) << _SHANTEN_SHIFT
    keys |= furiten.astype(np.int32) << _FURITEN_SHIFT
    keys |= (255 - total) << 6
    keys |= kind
    return np.asarray(keys)


def _with_closed_forms(
    rows: np.ndarray,
    ctx: _Rows,
    row: np.ndarray,
    kind: np.ndarray,
    shanten: np.ndarray,
    mask: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The candidates' shanten and masks over all three forms: chiitoitsu and kokushi of
    each 13-tile hand from its row's statistics and kind sets minus the discarded copy."""
    t = discard_tables()
    entry = kind * 5 + _take(rows.reshape(-1), row * 34 + kind)
    stats = _take(ctx.stats, row) + _take(t.stats_delta, entry)
    single = _take(ctx.bits[_SINGLE], row) ^ _take(t.single_xor, entry)
    none = _take(ctx.bits[_NONE], row) | _take(t.none_or, entry)
    chiitoitsu = _take(t.chiitoitsu, stats & np.uint32(127))
    kokushi = _take(t.kokushi, (stats >> np.uint32(7)) & np.uint32(127))
    if np.ndim(ctx.calls) != 0:
        open_ = _take(ctx.calls, row) != 0
        chiitoitsu[open_] = _NO_FORM
        kokushi[open_] = _NO_FORM
    # draws that improve seven pairs: a single, or a new kind while fewer than seven kinds
    chi_mask = single | none * (((stats >> np.uint32(KINDS)) & np.uint32(15)) < 7)
    # draws that improve kokushi: a missing orphan, or a second copy while none is paired
    unpaired = ((stats >> np.uint32(ORPHAN_PAIRS)) & np.uint32(7)) == 0
    ko_mask = _YAOCHU & (none | single * unpaired)
    best = np.minimum(shanten, np.minimum(chiitoitsu, kokushi))
    merged = mask * (shanten == best)
    merged |= chi_mask * (chiitoitsu == best)
    merged |= ko_mask * (kokushi == best)
    return best, merged


def _keep(lut: KernelTables, ctx: _Rows) -> tuple[np.ndarray, np.ndarray]:
    """(shanten, 34-bit mask of the discards that keep it) of each 14-tile row, over the
    forms that apply (the rules of ``forms.chiitoitsu_masks`` / ``kokushi_masks``)."""
    n = len(ctx.triple)
    base = np.arange(n) * 4
    shanten = _take(lut.standard, (ctx.triple * 55 + _take(ctx.cls, base + 3)) * 5 + ctx.calls)
    mask = np.zeros(n, dtype=np.uint64)
    for b in range(4):
        at = base + b
        records = lut.honor_masks[UNNECESSARY] if b == 3 else lut.suit_masks[UNNECESSARY]
        useful = _take(
            lut.honor_useful if b == 3 else lut.suit_useful,
            _take(ctx.offset, at) + _take(ctx.complement, at) * 5,
        )
        mask |= or_useful(records, lut.select, _take(ctx.ranks, at), useful) << _SHIFT[b]
    if np.ndim(ctx.calls) == 0 and ctx.calls:
        return shanten, mask
    t, stats, bits = discard_tables(), ctx.stats, ctx.bits
    chiitoitsu = _take(t.chiitoitsu, stats & np.uint32(127))
    kokushi = _take(t.kokushi, (stats >> np.uint32(7)) & np.uint32(127))
    if np.ndim(ctx.calls) != 0:
        open_ = ctx.calls != 0
        chiitoitsu[open_] = _NO_FORM
        kokushi[open_] = _NO_FORM
    none, single, double, more = (bits[plane] for plane in (_NONE, _SINGLE, _DOUBLE, _MORE))
    # a third / fourth copy goes for free; a single only while there are more than 7 kinds
    chi_mask = more | single * (((stats >> np.uint32(KINDS)) & np.uint32(15)) > 7)
    # anything but an orphan, a third copy, or one copy of a pair while another pair stays
    two_pairs = ((stats >> np.uint32(ORPHAN_PAIRS)) & np.uint32(7)) >= 2
    ko_mask = (~_YAOCHU & _ALL & ~none) | (_YAOCHU & more) | (_YAOCHU & double) * two_pairs
    best = np.minimum(shanten, np.minimum(chiitoitsu, kokushi))
    merged = mask * (shanten == best)
    merged |= chi_mask * (chiitoitsu == best)
    merged |= ko_mask * (kokushi == best)
    return best, merged


def best_discards(
    lut: KernelTables,
    rows: np.ndarray,
    calls: Any,
    visible: np.ndarray | None,
    own: np.ndarray | None,
    offset: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(kind, shanten after, live ukeire after, furiten) of the best discard of each 3n+2
    row; ``visible`` includes the player's discards ``own``.

    Candidates are the discards that keep the shanten (every held kind of a complete
    hand); the live count treats the discarded tile as gone (4 - copies in the 14-tile
    hand - visible). Best: a live option before a dead one, then the lowest shanten, a
    non-furiten option before a furiten one, the most live tiles, the lowest kind. A row
    whose shanten-keeping candidates are all dead is searched again over every held kind
    (a worse shanten with live tiles beats them).
    """
    totals, indices = block_indices(rows)
    check_totals(totals, calls, offset, sizes=(14,))
    ctx = _context(lut, rows, indices, calls, visible, own)
    shanten, keep = _keep(lut, ctx)
    held = _ALL & ~ctx.bits[_NONE]
    candidates = np.where(shanten < 0, held, keep)
    keys = _best_keys(lut, rows, ctx, candidates)
    again = np.flatnonzero((keys >> _DEAD_SHIFT).astype(bool) & (candidates != held))
    if len(again):
        sub = rows[again]
        sub_ctx = _context(
            lut,
            sub,
            [index[again] for index in indices],
            _at(calls, again),
            None if visible is None else visible[again],
            None if own is None else own[again],
        )
        keys[again] = _best_keys(lut, sub, sub_ctx, _take(held, again))
    after = (keys >> _SHANTEN_SHIFT) & 15
    furiten = (keys >> _FURITEN_SHIFT) & 1
    total = 255 - ((keys >> 6) & 255)
    return (keys & 63).astype(np.int8), after.astype(np.int8), total.astype(np.int16), furiten.astype(bool)
