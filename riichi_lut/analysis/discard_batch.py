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
from .efficiency_batch import KernelTables, analyse_indices, or_useful
from .forms import KINDS, ORPHAN_PAIRS, kind_stats, stats_tables
from .shanten import batch_tables as shanten_tables

__all__ = ["DiscardTables", "best_discards", "discard_tables"]

_U64 = np.uint64
_BIT = np.left_shift(_U64(1), np.arange(34, dtype=np.uint64))
_YAOCHU = _U64(sum(1 << k for k in TERMINALS_AND_HONORS))
_STEP = np.array([5**k for k in range(9)] * 3 + [5**k for k in range(7)], dtype=np.uint32)
_OTHERS = ((1, 2), (0, 2), (0, 1))  # the other two suits of suit b
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


def _bitset(flags: np.ndarray) -> np.ndarray:
    """(n, 34) bool -> (n,) uint64 with bit k set where ``flags[:, k]``."""
    packed = np.zeros((len(flags), 8), dtype=np.uint8)
    packed[:, :5] = np.packbits(flags, axis=1, bitorder="little")
    return packed.view("<u8").reshape(-1).astype(np.uint64)


@dataclass
class _Rows:
    """What every candidate of a chunk reads from its 14-tile row (arrays of n rows)."""

    index: np.ndarray  # (n, 4) base-5 block indices, uint32
    cls: list[np.ndarray]  # block classes, intp
    rank: list[np.ndarray]  # block pattern ranks, uint32
    pair: dict[tuple[int, int], np.ndarray]  # suit pair classes
    triple: np.ndarray  # class of the three suits
    need: Any  # melds still needed: int or (n,) intp
    calls: Any


def _rows(lut: KernelTables, indices: list[np.ndarray], calls: Any) -> _Rows:
    values = [lut.suit[i] for i in indices[:3]] + [lut.honor[indices[3]]]
    cls = [(v & np.uint32(0xFF)).astype(np.intp) for v in values]
    pair = {(a, b): lut.pair[cls[a] * 126 + cls[b]] for a, b in ((0, 1), (0, 2), (1, 2))}
    return _Rows(
        index=np.stack(indices, axis=1),
        cls=cls,
        rank=[v >> np.uint32(8) for v in values],
        pair=pair,
        triple=lut.triple[pair[0, 1] * 126 + cls[2]],
        need=4 - calls,
        calls=calls,
    )


def _at(value: Any, rows: np.ndarray) -> Any:
    """A per-row value (an int for every row, or an (n,) array) at ``rows``."""
    return value if np.ndim(value) == 0 else value[rows]


