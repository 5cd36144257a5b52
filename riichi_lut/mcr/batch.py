"""The vectorised kernel of :func:`riichi_lut.mcr.shanten.shanten_batch` and its look-up
arrays, derived once from the Riichi block tables (no table of its own).

Per block pattern (base-5 index, docs/tables.md) two uint32 words are derived:

* the *form word*: the block's regular class, premultiplied for the next composition step
  (bits 0-13), and statistics above it that add field by field without carries over the
  four blocks of a hand: seven-pairs slots of cost 0 (``FREE``) and 1 (``CHEAP``), orphan
  kinds and orphan pairs (thirteen orphans), honor kinds (honors-and-knitted);
* the *knit word* of a suit pattern: for each residue ``j`` (147, 258, 369) the class of
  the pattern less one copy of each held kind of that residue (7 bits each) and how many of
  those kinds are held (2 bits each, from bit 21).

A chunk of rows then costs eight block gathers and small-table look-ups: the regular
chain of :mod:`riichi_lut.analysis.shanten`, the closed forms from the summed statistics,
honors-and-knitted from one table over the three suits' held counts, and knitted straight
as the same chain run on the reduced classes of each of the 6 knitted sets.
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

# Form-word fields (bit offsets above the 14-bit class term).
CLASS_BITS = 14
FREE, CHEAP, ORPHAN_KINDS, ORPHAN_PAIRS, HONOR_KINDS = 0, 4, 8, 12, 15
_CLASS_MASK = np.uint32((1 << CLASS_BITS) - 1)
HELD_SHIFT = 21


def _kind_stats(block: Block) -> np.ndarray:
    """``stats[i, c]``: the form-word statistics of ``c`` copies of kind ``i``."""
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


def _form_word(t: loader.Tables, block: Block, multiplier: int) -> np.ndarray:
    classes = t[f"{block.name}_class"].astype(np.uint32)
    classes[classes == 255] = 0  # > 14 tiles: rows are validated before any look-up
    return np.asarray(
        classes * np.uint32(multiplier) | broadcast_sum(block, _kind_stats(block)) << CLASS_BITS
    )


def _knit_word(t: loader.Tables) -> np.ndarray:
    classes = t["suit_class"]
    index = np.arange(SUIT.size, dtype=np.int64)
    word = np.zeros(SUIT.size, dtype=np.uint32)
    for j, kinds in enumerate(RESIDUE_KINDS):
        held = np.zeros((SUIT.kinds, 5), dtype=np.int64)
        for k in kinds:
            held[k, 1:] = 1
        steps = held * (5 ** np.arange(SUIT.kinds))[:, None]
        reduced = classes[index - broadcast_sum(SUIT, steps)].astype(np.uint32)
        reduced[classes == 255] = 0
        word |= reduced << np.uint32(7 * j) | broadcast_sum(SUIT, held).astype(np.uint32) << np.uint32(
            HELD_SHIFT + 2 * j
        )
    return word


@dataclass(frozen=True)
class BatchTables:
    """Look-up arrays of the MCR batch path (see the module docstring)."""

    man: np.ndarray  # form word, class * 126
    suit: np.ndarray  # form word, class
    honor: np.ndarray  # form word, class * 5
    knit: np.ndarray  # knit word of a suit pattern
    pair: np.ndarray  # [man*126 + pin] -> suit pair class * 126, intp
    triple: np.ndarray  # [pair + sou] -> suit triple class * 275, intp
    regular: np.ndarray  # [triple + honor + calls] -> shanten, int8
    seven_pairs: np.ndarray  # int8 by (stats >> FREE) & 0xff
    thirteen_orphans: np.ndarray  # int8 by (stats >> ORPHAN_KINDS) & 0x7f
    knitted_held: np.ndarray  # [held m | held p << 6 | held s << 12] -> best knitted kinds, int8
    knitted_missing: tuple[np.ndarray, ...]  # per knitted set: [held index] -> its kinds not held, int8
    knitted_final: np.ndarray  # [triple + honor + calls(3|4)] -> regular of one set + pair, int8


def _build(t: loader.Tables) -> BatchTables:
    stats = np.arange(256)
    seven = np.array([seven_pairs_from_slots(s & 15, s >> 4) - 1 for s in stats], dtype=np.int8)
    orphans = np.arange(128)
    thirteen = (13 - (orphans & 15) - ((orphans >> 4) > 0)).astype(np.int8)
    held = np.arange(1 << 18)
    fields = [(held >> (2 * j)) & 3 for j in range(9)]  # suit s, residue j: fields[3 * s + j]
    missing = np.stack([9 - sum(fields[3 * s + r] for s, r in enumerate(order)) for order in SUIT_ORDERS])
    return BatchTables(
        man=_form_word(t, SUIT, 126),
        suit=_form_word(t, SUIT, 1),
        honor=_form_word(t, HONOR, 5),
        knit=_knit_word(t),
        pair=t["suit_pair_class"].astype(np.intp).reshape(-1) * 126,
        triple=t["suit_triple_class"].astype(np.intp).reshape(-1) * 275,
        regular=np.ascontiguousarray(t["standard_shanten"]).reshape(-1),
        seven_pairs=seven,
        thirteen_orphans=thirteen,
        knitted_held=(9 - missing.min(axis=0)).astype(np.int8),
        knitted_missing=tuple(np.ascontiguousarray(row, dtype=np.int8) for row in missing),
        knitted_final=np.ascontiguousarray(t["standard_shanten"]).reshape(-1),
    )


def batch_tables(t: loader.Tables) -> BatchTables:
    """The arrays above for a table set, built on first use and cached with it."""
    return t.derived("mcr.shanten.batch", _build)


def _knitted_straight(
    lut: BatchTables, km: np.ndarray, kp: np.ndarray, ks: np.ndarray, base: Any
) -> np.ndarray:
    """Knitted-straight shanten (a set and a pair, or the pair alone with one call) of rows
    with knit words ``km``, ``kp``, ``ks``; ``base`` is the honor class term plus
    ``3 + calls``. The regular chain runs on the reduced classes of each knitted set."""
    mask = 127
    wide = [w.astype(np.intp) for w in (km, kp, ks)]
    man = [((wide[0] >> (7 * j)) & mask) * 126 for j in range(3)]
    pin = [(wide[1] >> (7 * j)) & mask for j in range(3)]
    sou = [(wide[2] >> (7 * j)) & mask for j in range(3)]
    held = (wide[0] >> HELD_SHIFT) | (wide[1] >> HELD_SHIFT) << 6 | (wide[2] >> HELD_SHIFT) << 12
    best: np.ndarray | None = None
    for order, (rm, rp, rs) in enumerate(SUIT_ORDERS):
        k = lut.pair[man[rm] + pin[rp]]
        k += sou[rs]
        k = lut.triple[k]
        k += base
        value = lut.knitted_final[k]
        value += lut.knitted_missing[order][held]
        best = value if best is None else np.minimum(best, value, out=best)
    assert best is not None
    return best


def chunk(lut: BatchTables, rows: np.ndarray, calls: np.ndarray | int, form: str, offset: int) -> np.ndarray:
    """MCR shanten of one chunk of validated rows (``form`` as in ``shanten_batch``).

    With ``form="all"`` knitted straight is computed only for rows where it could win:
    its shanten is at least the fewest missing knitted kinds minus one, which the
    honors-and-knitted look-up gives for free."""
    totals, (im, ip, is_, iz) = block_indices(rows)
    check_totals(totals, calls, offset)
    wm, wp, ws, wz = lut.man[im], lut.suit[ip], lut.suit[is_], lut.honor[iz]
    closed: Any = calls == 0
    few: Any = calls <= 1
    if form == "knitted_straight":
        base = (wz & _CLASS_MASK).astype(np.intp) + (3 + np.minimum(calls, 1))
        value = _knitted_straight(lut, lut.knit[im], lut.knit[ip], lut.knit[is_], base)
        return np.asarray(np.where(few, value, NOT_APPLICABLE), dtype=np.int8)
    parts: list[np.ndarray] = []
    if form in ("all", "regular"):
        k2 = lut.triple[lut.pair[(wm + wp) & _CLASS_MASK] + (ws & _CLASS_MASK)]
        regular = lut.regular[k2 + (wz & _CLASS_MASK) + calls]
        if form == "regular":
            return np.asarray(regular)
        parts.append(regular)
    stats = (wm + wp + ws + wz) >> np.uint32(CLASS_BITS)
    if form in ("all", "seven_pairs"):
        parts.append(lut.seven_pairs[stats & np.uint32(255)])
    if form in ("all", "thirteen_orphans"):
        parts.append(lut.thirteen_orphans[(stats >> np.uint32(ORPHAN_KINDS)) & np.uint32(127)])
    km = kp = ks = None
    if form in ("all", "honors_and_knitted"):
        km, kp, ks = lut.knit[im], lut.knit[ip], lut.knit[is_]
        shift = np.uint32(HELD_SHIFT)
        held = (km >> shift) | (kp >> shift) << np.uint32(6) | (ks >> shift) << np.uint32(12)
        knitted = lut.knitted_held[held]
        honors = ((stats >> np.uint32(HONOR_KINDS)) & np.uint32(7)).astype(np.int8)
        value = np.int8(13) - knitted
        value -= honors
        parts.append(value)
    if form != "all":
        return np.asarray(np.where(closed, parts[0], NOT_APPLICABLE), dtype=np.int8)
    best = np.asarray(np.where(closed, np.minimum.reduce(parts[1:]), NOT_APPLICABLE), dtype=np.int8)
    np.minimum(best, parts[0], out=best)
    # knitted straight >= (9 - knitted kinds held) - 1: only rows where that beats the rest
    need = np.flatnonzero((np.int8(8) - knitted < best) & few)
    if len(need):
        assert km is not None and kp is not None and ks is not None
        base = (wz[need] & _CLASS_MASK).astype(np.intp) + 3
        base += calls if isinstance(calls, int) else calls[need]
        value = _knitted_straight(lut, km[need], kp[need], ks[need], base)
        best[need] = np.minimum(best[need], value)
    return best
