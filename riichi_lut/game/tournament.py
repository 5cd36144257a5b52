"""Tournaments: many whole games of built-in policies, their ranks, points and play
statistics (``docs/tournament.md``).

``play(n_games, policies=("efficiency", "random"), seed=0, seating="duplicate")`` plays
``n_games`` games, each the game :func:`~riichi_lut.game.play.play_one` plays for its
lineup and seed, on the lock-step engine (:mod:`riichi_lut.game.vector`), and returns a
:class:`Tournament`.

**Seats.** ``policies`` are 1 to ``players`` names (``"random"``, ``"efficiency"``),
cycled over the seats to make the *lineup*: seat ``s`` gets ``policies[s % k]``, so
``("efficiency", "random")`` at four seats is efficiency, random, efficiency, random, and
``("efficiency", "random", "random", "random")`` puts one efficiency bot among three random
ones. Rotation ``r`` moves every policy ``r`` seats on (seat ``s`` gets
``lineup[(s - r) % players]``); the rotations are those up to the lineup's *period*, the
smallest ``p`` after which the lineup repeats (2 for efficiency, random, efficiency,
random; ``players`` for a lineup that does not repeat; 1 when every seat has the same
policy), so that no two rotations seat the same way.

**Seating.** ``"rotate"``: game ``g`` is played on wall ``g`` in rotation ``g % period``.
``"duplicate"``: each wall is played once in every rotation (game ``g`` on wall
``g // period``, rotation ``g % period``), so every policy sits in every seat of the same
walls, and the luck of the deal cancels out of the comparison; ``n_games`` must then be a
multiple of the period (an error says so, with the nearest good counts).

**Seeds.** Wall ``w`` is dealt from the game seed ``game_seed(seed, w)`` (:func:`game_seed`,
a hash of the two numbers only), and game ``g`` is exactly ``play_one(lineup of its
rotation, seed=game_seeds[g], rules=rules)`` (its random bots seeded from that seed and
their seat, as ``play_one`` seeds them): the same numbers come for any ``workers``, any
chunking and a Dask ``client``.

**Where.** Games are played in chunks of :data:`GAMES_PER_CHUNK` by
:mod:`riichi_lut.sim.backend` (in this process, ``workers=N`` spawned processes — under
``if __name__ == "__main__":`` in a script — or a Dask ``client``); each chunk reduces its
games to a few counts per seat (:mod:`riichi_lut.game.tournament_stats`) and sends the
records back only with ``logs=True``.

>>> t = play(4, ("efficiency", "random"), length="one_hand", seed=3)
>>> t.final_scores.shape, t.seats.tolist()[:2], int(t.final_scores.sum(axis=1)[0])
((4, 4), [[0, 1, 0, 1], [1, 0, 1, 0]], 100000)
>>> sorted(t.by_policy), t.by_policy["random"].games
(['efficiency', 'random'], 8)
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.args import as_count, as_flag
from ..errors import InvalidArgumentError, quote
from .policies import POLICIES
from .record import GameRecord
from .rules import GameRules, game_rules
from .tournament_stats import COUNTS, PolicyStats, policy_stats, tally_game
from .vector.play import vector_games

if TYPE_CHECKING:
    from ..sim.backend import Chunk

__all__ = ["GAMES_PER_CHUNK", "SEATINGS", "Tournament", "game_seed", "lineup_of", "period_of", "play"]

SEATINGS = ("duplicate", "rotate")
"""The seatings of :func:`play` (module docstring)."""

GAMES_PER_CHUNK = 256
"""Games a chunk plays (the unit of work handed to a process or a Dask worker)."""

_LABEL = b"riichi-lut tournament v1"
_SEED_LIMIT = 2**63 - 1


def game_seed(seed: int, wall: int) -> int:
    """The ``play_one`` seed of wall ``wall`` of a tournament of ``seed``: the first 8 bytes
    of ``SHA-512(b"riichi-lut tournament v1" + pack("<2Q", seed, wall))`` as a
    little-endian integer, shifted right by one (0 .. 2⁶³ − 1, as the seeded wall takes).

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.sha512(_LABEL + struct.pack("<2Q", seed, wall)).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def lineup_of(policies: Sequence[str], players: int) -> tuple[str, ...]:
    """The policies cycled over ``players`` seats.

    >>> lineup_of(("efficiency", "random"), 4)
    ('efficiency', 'random', 'efficiency', 'random')
    """
    return tuple(policies[s % len(policies)] for s in range(players))