def _runs(row: np.ndarray, block: np.ndarray, cls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first candidate of each run of equal (row, block, class), run of each candidate)."""
    new = np.empty(len(row), dtype=bool)
    new[:1] = True
    np.not_equal(row[1:], row[:-1], out=new[1:])
    new[1:] |= block[1:] != block[:-1]
    new[1:] |= cls[1:] != cls[:-1]
    first = np.flatnonzero(new)
    return first, np.cumsum(new, dtype=np.intp) - 1


def _suit_candidates(
    lut: KernelTables, ctx: _Rows, row: np.ndarray, kind: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(standard shanten, standard mask) of discarding ``kind`` (a suit) from ``row``."""
    block = kind // 9
    value = lut.suit[ctx.index.reshape(-1)[row * 4 + block] - _STEP[kind]]
    cls = (value & np.uint32(0xFF)).astype(np.intp)
    first, run = _runs(row, block, cls)
    g_row, g_block, g_cls = row[first], block[first], cls[first]
    cz, rz = ctx.cls[3][g_row], ctx.rank[3][g_row]
    need = _at(ctx.need, g_row)
    # the two other suits of each run: classes, ranks, bit offsets, their pair class
    o1, o2 = (np.array([o[i] for o in _OTHERS])[g_block] for i in (0, 1))
    classes = np.stack(ctx.cls[:3], axis=1).reshape(-1)
    ranks = np.stack(ctx.rank[:3], axis=1).reshape(-1)
    c1, c2 = classes[g_row * 3 + o1], classes[g_row * 3 + o2]
    pairs = np.stack([ctx.pair[1, 2], ctx.pair[0, 2], ctx.pair[0, 1]], axis=1).reshape(-1)
    p12 = pairs[g_row * 3 + g_block]
    k2 = lut.triple[p12 * 126 + g_cls]
    g_shanten = lut.standard[(k2 * 55 + cz) * 5 + _at(ctx.calls, g_row)]
    records, select = lut.suit_masks[NECESSARY], lut.select
    mask = or_useful(lut.honor_masks[NECESSARY], select, rz, lut.honor_useful[(cz * 180 + k2) * 5 + need])
    mask <<= _U64(27)
    for c, other, o in ((c1, c2, o1), (c2, c1, o2)):
        complement = lut.pair_honor[lut.pair[g_cls * 126 + other] * 55 + cz]
        part = or_useful(
            records, select, ranks[g_row * 3 + o], lut.suit_useful[(c * 180 + complement) * 5 + need]
        )
        mask |= part << (o * 9).astype(np.uint64)
    # the changed block itself: its useful sets by run, its masks by candidate
    g_useful = (g_cls * 180 + lut.pair_honor[p12 * 55 + cz]) * 5 + need
    own = or_useful(records, select, value >> np.uint32(8), lut.suit_useful[g_useful[run]])
    own <<= (block * 9).astype(np.uint64)
    own |= mask[run]
    return g_shanten[run], own


