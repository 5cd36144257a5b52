"""The life of a hand in the lock-step engine: the deal (walls, and the deal by arrays
for many tables at once), a single draw, the kan dora, the wins, the draws and aborts, the
end of a hand (payments, the next round or the end of the game, the record), table by
table where it is rare. :class:`Hands` holds the engine's state;
:class:`~riichi_lut.game.vector.moments.Moments` adds the rare moments of play and
:class:`~riichi_lut.game.vector.engine.VectorGames` the frequent ones, by arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.args import as_count
from ...errors import InvalidArgumentError
from ..actions import (
    NUM_ACTIONS,
    Action,
)
from ..outcome import Outcome, draw_outcome, settle_wins
from ..play import outcome_results
from ..progress import after_round
from ..record import (
    DORA,
    DRAW,
    Event,
    GameRecord,
    RoundRecord,
)
from ..rules import GameRules
from ..wall import seeded_wall
from ..wins import CLOSED_KAN_ROB, win_at
from .state import KIND_OF_CODE, TableAt, VectorState

__all__ = [
    "CHANKAN",
    "CLAIM",
    "DEALING",
    "DONE",
    "ON_ADDED_KAN",
    "ON_CLOSED_KAN",
    "ON_DISCARD",
    "TURN",
    "Hands",
]

#: A table's phase: a seat's turn, a tile others may claim, the game over, a deal due.
TURN, CLAIM, DONE, DEALING = 0, 1, 2, 3
#: What a claim is on (``claim_kind``): a discard, an added kan's tile, a closed kan's.
ON_DISCARD, ON_ADDED_KAN, ON_CLOSED_KAN = 0, 1, 2
#: ``Claim.chankan`` of each kind of claim.
CHANKAN: dict[int, bool | str] = {ON_DISCARD: False, ON_ADDED_KAN: True, ON_CLOSED_KAN: CLOSED_KAN_ROB}
_MAX_HANDS = 1000


def seats_of(flags: list[bool]) -> tuple[int, ...]:
    """The seats whose flag is set (a table's row of a per-seat flag array, as a list)."""
    return tuple(seat for seat, flag in enumerate(flags) if flag)


class Hands:
    """The state of N games and the life of their hands (see the module docstring)."""

    def __init__(self, seeds: Sequence[int], rules: GameRules, record: bool) -> None:
        n = len(seeds)
        self.n = n
        self.rules = rules
        self.players = p = rules.players
        self.record = record
        self.seeds = [int(x) for x in seeds]
        #: each table's ``game`` argument of :func:`~riichi_lut.game.wall.seeded_wall` (0:
        #: ``play_one``'s walls); :meth:`restart` sets it for the table's next game
        self.wall_games = [0] * n
        self.red = any(rules.scoring.aka_dora)
        self.s = VectorState(n, p, rules)
        self.phase = np.zeros(n, dtype=np.int8)
        self.mask = np.zeros((n, p, NUM_ACTIONS), dtype=bool)
        self.deciding = np.zeros((n, p), dtype=bool)
        self.completes = np.zeros((n, p), dtype=bool)
        self.shanten13 = np.zeros((n, p), dtype=np.int8)  # each 13-tile hand's shanten
        self.claim_from = np.zeros(n, dtype=np.int8)
        self.claim_tile = np.zeros(n, dtype=np.int8)
        self.claim_kind = np.zeros(n, dtype=np.int8)
        self.legal_cache: dict[tuple[int, int], list[Action]] = {}
        self.cached = np.zeros(n, dtype=bool)  # the turn's legal actions are in legal_cache
        # what the next flush does: claims to open on tiles (table, from, tile, kind), turns
        # to begin; one by one from the rare moments, in arrays from the frequent ones
        self.offers: list[tuple[int, int, int, int]] = []
        self.offer_chunks: list[npt.NDArray[np.intp]] = []
        self.turns: list[int] = []
        self.turn_chunks: list[npt.NDArray[np.intp]] = []
        self.deals: list[int] = []  # tables whose next hand is to be dealt
        self.events: list[list[Event]] = [[] for _ in range(n)]
        self.rounds: list[list[RoundRecord]] = [[] for _ in range(n)]
        self.starts: list[tuple[int, int, int, int, tuple[int, ...]]] = [(0, 0, 0, 0, ())] * n
        self.finals: list[tuple[tuple[int, ...], tuple[float, ...]] | None] = [None] * n
        self.outcomes: list[list[Outcome]] = [[] for _ in range(n)]
        # each hand's seats that declared riichi and that opened their hand (chi, pon, open
        # kan): what a tournament counts, kept without the events
        self.declared = np.zeros((n, p), dtype=bool)
        self.opened = np.zeros((n, p), dtype=bool)
        self.marks: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[] for _ in range(n)]

    # ---------------------------------------------------------------- views and records
    def view(self, t: int, phase: str = "turn") -> TableAt:
        return TableAt(self.s, t, phase)

    def emit(self, t: int, event: Event) -> None:
        if self.record:
            self.events[t].append(event)

    def records(self) -> list[GameRecord]:
        out = []
        for t in range(self.n):
            final = self.finals[t]
            out.append(
                GameRecord(
                    players=self.players,
                    names=tuple(f"seat {i}" for i in range(self.players)),
                    rules=self.rules,
                    rounds=tuple(self.rounds[t]),
                    final_scores=final[0] if final else None,
                    final_points=final[1] if final else None,
                    source=f"play_vector(seed={self.seeds[t]})",
                    format="played",
                    meta={"seed": self.seeds[t]},
                )
            )
        return out

    # ---------------------------------------------------------------- a game starts again
    def restart(self, t: Sequence[int], games: Sequence[int]) -> None:
        """Start a new game at each table ``t[i]`` whose game is over (``phase`` DONE): its
        walls from ``seeded_wall(seed, round, honba, game=games[i])``, the scores, round,
        honba, sticks and dealer of a new game, its records and results emptied. The first
        hands are dealt by the engine's next flush (``VectorGames.flush_queues``), as at
        :meth:`~riichi_lut.game.vector.engine.VectorGames.start`: a restarted table plays
        the game a new table of that seed and game number plays."""
        s = self.s
        tables = [int(x) for x in t]
        if len(games) != len(tables):
            raise InvalidArgumentError.about("games", f"needs one game number per table ({len(tables)})")
        for table, game in zip(tables, games, strict=True):
            if self.phase[table] != DONE:
                raise InvalidArgumentError.about("t", f"table {table}'s game is not over")
            self.wall_games[table] = as_count(game, "games", 0, 2**63 - 1)
            self.rounds[table] = []
            self.outcomes[table] = []
            self.marks[table] = []
            self.events[table] = []
            self.finals[table] = None
        rows = np.array(tables, dtype=np.intp)
        s.scores[rows] = self.rules.start_points
        s.number[rows] = 0
        s.honba[rows] = 0
        s.sticks[rows] = 0
        s.dealer[rows] = 0
        self.deciding[rows] = False
        self.phase[rows] = DEALING
        self.deals.extend(tables)

    # ---------------------------------------------------------------- a hand starts
    def new_hands(self, t: npt.NDArray[np.intp]) -> list[int]:
        """Deal the next hand at tables ``t`` (their walls from the seed, the round and
        the honba); the dealers, who draw first."""
        s = self.s
        p = self.players
        numbers, honbas = s.number[t].tolist(), s.honba[t].tolist()
        walls = [
            seeded_wall(self.seeds[table], number, honba, players=p, game=self.wall_games[table])
            for table, number, honba in zip(t.tolist(), numbers, honbas, strict=True)
        ]
        s.deal(t, walls, self.red)
        self.declared[t] = False
        self.opened[t] = False
        dealers = s.dealer[t].tolist()
        for table, number, honba, dealer in zip(t.tolist(), numbers, honbas, dealers, strict=True):
            self.starts[table] = (
                number,
                honba,
                int(s.sticks[table]),
                dealer,
                tuple(s.scores[table].tolist()),
            )
            self.events[table] = []
        return [int(d) for d in dealers]

    def draw_one(self, t: int, seat: int, rinshan: bool = False) -> None:
        s = self.s
        if not rinshan and s.remaining[t] <= 0:
            self.exhaustive(t)
            return
        if rinshan:
            tile = int(s.rinshan[t, s.drawn_rinshan[t]])
            s.drawn_rinshan[t] += 1
        else:
            tile = int(s.live[t, s.drawn_live[t]])
            s.drawn_live[t] += 1
        self.take(t, seat, tile, rinshan)
        self.emit(t, Event(DRAW, seat=seat, tile=tile))
        self.turns.append(t)

    def take(self, t: Any, seat: Any, tile: Any, rinshan: bool) -> None:
        """Seat ``seat`` of table ``t`` draws ``tile`` and its turn begins (ints, or arrays
        of distinct tables: the draw of one table or of many)."""
        s = self.s
        s.codes[t, seat, tile] += 1
        s.kinds[t, seat, KIND_OF_CODE[tile]] += 1
        s.drawn[t, seat] = tile
        s.rinshan_draw[t] = rinshan
        s.actor[t] = seat
        self.phase[t] = TURN

    def flip(self, t: int) -> None:
        s = self.s
        tile = int(s.indicators[t, s.revealed[t]])
        s.revealed[t] += 1
        self.emit(t, Event(DORA, tile=tile))

    def flush_dora(self, t: int) -> None:
        s = self.s
        while s.pending_dora[t]:
            s.pending_dora[t] -= 1
            self.flip(t)

    # ---------------------------------------------------------------- the end of a hand
    def finish_wins(
        self, t: int, wins: list[tuple[int, int]], from_seat: int, chankan: bool | str = False
    ) -> None:
        view = self.view(t)
        results = []
        for seat, tile in wins:
            result = win_at(view, seat, tile, seat == from_seat, chankan)
            assert result is not None
            results.append((seat, result))
        self.end(t, view, settle_wins(view, results, from_seat))

    def exhaustive(self, t: int) -> None:
        view = self.view(t)
        self.end(t, view, draw_outcome(view, "exhaustive"))

    def abort(self, t: int, kind: str, shown: tuple[int, ...] = ()) -> None:
        view = self.view(t)
        self.end(t, view, draw_outcome(view, kind, shown))

    def end(self, t: int, view: Any, outcome: Outcome) -> None:
        s = self.s
        s.sticks[t] = view.sticks
        for seat, delta in enumerate(outcome.deltas):
            s.scores[t, seat] += delta
            view.scores[seat] += delta
        self.deciding[t] = False
        end = after_round(view, outcome)
        start = self.starts[t]
        self.outcomes[t].append(outcome)
        self.marks[t].append((seats_of(self.declared[t].tolist()), seats_of(self.opened[t].tolist())))
        dice = s.dice[t].tolist()
        self.rounds[t].append(
            RoundRecord(
                number=start[0],
                honba=start[1],
                sticks=start[2],
                dealer=start[3],
                scores=start[4],
                hands=tuple(tuple(h) for h in s.dealt[t].tolist()) if self.record else (),
                dora_indicator=int(s.indicators[t, 0]),
                events=tuple(self.events[t]),
                results=outcome_results(view, outcome),
                dice=(dice[0], dice[1]),
                wall=tuple(s.wall_ids[t].tolist()) if self.record else None,
            )
        )
        if end.game_over or len(self.rounds[t]) >= _MAX_HANDS:
            assert view.final_scores is not None and view.final_points is not None
            self.finals[t] = (view.final_scores, view.final_points)
            self.phase[t] = DONE
            return
        s.number[t], s.honba[t], s.sticks[t], s.dealer[t] = end.number, end.honba, end.sticks, end.dealer
        self.phase[t] = DEALING
        self.deals.append(t)
