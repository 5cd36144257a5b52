"""Shared helpers of the MCR scoring tests: score a hand with quiet winds (seat West,
prevalent North unless given) and read its fans as {English name: points}."""

from __future__ import annotations

from typing import Any

from riichi_lut.mcr import McrScore, score


def scored(hand: str, win: str, self_drawn: bool = False, **facts: Any) -> McrScore:
    """``score`` with seat West and prevalent North unless ``facts`` says otherwise."""
    facts.setdefault("seat_wind", "W")
    facts.setdefault("prevalent_wind", "N")
    return score(hand, win, self_drawn=self_drawn, **facts)


def fans(result: McrScore) -> dict[str, int]:
    """{English name: total points} of a result, in fan order."""
    return {f.english: f.total for f in result.fans}
