"""``play_vector(seeds, policies)``: one game per seed, all in lock-step."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import InvalidArgumentError
from ..policies import policy_named
from ..record import GameRecord
from ..rules import LENGTHS, TENHOU_GAME, TENHOU_SANMA_GAME, GameRules
from .engine import VectorGames
from .policies import EfficiencyBatch, RandomBatch, ReferenceBatch

__all__ = ["play_vector"]


def play_vector(
    seeds: Sequence[int],
    policies: Sequence[str],
    *,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
    record: bool = True,
) -> list[GameRecord]:
    """Play ``len(seeds)`` games, game ``i`` from ``seeds[i]``, one policy name per seat
    (``"random"`` or ``"efficiency"``): the games ``play_one(policies, seed=seeds[i])``
    plays, event for event. ``record=False`` keeps no events (the results only)."""
    if rules is None:
        rules = TENHOU_SANMA_GAME if players == 3 else TENHOU_GAME
    if length is not None:
        if length not in LENGTHS:
            raise InvalidArgumentError.about("length", f"must be one of {', '.join(LENGTHS)}, got {length!r}")
        rules = rules.replace(length=length)
    p = rules.players
    if len(policies) != p:
        raise InvalidArgumentError.about(
            "policies", f"needs one policy per seat ({p}), got {list(policies)!r}"
        )
    seeds = [int(x) for x in seeds]
    batched: list[object] = []
    for seat, name in enumerate(policies):
        if name == "random":
            batched.append(RandomBatch(seeds, p))
        elif name == "efficiency":
            batched.append(EfficiencyBatch(len(seeds), p))
        else:
            batched.append(
                ReferenceBatch([[policy_named(name, seed * 31 + x) for x in range(p)] for seed in seeds])
            )
        del seat
    return VectorGames(seeds, rules, batched, record).run()