def period_of(lineup: Sequence[str]) -> int:
    """The number of distinct rotations of a lineup (the smallest shift that gives it back).

    >>> period_of(("efficiency", "random") * 2), period_of(("efficiency", "random", "random"))
    (2, 3)
    """
    n = len(lineup)
    return next(p for p in range(1, n + 1) if all(lineup[s] == lineup[(s - p) % n] for s in range(n)))


def _rotated(lineup: tuple[str, ...], rotation: int) -> tuple[str, ...]:
    n = len(lineup)
    return tuple(lineup[(s - rotation) % n] for s in range(n))


# ------------------------------------------------------------------ the games of a chunk


@dataclass(frozen=True)
class _Params:
    """What every chunk needs (pickled to the workers)."""

    seed: int
    rules: GameRules
    lineup: tuple[str, ...]
    period: int
    duplicate: bool
    logs: bool

    def wall_and_rotation(self, game: int) -> tuple[int, int]:
        if self.duplicate:
            return divmod(game, self.period)
        return game, game % self.period


@dataclass(frozen=True)
class _Games:
    """Compact per-game arrays of consecutive games: final scores and points
    ``(n, players)``, hands and exhaustive draws ``(n,)``, the :data:`COUNTS` per seat
    ``(len(COUNTS), n, players)``, and the records when asked for."""

    final_scores: np.ndarray
    final_points: np.ndarray
    hands: np.ndarray
    exhaustive: np.ndarray
    counts: np.ndarray
    records: tuple[GameRecord, ...]


def _play_games(first: int, count: int, params: _Params) -> _Games:
    """Play games ``first`` .. ``first + count`` (the one function a faster engine replaces)."""
    n = params.rules.players
    scores = np.zeros((count, n), dtype=np.int64)
    points = np.zeros((count, n), dtype=np.float64)
    hands = np.zeros(count, dtype=np.int64)
    exhaustive = np.zeros(count, dtype=np.int64)
    counts = np.zeros((len(COUNTS), count, n), dtype=np.int64)
    records = []
    seeds, lineups = [], []
    for i in range(count):
        wall, rotation = params.wall_and_rotation(first + i)
        lineups.append(list(_rotated(params.lineup, rotation)))
        seeds.append(game_seed(params.seed, wall))
    # the lock-step engine plays exactly the games play_one(lineup, seed=...) would
    games = vector_games(seeds, lineups, rules=params.rules, record=params.logs)
    for i, record in enumerate(games.records()):
        assert record.final_scores is not None and record.final_points is not None
        scores[i] = record.final_scores
        points[i] = record.final_points
        tally = tally_game(record, games.marks[i])
        hands[i], exhaustive[i] = tally.hands, tally.exhaustive
        for j, name in enumerate(COUNTS):
            counts[j, i] = getattr(tally, name)
        if params.logs:
            records.append(record)
    return _Games(scores, points, hands, exhaustive, counts, tuple(records))


def _tournament_task(chunk: Chunk, params: _Params) -> _Games:
    return _play_games(chunk.start, chunk.size, params)


# ------------------------------------------------------------------ the result


