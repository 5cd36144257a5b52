"""Writing a :class:`~riichi_lut.game.record.GameRecord` as mjai JSONL: the writer half of
:mod:`riichi_lut.game.logs.mjai` (whose docstring says what each line means), re-exported
there as ``write_mjai``.

Writing (:func:`write_mjai`) emits the same lines with Mortal's field order, compact JSON,
and each ``ryukyoku`` with its ``reason`` (and ``actor`` for nine terminals, ``tenpais``
where the record has them); read -> write -> read gives an equal record. A record whose kan
dora are ``later_indicators`` (tenhou.net/6) gets its ``dora`` lines where libriichi's
arena (``arena/board.rs``) puts them: an ankan's right after the ankan (before its
replacement tsumo), a daiminkan's or kakan's before the kan-maker's next dahai (after the
replacement tsumo), a pending one before a following kan; one still pending when the hand
ends is written before the hand's result so that none is lost. A round's own list of ura
indicators (tenhou.net/6) is written as each of its wins' ``ura_markers``. What mjai does
not carry is not written: the dice, the wall, a win's pao and limit name, the final points.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ...core.notations import to_mjai
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
)
from .mjai_names import (
    REASON_OF_KIND,
    START_GAME_META,
    WINDS,
    fan_of_han,
    write_yakus,
)

__all__ = ["write_mjai"]


def _tiles(codes: tuple[int, ...] | list[int]) -> list[str]:
    return [to_mjai(c) for c in codes]


def _hora(win: WinResult, event_tile: int | None, round_ura: tuple[int, ...] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "hora", "actor": win.seat, "target": win.from_seat}
    if win.deltas is not None:
        out["deltas"] = list(win.deltas)
    ura = win.ura_indicators if win.ura_indicators is not None else round_ura
    if ura is not None:  # a round's list (tenhou.net/6) goes with each of its wins
        out["ura_markers"] = _tiles(ura)
    if win.tile is not None:
        out["pai"] = to_mjai(win.tile)
    tile = win.tile if win.tile is not None else event_tile
    if win.hand is not None and tile in win.hand:  # hora_tehais: the hand without the winning tile
        hand = list(win.hand)
        index = len(hand) - 1 - hand[::-1].index(tile)
        out["hora_tehais"] = _tiles(hand[:index] + hand[index + 1 :])
    if win.yaku is not None:
        out["yakus"] = write_yakus(win.yaku, (win.dora, win.ura, win.aka))
    if win.fu is not None:
        out["fu"] = win.fu
    if win.han is not None:
        yakuman = sum(h for _, h in win.yaku or () if h >= 13)
        out["fan"] = win.han - yakuman + fan_of_han(yakuman)
    if win.points is not None:
        out["hora_points"] = win.points
    return out


#: The record's event type -> the mjai line's type and fields (in Mortal's order).
_LINES: dict[str, tuple[str, tuple[str, ...]]] = {
    DRAW: ("tsumo", ("actor", "pai")),
    DISCARD: ("dahai", ("actor", "pai", "tsumogiri")),
    CHI: ("chi", ("actor", "target", "pai", "consumed")),
    PON: ("pon", ("actor", "target", "pai", "consumed")),
    OPEN_KAN: ("daiminkan", ("actor", "target", "pai", "consumed")),
    ADDED_KAN: ("kakan", ("actor", "pai", "consumed")),
    CLOSED_KAN: ("ankan", ("actor", "consumed")),
    KITA: ("nukidora", ("actor", "pai")),
    DORA: ("dora", ("dora_marker",)),
    RIICHI: ("reach", ("actor",)),
    RIICHI_ACCEPTED: ("reach_accepted", ("actor",)),
}


def _line(e: Event) -> dict[str, Any]:
    name, fields = _LINES[e.type]
    values = {
        "actor": e.seat,
        "target": e.target,
        "pai": None if e.tile is None else to_mjai(e.tile),
        "dora_marker": None if e.tile is None else to_mjai(e.tile),
        "consumed": _tiles(e.consumed),
        "tsumogiri": e.tsumogiri,
    }
    out: dict[str, Any] = {"type": name}
    out.update((f, values[f]) for f in fields if values[f] is not None)
    return out


class _KanDora:
    """Where the kan dora of ``later_indicators`` go, as libriichi's arena turns them: an
    ankan's at once (a pending one first), a daiminkan's or kakan's at the next dahai, or
    at the next tsumo when another kan follows before it."""

    def __init__(self, later: tuple[int, ...]) -> None:
        self.later = list(later)
        self.pending: list[int] = []  # turned at the next dahai or ankan
        self.at_tsumo: list[int] = []  # turned at the next tsumo (a kan followed a kan)

    def before(self, kind: str) -> list[int]:
        out: list[int] = []
        if kind == DRAW:
            out, self.at_tsumo = self.at_tsumo, []
        elif kind in (DISCARD, CLOSED_KAN):
            out, self.pending = self.pending, []
        elif kind in (TSUMO, RON):
            out = self.rest()
        return out

    def after(self, kind: str) -> list[int]:
        turned = self.later[:1]
        if kind in (OPEN_KAN, ADDED_KAN):
            self.at_tsumo, self.pending = self.at_tsumo + self.pending, turned
        elif kind != CLOSED_KAN:
            return []
        del self.later[:1]
        return turned if kind == CLOSED_KAN else []

    def rest(self) -> list[int]:
        out = self.at_tsumo + self.pending + self.later
        self.at_tsumo, self.pending, self.later = [], [], []
        return out


def _event_lines(rnd: RoundRecord) -> Iterator[dict[str, Any]]:
    """The lines of a hand's events, with the kan dora of ``later_indicators`` placed."""
    kan_dora = _KanDora(rnd.later_indicators or ())
    ura = rnd.ura_indicators
    three_ron = any(isinstance(r, DrawResult) and r.kind == "three_ron" for r in rnd.results)
    wins = iter([r for r in rnd.results if isinstance(r, WinResult)])
    for e in rnd.events:
        for tile in kan_dora.before(e.type):
            yield {"type": "dora", "dora_marker": to_mjai(tile)}
        if e.type in (TSUMO, RON):
            if not three_ron:  # three rons are the ryukyoku's tenpais
                win = next(wins, None)
                bare = {"type": "hora", "actor": e.seat, "target": e.target}
                yield _hora(win, e.tile, ura) if win else bare
        elif e.type in _LINES:  # NINE_TERMINALS is the ryukyoku's actor
            yield _line(e)
        for tile in kan_dora.after(e.type):
            yield {"type": "dora", "dora_marker": to_mjai(tile)}
    for tile in kan_dora.rest():
        yield {"type": "dora", "dora_marker": to_mjai(tile)}
    for win in wins:
        yield _hora(win, None, ura)


