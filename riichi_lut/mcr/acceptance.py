"""MCR tile acceptance (有效牌) by MCR shanten: which draws lower it, and for a hand that
must discard, every discard ranked by the shanten it leaves, then the live copies its
remaining hand accepts (shape only: what each wait would score comes with the scorer).

MCR shanten is :func:`riichi_lut.mcr.shanten.shanten` (every MCR form; the tiles in calls
count toward the four copies). A kind is *accepted* when drawing it lowers the shanten; a
kind held four times with the calls is never drawn. *Live* copies are
``4 - in hand - in the calls - visible`` (:mod:`riichi_lut.core.visible`); a discarded tile
stays out of the live count (it is seen), so a discard leaves the live counts as they are.

>>> r = ukeire("147m258p369s1234z")     # honors-and-knitted tenpai: 3 more honors, 9 tiles
>>> r.shanten, [t.tile for t in r.accepted], r.total
(0, ['5z', '6z', '7z'], 12)
>>> [(d.tile, d.shanten, d.total) for d in ukeire("19m19p19s1234567z5m").discards][:2]
[('5m', 0, 39), ('1m', 1, 39)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.results import TileLive
from ..core.hand import Hand, as_hand
from ..core.tiles import KIND_NAMES
from ..core.visible import VisibleLike, visible_counts
from .shanten import forms_shanten

__all__ = ["McrDiscard", "McrUkeire", "ukeire"]


@dataclass(frozen=True)
class McrDiscard:
    """One distinct discard of a 3n+2 hand: the MCR shanten it leaves and the kinds the
    remaining hand accepts, with their live copies (``total`` in all)."""

    kind: int
    shanten: int
    accepted: tuple[TileLive, ...]
    total: int

    @property
    def tile(self) -> str:
        """The discarded kind in mpsz notation."""
        return KIND_NAMES[self.kind]

    def to_dict(self) -> dict[str, Any]:
        """Every field, the tiles in notation, for JSON."""
        return {
            "tile": self.tile,
            "shanten": self.shanten,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
        }


@dataclass(frozen=True)
class McrUkeire:
    """MCR acceptance of a hand. For 3n+1 tiles: its ``shanten``, the ``accepted`` kinds
    with live copies and their ``total``; ``discards`` is empty. For 3n+2 tiles: its own
    ``shanten`` (-1 when complete), no ``accepted``, and ``discards``: every distinct
    discard, best first (by shanten after it, then live acceptance, then tile order)."""

    shanten: int
    accepted: tuple[TileLive, ...]
    total: int
    discards: tuple[McrDiscard, ...]

    def to_dict(self) -> dict[str, Any]:
        """Every field, the tiles in notation, for JSON."""
        return {
            "shanten": self.shanten,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
            "discards": [d.to_dict() for d in self.discards],
        }


def _accepted(
    counts: list[int], hand: Hand, called: Sequence[int], live: Sequence[int]
) -> tuple[int, tuple[TileLive, ...], int]:
    """(shanten, accepted kinds, live total) of 3n+1 concealed ``counts``."""
    base = forms_shanten(counts, hand.n_calls, called).value
    accepted = []
    for kind in range(34):
        if counts[kind] + called[kind] >= 4:
            continue
        counts[kind] += 1
        if forms_shanten(counts, hand.n_calls, called).value < base:
            accepted.append(TileLive(kind, live[kind]))
        counts[kind] -= 1
    return base, tuple(accepted), sum(t.live for t in accepted)


def ukeire(hand: str | Hand | Sequence[int], visible: VisibleLike = None) -> McrUkeire:
    """MCR acceptance of ``hand`` (notation, a :class:`~riichi_lut.core.hand.Hand` or 34
    counts of a closed hand): for 3n+1 tiles the kinds whose draw lowers the MCR shanten,
    for 3n+2 tiles every discard ranked (:class:`McrUkeire`). ``visible``: tiles seen
    outside the hand (notation, 34 counts, a :class:`~riichi_lut.core.visible.Visible`),
    which lower the live counts only.

    >>> r = ukeire("123m456p789s1z [555z]", visible="1z 1z")
    >>> r.shanten, [(t.tile, t.live) for t in r.accepted]
    (0, [('1z', 1)])
    """
    parsed = as_hand(hand)
    called = parsed.called_counts
    own = parsed.total_counts
    seen = visible_counts(visible, own, parsed.total_red)
    live = [max(0, 4 - own[k] - seen[k]) for k in range(34)]
    counts = list(parsed.concealed)
    if parsed.concealed_count + 3 * parsed.n_calls == 13:
        shanten, accepted, total = _accepted(counts, parsed, called, live)
        return McrUkeire(shanten, accepted, total, ())
    options = []
    for kind in range(34):
        if not counts[kind]:
            continue
        counts[kind] -= 1
        after, accepted, total = _accepted(counts, parsed, called, live)
        counts[kind] += 1
        options.append(McrDiscard(kind, after, accepted, total))
    options.sort(key=lambda d: (d.shanten, -d.total, d.kind))
    own_shanten = forms_shanten(counts, parsed.n_calls, called).value
    return McrUkeire(own_shanten, (), 0, tuple(options))
