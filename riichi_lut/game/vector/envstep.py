""":class:`~riichi_lut.game.env.VectorEnv` on the lock-step engine: :class:`EnvTables`.

The env's contract (``docs/rl.md``) is the reference's, output for output: the same walls
(``seeded_wall(seed, round, honba, game=game_number(table, game))``), the same opponents
(``"random"`` by :class:`~riichi_lut.game.vector.policies.RandomBatch` keyed by
:func:`~riichi_lut.game.env.opponent_seed`, ``"efficiency"`` by
:class:`~riichi_lut.game.vector.policies.EfficiencyBatch`, a callable row by row through
:class:`~riichi_lut.game.vector.policies.ReferenceBatch`), the same observations
(:func:`~riichi_lut.game.vector.observe.encode_rows`) and masks (the engine's), the same
rewards and counts. What differs is how the moments are collected: the engine lets every
seat that may claim a tile decide at once; the env asks them one after another in turn
order from the discarder (an opponent decides in its place in that order), keeps each
decision, and applies a table's decisions (``VectorGames.apply``) once all its seats
decided, every such table in one call. A game that ends starts again at once
(:meth:`~riichi_lut.game.vector.hands.Hands.restart`).

A callable opponent's :class:`~riichi_lut.game.actions.Action` is applied by its id (as
``action_of_id`` resolves an id several actions share): the reference applies the action
itself, so the two agree when the callable returns the action of its id that
``action_of_id`` picks (every built-in policy does).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import IllegalActionError, InvalidArgumentError
from ..actions import NUM_ACTIONS
from ..legal import claim_options
from ..outcome import Outcome
from ..rules import GameRules
from ..streams import stream_key
from ..view import Claim
from .engine import VectorGames
from .hands import CHANKAN, CLAIM, DONE, ON_DISCARD, TURN
from .observe import encode_rows
from .policies import EfficiencyBatch, RandomBatch, ReferenceBatch
from .state import TableAt

__all__ = ["EnvGames", "EnvTables", "game_number", "opponent_seed"]

#: Tables and games per table each stay below this (the wall's game number packs both).
_GAME_LIMIT = 2**31


def game_number(table: int, game: int) -> int:
    """The ``game`` argument of :func:`~riichi_lut.game.wall.seeded_wall` for game ``game``
    (0, 1, ... since the reset) of table ``table``.

    >>> game_number(0, 0), game_number(1, 2)
    (0, 2147483650)
    """
    return table * _GAME_LIMIT + game


def opponent_seed(seed: int, number: int, seat: int) -> int:
    """The seed of a ``"random"`` opponent at ``seat`` in the game of :func:`game_number`
    ``number`` after ``reset(seed)``: ``play_one``'s ``seed * 31 + seat`` for number 0 (so
    table 0's first game is ``play_one``'s), else the first 63 bits of SHA-256 over the
    three as little-endian 64-bit words (a seed that fits the 64 bits a counter-based
    stream keeps, different for every table, game and seat).

    >>> opponent_seed(7, 0, 2), opponent_seed(7, 1, 2) != opponent_seed(7, 2, 2)
    (219, True)
    """
    if number == 0:
        return seed * 31 + seat
    digest = hashlib.sha256(struct.pack("<3Q", seed, number, seat)).digest()
    return int.from_bytes(digest[:8], "little") >> 1


class EnvGames(VectorGames):
    """The engine's games, counting what the env reports at each hand's end: each seat's
    score change over the hand (float32, in thousands, the last hand of a game to the
    final scores), the hands and games ended, the final points and scores of a game."""

    def __init__(self, n: int, seed: int, rules: GameRules, policies: Sequence[object]) -> None:
        super().__init__([seed] * n, rules, policies, record=False)
        p = self.players
        self.score_change = np.zeros((n, p), dtype=np.float32)
        self.hands_ended = np.zeros(n, dtype=np.int16)
        self.games_ended = np.zeros(n, dtype=np.int16)
        self.final_points = np.zeros((n, p), dtype=np.float32)
        self.final_scores = np.zeros((n, p), dtype=np.int32)

    def end(self, t: int, view: Any, outcome: Outcome) -> None:
        start = self.starts[t][4]
        super().end(t, view, outcome)
        final = self.finals[t] if self.phase[t] == DONE else None
        end = final[0] if final is not None else tuple(self.s.scores[t].tolist())
        change = (np.array(end, dtype=np.float64) - np.array(start, dtype=np.float64)) / 1000
        self.score_change[t] += change.astype(np.float32)
        self.hands_ended[t] += 1
        if final is not None:
            self.final_points[t] += np.array(final[1], dtype=np.float32)
            self.final_scores[t] = final[0]
            self.games_ended[t] += 1

    def counts(self) -> dict[str, np.ndarray]:
        """The counts since the last :meth:`clear_counts` (copies)."""
        return {
            "score_change": self.score_change.copy(),
            "hands_ended": self.hands_ended.copy(),
            "games_ended": self.games_ended.copy(),
            "final_points": self.final_points.copy(),
            "final_scores": self.final_scores.copy(),
        }

    def clear_counts(self) -> None:
        for array in (self.score_change, self.hands_ended, self.games_ended, self.final_points):
            array[:] = 0
        self.final_scores[:] = 0


class EnvTables:
    """N tables of one :class:`~riichi_lut.game.env.VectorEnv` on the engine: ``reset``
    deals game 0 everywhere and plays the env's seats up to a caller's decision; ``step``
    takes one checked id per table. ``opponents``: the env's entries per seat (a name, a
    callable reference policy, or ``None`` for the caller's seats)."""

    def __init__(
        self, n: int, rules: GameRules, opponents: Sequence[object], seed: int, numbers: npt.NDArray[np.int64]
    ) -> None:
        self.n = n
        self.p = p = rules.players
        self.seed = seed
        self.opponents = list(opponents)
        self.learner = np.array([entry is None for entry in opponents], dtype=bool)
        # the batched policies of the env's seats; ``played_by[s]``: the index of seat s's
        self.policies: list[object] = []
        played_by = np.full(p, -1, dtype=np.intp)
        self.random: RandomBatch | None = None
        if "random" in self.opponents:
            self.random = RandomBatch([], p)
            self.random.keys = np.zeros((n, p), dtype=np.uint64)
            self.random.counts = np.zeros((n, p), dtype=np.int64)
        callables: list[Any] = [entry if callable(entry) else None for entry in self.opponents]
        for seat, entry in enumerate(self.opponents):
            if entry is None:
                continue
            if entry == "random":
                batch: object = self.random
            elif entry == "efficiency":
                batch = next((x for x in self.policies if isinstance(x, EfficiencyBatch)), None) or (
                    EfficiencyBatch(n, p)
                )
            else:
                batch = next((x for x in self.policies if isinstance(x, ReferenceBatch)), None) or (
                    ReferenceBatch([callables] * n)
                )
            if batch not in self.policies:
                self.policies.append(batch)
            played_by[seat] = self.policies.index(batch)
        self.played_by = played_by
        self.games = EnvGames(n, seed, rules, self.policies)
        self.games.wall_games = [int(x) for x in numbers]
        self.numbers = numbers.copy()
        self.game = np.zeros(n, dtype=np.int64)
        self._seed_random(np.arange(n))
        self.decided = np.zeros((n, p), dtype=bool)  # collected by the env, not applied yet
        self.choice = np.zeros((n, p), dtype=np.int64)
        self.seat = np.zeros(n, dtype=np.int64)
        self.games.start()
        self.advance()

    def _seed_random(self, t: npt.NDArray[np.intp]) -> None:
        if self.random is None:
            return
        for table in t.tolist():
            number = int(self.numbers[table])
            for seat, entry in enumerate(self.opponents):
                if entry == "random":
                    self.random.keys[table, seat] = stream_key(opponent_seed(self.seed, number, seat))
        self.random.counts[t] = 0

    # ---------------------------------------------------------------- the moments
    def _order(self, t: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
        """(len(t), P) each seat's place in the order its decision is asked: turn order
        from the discarder on a claim (the actor alone decides on a turn)."""
        g = self.games
        return (np.arange(self.p)[None, :] - g.claim_from[t].astype(np.int64)[:, None]) % self.p

    def advance(self) -> None:
        """Ask the env's seats and apply the tables whose seats all decided, until every
        table waits for a caller's seat."""
        g = self.games
        p = self.p
        while True:
            waiting = g.deciding & ~self.decided  # [n, p]
            busy = np.flatnonzero(waiting.any(axis=1))
            order = np.where(waiting[busy], self._order(busy), p + 1)
            first_learner = np.where(self.learner[None, :], order, p + 1).min(axis=1)
            ask = waiting[busy] & ~self.learner[None, :] & (order < first_learner[:, None])
            rows, seats = np.nonzero(ask)
            asked = len(rows) > 0
            if asked:
                t = busy[rows]
                chosen = np.empty(len(t), dtype=np.int64)
                by = self.played_by[seats]
                for index, policy in enumerate(self.policies):
                    pick = by == index
                    if pick.any():
                        chosen[pick] = policy(g, t[pick], seats[pick])  # type: ignore[operator]
                self.choice[t, seats] = chosen
                self.decided[t, seats] = True
            ready = np.flatnonzero(g.deciding.any(axis=1) & ~(g.deciding & ~self.decided).any(axis=1))
            if not len(ready):
                if asked:
                    continue
                break
            self._apply(ready)
        waiting = g.deciding & ~self.decided
        order = np.where(waiting, self._order(np.arange(self.n)), p + 1)
        self.seat = order.argmin(axis=1).astype(np.int64)

    def _apply(self, ready: npt.NDArray[np.intp]) -> None:
        g = self.games
        rows = g.deciding[ready]
        r, s = np.nonzero(rows)
        t = ready[r]
        ids = self.choice[t, s]
        self.decided[ready] = False
        marked = np.zeros(self.n, dtype=bool)
        marked[ready] = True
        # the engine forgets every turn's legal actions at each apply: keep the others'
        kept = {key: legal for key, legal in g.legal_cache.items() if not marked[key[0]]}
        g.apply(t, s, ids)
        g.legal_cache.update(kept)
        done = ready[g.phase[ready] == DONE]
        if len(done):
            self.game[done] += 1
            if self.game[done].max() >= _GAME_LIMIT:  # pragma: no cover - two billion games a table
                i = int(done[self.game[done].argmax()])
                raise InvalidArgumentError.about("seed", f"table {i} played {_GAME_LIMIT} games: reset first")
            self.numbers[done] = [game_number(int(x), int(self.game[x])) for x in done]
            g.restart(done, self.numbers[done].tolist())
            self._seed_random(done)
            g.flush_queues()

    # ---------------------------------------------------------------- the caller's side
    def check(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_]) -> None:
        """Raise as the reference does for the first table whose id ``mask`` refuses."""
        outside = (ids < 0) | (ids >= NUM_ACTIONS)
        bad = outside.copy()
        inside = np.flatnonzero(~outside)
        bad[inside] = ~mask[inside, ids[inside]]
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(
                f"table {i}: action id {int(ids[i])} is not legal for seat {int(self.seat[i])} "
                f"({self.phase_name(i)}); obs['mask'][{i}] marks the legal ids"
            )

    def phase_name(self, i: int) -> str:
        g = self.games
        if g.phase[i] == TURN:
            return "turn"
        return "claim" if g.claim_kind[i] == ON_DISCARD else "chankan"

    def step(self, ids: npt.NDArray[np.int64]) -> None:
        t = np.arange(self.n)
        self.choice[t, self.seat] = ids
        self.decided[t, self.seat] = True
        self.advance()

    def observe(self, mask: npt.NDArray[np.bool_]) -> dict[str, np.ndarray]:
        """Every table's seat to act: its encoding and, in ``mask`` and ``obs["mask"]``, its legal ids."""
        t = np.arange(self.n)
        obs = encode_rows(self.games, t, self.seat)
        mask[:] = self.games.mask[t, self.seat]
        obs["mask"] = mask.copy()
        return obs

    def encode_seat(self, i: int, seat: int) -> dict[str, np.ndarray]:
        """Seat ``seat``'s encoding at table ``i``."""
        obs = encode_rows(self.games, np.array([i]), np.array([seat]))
        return {name: value[0] for name, value in obs.items()}

    def view(self, i: int) -> TableAt:
        """Table ``i`` as the reference's rules read it (a read-only view: phase, the claim
        on offer with every deciding seat's options)."""
        g = self.games
        if not 0 <= i < self.n:
            raise InvalidArgumentError.about("table", f"must be 0..{self.n - 1}, got {i}")
        view = g.view(i)
        if g.phase[i] == CLAIM:
            chankan = CHANKAN[int(g.claim_kind[i])]
            tile, discarder = int(g.claim_tile[i]), int(g.claim_from[i])
            options = {
                seat: claim_options(view, seat, tile, discarder, chankan)
                for seat in np.flatnonzero(g.deciding[i]).tolist()
            }
            view.phase = "chankan" if chankan else "claim"
            view.claim = Claim(discarder, tile, options, chankan)
        else:
            view.actor = int(self.seat[i])
        return view
