"""``play_vector(seeds, policies)``: one game per seed, all in lock-step.

A seat's policy is a name (``"random"``, ``"efficiency"``: batched by arrays) or a
callable ``policy(obs, mask) -> ids`` of one's own, which gets the observation batch and
the legal masks of the rows it must decide (:mod:`riichi_lut.game.vector.user`); names and
callables mix freely in a lineup.
"""

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
from .user import UserBatch, UserPolicy

__all__ = ["PolicySpec", "play_vector", "vector_games"]

#: A seat's policy: a name of :data:`~riichi_lut.game.policies.POLICIES` the vectorised
#: game batches (``"random"``, ``"efficiency"``) or a callable ``policy(obs, mask) -> ids``.
PolicySpec = str | UserPolicy


def play_vector(
    seeds: Sequence[int],
    policies: Sequence[PolicySpec] | Sequence[Sequence[PolicySpec]],
    *,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
    record: bool = True,
) -> list[GameRecord]:
    """Play ``len(seeds)`` games, game ``i`` from ``seeds[i]``: the games
    ``play_one(lineup, seed=seeds[i])`` plays, event for event. ``policies``: one policy
    per seat for every game, or one such lineup per game; a policy is a name
    (``"random"`` or ``"efficiency"``) or a callable ``policy(obs, mask) -> ids``
    (:mod:`riichi_lut.game.vector.user`: ``obs`` the observation batch of the rows to
    decide, ``mask`` their legal masks, ``ids`` one legal action id per row), one
    instance serving every seat it sits in. ``record=False`` keeps no events (the results
    only).

    >>> def lowest(obs, mask):  # the lowest legal id of each row
    ...     return mask.argmax(axis=1)
    >>> records = play_vector([7, 8], [lowest, "random", "random", lowest], length="one_hand")
    >>> [sum(r.final_scores) for r in records]
    [100000, 100000]
    """
    return vector_games(seeds, policies, rules=rules, length=length, players=players, record=record).records()


def vector_games(
    seeds: Sequence[int],
    policies: Sequence[PolicySpec] | Sequence[Sequence[PolicySpec]],
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
    if policies and (isinstance(policies[0], str) or callable(policies[0])):
        lineups: list[list[PolicySpec]] = [list(policies)] * len(seeds)  # type: ignore[arg-type]
    else:
        lineups = [list(lineup) for lineup in policies]  # type: ignore[arg-type]
    if len(lineups) != len(seeds):
        raise InvalidArgumentError.about(
            "policies", f"needs one lineup per seed ({len(seeds)}), got {len(lineups)}"
        )
    names: list[PolicySpec] = []  # each distinct policy once: a name, or a callable by identity
    index: dict[object, int] = {}
    rows: dict[int, list[int]] = {}  # each lineup's row of ``assign`` (one lineup for all: once)
    for lineup in lineups:
        if id(lineup) in rows:
            continue
        if len(lineup) != p or not all(callable(x) or (isinstance(x, str) and x in POLICIES) for x in lineup):
            raise InvalidArgumentError.about(
                "policies",
                f"needs one of {', '.join(POLICIES)} or a callable policy(obs, mask) -> ids for each of the"
                f" {p} seats, got {quote(lineup)}",
            )
        keys = [x if isinstance(x, str) else id(x) for x in lineup]
        for key, x in zip(keys, lineup, strict=True):
            if key not in index:
                index[key] = len(names)
                names.append(x)
        rows[id(lineup)] = [index[key] for key in keys]
    assign = np.array([rows[id(lineup)] for lineup in lineups], dtype=np.intp).reshape(len(lineups), p)
    batched: list[object] = [
        UserBatch(name)
        if not isinstance(name, str)
        else RandomBatch(seeds, p)
        if name == "random"
        else EfficiencyBatch(len(seeds), p)
        for name in names
    ]
    games = VectorGames(seeds, rules, batched, record, assign)
    games.run()
    return games
