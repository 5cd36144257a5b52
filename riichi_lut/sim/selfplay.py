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
at its win or after ``draws`` draws.

**Riichi** (``riichi=True``, the default): the player declares riichi with the first
discard that leaves the hand tenpai (at the first discard when the deal itself is
tenpai) and from then on discards every drawn tile that does not win (tsumogiri): the
wait is fixed. With ``riichi=False`` the hand stays dama and the best-discard policy
keeps playing, so it may widen its wait.

**Scores** of the wins come from :func:`~riichi_lut.riichi.batch.score_batch`: tsumo,
seat wind ``"S"`` and round wind ``"E"`` by default (a non-dealer in the East round),
riichi when it was declared, double riichi when declared with the first discard, ippatsu
when the win comes on the draw right after the declaration, chiihou (tenhou for an East
seat) for a win on the very first draw; no dora, so points are the value before dora.
Every closed tsumo has a yaku (menzen tsumo), so every complete hand scores.

**Three players** (``players=3``): the deal and the draws come from the 108-tile wall
of three-player Riichi (no 2m-8m, so ``draws`` is at most 108 - 13 = 95), and shanten and
discards are those of three players (``shanten_batch`` and ``best_discard_batch`` with
``players=3``); the wins are scored by a three-player rule set (``TENHOU_SANMA`` by
default: tsumo loss, 1m/9m dora wrap — no dora are counted here anyway) with
``score_batch``. The player never declares kita: North tiles stay in the hand, a guest
wind.

