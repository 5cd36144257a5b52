"""A :class:`~riichi_lut.game.record.GameRecord` written as tenhou.net/6 JSON.

The inverse of :func:`~riichi_lut.game.logs.tenhou6.read_tenhou6` on what the format
carries: each seat's dealt hand, takes (draws and calls) and gives (discards, riichi, kans,
kita), the dora and ura indicators of each round and its results. What it cannot carry is
dropped: the order of the seats' events (the reader rebuilds it), when a kan dora was
turned (``DORA`` events become the round's indicator list), ``RIICHI_ACCEPTED``, the wall
and dice. A record read from tenhou.net/6 keeps its top-level fields (title, rule, lobby,
dan, rate, sx, …) in ``meta`` and they are written back as they were.

A win's points are written from ``points`` as the reader defines them: a ron's payment,
``points // 3`` all for a dealer's tsumo, and for a non-dealer's tsumo the two payments
whose sum (as four players pay) is ``points``: 8000 is ``2000-4000``, 2700 ``700-1300``.
A call's own tiles are written in Tenhou's order (by kind, a red five after the plain
ones), whatever order the record keeps them in; a closed kan's letter stands before its
fourth tile.
"""

from __future__ import annotations

import json
from typing import Any

from ..record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    KITA,
    OPEN_KAN,
    PON,
    RIICHI,
    DrawResult,
    Event,
    GameRecord,
    RoundRecord,
    WinResult,
)
from .tenhou6_names import (
    NAME_OF_DRAW_KIND,
    NAME_OF_YAKU,
    NUMBER_OF_TILE,
    WIN,
    WIND_NAMES,
    limit_text,
    rules_of,
)

__all__ = ["write_tenhou6"]

_KINDS_OF_RED = {34: 4, 35: 13, 36: 22}


def _n(code: int) -> int:
    return NUMBER_OF_TILE[code]


def _kind(code: int) -> int:
    return _KINDS_OF_RED.get(code, code)


def _tenhou_order(tiles: tuple[int, ...]) -> list[int]:
    """The order Tenhou writes a call's own tiles in: by kind, a red five after the plain
    ones (``c375336``, ``35p3553``, ``151515a51``).

    >>> _tenhou_order((36, 22, 21))
    [21, 22, 36]
    """
    return sorted(tiles, key=lambda t: (_kind(t), t in _KINDS_OF_RED))


def _call_string(letter: str, groups: list[int], place: int) -> str:
    """The 2-digit tiles with ``letter`` before the one at ``place``."""
    return "".join((letter if i == place else "") + str(_n(t)) for i, t in enumerate(groups))


def _place(seat: int, target: int | None, players: int, kan: bool) -> int:
    """Where the call letter stands for a tile from ``target``: kamicha first, toimen
    second, shimocha last (third of a pon, fourth of a daiminkan)."""
    offset = ((target if target is not None else seat) - seat) % players
    if offset == players - 1:
        return 0
    if offset == 2:
        return 1
    return 3 if kan else 2


