"""``GameRecord``: one game as a log tells it, the same for every format.

A record holds what was *done* (the deals, every draw, discard, call, riichi, kan dora and
win declaration, in order: :class:`Event`) apart from what the log says *came of it* (each
round's :class:`WinResult` and :class:`DrawResult`, the final scores and points). The
replay (:mod:`riichi_lut.game.replay`) plays the events through the rules and computes the
results itself; it reads the recorded results only to compare.

Tiles are tile codes: kinds 0-33 (``1m`` … ``7z``) and 34-36 for the red fives (``0m``,
``0p``, ``0s``), as everywhere in the package. Seats are absolute, 0-3, seat 0 the first
dealer (Tenhou's ``n0``). A round's ``number`` counts hands by wind: 0-3 are East 1-4,
4-7 South 1-4, 8-11 West 1-4.

>>> e = Event(DISCARD, seat=2, tile=34, tsumogiri=False)
>>> e.type, e.seat, e.tile
('discard', 2, 34)
>>> round_name(5, 2)
'S2-2'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import GameRules

__all__ = [
    "ADDED_KAN",
    "CALL_TYPES",
    "CHI",
    "CLOSED_KAN",
    "DISCARD",
    "DORA",
    "DRAW",
    "DRAW_KINDS",
    "EVENT_TYPES",
    "KITA",
    "NINE_TERMINALS",
    "OPEN_KAN",
    "PON",
    "RIICHI",
    "RIICHI_ACCEPTED",
    "RON",
    "TSUMO",
    "DrawResult",
    "Event",
    "GameRecord",
    "RoundRecord",
    "WinResult",
    "round_name",
]

# ---------------------------------------------------------------- event types
DRAW = "draw"  #: seat draws ``tile`` (from the live wall, or a replacement after a kan or kita)
DISCARD = "discard"  #: seat discards ``tile``; ``tsumogiri``: it was the tile just drawn (None: unknown)
RIICHI = "riichi"  #: seat declares riichi; its next event is the declaration discard
RIICHI_ACCEPTED = "riichi_accepted"  #: the declaration discard passed: the stick is on the table
CHI = "chi"  #: seat calls ``tile`` from ``target`` with ``consumed`` (2 tiles of its hand)
PON = "pon"  #: as chi, ``consumed`` two tiles
OPEN_KAN = "open_kan"  #: daiminkan: ``tile`` from ``target``, ``consumed`` three tiles
ADDED_KAN = "added_kan"  #: shouminkan: ``tile`` added to the pon ``consumed`` (its three tiles)
CLOSED_KAN = "closed_kan"  #: ankan: ``consumed`` the four tiles (``tile`` one of them)
KITA = "kita"  #: three players: seat sets a North (``tile`` 30) aside
DORA = "dora"  #: a new kan dora indicator ``tile`` is turned (as the log records it)
TSUMO = "tsumo"  #: seat wins on its own draw ``tile``
RON = "ron"  #: seat wins on ``tile`` discarded (or added to a kan) by ``target``
NINE_TERMINALS = "nine_terminals"  #: seat declares the abortive draw kyuushu kyuuhai

CALL_TYPES = (CHI, PON, OPEN_KAN, ADDED_KAN, CLOSED_KAN)
EVENT_TYPES = (
    DRAW,
    DISCARD,
    RIICHI,
    RIICHI_ACCEPTED,
    *CALL_TYPES,
    KITA,
    DORA,
    TSUMO,
    RON,
    NINE_TERMINALS,
)

#: How a round ends without a win: the exhaustive draw (ryuukyoku), nagashi mangan at it,
#: and the abortive draws (nine terminals, four winds, four riichi, four kans, three rons).
DRAW_KINDS = (
    "exhaustive",
    "nagashi_mangan",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "four_kans",
    "three_ron",
)

_WINDS = "ESWN"


def round_name(number: int, honba: int = 0) -> str:
    """``"E1-0"``: the round's wind and hand number, then the honba."""
    return f"{_WINDS[number // 4 % 4]}{number % 4 + 1}-{honba}"


