"""The state of N tables as numpy arrays, and a read-only view of one of them as the
reference rules read a table (:class:`~riichi_lut.game.view.TableView`).

Every field of :class:`~riichi_lut.game.table.Table` and
:class:`~riichi_lut.game.seat.SeatState` has an array here, indexed ``[table]`` or
``[table, seat]`` (seats absolute). Tiles are tile codes (0-33 kinds, 34-36 red fives);
``-1`` is "none". The lock-step engine (:mod:`riichi_lut.game.vector.engine`) changes the arrays; the rare
moments (a win's yaku, riichi, kans, the end of a hand) read one table through
:class:`TableAt`, which builds the reference's seat objects from the arrays, so that those
rules are the reference's own code.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core.notations import from_136
from ...core.tiles import NUM_CODES, NUM_KINDS
from ..roundwall import live_size_of
from ..rules import GameRules
from ..seat import Meld, RiverTile, SeatState
from ..view import Claim
from ..wall import Wall
from ..wins import can_ron, can_tsumo

__all__ = [
    "CODE_OF_ID",
    "MAX_MELDS",
    "MAX_RIVER",
    "MELD_TYPES",
    "POSITIONS",
    "ArrayWall",
    "TableAt",
    "VectorState",
]

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]
B = npt.NDArray[np.bool_]

#: The longest river a seat can have (70 live draws and the calls that skip turns).
MAX_RIVER = 40
MAX_MELDS = 4
#: Meld type codes in the arrays (index into this tuple; ``-1`` none).
MELD_TYPES = ("chi", "pon", "open_kan", "closed_kan", "added_kan")

WINDS = "ESWN"


def _positions(players: int) -> dict[str, Any]:
    """Where each tile of a hand sits in the yama: a wall of positions (tile ``i`` is
    ``i``) dealt by the reference :class:`~riichi_lut.game.wall.Wall`, so the places are
    the reference's own."""
    size = 136 if players == 4 else 108
    wall = Wall(tuple(range(size)), (0, 0), players)
    return {
        "deal": np.array([wall.deal(dealer) for dealer in range(players)], dtype=np.intp),
        "live": np.array(wall.live_draws, dtype=np.intp),
        "rinshan": np.array([wall.rinshan(i) for i in range(4 if players == 4 else 8)], dtype=np.intp),
        "dora": np.array([wall.dora_indicator(i) for i in range(5)], dtype=np.intp),
        "ura": np.array([wall.ura_indicator(i) for i in range(5)], dtype=np.intp),
    }


POSITIONS = {players: _positions(players) for players in (3, 4)}
#: The code of each 136-id: ``CODE_OF_ID[red]`` (red: ids 16, 52, 88 are the red fives).
CODE_OF_ID = np.array([[from_136(i, red) for i in range(136)] for red in (False, True)], dtype=np.int8)

#: The kind of each code (a red five is its five).
KIND_OF_CODE = np.array([*range(NUM_KINDS), 4, 13, 22], dtype=np.int64)
#: The number of each kind (1-9), 0 for honors.
NUMBER_OF_KIND = np.array([k % 9 + 1 if k < 27 else 0 for k in range(NUM_KINDS)])
#: The red five's code of each kind, -1 for kinds without one.
RED_OF_KIND = np.array([{4: 34, 13: 35, 22: 36}.get(k, -1) for k in range(NUM_KINDS)])


def _zeros(shape: tuple[int, ...] | int, dtype: Any) -> Any:
    return np.zeros(shape, dtype=dtype)


