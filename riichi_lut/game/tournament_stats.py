"""What a tournament counts of each game, and each policy's statistics from the counts.

A game's :class:`GameRecord` is reduced, where it was played (a worker process or a Dask
worker), to a few integers per seat (:func:`tally_game`): the tournament keeps those, one
row per game, and the records only when asked (``logs=True``). :func:`policy_stats`
turns the rows of the seats a policy held into its :class:`PolicyStats`.

Every rate is **per hand played** by the policy: a hand a seat played counts once for the
policy in that seat (a policy holding two seats of a game plays each of its hands twice).

- **win rate**: hands the seat won (by tsumo or ron; each winner of a double ron wins) /
  hands played.
- **deal-in rate**: hands in which a discard of the seat (or the tile of its added kan,
  robbed) was ronned / hands played (a double ron on one discard is one deal-in).
- **riichi rate**: hands in which the seat declared riichi (a ``riichi`` event, whether or
  not its stick was accepted: a declaration discard that is ronned counts) / hands played.
- **call rate**: hands in which the seat made at least one call that opens the hand (chi,
  pon or open kan; an added kan follows a pon, a closed kan and a kita open nothing) /
  hands played.
- **exhaustive-draw rate**: hands that ended because the wall ran out (an exhaustive draw,
  nagashi mangan included; not the abortive draws) / hands played.
- **average win size**: the mean value of the seat's wins in points (``WinResult.points``:
  the hand's value, without honba and riichi sticks).
- **average deal-in size**: the mean, over the deal-in hands, of the value in points of
  the win(s) the seat dealt into (both hands of a double ron), honba and sticks excluded.

>>> from riichi_lut.game import play_one
>>> record = play_one(["efficiency"] * 4, seed=1, length="one_hand")
>>> t = tally_game(record)
>>> t.hands == len(record.rounds), t.wins.tolist(), t.exhaustive
(True, [0, 0, 3, 0], 0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .record import CHI, OPEN_KAN, PON, RIICHI, DrawResult, GameRecord, WinResult

__all__ = ["COUNTS", "Z95", "GameTally", "PolicyStats", "clustered_interval", "policy_stats", "tally_game"]

#: The per-seat counts of a game (each an ``(n_games, players)`` array of a tournament).
COUNTS = ("wins", "win_points", "deal_ins", "deal_in_points", "riichi", "calls")

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054

_OPENING = frozenset({CHI, PON, OPEN_KAN})
_WALL_RAN_OUT = frozenset({"exhaustive", "nagashi_mangan"})  # of DRAW_KINDS


@dataclass(frozen=True)
class GameTally:
    """One game reduced to counts: ``hands`` played, ``exhaustive`` of them ended by the
    wall running out, and per seat (arrays of ``players`` ints) the :data:`COUNTS`."""

    hands: int
    exhaustive: int
    wins: np.ndarray
    win_points: np.ndarray
    deal_ins: np.ndarray
    deal_in_points: np.ndarray
    riichi: np.ndarray
    calls: np.ndarray


def tally_game(
    record: GameRecord, marks: Sequence[tuple[tuple[int, ...], tuple[int, ...]]] | None = None
) -> GameTally:
    """The counts of one played game (definitions in the module docstring). ``marks``:
    each hand's seats that declared riichi and that opened their hand, for a record kept
    without its events (the vectorised engine's ``marks``); else they are read from the
    events."""
    n = record.players
    counts = {name: np.zeros(n, dtype=np.int64) for name in COUNTS}
    exhaustive = 0
    for index, hand in enumerate(record.rounds):
        if marks is not None:
            riichi, called = set(marks[index][0]), set(marks[index][1])
        else:
            riichi = {e.seat for e in hand.events if e.type == RIICHI and e.seat is not None}
            called = {e.seat for e in hand.events if e.type in _OPENING and e.seat is not None}
        dealt_in: set[int] = set()
        for result in hand.results:
            if isinstance(result, DrawResult):
                exhaustive += result.kind in _WALL_RAN_OUT
                continue
            assert isinstance(result, WinResult)
            value = result.points or 0
            counts["wins"][result.seat] += 1
            counts["win_points"][result.seat] += value
            if not result.tsumo:
                dealt_in.add(result.from_seat)
                counts["deal_in_points"][result.from_seat] += value
        for seat in dealt_in:
            counts["deal_ins"][seat] += 1
        for seat in riichi:
            counts["riichi"][seat] += 1
        for seat in called:
            counts["calls"][seat] += 1
    return GameTally(len(record.rounds), exhaustive, **counts)


@dataclass(frozen=True)
class PolicyStats:
    """One policy's results over the seats it held (definitions of the rates in the module
    docstring).

    ``games`` counts seat-games (a game once for each seat the policy held), ``hands`` the
    hands those seats played. ``rank_distribution[i]`` is the share of its seat-games
    finished in place ``i + 1``. ``average_points`` is the mean final points (uma and oka
    included) and ``points_ci`` its 95 % confidence interval (``None`` below two walls): a
    normal interval whose standard error treats each **wall** as one sample (the games of
    one wall under duplicate seating, or one game under rotation, with all the policy's
    seats in them), since those are what is drawn independently.
    ``average_win`` and ``average_deal_in`` are ``None`` without a win or a deal-in."""

    name: str
    games: int
    hands: int
    average_rank: float
    rank_distribution: tuple[float, ...]
    average_score: float
    average_points: float
    points_ci: tuple[float, float] | None
    win_rate: float
    deal_in_rate: float
    riichi_rate: float
    call_rate: float
    exhaustive_draw_rate: float
    average_win: float | None
    average_deal_in: float | None

    def to_dict(self) -> dict[str, Any]:
        """The fields, for JSON (tuples as lists)."""
        out: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


def _ratio(num: float, den: float) -> float:
    return float(num / den) if den else 0.0


def clustered_interval(values: np.ndarray, mask: np.ndarray, units: np.ndarray) -> tuple[float, float] | None:
    """The 95 % interval of the mean of ``values[mask]`` when the rows of one ``units``
    value are one sample: the ratio estimator's standard error over the units (it is the
    plain standard error of the units' means when every unit holds as many values).

    >>> v = np.array([[1.0, -1.0], [3.0, -3.0], [2.0, -2.0]])
    >>> m = np.array([[True, False]] * 3)
    >>> low, high = clustered_interval(v, m, np.arange(3))
    >>> round((low + high) / 2, 6), round(high - low, 4)
    (2.0, 2.2632)
    """
    rows = np.flatnonzero(mask.any(axis=1))
    ids, where = np.unique(units[rows], return_inverse=True)
    k = len(ids)
    if k < 2:
        return None
    sums = np.bincount(where, weights=np.where(mask[rows], values[rows], 0.0).sum(axis=1), minlength=k)
    sizes = np.bincount(where, weights=mask[rows].sum(axis=1), minlength=k)
    mean = sums.sum() / sizes.sum()
    variance = k / (k - 1) * float(((sums - mean * sizes) ** 2).sum()) / float(sizes.sum()) ** 2
    half = Z95 * math.sqrt(variance)
    return (float(mean - half), float(mean + half))


def policy_stats(
    name: str,
    mask: np.ndarray,
    *,
    ranks: np.ndarray,
    final_scores: np.ndarray,
    final_points: np.ndarray,
    hands: np.ndarray,
    exhaustive: np.ndarray,
    counts: dict[str, np.ndarray],
    walls: np.ndarray,
) -> PolicyStats:
    """The statistics of the seats where ``mask`` (``(n_games, players)``) is set; ``hands``
    and ``exhaustive`` are per game, ``counts`` the :data:`COUNTS` per seat, ``walls`` each
    game's wall index (the sample unit of the interval)."""
    players = mask.shape[1]
    games = int(mask.sum())
    played = int((hands[:, None] * mask).sum())
    total = {key: int(value[mask].sum()) for key, value in counts.items()}
    places = np.bincount(ranks[mask].astype(np.int64), minlength=players + 1)[1:]
    return PolicyStats(
        name=name,
        games=games,
        hands=played,
        average_rank=_ratio(float(ranks[mask].sum()), games),
        rank_distribution=tuple(_ratio(int(c), games) for c in places),
        average_score=_ratio(float(final_scores[mask].sum()), games),
        average_points=_ratio(float(final_points[mask].sum()), games),
        points_ci=clustered_interval(final_points, mask, walls),
        win_rate=_ratio(total["wins"], played),
        deal_in_rate=_ratio(total["deal_ins"], played),
        riichi_rate=_ratio(total["riichi"], played),
        call_rate=_ratio(total["calls"], played),
        exhaustive_draw_rate=_ratio(int((exhaustive[:, None] * mask).sum()), played),
        average_win=total["win_points"] / total["wins"] if total["wins"] else None,
        average_deal_in=total["deal_in_points"] / total["deal_ins"] if total["deal_ins"] else None,
    )
