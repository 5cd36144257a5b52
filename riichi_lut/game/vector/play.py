"""``play_vector(seeds, policies)``: one game per seed, all in lock-step."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...core.args import as_count
from ...errors import InvalidArgumentError, quote
from ..policies import POLICIES
from ..record import GameRecord
from ..rules import GameRules, game_rules
from .engine import VectorGames
from .policies import EfficiencyBatch, RandomBatch

__all__ = ["play_vector", "vector_games"]


def play_vector(
    seeds: Sequence[int],
    policies: Sequence[str] | Sequence[Sequence[str]],
    *,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
    record: bool = True,
) -> list[GameRecord]:
    """Play ``len(seeds)`` games, game ``i`` from ``seeds[i]``: the games
    ``play_one(lineup, seed=seeds[i])`` plays, event for event. ``policies``: one name
    per seat (``"random"`` or ``"efficiency"``) for every game, or one such lineup per
    game. ``record=False`` keeps no events (the results only)."""
    return vector_games(seeds, policies, rules=rules, length=length, players=players, record=record).records()


def vector_games(
    seeds: Sequence[int],
    policies: Sequence[str] | Sequence[Sequence[str]],
    *,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
    record: bool = True,
) -> VectorGames:
    """:func:`play_vector`, returning the finished :class:`VectorGames` (its ``records()``,
    and ``marks``: each hand's seats that declared riichi and that opened their hand)."""
    rules = game_rules(rules, length, players)
    p = rules.players
    if isinstance(seeds, (str, bytes)) or not isinstance(seeds, Sequence):
        raise InvalidArgumentError.about("seeds", f"must be a sequence of ints, got {quote(seeds)}")
    seeds = [as_count(x, f"seeds[{i}]", 0, 2**63 - 1) for i, x in enumerate(seeds)]
    if isinstance(policies, str):
        raise InvalidArgumentError.about(
            "policies", f"needs a name per seat (e.g. [{policies!r}] * 4), got the string {policies!r}"
        )
    if policies and isinstance(policies[0], str):
        lineups: list[list[str]] = [[str(x) for x in policies]] * len(seeds)
    else:
        lineups = [[str(x) for x in lineup] for lineup in policies]
    if len(lineups) != len(seeds):
        raise InvalidArgumentError.about(
            "policies", f"needs one lineup per seed ({len(seeds)}), got {len(lineups)}"
        )
    names: list[str] = []
    for lineup in lineups:
        if len(lineup) != p or any(name not in POLICIES for name in lineup):
            raise InvalidArgumentError.about(
                "policies", f"needs one of {', '.join(POLICIES)} for each of the {p} seats, got {lineup!r}"
            )
        names += [name for name in lineup if name not in names]
    assign = np.array([[names.index(name) for name in lineup] for lineup in lineups], dtype=np.intp)
    batched: list[object] = [
        RandomBatch(seeds, p) if name == "random" else EfficiencyBatch(len(seeds), p) for name in names
    ]
    games = VectorGames(seeds, rules, batched, record, assign)
    games.run()
    return games
