"""What one seat sees: its own tiles and everything public (``Observation``), the input
of a policy."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .seat import Meld, RiverTile

if TYPE_CHECKING:
    from .view import TableView

__all__ = ["Observation", "observe"]


@dataclass(frozen=True)
class Observation:
    """``seat``'s view of the table now: its concealed tiles (codes) and the tile just
    drawn; every seat's melds, river, riichi, kita and points; the round, honba, sticks
    and dealer; the dora indicators turned; the live tiles left; and, on a claim, the
    tile and who let it go."""

    seat: int
    phase: str
    hand: tuple[int, ...]
    drawn: int | None
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    riichi: tuple[bool, ...]
    kita: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    honba: int
    sticks: int
    dealer: int
    dora_indicators: tuple[int, ...]
    remaining: int
    claim_tile: int | None
    claim_from: int | None

    @property
    def players(self) -> int:
        return len(self.scores)


def observe(table: TableView, seat: int) -> Observation:
    """``seat``'s :class:`Observation` of ``table``."""
    me = table.seats[seat]
    claim = table.claim
    return Observation(
        seat=seat,
        phase=table.phase,
        hand=tuple(me.codes()),
        drawn=me.drawn,
        melds=tuple(tuple(s.melds) for s in table.seats),
        rivers=tuple(tuple(s.river) for s in table.seats),
        riichi=tuple(s.riichi or s.declaring for s in table.seats),
        kita=tuple(s.kita for s in table.seats),
        scores=tuple(table.scores),
        round=table.number,
        honba=table.honba,
        sticks=table.sticks,
        dealer=table.dealer,
        dora_indicators=tuple(table.revealed),
        remaining=table.wall.remaining,
        claim_tile=claim.tile if claim is not None else None,
        claim_from=claim.discarder if claim is not None else None,
    )
