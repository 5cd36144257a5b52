"""One seat at the table: its concealed tiles, its melds, its river, its riichi and its
furiten, and what follows from the tiles (the waits of a 13-tile hand, tenpai, the hand
as the scorer reads it).

Tiles are tile codes (0-33 kinds, 34-36 red fives). ``hand`` counts codes, so a red five
and a plain five are told apart; :meth:`SeatState.kinds` folds them into the 34 kinds
the shape analysis reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.acceptance import NECESSARY, analyse
from ..analysis.shanten import shanten_value
from ..core.calls import Call, CallType
from ..core.hand import Hand
from ..core.tiles import NUM_CODES, NUM_KINDS, RED_FIVE_KINDS, TERMINALS_AND_HONORS, kind_of
from .record import ADDED_KAN, CHI, CLOSED_KAN, OPEN_KAN, PON

__all__ = ["KAN_TYPES", "Meld", "RiverTile", "SeatState", "kinds_of", "waits_of"]

KAN_TYPES = (OPEN_KAN, CLOSED_KAN, ADDED_KAN)
_CALL_TYPE = {
    CHI: CallType.CHI,
    PON: CallType.PON,
    OPEN_KAN: CallType.OPEN_KAN,
    CLOSED_KAN: CallType.CLOSED_KAN,
    ADDED_KAN: CallType.ADDED_KAN,
}
_TERMINAL_OR_HONOR = frozenset(TERMINALS_AND_HONORS)


def kinds_of(codes: list[int]) -> list[int]:
    """34 kind counts of 37 code counts (a red five counts as its kind)."""
    out = codes[:NUM_KINDS]
    for red, kind in zip(range(NUM_KINDS, NUM_CODES), RED_FIVE_KINDS, strict=True):
        out[kind] += codes[red]
    return out


def waits_of(kinds: list[int], melds: int, called: list[int], players: int = 4) -> int:
    """The waits of a 13-tile hand (concealed ``kinds``, ``melds`` calls holding ``called``):
    the kinds whose draw completes it, less those of which the hand and its calls hold all
    four. The same as the exact capped analysis (``analyse`` with ``called``): a drawn
    tile completes the hand exactly when the hand with it decomposes, and the calls' copies
    cap only the drawn kind (every other count is already a physical tile), so the plain
    analysis filtered by that cap gives its waits at a table look-up's cost
    (``tests/game/test_vector.py`` compares the two)."""
    if shanten_value(kinds, melds, players) != 0:
        return 0
    analysis = analyse(kinds, melds, NECESSARY, None, players)
    if analysis.shanten != 0:
        return 0
    mask = int(analysis.mask)
    for kind in range(NUM_KINDS):
        if mask >> kind & 1 and kinds[kind] + called[kind] >= 4:
            mask &= ~(1 << kind)
    return mask


@dataclass(frozen=True)
class Meld:
    """A called meld: ``type`` (chi, pon, open kan, closed kan, added kan), its ``tiles``
    (codes, the called or added tile included), the ``called`` tile (``None`` for a closed
    kan) and the seat it was called from (``target``, ``None`` for a closed kan)."""

    type: str
    tiles: tuple[int, ...]
    called: int | None = None
    target: int | None = None

    @property
    def kind(self) -> int:
        """The lowest tile kind of the meld."""
        return min(kind_of(t) for t in self.tiles)

    @property
    def is_kan(self) -> bool:
        return self.type in KAN_TYPES

    def to_call(self) -> Call:
        """The meld as the scorer's :class:`~riichi_lut.core.calls.Call`."""
        return Call(_CALL_TYPE[self.type], self.tiles)


@dataclass
class RiverTile:
    """A discard: the tile, whether it was the tile just drawn (tsumogiri), whether it
    declared riichi, and the seat that called it (``None`` while it lies in the river)."""

    tile: int
    tsumogiri: bool
    riichi: bool = False
    called_by: int | None = None


