"""The wall as one hand plays it: the live tiles in the order they are drawn, the
replacement (rinshan) tiles, and the dora and ura indicators of the dead wall.

A :class:`RoundWall` is built from a shuffled wall (:mod:`riichi_lut.game.wall`: Tenhou's
from a log's seed, or our own seeded one) or, for a log that does not carry the wall,
from the log's own draws (:func:`riichi_lut.game.replay.round_wall`); a tile the log
never shows is :data:`UNKNOWN`, and drawing one is an error, never a guess.

Each kan (and each kita in three players) takes a replacement tile from the dead wall,
which the live wall refills: the live wall is one tile shorter, so the last tile (haitei)
comes one draw earlier.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.notations import from_136

if TYPE_CHECKING:
    from .wall import Wall

__all__ = ["UNKNOWN", "RoundWall", "live_size_of"]

#: A tile the wall holds but the log never shows.
UNKNOWN = -1


def live_size_of(players: int) -> int:
    """Live tiles after the deal: 136 - 52 dealt - 14 dead = 70; 108 - 39 - 14 = 55."""
    return 70 if players == 4 else 55


#: The code of each 136-id, without and with red fives (a wall's ids are checked when the
#: wall is made, so the look-up needs no check of its own).
_CODE_OF_ID = (tuple(from_136(i, False) for i in range(136)), tuple(from_136(i, True) for i in range(136)))


def _codes(ids: Sequence[int], red: bool) -> list[int]:
    table = _CODE_OF_ID[red]
    return [table[i] for i in ids]


@dataclass
class RoundWall:
    """``hands``: the 13 dealt tiles of each seat (codes, seat order); ``live``: the live
    tiles in draw order; ``rinshan``: the replacement tiles in draw order; ``indicators``
    and ``ura``: the dora and ura indicators (index 0 the first, 1-4 the kan dora);
    ``live_size``: how many tiles the live wall holds after the deal before any kan (70
    with four players, 55 with three)."""

    hands: tuple[tuple[int, ...], ...]
    live: list[int]
    rinshan: list[int]
    indicators: list[int]
    ura: list[int]
    live_size: int
    dice: tuple[int, int] | None = None
    drawn_live: int = 0
    drawn_rinshan: int = 0
    known: bool = True  # every tile known (a shuffled wall), not rebuilt from a log
    ids: tuple[int, ...] | None = field(default=None, repr=False)  # the 136-ids, when known

    @property
    def remaining(self) -> int:
        """Live tiles still to draw: each replacement draw has shortened the live wall."""
        return self.live_size - self.drawn_live - self.drawn_rinshan

    def draw(self) -> int:
        """The next live tile."""
        tile = self.live[self.drawn_live] if self.drawn_live < len(self.live) else UNKNOWN
        self.drawn_live += 1
        return tile

    def draw_rinshan(self) -> int:
        """The next replacement tile."""
        index = self.drawn_rinshan
        tile = self.rinshan[index] if index < len(self.rinshan) else UNKNOWN
        self.drawn_rinshan += 1
        return tile

    def indicator(self, index: int) -> int:
        return self.indicators[index] if index < len(self.indicators) else UNKNOWN

    def ura_indicators(self, count: int) -> tuple[int, ...]:
        return tuple(self.ura[i] if i < len(self.ura) else UNKNOWN for i in range(count))

    @classmethod
    def from_wall(cls, wall: Wall, dealer: int, red: bool) -> RoundWall:
        """The hand dealt from a shuffled ``wall`` (its tiles as codes; ``red``: the
        game has red fives, so ids 16, 52 and 88 are red)."""
        return cls(
            hands=tuple(tuple(_codes(h, red)) for h in wall.deal(dealer)),
            live=_codes(wall.live_draws, red),
            rinshan=_codes([wall.rinshan(i) for i in range(4 if wall.players == 4 else 8)], red),
            indicators=_codes([wall.dora_indicator(i) for i in range(5)], red),
            ura=_codes([wall.ura_indicator(i) for i in range(5)], red),
            live_size=live_size_of(wall.players),
            dice=wall.dice,
            ids=wall.tiles,
        )