@dataclass
class VectorState:
    """N tables of ``players`` seats (the arrays are documented in ``docs/game.md``)."""

    n: int
    players: int
    rules: GameRules
    # ---------------------------------------------------------------- seats [table, seat]
    codes: I8 = field(init=False)  # [t, s, 37] concealed tile counts by code
    kinds: I8 = field(init=False)  # [t, s, 34] the same by kind
    drawn: I8 = field(init=False)  # the tile just drawn, -1
    nmelds: I8 = field(init=False)
    meld_type: I8 = field(init=False)  # [t, s, 4] index of MELD_TYPES, -1
    meld_tiles: I8 = field(init=False)  # [t, s, 4, 4] codes sorted, -1 padded
    meld_called: I8 = field(init=False)  # [t, s, 4] the called tile, -1
    meld_target: I8 = field(init=False)  # [t, s, 4] the seat called from, -1
    pon_kind: B = field(init=False)  # [t, s, 34] a pon of this kind stands (an added kan may follow)
    river_len: I8 = field(init=False)
    river_tile: I8 = field(init=False)  # [t, s, MAX_RIVER]
    river_tsumogiri: B = field(init=False)
    river_riichi: B = field(init=False)
    river_called_by: I8 = field(init=False)
    discarded: B = field(init=False)  # [t, s, 34] kinds in the seat's river (called ones too)
    kita: I8 = field(init=False)
    riichi: B = field(init=False)
    double_riichi: B = field(init=False)
    declaring: B = field(init=False)
    riichi_discard: I8 = field(init=False)
    ippatsu: B = field(init=False)
    furiten_turn: B = field(init=False)
    furiten_riichi: B = field(init=False)
    forbidden: B = field(init=False)  # [t, s, 34] kuikae
    scores: I32 = field(init=False)
    # ---------------------------------------------------------------- tables [table]
    number: I32 = field(init=False)
    honba: I32 = field(init=False)
    sticks: I32 = field(init=False)
    dealer: I8 = field(init=False)
    actor: I8 = field(init=False)
    live: I8 = field(init=False)  # [t, 70] the live tiles in draw order
    rinshan: I8 = field(init=False)  # [t, 8]
    indicators: I8 = field(init=False)  # [t, 5]
    ura: I8 = field(init=False)  # [t, 5]
    drawn_live: I32 = field(init=False)
    drawn_rinshan: I32 = field(init=False)
    live_size: int = 0
    revealed: I8 = field(init=False)  # how many indicators are turned
    pending_dora: I8 = field(init=False)
    kans: I8 = field(init=False)  # [t, 4] the seat of each kan
    nkans: I8 = field(init=False)
    uninterrupted: B = field(init=False)
    rinshan_draw: B = field(init=False)
    four_kans_pending: B = field(init=False)
    pao: I8 = field(init=False)  # [t, s] the seat liable for s's yakuman, -1
    dealt: I8 = field(init=False)  # [t, s, 13] the tiles dealt, in the order dealt
    wall_ids: npt.NDArray[np.int16] = field(init=False)  # [t, 136] the hand's wall (108 in 3p)
    dice: I8 = field(init=False)  # [t, 2]

    def __post_init__(self) -> None:
        n, p = self.n, self.players
        self.codes = _zeros((n, p, NUM_CODES), np.int8)
        self.kinds = _zeros((n, p, NUM_KINDS), np.int8)
        self.drawn = np.full((n, p), -1, np.int8)
        self.nmelds = _zeros((n, p), np.int8)
        self.meld_type = np.full((n, p, MAX_MELDS), -1, np.int8)
        self.meld_tiles = np.full((n, p, MAX_MELDS, 4), -1, np.int8)
        self.meld_called = np.full((n, p, MAX_MELDS), -1, np.int8)
        self.meld_target = np.full((n, p, MAX_MELDS), -1, np.int8)
        self.pon_kind = _zeros((n, p, NUM_KINDS), np.bool_)
        self.river_len = _zeros((n, p), np.int8)
        self.river_tile = np.full((n, p, MAX_RIVER), -1, np.int8)
        self.river_tsumogiri = _zeros((n, p, MAX_RIVER), np.bool_)
        self.river_riichi = _zeros((n, p, MAX_RIVER), np.bool_)
        self.river_called_by = np.full((n, p, MAX_RIVER), -1, np.int8)
        self.discarded = _zeros((n, p, NUM_KINDS), np.bool_)
        self.kita = _zeros((n, p), np.int8)
        for name in ("riichi", "double_riichi", "declaring", "ippatsu", "furiten_turn", "furiten_riichi"):
            setattr(self, name, _zeros((n, p), np.bool_))
        self.riichi_discard = np.full((n, p), -1, np.int8)
        self.forbidden = _zeros((n, p, NUM_KINDS), np.bool_)
        self.scores = np.full((n, p), self.rules.start_points, np.int32)
        self.number = _zeros(n, np.int32)
        self.honba = _zeros(n, np.int32)
        self.sticks = _zeros(n, np.int32)
        self.dealer = _zeros(n, np.int8)
        self.actor = _zeros(n, np.int8)
        self.live = np.full((n, 70), -1, np.int8)
        self.rinshan = np.full((n, 8), -1, np.int8)
        self.indicators = np.full((n, 5), -1, np.int8)
        self.ura = np.full((n, 5), -1, np.int8)
        self.drawn_live = _zeros(n, np.int32)
        self.drawn_rinshan = _zeros(n, np.int32)
        self.revealed = _zeros(n, np.int8)
        self.pending_dora = _zeros(n, np.int8)
        self.kans = np.full((n, 4), -1, np.int8)
        self.nkans = _zeros(n, np.int8)
        self.uninterrupted = _zeros(n, np.bool_)
        self.rinshan_draw = _zeros(n, np.bool_)
        self.four_kans_pending = _zeros(n, np.bool_)
        self.pao = np.full((n, p), -1, np.int8)
        self.dealt = _zeros((n, p, 13), np.int8)
        self.wall_ids = _zeros((n, 136 if p == 4 else 108), np.int16)
        self.dice = _zeros((n, 2), np.int8)
        self.live_size = live_size_of(p)

    @property
    def remaining(self) -> npt.NDArray[np.int32]:
        """Live tiles left to draw at each table."""
        return np.asarray(self.live_size - self.drawn_live - self.drawn_rinshan, dtype=np.int32)

    def clear_hand(self, t: int | npt.NDArray[np.intp]) -> None:
        """Empty table ``t``'s seats for a new hand (scores, round, honba, sticks stay)."""
        for name in ("codes", "kinds", "nmelds", "pon_kind", "river_len", "discarded", "kita", "forbidden"):
            getattr(self, name)[t] = 0
        for name in ("riichi", "double_riichi", "declaring", "ippatsu", "furiten_turn", "furiten_riichi"):
            getattr(self, name)[t] = False
        for name in ("drawn", "meld_type", "meld_tiles", "meld_called", "meld_target", "riichi_discard"):
            getattr(self, name)[t] = -1
        self.river_tile[t] = -1
        self.river_tsumogiri[t] = False
        self.river_riichi[t] = False
        self.river_called_by[t] = -1
        self.kans[t] = -1
        self.pao[t] = -1
        self.nkans[t] = 0
        self.revealed[t] = 1
        self.pending_dora[t] = 0
        self.drawn_live[t] = 0
        self.drawn_rinshan[t] = 0
        self.uninterrupted[t] = True
        self.rinshan_draw[t] = False
        self.four_kans_pending[t] = False

    def deal(self, t: npt.NDArray[np.intp], walls: list[Wall], red: bool) -> None:
        """Deal a new hand at tables ``t`` from their shuffled ``walls`` (the dealer is
        ``self.dealer[t]``): the seats' 13 tiles, the live wall, the dead wall."""
        self.clear_hand(t)
        k = len(t)
        ids = np.array([w.tiles for w in walls], dtype=np.int16)
        self.wall_ids[t] = ids
        self.dice[t] = [w.dice or (0, 0) for w in walls]
        codes = CODE_OF_ID[int(red)][ids]  # [k, size]
        where = POSITIONS[self.players]
        deal = where["deal"][self.dealer[t].astype(np.intp)].reshape(k, -1)  # [k, p * 13]
        dealt = np.take_along_axis(codes, deal, axis=1).reshape(k, self.players, 13)
        self.dealt[t] = dealt
        rows = np.repeat(t, self.players * 13)
        seats = np.tile(np.repeat(np.arange(self.players), 13), k)
        flat = dealt.reshape(-1).astype(np.intp)
        np.add.at(self.codes, (rows, seats, flat), 1)
        np.add.at(self.kinds, (rows, seats, KIND_OF_CODE[flat]), 1)
        live = codes[:, where["live"]]
        self.live[t, : live.shape[1]] = live
        rinshan = codes[:, where["rinshan"]]
        self.rinshan[t, : rinshan.shape[1]] = rinshan
        self.indicators[t] = codes[:, where["dora"]]
        self.ura[t] = codes[:, where["ura"]]

    # ---------------------------------------------------------------- one seat as the reference's
    def seat_state(self, t: int, s: int) -> SeatState:
        """Seat ``s`` of table ``t`` as a :class:`~riichi_lut.game.seat.SeatState`."""
        melds = []
        count = int(self.nmelds[t, s])
        if count:
            types = self.meld_type[t, s].tolist()
            tiles = self.meld_tiles[t, s].tolist()
            called = self.meld_called[t, s].tolist()
            target = self.meld_target[t, s].tolist()
            for m in range(count):
                melds.append(
                    Meld(
                        MELD_TYPES[types[m]],
                        tuple(c for c in tiles[m] if c >= 0),
                        None if called[m] < 0 else called[m],
                        None if target[m] < 0 else target[m],
                    )
                )
        length = int(self.river_len[t, s])
        river = [
            RiverTile(tile, tsumogiri, riichi, None if by < 0 else by)
            for tile, tsumogiri, riichi, by in zip(
                self.river_tile[t, s, :length].tolist(),
                self.river_tsumogiri[t, s, :length].tolist(),
                self.river_riichi[t, s, :length].tolist(),
                self.river_called_by[t, s, :length].tolist(),
                strict=True,
            )
        ]
        drawn = int(self.drawn[t, s])
        riichi_discard = int(self.riichi_discard[t, s])
        forbidden = self.forbidden[t, s]
        return SeatState(
            hand=self.codes[t, s].tolist(),
            melds=melds,
            river=river,
            kita=int(self.kita[t, s]),
            drawn=None if drawn < 0 else drawn,
            riichi=bool(self.riichi[t, s]),
            double_riichi=bool(self.double_riichi[t, s]),
            declaring=bool(self.declaring[t, s]),
            riichi_discard=None if riichi_discard < 0 else riichi_discard,
            ippatsu=bool(self.ippatsu[t, s]),
            furiten_turn=bool(self.furiten_turn[t, s]),
            furiten_riichi=bool(self.furiten_riichi[t, s]),
            forbidden=frozenset(np.flatnonzero(forbidden).tolist()) if forbidden.any() else frozenset(),
        )


