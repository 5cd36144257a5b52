"""The observation of one seat as fixed-shape numpy arrays, for learning agents.

:func:`encode` gives ``seat``'s view of a table (exactly what that seat can see: its own
tiles and everything public, never another hand, the wall's order or the ura indicators)
as a ``dict`` of arrays; :func:`encode_batch` stacks the views of many (table, seat)
pairs, one leading axis more, and computes the hand analysis of all of them in one call
of the batch kernels (:func:`~riichi_lut.analysis.efficiency.ukeire_batch`). Seats are
*relative*: row 0 of a per-seat array is the observer, row 1 the next seat in turn order
(shimocha), and so on; ``P`` is the number of players (4 or 3). Tiles are codes (0-33
kinds, 34-36 the red 5m, 5p, 5s); ``-1`` fills an empty place. :data:`FEATURES` lists
every array (the same rows make the Gymnasium spaces and the table in ``docs/rl.md``):

=====================  ===========  =====  =====================================================
name                   shape        dtype  meaning
=====================  ===========  =====  =====================================================
seat                   ()           int8   the observer's absolute seat (0 dealt first)
phase                  ()           int8   0 own turn, 1 claim on a discard, 2 chankan (rob a kan)
hand                   (34,)        uint8  concealed tiles by kind (a red five in its kind)
hand_red               (3,)         uint8  red 5m, 5p, 5s among them
drawn                  ()           int8   the tile just drawn (code), -1 none
claim_tile             ()           int8   the tile on offer (claim, chankan), -1 none
claim_from             ()           int8   the relative seat that offers it, -1 none
river_tile             (P, 32)      int8   each seat's discards in order (codes), -1 after the last
river_tsumogiri        (P, 32)      bool   the discard was the tile just drawn
river_riichi           (P, 32)      bool   the discard declared riichi
river_called           (P, 32)      bool   the discard was called (it is in a meld now)
river_length           (P,)         uint8  discards of each seat
meld_type              (P, 4)       int8   0 none, 1 chi, 2 pon, 3 open kan, 4 closed kan, 5 added kan
meld_tiles             (P, 4, 4)    int8   the meld's tiles (codes, ascending), -1 fills
meld_called            (P, 4)       int8   the called tile (code), -1 for a closed kan or none
meld_from              (P, 4)       int8   the relative seat it was called from, -1 none
meld_count             (P,)         uint8  melds of each seat
kita                   (P,)         uint8  Norths set aside (three players)
riichi                 (P,)         int8   0 none, 1 declared (its discard not passed yet), 2 riichi
scores                 (P,)         int32  points
dora_indicators        (5,)         int8   the indicators turned, in order (codes), -1 not yet
round                  ()           int8   0 East 1, 1 East 2, ... 4 South 1, ... 8 West 1
honba                  ()           int16  honba (repeat) sticks
sticks                 ()           int16  riichi sticks on the table
dealer                 ()           int8   the relative seat of the dealer (0: the observer deals)
remaining              ()           int8   live tiles left in the wall
visible                (34,)        uint8  tiles of each kind seen outside the own concealed hand
furiten                ()           bool   13-tile hand: it could not ron now (own discards,
                                           a winning tile passed this go-around, after riichi)
shanten                ()           int8   shanten of the concealed hand with its melds (-1 a win)
accept_kinds           (34,)        bool   13-tile hand: kinds that lower the shanten
accept                 ()           int16  13-tile hand: live tiles of those kinds
discard_valid          (34,)        bool   14-tile hand: the kinds held, each a possible discard
discard_shanten        (34,)        int8   shanten after discarding the kind; 8 where not valid
discard_accept_kinds   (34, 34)     bool   row k: the kinds that lower it after discarding k
discard_accept         (34,)        int16  live tiles of those kinds (the discarded one gone)
=====================  ===========  =====  =====================================================

"13-tile hand" is a concealed hand of 3n+1 tiles (waiting for a draw or a claim), "14-tile
hand" one of 3n+2 (it must discard); the other kind's arrays are zero (``discard_shanten``:
8). A *live* tile is one the seat cannot see: 4 minus the copies in its hand and in
``visible`` (every river tile not called, every meld, the dora indicators turned, kita).

>>> from riichi_lut.game import TENHOU_GAME, RoundWall, Table, seeded_wall
>>> table = Table(TENHOU_GAME)
>>> _ = table.start_round(RoundWall.from_wall(seeded_wall(1, 0, 0), 0, True))
>>> view = encode(table, 0)
>>> int(view["hand"].sum()), int(view["remaining"]), view["river_tile"].shape
(14, 69, (4, 32))
>>> bool(view["discard_valid"].any()), int(view["shanten"]) == int(view["discard_shanten"].min())
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..analysis.efficiency import ukeire_batch
from ..core.tiles import NUM_CODES, NUM_KINDS, kind_of
from ..errors import InvalidArgumentError
from .legal import NORTH
from .record import ADDED_KAN, CHI, CLOSED_KAN, OPEN_KAN, PON
from .seat import Meld, RiverTile
from .view import TableView

__all__ = [
    "FEATURES",
    "MAX_MELDS",
    "MAX_RIVER",
    "NO_SHANTEN",
    "PHASES",
    "Feature",
    "encode",
    "encode_batch",
    "feature_shapes",
    "flat_size",
    "flatten",
]

#: Discards one seat can make in a hand, at most: a seat draws at most 27 live tiles (with
#: four players; every turn of another seat between two of its draws needs three other
#: draws or one of the others' 12 calls) and each of its own four calls adds one discard.
MAX_RIVER = 32
#: Melds one seat can have.
MAX_MELDS = 4
#: ``discard_shanten`` where the kind is not a possible discard.
NO_SHANTEN = 8
#: ``phase`` codes: the table's phase names in order.
PHASES = ("turn", "claim", "chankan")
_MELD_TYPES = {CHI: 1, PON: 2, OPEN_KAN: 3, CLOSED_KAN: 4, ADDED_KAN: 5}
_RED_CODES = (34, 35, 36)
#: The kind of each code 0-36, and 34 (out of the 34 kinds) for -1.
_KIND = np.array([*range(NUM_KINDS), *(kind_of(c) for c in _RED_CODES), NUM_KINDS], dtype=np.intp)
_INT32 = (int(np.iinfo(np.int32).min), int(np.iinfo(np.int32).max))


@dataclass(frozen=True)
class Feature:
    """One array of the encoding: its ``name``, ``shape`` (``"P"`` stands for the number of
    players), ``dtype``, the bounds ``low`` and ``high`` of its values, and ``meaning``."""

    name: str
    shape: tuple[int | str, ...]
    dtype: str
    low: int
    high: int | str
    meaning: str


#: Every array of the encoding, in order (``high`` ``"P-1"``: the number of players minus 1).
FEATURES: tuple[Feature, ...] = (
    Feature("seat", (), "int8", 0, "P-1", "the observer's absolute seat (0 dealt first)"),
    Feature("phase", (), "int8", 0, 2, "0 own turn, 1 claim on a discard, 2 chankan (rob a kan)"),
    Feature("hand", (34,), "uint8", 0, 4, "concealed tiles by kind (a red five in its kind)"),
    Feature("hand_red", (3,), "uint8", 0, 1, "red 5m, 5p, 5s among them"),
    Feature("drawn", (), "int8", -1, 36, "the tile just drawn (code), -1 none"),
    Feature("claim_tile", (), "int8", -1, 36, "the tile on offer (claim, chankan), -1 none"),
    Feature("claim_from", (), "int8", -1, "P-1", "the relative seat that offers it, -1 none"),
    Feature("river_tile", ("P", MAX_RIVER), "int8", -1, 36, "each seat's discards in order, -1 after"),
    Feature("river_tsumogiri", ("P", MAX_RIVER), "bool", 0, 1, "the discard was the tile just drawn"),
    Feature("river_riichi", ("P", MAX_RIVER), "bool", 0, 1, "the discard declared riichi"),
    Feature("river_called", ("P", MAX_RIVER), "bool", 0, 1, "the discard was called (now in a meld)"),
    Feature("river_length", ("P",), "uint8", 0, MAX_RIVER, "discards of each seat"),
    Feature("meld_type", ("P", MAX_MELDS), "int8", 0, 5, "0 none, 1 chi, 2 pon, 3/4/5 open/closed/added kan"),
    Feature("meld_tiles", ("P", MAX_MELDS, 4), "int8", -1, 36, "the meld's tiles (codes, ascending), -1"),
    Feature("meld_called", ("P", MAX_MELDS), "int8", -1, 36, "the called tile, -1 closed kan or none"),
    Feature("meld_from", ("P", MAX_MELDS), "int8", -1, "P-1", "the relative seat it came from, -1"),
    Feature("meld_count", ("P",), "uint8", 0, MAX_MELDS, "melds of each seat"),
    Feature("kita", ("P",), "uint8", 0, 4, "Norths set aside (three players)"),
    Feature("riichi", ("P",), "int8", 0, 2, "0 none, 1 declared (its discard not passed), 2 riichi"),
    Feature("scores", ("P",), "int32", _INT32[0], _INT32[1], "points"),
    Feature("dora_indicators", (5,), "int8", -1, 36, "the indicators turned, in order, -1 not yet"),
    Feature("round", (), "int8", 0, 15, "0 East 1, 1 East 2, ... 4 South 1, ... 8 West 1"),
    Feature("honba", (), "int16", 0, 32767, "honba (repeat) sticks"),
    Feature("sticks", (), "int16", 0, 32767, "riichi sticks on the table"),
    Feature("dealer", (), "int8", 0, "P-1", "the relative seat of the dealer"),
    Feature("remaining", (), "int8", 0, 70, "live tiles left in the wall"),
    Feature("visible", (34,), "uint8", 0, 4, "tiles of each kind seen outside the own concealed hand"),
    Feature("furiten", (), "bool", 0, 1, "13-tile hand: it could not ron now"),
    Feature("shanten", (), "int8", -1, NO_SHANTEN, "shanten of the concealed hand with its melds"),
    Feature("accept_kinds", (34,), "bool", 0, 1, "13-tile hand: kinds that lower the shanten"),
    Feature("accept", (), "int16", 0, 136, "13-tile hand: live tiles of those kinds"),
    Feature("discard_valid", (34,), "bool", 0, 1, "14-tile hand: the kinds held (possible discards)"),
    Feature("discard_shanten", (34,), "int8", -1, NO_SHANTEN, "shanten after discarding the kind, else 8"),
    Feature("discard_accept_kinds", (34, 34), "bool", 0, 1, "row k: kinds lowering it after discarding k"),
    Feature("discard_accept", (34,), "int16", 0, 136, "live tiles of those kinds (the discarded one gone)"),
)


def feature_shapes(players: int) -> dict[str, tuple[tuple[int, ...], np.dtype[np.generic]]]:
    """Each array's shape and dtype for ``players`` (4 or 3) seats."""
    if players not in (3, 4):
        raise InvalidArgumentError.about("players", f"must be 4 or 3, got {players!r}")
    return {
        f.name: (tuple(players if d == "P" else int(d) for d in f.shape), np.dtype(f.dtype)) for f in FEATURES
    }


