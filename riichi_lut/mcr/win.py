"""``Win``: the facts of a Chinese Official (MCR) win, checked once.

How the hand was won (self-drawn or on a discard), the seat and prevalent winds, the
flower tiles, and the situational facts: the last copy of the winning tile (和绝张), the
replacement tile after a kong (杠上开花), robbing a kong (抢杠和), the last tile of the
wall (妙手回春 self-drawn / 海底捞月 on a discard). What needs the hand (a kong for the
replacement tile, the winning tile once in the hand when a kong is robbed) or the rules
(flowers in the set) is checked by :func:`~riichi_lut.mcr.score.score`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from ..core import args
from ..core.winds import WIND_LETTERS, wind_index
from ..errors import InvalidArgumentError, InvalidSituationError

__all__ = ["WIN_FLAGS", "Win"]

WIN_FLAGS = ("last_tile", "kong_replacement", "robbing_kong", "last_tile_of_wall")
"""The situational flags of a win, in the order of ``Win.to_dict()``."""

_CONTRADICTIONS: tuple[tuple[Callable[[Win], bool], str, str], ...] = (
    (
        lambda w: w.robbing_kong and w.self_drawn,
        "robbing_kong",
        "is a win on the tile another player adds to a kong: it cannot be self-drawn",
    ),
    (
        lambda w: w.kong_replacement and not w.self_drawn,
        "kong_replacement",
        "is a self-drawn win on the replacement tile after a kong: it cannot be on a discard",
    ),
    (
        lambda w: w.robbing_kong and w.last_tile_of_wall,
        "robbing_kong",
        "is not a win on the last tile of the wall (last_tile_of_wall): the robbed kong needs a"
        " replacement tile",
    ),
    (
        lambda w: w.robbing_kong and w.kong_replacement,
        "robbing_kong",
        "(another player's kong) and a kong replacement (your own) exclude each other",
    ),
)


@dataclass(frozen=True)
class Win:
    """The facts of an MCR win; winds are "E", "S", "W", "N" in either case (stored upper
    case), flags ``True``/``False``, ``flowers`` 0..8.

    >>> Win(self_drawn=True, seat_wind="s", prevalent_wind="E", flowers=2).to_dict()["seat_wind"]
    'S'
    >>> Win(self_drawn=True, seat_wind="E", prevalent_wind="E", robbing_kong=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidSituationError: robbing_kong is a win on the tile another player adds ...
    """

    self_drawn: bool
    seat_wind: str
    prevalent_wind: str
    flowers: int = 0
    last_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_tile_of_wall: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "self_drawn", args.as_flag(self.self_drawn, "self_drawn", error=InvalidSituationError))
        set_(self, "seat_wind", WIND_LETTERS[wind_index(self.seat_wind, "seat_wind")])
        set_(self, "prevalent_wind", WIND_LETTERS[wind_index(self.prevalent_wind, "prevalent_wind")])
        set_(self, "flowers", args.as_count(self.flowers, "flowers", 0, 8, error=InvalidSituationError))
        for name in WIN_FLAGS:
            set_(self, name, args.as_flag(getattr(self, name), name, error=InvalidSituationError))
        for broken, parameter, detail in _CONTRADICTIONS:
            if broken(self):
                raise InvalidSituationError.about(parameter, detail)

    def replace(self, **changes: Any) -> Win:
        """A copy with ``changes`` applied (checked again)."""
        names = {f.name for f in fields(self)}
        for name in changes:
            if name not in names:
                raise InvalidArgumentError(f"Win has no fact {name!r} (facts: {', '.join(sorted(names))})")
        return replace(self, **changes)

    @property
    def seat_kind(self) -> int:
        """The tile kind of the seat wind (27 = East … 30 = North)."""
        return 27 + WIND_LETTERS.index(self.seat_wind)

    @property
    def prevalent_kind(self) -> int:
        """The tile kind of the prevalent wind."""
        return 27 + WIND_LETTERS.index(self.prevalent_wind)

    def to_dict(self) -> dict[str, Any]:
        """The facts as a JSON-ready dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