@dataclass(frozen=True)
class Event:
    """One thing done at the table. ``type`` is one of :data:`EVENT_TYPES`; the other fields
    are set where the type has them (the constants above say which), else ``None``/``()``."""

    type: str
    seat: int | None = None
    tile: int | None = None
    target: int | None = None
    consumed: tuple[int, ...] = ()
    tsumogiri: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        """The fields that are set, for JSON and for error messages."""
        out: dict[str, Any] = {"type": self.type}
        for name in ("seat", "tile", "target", "tsumogiri"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.consumed:
            out["consumed"] = list(self.consumed)
        return out


@dataclass(frozen=True)
class WinResult:
    """A win as the log records it (each field ``None`` where the format does not carry
    it). ``deltas`` are each seat's score changes from this win (honba and riichi sticks
    included); ``yaku`` pairs each yaku's id in :mod:`riichi_lut.riichi.yaku` with its han
    (13 per yakuman, 26 for a double), dora counted apart in ``dora``, ``ura``, ``aka`` and
    ``kita`` (three players' North set aside)."""

    seat: int
    from_seat: int
    pao: int | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    limit: str | None = None
    yaku: tuple[tuple[str, int], ...] | None = None
    dora: int | None = None
    ura: int | None = None
    aka: int | None = None
    kita: int | None = None
    tile: int | None = None
    hand: tuple[int, ...] | None = None
    ura_indicators: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None

    @property
    def tsumo(self) -> bool:
        """Won on the winner's own draw."""
        return self.seat == self.from_seat


@dataclass(frozen=True)
class DrawResult:
    """A round that ended without a win: ``kind`` is one of :data:`DRAW_KINDS`; ``deltas``
    the score changes (tenpai payments, nagashi mangan), ``tenpai`` the seats the log
    shows as tenpai (an exhaustive draw) or the claimants (three rons), each ``None`` where
    the format does not carry it."""

    kind: str
    deltas: tuple[int, ...] | None = None
    tenpai: tuple[int, ...] | None = None


@dataclass(frozen=True)
class RoundRecord:
    """One hand: how it started, what was done, and what the log says came of it.

    ``number`` is 0 for East 1 … 7 for South 4, 8+ for West; ``scores`` each seat's
    points at the start; ``hands`` the 13 dealt tiles of each seat; ``dora_indicator``
    the first indicator. ``results`` are the wins (two for a double ron) or the one draw.
    ``later_indicators`` are the kan dora indicators of a log that lists them without
    saying when they were turned (tenhou.net/6), ``None`` where the log records them as
    :data:`DORA` events; ``ura_indicators`` the ura indicators the log lists for the round
    (tenhou.net/6; mjlog and mjai give them with each win). ``dice`` and ``wall`` (the
    tiles as 136-ids in the order of :mod:`riichi_lut.game.wall`) are set for a played game
    or when the reader knows them, else ``None``."""

    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    dora_indicator: int
    events: tuple[Event, ...]
    results: tuple[WinResult | DrawResult, ...] = ()
    later_indicators: tuple[int, ...] | None = None
    ura_indicators: tuple[int, ...] | None = None
    dice: tuple[int, int] | None = None
    wall: tuple[int, ...] | None = None

    @property
    def name(self) -> str:
        """``"E1-0"``."""
        return round_name(self.number, self.honba)


@dataclass(frozen=True)
class GameRecord:
    """A whole game, read from a log (:func:`riichi_lut.game.read_log`) or played
    (:func:`riichi_lut.game.play_one`).

    ``players`` 4 or 3; ``names`` one per seat; ``rules`` the game's rules (from the log's
    lobby where it says, else Tenhou's); ``rounds`` in order; ``final_scores`` and
    ``final_points`` as the log records them at the end (``None`` when it does not, e.g. a
    log cut short); ``seed`` Tenhou's ``SHUFFLE`` seed text when the log carries it;
    ``source`` names where it was read (a file name, or ``"<text>"``) and ``format`` the
    format (``"mjlog"``, ``"tenhou6"``, ``"mjai"``, ``"played"``); ``meta`` what else the
    log says (lobby, dan, rate, title), kept for writing it back."""

    players: int
    names: tuple[str, ...]
    rules: GameRules
    rounds: tuple[RoundRecord, ...]
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    seed: str | None = None
    source: str = "<text>"
    format: str = "played"
    meta: dict[str, Any] = field(default_factory=dict, compare=False)