def flat_size(players: int) -> int:
    """The length of a :func:`flatten` row for ``players`` seats.

    >>> flat_size(4), flat_size(3)
    (2025, 1864)
    """
    return sum(int(np.prod(shape)) for shape, _ in feature_shapes(players).values())


def flatten(batch: Mapping[str, np.ndarray]) -> np.ndarray:
    """One float32 row per observation of an :func:`encode_batch` result (extra keys such
    as a mask are left out): every array of :data:`FEATURES`, in that order, raveled, for
    a model that takes one vector."""
    arrays = [batch[f.name] for f in FEATURES]
    n = len(arrays[0])
    return np.concatenate([a.reshape(n, -1).astype(np.float32) for a in arrays], axis=1)


def encode(table: TableView, seat: int) -> dict[str, np.ndarray]:
    """``seat``'s view of ``table`` (see the module docstring for every array)."""
    return {name: array[0, ...] for name, array in encode_batch([table], [seat]).items()}


def encode_batch(tables: Sequence[TableView], seats: Sequence[int]) -> dict[str, np.ndarray]:
    """The views of ``seats[i]`` at ``tables[i]``, stacked: each array of :func:`encode`
    with a leading axis of ``len(tables)``. Every table has the same number of players."""
    if len(tables) != len(seats):
        raise InvalidArgumentError.about("seats", f"needs one per table ({len(tables)}), got {len(seats)}")
    if not tables:
        raise InvalidArgumentError.about("tables", "must hold at least one table")
    players = tables[0].players
    shapes = feature_shapes(players)
    out = {name: np.zeros((len(tables), *shape), dtype=dtype) for name, (shape, dtype) in shapes.items()}
    for name in ("drawn", "claim_tile", "claim_from", "river_tile", "meld_tiles", "meld_called", "meld_from"):
        out[name].fill(-1)
    out["dora_indicators"].fill(-1)
    melds = np.zeros(len(tables), dtype=np.intp)
    for i, (table, seat) in enumerate(zip(tables, seats, strict=True)):
        if table.players != players:
            raise InvalidArgumentError.about(
                "tables", f"mix {players} and {table.players} players (table {i})"
            )
        if not 0 <= seat < players:
            raise InvalidArgumentError.about("seats", f"[{i}] = {seat!r} is not a seat of {players}")
        _fill(out, i, table, seat)
        melds[i] = len(table.seats[seat].melds)
    analyse(out, melds, players)
    return out


