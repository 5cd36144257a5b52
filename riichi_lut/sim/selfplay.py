"""Single-player self-play (一人麻雀), vectorised across many games at once.

Each game deals 13 tiles (:func:`~riichi_lut.sim.deals.deal_counts`), then for up to
``draws`` turns draws one tile from the wall, declares a win (tsumo) when the 14 tiles
are complete, and otherwise discards by the efficiency engine's best discard
(:func:`~riichi_lut.analysis.efficiency.best_discard_batch`: the lowest shanten, then the most
live tiles accepted, then the lowest kind). The player's own discards count as visible,
so "live" is what is really left in the wall.

**Model** (a single player, nothing else): the wall is what the deal left, all
136 - 13 = 123 tiles, drawn in random order — no other players (no calls, no ron, no
opponents' discards), no dead wall, no dora indicators, no red fives; ``draws`` must be at
most 123 (the default 18 is about one player's share of a real live wall). A game stops
at its win or after ``draws`` draws (or, with kita, when its wall is empty). Whole games
with opponents, calls and the rules of play are :mod:`riichi_lut.game` (one table:
``game.play_one``; thousands in lock-step: ``game.vector.play_vector``; tournaments:
``game.play``); this model stays what it is, a quick measure of a hand's speed alone.

**Riichi** (``riichi=True``, the default): the player declares riichi with the first
discard that leaves the hand tenpai (at the first discard when the deal itself is
tenpai) and from then on discards every drawn tile that does not win (tsumogiri): the
wait is fixed. With ``riichi=False`` the hand stays dama and the best-discard policy
keeps playing, so it may widen its wait.

**Scores** of the wins come from :func:`~riichi_lut.riichi.batch.score_batch`: tsumo,
seat wind ``"S"`` and round wind ``"E"`` by default (a non-dealer in the East round),
riichi when it was declared, double riichi when declared with the first discard, ippatsu
when the win comes on the draw right after the declaration, chiihou (tenhou for an East
seat) for a win on the very first draw; no dora indicators, so points are the value
before dora (three players: but for the kita's). Every closed tsumo has a yaku (menzen
tsumo), so every complete hand scores (:mod:`riichi_lut.sim.selfplay_score`).

**Three players** (``players=3``): the deal and the draws come from the 108-tile wall
of three-player Riichi (no 2m-8m, so ``draws`` is at most 108 - 13 = 95), and shanten and
discards are those of three players (``shanten_batch`` and ``best_discard_batch`` with
``players=3``); the wins are scored by a three-player rule set (``TENHOU_SANMA`` by
default: tsumo loss, 1m/9m dora wrap) with ``score_batch``.

**Kita** (three players; ``kita=None`` or ``True``, the default there; ``kita=False``
keeps every North in the hand as a guest wind): after any draw that does not win the
player always sets a North aside and draws a replacement from the **same wall** (no dead
wall), again while it holds one (policy and why: :mod:`riichi_lut.sim.kita`). In riichi
it still declares the drawn North (the wait does not change). A win on the replacement
is rinshan kaihou where ``RuleSet.kita_rinshan`` says so (both sanma presets), each kita
is one dora, and a kita breaks ippatsu, double riichi and chiihou (Tenhou's rules).

**Method:** per chunk of games (:mod:`riichi_lut.sim.backend`), one loop over turns and
none over games: the drawn kind of every live game is sampled in proportion to the
copies left in its wall (cumulative sums of the (N, 34) wall counts against one uniform
per game and turn, drawn up front so a game's draws do not depend on the others; with
kita four more per game, one per replacement, drawn after those);
games that finished are dropped from the index of active games. Completeness is tested
with :func:`~riichi_lut.analysis.shanten.shanten_batch` only for games whose hand was tenpai;
``best_discard_batch`` (one thread per chunk) runs only for games not in riichi. The
chunks' integer tallies are merged in chunk order, so a seed gives the same result
whatever ``workers`` or ``client``.

>>> r = selfplay(2_000, seed=1)
>>> r.games, len(r.tenpai_by_turn), r.tenpai_by_turn[-1] >= r.win_by_turn[-1]
(2000, 19, True)
>>> r == selfplay(2_000, seed=1), r == selfplay(2_000, seed=2)
(True, False)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..analysis.efficiency import best_discard_batch
from ..analysis.shanten import shanten_batch
from ..core.args import as_count, as_flag
from ..core.players import check_players, wall_copies
from ..core.tiles import NUM_KINDS
from ..core.winds import WIND_LETTERS, wind_index
from ..errors import InvalidArgumentError, InvalidSituationError
from ..riichi.batch import YAKU_BITS
from ..riichi.rules import TENHOU, TENHOU_SANMA, RuleSet
from .backend import Chunk, plan, stream
from .deals import deal_counts
from .kita import MAX_KITA, NORTH, KitaState
from .limits import MAX_PLAYER_TURNS, allocating, check_memory, check_work, chunk_parameter
from .selfplay_result import Played, SelfPlayResult
from .selfplay_score import score_wins

WALL_AFTER_DEAL = 136 - 13
#: three players: the 108-tile wall less the deal
WALL_AFTER_DEAL_3P = 108 - 13
DEFAULT_SELFPLAY_CHUNK = 1 << 14

# --------------------------------------------------------------------------- the game loop


def _best_discards(
    hands: np.ndarray, seen: np.ndarray, melds: int, dedupe: bool, players: int = 4
) -> tuple[np.ndarray, np.ndarray]:
    """(discard kind, shanten after) of each 14-tile row; with ``dedupe``, equal (hand,
    visible) states are evaluated once (many games share their first states in a
    simulation that starts from one hand)."""
    if dedupe and len(hands) > 1:
        key = np.ascontiguousarray(np.concatenate([hands, seen], axis=1)).view(np.dtype((np.void, 68)))
        _, first, inverse = np.unique(key.reshape(-1), return_index=True, return_inverse=True)
        if len(first) < len(hands):
            kind, after, _ = best_discard_batch(hands[first], melds, seen[first], threads=1, players=players)
            return kind[inverse.reshape(-1)], after[inverse.reshape(-1)]
    kind, after, _ = best_discard_batch(hands, melds, seen, threads=1, players=players)
    return kind, after


def _draw(wall: np.ndarray, active: np.ndarray, uniform: np.ndarray) -> np.ndarray:
    """The kind each active game draws (taken out of its ``wall``): where
    ``uniform[game] * (tiles left)`` falls in the cumulative counts of the game's wall."""
    return _draw_at(wall, active, uniform[active])


