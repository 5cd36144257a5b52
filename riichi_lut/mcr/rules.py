"""``McrRules``: the edition and options of a Chinese Official (MCR) game.

Editions: ``"2006"`` (the WMO Mahjong Competition Rules, what most tournaments play; the
default) and ``"1998"`` (the original 中国麻将竞赛规则 values and combinations, which
PyMahjongGB follows). Options: no flower tiles in the set (``flowers=False``), the Japanese
domestic 88-point cap (``cap=88``) and the 2014 beginner rules (``beginner=True``: a 6-point
minimum and no 8-point base payment). What each changes and its source: ``docs/mcr.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from ..core.args import as_flag
from ..core.hand import Hand
from ..errors import InvalidArgumentError, InvalidHandError, quote

__all__ = ["DEFAULT_RULES", "EDITIONS", "McrRules", "refuse_red_fives"]

EDITIONS = ("2006", "1998")
"""The editions :class:`McrRules` knows, the default first."""


@dataclass(frozen=True)
class McrRules:
    """The edition and options of an MCR game, checked once.

    >>> McrRules().minimum, McrRules(beginner=True).minimum, McrRules(beginner=True).base_payment
    (8, 6, 0)
    >>> McrRules().replace(edition="1998")
    McrRules(edition='1998', flowers=True, cap=None, beginner=False)
    """

    edition: Literal["2006", "1998"] = "2006"
    flowers: bool = True
    cap: int | None = None
    beginner: bool = False

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise InvalidArgumentError(f"edition must be '2006' or '1998', got {quote(self.edition)}")
        as_flag(self.flowers, "flowers")
        as_flag(self.beginner, "beginner")
        if self.cap is not None and (isinstance(self.cap, bool) or self.cap != 88):
            raise InvalidArgumentError(
                f"cap must be None or 88 (the Japanese domestic cap), got {quote(self.cap)}"
            )

    def replace(self, **changes: Any) -> McrRules:
        """A copy with ``changes`` applied (checked again)."""
        names = {f.name for f in fields(self)}
        for name in changes:
            if name not in names:
                raise InvalidArgumentError(
                    f"McrRules has no option {name!r} (options: {', '.join(sorted(names))})"
                )
        return replace(self, **changes)

    @property
    def minimum(self) -> int:
        """Points a win needs, flowers not counted: 8, or 6 under the beginner rules."""
        return 6 if self.beginner else 8

    @property
    def base_payment(self) -> int:
        """What every non-winner pays on top: 8, or 0 under the beginner rules."""
        return 0 if self.beginner else 8

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {"edition": self.edition, "flowers": self.flowers, "cap": self.cap, "beginner": self.beginner}


DEFAULT_RULES = McrRules()
"""The WMO 2006 edition with flowers, no cap, the full rules."""


def refuse_red_fives(hand: Hand) -> None:
    """The MCR set has no red fives: a hand holding one (concealed or in a call) is refused,
    by the scorer, the hints and the GB notation alike.

    >>> refuse_red_fives(Hand("123m406p789s1234z"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidHandError: '123m406p789s1234z' has a red five (0m/0p/0s): ...
    """
    if any(hand.total_red):
        raise InvalidHandError(
            f"{quote(hand.to_text())} has a red five (0m/0p/0s): MCR has no red fives; write it as a 5"
        )
