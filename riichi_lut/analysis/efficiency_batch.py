"""Batch kernels of the hint engine over (N, 34) count arrays: ukeire and best discard.

The same mathematics as ``riichi_lut.analysis.acceptance``, vectorised: per chunk of rows, the four
block indices, their classes and pattern ranks (one gather each), the complement classes
through the composition tables, the useful (pair, m) sets, and an OR of the block masks
over those sets. Chiitoitsu and kokushi (:mod:`riichi_lut.analysis.forms`) are evaluated only
on the rows where one of them reaches the standard form's shanten. No Python loop over hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.hand import MAX_CALLS
from ..core.tiles import KIND_NAMES
from ..errors import InvalidHandError
from ..lut import loader
from ..lut.rows import block_indices, check_totals
from . import sanma
from .acceptance import NECESSARY, UNNECESSARY
from .forms import closed_masks_batch
from .shanten import batch_tables as shanten_tables

_RECORD = np.dtype((np.void, 32))  # 16 uint16 = 4 uint64: one gather fetches all ten masks


@dataclass(frozen=True)
class KernelTables:
    suit: np.ndarray  # class | rank << 8 by base-5 index, uint32
    honor: np.ndarray
    pair: np.ndarray  # [c1 * 126 + c2] -> class of two suits, intp
    pair_honor: np.ndarray  # [k1 * 55 + cz] -> class of two suits and honors, intp
    triple: np.ndarray  # [k1 * 126 + c3] -> class of three suits, intp
    standard: np.ndarray  # [(k2 * 55 + cz) * 5 + calls] -> shanten, int8
    suit_useful: np.ndarray  # [(c * 180 + k1z) * 5 + need] -> 10-bit set, uint16
    honor_useful: np.ndarray  # [(cz * 180 + k2) * 5 + need]
    suit_masks: tuple[np.ndarray, np.ndarray]  # per which: 32-byte records by rank
    honor_masks: tuple[np.ndarray, np.ndarray]
    select: np.ndarray  # 32-byte records by useful set: 0xFFFF where its bit is set


def _class_and_rank(classes: np.ndarray) -> np.ndarray:
    valid = classes != 255
    ranks = np.cumsum(valid, dtype=np.uint32) - 1
    return np.where(valid, classes.astype(np.uint32) | ranks << np.uint32(8), 0).astype(np.uint32)


def _records(masks: np.ndarray) -> np.ndarray:
    """(10, R) masks -> R records of 16 uint16 (the ten masks, six zeros), rank-major."""
    padded = np.zeros((masks.shape[1], 16), dtype=np.uint16)
    padded[:, :10] = masks.T
    return padded.view(_RECORD).reshape(-1)


def _select_records() -> np.ndarray:
    useful = np.arange(1024)[:, None]
    padded = np.zeros((1024, 16), dtype=np.uint16)
    padded[:, :10] = np.where((useful >> np.arange(10)) & 1, 0xFFFF, 0)
    return padded.view(_RECORD).reshape(-1)


def _build(t: loader.Tables) -> KernelTables:
    return KernelTables(
        suit=_class_and_rank(t["suit_class"]),
        honor=_class_and_rank(t["honor_class"]),
        pair=t["suit_pair_class"].astype(np.intp).reshape(-1),
        pair_honor=t["suit_pair_honor_class"].astype(np.intp).reshape(-1),
        triple=t["suit_triple_class"].astype(np.intp).reshape(-1),
        standard=np.ascontiguousarray(t["standard_shanten"]).reshape(-1),
        suit_useful=np.ascontiguousarray(t["suit_useful"]).reshape(-1),
        honor_useful=np.ascontiguousarray(t["honor_useful"]).reshape(-1),
        suit_masks=tuple(_records(m) for m in t["suit_masks"].reshape(2, 10, -1)),  # type: ignore[arg-type]
        honor_masks=tuple(_records(m) for m in t["honor_masks"].reshape(2, 10, -1)),  # type: ignore[arg-type]
        select=_select_records(),
    )


def tables() -> KernelTables:
    return loader.tables().derived("efficiency.batch", _build)


def or_useful(records: np.ndarray, select: np.ndarray, rank: np.ndarray, useful: np.ndarray) -> np.ndarray:
    """OR of the masks ``j`` of each row's pattern over the bits ``j`` set in ``useful``.

    One gather of a 32-byte record per row brings all ten masks as four uint64 words (four
    16-bit lanes each); a second gather brings the matching lane selection; three ORs
    and two folds leave the 16-bit union. (A (10, n) fancy index was 4x slower.)
    """
    words = np.take(records, rank).view(np.uint64).reshape(-1, 4)
    words &= np.take(select, useful).view(np.uint64).reshape(-1, 4)
    x = words[:, 0] | words[:, 1]
    x |= words[:, 2]
    x |= words[:, 3]
    x |= x >> np.uint64(32)
    x |= x >> np.uint64(16)
    return np.asarray(x & np.uint64(0xFFFF))


def standard_masks(
    lut: KernelTables, indices: list[np.ndarray], calls: Any, which: int
) -> tuple[np.ndarray, np.ndarray]:
    """(standard shanten int8 (n,), 34-bit masks uint64 (n,)) from validated rows' block
    indices."""
    im, ip, is_, iz = indices
    vm, vp, vs, vz = lut.suit[im], lut.suit[ip], lut.suit[is_], lut.honor[iz]
    cm, cp, cs, cz = ((v & np.uint32(0xFF)).astype(np.intp) for v in (vm, vp, vs, vz))
    k_mp = lut.pair[cm * 126 + cp]
    k_ms = lut.pair[cm * 126 + cs]
    k_ps = lut.pair[cp * 126 + cs]
    k2 = lut.triple[k_mp * 126 + cs]
    need = MAX_CALLS - calls
    shanten = lut.standard[(k2 * 55 + cz) * 5 + calls]
    suit, select = lut.suit_masks[which], lut.select
    combined = or_useful(
        suit, select, vm >> 8, lut.suit_useful[(cm * 180 + lut.pair_honor[k_ps * 55 + cz]) * 5 + need]
    )
    parts = (
        or_useful(
            suit, select, vp >> 8, lut.suit_useful[(cp * 180 + lut.pair_honor[k_ms * 55 + cz]) * 5 + need]
        ),
        or_useful(
            suit, select, vs >> 8, lut.suit_useful[(cs * 180 + lut.pair_honor[k_mp * 55 + cz]) * 5 + need]
        ),
        or_useful(lut.honor_masks[which], select, vz >> 8, lut.honor_useful[(cz * 180 + k2) * 5 + need]),
    )
    for shift, part in zip((9, 18, 27), parts, strict=True):
        combined |= part << np.uint64(shift)
    return shanten, combined


def unpack_masks(masks: np.ndarray) -> np.ndarray:
    """(n,) uint64 34-bit masks -> (n, 34) bool."""
    as_bytes = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :34].view(bool)


def analyse_rows(
    lut: KernelTables, rows: np.ndarray, calls: Any, which: int, offset: int
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """(shanten (n,) int8, mask (n, 34) bool, block indices) of a chunk: NECESSARY for 3n+1
    rows, UNNECESSARY for 3n+2 rows; the union over the forms at the minimum shanten."""
    totals, indices = block_indices(rows)
    check_totals(totals, calls, offset, sizes=(13 if which == NECESSARY else 14,))
    shanten, accepted = analyse_indices(lut, indices, lambda subset: rows[subset], calls, which)
    return shanten, accepted, indices


def analyse_indices(
    lut: KernelTables,
    indices: list[np.ndarray],
    rows_of: Callable[[np.ndarray], np.ndarray],
    calls: Any,
    which: int,
) -> tuple[np.ndarray, np.ndarray]:
    """As :func:`analyse_rows` from block indices; ``rows_of(subset)`` gives the count rows
    of the few rows where chiitoitsu or kokushi reach the standard shanten."""
    shanten, masks = standard_masks(lut, indices, calls, which)
    accepted = unpack_masks(masks)
    # chiitoitsu / kokushi matter only on closed rows where they reach the standard value;
    # their shanten comes from the statistics the shanten batch tables carry
    chiitoitsu, kokushi, stats = closed_form_shanten(indices)
    closed = np.broadcast_to(np.asarray(calls) == 0, shanten.shape)
    stats_rows = np.flatnonzero(closed & (np.minimum(chiitoitsu, kokushi) <= shanten))
    if len(stats_rows):
        chi_mask, ko_mask = closed_masks_batch(rows_of(stats_rows), stats[stats_rows], which == NECESSARY)
        chi, ko = chiitoitsu[stats_rows], kokushi[stats_rows]
        std = shanten[stats_rows]
        best = np.minimum(std, np.minimum(chi, ko))
        merged = accepted[stats_rows] & (std == best)[:, None]
        merged |= chi_mask & (chi == best)[:, None]
        merged |= ko_mask & (ko == best)[:, None]
        accepted[stats_rows] = merged
        shanten = shanten.copy()
        shanten[stats_rows] = best
    return shanten, accepted


def closed_form_shanten(indices: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chiitoitsu, kokushi) shanten (int8) of rows from their block indices, and the
    packed statistics they come from."""
    fused = shanten_tables()
    im, ip, is_, iz = indices
    summed = fused.man[im] + fused.suit[ip]
    summed += fused.suit[is_]
    summed += fused.honor[iz]
    stats = summed >> 16
    return fused.chiitoitsu[stats & np.uint32(127)], fused.kokushi[stats >> 7], stats


