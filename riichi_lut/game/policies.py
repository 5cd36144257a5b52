"""Built-in policies: a policy is a callable ``policy(observation, legal) -> Action``
(:class:`~riichi_lut.game.observe.Observation`, the legal actions of that moment).

- :class:`RandomPolicy`: uniform over the legal action *ids* (:mod:`riichi_lut.game.actions`; the id's
  action by :func:`~riichi_lut.game.actions.action_of_id`), the ``k``-th decision from
  the ``k``-th number of its counter-based stream (:mod:`riichi_lut.game.streams`), so that the
  vectorised engine, which draws the same numbers, plays the same game.
- :class:`EfficiencyPolicy`: wins whenever it can, declares riichi at tenpai, discards
  the hint engine's first choice (:func:`~riichi_lut.analysis.efficiency.rank_discards`,
  the dora-worth red five kept), calls a pon or chi only when the call keeps a yaku
  (a dragon, the seat or round wind, or every tile a simple for open tanyao) and lowers
  the shanten, and passes otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..analysis.efficiency import rank_discards
from ..analysis.shanten import shanten_value
from ..core.tiles import NUM_KINDS, TERMINALS_AND_HONORS, kind_of
from ..errors import InvalidArgumentError
from .actions import (
    CHI_A,
    DISCARD_A,
    NINE_A,
    PASS_A,
    PON_A,
    RIICHI_A,
    RON_A,
    TSUMO_A,
    Action,
    action_id,
    action_of_id,
)
from .observe import Observation
from .record import CHI
from .seat import kinds_of
from .streams import pick, stream_key

__all__ = ["POLICIES", "EfficiencyPolicy", "Policy", "RandomPolicy", "policy_named"]

Policy = Callable[[Observation, Sequence[Action]], Action]
_SIMPLE = frozenset(range(NUM_KINDS)) - frozenset(TERMINALS_AND_HONORS)


class RandomPolicy:
    """Uniform over the legal action ids: decision ``k`` takes the ``pick(key, k, n)``-th
    of the ``n`` legal ids in increasing order (seeded: the same seed plays the same game;
    see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.key = stream_key(seed)
        self.decisions = 0

    def __call__(self, observation: Observation, legal: Sequence[Action]) -> Action:
        ids = sorted({action_id(a) for a in legal})
        chosen = ids[pick(self.key, self.decisions, len(ids))]
        self.decisions += 1
        return action_of_id(legal, chosen)


class EfficiencyPolicy:
    """Tile efficiency with the hint engine (see the module docstring)."""

    def __call__(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The choice of :meth:`choose`, as the action its id stands for (a call with the
        red five when it can, a tsumogiri discard when it can: ``action_of_id``), so
        that a batched engine, which decides by id, plays the same game."""
        return action_of_id(legal, action_id(self.choose(observation, legal)))

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        for kind in (TSUMO_A, RON_A, RIICHI_A):
            if kind in by_type:
                return by_type[kind][0]
        if DISCARD_A in by_type:
            return self.discard(observation, by_type[DISCARD_A])
        calls = by_type.get(PON_A, []) + by_type.get(CHI_A, [])
        for call in calls:
            if self.worth_calling(observation, call):
                return call
        if PASS_A in by_type:
            return by_type[PASS_A][0]
        if NINE_A in by_type:
            return by_type[NINE_A][0]
        return legal[0]

    def discard(self, observation: Observation, discards: list[Action]) -> Action:
        codes = [0] * 37
        for tile in observation.hand:
            codes[tile] += 1
        melds = len(observation.melds[observation.seat])
        allowed = {kind_of(a.tile) for a in discards if a.tile is not None}
        players = observation.players
        for option in rank_discards(kinds_of(codes), melds=melds, two_step=False, players=players):
            if option.kind not in allowed:
                continue
            matching = [a for a in discards if a.tile is not None and kind_of(a.tile) == option.kind]
            matching.sort(key=lambda a: (a.tile != option.kind, not a.tsumogiri))  # plain five first
            return matching[0]
        return discards[0]

    def worth_calling(self, observation: Observation, call: Action) -> bool:
        codes = [0] * 37
        for tile in observation.hand:
            codes[tile] += 1
        kinds = kinds_of(codes)
        melds = observation.melds[observation.seat]
        players = observation.players
        before = shanten_value(kinds, len(melds), players)
        for tile in call.consumed:
            kinds[kind_of(tile)] -= 1
        after = shanten_value(kinds, len(melds) + 1, players)
        if after >= before:
            return False
        called = kind_of(call.tile or 0)
        winds = {27 + (observation.seat - observation.dealer) % players, 27 + observation.round // 4}
        valuable = {31, 32, 33} | winds
        if call.type == PON_A and called in valuable:
            return True
        if any(m.type != CHI and m.kind in valuable for m in melds):
            return True
        meld_kinds = [kind_of(t) for m in melds for t in m.tiles]
        every = [k for k in range(NUM_KINDS) for _ in range(kinds[k])] + meld_kinds + [called]
        return all(k in _SIMPLE for k in every)


def policy_named(name: str, seed: int = 0) -> Policy:
    """``"random"`` (seeded) or ``"efficiency"``."""
    if name == "random":
        return RandomPolicy(seed)
    if name == "efficiency":
        return EfficiencyPolicy()
    raise InvalidArgumentError.about("policy", f"must be one of {', '.join(POLICIES)}, got {name!r}")


POLICIES = ("random", "efficiency")