**Method:** per chunk of games (:mod:`riichi_lut.sim.backend`), one loop over turns and
none over games: the drawn kind of every live game is sampled in proportion to the
copies left in its wall (cumulative sums of the (N, 34) wall counts against one uniform
per game and turn, drawn up front so a game's draws do not depend on the others);
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
from ..riichi.batch import YAKU_BITS, BatchWin, score_batch
from ..riichi.rules import TENHOU, TENHOU_SANMA, RuleSet
from .backend import Chunk, plan, stream
from .deals import deal_counts
from .limits import MAX_PLAYER_TURNS, allocating, check_memory, check_work, chunk_parameter
from .selfplay_result import SelfPlayResult

WALL_AFTER_DEAL = 136 - 13
#: three players: the 108-tile wall less the deal
WALL_AFTER_DEAL_3P = 108 - 13
DEFAULT_SELFPLAY_CHUNK = 1 << 14

# --------------------------------------------------------------------------- the game loop


@dataclass(frozen=True)
class Played:
    """Per-game outcome of :func:`play` (``-1`` where the event did not happen), and the
    winning hands (14 counts, in the order of ``won``) with their winning kinds."""

    tenpai_turn: np.ndarray  # int16: first turn the 13-tile hand was tenpai (0 = at the start)
    riichi_turn: np.ndarray  # int16: turn of the riichi discard (0 = declared before the start)
    win_turn: np.ndarray  # int16: the draw that completed the hand (1..draws)
    won: np.ndarray  # intp: the games that won, in the order of win_hands
    win_hands: np.ndarray  # (W, 34) uint8
    win_kinds: np.ndarray  # (W,) intp
    player_turns: int  # draws made over all games


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
    cum = np.cumsum(wall[active], axis=1, dtype=np.int16)
    left = cum[:, -1]
    target = (uniform[active] * left).astype(np.int16)
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
    """
    n, draws = len(hands), len(uniforms)
    tenpai_turn = np.full(n, -1, dtype=np.int16)
    riichi_turn = np.full(n, -1, dtype=np.int16)
    win_turn = np.full(n, -1, dtype=np.int16)
    ready = shanten_batch(hands, melds, threads=1, players=players) == 0
    tenpai_turn[ready] = 0
    if riichi and riichi_at_start:
        riichi_turn[ready] = 0
    won: list[np.ndarray] = []
    win_hands: list[np.ndarray] = []
    win_kinds: list[np.ndarray] = []
    active = np.arange(n)
    policy = _Policy(seen, melds, riichi, dedupe, players)
    turns = 0
    for t in range(1, draws + 1):
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
            if len(complete):
                win_turn[active[complete]] = t
                won.append(active[complete])
                win_hands.append(hand[complete])
                win_kinds.append(drawn[complete])
                keep = np.ones(len(active), dtype=bool)
                keep[complete] = False
                active, hand, drawn = active[keep], hand[keep], drawn[keep]
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
        np.concatenate(won) if won else np.zeros(0, dtype=np.intp),
        np.concatenate(win_hands) if win_hands else empty,
        np.concatenate(win_kinds) if win_kinds else np.zeros(0, dtype=np.intp),
        turns,
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


def _histogram(values: np.ndarray) -> Counter[int]:
    kinds, counts = np.unique(values, return_counts=True)
    return Counter(dict(zip(kinds.tolist(), counts.tolist(), strict=True)))


def score_wins(
    played: Played, params: _Params
) -> tuple[Counter[int], Counter[int], Counter[int], Counter[int], np.ndarray]:
    """Histograms (points, han, fu, yakuman) and yaku counts of the wins of ``played``."""
    if not len(played.won):
        return Counter(), Counter(), Counter(), Counter(), np.zeros(len(YAKU_BITS), dtype=np.int64)
    t = played.win_turn[played.won].astype(np.int64)
    declared = played.riichi_turn[played.won].astype(np.int64)
    in_riichi = declared >= 0
    first_draw = t == 1
    dealer = params.seat_wind == "E"
    win = BatchWin(
        tsumo=True,
        seat_wind=params.seat_wind,
        round_wind=params.round_wind,
        riichi=in_riichi,
        double_riichi=declared == 1,
        ippatsu=in_riichi & (declared == t - 1),
        tenhou=first_draw & dealer,
        chiihou=first_draw & (not dealer),
    )
    scores = score_batch(played.win_hands, played.win_kinds, win, rules=params.rules, threads=1)
    ordinary = scores.yakuman == 0
    bits = (scores.yaku_mask[:, None] >> np.arange(len(YAKU_BITS), dtype=np.uint64)) & np.uint64(1)
    return (
        _histogram(scores.points),
        _histogram(scores.han[ordinary]),
        _histogram(scores.fu[ordinary]),
        _histogram(scores.yakuman[~ordinary]),
        bits.sum(axis=0, dtype=np.int64),
    )


def game_bytes(draws: int) -> int:
    """Bytes a game needs at least while its chunk is played: hand, wall and seen counts
    (34 each), a uniform per draw (8), three turn counters (2 each)."""
    return 3 * NUM_KINDS + 8 * draws + 6


def _selfplay_task(chunk: Chunk, params: _Params) -> _Tally:
    with allocating(f"a chunk of {chunk.size:,} games", chunk.size * game_bytes(params.draws)):
        return _play_chunk(chunk, params)


def _play_chunk(chunk: Chunk, params: _Params) -> _Tally:
    rng = chunk.rng()
    hands = deal_counts(rng, chunk.size, 13, players=params.players)
    uniforms = rng.random((params.draws, chunk.size))
    wall = np.array(wall_copies(params.players), dtype=np.uint8) - hands
    seen = np.zeros_like(hands)
    played = play(hands, wall, seen, uniforms, riichi=params.riichi, players=params.players)
    size = params.draws + 1
    tenpai = played.tenpai_turn[played.tenpai_turn >= 0]
    points, han, fu, yakuman, yaku = score_wins(played, params)
    return _Tally(
        np.bincount(tenpai, minlength=size),
        np.bincount(played.win_turn[played.won], minlength=size),
        played.player_turns,
        points,
        han,
        fu,
        yakuman,
        yaku,
    )


def _wind(value: object, name: str) -> str:
    """A wind as ``Win`` takes it ("E", "S", "W" or "N", either case), upper-case."""
    try:
        return WIND_LETTERS[wind_index(value, name)]
    except InvalidSituationError as error:
        raise InvalidArgumentError(str(error)) from None


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
    count, and a North seat or round in three players, are refused.

    >>> r = selfplay(1_000, draws=6, seed=3, riichi=False)
    >>> [round(p, 3) for p in r.win_by_turn][:2], r.wins <= r.tenpai <= r.games
    ([0.0, 0.0], True)
    """
    players = check_players(players)
    n_games = as_count(n_games, "n_games", 1)
    draws = as_count(draws, "draws", 1, WALL_AFTER_DEAL if players == 4 else WALL_AFTER_DEAL_3P)
    riichi = as_flag(riichi, "riichi")
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
        draws, riichi, _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind"), rules, players
    )
    chunks = plan(n_games, seed, chunk_size)
    check_work(n_games * draws, "n_games", MAX_PLAYER_TURNS, "games × draws", given=n_games)
    rows = min(n_games, chunks.chunk_size)
    check_memory(rows * game_bytes(draws), chunk_parameter(n_games, "n_games", chunks.chunk_size, "games"))
    tallies = stream(
        _selfplay_task, chunks, params, workers=workers, client=client, progress=progress, desc="selfplay"
    )
    tenpai_at = np.zeros(draws + 1, dtype=np.int64)
    win_at = np.zeros(draws + 1, dtype=np.int64)
    yaku = np.zeros(len(YAKU_BITS), dtype=np.int64)
    points: Counter[int] = Counter()
    han: Counter[int] = Counter()
    fu: Counter[int] = Counter()
    yakuman: Counter[int] = Counter()
    turns = 0
    for tally in tallies:  # chunk order
        tenpai_at += tally.tenpai_at
        win_at += tally.win_at
        yaku += tally.yaku
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
    )
