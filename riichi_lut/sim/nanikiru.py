"""Discard comparison by simulation (何切る, "what do you cut?").

For one 14-tile hand (and the tiles the player sees), every distinct discard is judged by
what happens next: from the 13 tiles it leaves, ``n`` games of ``draws`` draws are played
by the self-play policy (:func:`riichi_lut.sim.selfplay.play`: draw from the wall, win
when complete, else the efficiency engine's best discard), and each candidate gets its
probability of being tenpai and of winning within ``k`` draws, ``k = 1 .. draws``, with
95 % Wilson score intervals.

The wall is the same for every candidate: 136 tiles (108 for three players, below)
minus the 14 in hand (and calls) minus ``visible`` (the discarded tile left the hand, so
it is in no wall). The model is
:mod:`riichi_lut.sim.selfplay`'s: a single player, no calls or ron, no dead wall.
**Common random numbers:** game ``g`` of every candidate uses the same uniforms, so
with the same wall it draws the same tiles in the same order; the candidates are compared
on the same walls, and the difference between two of them is far less noisy than their
separate intervals suggest. "Win" means a complete hand (for a closed hand menzen tsumo is
always a yaku; for a hand with calls no yaku check is made). With ``riichi=True`` a tenpai
hand declares riichi and keeps its wait (tsumogiri); by default (``riichi=False``) the
policy may still improve the wait.

**Three players** (``players=3``): the wall is the 108-tile three-player set (no 2m-8m:
:func:`~riichi_lut.core.players.wall_copies`) less the hand, its calls and ``visible``, so
no 2m-8m is ever drawn; the ranking, the acceptance and the self-play policy are those of
three players (``play(..., players=3)``); a 2m-8m in the hand, its calls or ``visible`` is
an :class:`~riichi_lut.errors.InvalidHandError` naming it. The player never declares kita
here: North tiles stay in the hand, a guest wind.

Games are cut into seeded chunks (:mod:`riichi_lut.sim.backend`), and within a chunk
every candidate's games run in one batch; equal (hand, visible) states — frequent in the
first draws, since all games start from one hand — are evaluated once. Same seed, same
numbers, whatever ``workers`` or ``client``.

>>> options = nanikiru("123m456p789s23p11z5z", draws=4, n=2_000, seed=1)
>>> [o.discard for o in options][:2], options[0].tenpai_within(1).p
(['5z', '2p'], 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.efficiency import HandLike, Resolved, discarded_mask, live_counts, ranked_options, resolve
from ..analysis.shanten import shanten_value
from ..core.args import as_count, as_flag
from ..core.hand import Hand, as_hand
from ..core.players import check_three_player_counts, wall_copies
from ..core.tiles import KIND_NAMES, NUM_KINDS, RED_FIVE_KINDS, kind_of, parse_tiles
from ..core.visible import VisibleLike, visible_counts
from ..errors import InvalidArgumentError, InvalidHandError, TileParseError, quote
from .backend import Chunk, plan, stream
from .limits import MAX_PLAYER_TURNS, allocating, check_memory, check_work, chunk_parameter
from .selfplay import game_bytes, play

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
DEFAULT_NANIKIRU_CHUNK = 1 << 13


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion (95 % by default).

    >>> [round(x, 4) for x in wilson_interval(31, 100)]
    [0.2278, 0.4063]
    """
    if trials <= 0:
        raise InvalidArgumentError(f"trials must be positive, got {trials}")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """``successes`` out of ``trials`` games: the share ``p`` and its 95 % Wilson interval
    ``low`` .. ``high`` (which always contains ``p``)."""

    successes: int
    trials: int

    @property
    def p(self) -> float:
        """The observed share ``successes / trials``."""
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        """``(low, high)``: the 95 % Wilson score interval (:func:`wilson_interval`)."""
        return wilson_interval(self.successes, self.trials)

    @property
    def low(self) -> float:
        """The interval's lower end."""
        return self.interval[0]

    @property
    def high(self) -> float:
        """The interval's upper end."""
        return self.interval[1]

    @property
    def half_width(self) -> float:
        """Half the interval's width: the "±" of the estimate."""
        low, high = self.interval
        return (high - low) / 2

    def to_dict(self) -> dict[str, Any]:
        """``successes``, ``trials``, ``p``, ``low`` and ``high`` for JSON."""
        low, high = self.interval
        return {"successes": self.successes, "trials": self.trials, "p": self.p, "low": low, "high": high}