def _round_lines(rnd: RoundRecord) -> Iterator[dict[str, Any]]:
    yield {
        "type": "start_kyoku",
        "bakaze": WINDS[rnd.number // 4 % 4],
        "dora_marker": to_mjai(rnd.dora_indicator),
        "kyoku": rnd.number % 4 + 1,
        "honba": rnd.honba,
        "kyotaku": rnd.sticks,
        "oya": rnd.dealer,
        "scores": list(rnd.scores),
        "tehais": [_tiles(h) for h in rnd.hands],
    }
    yield from _event_lines(rnd)
    for result in rnd.results:
        if isinstance(result, DrawResult):
            line: dict[str, Any] = {"type": "ryukyoku"}
            nine = [e for e in rnd.events if e.type == NINE_TERMINALS]
            if result.kind == "nine_terminals" and nine:
                line["actor"] = nine[-1].seat
            line["reason"] = REASON_OF_KIND[result.kind]
            if result.deltas is not None:
                line["deltas"] = list(result.deltas)
            if result.tenpai is not None:
                line["tenpais"] = [s in result.tenpai for s in range(len(rnd.hands))]
            yield line
    if rnd.results:
        yield {"type": "end_kyoku"}


def write_mjai(record: GameRecord) -> str:
    """The mjai JSONL of a whole game, one compact JSON object a line (see the module
    docstring). A hand without a result (a log cut short) is written as far as it goes,
    with no ``end_kyoku`` or ``end_game`` after it.

    >>> from riichi_lut.game.rules import TENHOU_GAME
    >>> write_mjai(GameRecord(4, ("a", "b", "c", "d"), TENHOU_GAME, (), final_scores=(1, 2, 3, 4)))
    '{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game","scores":[1,2,3,4]}\\n'
    """
    start: dict[str, Any] = {"type": "start_game", "names": list(record.names)}
    start.update({k: record.meta[k] for k in START_GAME_META if k in record.meta})
    lines = [start]
    for rnd in record.rounds:
        lines += _round_lines(rnd)
    if not record.rounds or record.rounds[-1].results:
        end: dict[str, Any] = {"type": "end_game"}
        if record.final_scores is not None:
            end["scores"] = list(record.final_scores)
        lines.append(end)
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
