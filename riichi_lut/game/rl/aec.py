"""A PettingZoo AEC environment: :class:`RiichiAECEnv`, every seat an agent
(``player_0`` … ``player_3``; three with three players), over
:class:`~riichi_lut.game.env.VectorEnv`.

- ``observe(agent)``: ``{"observation": <the encoding of that seat>, "action_mask": int8
  (116,)}``; the mask is all zeros for an agent whose decision is not due;
- ``agent_selection``: the seat whose decision is due. On a claim several seats decide
  without seeing each other: they are selected one after another, in turn order from
  the discarder, and the table applies their decisions when the last has decided;
- ``rewards``: each seat's reward of the last step (``reward="round"``: score change over
  each hand that ended, in thousands; ``"final"``: final points with uma at the end);
- an episode is one game: at its end every agent is terminated;
- an id the mask does not allow: ``illegal="noop"`` (the default) leaves the table as it
  was, with ``infos[agent]["illegal_action"]`` True; ``"raise"`` raises
  :class:`~riichi_lut.errors.IllegalActionError`.

Needs the ``rl`` extra (``pip install 'riichi-lut[rl]'``); without it this module imports,
and making the environment raises an ``ImportError`` that names the extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..actions import NUM_ACTIONS
from ..env import VectorEnv
from ..features import FEATURES
from ..rules import GameRules
from . import base_class, require
from .gym import check_render_mode, checked_illegal
from .spaces import MASK_KEY, action_space, feature_space

if TYPE_CHECKING:
    from pettingzoo import AECEnv as _AECEnv
else:
    _AECEnv = base_class("pettingzoo", "AECEnv")

__all__ = ["RiichiAECEnv", "env"]

_SEED_LIMIT = 2**63 - 1
_NAMES = tuple(f.name for f in FEATURES)


class RiichiAECEnv(_AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """Every seat an agent; ``players``, ``rules``, ``length`` and ``reward`` as
    :class:`~riichi_lut.game.env.VectorEnv`'s; ``illegal``: see the module docstring;
    ``engine``: :class:`~riichi_lut.game.env.VectorEnv`'s, ``"reference"`` by default (one
    table at a time, the reference tables step faster than the arrays; the same games).

    A game with random legal actions (``docs/rl.md``; not a doctest, which would need the
    extra)::

        aec = RiichiAECEnv(length="one_hand")
        aec.reset(seed=2)
        for agent in aec.agent_iter():
            observation, reward, terminated, truncated, info = aec.last()
            if terminated or truncated:
                action = None
            else:
                action = aec.action_space(agent).sample(observation["action_mask"])
            aec.step(action)
    """

    metadata: dict[str, Any] = {"render_modes": [], "name": "riichi_lut_aec_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        *,
        players: int | None = None,
        rules: GameRules | None = None,
        length: str | None = None,
        reward: str = "round",
        illegal: str = "noop",
        render_mode: str | None = None,
        engine: str = "reference",
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = None
        self.illegal = checked_illegal(illegal)
        self.vector = VectorEnv(1, players=players, rules=rules, length=length, reward=reward, engine=engine)
        n = self.vector.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        spaces = require("gymnasium").spaces
        space = spaces.Dict(
            {"observation": feature_space(n), MASK_KEY: spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8)}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: action_space() for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self._obs: dict[str, np.ndarray] | None = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``seed`` seeds it (with none, the env's own generator draws one)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = seed if seed is not None else int(self._rng.integers(_SEED_LIMIT))
        self._obs, _ = self.vector.reset(seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: _seat_info(None, s) for s, a in enumerate(self.agents)}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        return self.possible_agents[int(self.vector.current_seat[0])]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s view now and its mask (zeros unless its decision is due)."""
        seat = self.possible_agents.index(agent)
        assert self._obs is not None, "observe comes after reset()"
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self._obs["seat"][0] == seat:
            features = {name: self._obs[name][0, ...].copy() for name in _NAMES}
            mask[:] = self._obs["mask"][0]
        else:
            features = self.vector.encode_seat(0, seat)
        return {"observation": features, MASK_KEY: mask}

    def step(self, action: Any) -> None:
        """The selected agent's decision (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._obs is not None, "step comes after reset()"
        self._cumulative_rewards[agent] = 0.0
        id = int(action)
        mask = self._obs["mask"][0]
        if self.illegal == "noop" and not (0 <= id < len(mask) and mask[id]):
            self._clear_rewards()
            self.infos[agent] = _seat_info(None, self.possible_agents.index(agent), illegal=True)
            return
        self._obs, rewards, terminated, truncated, info = self.vector.step(np.array([id]))
        self.infos = {a: _seat_info(info, self.possible_agents.index(a)) for a in self.agents}
        self.rewards = {a: float(rewards[0, s]) for s, a in enumerate(self.possible_agents)}
        if terminated[0] or truncated[0]:
            for a in self.agents:
                self.terminations[a] = bool(terminated[0])
                self.truncations[a] = bool(truncated[0])
        else:
            self.agent_selection = self._selected()
        self._accumulate_rewards()

    def render(self) -> None:
        """Nothing renders (``render_mode`` is None)."""

    def close(self) -> None:
        """Nothing to release."""


def _seat_info(info: dict[str, np.ndarray] | None, seat: int, illegal: bool = False) -> dict[str, Any]:
    """One seat's part of the step's VectorEnv info (its score change and final points;
    zeros without a step)."""
    if info is None:
        return {"illegal_action": illegal, "score_change": 0.0, "hands_ended": 0, "final_points": 0.0}
    return {
        "illegal_action": illegal,
        "score_change": float(info["score_change"][0, seat]),
        "hands_ended": int(info["hands_ended"][0]),
        "final_points": float(info["final_points"][0, seat]),
    }


def env(**kwargs: Any) -> RiichiAECEnv:
    """:class:`RiichiAECEnv` (``kwargs`` as its), by PettingZoo's naming convention."""
    return RiichiAECEnv(**kwargs)