@dataclass(frozen=True)
class Outlook:
    """What ``games`` simulated games of ``draws`` draws from one 13-tile hand came to:
    ``tenpai[k - 1]`` games were tenpai within ``k`` draws (a hand tenpai from the start
    counts for every ``k``), ``wins[k - 1]`` had won within ``k`` draws. ``shanten`` is the
    starting hand's."""

    shanten: int
    games: int
    draws: int
    tenpai: tuple[int, ...]
    wins: tuple[int, ...]

    def _k(self, k: int | None) -> int:
        k = self.draws if k is None else k
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= self.draws:
            raise InvalidArgumentError(f"k must be an int in 1..{self.draws}, got {quote(k)}")
        return k

    def tenpai_within(self, k: int | None = None) -> Estimate:
        """Tenpai within ``k`` draws (default: all ``draws``)."""
        return Estimate(self.tenpai[self._k(k) - 1], self.games)

    def win_within(self, k: int | None = None) -> Estimate:
        """Won within ``k`` draws (default: all ``draws``)."""
        return Estimate(self.wins[self._k(k) - 1], self.games)

    @property
    def tenpai_probability(self) -> tuple[float, ...]:
        """The share of games tenpai within ``k`` draws, ``k = 1 .. draws``."""
        return tuple(c / self.games for c in self.tenpai)

    @property
    def win_probability(self) -> tuple[float, ...]:
        """The share of games won within ``k`` draws, ``k = 1 .. draws``."""
        return tuple(c / self.games for c in self.wins)

    def to_dict(self) -> dict[str, Any]:
        """``shanten``, ``games``, ``draws`` and, per ``k``, the tenpai and win estimates
        (``Estimate.to_dict``) for JSON."""
        return {
            "shanten": self.shanten,
            "games": self.games,
            "draws": self.draws,
            "tenpai": [Estimate(c, self.games).to_dict() for c in self.tenpai],
            "win": [Estimate(c, self.games).to_dict() for c in self.wins],
        }


@dataclass(frozen=True)
class NanikiruOption(Outlook):
    """One candidate discard (``discard`` in notation, ``kind`` 0..33) and the outlook of
    the 13 tiles it leaves; ``ukeire`` is the live acceptance after it (the efficiency
    ranking's measure). ``won_alone[k]`` (``tenpai_alone[k]``) counts the games this
    candidate won (was tenpai) within ``draws`` and candidate kind ``k``, on the same wall,
    did not: the paired data of :meth:`versus`."""

    discard: str
    kind: int
    ukeire: int
    won_alone: Mapping[int, int]
    tenpai_alone: Mapping[int, int]

    def sort_key(self) -> tuple[int, int]:
        """The ranking's key: most games won within ``draws``, then most tenpai."""
        return (-self.wins[-1], -self.tenpai[-1])

    def versus(self, other: NanikiruOption, measure: str = "win") -> tuple[float, float]:
        """(this rate minus ``other``'s, within ``draws``, and the 95 % half-width of that
        difference), from the paired games — common random numbers make it much narrower
        than the two separate intervals. ``measure`` is ``"win"`` or ``"tenpai"``.

        >>> a, b = nanikiru("234m567m345s99s457p", draws=3, n=2_000, discards=["7p", "4p"])
        >>> difference, half = a.versus(b)
        >>> difference > half > 0
        True
        """
        if measure not in ("win", "tenpai"):
            raise InvalidArgumentError(f"measure must be 'win' or 'tenpai', got {quote(measure)}")
        alone = self.won_alone if measure == "win" else self.tenpai_alone
        theirs = other.won_alone if measure == "win" else other.tenpai_alone
        if other.kind not in alone or self.kind not in theirs or other.games != self.games:
            raise InvalidArgumentError(f"{other.discard} was not simulated with {self.discard}")
        b, c, n = alone[other.kind], theirs[self.kind], self.games
        difference = (b - c) / n
        variance = max(0.0, (b + c) / n - difference * difference) / n
        return difference, Z95 * math.sqrt(variance)

    def to_dict(self) -> dict[str, Any]:
        """The candidate (``discard``, ``kind``, ``ukeire``), its outlook
        (``Outlook.to_dict``) and the paired counts by kind name, for JSON."""
        return {
            "discard": self.discard,
            "kind": self.kind,
            "ukeire": self.ukeire,
            **super().to_dict(),
            "won_alone": {KIND_NAMES[k]: v for k, v in self.won_alone.items()},
            "tenpai_alone": {KIND_NAMES[k]: v for k, v in self.tenpai_alone.items()},
        }


