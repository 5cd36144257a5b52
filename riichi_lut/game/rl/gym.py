"""A single-agent Gymnasium environment: :class:`RiichiGymEnv`, the learner at one seat
and built-in policies at the others, over :class:`~riichi_lut.game.env.VectorEnv`.

- ``observation_space``: a ``Dict`` of one ``Box`` per array of the encoding
  (:data:`~riichi_lut.game.features.FEATURES`) plus ``"action_mask"``, int8 0/1 of shape
  ``(116,)`` (pass it to ``action_space.sample(mask=...)``);
- ``action_space``: ``Discrete(116)``, the ids of :mod:`riichi_lut.game.actions`;
- an episode is one game; the reward is the learner's (``reward="round"``: its score
  change over each hand that ended during the step, in thousands; ``"final"``: its final
  points with uma at the game's end); ``info`` holds the learner's seat and the
  :class:`~riichi_lut.game.env.VectorEnv` info of the step, row 0;
- an id the mask does not allow: with ``illegal="noop"`` (the default, so that generic
  checkers that sample any id run) nothing happens, the reward is 0 and
  ``info["illegal_action"]`` is True; with ``illegal="raise"`` it is an
  :class:`~riichi_lut.errors.IllegalActionError`.

:func:`register` makes it ``gymnasium.make(ENV_ID, ...)``-able.

Needs the ``rl`` extra (``pip install 'riichi-lut[rl]'``); without it this module imports,
and making the environment raises an ``ImportError`` that names the extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat

import numpy as np

from ...errors import InvalidArgumentError
from ..env import VectorEnv
from ..policies import Policy
from ..rules import GameRules
from . import base_class, require
from .spaces import action_space, observation_space, single

if TYPE_CHECKING:
    from gymnasium import Env as _Env
else:
    _Env = base_class("gymnasium", "Env")

__all__ = ["ENV_ID", "ILLEGAL", "RiichiGymEnv", "check_render_mode", "checked_illegal", "register"]

#: What an id outside the mask does: nothing (``"noop"``) or raise (``"raise"``).
ILLEGAL = ("noop", "raise")
_SEED_LIMIT = 2**63 - 1
#: The id :func:`register` gives the environment: ``gymnasium.make(ENV_ID, length="tonpuu")``.
ENV_ID = "riichi_lut/Riichi-v0"


class RiichiGymEnv(_Env[dict[str, np.ndarray], np.int64]):
    """The learner at ``seat``; ``opponents``: one policy for every other seat (a name,
    ``"efficiency"`` by default, or a callable) or a sequence with one entry per seat
    (``None`` at ``seat``); ``players``, ``rules``, ``length`` and ``reward`` as
    :class:`~riichi_lut.game.env.VectorEnv`'s; ``illegal``: see the module docstring;
    ``engine``: :class:`~riichi_lut.game.env.VectorEnv`'s, ``"reference"`` by default (one
    table at a time, the reference tables step faster than the arrays; the same games).

    A game with random legal actions (``docs/rl.md``; not a doctest, which would need the
    extra)::

        env = RiichiGymEnv(length="one_hand")
        obs, info = env.reset(seed=3)
        terminated = False
        while not terminated:
            action = env.action_space.sample(mask=obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
    """

    metadata: dict[str, Any] = {"render_modes": [], "name": "riichi_lut/RiichiGymEnv"}  # noqa: RUF012

    def __init__(
        self,
        seat: int = 0,
        *,
        opponents: Policy | str | Sequence[Policy | str | None] = "efficiency",
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
        self.illegal = checked_illegal(illegal)
        count = players if players is not None else rules.players if rules is not None else 4
        self.seat = seat
        seats = _seats(seat, opponents, count)
        self.vector = VectorEnv(
            1, players=players, rules=rules, length=length, reward=reward, opponents=seats, engine=engine
        )
        self.render_mode = None
        self.observation_space = observation_space(self.vector.players)
        self.action_space = action_space()
        self._obs: dict[str, np.ndarray] | None = None
        self._last: dict[str, np.ndarray] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game: ``seed`` seeds it (with none, the env's own generator draws one)."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(_SEED_LIMIT))
        obs, info = self.vector.reset(seed=game_seed)
        self._obs, self._last = obs, info
        return single(obs, 0), self._info(info, False)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], SupportsFloat, bool, bool, dict[str, Any]]:
        """One decision of the learner; the others play until its next one."""
        if self._obs is None:
            raise InvalidArgumentError.about("step", "comes after reset()")
        mask = self._obs["mask"][0]
        id = int(action)
        if self.illegal == "noop" and not (0 <= id < len(mask) and mask[id]):
            nothing = {
                k: v if k in ("current_seat", "game") else np.zeros_like(v) for k, v in self._last.items()
            }
            return single(self._obs, 0), 0.0, False, False, self._info(nothing, True)
        obs, rewards, terminated, truncated, info = self.vector.step(np.array([id]))
        self._obs, self._last = obs, info
        return (
            single(obs, 0),
            float(rewards[0, self.seat]),
            bool(terminated[0]),
            bool(truncated[0]),
            self._info(info, False),
        )

    def _info(self, info: dict[str, np.ndarray], illegal: bool) -> dict[str, Any]:
        out: dict[str, Any] = {name: value[0].copy() for name, value in info.items()}
        out["seat"] = self.seat
        out["illegal_action"] = illegal
        return out

    def action_masks(self) -> np.ndarray:
        """The legal ids now, bool (for libraries that ask the env for its mask)."""
        if self._obs is None:
            raise InvalidArgumentError.about("action_masks", "come after reset()")
        return np.asarray(self._obs["mask"][0].copy())


def check_render_mode(render_mode: str | None) -> None:
    """Nothing renders: ``render_mode`` must be None."""
    if render_mode is not None:
        raise InvalidArgumentError.about("render_mode", f"must be None, got {render_mode!r}")


def checked_illegal(illegal: str) -> str:
    """``illegal`` if it is one of :data:`ILLEGAL`."""
    if illegal not in ILLEGAL:
        raise InvalidArgumentError.about("illegal", f"must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
    return illegal


def _seats(seat: int, opponents: Policy | str | Sequence[Policy | str | None], count: int) -> list[Any]:
    """VectorEnv's ``opponents``: a policy at every seat but ``seat``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
        raise InvalidArgumentError.about("seat", f"must be a seat 0..{count - 1}, got {seat!r}")
    if isinstance(opponents, str) or callable(opponents):
        seats: list[Any] = [opponents] * count
    else:
        seats = list(opponents)
        if len(seats) != count:
            raise InvalidArgumentError.about("opponents", f"needs one per seat ({count}), got {opponents!r}")
    seats[seat] = None
    if any(entry is None for i, entry in enumerate(seats) if i != seat):
        raise InvalidArgumentError.about("opponents", f"needs a policy at every seat but {seat}")
    return seats


def register() -> None:
    """Register :class:`RiichiGymEnv` with Gymnasium as :data:`ENV_ID` (once; again is a
    no-op), so that ``gymnasium.make(ENV_ID, **kwargs)`` makes it."""
    gymnasium = require("gymnasium")
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:RiichiGymEnv")