def _draw_at(wall: np.ndarray, active: np.ndarray, uniform: np.ndarray) -> np.ndarray:
    """:func:`_draw` with one uniform per game of ``active`` (in its order)."""
    cum = np.cumsum(wall[active], axis=1, dtype=np.int16)
    left = cum[:, -1]
    target = (uniform * left).astype(np.int16)
    np.minimum(target, left - 1, out=target)
    drawn = np.count_nonzero(cum <= target[:, None], axis=1)
    wall[active, drawn] -= 1
    return np.asarray(drawn)


@dataclass(frozen=True)
class _Policy:
    """The best-discard policy: tsumogiri once in riichi, else the efficiency choice."""

    seen: np.ndarray
    melds: int
    riichi: bool
    dedupe: bool
    players: int = 4

    def discards(
        self,
        hand: np.ndarray,
        drawn: np.ndarray,
        games: np.ndarray,
        tenpai_turn: np.ndarray,
        riichi_turn: np.ndarray,
        t: int,
    ) -> np.ndarray:
        """The kind each game discards at turn ``t``; records the turn a game reaches
        tenpai (and declares riichi) in ``tenpai_turn`` / ``riichi_turn``."""
        discard = drawn.copy()  # tsumogiri in riichi
        free = np.flatnonzero(riichi_turn[games] < 0)
        if len(free):
            choosing = games[free]
            kind, after = _best_discards(
                hand[free], self.seen[choosing], self.melds, self.dedupe, self.players
            )
            discard[free] = kind
            now = after == 0
            first = now & (tenpai_turn[choosing] < 0)
            tenpai_turn[choosing[first]] = t
            if self.riichi:
                riichi_turn[choosing[now]] = t
        return np.asarray(discard)


