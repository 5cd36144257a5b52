"""Tile efficiency (牌効率): ukeire, discard ranking and hints; scalar and batch.

* :func:`ukeire` — for a 3n+1 hand, the kinds whose draw lowers the shanten (受け入れ) and
  their *live* counts (4 − copies in hand, calls and ``visible``), per form and combined.
* :func:`rank_discards` — for a 3n+2 hand, every distinct discard ranked by shanten after
  it, then live acceptance, then the two-step measure (:mod:`riichi_lut.two_step`).
* :func:`hint` — the best discard with a plain-English "why" (:mod:`riichi_lut.hints`).
* :func:`ukeire_batch` and :func:`best_discard_batch` — the same over (N, 34) arrays
  (:mod:`riichi_lut._efficiency_batch`).

Acceptance comes from the tables' tile masks (``riichi_lut._acceptance``), never from 34
re-evaluations; the tests compare it with exactly that brute force.

>>> r = ukeire("123m456p789s1122z")
>>> r.shanten, [t.tile for t in r.accepted], r.total
(0, ['1z', '2z'], 4)
>>> ukeire("19m19p19s1234567z").kinds      # kokushi, thirteen-sided
13
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ._acceptance import NECESSARY, Analysis, analyse, bits
from .errors import InvalidHandError
from .hand import MAX_CALLS, Hand, as_hand, validate_concealed_counts
from .tiles import KIND_NAMES, NUM_KINDS
from .visible import VisibleLike, visible_counts

HandLike = str | Hand | Sequence[int]


@dataclass(frozen=True, slots=True)
class TileLive:
    """A tile kind and how many copies of it are still live."""

    kind: int
    live: int

    @property
    def tile(self) -> str:
        """The kind in mpsz notation (``"5p"``)."""
        return KIND_NAMES[self.kind]

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "live": self.live}


@dataclass(frozen=True)
class FormUkeire:
    """Acceptance of one hand shape: its shanten, the kinds that lower it, live total."""

    shanten: int
    accepted: tuple[TileLive, ...]
    total: int

    @property
    def kinds(self) -> int:
        return len(self.accepted)

    def to_dict(self) -> dict[str, Any]:
        return {
            "shanten": self.shanten,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
            "kinds": self.kinds,
        }


@dataclass(frozen=True)
class UkeireResult(FormUkeire):
    """Combined acceptance (kinds that lower the minimum over the forms), plus each form;
    ``chiitoitsu`` and ``kokushi`` are ``None`` for a hand with calls."""

    standard: FormUkeire
    chiitoitsu: FormUkeire | None
    kokushi: FormUkeire | None

    def to_dict(self) -> dict[str, Any]:
        out = FormUkeire.to_dict(self)
        for form in ("standard", "chiitoitsu", "kokushi"):
            value = getattr(self, form)
            out[form] = None if value is None else value.to_dict()
        return out


# --------------------------------------------------------------------------- inputs


@dataclass(frozen=True)
class Resolved:
    """A hand reduced to what the engine needs: concealed counts, number of calls, the
    player's own copies per kind (hand + calls), and the Hand when calls are known."""

    hand: Hand | None
    counts: list[int]
    melds: int
    own: list[int]


def resolve(hand: HandLike, melds: int | None = None) -> Resolved:
    """Notation, a :class:`Hand`, or 34 concealed counts (``melds`` calls whose tiles are
    unknown)."""
    if isinstance(hand, (str, Hand)):
        if melds is not None:
            raise InvalidHandError("melds= applies to count sequences; a Hand or text carries its calls")
        parsed = as_hand(hand)
        return Resolved(parsed, list(parsed.concealed), parsed.n_calls, parsed.total_counts)
    calls = 0 if melds is None else melds
    counts = validate_concealed_counts(hand, calls)
    return Resolved(None, counts, calls, counts)


def live_counts(resolved: Resolved, visible: VisibleLike) -> list[int]:
    seen = visible_counts(visible, resolved.own)
    return [4 - resolved.own[k] - seen[k] for k in range(NUM_KINDS)]


def _form(shanten: int, mask: int, live: Sequence[int]) -> FormUkeire:
    accepted = tuple(TileLive(k, live[k]) for k in bits(mask))
    return FormUkeire(shanten, accepted, sum(t.live for t in accepted))


def _optional_form(form: tuple[int, int] | None, live: Sequence[int]) -> FormUkeire | None:
    return None if form is None else _form(form[0], form[1], live)


def ukeire_of(analysis: Analysis, live: Sequence[int]) -> UkeireResult:
    """Results from a NECESSARY analysis and the live counts."""
    combined = _form(analysis.shanten, analysis.mask, live)
    return UkeireResult(
        combined.shanten,
        combined.accepted,
        combined.total,
        _form(analysis.standard[0], analysis.standard[1], live),
        _optional_form(analysis.chiitoitsu, live),
        _optional_form(analysis.kokushi, live),
    )


def ukeire(hand: HandLike, visible: VisibleLike = None, *, melds: int | None = None) -> UkeireResult:
    """Shanten and acceptance of a 3n+1 hand (13 tiles with 0 calls, 10 with 1, … 1 with 4).

    A kind is *accepted* when drawing it lowers the shanten (a kind already held four
    times never is), whether or not live copies remain; ``total`` sums the live counts.

    >>> r = ukeire("23m456p789s11z [123s]", visible="1m 4m 4m")
    >>> [(t.tile, t.live) for t in r.accepted], r.total
    ([('1m', 3), ('4m', 2)], 5)
    """
    resolved = resolve(hand, melds)
    tiles = sum(resolved.counts) + 3 * resolved.melds
    if tiles != 13:
        raise InvalidHandError(
            f"ukeire needs a 3n+1 hand (13 tiles counting calls as 3), got {tiles};"
            " for 14 tiles use rank_discards() or hint()"
        )
    analysis = analyse(resolved.hand, resolved.counts, resolved.melds, NECESSARY)
    return ukeire_of(analysis, live_counts(resolved, visible))


__all__ = [
    "FormUkeire",
    "MAX_CALLS",
    "Resolved",
    "TileLive",
    "UkeireResult",
    "asdict",
    "live_counts",
    "resolve",
    "ukeire",
    "ukeire_of",
]
