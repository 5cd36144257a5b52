"""Plain-English explanation of an MCR score: each fan with its points and the tiles that
make it, why the chosen reading beats the others, the minimum, and who pays what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .score import McrScore

__all__ = ["explain"]


def _fan_line(number: int, english: str, chinese: str, points: int, count: int, sets: tuple[str, ...]) -> str:
    times = f" x{count}" if count > 1 else ""
    tiles = f" — {', '.join(sets)}" if sets else ""
    unit = "point" if points == 1 else "points"
    return f"  {english} ({chinese}, fan {number}): {points} {unit}{times} = {points * count}{tiles}"


def _competition(result: McrScore) -> list[str]:
    if not result.alternatives:
        return []
    other = result.alternatives[0]
    if other.total == result.uncapped_total:
        return [f"Another reading, {other.reading}, scores the same {other.total}; either gives this total."]
    return [
        f"The next best reading, {other.reading}, totals {other.total}:"
        f" this one scores {result.uncapped_total - other.total} more, and the highest reading is taken."
    ]


def explain(result: McrScore) -> str:
    """The text of :meth:`riichi_lut.mcr.score.McrScore.explain`.

    >>> from riichi_lut.mcr import score
    >>> r = score("123m456p789s234s55z", "5z", self_drawn=False, seat_wind="E", prevalent_wind="E")
    >>> print(r.explain())
    Hand 123m456p789s234s55z, read as regular: 123m 456p 234s 789s 55z (2006 rules).
      Mixed Straight (花龙, fan 39): 8 points = 8 — 123m 456p 789s
      Concealed Hand (门前清, fan 62): 2 points = 2
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
