"""Plain-English explanation of an MCR score: each fan with its points and the tiles that
make it, why the chosen reading beats the others, the minimum, and who pays what.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .rules import McrRules
from .win import Win

__all__ = ["EVIDENCE", "Explained", "explain"]


class _Fan(Protocol):
    """A fan line as the explanation reads it (:class:`~riichi_lut.mcr.score.FanLine`)."""

    @property
    def number(self) -> int: ...
    @property
    def english(self) -> str: ...
    @property
    def chinese(self) -> str: ...
    @property
    def points(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def sets(self) -> tuple[str, ...]: ...


class _Reading(Protocol):
    """Another reading (:class:`~riichi_lut.mcr.score.Alternative`)."""

    @property
    def reading(self) -> str: ...
    @property
    def total(self) -> int: ...


class _Payment(Protocol):
    """A payment (:class:`~riichi_lut.mcr.score.Payment`)."""

    @property
    def payer(self) -> str: ...
    @property
    def points(self) -> int: ...


class Explained(Protocol):
    """What :func:`explain` reads of a score: the fields of
    :class:`~riichi_lut.mcr.score.McrScore` it needs. Written as a protocol so that this
    module does not import ``mcr/score.py``, which imports it (``McrScore.explain()``):
    no import circle, even for type hints."""

    @property
    def hand(self) -> str: ...
    @property
    def reading(self) -> str: ...
    @property
    def rules(self) -> McrRules: ...
    @property
    def win(self) -> Win: ...
    @property
    def fans(self) -> Sequence[_Fan]: ...
    @property
    def total(self) -> int: ...
    @property
    def uncapped_total(self) -> int: ...
    @property
    def total_without_flowers(self) -> int: ...
    @property
    def meets_minimum(self) -> bool: ...
    @property
    def alternatives(self) -> Sequence[_Reading]: ...
    @property
    def payments(self) -> Sequence[_Payment]: ...


#: What makes a fan that names no particular sets: the fact about the whole hand or the win
#: that the explanation shows in place of the tiles (fan number -> words).
EVIDENCE: dict[int, str] = {
    3: "every tile green (2s 3s 4s 6s 8s and the green dragon)",
    4: "1112345678999 of one suit held concealed, waiting on all nine",
    6: "seven pairs in a row of one suit",
    7: "one of each terminal and honor, one of them paired",
    8: "only 1s and 9s, in pungs",
    11: "only honors, in pungs",
    13: "two pairs of terminal chows in one suit around a pair of 5s",
    18: "only terminals and honors, in pungs",
    19: "seven pairs",
    20: "all seven honors and seven knitted suit tiles, all different",
    21: "only even tiles, in pungs",
    22: "every tile of one suit",
    25: "only 7, 8 and 9",
    26: "only 4, 5 and 6",
    27: "only 1, 2 and 3",
    29: "terminal chows in two suits, a pair of 5s in the third",
    31: "a 5 in every set and in the pair",
    34: "fourteen different tiles: honors and knitted suit tiles",
    35: "147, 258 and 369 in three different suits",
    36: "only 6, 7, 8 and 9",
    37: "only 1, 2, 3 and 4",
    40: "only tiles that look the same upside down",
    43: "nothing else scores",
    44: "self-drawn as the last tile of the wall",
    45: "won on the last discard of the game",
    46: "self-drawn as a kong's replacement tile",
    47: "won on the tile another player added to a kong",
    49: "one suit and honors",
    51: "all three suits, winds and dragons",
    52: "every set melded, won on a discard as a single wait",
    55: "a terminal or an honor in every set and in the pair",
    56: "no melded set, self-drawn",
    58: "the winning tile's other three copies already on the table",
    62: "no melded set, won on a discard",
    64: "all four copies of a tile used without a kong",
    68: "no terminals or honors",
    75: "one suit missing",
    76: "no honors",
    80: "self-drawn",
    81: "flower tiles set aside",
}


def _fan_line(number: int, english: str, chinese: str, points: int, count: int, sets: tuple[str, ...]) -> str:
    times = f" x{count}" if count > 1 else ""
    evidence = ", ".join(sets) if sets else EVIDENCE.get(number, "")
    tiles = f" — {evidence}" if evidence else ""
    unit = "point" if points == 1 else "points"
    return f"  {english} ({chinese}, fan {number}): {points} {unit}{times} = {points * count}{tiles}"


def _competition(result: Explained) -> list[str]:
    if not result.alternatives:
        return []
    other = result.alternatives[0]
    if other.total == result.uncapped_total:
        return [f"Another reading, {other.reading}, scores the same {other.total}; either gives this total."]
    return [
        f"The next best reading, {other.reading}, totals {other.total}:"
        f" this one scores {result.uncapped_total - other.total} more, and the highest reading is taken."
    ]


def explain(result: Explained) -> str:
    """The text of :meth:`riichi_lut.mcr.score.McrScore.explain`.

    >>> from riichi_lut.mcr import score
    >>> r = score("123m456p789s234s55z", "5z", self_drawn=False, seat_wind="E", prevalent_wind="E")
    >>> print(r.explain())
    Hand 123m456p789s234s55z, read as regular: 123m 456p 234s 789s 55z (2006 rules).
      Mixed Straight (花龙, fan 39): 8 points = 8 — 123m 456p 789s
      Concealed Hand (门前清, fan 62): 2 points = 2 — no melded set, won on a discard
      Single Wait (单钓将, fan 79): 1 point = 1 — 55z
    Total 11; 11 without flowers.
    Payments: the discarder pays 19, each other player pays 8; 35 in all.
    """
    lines = [f"Hand {result.hand}, read as {result.reading} ({result.rules.edition} rules)."]
    lines += [_fan_line(f.number, f.english, f.chinese, f.points, f.count, f.sets) for f in result.fans]
    capped = result.total != result.uncapped_total
    cap = f" (capped at {result.rules.cap} from {result.uncapped_total})" if capped else ""
    lines.append(f"Total {result.total}{cap}; {result.total_without_flowers} without flowers.")
    lines += _competition(result)
    if not result.meets_minimum:
        lines.append(
            f"Below the {result.rules.minimum}-point minimum (flowers not counted):"
            " not a legal win, nobody pays."
        )
        return "\n".join(lines)
    if result.win.self_drawn:
        who = ", ".join(f"{p.payer} pays {p.points}" for p in result.payments)
    else:
        discarder, other = result.payments[0].points, result.payments[1].points
        who = f"the discarder pays {discarder}, each other player pays {other}"
    lines.append(f"Payments: {who}; {sum(p.points for p in result.payments)} in all.")
    return "\n".join(lines)
