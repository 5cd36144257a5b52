"""The batch path of the two-step analysis (:mod:`riichi_lut.analysis.two_step`): for the
13-tile hands of several discard options at once, the best follow-up discard after every
accepted draw and, at tenpai, the improvement tiles; for hands whose calls (if any) hold
no known tiles.

What it computes is :func:`~riichi_lut.analysis.two_step.two_step_reference`'s, draw by
draw and discard by discard, with the same tie rule (the first best discard in kind
order); how differs (issue 13 item 5): instead of one scalar analysis per (draw,
discard), one pass of numpy calls for all the options:

every (option, draw, held kind) 13-tile hand, one row each (the 14-tile hand after the
draw, less one copy of the kind). The block indices of the 14-tile hands are one small
integer product with their counts, a row's are its hand's less one digit. One pass of
the shanten tables (no masks) gives the shanten of the 14-tile hands and of every row;
the discards that keep the 14-tile shanten are the rows at it (none when the 14 tiles
are complete), and only those rows get their accepted tiles: the standard form's masks
by :func:`_masks` (the kernel of
:func:`~riichi_lut.analysis.efficiency_batch.standard_masks`, the four blocks of every
row in one gather-and-fold), chiitoitsu and kokushi merged where they reach it. A row's
live total is its accepted tiles times the option's live counts after the draw.

The best discard of a draw is the maximum of ``total * 64 + (63 - discard)`` over its rows
(one ``np.maximum.reduceat``): the highest total, then the lowest kind. For a batch of
~600 rows the cost is the number of numpy calls (1-3 µs each), not the rows: every
step is one call for all the rows, with ``take`` rather than fancy indexing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.hand import MAX_CALLS
from .acceptance import NECESSARY
from .efficiency_batch import KernelTables, tables, unpack_masks
from .forms import closed_masks_batch
from .shanten import batch_tables

FollowUpRow = tuple[int, int, int | None, int, int]
"""(draw, live copies, best discard or ``None`` when complete, shanten after the draw,
live acceptance after the discard): the fields of a ``FollowUp``."""
ImprovementRow = tuple[int, int, int, int]
"""(draw, live copies, discard, live copies of the wider wait): an ``Improvement``."""


@dataclass(frozen=True)
class Request:
    """One option's 13-tile hand ``counts`` (shanten ``shanten``, accepted kinds
    ``accepted``, at tenpai its waits) and the ``live`` counts it is measured against."""

    counts: Sequence[int]
    shanten: int
    accepted: Sequence[int]
    live: Sequence[int]


@dataclass(frozen=True)
class Answer:
    """What a :class:`Request` gets: its follow-ups and, at tenpai, its improvements."""

    follow_ups: list[FollowUpRow]
    improvements: list[ImprovementRow] | None


_BLOCK_OF = np.array([min(k // 9, 3) for k in range(34)], dtype=np.intp)
_POWER_IN_BLOCK = np.array([5 ** (k % 9) if k < 27 else 5 ** (k - 27) for k in range(34)], dtype=np.int64)
#: (4, 34): this @ counts is the four base-5 block indices of a hand; column k, kind k's digit
_INDEX_WEIGHTS = np.zeros((4, 34), dtype=np.int64)
_INDEX_WEIGHTS[_BLOCK_OF, np.arange(34)] = _POWER_IN_BLOCK
_ONE_OF = np.eye(34, dtype=np.uint8)  # row k: one copy of kind k
_LOW16 = np.uint32(0xFFFF)
#: (3, 3): this @ suit classes (m, p, s) is the pair-table index of (m, p), (m, s), (p, s)
_PAIR_INDEX = np.array([[126, 1, 0], [126, 0, 1], [0, 126, 1]], dtype=np.intp)
_BLOCK_SHIFTS = np.array([[0], [9], [18], [27]], dtype=np.uint64)


def _shanten(indices: np.ndarray, melds: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(shanten over the forms, standard shanten, the lower of chiitoitsu and kokushi,
    their packed statistics) of rows from their (4, n) block indices, from the shanten
    batch tables: the first is what :func:`~riichi_lut.analysis.shanten.indices_shanten`
    gives for ``form="all"``; with calls, the closed forms do not apply (the standard
    shanten stands for them)."""
    lut = batch_tables()
    summed = lut.man.take(indices[0])
    summed += lut.suit.take(indices[1])
    vs, vz = lut.suit.take(indices[2]), lut.honor.take(indices[3])
    k2 = lut.triple.take(lut.pair.take(summed & _LOW16) + (vs & _LOW16))
    k2 += vz & _LOW16
    if melds:
        k2 += melds
    standard = lut.standard.take(k2)
    summed += vs
    summed += vz
    stats = summed >> 16
    if melds:
        return standard, standard, standard, stats
    closed = lut.closed_forms.take(stats)
    return np.minimum(standard, closed), standard, closed, stats


