"""An environment for reinforcement learning over N tables: :class:`VectorEnv`.

Each table plays whole games, on the lock-step engine (``engine="vector"``, the default:
:mod:`riichi_lut.game.vector.envstep`) or on the reference engine's
:class:`~riichi_lut.game.table.Table` objects (``engine="reference"``), with the same
outputs for the same arguments, seed and actions. Every call of :meth:`VectorEnv.step`
takes one action id (:data:`~riichi_lut.game.actions.NUM_ACTIONS` ids,
:mod:`riichi_lut.game.actions`) per table, for the seat whose decision is due there, and
runs the table on to its next decision by a seat the caller plays. ``docs/rl.md`` has
the whole contract; in short:

- **Observations**: :func:`~riichi_lut.game.features.encode_batch` of the seat to act at
  each table (``obs["seat"]``, also ``info["current_seat"]``), plus ``obs["mask"]``, bool
  ``(N, NUM_ACTIONS)``: the legal ids (:func:`~riichi_lut.game.actions.legal_mask`).
- **Claims**: on a discard (or an added kan) several seats may decide at once without
  seeing each other. The env asks them one after another, in turn order from the
  discarder; nothing of an earlier seat's decision shows in a later seat's observation;
  :meth:`~riichi_lut.game.table.Table.step` applies them together when all have decided.
- **Opponents**: ``opponents`` gives a policy per seat (``"random"``, ``"efficiency"``, a
  callable ``policy(observation, legal) -> Action`` or ``None``); the env plays the seats
  that have one, and the caller every seat whose entry is ``None`` (default: every seat).
- **Rewards**: ``(N, players)`` float32 by absolute seat. ``reward="round"``: each seat's
  score change over each hand that ended during the step, in thousands of points (riichi
  deposits included; the last hand of a game also counts the sticks left that go to
  first), so a game's round rewards add up to ``(final score - start points) / 1000``.
  ``reward="final"``: zero until a game ends, then each seat's final points with uma and
  oka (the table's ``final_points``).
- **Reset**: the env's seats play until a caller's seat must decide; the rewards (and
  ``info`` counts) of hands that ended before that come with the first step.
- **Done**: ``terminated[i]`` says a game ended at table ``i`` during the step; the table
  has already started its next game (auto-reset) and ``obs`` is that game's first
  decision. ``truncated`` is always False (the env sets no time limit).
- **Seeds**: game ``g`` of table ``i`` after ``reset(seed)`` deals every hand from
  ``seeded_wall(seed, round, honba, players=P, game=i * 2**31 + g)``, so a table's games
  do not depend on N (table 0's first game has the walls of ``play_one(..., seed=seed)``);
  a ``"random"`` opponent is seeded by :func:`opponent_seed` (for table 0's first game
  as in ``play_one``).

>>> env = VectorEnv(2, length="one_hand")
>>> obs, info = env.reset(seed=1)
>>> obs["mask"].shape, obs["hand"].shape, info["current_seat"].tolist()
((2, 116), (2, 34), [0, 0])
>>> actions = obs["mask"].argmax(axis=1)  # the lowest legal id at each table
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> rewards.shape, terminated.tolist()
((2, 4), [False, False])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.args import as_count
from ..errors import IllegalActionError, InvalidArgumentError
from .actions import NUM_ACTIONS, action_of_id, legal_mask
from .features import encode, encode_batch
from .observe import observe
from .policies import Policy, policy_named
from .roundwall import RoundWall
from .rules import GameRules, game_rules
from .table import Table
from .vector.envstep import _GAME_LIMIT, EnvTables, game_number, opponent_seed
from .wall import seeded_wall

__all__ = ["ENGINES", "REWARDS", "VectorEnv", "game_number", "opponent_seed"]

#: The reward modes.
REWARDS = ("round", "final")
#: The engines that run the tables: the lock-step arrays (:mod:`riichi_lut.game.vector`)
#: or the reference :class:`~riichi_lut.game.table.Table` objects; the same outputs.
ENGINES = ("vector", "reference")
#: More hands than a game can have (a safety stop, never reached by the rules).
_MAX_HANDS = 1000


@dataclass
class _Run:
    """One table of the env: the game in play and the decisions collected on a claim."""

    index: int
    table: Table
    game: int = 0
    policies: list[Policy | None] = field(default_factory=list)
    start: tuple[int, ...] = ()  # the scores when the current hand began
    hands: int = 0  # hands started in this game
    decided: dict[int, Any] = field(default_factory=dict)  # seat -> Action on a claim
    seat: int = 0  # the seat whose decision is due (a seat the caller plays)


class VectorEnv:
    """N tables stepped together (see the module docstring for the contract).

    ``players``: 4 or 3 (default: the rules' number); ``rules``: a
    :class:`~riichi_lut.game.rules.GameRules` (default Tenhou's four- or three-player
    rules); ``length``: ``"hanchan"``, ``"tonpuu"`` or ``"one_hand"`` over the rules';
    ``reward``: ``"round"`` or ``"final"``; ``opponents``: one entry per seat, a policy
    the env plays that seat with or ``None`` for a seat the caller plays (at least one);
    ``engine``: ``"vector"`` (the lock-step engine, :mod:`riichi_lut.game.vector.envstep`)
    or ``"reference"`` (:class:`~riichi_lut.game.table.Table` objects): the same outputs.
    """

    def __init__(
        self,
        n: int,
        *,
        players: int | None = None,
        rules: GameRules | None = None,
        length: str | None = None,
        reward: str = "round",
        opponents: Sequence[Policy | str | None] | None = None,
        engine: str = "vector",
    ) -> None:
        self.n = as_count(n, "n", 1)
        self.rules = game_rules(rules, length, players)
        self.players = self.rules.players
        if reward not in REWARDS:
            raise InvalidArgumentError.about("reward", f"must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.reward = reward
        if engine not in ENGINES:
            raise InvalidArgumentError.about("engine", f"must be one of {', '.join(ENGINES)}, got {engine!r}")
        self.engine = engine
        if opponents is None:
            opponents = [None] * self.players
        if isinstance(opponents, str) or len(opponents) != self.players:
            raise InvalidArgumentError.about(
                "opponents", f"needs one entry per seat ({self.players}), got {opponents!r}"
            )
        for entry in opponents:
            if isinstance(entry, str):
                policy_named(entry)  # an unknown name fails here, not at the reset
            elif entry is not None and not callable(entry):
                raise InvalidArgumentError.about("opponents", f"entries are policies or None, got {entry!r}")
        if all(entry is not None for entry in opponents):
            raise InvalidArgumentError.about("opponents", "leave at least one seat (None) to the caller")
        self.opponents = tuple(opponents)
        #: the seats the caller plays
        self.learners = tuple(s for s, entry in enumerate(opponents) if entry is None)
        self.seed = 0
        self._runs: list[_Run] = []
        self._mask = np.zeros((self.n, NUM_ACTIONS), dtype=bool)
        self._carried: tuple[np.ndarray, dict[str, np.ndarray]] | None = None
        self._vector: Any = None  # the engine's tables (``engine="vector"``)

    # ---------------------------------------------------------------- public state
    @property
    def tables(self) -> list[Any]:
        """The tables in play, to read, not to change: the reference engine's
        :class:`~riichi_lut.game.table.Table` objects, or with ``engine="vector"`` a view
        of each as the reference's rules read a table (``TableAt``: ``observe``,
        ``encode``, ``legal_actions`` take it)."""
        if self._vector is not None:
            return [self._vector.view(i) for i in range(self.n)]
        return [run.table for run in self._runs]

    @property
    def current_seat(self) -> np.ndarray:
        """(N,) the absolute seat whose decision is due at each table."""
        if self._vector is not None:
            return np.asarray(self._vector.seat.copy())
        return np.array([run.seat for run in self._runs], dtype=np.int64)

    @property
    def games(self) -> np.ndarray:
        """(N,) the number of the game each table plays (0 after the reset)."""
        if self._vector is not None:
            return np.asarray(self._vector.game.copy())
        return np.array([run.game for run in self._runs], dtype=np.int64)

    def encode_seat(self, table: int, seat: int) -> dict[str, np.ndarray]:
        """What ``seat`` sees at table ``table`` now (:func:`~riichi_lut.game.features.encode`),
        whether or not its decision is due."""
        table = as_count(table, "table", 0, self.n - 1)
        seat = as_count(seat, "seat", 0, self.players - 1)
        if self._vector is not None:
            return dict(self._vector.encode_seat(table, seat))
        if not self._runs:
            raise IllegalActionError("encode_seat before reset: call reset(seed) first")
        return encode(self._runs[table].table, seat)

    # ---------------------------------------------------------------- reset and step
    def reset(self, seed: int = 0) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        """Start game 0 at every table; returns ``(obs, info)``."""
        self.seed = as_count(seed, "seed", 0, 2**63 - 1)
        if self.engine == "vector":
            return self._reset_vector()
        self._runs = [_Run(index=i, table=Table(self.rules)) for i in range(self.n)]
        rewards = np.zeros((self.n, self.players), dtype=np.float32)
        info = self._new_info()
        for run in self._runs:
            self._start_game(run)
            self._advance(run, rewards, info)
        # hands that ended before a caller's first decision (the env's seats played them)
        # count with the first step
        self._carried = (rewards, info)
        return self._observe(), self._finish_info(dict(info))

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """Apply one action id per table (for ``current_seat``); returns ``(obs, rewards,
        terminated, truncated, info)``. An id that is not legal raises
        :class:`~riichi_lut.errors.IllegalActionError` before any table moves."""
        if not self._runs and self._vector is None:
            raise IllegalActionError("step before reset: call reset(seed) first")
        if self._vector is not None:
            return self._step_vector(actions)
        ids = self._checked_ids(actions)
        if self._carried is not None:
            (rewards, info), self._carried = self._carried, None
        else:
            rewards = np.zeros((self.n, self.players), dtype=np.float32)
            info = self._new_info()
        for run, action in zip(self._runs, ids.tolist(), strict=True):
            table = run.table
            choice = action_of_id(table.legal_actions(run.seat), action)
            if table.phase == "turn":
                self._apply(run, {run.seat: choice}, rewards, info)
            else:
                run.decided[run.seat] = choice
            self._advance(run, rewards, info)
        terminated = info["games_ended"] > 0
        truncated = np.zeros(self.n, dtype=bool)
        return self._observe(), rewards, terminated, truncated, self._finish_info(info)

    # ---------------------------------------------------------------- on the vectorised engine
    def _reset_vector(self) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        numbers = np.array([game_number(i, 0) for i in range(self.n)], dtype=np.int64)
        self._vector = EnvTables(self.n, self.rules, self.opponents, self.seed, numbers)
        info = self._vector.games.counts()
        return self._observe(), self._finish_info(info)

    def _step_vector(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        vector = self._vector
        ids = self._int_ids(actions)
        vector.check(ids, self._mask)
        games = vector.games
        vector.step(ids)
        info = games.counts()
        games.clear_counts()
        rewards = (info["score_change"] if self.reward == "round" else info["final_points"]).copy()
        terminated = info["games_ended"] > 0
        truncated = np.zeros(self.n, dtype=bool)
        return self._observe(), rewards, terminated, truncated, self._finish_info(info)

    def _int_ids(self, actions: Any) -> np.ndarray:
        array = np.asarray(actions)
        if array.shape != (self.n,) or array.dtype.kind not in "iu":
            raise InvalidArgumentError.about(
                "actions", f"must be {self.n} integer action ids, got {array.dtype} {array.shape}"
            )
        return array.astype(np.int64)

    def _checked_ids(self, actions: Any) -> np.ndarray:
        array = np.asarray(actions)
        if array.shape != (self.n,) or array.dtype.kind not in "iu":
            raise InvalidArgumentError.about(
                "actions", f"must be {self.n} integer action ids, got {array.dtype} {array.shape}"
            )
        out = array.astype(np.int64)
        outside = (out < 0) | (out >= NUM_ACTIONS)
        bad = outside.copy()
        inside = np.flatnonzero(~outside)
        bad[inside] = ~self._mask[inside, out[inside]]
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            run = self._runs[i]
            raise IllegalActionError(
                f"table {i}: action id {int(out[i])} is not legal for seat {run.seat} "
                f"({run.table.phase}); obs['mask'][{i}] marks the legal ids"
            )
        return out

    # ---------------------------------------------------------------- running a table
    def _start_game(self, run: _Run) -> None:
        run.table = Table(self.rules)
        number = game_number(run.index, run.game)
        run.policies = [
            policy_named(p, opponent_seed(self.seed, number, s)) if isinstance(p, str) else p
            for s, p in enumerate(self.opponents)
        ]
        run.hands = 0
        self._start_hand(run)

    def _start_hand(self, run: _Run) -> None:
        table = run.table
        if run.hands >= _MAX_HANDS:  # pragma: no cover - the rules end every game sooner
            raise IllegalActionError(f"table {run.index}: a game of more than {_MAX_HANDS} hands")
        number = game_number(run.index, run.game)
        wall = seeded_wall(self.seed, table.number, table.honba, players=self.players, game=number)
        run.start = tuple(table.scores)
        run.hands += 1
        run.decided = {}
        table.start_round(RoundWall.from_wall(wall, table.dealer, any(self.rules.scoring.aka_dora)))

    def _advance(self, run: _Run, rewards: np.ndarray, info: dict[str, np.ndarray]) -> None:
        """Play the env's seats and apply complete claims until a caller's seat must decide."""
        while True:
            table = run.table
            if table.phase == "turn":
                seat = table.actor
                policy = run.policies[seat]
                if policy is None:
                    run.seat = seat
                    return
                self._apply(
                    run, {seat: policy(observe(table, seat), table.legal_actions(seat))}, rewards, info
                )
                continue
            assert table.claim is not None, table.phase
            discarder = table.claim.discarder
            waiting = sorted(table.claim.options, key=lambda s: (s - discarder) % self.players)
            undecided = [s for s in waiting if s not in run.decided]
            if undecided:
                seat = undecided[0]
                policy = run.policies[seat]
                if policy is None:
                    run.seat = seat
                    return
                run.decided[seat] = policy(observe(table, seat), table.legal_actions(seat))
                continue
            decisions, run.decided = run.decided, {}
            self._apply(run, decisions, rewards, info)

    def _apply(
        self, run: _Run, decisions: dict[int, Any], rewards: np.ndarray, info: dict[str, np.ndarray]
    ) -> None:
        """Step the table; at the end of a hand, count the rewards and deal the next one
        (or start the next game)."""
        table = run.table
        table.step(decisions)
        if table.phase not in ("round_over", "game_over"):
            return
        i = run.index
        over = table.phase == "game_over"
        end = table.final_scores if over and table.final_scores is not None else tuple(table.scores)
        change = (np.array(end, dtype=np.float64) - np.array(run.start, dtype=np.float64)) / 1000
        info["score_change"][i] += change.astype(np.float32)
        info["hands_ended"][i] += 1
        if self.reward == "round":
            rewards[i] += change.astype(np.float32)
        if not over:
            table.next_round()
            self._start_hand(run)
            return
        assert table.final_points is not None and table.final_scores is not None
        points = np.array(table.final_points, dtype=np.float32)
        info["final_points"][i] += points
        info["final_scores"][i] = table.final_scores
        info["games_ended"][i] += 1
        if self.reward == "final":
            rewards[i] += points
        run.game += 1
        if run.game >= _GAME_LIMIT:  # pragma: no cover - two billion games a table
            raise InvalidArgumentError.about("seed", f"table {i} played {_GAME_LIMIT} games: reset first")
        self._start_game(run)

    # ---------------------------------------------------------------- output
    def _new_info(self) -> dict[str, np.ndarray]:
        n, p = self.n, self.players
        return {
            "score_change": np.zeros((n, p), dtype=np.float32),
            "hands_ended": np.zeros(n, dtype=np.int16),
            "games_ended": np.zeros(n, dtype=np.int16),
            "final_points": np.zeros((n, p), dtype=np.float32),
            "final_scores": np.zeros((n, p), dtype=np.int32),
        }

    def _finish_info(self, info: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        info["current_seat"] = self.current_seat
        info["game"] = self.games
        return info

    def _observe(self) -> dict[str, np.ndarray]:
        if self._vector is not None:
            return dict(self._vector.observe(self._mask))
        runs = self._runs
        obs = encode_batch([run.table for run in runs], [run.seat for run in runs])
        mask = self._mask
        mask[:] = False
        for i, run in enumerate(runs):
            mask[i] = legal_mask(run.table.legal_actions(run.seat))
        obs["mask"] = mask.copy()
        return obs
