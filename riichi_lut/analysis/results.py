"""What the efficiency functions return (:mod:`riichi_lut.analysis.efficiency`): frozen
value types with ``to_dict()`` for JSON, and the named tuples of the batch twins.

>>> from riichi_lut import ukeire
>>> r = ukeire("123m456p789s1122z")
>>> type(r).__name__, r.accepted[0]
('UkeireResult', TileLive(kind=27, live=2))
"""

# No `from __future__ import annotations` here: the named tuples' generated __new__ keeps its
# annotations, and as strings ("np.ndarray") they would not evaluate outside this module
# (the API reference build, typing.get_type_hints).
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..core.tilemask import TileMask
from ..core.tiles import KIND_NAMES
from .acceptance import bits
from .two_step import TwoStep

__all__ = [
    "Accepted",
    "BestDiscardBatch",
    "DiscardOption",
    "FormUkeire",
    "TileLive",
    "UkeireBatch",
    "UkeireResult",
]


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
        """The tile and its live count, for JSON."""
        return {"tile": self.tile, "live": self.live}


class Accepted:
    """What an acceptance shows of its ``mask`` (the kinds that lower the shanten),
    ``live`` (34 live counts) and ``total`` (their live copies): shared by a form's
    acceptance and a discard option. ``accepted`` and ``kinds`` are the shape (a kind with
    no live copy is listed, with live 0); ``live_kinds`` and ``dead`` what can be drawn."""

    mask: TileMask
    live: tuple[int, ...]
    total: int

    @property
    def accepted(self) -> tuple[TileLive, ...]:
        """The accepted kinds and their live counts."""
        return tuple(TileLive(k, self.live[k]) for k in bits(self.mask))

    @property
    def kinds(self) -> int:
        """How many kinds of tile are accepted (in shape, live or not)."""
        return self.mask.bit_count()

    @property
    def live_kinds(self) -> int:
        """How many accepted kinds have a live copy left."""
        return sum(1 for k in bits(self.mask) if self.live[k] > 0)

    @property
    def dead(self) -> bool:
        """No live tile is accepted: drawing can never improve the hand (a dead wait at
        tenpai)."""
        return self.total == 0


@dataclass(frozen=True)
class FormUkeire(Accepted):
    """Acceptance of one hand shape: its shanten, the kinds that lower it (``mask``, 34
    bits; ``accepted`` lists them with their live counts) and the live total.

    ``mask``, ``accepted`` and ``kinds`` describe the *shape*: a kind whose every copy is
    visible is still listed (with live 0). What the hand can actually draw is
    ``live_kinds`` and ``total``; when ``total`` is 0 the acceptance is *dead*."""

    shanten: int
    mask: TileMask
    total: int
    live: tuple[int, ...] = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The form's shanten, accepted tiles and live total, for JSON."""
        return {
            "shanten": self.shanten,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
            "kinds": self.kinds,
            "live_kinds": self.live_kinds,
        }