@dataclass
class SeatState:
    """What one seat holds and has done in the current hand (``docs/game.md``)."""

    hand: list[int] = field(default_factory=lambda: [0] * NUM_CODES)
    melds: list[Meld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    kita: int = 0
    drawn: int | None = None  # the tile just drawn, while it is in the hand
    riichi: bool = False  # a riichi whose declaration discard passed
    double_riichi: bool = False
    declaring: bool = False  # declared riichi, the declaration discard still to make or pass
    riichi_discard: int | None = None  # index in the river of the declaration discard
    ippatsu: bool = False
    furiten_turn: bool = False  # missed a winning tile since its own last discard
    furiten_riichi: bool = False  # missed a winning tile after its riichi: for the hand
    forbidden: frozenset[int] = frozenset()  # kinds kuikae forbids at this discard
    _waits: int | None = None  # waits of the 13-tile hand (bits of kinds), cached

    # ---------------------------------------------------------------- tiles
    def kinds(self) -> list[int]:
        """34 kind counts of the concealed tiles."""
        return kinds_of(self.hand)

    def called_kinds(self) -> list[int]:
        """34 kind counts of the tiles in melds."""
        out = [0] * NUM_KINDS
        for meld in self.melds:
            for tile in meld.tiles:
                out[kind_of(tile)] += 1
        return out

    @property
    def concealed_count(self) -> int:
        return sum(self.hand)

    @property
    def is_closed(self) -> bool:
        """No open meld (a closed kan keeps the hand closed)."""
        return all(m.type == CLOSED_KAN for m in self.melds)

    def add(self, tile: int) -> None:
        self.hand[tile] += 1
        self._waits = None

    def remove(self, tile: int) -> None:
        if self.hand[tile] <= 0:
            raise ValueError(f"tile {tile} not held")
        self.hand[tile] -= 1
        self._waits = None

    def codes(self) -> list[int]:
        """The concealed tiles as codes, sorted."""
        return [code for code in range(NUM_CODES) for _ in range(self.hand[code])]

    def to_hand(self, extra: int | None = None) -> Hand:
        """The hand for the scorer, with ``extra`` (a tile won by ron) added."""
        counts = self.hand.copy()
        if extra is not None:
            counts[extra] += 1
        red = (counts[34], counts[35], counts[36])
        return Hand(kinds_of(counts), red, tuple(m.to_call() for m in self.melds))

    # ---------------------------------------------------------------- shape
    def shanten(self, players: int = 4) -> int:
        """Shanten of the concealed tiles with the melds."""
        return shanten_value(self.kinds(), len(self.melds), players)

    def completes(self, tile: int, players: int = 4) -> bool:
        """``tile`` completes the 13-tile hand (a win's shape, yaku or not): the fast test
        before :meth:`waits`."""
        kinds = self.kinds()
        kinds[kind_of(tile)] += 1
        return shanten_value(kinds, len(self.melds), players) == -1

    def waits(self, players: int = 4) -> int:
        """The kinds that complete the 13-tile hand (a bit per kind; 0 when not tenpai):
        kinds of which the hand and its melds already hold four are not waits."""
        if self._waits is None:
            self._waits = waits_of(self.kinds(), len(self.melds), self.called_kinds(), players)
        return self._waits

    def waits_after(self, tile: int, players: int = 4) -> int:
        """The waits once ``tile`` is discarded from the 14-tile hand."""
        saved = self._waits
        self.hand[tile] -= 1
        self._waits = None
        try:
            return self.waits(players)
        finally:
            self.hand[tile] += 1
            self._waits = saved

    def furiten_by_river(self, players: int = 4) -> bool:
        """A wait among the seat's own discards (called ones included); a hand that is not
        tenpai has no waits."""
        waits = self.waits(players)
        return any(waits >> kind_of(r.tile) & 1 for r in self.river)

    def is_furiten(self, players: int = 4) -> bool:
        """Furiten of any kind: own discards, the same go-around, or after riichi."""
        return self.furiten_turn or self.furiten_riichi or self.furiten_by_river(players)

    @property
    def nagashi(self) -> bool:
        """Every discard a terminal or honour and none called (nagashi mangan's shape)."""
        return bool(self.river) and all(
            kind_of(r.tile) in _TERMINAL_OR_HONOR and r.called_by is None for r in self.river
        )