def _fill(out: Mapping[str, np.ndarray], i: int, table: TableView, seat: int) -> None:
    """Row ``i`` of every array but the analysis: what ``seat`` sees of ``table``."""
    players = table.players
    me = table.seats[seat]
    out["seat"][i] = seat
    out["phase"][i] = PHASES.index(table.phase) if table.phase in PHASES else 0
    codes = np.asarray(me.hand, dtype=np.uint8)
    hand = out["hand"][i]
    hand[:] = codes[:NUM_KINDS]
    for red, code in enumerate(_RED_CODES):
        hand[kind_of(code)] += codes[code]
        out["hand_red"][i, red] = codes[code]
    if me.drawn is not None:
        out["drawn"][i] = me.drawn
    claim = table.claim
    if claim is not None and table.phase in ("claim", "chankan"):
        out["claim_tile"][i] = claim.tile
        out["claim_from"][i] = (claim.discarder - seat) % players
    visible = np.zeros(NUM_CODES, dtype=np.int64)
    for rel in range(players):
        other = table.seats[(seat + rel) % players]
        _fill_river(out, i, rel, other.river, visible)
        _fill_melds(out, i, rel, other.melds, seat, players, visible)
        out["kita"][i, rel] = other.kita
        visible[NORTH] += other.kita
        out["riichi"][i, rel] = 2 if other.riichi else 1 if other.declaring else 0
        out["scores"][i, rel] = table.scores[(seat + rel) % players]
    for k, tile in enumerate(table.revealed):
        out["dora_indicators"][i, k] = tile
        visible[tile] += 1
    out["visible"][i] = visible[:NUM_KINDS]
    for code in _RED_CODES:
        out["visible"][i, kind_of(code)] += visible[code]
    out["round"][i] = table.number
    out["honba"][i] = table.honba
    out["sticks"][i] = table.sticks
    out["dealer"][i] = (table.dealer - seat) % players
    out["remaining"][i] = table.wall.remaining
    out["furiten"][i] = me.furiten_turn or me.furiten_riichi  # the waits among its river: analyse