@dataclass(frozen=True)
class UkeireResult(FormUkeire):
    """Combined acceptance (kinds that lower the minimum over the forms), plus each form;
    ``chiitoitsu`` and ``kokushi`` are ``None`` for a hand with calls. ``furiten``: the
    hand is tenpai and one of its waits is a tile the player discarded
    (``Visible(own_discards=...)``), so it can win only by tsumo."""

    standard: FormUkeire
    chiitoitsu: FormUkeire | None
    kokushi: FormUkeire | None
    furiten: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The best form's figures plus each form's own, for JSON."""
        out = FormUkeire.to_dict(self)
        out["furiten"] = self.furiten
        for form in ("standard", "chiitoitsu", "kokushi"):
            value = getattr(self, form)
            out[form] = None if value is None else value.to_dict()
        return out


@dataclass(frozen=True)
class DiscardOption(Accepted):
    """One distinct discard of a 3n+2 hand and what the remaining hand accepts.

    ``shanten`` is the shanten after the discard; ``shanten_back`` is set when it is worse
    than the best any discard reaches (押し戻し). ``red`` marks the red five when the hand
    holds both a red and a plain five of that suit (the two are listed apart; the red
    ranks below the plain five, its equal in efficiency, because it is worth a dora).
    Live counts treat the discarded tile as gone.

    ``mask``, ``accepted`` and ``kinds`` are the shape (a kind with no live copy is still
    listed, with live 0); ``live_kinds`` and ``total`` what can be drawn, and ``dead``
    says that nothing can. ``furiten``: the option is tenpai and one of its waits is a
    tile the player discarded, this discard included; it can win only by tsumo.
    """

    kind: int
    red: bool
    shanten: int
    shanten_back: bool
    mask: TileMask  # accepted kinds as a 34-bit mask
    total: int
    live: tuple[int, ...]  # live counts of the 34 kinds
    two_step: TwoStep | None = None
    furiten: bool = False

    @property
    def tile(self) -> str:
        """The discard in notation (``"0p"`` for a red five)."""
        return f"0{KIND_NAMES[self.kind][1]}" if self.red else KIND_NAMES[self.kind]

    def sort_key(self) -> tuple[bool, int, bool, int, float, bool, int]:
        """The ranking key, smaller first: a dead option after every live one, then
        shanten, a furiten option after the others of its shanten, the most live tiles,
        the two-step measure, a plain tile before a red five, the lower kind."""
        measure = 0.0 if self.two_step is None else self.two_step.measure
        return (self.total == 0, self.shanten, self.furiten, -self.total, -measure, self.red, self.kind)

    def to_dict(self) -> dict[str, Any]:
        """The discard, its shanten, accepted tiles with live counts and two-step figures, for JSON."""
        return {
            "discard": self.tile,
            "shanten": self.shanten,
            "shanten_back": self.shanten_back,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
            "kinds": self.kinds,
            "live_kinds": self.live_kinds,
            "furiten": self.furiten,
            "two_step": None if self.two_step is None else self.two_step.to_dict(),
        }


class _UkeireFields(NamedTuple):
    shanten: np.ndarray
    """(N,) int8: the shanten (minimum over the forms), as :attr:`UkeireResult.shanten`."""
    accepted: np.ndarray
    """(N, 34) bool: the kinds whose draw lowers it, as :attr:`UkeireResult.mask`."""
    total: np.ndarray
    """(N,) int16: live copies of the accepted kinds, as :attr:`UkeireResult.total`."""


def _flags(furiten: np.ndarray | None, like: np.ndarray) -> np.ndarray:
    return np.zeros(len(like), dtype=bool) if furiten is None else furiten


class UkeireBatch(_UkeireFields):
    """What :func:`~riichi_lut.analysis.efficiency.ukeire_batch` returns; it unpacks as
    ``shanten, accepted, total`` (as before furiten existed), and ``furiten`` — (N,) bool,
    as :attr:`UkeireResult.furiten` — is an attribute beside the three fields."""

    furiten: np.ndarray

    def __new__(
        cls, shanten: np.ndarray, accepted: np.ndarray, total: np.ndarray, furiten: np.ndarray | None = None
    ) -> "UkeireBatch":
        self = super().__new__(cls, shanten, accepted, total)
        self.furiten = _flags(furiten, shanten)
        return self


class _BestDiscardFields(NamedTuple):
    kind: np.ndarray
    """(N,) int8: the discard's kind, as :attr:`DiscardOption.kind` of the best option."""
    shanten: np.ndarray
    """(N,) int8: shanten after it, as :attr:`DiscardOption.shanten`."""
    total: np.ndarray
    """(N,) int16: live tiles the hand accepts after it, as :attr:`DiscardOption.total`."""


class BestDiscardBatch(_BestDiscardFields):
    """What :func:`~riichi_lut.analysis.efficiency.best_discard_batch` returns; it unpacks as
    ``kind, shanten, total``, and ``furiten`` — (N,) bool, as
    :attr:`DiscardOption.furiten` of the best option — is an attribute beside them."""

    furiten: np.ndarray

    def __new__(
        cls, kind: np.ndarray, shanten: np.ndarray, total: np.ndarray, furiten: np.ndarray | None = None
    ) -> "BestDiscardBatch":
        self = super().__new__(cls, kind, shanten, total)
        self.furiten = _flags(furiten, kind)
        return self