def _masks(lut: KernelTables, indices: np.ndarray, melds: int) -> np.ndarray:
    """34-bit NECESSARY masks (uint64) of the standard form of rows from their (4, n)
    block indices: what :func:`~riichi_lut.analysis.efficiency_batch.standard_masks`
    gives, with the four blocks of every row in one pass of the record gathers and folds
    (small batches pay per numpy call, not per row)."""
    v3 = lut.suit.take(indices[:3])  # (3, n) class | rank << 8
    vz = lut.honor.take(indices[3])
    c3 = (v3 & np.uint32(0xFF)).astype(np.intp)
    cz = (vz & np.uint32(0xFF)).astype(np.intp)
    k = lut.pair.take(_PAIR_INDEX @ c3)  # (3, n): the pairs (m, p), (m, s), (p, s)
    k2 = lut.triple.take(k[0] * 126 + c3[2])
    need = MAX_CALLS - melds
    # a suit's complement: the other two suits' pair with the honors
    rest = lut.pair_honor.take(k[::-1] * 55 + cz)
    useful = np.concatenate(
        (
            lut.suit_useful.take((c3 * 180 + rest) * 5 + need).reshape(-1),
            lut.honor_useful.take((cz * 180 + k2) * 5 + need),
        )
    )
    records = np.concatenate(
        (lut.suit_masks[NECESSARY].take((v3 >> 8).reshape(-1)), lut.honor_masks[NECESSARY].take(vz >> 8))
    )
    words = records.view(np.uint64).reshape(-1, 4)
    words &= lut.select.take(useful).view(np.uint64).reshape(-1, 4)
    x = words[:, 0] | words[:, 1]
    x |= words[:, 2]
    x |= words[:, 3]
    x |= x >> np.uint64(32)
    x |= x >> np.uint64(16)
    x &= np.uint64(0xFFFF)
    return np.asarray((x.reshape(4, -1) << _BLOCK_SHIFTS).sum(axis=0, dtype=np.uint64))


def answer(requests: Sequence[Request], melds: int) -> list[Answer] | None:
    """The follow-ups (and improvements) of every request, one kernel call in all;
    ``None`` when a draw would be a fifth copy of a kind (inconsistent live counts).

    >>> from riichi_lut.core.hand import parse_hand
    >>> hand = list(parse_hand("12m567m789p23s11z5z").concealed)  # accepts 3m 1s 4s
    >>> answer([Request(hand, 1, [2, 18, 21], [4] * 34)], 0)[0].follow_ups  # 3m, 5z: 1s 4s
    [(2, 4, 31, 0, 8), (18, 4, 31, 0, 4), (21, 4, 31, 0, 4)]
    >>> hand = list(parse_hand("24m567m789p11z234s").concealed)  # waits 3m (4 live)
    >>> [(d, x, w) for d, _, x, w in answer([Request(hand, 0, [2], [4] * 34)], 0)[0].improvements][-2:]
    [(7, 1, 12), (27, 1, 8)]
    """
    # every (option, draw): follow-ups for the accepted draws, and at tenpai the
    # improvement candidates (a live copy, not a wait) after them
    owner: list[int] = []
    draws: list[int] = []
    improving: list[bool] = []
    spans: list[tuple[int, int]] = []  # per request: its follow-up and improvement groups
    for i, r in enumerate(requests):
        accepted = list(r.accepted)
        more = []
        if r.shanten == 0:
            waits = set(accepted)
            more = [k for k, n in enumerate(r.live) if n > 0 and k not in waits]
        owner += [i] * (len(accepted) + len(more))
        draws += accepted + more
        improving += [False] * len(accepted) + [True] * len(more)
        spans.append((len(accepted), len(more)))
    if not owner:
        return [Answer([], [] if r.shanten == 0 else None) for r in requests]
    # counts and live counts 0..4 (34 * 4 < 256: sums fit), as bytes: no per-element parse
    hands = np.frombuffer(b"".join([bytes(r.counts) for r in requests]), dtype=np.uint8).reshape(-1, 34)
    lives = np.frombuffer(b"".join([bytes(r.live) for r in requests]), dtype=np.uint8).reshape(-1, 34)
    group_owner = np.array(owner, dtype=np.intp)
    group_draw = np.array(draws, dtype=np.intp)
    drawn = _ONE_OF.take(group_draw, axis=0)
    rows14 = hands.take(group_owner, axis=0)
    rows14 += drawn
    if rows14.max() > 4:
        return None  # a draw of a fifth copy: the reference path names the error
    live_after = lives.take(group_owner, axis=0)
    live_after -= np.minimum(live_after, drawn)

    # every 14-tile hand less each kind it holds: one row each, by group, then kind; the
    # shanten of both (no masks) in one pass says which discards keep the 14-tile
    # shanten, and only those rows get masks
    group, discard = np.nonzero(rows14)
    n = len(owner)
    per_group = (_INDEX_WEIGHTS @ hands.T).take(group_owner, axis=1) + _INDEX_WEIGHTS.take(group_draw, axis=1)
    indices = np.concatenate(
        (per_group, per_group.take(group, axis=1) - _INDEX_WEIGHTS.take(discard, axis=1)), axis=1
    )
    shanten, standard, closed, stats = _shanten(indices, melds)
    shanten14 = shanten[:n].astype(np.int64)
    row_shanten14 = shanten14.take(group)
    kept = shanten[n:] == row_shanten14
    if any(improving):  # an improvement keeps tenpai, and not by discarding the draw
        improves = np.array(improving, dtype=bool).take(group)
        kept &= ~(improves & ((row_shanten14 != 0) | (discard == group_draw.take(group))))
    chosen = np.flatnonzero(kept)
    key = np.full(len(group), -1, dtype=np.int64)
    if len(chosen):
        rows = chosen + n
        drawable = unpack_masks(_masks(tables(), indices.take(rows, axis=1), melds))
        owners = group.take(chosen)
        std = standard.take(rows)
        subset = np.flatnonzero(closed.take(rows) <= std) if not melds else chosen[:0]
        if len(subset):
            _merge_closed_forms(drawable, subset, rows14, owners, discard.take(chosen), stats.take(rows), std)
        totals = np.einsum("ij,ij->i", drawable.view(np.uint8), live_after.take(owners, axis=0))
        key[chosen] = totals.astype(np.int64) * 64 + (63 - discard.take(chosen))
    best = np.maximum.reduceat(key, np.searchsorted(group, np.arange(n)))  # every group holds tiles
    return _answers(requests, spans, draws, shanten14.tolist(), best.tolist())


