"""The vectorised kernel of :func:`riichi_lut.mcr.shanten.shanten_batch` and its look-up
arrays, derived once from the Riichi block tables (no table of its own).

Every block pattern (base-5 index, docs/tables.md) gets one 64-bit *word*:

* bits 0-13: the block's regular class (premultiplied by 5 for the honors, as the
  composition chain of :mod:`riichi_lut.analysis.shanten` wants it);
* bits 14-31: statistics that add field by field without carries over the four blocks of
  a hand: seven-pairs slots of cost 0 (``FREE``) and 1 (``CHEAP``), orphan kinds and orphan
  pairs (thirteen orphans), honor kinds (honors-and-knitted);
* suits only, bits 32-52: for each residue ``j`` (147, 258, 369) the class of the pattern
  less one copy of each held kind of that residue (7 bits each), and bits 53-58: how many
  of those kinds are held (2 bits each).

A chunk of rows then costs four block gathers and small-table look-ups: the regular
chain, the closed forms from the summed statistics, honors-and-knitted from one table over
the three suits' held counts, and knitted straight as the regular chain run on the reduced
classes of each of the 6 knitted sets (for ``form="all"`` only on the rows where its
missing-kinds bound lets it win).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..lut import loader
from ..lut.blocks import HONOR, SUIT, Block, broadcast_sum
from ..lut.rows import block_indices, check_totals
from .forms import RESIDUE_KINDS, SUIT_ORDERS, seven_pairs_from_slots

__all__ = ["NOT_APPLICABLE", "BatchTables", "batch_tables", "chunk"]

NOT_APPLICABLE = 127
"""What :func:`~riichi_lut.mcr.shanten.shanten_batch` gives for a form that does not apply
to a row (the scalar result's ``None``): above every real shanten, so minima ignore it."""

# Word fields: the class below CLASS_BITS, the statistics above it (offsets within them),
# the reduced classes from bit REDUCED, the held counts from bit HELD.
CLASS_BITS = 14
FREE, CHEAP, ORPHAN_KINDS, ORPHAN_PAIRS, HONOR_KINDS = 0, 4, 8, 12, 15
STATS_MASK = (1 << 18) - 1
CLASS_MASK = (1 << CLASS_BITS) - 1
REDUCED, HELD = 32, 53


def _kind_stats(block: Block) -> np.ndarray:
    """``stats[i, c]``: the statistics of ``c`` copies of kind ``i`` of the block."""
    c = np.arange(5)
    stats = np.zeros((block.kinds, 5), dtype=np.uint32)
    free = (c >= 2).astype(int) + (c == 4)
    cheap = ((c == 1) | (c == 3)).astype(int)
    held, paired = (c >= 1).astype(int), (c >= 2).astype(int)
    for i in range(block.kinds):
        orphan = int((not block.runs) or i in (0, block.kinds - 1))
        stats[i] = (
            (free << FREE)
            + (cheap << CHEAP)
            + (held * orphan << ORPHAN_KINDS)
            + (paired * orphan << ORPHAN_PAIRS)
            + (held * int(not block.runs) << HONOR_KINDS)
        )
    return stats


def _low_word(t: loader.Tables, block: Block, multiplier: int) -> np.ndarray:
    """Class and statistics of every pattern of the block (uint32)."""
    classes = t[f"{block.name}_class"].astype(np.uint32)
    classes[classes == 255] = 0  # > 14 tiles: rows are validated before any look-up
    classes *= np.uint32(multiplier)
    return np.asarray(classes | broadcast_sum(block, _kind_stats(block)) << np.uint32(CLASS_BITS))


def _on_kinds(kinds: tuple[int, ...], per_count: np.ndarray) -> np.ndarray:
    """``out[h] = sum over i of per_count[i, h[kinds[i]]]`` over the suit grid, flat in
    base-5 order (the grid's last axis is kind 0, as in
    :func:`~riichi_lut.lut.blocks.broadcast_sum`, which adds all nine kinds)."""
    out = np.zeros(SUIT.shape, dtype=per_count.dtype)
    for i, k in enumerate(kinds):
        view = [1] * SUIT.kinds
        view[SUIT.kinds - 1 - k] = 5
        out += per_count[i].reshape(view)
    return out.reshape(-1)


def _suit_word(t: loader.Tables) -> np.ndarray:
    """The low word of the suit plus, from bit 32, the reduced classes and held counts."""
    classes = t["suit_class"]
    invalid = classes == 255
    index = np.arange(SUIT.size, dtype=np.int32)
    high = np.zeros(SUIT.size, dtype=np.uint32)
    some = (np.arange(5) >= 1).astype(np.uint32)
    for j, kinds in enumerate(RESIDUE_KINDS):
        steps = np.array([some * 5**k for k in kinds], dtype=np.int32)  # one copy less of each held kind
        reduced = classes[index - _on_kinds(kinds, steps)].astype(np.uint32)
        reduced[invalid] = 0
        held = _on_kinds(kinds, np.array([some] * 3))
        high |= reduced << np.uint32(7 * j) | held << np.uint32(HELD - REDUCED + 2 * j)
    return np.asarray(_low_word(t, SUIT, 1).astype(np.int64) | high.astype(np.int64) << REDUCED)


@dataclass(frozen=True)
class BatchTables:
    """Look-up arrays of the MCR batch path (see the module docstring)."""

    suit: np.ndarray  # word of a suit pattern, intp
    honor: np.ndarray  # word of an honor pattern (class * 5), intp
    pair: np.ndarray  # [man*126 + pin] -> suit pair class * 126, intp
    triple: np.ndarray  # [pair + sou] -> suit triple class * 275, intp
    regular: np.ndarray  # [triple + honor + calls] -> shanten, int8
    seven_pairs: np.ndarray  # int8 by (stats >> FREE) & 0xff
    thirteen_orphans: np.ndarray  # int8 by (stats >> ORPHAN_KINDS) & 0x7f
    knitted_held: np.ndarray  # [held m | held p << 6 | held s << 12] -> best knitted kinds, int8
    knitted_missing: tuple[np.ndarray, ...]  # per knitted set: [held index] -> its kinds not held, int8


def _build(t: loader.Tables) -> BatchTables:
    stats = np.arange(256)
    seven = np.array([seven_pairs_from_slots(s & 15, s >> 4) - 1 for s in stats], dtype=np.int8)
    orphans = np.arange(128)
    thirteen = (13 - (orphans & 15) - ((orphans >> 4) > 0)).astype(np.int8)
    held = np.arange(1 << 18)
    fields = [(held >> (2 * j)) & 3 for j in range(9)]  # suit s, residue j: fields[3 * s + j]
    missing = np.stack([9 - sum(fields[3 * s + r] for s, r in enumerate(order)) for order in SUIT_ORDERS])
    return BatchTables(
        suit=_suit_word(t).astype(np.intp),
        honor=_low_word(t, HONOR, 5).astype(np.intp),
        pair=t["suit_pair_class"].astype(np.intp).reshape(-1) * 126,
        triple=t["suit_triple_class"].astype(np.intp).reshape(-1) * 275,
        regular=np.ascontiguousarray(t["standard_shanten"]).reshape(-1),
        seven_pairs=seven,
        thirteen_orphans=thirteen,
        knitted_held=(9 - missing.min(axis=0)).astype(np.int8),
        knitted_missing=tuple(np.ascontiguousarray(row, dtype=np.int8) for row in missing),
    )


def batch_tables(t: loader.Tables) -> BatchTables:
    """The arrays above for a table set, built on first use and cached with it."""
    return t.derived("mcr.shanten.batch", _build)


def _knitted_straight(
    lut: BatchTables, wm: np.ndarray, wp: np.ndarray, ws: np.ndarray, base: Any
) -> np.ndarray:
    """Knitted-straight shanten (a set and a pair, or the pair alone with one call) of rows
    with suit words ``wm``, ``wp``, ``ws``; ``base`` is the honor class term plus
    ``3 + calls``. The regular chain runs on the reduced classes of each knitted set."""
    man = [((wm >> (REDUCED + 7 * j)) & 127) * 126 for j in range(3)]
    pin = [(wp >> (REDUCED + 7 * j)) & 127 for j in range(3)]
    sou = [(ws >> (REDUCED + 7 * j)) & 127 for j in range(3)]
    held = wm >> HELD | (wp >> HELD) << 6 | (ws >> HELD) << 12
    best: np.ndarray | None = None
    for order, (rm, rp, rs) in enumerate(SUIT_ORDERS):
        k = lut.pair[man[rm] + pin[rp]]
        k += sou[rs]
        k = lut.triple[k]
        k += base
        value = lut.regular[k]
        value += lut.knitted_missing[order][held]
        best = value if best is None else np.minimum(best, value, out=best)
    assert best is not None
    return best


def _knitted_straight_below(
    lut: BatchTables, wm: np.ndarray, wp: np.ndarray, ws: np.ndarray, base: Any, best: np.ndarray
) -> None:
    """Lower ``best`` (int8, in place) to the knitted-straight shanten where that is lower:
    each knitted set is evaluated only on the rows where its missing kinds minus one are
    below ``best`` (its shanten is at least that)."""
    held = wm >> HELD | (wp >> HELD) << 6 | (ws >> HELD) << 12
    for order, (rm, rp, rs) in enumerate(SUIT_ORDERS):
        missing = lut.knitted_missing[order][held]
        rows = np.flatnonzero(missing <= best)
        if not len(rows):
            continue
        k = ((wm[rows] >> (REDUCED + 7 * rm)) & 127) * 126
        k += (wp[rows] >> (REDUCED + 7 * rp)) & 127
        k = lut.pair[k]
        k += (ws[rows] >> (REDUCED + 7 * rs)) & 127
        k = lut.triple[k]
        k += base[rows]
        value = lut.regular[k]
        value += missing[rows]
        best[rows] = np.minimum(best[rows], value)


def chunk(lut: BatchTables, rows: np.ndarray, calls: np.ndarray | int, form: str, offset: int) -> np.ndarray:
    """MCR shanten of one chunk of validated rows (``form`` as in ``shanten_batch``)."""
    totals, (im, ip, is_, iz) = block_indices(rows)
    check_totals(totals, calls, offset)
    wm, wp, ws, wz = lut.suit[im], lut.suit[ip], lut.suit[is_], lut.honor[iz]
    closed: Any = calls == 0
    few: Any = calls <= 1
    if form == "knitted_straight":
        base = (wz & CLASS_MASK) + (3 + np.minimum(calls, 1))
        return np.asarray(
            np.where(few, _knitted_straight(lut, wm, wp, ws, base), NOT_APPLICABLE), dtype=np.int8
        )
    parts: list[np.ndarray] = []
    if form in ("all", "regular"):
        k = (wm & CLASS_MASK) * 126
        k += wp & CLASS_MASK
        k = lut.pair[k]
        k += ws & CLASS_MASK
        k = lut.triple[k]
        k += wz & CLASS_MASK
        k += calls
        regular = lut.regular[k]
        if form == "regular":
            return np.asarray(regular)
        parts.append(regular)
    total = wm + wp
    total += ws
    total += wz
    stats = (total >> CLASS_BITS) & STATS_MASK
    if form in ("all", "seven_pairs"):
        parts.append(lut.seven_pairs[stats & 255])
    if form in ("all", "thirteen_orphans"):
        parts.append(lut.thirteen_orphans[(stats >> ORPHAN_KINDS) & 127])
    if form in ("all", "honors_and_knitted"):
        held = wm >> HELD | (wp >> HELD) << 6 | (ws >> HELD) << 12
        knitted = lut.knitted_held[held]
        value = np.int8(13) - knitted
        value -= ((stats >> HONOR_KINDS) & 7).astype(np.int8)
        parts.append(value)
    if form != "all":
        return np.asarray(np.where(closed, parts[0], NOT_APPLICABLE), dtype=np.int8)
    best = parts[1]
    for part in parts[2:]:
        np.minimum(best, part, out=best)
    if not isinstance(calls, int):
        best[~closed] = NOT_APPLICABLE
    elif calls:
        best.fill(NOT_APPLICABLE)
    np.minimum(best, parts[0], out=best)
    # knitted straight >= (9 - knitted kinds held) - 1: only rows where that beats the rest
    need = np.flatnonzero((np.int8(8) - knitted < best) & few)
    if len(need):
        base = (wz[need] & CLASS_MASK) + 3
        base += calls if isinstance(calls, int) else calls[need]
        part = best[need]
        _knitted_straight_below(lut, wm[need], wp[need], ws[need], base, part)
        best[need] = part
    return best
