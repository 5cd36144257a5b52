"""A :class:`~riichi_lut.game.record.GameRecord` written as Tenhou's mjlog XML.

The inverse of :func:`~riichi_lut.game.logs.mjlog.read_mjlog` on what the record keeps:
reading the written text gives the same rounds, results and final scores. The record
holds tile codes, not Tenhou's 136 tile ids, so the writer gives each physical tile an id
of its kind as it appears (the red fives 16, 52, 88 when the game has them) and follows
every id through the hands, so that discards, calls and the tsumogiri flags read back as
they were; the ids are not the original log's. The ``NINE_TERMINALS`` event and the rons
of a three-ron draw are written as the ``RYUUKYOKU`` that stands for them. Apart from
the ids, a written shared log has Tenhou's tags and attributes, with the same names (each
byte percent-escaped), ``ba`` (the sticks on the table at the end), ``sc``, ``ten`` and
``owari``. Not written: ``BYE`` (the record keeps disconnections without their place), a
reconnection's ``UN``, and ``owari`` when the last round has no result to carry it; the
points of ``owari`` are written with one decimal. A record that does not hold together
(a discard of a tile the seat does not hold, an added kan without its pon, a yaku with no
Tenhou number) is a :class:`~riichi_lut.errors.LogFormatError`.

>>> from riichi_lut.game.logs.mjlog import read_mjlog
>>> text = '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/></mjloggm>'
>>> print(write_mjlog(read_mjlog(text)).replace("><", ">\\n<"))
<mjloggm ver="2.3">
<GO type="169" lobby="0"/>
<UN n0="%61" n1="%62" n2="%63" n3="%64"/>
<TAIKYOKU oya="0"/>
</mjloggm>
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from ...errors import LogFormatError
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
from .meld import MeldCode, encode_meld
from .mjlog import LIMIT_NAMES, RYUUKYOKU_KINDS
from .tenhou_yaku import AKA, TENHOU_YAKU, URA
from .tenhou_yaku import DORA as DORA_YAKU

__all__ = ["write_mjlog"]

_NUMBER_OF_YAKU = {name: number for number, name in sorted(TENHOU_YAKU.items(), reverse=True)}
_TYPE_OF_KIND = {kind: name for name, kind in RYUUKYOKU_KINDS.items()}
_RED_IDS = {34: 16, 35: 52, 36: 88}
_YAKUMAN_NUMBERS = range(37, 52)


def _tag(name: str, attrs: list[tuple[str, object]]) -> str:
    return f"<{name}{''.join(f' {k}={quoteattr(str(v))}' for k, v in attrs)}/>"


def _ids_text(ids: list[int] | tuple[int, ...]) -> str:
    return ",".join(str(i) for i in ids)


class _Round:
    """The tile ids of one round: which are unused, which each seat holds."""

    def __init__(self, record: GameRecord, rnd: RoundRecord) -> None:
        self.rnd = rnd
        self.source = record.source
        self.players = record.players
        self.red = any(record.rules.scoring.aka_dora)
        self.free = {kind: list(range(4 * kind, 4 * kind + 4)) for kind in range(34)}
        if self.red:
            for red_id in _RED_IDS.values():
                self.free[red_id // 4].remove(red_id)
        self.held: list[list[int]] = [[self.fresh(c) for c in hand] for hand in rnd.hands]
        self.drawn: list[int | None] = [None] * self.players
        self.offered: int | None = None  # the id a ron would take: the last discard or added tile
        self.melds: list[list[int]] = [[] for _ in range(self.players)]
        self.pons: dict[tuple[int, int], tuple[MeldCode, int]] = {}  # (seat, kind) -> pon, its m's index
        self.indicators = [self.fresh(rnd.dora_indicator)]
        self.scores = list(rnd.scores)
        self.sticks = rnd.sticks  # on the table: the round's and this hand's deposits

    def error(self, reason: str) -> LogFormatError:
        return LogFormatError(f"cannot write as mjlog: {reason}", source=self.source, round=self.rnd.name)

    def fresh(self, code: int) -> int:
        """An unused id of the code's tile (a used one when all four are out: the
        record's indicators or hands may show a tile again)."""
        if code in _RED_IDS:
            red_id = _RED_IDS[code]
            return red_id if self.red else self.fresh(red_id // 4)
        if self.free[code]:
            return self.free[code].pop(0)
        return 4 * code + 3

    def take(self, seat: int, code: int, prefer: int | None = None, avoid: int | None = None) -> int:
        held = self.held[seat]
        ids = [i for i in held if self.code(i) == code]
        if not ids:
            raise self.error(f"seat {seat} gives up tile code {code} it does not hold")
        chosen = prefer if prefer in ids else next((i for i in ids if i != avoid), ids[0])
        held.remove(chosen)
        return chosen

    def code(self, tile_id: int) -> int:
        if self.red and tile_id in _RED_IDS.values():
            return next(code for code, i in _RED_IDS.items() if i == tile_id)
        return tile_id // 4

    def id_for(self, code: int, candidates: list[int | None]) -> int:
        return next((i for i in candidates if i is not None and self.code(i) == code), None) or self.fresh(
            code
        )


def _call(state: _Round, event: Event) -> str:
    seat = event.seat if event.seat is not None else 0
    state.drawn = [None] * state.players
    if event.type == KITA:
        tile_id = state.take(seat, event.tile if event.tile is not None else 30)
        m = encode_meld(MeldCode(KITA, (tile_id,), tile_id, 0))
    elif event.type == CLOSED_KAN:
        ids = sorted(state.take(seat, c) for c in event.consumed)
        m = encode_meld(MeldCode(CLOSED_KAN, tuple(ids), ids[0], 0))
    elif event.type == ADDED_KAN:
        code = event.tile if event.tile is not None else 0
        kind = _RED_IDS[code] // 4 if code in _RED_IDS else code
        if (seat, kind) not in state.pons:
            raise state.error(f"seat {seat} adds to a pon of kind {kind} it did not call")
        pon, old_m = state.pons.pop((seat, kind))
        added = state.take(seat, code)
        state.offered = added
        m = encode_meld(MeldCode(ADDED_KAN, (*pon.tiles, added), added, pon.from_relative, pon.index))
        state.melds[seat].remove(old_m)
    else:
        called = state.offered
        if called is None or event.tile is None or state.code(called) != event.tile:
            raise state.error(f"seat {seat} calls tile code {event.tile}, not the last discard")
        own = [state.take(seat, c) for c in event.consumed]
        tiles = tuple(sorted((*own, called)))
        target = event.target if event.target is not None else seat
        relative = (target - seat) % state.players
        index = tiles.index(called) if event.type != OPEN_KAN else 0
        meld = MeldCode(event.type, tiles, called, relative, index)
        m = encode_meld(meld)
        if event.type == PON:
            state.pons[(seat, tiles[0] // 4)] = (meld, m)
    state.melds[seat].append(m)
    return _tag("N", [("who", seat), ("m", m)])


def _agari(record: GameRecord, state: _Round, win: WinResult, last: bool) -> str:
    rnd = state.rnd
    tile = win.tile if win.tile is not None else 0
    machi = state.id_for(tile, [state.drawn[win.seat] if win.tsumo else state.offered])
    pool: list[int | None] = [*state.held[win.seat], machi]
    hand = []
    for code in win.hand or ():
        chosen = state.id_for(code, pool)
        if chosen in pool:
            pool.remove(chosen)
        hand.append(chosen)
    yaku, yakuman = _yaku(state, win)
    limit = win.limit
    limit_number = LIMIT_NAMES.index(limit) if limit in LIMIT_NAMES else (5 if limit else 0)
    attrs: list[tuple[str, object]] = [
        ("ba", f"{rnd.honba},{state.sticks}"),
        ("hai", _ids_text(sorted(hand))),
    ]
    if state.melds[win.seat]:
        attrs.append(("m", _ids_text(state.melds[win.seat])))
    attrs += [("machi", machi), ("ten", f"{win.fu or 0},{win.points or 0},{limit_number}")]
    if yaku:
        attrs.append(("yaku", _ids_text(yaku)))
    if yakuman:
        attrs.append(("yakuman", _ids_text(yakuman)))
    attrs.append(("doraHai", _ids_text(state.indicators)))
    if win.ura_indicators is not None:
        attrs.append(("doraHaiUra", _ids_text([state.fresh(c) for c in win.ura_indicators])))
    attrs += [("who", win.seat), ("fromWho", win.from_seat)]
    if win.pao is not None:
        attrs.append(("paoWho", win.pao))
    attrs += _payments(record, state, win.deltas, last)
    state.sticks = 0  # the winner took them (a second ron of a double ron takes none)
    return _tag("AGARI", attrs)


def _yaku(state: _Round, win: WinResult) -> tuple[list[int], list[int]]:
    """The ``yaku`` pairs (number, han; dora last) and the ``yakuman`` numbers of a win."""
    rnd = state.rnd
    yaku: list[int] = []
    yakuman: list[int] = []
    for name, han in win.yaku or ():
        if name == "yakuhai_seat":
            number = 10 + (win.seat - rnd.dealer) % 4
        elif name == "yakuhai_round":
            number = 14 + rnd.number // 4 % 4
        elif name in _NUMBER_OF_YAKU:
            number = _NUMBER_OF_YAKU[name]
        else:
            raise state.error(f"yaku {name!r} has no Tenhou number")
        if number in _YAKUMAN_NUMBERS and han >= 13:
            yakuman.append(number)
        else:
            yaku += [number, han]
    for number, count in ((DORA_YAKU, win.dora), (AKA, win.aka), (URA, win.ura)):
        if count:
            yaku += [number, count]
    return yaku, yakuman


def _payments(
    record: GameRecord, state: _Round, deltas: tuple[int, ...] | None, last: bool
) -> list[tuple[str, object]]:
    attrs: list[tuple[str, object]] = []
    if deltas is not None:
        pairs = [f"{s // 100},{d // 100}" for s, d in zip(state.scores, deltas, strict=False)]
        attrs.append(("sc", ",".join(pairs + ["0,0"] * (4 - len(pairs)))))
        state.scores = [s + d for s, d in zip(state.scores, deltas, strict=False)]
    if last and record.final_scores is not None and record.final_points is not None:
        pairs = [f"{s // 100},{p:.1f}" for s, p in zip(record.final_scores, record.final_points, strict=True)]
        attrs.append(("owari", ",".join(pairs + ["0,0.0"] * (4 - len(pairs)))))
    return attrs


def _ryuukyoku(record: GameRecord, state: _Round, draw: DrawResult, last: bool) -> str:
    rnd = state.rnd
    attrs: list[tuple[str, object]] = [("ba", f"{rnd.honba},{state.sticks}")]
    deltas = _payments(record, state, draw.deltas, False)
    attrs += deltas
    for seat in draw.tenpai or ():
        attrs.append((f"hai{seat}", _ids_text(sorted(state.held[seat]))))
    kind = _TYPE_OF_KIND.get(draw.kind)
    if kind:
        attrs.append(("type", kind))
    attrs += _payments(record, state, None, last)
    return _tag("RYUUKYOKU", attrs)


def _round(record: GameRecord, rnd: RoundRecord, last_round: bool) -> list[str]:
    state = _Round(record, rnd)
    dice = rnd.dice or (0, 0)
    seed = f"{rnd.number},{rnd.honba},{rnd.sticks},{dice[0]},{dice[1]},{state.indicators[0]}"
    init: list[tuple[str, object]] = [
        ("seed", seed),
        ("ten", _ids_text(_four([s // 100 for s in rnd.scores]))),
        ("oya", rnd.dealer),
    ]
    init += [(f"hai{seat}", _ids_text(ids)) for seat, ids in enumerate(state.held)]
    init += [(f"hai{seat}", "") for seat in range(record.players, 4)]
    out = [_tag("INIT", init)]
    results = list(rnd.results)
    three_ron = any(isinstance(r, DrawResult) and r.kind == "three_ron" for r in results)
    for event in rnd.events:
        if event.type in (TSUMO, RON) and not three_ron:
            win = results.pop(0) if results else None
            if not isinstance(win, WinResult):
                raise state.error(f"a {event.type} event without its win result")
            out.append(_agari(record, state, win, last_round and not results))
        elif event.type not in (TSUMO, RON, NINE_TERMINALS):
            out.append(_event(state, event))
    for index, result in enumerate(results):
        last = last_round and index == len(results) - 1
        if isinstance(result, WinResult):
            out.append(_agari(record, state, result, last))
        elif isinstance(result, DrawResult):
            out.append(_ryuukyoku(record, state, result, last))
    return out


def _event(state: _Round, event: Event) -> str:
    """The tag of a draw, discard, call, riichi or kan dora."""
    seat = event.seat if event.seat is not None else 0
    code = event.tile if event.tile is not None else 0
    if event.type == DRAW:
        tile_id = state.fresh(code)
        state.held[seat].append(tile_id)
        state.drawn[seat] = tile_id
        return f"<{'TUVW'[seat]}{tile_id}/>"
    if event.type == DISCARD:
        drawn = state.drawn[seat]
        if event.tsumogiri:
            tile_id = state.take(seat, code, prefer=drawn)
        else:
            tile_id = state.take(seat, code, avoid=drawn)
        state.drawn = [None] * state.players
        state.offered = tile_id
        return f"<{'DEFG'[seat]}{tile_id}/>"
    if event.type in (CHI, PON, OPEN_KAN, ADDED_KAN, CLOSED_KAN, KITA):
        return _call(state, event)
    if event.type in (RIICHI, RIICHI_ACCEPTED):
        attrs: list[tuple[str, object]] = [("who", seat), ("step", 1 if event.type == RIICHI else 2)]
        if event.type == RIICHI_ACCEPTED:
            state.scores[seat] -= 1000
            state.sticks += 1
            attrs.append(("ten", _ids_text(_four([s // 100 for s in state.scores]))))
        return _tag("REACH", attrs)
    if event.type == DORA:
        tile_id = state.fresh(code)
        state.indicators.append(tile_id)
        return _tag("DORA", [("hai", tile_id)])
    raise state.error(f"event type {event.type!r} has no mjlog tag")


def _four(values: list[int]) -> list[int]:
    """Four seats' numbers: three players' logs write a fourth seat of 0."""
    return values + [0] * (4 - len(values))


def _escaped(name: str) -> str:
    """Every byte of the UTF-8 name percent-escaped, as Tenhou writes names."""
    return "".join(f"%{byte:02X}" for byte in name.encode("utf-8"))


def _game_type(record: GameRecord) -> int:
    rules = record.rules
    game_type = 1 | (16 if record.players == 3 else 0) | (8 if rules.length != "tonpuu" else 0)
    game_type |= 0 if any(rules.scoring.aka_dora) else 2
    return game_type | (0 if rules.scoring.kuitan else 4)


def write_mjlog(record: GameRecord) -> str:
    """The mjlog XML text of ``record`` (see the module docstring)."""
    meta = record.meta
    out = ['<mjloggm ver="2.3">']
    if record.seed is not None:
        out.append(_tag("SHUFFLE", [("seed", record.seed), ("ref", "")]))
    go: list[tuple[str, object]] = [("type", meta.get("type", _game_type(record)))]
    if meta.get("lobby") is not None:
        go.append(("lobby", meta["lobby"]))
    out.append(_tag("GO", go))
    un: list[tuple[str, object]] = [(f"n{i}", _escaped(name)) for i, name in enumerate(record.names)]
    un += [(f"n{i}", "") for i in range(record.players, 4)]
    un += [(key, meta[key]) for key in ("dan", "rate", "sx") if key in meta]
    out.append(_tag("UN", un))
    out.append(_tag("TAIKYOKU", [("oya", 0)]))
    for index, rnd in enumerate(record.rounds):
        out += _round(record, rnd, index == len(record.rounds) - 1)
    out.append("</mjloggm>")
    return "".join(out)