class _Seats(list[SeatState]):
    """The seats of one table, each built from the arrays when first read."""

    def __init__(self, state: VectorState, t: int) -> None:
        super().__init__([None] * state.players)  # type: ignore[list-item]
        self.state = state
        self.t = t

    def __getitem__(self, seat: int) -> SeatState:  # type: ignore[override]
        item = super().__getitem__(seat)
        if item is None:
            item = self.state.seat_state(self.t, seat)
            self[seat] = item
        return item

    def __iter__(self) -> Iterator[SeatState]:
        return (self[i] for i in range(len(self)))


class ArrayWall:
    """The part of :class:`~riichi_lut.game.roundwall.RoundWall` the rules read, for
    table ``t`` of the arrays."""

    def __init__(self, state: VectorState, t: int) -> None:
        self.remaining = int(state.live_size - state.drawn_live[t] - state.drawn_rinshan[t])
        self.live_size = state.live_size
        self._indicators = state.indicators[t].tolist()
        self._ura = state.ura[t].tolist()

    def indicator(self, index: int) -> int:
        return int(self._indicators[index])

    def ura_indicators(self, count: int) -> tuple[int, ...]:
        return tuple(self._ura[:count])


class TableAt:
    """Table ``t`` of a :class:`VectorState` as the reference rules read a table (a
    :class:`~riichi_lut.game.view.TableView`): the seats are built once, from the arrays,
    when first read; ``wall`` reads the arrays (:class:`ArrayWall`). Read-only but for
    ``sticks`` (``settle_wins`` clears it) and the final
    scores and points (``after_round`` sets them)."""

    def __init__(self, state: VectorState, t: int, phase: str = "turn") -> None:
        self.state = state
        self.t = t
        self.rules = state.rules
        self.players = state.players
        self.wall = ArrayWall(state, t)
        self.phase = phase
        self.actor = int(state.actor[t])
        self.claim: Claim | None = None
        self.revealed = [int(i) for i in state.indicators[t, : state.revealed[t]]]
        self.number = int(state.number[t])
        self.honba = int(state.honba[t])
        self.sticks = int(state.sticks[t])
        self.dealer = int(state.dealer[t])
        self.scores = [int(x) for x in state.scores[t]]
        self.pao = {s: int(p) for s, p in enumerate(state.pao[t]) if p >= 0}
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.rinshan_draw = bool(state.rinshan_draw[t])
        self._seats: list[SeatState] | None = None

    @property
    def seats(self) -> list[SeatState]:
        if self._seats is None:
            self._seats = _Seats(self.state, self.t)
        return self._seats

    @seats.setter
    def seats(self, seats: list[SeatState]) -> None:
        self._seats = seats

    def seat_wind(self, seat: int) -> str:
        return WINDS[(seat - self.dealer) % self.players]

    @property
    def round_wind(self) -> str:
        return WINDS[self.number // 4 % 4]

    def first_turn(self, seat: int) -> bool:
        return bool(self.state.uninterrupted[self.t]) and not self.state.river_len[self.t, seat]

    def kan_allowed(self) -> bool:
        return self.wall.remaining > 0 and int(self.state.nkans[self.t]) < 4

    def can_tsumo(self, seat: int) -> bool:
        return can_tsumo(self, seat)

    def can_ron(self, seat: int, tile: int, discarder: int, chankan: bool | str) -> bool:
        return can_ron(self, seat, tile, chankan)