def _fill_river(
    out: Mapping[str, np.ndarray], i: int, rel: int, river: Sequence[RiverTile], visible: np.ndarray
) -> None:
    if len(river) > MAX_RIVER:  # never by the rules (MAX_RIVER's comment)
        raise InvalidArgumentError.about("table", f"has a river of {len(river)} tiles (at most {MAX_RIVER})")
    out["river_length"][i, rel] = len(river)
    for j, discard in enumerate(river):
        tile = discard.tile
        called = discard.called_by is not None
        out["river_tile"][i, rel, j] = tile
        out["river_tsumogiri"][i, rel, j] = discard.tsumogiri
        out["river_riichi"][i, rel, j] = discard.riichi
        out["river_called"][i, rel, j] = called
        if not called:  # a called tile is counted in its meld
            visible[tile] += 1


def _fill_melds(
    out: Mapping[str, np.ndarray],
    i: int,
    rel: int,
    melds: Sequence[Meld],
    seat: int,
    players: int,
    visible: np.ndarray,
) -> None:
    out["meld_count"][i, rel] = len(melds)
    for j, meld in enumerate(melds):
        tiles = meld.tiles
        out["meld_type"][i, rel, j] = _MELD_TYPES[meld.type]
        out["meld_tiles"][i, rel, j, : len(tiles)] = tiles
        if meld.called is not None:
            out["meld_called"][i, rel, j] = meld.called
        if meld.target is not None:
            out["meld_from"][i, rel, j] = (meld.target - seat) % players
        for tile in tiles:
            visible[tile] += 1


