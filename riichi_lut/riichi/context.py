"""The facts of a win that yaku and fu depend on (:class:`Context`), and the tile groups they
name (dragons, winds, the green tiles). Built and validated by :mod:`riichi_lut.riichi.situation`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from ..analysis.readings import YAOCHU, Reading
from ..core.tiles import DRAGON_KINDS, WIND_KINDS
from .rules import RuleSet

__all__ = ["DRAGONS", "GREEN", "PAARENCHAN_WINS", "WINDS", "Context", "Predicate"]

DRAGONS = DRAGON_KINDS
WINDS = WIND_KINDS
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s hatsu
#: The dealer's consecutive wins (this one included) from which paarenchan is a yakuman.
PAARENCHAN_WINS = 8


@dataclass(frozen=True)
class Context:
    """The facts of the win that yaku depend on (validated by ``situation``)."""

    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    closed: bool
    counts: tuple[int, ...]  # every tile of the hand, calls included (kans as four)
    concealed: tuple[int, ...]  # the concealed part, winning tile included
    rules: RuleSet
    open_riichi: bool = False  # an open riichi the rule set plays (RuleSet.open_riichi)
    paarenchan: int = 0  # the dealer's consecutive wins, where the rule set plays paarenchan

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 27

    # Tile facts every tile-only yaku asks for, computed once per context.

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """The kinds present in the hand (calls included)."""
        return tuple(k for k, n in enumerate(self.counts) if n)

    @cached_property
    def suits(self) -> frozenset[int]:
        return frozenset(k // 9 for k in self.kinds if k < 27)

    @cached_property
    def has_honor(self) -> bool:
        return self.kinds[-1] >= 27

    @cached_property
    def only_yaochu(self) -> bool:
        return all(k in YAOCHU for k in self.kinds)

    @cached_property
    def no_yaochu(self) -> bool:
        return not any(k in YAOCHU for k in self.kinds)


#: A yaku's test: does this reading of the hand, in this context, have the yaku?
Predicate = Callable[[Reading, Context], bool]
