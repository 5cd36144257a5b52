"""Shared by the tests that hold ``score()`` (its fast path) against ``reference_score()``
(the general path): one situation through both, compared by outcome — the error's type and
message, or every number of the result."""

from __future__ import annotations

import random
from typing import Any

from riichi_lut.errors import RiichiLutError
from riichi_lut.riichi import score
from riichi_lut.riichi.rules import RuleSet
from riichi_lut.riichi.score import reference_score
from riichi_lut.riichi.win import Win

#: (hand, tile, facts, rule set name, the fast outcome, the reference outcome) of a difference.
Difference = tuple[Any, Any, dict[str, Any], str, tuple[Any, ...], tuple[Any, ...]]


def outcome(result: Any) -> tuple[Any, ...]:
    """An error as (type name, message); a result as its numbers."""
    if isinstance(result, Exception):
        return (type(result).__name__, str(result))
    return (result.total, result.han, result.fu, result.yakuman, result.limit, result.base,
            result.riichi_sticks, result.points, result.dealer, result.tsumo)  # fmt: skip


def run(function: Any, hand: Any, tile: Any, facts: dict[str, Any], rules: RuleSet, as_win: bool) -> Any:
    """``function(hand, tile, ...)`` with the facts as keywords or (``as_win``) a Win; the
    error it raises is returned."""
    try:
        if as_win:
            return function(hand, tile, Win(**facts), rules=rules)
        return function(hand, tile, rules=rules, **facts)
    except RiichiLutError as error:
        return error


def both_paths(
    rng: random.Random, hand: Any, tile: Any, facts: dict[str, Any], rules: RuleSet
) -> tuple[Any, Any, Difference | None]:
    """(the fast answer, the reference answer, the difference or None) of one situation, the
    facts given as a Win one time in five (when they make one)."""
    as_win = rng.random() < 0.2
    if as_win:
        try:
            Win(**facts)
        except RiichiLutError:
            as_win = False
    new = run(score, hand, tile, facts, rules, as_win)
    old = run(reference_score, hand, tile, facts, rules, as_win)
    if outcome(new) != outcome(old):
        return new, old, (hand, tile, facts, rules.name, outcome(new), outcome(old))
    return new, old, None
