"""Batch scoring by chunk: the tile totals checked, then the rows grouped by their calls
(none, closed kans only, open) and each group scored on its tables by the kernel."""

from __future__ import annotations

import numpy as np

from ...lut.rows import block_indices, check_totals
from .calls import CallFacts
from .inputs import BatchSituation
from .kernel import BatchScore, score_rows
from .luts import Lut
from .rule_luts import RuleLut


def score_chunk(
    lut: Lut,
    rt: RuleLut,
    rows: np.ndarray,
    win: np.ndarray,
    sit: BatchSituation,
    start: int,
    out: BatchScore | None,
    calls: CallFacts | None = None,
    rt_open: RuleLut | None = None,
) -> np.ndarray | None:
    """Score rows ``start:start+len(rows)`` into ``out`` (or, with ``out`` None, return
    has-a-yaku booleans). ``calls``: the calls of the whole batch (None: no row has any),
    ``rt_open``: the rule tables of open hands (needed when a row has a chi, pon or open kan)."""
    n = len(rows)
    totals, blocks = block_indices(rows)
    sit = sit.cut(start, n)
    if calls is not None:
        calls = calls.pick(slice(start, start + n))
        check_totals(totals, calls.count, start, (14,))
        if calls.count.any():
            return _score_called(lut, rt, rt_open, rows, win, sit, start, out, calls, blocks)
    else:
        check_totals(totals, 0, start, (14,))
    return score_rows(lut, rt, rows, win, sit, start, out, blocks, None, False)


def _score_called(
    lut: Lut, rt: RuleLut, rt_open: RuleLut | None, rows: np.ndarray, win: np.ndarray, sit: BatchSituation,
    start: int, out: BatchScore | None, calls: CallFacts, blocks: list[np.ndarray],
) -> np.ndarray | None:  # fmt: skip
    """A chunk with called hands: the rows without calls, with closed kans only and open
    ones, each group scored on its own tables and written back in place."""
    has = None if out is not None else np.zeros(len(rows), dtype=bool)
    called = calls.count > 0
    for where, group_calls, opened in (
        (~called, None, False),
        (called & ~calls.opened, calls, False),
        (calls.opened, calls, True),
    ):
        index = np.flatnonzero(where)
        if not len(index):
            continue
        tables = rt_open if opened else rt
        assert tables is not None
        part = None if out is None else _empty_score(len(index), out.notes)
        got = score_rows(
            lut, tables, rows[index], win[index], sit.pick(index), 0, part, [b[index] for b in blocks],
            None if group_calls is None else group_calls.pick(index), opened,
        )  # fmt: skip
        if out is None:
            assert has is not None and got is not None
            has[index] = got
        else:
            assert part is not None
            at = index + start
            for name in ("is_win", "han", "fu", "yakuman", "points", "yaku_mask"):
                getattr(out, name)[at] = getattr(part, name)
    return has


def _empty_score(n: int, notes: tuple[str, ...]) -> BatchScore:
    """A zeroed :class:`BatchScore` of ``n`` rows (what a row that is not a win holds)."""
    return BatchScore(
        is_win=np.zeros(n, dtype=bool),
        han=np.zeros(n, dtype=np.int16),
        fu=np.zeros(n, dtype=np.int16),
        yakuman=np.zeros(n, dtype=np.int8),
        points=np.zeros(n, dtype=np.int32),
        yaku_mask=np.zeros(n, dtype=np.uint64),
        notes=notes,
    )
