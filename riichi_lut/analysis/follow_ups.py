"""The batch path of the two-step analysis (:mod:`riichi_lut.analysis.two_step`): for the
13-tile hands of several discard options at once, the best follow-up discard after every
accepted draw and, at tenpai, the improvement tiles; for hands whose calls (if any) hold
no known tiles.

What it computes is :func:`~riichi_lut.analysis.two_step.two_step_reference`'s, draw by
draw and discard by discard, with the same tie rule (the first best discard in kind
order); how differs (issue 13 item 5): instead of one scalar analysis per (draw,
discard), one call of the batch kernel
(:func:`~riichi_lut.analysis.efficiency_batch.analyse_indices`) for all the options:

every (option, draw, held kind) 13-tile hand, one row each (the 14-tile hand after the
draw, less one copy of the kind): its shanten and accepted tiles, then the live total as
a product with the option's live counts after the draw. The 14-tile hand's shanten is
the minimum over its rows (-1 when a row is tenpai on its own discard: the 14 tiles are
complete), and the discards that keep it are the rows at that minimum.

The best discard of a draw is the maximum of ``total * 64 + (63 - discard)`` over its rows
(one ``np.maximum.reduceat``): the highest total, then the lowest kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .acceptance import NECESSARY
from .efficiency_batch import analyse_indices, tables
from .shanten import batch_tables, indices_shanten

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
#: (34, 4): counts @ this is the four base-5 block indices of a hand
_INDEX_WEIGHTS = np.zeros((34, 4), dtype=np.int64)
_INDEX_WEIGHTS[np.arange(34), _BLOCK_OF] = _POWER_IN_BLOCK


def _group_indices(hands: np.ndarray, group_owner: np.ndarray, group_draw: np.ndarray) -> np.ndarray:
    """(n, 4) block indices of the 14-tile hands: each option's hand plus its group's draw
    (one digit added in the draw's block; ``block_indices`` is built for large batches)."""
    per_group: np.ndarray = (hands.astype(np.int64) @ _INDEX_WEIGHTS)[group_owner]
    per_group[np.arange(len(group_draw)), _BLOCK_OF[group_draw]] += _POWER_IN_BLOCK[group_draw]
    return per_group


def _less_one(per_group: np.ndarray, group: np.ndarray, discard: np.ndarray) -> np.ndarray:
    """(4, m) block indices of the 13-tile rows: their group's hand less the discard."""
    rows = per_group[group]
    rows[np.arange(len(group)), _BLOCK_OF[discard]] -= _POWER_IN_BLOCK[discard]
    return np.ascontiguousarray(rows.T)


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
    for i, r in enumerate(requests):
        owner += [i] * len(r.accepted)
        draws += r.accepted
        improving += [False] * len(r.accepted)
        if r.shanten == 0:
            waits = set(r.accepted)
            more = [k for k, n in enumerate(r.live) if n > 0 and k not in waits]
            owner += [i] * len(more)
            draws += more
            improving += [True] * len(more)
    if not owner:
        return [Answer([], [] if r.shanten == 0 else None) for r in requests]
    hands = np.array([r.counts for r in requests], dtype=np.uint8)
    lives = np.array([r.live for r in requests], dtype=np.uint8)  # 34 * 4 < 256: sums fit
    group_owner = np.array(owner, dtype=np.intp)
    group_draw = np.array(draws, dtype=np.intp)
    n = len(owner)
    at = np.arange(n)
    rows14 = hands[group_owner]
    rows14[at, group_draw] += 1
    if rows14.max() > 4:
        return None  # a draw of a fifth copy: the reference path names the error
    live_after = lives[group_owner]
    live_after[at, group_draw] = np.maximum(live_after[at, group_draw], 1) - 1

    # every 14-tile hand less each kind it holds: one row each, by group, then kind; the
    # shanten of both (no masks) says which discards keep the 14-tile shanten, and only
    # those rows get masks
    per_group = _group_indices(hands, group_owner, group_draw)
    shanten_lut = batch_tables()
    shanten14 = indices_shanten(shanten_lut, list(per_group.T), melds, "all").astype(np.int64)
    group, discard = np.nonzero(rows14)
    indices = _less_one(per_group, group, discard)
    row_shanten14 = shanten14[group]
    kept = indices_shanten(shanten_lut, list(indices), melds, "all") == row_shanten14
    improves = np.array(improving, dtype=bool)[group]
    kept &= ~(improves & ((row_shanten14 != 0) | (discard == group_draw[group])))
    chosen = np.flatnonzero(kept)
    key = np.full(len(group), -1, dtype=np.int64)
    if len(chosen):

        def rows_of(subset: np.ndarray) -> np.ndarray:  # count rows, where chiitoitsu/kokushi are read
            rows: np.ndarray = rows14[group[chosen[subset]]]
            rows[np.arange(len(subset)), discard[chosen[subset]]] -= 1
            return rows

        accepted = analyse_indices(tables(), list(indices[:, chosen]), rows_of, melds, NECESSARY)[1]
        totals = np.einsum("ij,ij->i", accepted.view(np.uint8), live_after[group[chosen]]).astype(np.int64)
        key[chosen] = totals * 64 + (63 - discard[chosen])
    best = np.maximum.reduceat(key, np.searchsorted(group, at))  # every group holds tiles
    return _answers(requests, owner, draws, improving, shanten14.tolist(), best.tolist())


def _answers(
    requests: Sequence[Request],
    owner: list[int],
    draws: list[int],
    improving: list[bool],
    shanten14: list[int],
    best: list[int],
) -> list[Answer]:
    answers = [Answer([], [] if r.shanten == 0 else None) for r in requests]
    wait_live = [sum(r.live[k] for k in r.accepted) for r in requests]
    for i, draw, improves, shanten, key in zip(owner, draws, improving, shanten14, best, strict=True):
        r = requests[i]
        found = answers[i]
        discard, total = (None, -1) if key < 0 else (63 - key % 64, key // 64)
        if not improves:
            if shanten < 0:
                discard, total = None, 0
            found.follow_ups.append((draw, r.live[draw], discard, shanten, total))
        elif discard is not None and found.improvements is not None and total > wait_live[i]:
            found.improvements.append((draw, r.live[draw], discard, total))
    return answers


__all__ = ["Answer", "FollowUpRow", "ImprovementRow", "Request", "answer"]