def analyse(out: Mapping[str, np.ndarray], melds: np.ndarray, players: int) -> None:
    """Shanten and live acceptance: of each 13-tile hand, and of each 14-tile hand after
    each discard, in one batch call of the kernels. ``out`` holds every array of the
    encoding, the analysis ones zero and ``furiten`` the seat's own flags (filled here);
    ``melds`` each row's meld count. Shared with the vectorised game's encoder
    (:func:`riichi_lut.game.vector.observe.encode_rows`)."""
    hands = out["hand"]
    sizes = hands.sum(axis=1, dtype=np.int64)
    waiting = np.flatnonzero(sizes % 3 == 1)
    valid = (hands > 0) & (sizes % 3 == 2)[:, None]
    out["discard_valid"][:] = valid
    table, kind = np.nonzero(valid)
    rows = np.concatenate([hands[waiting], hands[table]])
    seen = np.concatenate([out["visible"][waiting], out["visible"][table]])
    calls = np.concatenate([melds[waiting], melds[table]])
    after = np.arange(len(waiting), len(rows))
    rows[after, kind] -= 1
    seen[after, kind] += 1  # the discarded tile is gone
    discard_shanten = out["discard_shanten"]
    discard_shanten.fill(NO_SHANTEN)
    if len(rows) == 0:
        return
    result = ukeire_batch(rows, calls, seen, threads=1, players=players)
    n = len(waiting)
    out["shanten"][waiting] = result.shanten[:n]
    out["accept_kinds"][waiting] = result.accepted[:n]
    out["accept"][waiting] = result.total[:n]
    discard_shanten[table, kind] = result.shanten[n:]
    out["discard_accept_kinds"][table, kind] = result.accepted[n:]
    out["discard_accept"][table, kind] = result.total[n:]
    deciding = np.flatnonzero(sizes % 3 == 2)
    # a 14-tile hand is complete when a discard leaves it waiting on that very tile
    back = np.diagonal(out["discard_accept_kinds"][deciding], axis1=1, axis2=2)
    complete = ((discard_shanten[deciding] == 0) & back).any(axis=1)
    out["shanten"][deciding] = np.where(complete, -1, discard_shanten[deciding].min(axis=1))
    _furiten(out, waiting)


def _kind_counts(codes: np.ndarray) -> np.ndarray:
    """(N, 34) counts of the kinds of (N, M) tile codes (-1: none)."""
    kinds = _KIND[codes.reshape(len(codes), -1)]  # -1 (none) takes _KIND[-1], 34: dropped below
    counts = np.zeros((len(codes), NUM_KINDS + 1), dtype=np.int16)
    np.add.at(counts, (np.arange(len(codes))[:, None], kinds), 1)
    return counts[:, :NUM_KINDS]


def _furiten(out: Mapping[str, np.ndarray], waiting: np.ndarray) -> None:
    """Furiten of each 13-tile hand: the seat's flags (set by :func:`_fill`: a winning
    tile passed, after riichi) or a wait (an accepted kind at tenpai) among its own
    discards, called ones included. (A kind the hand and its melds hold four of, which is
    no wait, cannot be among its discards too.)"""
    furiten = out["furiten"]
    others = np.ones(len(furiten), dtype=bool)
    others[waiting] = False
    furiten[others] = False
    if len(waiting) == 0:
        return
    waits = out["accept_kinds"][waiting] & (out["shanten"][waiting] == 0)[:, None]
    discarded = _kind_counts(out["river_tile"][waiting, 0]) > 0
    furiten[waiting] |= (waits & discarded).any(axis=1)