def _honor_candidates(
    lut: KernelTables, ctx: _Rows, row: np.ndarray, kind: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(standard shanten, standard mask) of discarding ``kind`` (an honor) from ``row``."""
    value = lut.honor[ctx.index[:, 3][row] - _STEP[kind]]
    cls = (value & np.uint32(0xFF)).astype(np.intp)
    first, run = _runs(row, row, cls)
    g_row, g_cls = row[first], cls[first]
    need = _at(ctx.need, g_row)
    k2 = ctx.triple[g_row]
    g_shanten = lut.standard[(k2 * 55 + g_cls) * 5 + _at(ctx.calls, g_row)]
    records, select = lut.suit_masks[NECESSARY], lut.select
    mask = np.zeros(len(first), dtype=np.uint64)
    for b, (a, c) in enumerate(_OTHERS):
        complement = lut.pair_honor[ctx.pair[a, c][g_row] * 55 + g_cls]
        useful = lut.suit_useful[(ctx.cls[b][g_row] * 180 + complement) * 5 + need]
        part = or_useful(records, select, ctx.rank[b][g_row], useful)
        mask |= part << _U64(9 * b)
    g_useful = (g_cls * 180 + k2) * 5 + need
    own = or_useful(
        lut.honor_masks[NECESSARY], select, value >> np.uint32(8), lut.honor_useful[g_useful[run]]
    )
    own <<= _U64(27)
    own |= mask[run]
    return g_shanten[run], own


def _best_keys(
    lut: KernelTables,
    rows: np.ndarray,
    indices: list[np.ndarray],
    calls: Any,
    visible: np.ndarray | None,
    own: np.ndarray | None,
    candidates: np.ndarray,
) -> np.ndarray:
    """The smallest candidate key of each row (int32): every row has a candidate."""
    ctx = _rows(lut, indices, calls)
    row, kind = np.nonzero(candidates)
    shanten = np.empty(len(row), dtype=np.int8)
    mask = np.empty(len(row), dtype=np.uint64)
    honor = kind >= 27
    for part, compute in ((~honor, _suit_candidates), (honor, _honor_candidates)):
        where = np.flatnonzero(part)
        if len(where):
            shanten[where], mask[where] = compute(lut, ctx, row[where], kind[where])
    if np.ndim(calls) != 0 or calls == 0:
        shanten, mask = _with_closed_forms(rows, indices, calls, row, kind, shanten, mask)
    # live tiles accepted: popcounts against the bit planes of 4 - held - visible
    live = np.uint8(4) - rows
    if visible is not None:
        live -= visible
    total = np.zeros(len(row), dtype=np.int32)
    for bit in range(3):
        plane = _bitset(((live >> np.uint8(bit)) & np.uint8(1)).view(bool))[row]
        plane &= mask
        total += np.bitwise_count(plane).astype(np.int32) << bit
    waits = _BIT[kind]
    if own is not None:
        waits |= _bitset(own > 0)[row]
    furiten = (shanten == 0) & ((mask & waits) != 0)
    keys = (total == 0).astype(np.int32) << _DEAD_SHIFT
    keys |= shanten.astype(np.int32) << _SHANTEN_SHIFT
    keys |= furiten.astype(np.int32) << _FURITEN_SHIFT
    keys |= (255 - total) << 6
    keys |= kind
    starts = np.flatnonzero(np.r_[True, row[1:] != row[:-1]])
    return np.asarray(np.minimum.reduceat(keys, starts))


def _with_closed_forms(
    rows: np.ndarray,
    indices: list[np.ndarray],
    calls: Any,
    row: np.ndarray,
    kind: np.ndarray,
    shanten: np.ndarray,
    mask: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The candidates' shanten and masks over all three forms: chiitoitsu and kokushi of
    each 13-tile hand from its row's statistics and kind sets minus the discarded copy."""
    t, fused = discard_tables(), shanten_tables()
    im, ip, is_, iz = indices
    summed = fused.man[im] + fused.suit[ip]
    summed += fused.suit[is_]
    summed += fused.honor[iz]
    entry = kind * 5 + rows.reshape(-1)[row * 34 + kind]
    stats = (summed >> np.uint32(16))[row] + t.stats_delta[entry]
    single = _bitset(rows == 1)[row] ^ t.single_xor[entry]
    none = _bitset(rows == 0)[row] | t.none_or[entry]
    chiitoitsu = t.chiitoitsu[stats & np.uint32(127)]
    kokushi = t.kokushi[(stats >> np.uint32(7)) & np.uint32(127)]
    if np.ndim(calls) != 0:
        open_ = calls[row] != 0
        chiitoitsu[open_] = _NO_FORM
        kokushi[open_] = _NO_FORM
    # draws that improve seven pairs: a single, or a new kind while fewer than seven kinds
    chi_mask = single | np.where(((stats >> np.uint32(KINDS)) & np.uint32(15)) < 7, none, _U64(0))
    # draws that improve kokushi: a missing orphan, or a second copy while none is paired
    unpaired = ((stats >> np.uint32(ORPHAN_PAIRS)) & np.uint32(7)) == 0
    ko_mask = _YAOCHU & (none | np.where(unpaired, single, _U64(0)))
    best = np.minimum(shanten, np.minimum(chiitoitsu, kokushi))
    merged = np.where(shanten == best, mask, _U64(0))
    merged |= np.where(chiitoitsu == best, chi_mask, _U64(0))
    merged |= np.where(kokushi == best, ko_mask, _U64(0))
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
    shanten, keep = analyse_indices(lut, indices, lambda subset: rows[subset], calls, UNNECESSARY)
    held = rows > 0
    candidates = np.where((shanten < 0)[:, None], held, keep)
    keys = _best_keys(lut, rows, indices, calls, visible, own, candidates)
    again = np.flatnonzero((keys >> _DEAD_SHIFT).astype(bool) & (candidates != held).any(axis=1))
    if len(again):
        keys[again] = _best_keys(
            lut,
            rows[again],
            [index[again] for index in indices],
            _at(calls, again),
            None if visible is None else visible[again],
            None if own is None else own[again],
            held[again],
        )
    after = (keys >> _SHANTEN_SHIFT) & 15
    furiten = (keys >> _FURITEN_SHIFT) & 1
    total = 255 - ((keys >> 6) & 255)
    return (keys & 63).astype(np.int8), after.astype(np.int8), total.astype(np.int16), furiten.astype(bool)