def check_visible(rows: np.ndarray, visible: np.ndarray | None, offset: int) -> None:
    if visible is None:
        return
    over = (rows.astype(np.int16) + visible) > 4
    if over.any():
        bad = over.any(axis=1)
        i = int(np.flatnonzero(bad)[0])
        kind = int(np.flatnonzero(over[i])[0])
        row = offset + i
        raise InvalidHandError(
            f"row {row}: {KIND_NAMES[kind]} has {int(rows[i, kind])} in hand + {int(visible[i, kind])}"
            " visible (at most 4)",
            row=row,
        )


def live_total(rows: np.ndarray, visible: np.ndarray | None, accepted: np.ndarray) -> np.ndarray:
    """Sum over accepted kinds of 4 - held - visible, int16 (n,): the products are summed
    as 17 uint16 pairs per row, transposed, both byte sums staying below 256."""
    live = np.uint8(4) - rows
    if visible is not None:
        live -= visible
    live *= accepted
    both = np.ascontiguousarray(live.view("<u2").T).sum(axis=0, dtype=np.uint16)
    return np.asarray(((both & np.uint16(0xFF)) + (both >> 8)).astype(np.int16))


_ROW = np.dtype((np.void, 34))
_BLOCK_OF = np.repeat(np.arange(4), [9, 9, 9, 7])
_STEP_OF = np.array([5**k for k in range(9)] * 3 + [5**k for k in range(7)], dtype=np.uint32)


