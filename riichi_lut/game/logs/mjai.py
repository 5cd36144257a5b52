"""mjai JSONL (one JSON object a line, the protocol of gimite/mjai and Mortal's libriichi),
read into a :class:`~riichi_lut.game.record.GameRecord` and written back.

Every event: ``start_game`` (``names``; ``seed``, ``id`` and ``uri`` kept in ``meta``),
``start_kyoku`` (``bakaze`` and ``kyoku`` give the round number, ``wind * 4 + kyoku - 1``),
``tsumo``, ``dahai``, ``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``nukidora``
(three players' kita; ``kita`` is read too), ``dora``, ``reach``, ``reach_accepted``,
``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``; ``none`` lines (a bot's reply) are
skipped. Every hand is tracked while reading, so a discard or call of a tile the seat does
not hold, a call on a tile nobody discarded, an event out of place, an unknown type or
tile, a line that is not JSON, a missing field and a log cut short are each a
:class:`~riichi_lut.errors.LogFormatError` naming the source, the round and the line.
A viewer's log (other players' tiles shown as ``?``) cannot be replayed and is refused.

What is read from what (gimite/mjai's names where Mortal's stream has none):

- ``hora``: a :data:`~riichi_lut.game.record.TSUMO` or ``RON`` event on the tile the
  stream gives (the winner's draw; the discard or the added kan's tile it robs), and a
  :class:`~riichi_lut.game.record.WinResult` with what the line carries: ``deltas``,
  ``ura_markers`` (or gimite's ``uradora_markers``), ``pai``, ``hora_tehais`` (the hand
  without the winning tile; the record's ``hand`` is it plus that tile), ``yakus``
  (:data:`MJAI_YAKU`; ``dora``, ``uradora``, ``akadora`` apart; a yakuman's 100 fan is 13
  han; gimite's one ``sangenpai`` row is split by the dragons the winner holds), ``fu``,
  ``fan``, ``hora_points``. A double ron is two ``hora`` lines.
- ``ryukyoku``: a :class:`~riichi_lut.game.record.DrawResult` of the kind its ``reason``
  names (:data:`RYUKYOKU_REASONS`), ``deltas`` and ``tenpais`` (the seats marked true).
  Mortal writes no reason: an abortive draw is then told from the stream (a draw after the
  fourth accepted riichi is four riichi, one right after a tsumo nine terminals, one after
  a discard with four kans made four kans, after four first discards of one wind four
  winds, else the exhaustive draw; nagashi mangan cannot be told and reads exhaustive).
  Nine terminals adds a ``NINE_TERMINALS`` event by ``actor`` (else the seat that drew
  last); three rons (``sanchaho``) add the claimants' ``RON`` events (``tenpais`` marks
  them), as the mjlog reader does.

Writing: :mod:`riichi_lut.game.logs.mjai_write` (:func:`write_mjai`, re-exported here).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.notations import parse_mjai, to_mjai
from ...core.tiles import DRAGON_KINDS, WIND_KINDS, kind_of
from ...errors import LogFormatError, TileParseError
from ..record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    KITA,
    NINE_TERMINALS,
    OPEN_KAN,
    PON,
    RIICHI,
    RIICHI_ACCEPTED,
    RON,
    TSUMO,
    DrawResult,
    Event,
    GameRecord,
    RoundRecord,
    WinResult,
    round_name,
)
from ..rules import TENHOU_GAME, TENHOU_SANMA_GAME
from .mjai_names import (
    MJAI_YAKU,
    NORTH,
    RYUKYOKU_REASONS,
    START_GAME_META,
    WINDS,
    han_of_fan,
    read_yakus,
)
from .mjai_write import write_mjai

__all__ = ["MJAI_YAKU", "RYUKYOKU_REASONS", "read_mjai", "write_mjai"]

_CALL_NAMES = {CHI: "chi", PON: "pon", OPEN_KAN: "daiminkan"}
_CONSUMED = {"chi": 2, "pon": 2, "daiminkan": 3}
_KAN_TYPES = (OPEN_KAN, ADDED_KAN, CLOSED_KAN)


# ==================================================================== reading
class _Hand:
    """The round being read, with every seat's concealed tiles and calls."""

    def __init__(self, number: int, honba: int) -> None:
        self.number = number
        self.honba = honba
        self.start: dict[str, Any] = {}
        self.events: list[Event] = []
        self.results: list[WinResult | DrawResult] = []
        self.held: list[list[int]] = []
        self.pons: list[list[int]] = []  # kinds each seat has ponned (for kakan)
        self.kans: list[int] = []
        self.melds: list[int] = []  # calls that set three tiles aside (chi, pon, kans; not kakan)
        self.riichi: list[str] = []  # "", "declared" or "accepted"
        self.drawn: int | None = None  # the seat that drew last, until a discard or call
        self.discard: tuple[int, int] | None = None  # (seat, tile) open to calls and ron
        self.kakan: tuple[int, int] | None = None  # (seat, tile) open to chankan


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.line_no = 0
        self.line = ""
        self.names: tuple[str, ...] | None = None
        self.players: int | None = None
        self.meta: dict[str, Any] = {}
        self.rounds: list[RoundRecord] = []
        self.hand: _Hand | None = None
        self.final: tuple[int, ...] | None = None
        self.started = False
        self.ended = False

    # ---------------------------------------------------------------- errors and fields
    def error(self, reason: str) -> LogFormatError:
        where = round_name(self.hand.number, self.hand.honba) if self.hand is not None else None
        text = self.line if len(self.line) <= 80 else self.line[:77] + "..."
        return LogFormatError(reason, source=self.source, round=where, event=f"line {self.line_no} ({text})")

    def field(self, obj: dict[str, Any], name: str) -> Any:
        if name not in obj:
            raise self.error(f"the {obj['type']!r} line has no {name!r} field")
        return obj[name]

    def integer(self, obj: dict[str, Any], name: str, low: int = 0, high: int | None = None) -> int:
        value = self.field(obj, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"{name} is {value!r}, not a whole number")
        if value < low or (high is not None and value > high):
            raise self.error(f"{name} {value} is outside {low}..{'' if high is None else high}")
        return value

    def seat(self, obj: dict[str, Any], name: str = "actor") -> int:
        return self.integer(obj, name, 0, (self.players or 4) - 1)

    def ints(self, obj: dict[str, Any], name: str) -> tuple[int, ...]:
        values = self.field(obj, name)
        count = self.players or 4
        if not isinstance(values, list) or len(values) != count:
            raise self.error(f"{name} is not a list of {count} numbers")
        if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
            raise self.error(f"{name} {values!r} holds something other than whole numbers")
        return tuple(values)

    def tile(self, value: object, what: str) -> int:
        if value == "?":
            raise self.error(
                f"{what} is '?': the log hides other players' tiles (one player's view), "
                "so it cannot be replayed"
            )
        try:
            return parse_mjai(value)  # type: ignore[arg-type]
        except TileParseError:
            raise self.error(f"{what} {value!r} is not an mjai tile name") from None

    def tiles(self, obj: dict[str, Any], name: str, count: int | None = None) -> list[int]:
        values = self.field(obj, name)
        if not isinstance(values, list) or (count is not None and len(values) != count):
            raise self.error(f"{name} is not a list of {count if count is not None else 'the'} tiles")
        return [self.tile(v, name) for v in values]

    # ---------------------------------------------------------------- the hand being read
    def current(self, obj: dict[str, Any]) -> _Hand:
        h = self.hand
        if h is None:
            raise self.error(f"a {obj['type']!r} line outside a hand (before start_kyoku or after end_kyoku)")
        if h.results and obj["type"] not in ("hora", "end_kyoku"):
            raise self.error(f"a {obj['type']!r} line after the hand's result")
        return h

    def take(self, h: _Hand, seat: int, tile: int) -> None:
        if tile not in h.held[seat]:
            raise self.error(f"seat {seat} does not hold {to_mjai(tile)}")
        h.held[seat].remove(tile)

    def check_size(self, h: _Hand, seat: int, size: int) -> None:
        """Seat ``seat`` holds ``size`` tiles counting each call as three: 13 between turns,
        14 in its turn. Otherwise a line is missing or out of place."""
        held = len(h.held[seat]) + 3 * h.melds[seat]
        if held != size:
            raise self.error(
                f"seat {seat} holds {held} tiles (calls counted as three) where {size} are held here: "
                "a line is missing or out of place"
            )

    def add(self, h: _Hand, event: Event) -> None:
        h.events.append(event)

    # ---------------------------------------------------------------- the game
    def on_start_game(self, obj: dict[str, Any]) -> None:
        names = obj.get("names")
        if names is not None:
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise self.error("names is not a list of names")
            self.names = tuple(names)
        self.meta.update({k: obj[k] for k in START_GAME_META if k in obj})

    def on_start_kyoku(self, obj: dict[str, Any]) -> None:
        if self.hand is not None:
            raise self.error("start_kyoku before the previous hand's end_kyoku")
        tehais = self.field(obj, "tehais")
        if not isinstance(tehais, list) or len(tehais) not in (3, 4):
            raise self.error("tehais is not a list of 3 or 4 hands")
        if self.players is None:
            self.players = len(tehais)
            if self.names is not None and len(self.names) not in (self.players, 4):
                raise self.error(f"{len(self.names)} names for {self.players} players")
        bakaze = self.field(obj, "bakaze")
        if bakaze not in WINDS:
            raise self.error(f"bakaze {bakaze!r} is not one of E S W N")
        kyoku = self.integer(obj, "kyoku", 1, self.players)
        number = WINDS.index(bakaze) * 4 + kyoku - 1
        self.hand = h = _Hand(number, self.integer(obj, "honba"))
        hands = [self.tiles({"type": "start_kyoku", "tehais": t}, "tehais", 13) for t in tehais]
        if len(hands) != self.players:
            raise self.error(f"{len(hands)} hands in a {self.players}-player game")
        h.start = {
            "sticks": self.integer(obj, "kyotaku"),
            "dealer": self.seat(obj, "oya"),
            "scores": self.ints(obj, "scores"),
            "hands": tuple(tuple(t) for t in hands),
            "dora": self.tile(self.field(obj, "dora_marker"), "dora_marker"),
        }
        h.held = [list(t) for t in hands]
        h.pons = [[] for _ in hands]
        h.kans = [0] * len(hands)
        h.melds = [0] * len(hands)
        h.riichi = [""] * len(hands)

    def on_end_kyoku(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        if not h.results:
            raise self.error("end_kyoku before the hand's hora or ryukyoku")
        s = h.start
        self.rounds.append(
            RoundRecord(
                number=h.number,
                honba=h.honba,
                sticks=s["sticks"],
                dealer=s["dealer"],
                scores=s["scores"],
                hands=s["hands"],
                dora_indicator=s["dora"],
                events=tuple(h.events),
                results=tuple(h.results),
            )
        )
        self.hand = None

    def on_end_game(self, obj: dict[str, Any]) -> None:
        if self.hand is not None:
            raise self.error("end_game inside a hand (no end_kyoku)")
        if "scores" in obj:
            self.final = self.ints(obj, "scores")
        self.ended = True

    # ---------------------------------------------------------------- draws and discards
    def on_tsumo(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        tile = self.tile(self.field(obj, "pai"), "pai")
        self.check_size(h, seat, 13)
        h.held[seat].append(tile)
        h.drawn, h.discard, h.kakan = seat, None, None
        self.add(h, Event(DRAW, seat=seat, tile=tile))

    def on_dahai(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        tile = self.tile(self.field(obj, "pai"), "pai")
        tsumogiri = obj.get("tsumogiri")
        if tsumogiri is not None and not isinstance(tsumogiri, bool):
            raise self.error(f"tsumogiri is {tsumogiri!r}, not true or false")
        self.check_size(h, seat, 14)
        self.take(h, seat, tile)
        h.drawn, h.discard, h.kakan = None, (seat, tile), None
        self.add(h, Event(DISCARD, seat=seat, tile=tile, tsumogiri=tsumogiri))

    # ---------------------------------------------------------------- calls
    def on_call(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        kind_name = obj["type"]
        seat, target = self.seat(obj), self.seat(obj, "target")
        tile = self.tile(self.field(obj, "pai"), "pai")
        consumed = self.tiles(obj, "consumed", _CONSUMED[kind_name])
        if h.discard != (target, tile):
            raise self.error(
                f"{kind_name} of {to_mjai(tile)} from seat {target}, which did not just discard it"
            )
        if target == seat or (kind_name == "chi" and target != (seat - 1) % len(h.held)):
            raise self.error(f"{kind_name} by seat {seat} from seat {target}")
        self.check_size(h, seat, 13)
        for t in consumed:
            self.take(h, seat, t)
        h.melds[seat] += 1
        if kind_name == "pon":
            h.pons[seat].append(kind_of(tile))
        elif kind_name == "daiminkan":
            h.kans[seat] += 1
        h.drawn, h.discard, h.kakan = None, None, None
        event_type = {"chi": CHI, "pon": PON, "daiminkan": OPEN_KAN}[kind_name]
        self.add(h, Event(event_type, seat=seat, tile=tile, target=target, consumed=tuple(consumed)))

    def on_kakan(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        tile = self.tile(self.field(obj, "pai"), "pai")
        consumed = self.tiles(obj, "consumed", 3)
        if kind_of(tile) not in h.pons[seat] or any(kind_of(t) != kind_of(tile) for t in consumed):
            raise self.error(f"kakan of {to_mjai(tile)} by seat {seat}, who has no pon of it")
        self.check_size(h, seat, 14)
        self.take(h, seat, tile)
        h.pons[seat].remove(kind_of(tile))
        h.kans[seat] += 1
        h.drawn, h.discard, h.kakan = None, None, (seat, tile)
        self.add(h, Event(ADDED_KAN, seat=seat, tile=tile, consumed=tuple(consumed)))

    def on_ankan(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        consumed = self.tiles(obj, "consumed", 4)
        if len({kind_of(t) for t in consumed}) != 1:
            raise self.error("ankan of four tiles that are not one kind")
        self.check_size(h, seat, 14)
        for t in consumed:
            self.take(h, seat, t)
        h.melds[seat] += 1
        h.kans[seat] += 1
        h.drawn, h.discard, h.kakan = None, None, None
        self.add(h, Event(CLOSED_KAN, seat=seat, tile=kind_of(consumed[0]), consumed=tuple(consumed)))

    def on_nukidora(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        if self.tile(obj.get("pai", "N"), "pai") != NORTH:
            raise self.error("nukidora of a tile other than N")
        self.check_size(h, seat, 14)
        self.take(h, seat, NORTH)
        h.drawn, h.discard, h.kakan = None, None, None
        self.add(h, Event(KITA, seat=seat, tile=NORTH))

    def on_dora(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        self.add(h, Event(DORA, tile=self.tile(self.field(obj, "dora_marker"), "dora_marker")))

    def on_reach(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        seat = self.seat(obj)
        accepted = obj["type"] == "reach_accepted"
        if h.riichi[seat] != ("declared" if accepted else ""):
            state = h.riichi[seat] or "not declared"
            raise self.error(f"{obj['type']} by seat {seat}, whose riichi is {state}")
        h.riichi[seat] = "accepted" if accepted else "declared"
        self.add(h, Event(RIICHI_ACCEPTED if accepted else RIICHI, seat=seat))

    # ---------------------------------------------------------------- results
    def on_hora(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        if h.results and not isinstance(h.results[-1], WinResult):
            raise self.error("a hora after the hand's ryukyoku")
        seat, target = self.seat(obj), self.seat(obj, "target")
        if seat == target:
            if h.drawn != seat:
                raise self.error(f"a tsumo win by seat {seat}, who did not just draw")
            tile = h.held[seat][-1]
            concealed = list(h.held[seat])
            concealed.remove(tile)
            self.add(h, Event(TSUMO, seat=seat, tile=tile))
        else:
            robbed = h.kakan if h.kakan is not None else h.discard
            if robbed is None or robbed[0] != target:
                raise self.error(f"a ron on seat {target}, which did not just discard or add a kan")
            self.check_size(h, seat, 13)
            tile, concealed = robbed[1], list(h.held[seat])
            self.add(h, Event(RON, seat=seat, tile=tile, target=target))
        if "pai" in obj and self.tile(obj["pai"], "pai") != tile:
            raise self.error(f"pai {obj['pai']!r} is not the winning tile {to_mjai(tile)}")
        hand = None
        if "hora_tehais" in obj:
            shown = self.tiles(obj, "hora_tehais")
            if Counter(shown) != Counter(concealed):
                raise self.error(f"hora_tehais are not the tiles seat {seat} holds")
            hand = (*shown, tile)
        yaku, dora = self.yakus(obj, h, seat, concealed + [tile]) if "yakus" in obj else (None, None)
        ura_name = "ura_markers" if "ura_markers" in obj else "uradora_markers"
        fan = self.integer(obj, "fan") if "fan" in obj else None
        h.results.append(
            WinResult(
                seat=seat,
                from_seat=target,
                han=None if fan is None else han_of_fan(fan),
                fu=self.integer(obj, "fu") if "fu" in obj else None,
                points=self.integer(obj, "hora_points") if "hora_points" in obj else None,
                yaku=yaku,
                dora=None if dora is None else dora[0],
                ura=None if dora is None else dora[1],
                aka=None if dora is None else dora[2],
                tile=tile if "pai" in obj else None,
                hand=hand,
                ura_indicators=tuple(self.tiles(obj, ura_name)) if ura_name in obj else None,
                deltas=self.ints(obj, "deltas") if "deltas" in obj else None,
            )
        )

    def yakus(
        self, obj: dict[str, Any], h: _Hand, seat: int, concealed: list[int]
    ) -> tuple[tuple[tuple[str, int], ...], tuple[int, int, int]]:
        kinds = Counter(kind_of(t) for t in concealed)  # the winner's sets, for sangenpai
        for k in h.pons[seat]:
            kinds[k] += 3
        for e in h.events:
            if e.seat == seat and e.type in _KAN_TYPES and e.tile is not None:
                kinds[kind_of(e.tile)] += 3
        try:
            return read_yakus(obj["yakus"], [k for k in DRAGON_KINDS if kinds[k] >= 3])
        except ValueError as error:
            raise self.error(f"seat {seat}'s {error}") from None

    def on_ryukyoku(self, obj: dict[str, Any]) -> None:
        h = self.current(obj)
        if h.results:
            raise self.error("a ryukyoku after the hand's result")
        reason = obj.get("reason")
        if reason is not None and reason not in RYUKYOKU_REASONS:
            raise self.error(f"unknown ryukyoku reason {reason!r}")
        kind = RYUKYOKU_REASONS[reason] if reason is not None else _told_kind(h)
        tenpai = None
        if "tenpais" in obj:
            flags = obj["tenpais"]
            if (
                not isinstance(flags, list)
                or len(flags) != len(h.held)
                or not all(isinstance(f, bool) for f in flags)
            ):
                raise self.error(f"tenpais is not a list of {len(h.held)} true/false")
            tenpai = tuple(s for s, f in enumerate(flags) if f)
        if kind == "nine_terminals":
            seat = self.seat(obj) if "actor" in obj else h.drawn
            if seat is None:
                raise self.error("nine terminals with no actor and no seat that just drew")
            self.add(h, Event(NINE_TERMINALS, seat=seat))
        if kind == "three_ron" and tenpai:
            if h.discard is None:
                raise self.error("three rons with no discard to win on")
            by, tile = h.discard
            for seat in sorted(tenpai, key=lambda s: (s - by) % len(h.held)):
                self.add(h, Event(RON, seat=seat, tile=tile, target=by))
        deltas = self.ints(obj, "deltas") if "deltas" in obj else None
        h.results.append(DrawResult(kind, deltas, tenpai))

    # ---------------------------------------------------------------- the whole log
    def check_order(self, kind: str) -> None:
        if self.ended:
            raise self.error(f"a {kind!r} line after end_game")
        if self.started == (kind == "start_game"):
            raise self.error("a second start_game" if self.started else f"a {kind!r} line before start_game")
        self.started = True

    def read(self, text: str) -> GameRecord:
        handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            "start_game": self.on_start_game,
            "start_kyoku": self.on_start_kyoku,
            "tsumo": self.on_tsumo,
            "dahai": self.on_dahai,
            "chi": self.on_call,
            "pon": self.on_call,
            "daiminkan": self.on_call,
            "kakan": self.on_kakan,
            "ankan": self.on_ankan,
            "nukidora": self.on_nukidora,
            "kita": self.on_nukidora,
            "dora": self.on_dora,
            "reach": self.on_reach,
            "reach_accepted": self.on_reach,
            "hora": self.on_hora,
            "ryukyoku": self.on_ryukyoku,
            "end_kyoku": self.on_end_kyoku,
            "end_game": self.on_end_game,
        }
        for self.line_no, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
            self.line = line.strip()
            if not self.line:
                continue
            try:
                obj = json.loads(self.line)
            except json.JSONDecodeError as error:
                raise self.error(f"not a JSON object ({error.msg})") from None
            if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
                raise self.error("not an mjai event (a JSON object with a 'type')")
            kind = obj["type"]
            if kind == "none":
                continue
            if kind not in handlers:
                raise self.error(f"unknown mjai event type {kind!r}")
            self.check_order(kind)
            handlers[kind](obj)
        self.line_no, self.line = self.line_no + 1, "<end of the log>"
        if not self.started:
            raise self.error("no start_game: not an mjai log, or an empty one")
        if self.hand is not None:
            raise self.error("the log ends inside a hand (truncated: no end_kyoku)")
        if not self.ended:
            raise self.error("the log ends without end_game (truncated)")
        players = self.players or len(self.names or ()) or 4
        names = self.names[:players] if self.names else tuple(f"seat {i}" for i in range(players))
        rules = TENHOU_SANMA_GAME if players == 3 else TENHOU_GAME
        if _east_only(self.rounds, self.final):
            rules = rules.replace(length="tonpuu")
        return GameRecord(
            players=players,
            names=names,
            rules=rules,
            rounds=tuple(self.rounds),
            final_scores=self.final,
            source=self.source,
            format="mjai",
            meta=self.meta,
        )


def _east_only(rounds: list[RoundRecord], final: tuple[int, ...] | None) -> bool:
    """mjai does not say how long the game is: one that ended in the East wind with nobody
    below zero was an East-only game (tonpuu); anything else reads as a hanchan (a tonpuu
    that went into the South extension is read as a hanchan: docs/game.md)."""
    return bool(rounds) and final is not None and min(final) >= 0 and max(r.number for r in rounds) < 4


def _told_kind(h: _Hand) -> str:
    """The kind of a ``ryukyoku`` without a reason (Mortal's), from the hand's stream."""
    last = h.events[-1] if h.events else None
    if sum(e.type == RIICHI_ACCEPTED for e in h.events) == 4:
        return "four_riichi"
    if last is not None and last.type == DRAW:
        return "nine_terminals"
    discards = [e for e in h.events if e.type == DISCARD]
    if last is not None and last.type == DISCARD:
        if sum(h.kans) >= 4 and max(h.kans) < 4:
            return "four_kans"
        calls = any(e.type in (CHI, PON, *_KAN_TYPES) for e in h.events)
        winds = {d.tile for d in discards}
        if len(discards) == 4 == len(h.held) and not calls and len(winds) == 1 and winds <= set(WIND_KINDS):
            return "four_winds"
    return "exhaustive"


def read_mjai(text: str, source: str = "<text>") -> GameRecord:
    """The game of an mjai log's text (see the module docstring).

    >>> lines = [
    ...     '{"type":"start_game","names":["a","b","c","d"]}',
    ...     '{"type":"start_kyoku","bakaze":"S","kyoku":2,"honba":1,"kyotaku":0,"oya":1,'
    ...     '"scores":[25000,25000,25000,25000],"dora_marker":"1m","tehais":'
    ...     + str([["1m"] * 4 + ["2m"] * 4 + ["3m"] * 4 + ["E"]] * 4).replace("'", '"') + "}",
    ...     '{"type":"tsumo","actor":1,"pai":"N"}',
    ...     '{"type":"dahai","actor":1,"pai":"N","tsumogiri":true}',
    ...     '{"type":"ryukyoku","reason":"fanpai","deltas":[0,0,0,0]}',
    ...     '{"type":"end_kyoku"}',
    ...     '{"type":"end_game"}',
    ... ]
    >>> record = read_mjai("\\n".join(lines))
    >>> record.rounds[0].name, [e.type for e in record.rounds[0].events], record.rounds[0].results[0].kind
    ('S2-1', ['draw', 'discard'], 'exhaustive')
    """
    return _Reader(source).read(text)