def _ranks(scores: np.ndarray, ties: str) -> np.ndarray:
    """Places 1.. of each seat by final score: ties by seat order from the first dealer
    (``"seat_order"``), or tied seats sharing the better place (``"split"``)."""
    above = (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    if ties == "seat_order":
        n = scores.shape[1]
        earlier = np.tril(np.ones((n, n), dtype=bool), k=-1)  # [s, t]: t < s
        above += ((scores[:, None, :] == scores[:, :, None]) & earlier).sum(axis=2)
    places: np.ndarray = (above + 1).astype(np.int8)
    return places


@dataclass(frozen=True, eq=False)
class Tournament:
    """The games of :func:`play` and what came of them.

    Per game (row ``g``; arrays of ``n_games`` rows, one column per seat, seat 0 the first
    dealer): ``final_scores`` (int, the table's points at the end, leftover riichi sticks
    given to first place), ``final_points`` (float, the score against the return points in
    thousands plus uma and oka, as the rules write them: what a ranked lobby counts),
    ``ranks`` (1 = first; ties by seat order from the first dealer as Tenhou breaks them,
    or, under rules with ``ties="split"``, tied seats share the better place), ``seats``
    (the index in ``policies`` of the policy at each seat), ``walls`` (the wall index) and
    ``game_seeds`` (the ``play_one`` seed: the game is ``play_one([policies[i] for i in
    seats[g]], seed=game_seeds[g], rules=rules)``); ``hands`` and ``exhaustive`` (hands
    played, and of them ended by the wall running out), and per seat the counts ``wins``,
    ``win_points``, ``deal_ins``, ``deal_in_points``, ``riichi`` and ``calls``
    (definitions in :mod:`riichi_lut.game.tournament_stats`). ``records`` are the games'
    :class:`~riichi_lut.game.record.GameRecord` with ``logs=True``, else ``()``.

    Per policy: :attr:`by_policy` (:class:`~riichi_lut.game.tournament_stats.PolicyStats`),
    :meth:`summary` (a table), :meth:`to_dict` (JSON)."""

    n_games: int
    players: int
    seating: str
    seed: int
    rules: GameRules
    policies: tuple[str, ...]
    lineup: tuple[str, ...]
    game_seeds: np.ndarray
    walls: np.ndarray
    seats: np.ndarray
    final_scores: np.ndarray
    final_points: np.ndarray
    ranks: np.ndarray
    hands: np.ndarray
    exhaustive: np.ndarray
    wins: np.ndarray
    win_points: np.ndarray
    deal_ins: np.ndarray
    deal_in_points: np.ndarray
    riichi: np.ndarray
    calls: np.ndarray
    records: tuple[GameRecord, ...] = field(default=())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tournament):
            return NotImplemented
        for name in self.__dataclass_fields__:
            a, b = getattr(self, name), getattr(other, name)
            if isinstance(a, np.ndarray):
                if not (a.dtype == b.dtype and np.array_equal(a, b)):
                    return False
            elif a != b:
                return False
        return True

    __hash__ = None  # type: ignore[assignment]

    @cached_property
    def by_policy(self) -> dict[str, PolicyStats]:
        """Each policy's statistics, in the order of ``policies``."""
        counts = {name: getattr(self, name) for name in COUNTS}
        return {
            name: policy_stats(
                name,
                self.seats == i,
                ranks=self.ranks,
                final_scores=self.final_scores,
                final_points=self.final_points,
                hands=self.hands,
                exhaustive=self.exhaustive,
                counts=counts,
                walls=self.walls,
            )
            for i, name in enumerate(self.policies)
        }

    def summary(self) -> str:
        """The per-policy table, as ``riichi-lut tournament`` prints it."""
        places = "  ".join(f"{p + 1:>4}" for p in range(self.players))
        head = (
            f"{'policy':<11} {'games':>6} {'rank':>5}  {places}  {'points':>6} {'95% CI':>15}"
            f"  {'win':>5} {'deal-in':>7} {'riichi':>6} {'call':>5} {'draw':>5}"
            f" {'win pts':>7} {'deal pts':>8}"
        )
        lines = [head]
        for s in self.by_policy.values():
            shares = "  ".join(f"{p:>4.0%}" for p in s.rank_distribution)
            ci = f"[{s.points_ci[0]:+.1f}, {s.points_ci[1]:+.1f}]" if s.points_ci else "-"
            win = f"{s.average_win:,.0f}" if s.average_win is not None else "-"
            deal = f"{s.average_deal_in:,.0f}" if s.average_deal_in is not None else "-"
            lines.append(
                f"{s.name:<11} {s.games:>6} {s.average_rank:>5.2f}  {shares}  {s.average_points:>+6.1f}"
                f" {ci:>15}  {s.win_rate:>5.1%} {s.deal_in_rate:>7.1%} {s.riichi_rate:>6.1%}"
                f" {s.call_rate:>5.1%} {s.exhaustive_draw_rate:>5.1%} {win:>7} {deal:>8}"
            )
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """For JSON: the settings, ``by_policy`` (each :class:`PolicyStats` as a dict), and the
        per-game arrays as lists (``seats`` as policy names)."""
        names = np.array(self.policies, dtype=object)
        return {
            "games": self.n_games,
            "players": self.players,
            "seating": self.seating,
            "seed": self.seed,
            "rules": self.rules.name,
            "length": self.rules.length,
            "policies": list(self.policies),
            "lineup": list(self.lineup),
            "by_policy": {name: stats.to_dict() for name, stats in self.by_policy.items()},
            "hands": int(self.hands.sum()),
            "game_seeds": self.game_seeds.tolist(),
            "seats": names[self.seats].tolist() if self.n_games else [],
            "final_scores": self.final_scores.tolist(),
            "final_points": self.final_points.tolist(),
            "ranks": self.ranks.tolist(),
        }