# --------------------------------------------------------------------------- simulation


@dataclass(frozen=True)
class _Params:
    hands: np.ndarray  # (C, 34) uint8 start hands
    seen: np.ndarray  # (C, 34) uint8 tiles seen outside each hand
    wall: np.ndarray  # (34,) uint8, shared
    melds: int
    draws: int
    riichi: bool
    players: int = 4


Tallies = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _nanikiru_task(chunk: Chunk, params: _Params) -> Tallies:
    """Per candidate: tenpai within k and wins within k, (C, draws) each; and (C, C) the
    games candidate a was tenpai / won within ``draws`` and candidate b was not."""
    rows = len(params.hands) * chunk.size
    with allocating(f"a chunk of {chunk.size:,} games per candidate", rows * game_bytes(params.draws)):
        return _play_chunk(chunk, params)


def _play_chunk(chunk: Chunk, params: _Params) -> Tallies:
    candidates, size, draws = len(params.hands), chunk.size, params.draws
    uniforms = chunk.rng().random((draws, size))
    played = play(
        np.repeat(params.hands, size, axis=0),
        np.tile(params.wall, (candidates * size, 1)),
        np.repeat(params.seen, size, axis=0),
        np.tile(uniforms, (1, candidates)),  # the same draws for every candidate
        melds=params.melds,
        riichi=params.riichi,
        riichi_at_start=True,
        dedupe=True,
        players=params.players,
    )
    owner = np.repeat(np.arange(candidates), size)
    width = draws + 1

    def within(turn: np.ndarray) -> np.ndarray:
        hit = turn >= 0
        counts = np.bincount(owner[hit] * width + turn[hit], minlength=candidates * width)
        return np.cumsum(counts.reshape(candidates, width), axis=1)[:, 1:]

    def alone(turn: np.ndarray) -> np.ndarray:
        hit = (turn >= 0).reshape(candidates, size).astype(np.int64)
        return np.asarray(hit @ (1 - hit).T)

    return (
        within(played.tenpai_turn),
        within(played.win_turn),
        alone(played.tenpai_turn),
        alone(played.win_turn),
    )


def _simulate(
    params: _Params, n: int, seed: int, workers: int, client: Any, chunk_size: int, progress: bool
) -> Tallies:
    c = len(params.hands)
    totals = (
        np.zeros((c, params.draws), dtype=np.int64),
        np.zeros((c, params.draws), dtype=np.int64),
        np.zeros((c, c), dtype=np.int64),
        np.zeros((c, c), dtype=np.int64),
    )
    chunks = plan(n, seed, chunk_size)
    check_work(n * c * params.draws, "n", MAX_PLAYER_TURNS, "games × candidates × draws", given=n)
    rows = c * min(n, chunks.chunk_size)
    what = chunk_parameter(n, "n", chunks.chunk_size, "games per candidate")
    check_memory(rows * game_bytes(params.draws), what)
    for tallies in stream(
        _nanikiru_task, chunks, params, workers=workers, client=client, progress=progress, desc="nanikiru"
    ):
        for total, part in zip(totals, tallies, strict=True):
            np.add(total, part, out=total)
    return totals