class _SeatLists:
    """One round's takes and gives per seat, filled from the events in order."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.gives: list[list[Any]] = [[] for _ in range(4)]
        self.pons: list[dict[int, tuple[list[int], int]]] = [{} for _ in range(4)]
        self.riichi = [False] * 4

    def add(self, e: Event) -> None:
        seat = e.seat if e.seat is not None else 0
        if e.type == DRAW and e.tile is not None:
            self.takes[seat].append(_n(e.tile))
        elif e.type == RIICHI:
            self.riichi[seat] = True
        elif e.type == DISCARD and e.tile is not None:
            tile = 60 if e.tsumogiri else _n(e.tile)
            self.gives[seat].append(f"r{tile}" if self.riichi[seat] else tile)
            self.riichi[seat] = False
        elif e.type in (CHI, PON, OPEN_KAN) and e.tile is not None:
            self._call(seat, e)
        elif e.type == ADDED_KAN and e.tile is not None:
            groups, place = self.pons[seat].get(_kind(e.tile), (list(e.consumed), 0))
            groups = list(e.consumed) if len(e.consumed) == 3 else groups
            self.gives[seat].append(_call_string("k", [*groups[:place], e.tile, *groups[place:]], place))
        elif e.type == CLOSED_KAN:
            self.gives[seat].append(_call_string("a", _tenhou_order(e.consumed), 3))
        elif e.type == KITA and e.tile is not None:
            self.gives[seat].append(f"f{_n(e.tile)}")

    def _call(self, seat: int, e: Event) -> None:
        assert e.tile is not None
        if e.type == CHI:
            self.takes[seat].append(_call_string("c", [e.tile, *_tenhou_order(e.consumed)], 0))
            return
        place = _place(seat, e.target, self.players, e.type == OPEN_KAN)
        consumed = _tenhou_order(e.consumed)
        groups = [*consumed[:place], e.tile, *consumed[place:]]
        self.takes[seat].append(_call_string("p" if e.type == PON else "m", groups, place))
        if e.type == PON:
            self.pons[seat][_kind(e.tile)] = (groups, place)
        else:
            self.gives[seat].append(0)


def _points_text(win: WinResult, dealer: int, players: int = 4) -> str:
    head = limit_text(win.limit) if win.limit else f"{win.fu or 0}符{win.han or 0}飜"
    total = win.points or 0
    if not win.tsumo:
        return f"{head}{total}点"
    if win.seat == dealer:
        return f"{head}{total // (players - 1)}点∀"
    # a non-dealer's share is the base rounded up to 100, the dealer's twice the base
    # rounded up: the total is about four (three players: three) non-dealer shares
    shares = 4 if players == 4 else 3
    low = -(-total // (shares * 100)) * 100
    return f"{head}{low}-{total - (players - 2) * low}点"


def _yaku_texts(win: WinResult, rnd: RoundRecord) -> list[str]:
    out = []
    for yaku, han in win.yaku or ():
        if yaku == "yakuhai_seat":
            name = f"自風 {WIND_NAMES[(win.seat - rnd.dealer) % 4]}"
        elif yaku == "yakuhai_round":
            name = f"場風 {WIND_NAMES[rnd.number // 4 % 4]}"
        else:
            name = NAME_OF_YAKU[yaku]
        out.append(f"{name}(役満)" if han >= 13 else f"{name}({han}飜)")
    for name, count in (("ドラ", win.dora), ("赤ドラ", win.aka), ("裏ドラ", win.ura), ("抜きドラ", win.kita)):
        if count:
            out.append(f"{name}({count}飜)")
    return out


def _results(rnd: RoundRecord, players: int) -> list[Any]:
    out: list[Any] = []
    for result in rnd.results:
        if isinstance(result, WinResult):
            if not out:
                out.append(WIN)
            pad = [0] * (4 - players)
            info: list[Any] = [
                result.seat,
                result.from_seat,
                result.pao if result.pao is not None else result.seat,
            ]
            if result.points is not None:
                info += [_points_text(result, rnd.dealer, players), *_yaku_texts(result, rnd)]
            out += [[*(result.deltas or (0,) * players), *pad], info]
        else:
            out += _draw(result, players)
    return out


def _draw(result: DrawResult, players: int) -> list[Any]:
    name = NAME_OF_DRAW_KIND[result.kind]
    if result.kind == "exhaustive" and result.tenpai is not None:
        if result.tenpai == ():
            name = "全員不聴"
        elif len(result.tenpai) == players and not any(result.deltas or ()):
            name = "全員聴牌"
    if result.deltas is None:
        return [name]
    return [name, [*result.deltas, *[0] * (4 - players)]]


def _round(rnd: RoundRecord, players: int) -> list[Any]:
    lists = _SeatLists(players)
    for event in rnd.events:
        lists.add(event)
    later = rnd.later_indicators
    if later is None:
        later = tuple(e.tile for e in rnd.events if e.type == DORA and e.tile is not None)
    ura = rnd.ura_indicators
    if ura is None:
        ura = next(
            (w.ura_indicators for w in rnd.results if isinstance(w, WinResult) and w.ura_indicators), ()
        )
    out: list[Any] = [
        [rnd.number, rnd.honba, rnd.sticks],
        [*rnd.scores, *[0] * (4 - players)],
        [_n(t) for t in (rnd.dora_indicator, *later)],
        [_n(t) for t in ura],
    ]
    for seat in range(4):
        hand = [_n(t) for t in rnd.hands[seat]] if seat < players else []
        out += [hand, lists.takes[seat], lists.gives[seat]]
    out.append(_results(rnd, players))
    return out


def _rule(record: GameRecord) -> dict[str, Any]:
    kept = record.meta.get("rule")
    if isinstance(kept, dict) and rules_of(kept) == record.rules:
        return kept
    scoring = record.rules.scoring
    disp = ("三" if record.players == 3 else "") + "般" + ("東" if record.rules.length == "tonpuu" else "南")
    disp += ("喰" if scoring.kuitan else "") + ("赤" if any(scoring.aka_dora) else "")
    return {"disp": disp, **{f"aka5{i + 1}": count for i, count in enumerate(scoring.aka_dora)}}


def _whole(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def write_tenhou6(record: GameRecord) -> str:
    """The record as tenhou.net/6 JSON text (one line, UTF-8 characters kept).

    >>> from riichi_lut.game.logs.tenhou6 import read_tenhou6
    >>> hand = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]
    >>> rnd = [[0, 0, 0], [25000] * 4, [31], []]
    >>> for seat in range(4):
    ...     rnd += [hand, [41] if seat == 0 else [], [60] if seat == 0 else []]
    >>> rnd += [["流局", [0, 0, 0, 0]]]
    >>> record = read_tenhou6(json.dumps({"name": list("ABCD"), "rule": {"disp": "般南喰赤"}, "log": [rnd]}))
    >>> json.loads(write_tenhou6(record))["log"] == [rnd]
    True
    """
    out: dict[str, Any] = {k: v for k, v in record.meta.items() if k != "rule"}
    out["name"] = [*record.names, *[""] * (4 - record.players)]
    out["rule"] = _rule(record)
    out["log"] = [_round(rnd, record.players) for rnd in record.rounds]
    if record.final_scores is not None and record.final_points is not None:
        pairs = zip(record.final_scores, record.final_points, strict=True)
        out["sc"] = [v for score, point in pairs for v in (score, _whole(point))]
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