def gather_rows(rows: np.ndarray, which: np.ndarray) -> np.ndarray:
    """``rows[which]`` for (n, 34) uint8 rows, as one 34-byte record per row (a 2-D fancy
    index copies element by element and is several times slower)."""
    return np.take(rows.view(_ROW).reshape(-1), which).view(np.uint8).reshape(-1, 34)


def best_discards_reference(
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
    hand). Each candidate's 13-tile hand is analysed in one expanded batch whose block
    indices are the 14-tile row's minus one digit; the live count treats the discarded
    tile as gone (4 - copies in the 14-tile hand - visible). Best: a live option before a
    dead one, then the lowest shanten, a non-furiten option before a furiten one, the
    most live tiles, the lowest kind. A row whose shanten-keeping candidates are all dead
    is searched again over every held kind (a worse shanten with live tiles beats them).
    """
    shanten, keep, indices = analyse_rows(lut, rows, calls, UNNECESSARY, offset)
    candidates = np.where((shanten < 0)[:, None], rows > 0, keep)
    keys = _best_keys(lut, rows, calls, visible, own, indices, candidates)
    again = np.flatnonzero((keys >> _DEAD_SHIFT).astype(bool) & (candidates != (rows > 0)).any(axis=1))
    if len(again):
        sub_calls = calls if np.ndim(calls) == 0 else np.asarray(calls)[again]
        keys[again] = _best_keys(
            lut,
            rows[again],
            sub_calls,
            None if visible is None else visible[again],
            None if own is None else own[again],
            [index[again] for index in indices],
            rows[again] > 0,
        )
    return _key_fields(keys)


# the key of a candidate, smaller better: dead | shanten after | furiten | 255 - total | kind
_FURITEN_SHIFT, _SHANTEN_SHIFT, _DEAD_SHIFT = 14, 15, 19


def _best_keys(
    lut: KernelTables,
    rows: np.ndarray,
    calls: Any,
    visible: np.ndarray | None,
    own: np.ndarray | None,
    indices: list[np.ndarray],
    candidates: np.ndarray,
) -> np.ndarray:
    """The smallest candidate key of each row (int32): every row has a candidate."""
    row_of, kind_of = np.nonzero(candidates)
    expanded = [index[row_of] for index in indices]
    block, step = _BLOCK_OF[kind_of], _STEP_OF[kind_of]
    for b in range(4):
        here = block == b
        expanded[b][here] -= step[here]

    def rows_of(subset: np.ndarray) -> np.ndarray:
        sub = gather_rows(rows, row_of[subset])
        sub[np.arange(len(subset)), kind_of[subset]] -= 1
        return sub

    calls_of = calls if np.ndim(calls) == 0 else np.asarray(calls)[row_of]
    after, accepted = analyse_indices(lut, expanded, rows_of, calls_of, NECESSARY)
    return _smallest_keys(rows, row_of, kind_of, after, accepted, visible, own)


def _smallest_keys(
    rows: np.ndarray,
    row_of: np.ndarray,
    kind_of: np.ndarray,
    after: np.ndarray,
    accepted: np.ndarray,
    visible: np.ndarray | None,
    own: np.ndarray | None,
) -> np.ndarray:
    """The smallest candidate key of each row (int32) from the candidates (row ``row_of``
    discarding ``kind_of``, in row order) with their shanten ``after`` the discard and
    ``accepted`` kinds: live total (the discarded tile counts as gone), furiten (tenpai
    on a kind discarded, this one or one of ``own``), dead (no live tile)."""
    seen = None if visible is None else gather_rows(np.ascontiguousarray(visible), row_of)
    totals = live_total(gather_rows(rows, row_of), seen, accepted).astype(np.int32)
    tenpai = after == 0
    furiten = tenpai & accepted[np.arange(len(kind_of)), kind_of]
    if own is not None:
        discarded = gather_rows(np.ascontiguousarray(own), row_of) > 0
        furiten |= tenpai & (accepted & discarded).any(axis=1)
    keys = (totals == 0).astype(np.int32) << _DEAD_SHIFT
    keys |= after.astype(np.int32) << _SHANTEN_SHIFT
    keys |= furiten.astype(np.int32) << _FURITEN_SHIFT
    keys |= (255 - totals) << 6
    keys |= kind_of.astype(np.int32)
    starts = np.flatnonzero(np.r_[True, row_of[1:] != row_of[:-1]])
    return np.asarray(np.minimum.reduceat(keys, starts))


def _key_fields(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(discard kind int8, shanten after int8, live total int16, furiten bool) of keys."""
    after = (keys >> _SHANTEN_SHIFT) & 15
    furiten = (keys >> _FURITEN_SHIFT) & 1
    total = 255 - ((keys >> 6) & 255)
    return (keys & 63).astype(np.int8), after.astype(np.int8), total.astype(np.int16), furiten.astype(bool)