# ------------------------------------------------------------------ play


def _policy_names(policies: object, players: int) -> tuple[str, ...]:
    if isinstance(policies, str):
        policies = (policies,)
    if not isinstance(policies, Sequence) or not 1 <= len(policies) <= players:
        raise InvalidArgumentError.about(
            "policies", f"must be 1 to {players} policy names ({', '.join(POLICIES)}), got {quote(policies)}"
        )
    for name in policies:
        if name not in POLICIES:
            raise InvalidArgumentError.about(
                "policies", f"must name built-in policies ({', '.join(POLICIES)}), got {quote(name)}"
            )
    return tuple(policies)


def play(
    n_games: int,
    policies: Sequence[str] = ("efficiency", "random"),
    *,
    seed: int = 0,
    rules: GameRules | None = None,
    length: str | None = None,
    players: int | None = None,
    seating: str = "duplicate",
    workers: int = 1,
    client: Any = None,
    logs: bool = False,
    progress: bool = False,
) -> Tournament:
    """Play a tournament of ``n_games`` games (seats, seating and seeds: the module
    docstring). ``rules`` default to Tenhou's (``players=3``: Tenhou's three-player game),
    ``length`` (``"hanchan"``, ``"tonpuu"``, ``"one_hand"``) overrides theirs; ``workers``
    processes or a Dask ``client`` (a ``distributed.Client`` or a scheduler address) play
    the chunks, with the same result; ``logs=True`` keeps every game's record;
    ``progress=True`` draws a progress bar on stderr (games played)."""
    # start-up: `import riichi_lut.game` (and the CLI) do not load the simulator
    from ..sim.backend import plan, stream  # noqa: PLC0415

    n_games = as_count(n_games, "n_games", 1)
    seed = as_count(seed, "seed", 0, _SEED_LIMIT)
    logs, progress = as_flag(logs, "logs"), as_flag(progress, "progress")
    rules = game_rules(rules, length, players)
    names = _policy_names(policies, rules.players)
    if seating not in SEATINGS:
        raise InvalidArgumentError.about(
            "seating", f"must be one of {', '.join(SEATINGS)}, got {quote(seating)}"
        )
    lineup = lineup_of(names, rules.players)
    period = period_of(lineup)
    duplicate = seating == "duplicate"
    if duplicate and n_games % period:
        below = n_games - n_games % period
        near = f"{below} or {below + period}" if below else f"{period}"
        raise InvalidArgumentError.about(
            "n_games",
            f"={n_games} with seating='duplicate' must be a multiple of {period}, the rotations of the"
            f" lineup {', '.join(lineup)} (each wall is played once in each): e.g. {near}",
        )
    params = _Params(seed, rules, lineup, period, duplicate, logs)
    parts = list(
        stream(
            _tournament_task,
            plan(n_games, seed, GAMES_PER_CHUNK),
            params,
            workers=workers,
            client=client,
            progress=progress,
            desc="tournament",
        )
    )
    games = np.arange(n_games)
    walls = games // period if duplicate else games
    rotations = games % period
    distinct = tuple(dict.fromkeys(names))
    index = np.array([[distinct.index(p) for p in _rotated(lineup, r)] for r in range(period)], dtype=np.int8)
    scores = np.concatenate([p.final_scores for p in parts])
    counts = np.concatenate([p.counts for p in parts], axis=1)
    return Tournament(
        n_games=n_games,
        players=rules.players,
        seating=seating,
        seed=seed,
        rules=rules,
        policies=distinct,
        lineup=lineup,
        game_seeds=np.array([game_seed(seed, int(w)) for w in walls], dtype=np.int64),
        walls=walls,
        seats=index[rotations],
        final_scores=scores,
        final_points=np.concatenate([p.final_points for p in parts]),
        ranks=_ranks(scores, rules.ties),
        hands=np.concatenate([p.hands for p in parts]),
        exhaustive=np.concatenate([p.exhaustive for p in parts]),
        wins=counts[COUNTS.index("wins")],
        win_points=counts[COUNTS.index("win_points")],
        deal_ins=counts[COUNTS.index("deal_ins")],
        deal_in_points=counts[COUNTS.index("deal_in_points")],
        riichi=counts[COUNTS.index("riichi")],
        calls=counts[COUNTS.index("calls")],
        records=tuple(r for p in parts for r in p.records),
    )
