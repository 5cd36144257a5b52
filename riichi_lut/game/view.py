"""``TableView``: what the rules modules (legal actions, the end of a hand, the next hand)
read of a table, as a Protocol, so that they need not import
:class:`~riichi_lut.game.table.Table`, which imports them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .actions import Action
from .rules import GameRules
from .seat import SeatState

__all__ = ["Claim", "TableView", "WallView"]


@dataclass
class Claim:
    """A tile others may claim: its discarder, the tile, each seat's legal options, and
    whether it is a kan's tile (chankan: ``True`` an added kan, ``"closed"`` a closed kan,
    which only thirteen orphans may rob)."""

    discarder: int
    tile: int
    options: dict[int, list[Action]]
    chankan: bool | str = False


class WallView(Protocol):
    """What the rules read of a hand's wall (:class:`~riichi_lut.game.roundwall.RoundWall`,
    or the arrays of the vectorised game)."""

    @property
    def remaining(self) -> int: ...

    def ura_indicators(self, count: int) -> tuple[int, ...]: ...


class TableView(Protocol):
    """The state of a table as the rules read it (:class:`~riichi_lut.game.table.Table`)."""

    rules: GameRules
    players: int
    seats: list[SeatState]
    scores: list[int]
    phase: str
    actor: int
    claim: Claim | None
    revealed: list[int]
    number: int
    honba: int
    sticks: int
    dealer: int
    pao: dict[int, int]
    final_scores: tuple[int, ...] | None
    final_points: tuple[float, ...] | None
    rinshan_draw: bool

    @property
    def wall(self) -> WallView: ...

    @property
    def round_wind(self) -> str: ...

    def seat_wind(self, seat: int) -> str: ...

    def first_turn(self, seat: int) -> bool: ...

    def kan_allowed(self) -> bool: ...

    def can_tsumo(self, seat: int) -> bool: ...

    def can_ron(self, seat: int, tile: int, discarder: int, chankan: bool | str) -> bool: ...