def _situation(
    hand: HandLike,
    visible: VisibleLike,
    melds: int | None,
    tiles: int,
    riichi: bool,
    what: str,
    players: int,
) -> tuple[Resolved, np.ndarray, np.ndarray]:
    """The resolved hand, the wall (34,) and the tiles seen outside the hand (34,): the
    full wall of ``players`` (:func:`~riichi_lut.core.players.wall_copies`) less the hand,
    its calls and ``visible``."""
    resolved = resolve(hand, melds, players)
    if resolved.tiles != tiles:
        raise InvalidHandError(
            f"{what} needs a hand of {tiles} tiles counting calls as 3, got {resolved.tiles}"
            + ("; for 13 tiles use hand_outlook()" if tiles == 14 else "; for 14 tiles use nanikiru()")
        )
    riichi = as_flag(riichi, "riichi")
    if riichi and resolved.melds:
        if not isinstance(hand, (str, Hand)):
            raise InvalidArgumentError(
                "riichi with calls given as melds=: pass a Hand or notation, so that closed kans are known"
            )
        if not as_hand(hand).is_closed:
            raise InvalidArgumentError.about("riichi", "needs a closed hand (only closed kans allowed)")
    counts = visible_counts(visible, resolved.own, resolved.own_red)
    if resolved.players == 3:
        check_three_player_counts(counts, "visible")
    seen = np.array(counts, dtype=np.uint8)
    wall = (
        np.array(wall_copies(resolved.players), dtype=np.uint8)
        - np.array(resolved.own, dtype=np.uint8)
        - seen
    )
    if resolved.called is not None:
        seen = seen + np.array(resolved.called, dtype=np.uint8)  # the policy's live counts
    return resolved, wall, seen


def _check(draws: object, n: object, wall: np.ndarray) -> tuple[int, int]:
    return as_count(draws, "draws", 1, int(wall.sum())), as_count(n, "n", 1)


def _candidate_kinds(discards: Sequence[str | int] | str, resolved: Resolved) -> list[int]:
    items: list[Any] = [discards] if isinstance(discards, (str, int)) else list(discards)
    kinds = []
    for item in items:
        if isinstance(item, str):
            codes = parse_tiles(item)
            if len(codes) != 1:
                raise TileParseError("a discard is one tile", item)
            kind = kind_of(codes[0])
        elif isinstance(item, (int, np.integer)) and not isinstance(item, bool) and 0 <= item < NUM_KINDS:
            kind = int(item)
        else:
            raise InvalidArgumentError(f"a discard is a tile ('5p') or a kind 0..33, got {quote(item)}")
        if not resolved.counts[kind]:
            raise InvalidHandError(f"cannot discard {KIND_NAMES[kind]}: it is not in the concealed hand")
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        raise InvalidArgumentError("discards must name at least one tile")
    return kinds


def _discard_name(resolved: Resolved, kind: int) -> str:
    """The kind in notation; ``0p`` when the only copy held is the red five."""
    if kind in RED_FIVE_KINDS and resolved.counts[kind] == 1 and resolved.red[RED_FIVE_KINDS.index(kind)]:
        return f"0{KIND_NAMES[kind][1]}"
    return KIND_NAMES[kind]