class _Wins:
    """The wins of :func:`play` as they come, in order."""

    def __init__(self, win_turn: np.ndarray) -> None:
        self.win_turn = win_turn
        self.games: list[np.ndarray] = []
        self.hands: list[np.ndarray] = []
        self.kinds: list[np.ndarray] = []
        self.replacement: list[np.ndarray] = []

    def take(
        self,
        complete: np.ndarray,
        active: np.ndarray,
        hand: np.ndarray,
        drawn: np.ndarray,
        t: int,
        replacement: bool,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Record the rows ``complete`` of the active games as wins on draw ``t`` and
        return (active, hand, drawn) without them."""
        if not len(complete):
            return active, hand, drawn
        self.win_turn[active[complete]] = t
        self.games.append(active[complete])
        self.hands.append(hand[complete])
        self.kinds.append(drawn[complete])
        self.replacement.append(np.full(len(complete), replacement))
        keep = np.ones(len(active), dtype=bool)
        keep[complete] = False
        return active[keep], hand[keep], drawn[keep]


def play(
    hands: np.ndarray,
    wall: np.ndarray,
    seen: np.ndarray,
    uniforms: np.ndarray,
    *,
    melds: int = 0,
    riichi: bool = True,
    riichi_at_start: bool = False,
    dedupe: bool = False,
    players: int = 4,
    kita: np.ndarray | None = None,
) -> Played:
    """Play games from 13-tile ``hands`` (N, 34) for ``len(uniforms)`` draws.

    ``wall`` (N, 34) holds the copies left to draw, ``seen`` (N, 34) the tiles the player
    sees outside the hand (live counts of the policy); both are updated in place, as is
    ``hands``. ``uniforms`` (draws, N) in [0, 1) choose the draws: game ``g`` at turn
    ``t`` takes the kind where ``uniforms[t - 1, g] * (tiles left)`` falls in the
    cumulative counts of its wall, so two games with the same wall and uniforms draw the
    same tiles whatever their hands (common random numbers). ``riichi_at_start`` counts
    a hand that is tenpai at the start as already in riichi (its last discard was the
    declaration); otherwise it declares with its first discard. ``players=3``: shanten
    and discards of three-player Riichi (the hands and wall hold no 2m-8m).

    ``kita`` (``players=3`` only; default ``None``: no kita, North stays in the hand) is
    (4, N) uniforms for the kita replacements: the player declares kita by the policy of
    :mod:`riichi_lut.sim.kita` (every North, after any draw that does not win), the
    ``k``-th replacement of game ``g`` drawn with ``kita[k, g]`` from the same wall; a
    replacement that completes the hand wins (``win_replacement``), also when the hand
    was not tenpai before the kita (then ``tenpai_turn`` is that turn).
    """
    n, draws = len(hands), len(uniforms)
    tenpai_turn = np.full(n, -1, dtype=np.int16)
    riichi_turn = np.full(n, -1, dtype=np.int16)
    win_turn = np.full(n, -1, dtype=np.int16)
    state = None
    if kita is not None:
        if players != 3:
            raise InvalidArgumentError(f"kita is three-player only (players=3), got players={players}")
        state = KitaState(kita, wall.sum(axis=1, dtype=np.int64))
    ready = shanten_batch(hands, melds, threads=1, players=players) == 0
    tenpai_turn[ready] = 0
    if riichi and riichi_at_start:
        riichi_turn[ready] = 0
    wins = _Wins(win_turn)
    active = np.arange(n)
    policy = _Policy(seen, melds, riichi, dedupe, players)
    turns = 0
    for t in range(1, draws + 1):
        if state is not None:  # a wall emptied by replacements ends its game
            active = active[state.left(active, t - 1) > 0]
        if not len(active):
            break
        turns += len(active)
        rows = np.arange(len(active))
        drawn = _draw(wall, active, uniforms[t - 1])
        hand = hands[active]
        hand[rows, drawn] += 1
        # a win needs a tenpai hand before the draw
        tenpai = np.flatnonzero(tenpai_turn[active] >= 0)
        if len(tenpai):
            complete = tenpai[shanten_batch(hand[tenpai], melds, threads=1, players=players) < 0]
            active, hand, drawn = wins.take(complete, active, hand, drawn, t, False)
        while state is not None:
            # in riichi the 13 tiles are fixed: only a drawn North may be set aside
            fixed = (riichi_turn[active] >= 0) & (drawn != NORTH)
            declared, u = state.declare(hand, active, t, fixed)
            if not len(declared):
                break
            replacement = _draw_at(wall, active[declared], u)
            drawn[declared] = replacement
            hand[declared, replacement] += 1
            complete = declared[shanten_batch(hand[declared], melds, threads=1, players=players) < 0]
            first = complete[tenpai_turn[active[complete]] < 0]
            tenpai_turn[active[first]] = t
            active, hand, drawn = wins.take(complete, active, hand, drawn, t, True)
        rows = np.arange(len(active))
        discard = policy.discards(hand, drawn, active, tenpai_turn, riichi_turn, t)
        hand[rows, discard] -= 1
        hands[active] = hand
        seen[active, discard] += 1
    empty = np.zeros((0, NUM_KINDS), dtype=np.uint8)
    return Played(
        tenpai_turn,
        riichi_turn,
        win_turn,
        np.concatenate(wins.games) if wins.games else np.zeros(0, dtype=np.intp),
        np.concatenate(wins.hands) if wins.hands else empty,
        np.concatenate(wins.kinds) if wins.kinds else np.zeros(0, dtype=np.intp),
        turns,
        state.count if state is not None else np.zeros(n, dtype=np.int8),
        state.first_turn if state is not None else np.full(n, -1, dtype=np.int16),
        np.concatenate(wins.replacement) if wins.replacement else np.zeros(0, dtype=bool),
    )


# --------------------------------------------------------------------------- chunks


@dataclass(frozen=True)
class _Params:
    draws: int
    riichi: bool
    seat_wind: str
    round_wind: str
    rules: RuleSet
    players: int = 4
    kita: bool = False


@dataclass(frozen=True)
class _Tally:
    tenpai_at: np.ndarray
    win_at: np.ndarray
    player_turns: int
    points: Counter[int]
    han: Counter[int]
    fu: Counter[int]
    yakuman: Counter[int]
    yaku: np.ndarray  # per YAKU_BITS
    kita_games: np.ndarray  # games by kita declared, 0..4
    kita_wins: np.ndarray  # wins by kita declared, 0..4


def game_bytes(draws: int) -> int:
    """Bytes a game needs at least while its chunk is played: hand, wall and seen counts
    (34 each), a uniform per draw (8), three turn counters (2 each)."""
    return 3 * NUM_KINDS + 8 * draws + 6


def _game_bytes(draws: int, kita: bool) -> int:
    """:func:`game_bytes`, and with kita a uniform per kita (8 each) and its counters."""
    return game_bytes(draws) + (8 * MAX_KITA + 3 if kita else 0)


def _selfplay_task(chunk: Chunk, params: _Params) -> _Tally:
    with allocating(f"a chunk of {chunk.size:,} games", chunk.size * _game_bytes(params.draws, params.kita)):
        return _play_chunk(chunk, params)


def _play_chunk(chunk: Chunk, params: _Params) -> _Tally:
    rng = chunk.rng()
    hands = deal_counts(rng, chunk.size, 13, players=params.players)
    uniforms = rng.random((params.draws, chunk.size))
    kita = rng.random((MAX_KITA, chunk.size)) if params.kita else None  # after: the draws stay
    wall = np.array(wall_copies(params.players), dtype=np.uint8) - hands
    seen = np.zeros_like(hands)
    played = play(hands, wall, seen, uniforms, riichi=params.riichi, players=params.players, kita=kita)
    size = params.draws + 1
    tenpai = played.tenpai_turn[played.tenpai_turn >= 0]
    points, han, fu, yakuman, yaku = score_wins(played, params.seat_wind, params.round_wind, params.rules)
    return _Tally(
        np.bincount(tenpai, minlength=size),
        np.bincount(played.win_turn[played.won], minlength=size),
        played.player_turns,
        points,
        han,
        fu,
        yakuman,
        yaku,
        np.bincount(played.kita, minlength=MAX_KITA + 1),
        np.bincount(played.kita[played.won], minlength=MAX_KITA + 1),
    )


def _wind(value: object, name: str) -> str:
    """A wind as ``Win`` takes it ("E", "S", "W" or "N", either case), upper-case."""
    try:
        return WIND_LETTERS[wind_index(value, name)]
    except InvalidSituationError as error:
        raise InvalidArgumentError.about(name, error.detail or str(error)) from None


def selfplay(
    n_games: int,
    *,
    draws: int = 18,
    seed: int = 0,
    workers: int = 1,
    client: Any = None,
    riichi: bool = True,
    seat_wind: str = "S",
    round_wind: str = "E",
    rules: RuleSet | None = None,
    chunk_size: int = DEFAULT_SELFPLAY_CHUNK,
    progress: bool = False,
    players: int = 4,
    kita: bool | None = None,
) -> SelfPlayResult:
    """Play ``n_games`` single-player games of up to ``draws`` draws each (model, policy and
    scoring in the module docstring); tenpai and win by turn and the score distribution.

    The same ``seed`` (and ``chunk_size``) gives the same result whatever ``workers``
    (processes) or ``client`` (a Dask ``distributed.Client`` or a scheduler address).
    More than :data:`~riichi_lut.sim.limits.MAX_PLAYER_TURNS` games × draws, or a chunk
    larger than memory, are refused at once (:mod:`riichi_lut.sim.limits`).

    ``players=3`` plays from the 108-tile three-player wall (``draws`` at most 95) with
    the three-player shanten and discards, and scores the wins by three-player ``rules``
    (default ``TENHOU_SANMA``; ``TENHOU`` for four players); rules of the other player
    count, and a North seat or round in three players, are refused. ``kita`` (default
    ``None``: on for three players, off for four) sets Norths aside as kita by the policy
    of the module docstring; ``kita=False`` keeps them in the hand (a guest wind), and
    ``kita=True`` with four players is an ``InvalidArgumentError``.

    >>> r = selfplay(1_000, draws=6, seed=3, riichi=False)
    >>> [round(p, 3) for p in r.win_by_turn][:2], r.wins <= r.tenpai <= r.games
    ([0.0, 0.0], True)
    """
    players = check_players(players)
    n_games = as_count(n_games, "n_games", 1)
    draws = as_count(draws, "draws", 1, WALL_AFTER_DEAL if players == 4 else WALL_AFTER_DEAL_3P)
    riichi = as_flag(riichi, "riichi")
    kita = players == 3 if kita is None else as_flag(kita, "kita")
    if kita and players != 3:
        raise InvalidArgumentError(
            "kita=True: a kita (North set aside as dora) is three-player only; pass players=3,"
            " or kita=None / False with four players"
        )
    if rules is None:
        rules = TENHOU if players == 4 else TENHOU_SANMA
    if not isinstance(rules, RuleSet):
        raise InvalidArgumentError(f"rules must be a RuleSet, got {type(rules).__name__}")
    if rules.players != players:
        raise InvalidArgumentError(
            f"rules {rules.name!r} are {rules.players}-player rules (players={rules.players}) and the"
            f" games are {players}-player (players={players}): pass a rule set of the same players"
            " (e.g. TENHOU, TENHOU_SANMA)"
        )
    if players == 3 and "N" in (str(seat_wind).upper(), str(round_wind).upper()):
        raise InvalidArgumentError("three-player Riichi has no North seat or round (seats E, S, W)")
    params = _Params(
        draws, riichi, _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind"), rules, players, kita
    )
    chunks = plan(n_games, seed, chunk_size)
    check_work(n_games * draws, "n_games", MAX_PLAYER_TURNS, "games × draws", given=n_games)
    rows = min(n_games, chunks.chunk_size)
    where = chunk_parameter(n_games, "n_games", chunks.chunk_size, "games")
    check_memory(rows * _game_bytes(draws, kita), where)
    tallies = stream(
        _selfplay_task, chunks, params, workers=workers, client=client, progress=progress, desc="selfplay"
    )
    tenpai_at = np.zeros(draws + 1, dtype=np.int64)
    win_at = np.zeros(draws + 1, dtype=np.int64)
    yaku = np.zeros(len(YAKU_BITS), dtype=np.int64)
    kita_games = np.zeros(MAX_KITA + 1, dtype=np.int64)
    kita_wins = np.zeros(MAX_KITA + 1, dtype=np.int64)
    points: Counter[int] = Counter()
    han: Counter[int] = Counter()
    fu: Counter[int] = Counter()
    yakuman: Counter[int] = Counter()
    turns = 0
    for tally in tallies:  # chunk order
        tenpai_at += tally.tenpai_at
        win_at += tally.win_at
        yaku += tally.yaku
        kita_games += tally.kita_games
        kita_wins += tally.kita_wins
        turns += tally.player_turns
        points.update(tally.points)
        han.update(tally.han)
        fu.update(tally.fu)
        yakuman.update(tally.yakuman)
    return SelfPlayResult(
        games=n_games,
        draws=draws,
        seed=seed,
        riichi=riichi,
        seat_wind=params.seat_wind,
        round_wind=params.round_wind,
        player_turns=turns,
        tenpai_at=tuple(tenpai_at.tolist()),
        win_at=tuple(win_at.tolist()),
        points=dict(sorted(points.items())),
        han=dict(sorted(han.items())),
        fu=dict(sorted(fu.items())),
        yakuman=dict(sorted(yakuman.items())),
        yaku={name: int(c) for name, c in zip(YAKU_BITS, yaku.tolist(), strict=True) if c},
        players=players,
        kita=kita,
        kita_games=tuple(kita_games.tolist()) if kita else (),
        kita_wins=tuple(kita_wins.tolist()) if kita else (),
    )
