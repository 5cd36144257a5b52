"""What a self-play run came to (:func:`riichi_lut.sim.selfplay.selfplay`): the settings,
the tenpai and win curves by turn and the score distribution of the wins; and what each
batch of games came to (:class:`Played`, scored by :mod:`riichi_lut.sim.selfplay_score`,
which is why it lives here: neither ``selfplay`` nor ``selfplay_score`` imports the other
both ways).

>>> from riichi_lut.sim import selfplay
>>> r = selfplay(500, draws=4, seed=2, players=3)
>>> r.players, r.wins <= r.tenpai, sum(r.points.values()) == r.wins
(3, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Played", "SelfPlayResult"]


@dataclass(frozen=True)
class Played:
    """Per-game outcome of :func:`~riichi_lut.sim.selfplay.play` (``-1`` where the event
    did not happen), and the winning hands (14 counts, in the order of ``won``) with their
    winning kinds and whether each came on a kita's replacement."""

    tenpai_turn: np.ndarray  # int16: first turn the 13-tile hand was tenpai (0 = at the start)
    riichi_turn: np.ndarray  # int16: turn of the riichi discard (0 = declared before the start)
    win_turn: np.ndarray  # int16: the draw that completed the hand (1..draws)
    won: np.ndarray  # intp: the games that won, in the order of win_hands
    win_hands: np.ndarray  # (W, 34) uint8
    win_kinds: np.ndarray  # (W,) intp
    player_turns: int  # turn draws made over all games (kita replacements not counted)
    kita: np.ndarray  # int8: kita each game declared (0 without kita)
    kita_turn: np.ndarray  # int16: turn of the game's first kita
    win_replacement: np.ndarray  # (W,) bool: the win came on a kita's replacement tile


@dataclass(frozen=True)
class SelfPlayResult:
    """What ``games`` self-played games came to (the model: :mod:`riichi_lut.sim.selfplay`).

    ``tenpai_at[t]`` counts the games whose 13-tile hand was first tenpai after turn ``t``
    (``t = 0``: the deal itself), ``win_at[t]`` the games that won on draw ``t`` (index 0
    is always 0); both have ``draws + 1`` entries. ``points``, ``han``, ``fu`` and
    ``yakuman`` are histograms over the wins (``han`` and ``fu`` for the wins below
    yakuman, ``yakuman`` by multiple), ``yaku`` how many wins counted each yaku.
    ``player_turns`` is the number of turns played over all games (one draw each; a kita's
    replacement is not a turn). ``players`` is 4 or 3 (the 108-tile wall, scored by
    three-player rules). ``kita`` says whether the player declared kita (three players);
    then ``kita_games[k]`` counts the games that declared ``k`` kita and ``kita_wins[k]``
    the wins with ``k`` kita (``k = 0..4``; both empty without kita)."""

    games: int
    draws: int
    seed: int
    riichi: bool
    seat_wind: str
    round_wind: str
    player_turns: int
    tenpai_at: tuple[int, ...]
    win_at: tuple[int, ...]
    points: Mapping[int, int]
    han: Mapping[int, int]
    fu: Mapping[int, int]
    yakuman: Mapping[int, int]
    yaku: Mapping[str, int]
    players: int = 4
    kita: bool = False
    kita_games: tuple[int, ...] = ()
    kita_wins: tuple[int, ...] = ()

    @property
    def tenpai(self) -> int:
        """Games that were tenpai at some turn (every win was)."""
        return sum(self.tenpai_at)

    @property
    def wins(self) -> int:
        """How many games ended in a win."""
        return sum(self.win_at)

    @property
    def tenpai_by_turn(self) -> tuple[float, ...]:
        """Share of games tenpai by turn ``t`` (cumulative), ``t = 0 .. draws``."""
        return tuple(c / self.games for c in np.cumsum(self.tenpai_at).tolist())

    @property
    def win_by_turn(self) -> tuple[float, ...]:
        """Share of games won by draw ``t`` (cumulative), ``t = 0 .. draws``."""
        return tuple(c / self.games for c in np.cumsum(self.win_at).tolist())

    @property
    def mean_turns_to_tenpai(self) -> float | None:
        """Mean first-tenpai turn over the games that got there (``None`` if none did)."""
        total = sum(t * c for t, c in enumerate(self.tenpai_at))
        return total / self.tenpai if self.tenpai else None

    @property
    def mean_turns_to_win(self) -> float | None:
        """Mean winning draw over the games that won (``None`` if none did)."""
        total = sum(t * c for t, c in enumerate(self.win_at))
        return total / self.wins if self.wins else None

    @property
    def mean_points(self) -> float | None:
        """Mean points of a win (tsumo payments summed; no dora but the kita); ``None``
        without wins."""
        if not self.wins:
            return None
        return sum(p * c for p, c in self.points.items()) / self.wins

    @property
    def mean_kita(self) -> float | None:
        """Mean kita declared per game (``None`` without kita)."""
        if not self.kita:
            return None
        return sum(k * c for k, c in enumerate(self.kita_games)) / self.games

    @property
    def mean_kita_per_win(self) -> float | None:
        """Mean kita of a win (each one a dora in its points); ``None`` without kita or wins."""
        if not self.kita or not self.wins:
            return None
        return sum(k * c for k, c in enumerate(self.kita_wins)) / self.wins

    def to_dict(self) -> dict[str, Any]:
        """The settings, curves and score distribution, for JSON; with three players also
        ``kita`` (the setting), ``kita_games``, ``kita_wins`` and their means."""
        out = {
            "games": self.games,
            "players": self.players,
            "draws": self.draws,
            "seed": self.seed,
            "riichi": self.riichi,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            "player_turns": self.player_turns,
            "tenpai_at": list(self.tenpai_at),
            "win_at": list(self.win_at),
            "tenpai_by_turn": list(self.tenpai_by_turn),
            "win_by_turn": list(self.win_by_turn),
            "tenpai": self.tenpai,
            "wins": self.wins,
            "mean_turns_to_tenpai": self.mean_turns_to_tenpai,
            "mean_turns_to_win": self.mean_turns_to_win,
            "mean_points": self.mean_points,
            "points": {str(k): v for k, v in self.points.items()},
            "han": {str(k): v for k, v in self.han.items()},
            "fu": {str(k): v for k, v in self.fu.items()},
            "yakuman": {str(k): v for k, v in self.yakuman.items()},
            "yaku": dict(self.yaku),
        }
        if self.players == 3:  # a four-player result's dict is unchanged
            out["kita"] = self.kita
            out["kita_games"] = list(self.kita_games)
            out["kita_wins"] = list(self.kita_wins)
            out["mean_kita"] = self.mean_kita
            out["mean_kita_per_win"] = self.mean_kita_per_win
        return out