def _merge_closed_forms(
    accepted: np.ndarray,
    subset: np.ndarray,
    rows14: np.ndarray,
    group: np.ndarray,
    discard: np.ndarray,
    stats: np.ndarray,
    standard: np.ndarray,
) -> None:
    """The closed rows ``subset`` of those analysed, where chiitoitsu or kokushi reach the
    standard shanten: ``accepted`` (the standard masks, (m, 34) bool) becomes the union
    over the forms at the minimum, as in
    :func:`~riichi_lut.analysis.efficiency_batch.analyse_indices`."""
    fused = batch_tables()
    stats = stats.take(subset)
    chi, ko, std = fused.chiitoitsu.take(stats & 127), fused.kokushi.take(stats >> 7), standard.take(subset)
    rows = rows14.take(group.take(subset), axis=0)
    rows -= _ONE_OF.take(discard.take(subset), axis=0)
    chi_mask, ko_mask = closed_masks_batch(rows, stats, True)
    best = np.minimum(std, np.minimum(chi, ko))
    merged = accepted.take(subset, axis=0)
    merged &= (std == best)[:, None]
    merged |= chi_mask & (chi == best)[:, None]
    merged |= ko_mask & (ko == best)[:, None]
    accepted[subset] = merged


def _answers(
    requests: Sequence[Request],
    spans: list[tuple[int, int]],
    draws: list[int],
    shanten14: list[int],
    best: list[int],
) -> list[Answer]:
    """The rows of each request from its groups, consecutive: ``spans`` gives how many
    follow-up then improvement groups each has; a best key is ``total * 64 + 63 -
    discard``, -1 when no discard is kept."""
    answers = []
    start = 0
    for r, (follows, candidates) in zip(requests, spans, strict=True):
        stop = start + follows
        live = r.live
        found: list[FollowUpRow] = [
            (draw, live[draw], None, shanten, 0)
            if shanten < 0
            else (draw, live[draw], None, shanten, -1)
            if key < 0
            else (draw, live[draw], 63 - (key & 63), shanten, key >> 6)
            for draw, shanten, key in zip(
                draws[start:stop], shanten14[start:stop], best[start:stop], strict=True
            )
        ]
        better: list[ImprovementRow] | None = None
        if r.shanten == 0:
            wait_live = sum([live[k] for k in r.accepted])
            start, stop = stop, stop + candidates
            better = [
                (draw, live[draw], 63 - (key & 63), key >> 6)
                for draw, key in zip(draws[start:stop], best[start:stop], strict=True)
                if key >= 0 and key >> 6 > wait_live
            ]
        answers.append(Answer(found, better))
        start = stop
    return answers


__all__ = ["Answer", "FollowUpRow", "ImprovementRow", "Request", "answer"]