def nanikiru(
    hand: HandLike,
    visible: VisibleLike = None,
    *,
    draws: int = 6,
    n: int = 20_000,
    seed: int = 0,
    workers: int = 1,
    client: Any = None,
    discards: Sequence[str | int] | str | None = None,
    riichi: bool = False,
    melds: int | None = None,
    chunk_size: int = DEFAULT_NANIKIRU_CHUNK,
    progress: bool = False,
    players: int = 4,
) -> tuple[NanikiruOption, ...]:
    """Each distinct discard of a 14-tile hand (3n+2 counting calls as 3) judged by ``n``
    simulated games of ``draws`` draws: tenpai and win probability within ``k`` draws.

    Sorted by the number of games won within ``draws``, then tenpai within ``draws``, then
    the efficiency ranking (:func:`~riichi_lut.analysis.efficiency.rank_discards` without the
    two-step measure). ``discards`` limits the candidates (tiles or kinds held); a red
    five is judged as its kind. ``hand`` is notation, a :class:`~riichi_lut.core.hand.Hand` or
    34 concealed counts with ``melds`` calls — whose tiles are then unknown: add them to
    ``visible`` so that the wall is right. Same ``seed``, same numbers, whatever ``workers`` or
    ``client``.

    ``players=3``: three-player Riichi (sanma): the 108-tile wall (no 2m-8m) less the hand,
    calls and ``visible``, and the three-player ranking and self-play policy; a 2m-8m in
    the hand, the calls or ``visible`` is an :class:`~riichi_lut.errors.InvalidHandError`
    (module docstring; docs/sanma.md).

    >>> best, *rest = nanikiru("234m567m345s99s457p", draws=3, n=3_000)
    >>> best.discard, best.win_within(3).p > rest[-1].win_within(3).p
    ('7p', True)
    >>> nanikiru("11m99m123p456p789s5z", draws=3, n=1_000, players=3)[0].discard  # 1m/9m
    '5z'
    """
    resolved, wall, seen = _situation(hand, visible, melds, 14, riichi, "nanikiru", players)
    draws, n = _check(draws, n, wall)
    ranking = ranked_options(
        resolved, live_counts(resolved, visible), "none", discarded=discarded_mask(visible)
    )
    order: dict[int, Any] = {}
    for option in ranking:
        order.setdefault(option.kind, option)
    kinds = list(order) if discards is None else _candidate_kinds(discards, resolved)
    kinds.sort(key=list(order).index)
    start = np.array(resolved.counts, dtype=np.uint8)
    hands = np.repeat(start[None, :], len(kinds), axis=0)
    hands[np.arange(len(kinds)), kinds] -= 1
    seens = np.repeat(seen[None, :], len(kinds), axis=0)
    seens[np.arange(len(kinds)), kinds] += 1  # the discard is a dead tile
    params = _Params(hands, seens, wall, resolved.melds, draws, riichi, resolved.players)
    tenpai, wins, tenpai_alone, won_alone = _simulate(params, n, seed, workers, client, chunk_size, progress)
    options = []
    for i, kind in enumerate(kinds):
        best = order[kind]
        options.append(
            NanikiruOption(
                shanten=best.shanten,
                games=n,
                draws=draws,
                tenpai=tuple(tenpai[i].tolist()),
                wins=tuple(wins[i].tolist()),
                discard=_discard_name(resolved, kind),
                kind=kind,
                ukeire=best.total,
                won_alone={k: int(won_alone[i, j]) for j, k in enumerate(kinds) if j != i},
                tenpai_alone={k: int(tenpai_alone[i, j]) for j, k in enumerate(kinds) if j != i},
            )
        )
    return tuple(sorted(options, key=NanikiruOption.sort_key))  # stable: ties keep the ranking


def hand_outlook(
    hand: HandLike,
    visible: VisibleLike = None,
    *,
    draws: int = 6,
    n: int = 20_000,
    seed: int = 0,
    workers: int = 1,
    client: Any = None,
    riichi: bool = False,
    melds: int | None = None,
    chunk_size: int = DEFAULT_NANIKIRU_CHUNK,
    progress: bool = False,
    players: int = 4,
) -> Outlook:
    """The same simulation for a 13-tile hand (3n+1): tenpai and win within ``k`` draws;
    ``players=3`` as in :func:`nanikiru` (the 108-tile wall, the three-player policy).

    >>> o = hand_outlook("123m456p789s23p11z", draws=3, n=2_000)
    >>> o.shanten, o.tenpai_within(1).p, 0 < o.win_within(3).p < 1
    (0, 1.0, True)
    """
    resolved, wall, seen = _situation(hand, visible, melds, 13, riichi, "hand_outlook", players)
    draws, n = _check(draws, n, wall)
    start = np.array([resolved.counts], dtype=np.uint8)
    params = _Params(start, seen[None, :], wall, resolved.melds, draws, riichi, resolved.players)
    tenpai, wins, _, _ = _simulate(params, n, seed, workers, client, chunk_size, progress)
    return Outlook(
        shanten=shanten_value(resolved.counts, resolved.melds, resolved.players),
        games=n,
        draws=draws,
        tenpai=tuple(tenpai[0].tolist()),
        wins=tuple(wins[0].tolist()),
    )