def analyse_rows_three_player(
    rows: np.ndarray, calls: Any, which: int, offset: int
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`analyse_rows` of three-player rows (checked for 2m-8m by the caller): the
    shanten and mask by :func:`riichi_lut.analysis.sanma.acceptance_indices`."""
    totals, indices = block_indices(rows)
    check_totals(totals, calls, offset, sizes=(13 if which == NECESSARY else 14,))
    return sanma.acceptance_indices(rows, indices, closed_form_shanten(indices)[2], calls, which == NECESSARY)


def best_discards_three_player(
    rows: np.ndarray,
    calls: Any,
    visible: np.ndarray | None,
    own: np.ndarray | None,
    offset: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`best_discards_reference` for three-player rows: every held kind is a
    candidate, each 13-tile candidate hand analysed by
    :func:`riichi_lut.analysis.sanma.acceptance_indices`; the same key and live count (the
    discarded tile counts as gone)."""
    totals, _ = block_indices(rows)
    check_totals(totals, calls, offset, sizes=(14,))
    row_of, kind_of = np.nonzero(rows > 0)
    hands = gather_rows(rows, row_of)
    hands[np.arange(len(kind_of)), kind_of] -= 1
    calls_of = calls if np.ndim(calls) == 0 else np.asarray(calls)[row_of]
    indices = block_indices(hands)[1]
    after, accepted = sanma.acceptance_indices(
        hands, indices, closed_form_shanten(indices)[2], calls_of, True
    )
    return _key_fields(_smallest_keys(rows, row_of, kind_of, after, accepted, visible, own))
