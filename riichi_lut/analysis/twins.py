"""The registry of scalar/batch twins: every scalar function of the analysis that has a
batch twin, how to read one hand's answer from either, and the parameters they share.

The contract (:mod:`riichi_lut.analysis.contract`): row ``i`` of the batch answer is what
the scalar function gives for hand ``i``; a parameter of the same meaning has the same
name on both sides and one description in both docstrings. The test module
``tests/analysis/test_twins.py`` walks :data:`TWINS` and checks every pair against the
other and against the slow reference on seeded random hands (closed 13/14-tile hands,
hands with calls given as ``melds``, visible tiles where the pair takes them); adding a
twin here adds it to those tests.

Named results: ``ukeire_batch`` returns an
:class:`~riichi_lut.analysis.efficiency.UkeireBatch` and ``best_discard_batch`` a
:class:`~riichi_lut.analysis.efficiency.BestDiscardBatch`, whose field names are the
attribute names of the scalar result (``UkeireResult.shanten``, ``DiscardOption.kind``, ...).

Own discards: the pairs that take ``visible`` also take the player's own discards, which
are visible and decide furiten; the scalar side reads them from
``Visible(own_discards=...)``, the batch side from its ``own_discards`` array, and both
report ``furiten`` (the last item of a row).

Positions: the scalar functions take ``visible`` second and ``melds`` by keyword only; the
batch functions take ``melds`` second and ``visible`` third (public API since the start,
kept). By keyword, which the shared contract uses, the two sides read the same.

>>> [(t.name, t.batch.__name__) for t in TWINS]  # doctest: +NORMALIZE_WHITESPACE
[('shanten', 'shanten_batch'), ('shanten_value', 'shanten_batch'),
 ('ukeire', 'ukeire_batch'), ('rank_discards', 'best_discard_batch')]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.visible import Visible
from .efficiency import best_discard_batch, rank_discards, ukeire, ukeire_batch
from .forms import Form
from .shanten import shanten, shanten_batch, shanten_value

Row = tuple[Any, ...]
"""One hand's answer, as plain Python values (ints, tuples of kinds, ``None``)."""


@dataclass(frozen=True)
class Twin:
    """A scalar function and its batch twin.

    ``sizes``: the hand sizes it takes (tiles counting calls as three); ``parameters``:
    the names both take besides the hand, with one description
    (:data:`~riichi_lut.analysis.contract.PARAMETERS`); ``scalar_row(counts, melds,
    visible, own)`` and ``batch_rows(counts, melds, visible, own)`` read the answer of one
    hand / of every row in the same shape (``visible`` and ``own``, the player's own
    discards, are ``None`` for a pair that does not take them).
    """

    name: str
    scalar: Callable[..., Any]
    batch: Callable[..., Any]
    sizes: tuple[int, ...]
    parameters: tuple[str, ...]
    scalar_row: Callable[[list[int], int, list[int] | None, list[int] | None], Row]
    batch_rows: Callable[[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None], list[Row]]

    @property
    def takes_visible(self) -> bool:
        return "visible" in self.parameters


def _visible(visible: list[int] | None, own: list[int] | None) -> Visible | list[int] | None:
    """What the scalar side takes: the own discards as their own source."""
    return visible if own is None else Visible(other=visible or "", own_discards=own)


def _shanten_row(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    result = shanten(counts, melds=melds)
    return result.value, result.standard, result.chiitoitsu, result.kokushi


def _shanten_rows(
    counts: np.ndarray, melds: np.ndarray, visible: np.ndarray | None, own: np.ndarray | None
) -> list[Row]:
    value = shanten_batch(counts, melds).tolist()
    standard = shanten_batch(counts, melds, form="standard").tolist()
    closed = np.flatnonzero(melds == 0)  # chiitoitsu and kokushi exist for closed hands only
    chiitoitsu: list[int | None] = [None] * len(counts)
    kokushi: list[int | None] = [None] * len(counts)
    forms: tuple[tuple[list[int | None], Form], ...] = ((chiitoitsu, "chiitoitsu"), (kokushi, "kokushi"))
    for out, form in forms:
        for i, v in zip(closed.tolist(), shanten_batch(counts[closed], 0, form=form).tolist(), strict=True):
            out[i] = v
    return list(zip(value, standard, chiitoitsu, kokushi, strict=True))


def _ukeire_row(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    result = ukeire(counts, _visible(visible, own), melds=melds)
    return result.shanten, tuple(result.mask), result.total, result.furiten


def _ukeire_rows(
    counts: np.ndarray, melds: np.ndarray, visible: np.ndarray | None, own: np.ndarray | None
) -> list[Row]:
    result = ukeire_batch(counts, melds, visible=visible, own_discards=own)
    kinds = [tuple(np.flatnonzero(row).tolist()) for row in result.accepted]
    columns = (result.shanten.tolist(), kinds, result.total.tolist(), result.furiten.tolist())
    return list(zip(*columns, strict=True))


def _discard_row(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    best = rank_discards(counts, _visible(visible, own), melds=melds, two_step=False)[0]
    return best.kind, best.shanten, best.total, best.furiten


def _discard_rows(
    counts: np.ndarray, melds: np.ndarray, visible: np.ndarray | None, own: np.ndarray | None
) -> list[Row]:
    result = best_discard_batch(counts, melds, visible=visible, own_discards=own)
    columns = (result.kind.tolist(), result.shanten.tolist(), result.total.tolist(), result.furiten.tolist())
    return list(zip(*columns, strict=True))


TWINS: tuple[Twin, ...] = (
    Twin(
        "shanten",
        shanten,
        shanten_batch,
        (13, 14),
        ("melds",),
        _shanten_row,
        _shanten_rows,
    ),
    Twin(
        "shanten_value",
        shanten_value,
        shanten_batch,
        (13, 14),
        ("counts", "melds"),
        lambda counts, melds, visible, own: (shanten_value(counts, melds),),
        lambda counts, melds, visible, own: [(v,) for v in shanten_batch(counts, melds).tolist()],
    ),
    Twin("ukeire", ukeire, ukeire_batch, (13,), ("melds", "visible"), _ukeire_row, _ukeire_rows),
    Twin(
        "rank_discards",
        rank_discards,
        best_discard_batch,
        (14,),
        ("melds", "visible"),
        _discard_row,
        _discard_rows,
    ),
)
"""Every scalar/batch pair of the analysis."""
