"""tenhou.net/6 JSON read into a :class:`~riichi_lut.game.record.GameRecord`.

A tenhou.net/6 log lists, for each round and each seat, the dealt hand, the tiles taken
(draws and calls) and the tiles given (discards, riichi, added and closed kans) as three
separate lists: it does not say in which order the four seats acted. :func:`read_tenhou6`
rebuilds that order by playing the turns: the dealer draws, gives, then either a seat
whose next take is a call on that discard calls it or the next seat draws; a daiminkan's
``0`` in the discard list is followed by the replacement draw, as are added and closed
kans and kita. Where a seat's next take is a call on the discard but the call may as well
come later (the same tile discarded again by the same player before the caller draws),
both ways are tried and the one that uses every list to its end, and ends as the results
say, is kept.

What the format does not say, and what the reader decides:

- ``RIICHI_ACCEPTED`` follows each riichi declaration discard unless the round ends on
  that discard with a ron (or three rons): the stick is on the table then.
- ``DISCARD.tsumogiri`` is ``True`` for ``60`` and ``False`` for a tile written out
  (Tenhou writes ``60`` whenever the drawn tile is discarded).
- A closed kan keeps its four tiles in ``consumed`` in the order written, ``tile`` the one
  after the ``a``; an added kan keeps the pon's three tiles in ``consumed`` and has no
  ``target`` (the writer finds the pon).
- A win's ``points`` is the hand's value before honba and sticks: the ron payment, or
  the sum of a tsumo's payments as four players pay them (``2000-4000`` is 8000, ``4000∀``
  12000). ``fu`` is ``None`` for a limit hand, and ``han`` there the sum of the listed
  yaku (13 per yakuman). ``dora``/``aka``/``ura`` are 0 when not listed, ``None`` when the
  win lists no yaku at all.
- An exhaustive draw's ``tenpai`` are the seats that gain (``全員聴牌``: all,
  ``全員不聴``: none; ``None`` when no score changes); the other draws have ``tenpai``
  ``None``.
- The rules come from ``rule.disp`` (三: three players; 東: tonpuu; 喰: kuitan) and the
  red fives from ``rule.aka51``-``aka53`` or ``rule.aka`` when given, else from 赤 in
  ``disp`` (a converted log may write ``disp`` by hand: its tiles are the authority).
- Three-player logs (no sample here): the fourth seat's lists are empty and the call
  letters' positions are taken as in four players (kamicha, toimen, shimocha) modulo 3:
  unverified.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import LogFormatError, quote
from ..record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
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
from .tenhou6_names import (
    DORA_NAMES,
    DRAW_KIND_OF_NAME,
    LIMIT_OF_NAME,
    TILE_OF_NUMBER,
    WIN,
    YAKU_OF_NAME,
    rules_of,
)
from .tenhou6_write import write_tenhou6

__all__ = ["read_tenhou6", "rules_of", "write_tenhou6"]

#: The relative seat a call letter's place names, as an offset from the caller.
RELATIVE = {"kamicha": -1, "toimen": 2, "shimocha": 1}
#: Where the letter stands (its 2-digit group) -> the seat the tile came from.
_PON_PLACES = {0: "kamicha", 1: "toimen", 2: "shimocha"}
_KAN_PLACES = {0: "kamicha", 1: "toimen", 3: "shimocha"}
_MAX_STEPS = 200_000

_POINTS = re.compile(r"^(?:(\d+)符(\d+)飜|(" + "|".join(LIMIT_OF_NAME) + r"))(\d+)(?:-(\d+))?点(∀)?$")
_YAKU = re.compile(r"^(.+)\((?:(\d+)飜|(役満))\)$")


# ---------------------------------------------------------------- tokens
@dataclass(frozen=True)
class _Call:
    """A call string read: ``kind`` one of chi/pon/open_kan (takes) or added_kan/closed_kan/
    kita (discards); ``tile`` the called (or added) tile; ``consumed`` the others in order;
    ``place`` the seat the tile came from, relative (or "" for a closed kan and kita)."""

    kind: str
    tile: int
    consumed: tuple[int, ...]
    place: str


# A take is a tile code (a draw) or a _Call; a give is ("tile", code|None for 60),
# ("riichi", code|None), ("kan0",) or a _Call.
_Take = int | _Call
_Give = tuple[str, int | None] | _Call


class _Where:
    """Names the place in the log for error messages."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.round: str | None = None

    def fail(self, reason: str, event: str | None = None) -> LogFormatError:
        return LogFormatError(reason, source=self.source, round=self.round, event=event)


def _tile(value: object, where: _Where, event: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in TILE_OF_NUMBER:
        return TILE_OF_NUMBER[value]
    raise where.fail(f"unknown tile number {quote(value)} (11-19, 21-29, 31-39, 41-47, 51-53)", event)


def _groups(text: str, where: _Where, event: str) -> tuple[str, int, list[int]]:
    """A call string's letter, the index of the 2-digit group it stands before, and the
    groups as tile codes."""
    groups: list[int] = []
    letter, place, i = "", -1, 0
    while i < len(text):
        char = text[i]
        if char.isalpha():
            if letter:
                raise where.fail(f"call string {quote(text)} has two letters", event)
            letter, place = char, len(groups)
            i += 1
            continue
        digits = text[i : i + 2]
        if len(digits) != 2 or not digits.isdigit():
            raise where.fail(f"call string {quote(text)} is not letters and 2-digit tiles", event)
        groups.append(_tile(int(digits), where, event))
        i += 2
    if not letter:
        raise where.fail(f"call string {quote(text)} has no call letter", event)
    return letter, place, groups


def _read_take(value: object, where: _Where, event: str) -> _Take:
    if not isinstance(value, str):
        return _tile(value, where, event)
    letter, place, g = _groups(value, where, event)
    if letter == "c" and place == 0 and len(g) == 3:
        return _Call(CHI, g[0], (g[1], g[2]), "kamicha")
    if letter == "p" and place in _PON_PLACES and len(g) == 3:
        return _Call(PON, g[place], tuple(g[:place] + g[place + 1 :]), _PON_PLACES[place])
    if letter == "m" and place in _KAN_PLACES and len(g) == 4:
        return _Call(OPEN_KAN, g[place], tuple(g[:place] + g[place + 1 :]), _KAN_PLACES[place])
    raise where.fail(f"cannot read the call {quote(value)} (chi 'c', pon 'p' or daiminkan 'm')", event)


def _read_give(value: object, where: _Where, event: str) -> _Give:  # noqa: PLR0911  (one return per kind)
    if value == 60 and type(value) is int:
        return ("tile", None)
    if value == 0 and type(value) is int:
        return ("kan0", None)
    if not isinstance(value, str):
        return ("tile", _tile(value, where, event))
    if value[:1] == "r":
        rest = value[1:]
        if rest == "60":
            return ("riichi", None)
        if len(rest) == 2 and rest.isdigit():
            return ("riichi", _tile(int(rest), where, event))
        raise where.fail(f"cannot read the riichi discard {quote(value)}", event)
    letter, place, g = _groups(value, where, event)
    if letter == "k" and place in _PON_PLACES and len(g) == 4:
        return _Call(ADDED_KAN, g[place], tuple(g[:place] + g[place + 1 :]), _PON_PLACES[place])
    if letter == "a" and len(g) == 4 and place < 4:
        return _Call(CLOSED_KAN, g[place], tuple(g), "")
    if letter == "f" and place == 0 and len(g) == 1:
        return _Call(KITA, g[0], (), "")
    raise where.fail(f"cannot read {quote(value)} (added kan 'k', closed kan 'a', kita 'f')", event)


def _int_list(value: object, what: str, where: _Where, least: int = 0) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise where.fail(f"{what} must be a list of integers, got {quote(value)}")
    if len(value) < least:
        raise where.fail(f"{what} must have {least} values, got {quote(value)}")
    return value


# ---------------------------------------------------------------- the order of play
@dataclass
class _State:
    """Where the play stands: each seat's next take and give, whose turn, what comes next
    (``draw``, ``rinshan``, ``act`` after a draw, ``called`` after a chi or pon,
    ``open_kan`` after a daiminkan) and the tile last drawn."""

    ti: list[int]
    di: list[int]
    cur: int
    phase: str
    last: int | None = None

    def copy(self) -> _State:
        return _State(self.ti.copy(), self.di.copy(), self.cur, self.phase, self.last)


@dataclass
class _Seq:
    """Rebuilds the order of events of one round from the per-seat lists."""

    players: int
    takes: list[list[_Take]]
    gives: list[list[_Give]]
    end: tuple[str, int | None]  # ("draw"|"discard", seat or None for any)
    ends_in_ron: bool
    where: _Where
    events: list[Event] = field(default_factory=list)
    steps: int = 0
    best: tuple[int, str, str] = (-1, "", "")

    def miss(self, reason: str, st: _State, lst: str, value: object) -> bool:
        """Record a dead end (the one reached furthest names the error) and backtrack."""
        if len(self.events) > self.best[0]:
            index = (st.ti if lst == "takes" else st.di)[st.cur] - (lst == "discards")
            self.best = (
                len(self.events),
                reason,
                f"{len(self.events)} (seat {st.cur} {lst}[{index}] = {value!r})",
            )
        return False

    def exhausted(self, st: _State) -> bool:
        return all(
            st.ti[s] == len(self.takes[s]) and st.di[s] == len(self.gives[s]) for s in range(self.players)
        )

    def run(self, st: _State) -> bool:
        """Play on from ``st``; True when every list is used and the round ends as the
        results say (``self.events`` then holds the order), False to backtrack."""
        while True:
            self.steps += 1
            if self.steps > _MAX_STEPS:
                raise self.where.fail("cannot order the events: too many ways to read the calls")
            done = self._draw(st) if st.phase in ("draw", "rinshan") else self._give(st)
            if done is not None:
                return done

    def _draw(self, st: _State) -> bool | None:
        cur = st.cur
        if st.ti[cur] >= len(self.takes[cur]):
            return self.miss(f"seat {cur} has no draw left", st, "takes", None)
        take = self.takes[cur][st.ti[cur]]
        if isinstance(take, _Call):
            return self.miss(f"seat {cur} should draw, the log has a call", st, "takes", take)
        st.ti[cur] += 1
        self.events.append(Event(DRAW, seat=cur, tile=take))
        st.last, st.phase = take, "act"
        return None

    def _give(self, st: _State) -> bool | None:  # noqa: PLR0911  (each dead end returns)
        cur = st.cur
        if st.di[cur] >= len(self.gives[cur]):
            if st.phase == "act" and self.exhausted(st) and self.end[0] == "draw":
                return self.end[1] in (None, cur) or self.miss("the round ends on another seat", st, "", "")
            return self.miss(f"seat {cur}'s discard list runs out", st, "discards", None)
        give = self.gives[cur][st.di[cur]]
        st.di[cur] += 1
        if st.phase == "open_kan":
            if give != ("kan0", None):
                return self.miss("a daiminkan is not followed by 0", st, "discards", give)
            st.phase = "rinshan"
            return None
        if isinstance(give, _Call):
            if st.phase != "act":
                return self.miss("a kan or kita right after a call", st, "discards", give)
            if give.kind == KITA:
                self.events.append(Event(KITA, seat=cur, tile=give.tile))
            else:
                self.events.append(Event(give.kind, seat=cur, tile=give.tile, consumed=give.consumed))
            if give.kind == ADDED_KAN and self.exhausted(st) and self.end == ("discard", cur):
                return True  # robbed: chankan
            st.phase = "rinshan"
            return None
        kind, tile = give
        if kind == "kan0":
            return self.miss("0 in a discard list where no daiminkan was", st, "discards", 0)
        if tile is None and st.phase != "act":
            return self.miss("60 (tsumogiri) right after a call", st, "discards", 60)
        if kind == "riichi":
            self.events.append(Event(RIICHI, seat=cur))
        discarded = st.last if tile is None else tile
        self.events.append(Event(DISCARD, seat=cur, tile=discarded, tsumogiri=tile is None))
        return self._discarded(st, kind == "riichi", discarded, give)

    def _discarded(self, st: _State, riichi: bool, tile: int | None, give: object) -> bool | None:
        """After a discard: the round ends, or a seat calls it (each possible call is tried
        in turn, pon and kan before chi), or the next seat draws."""
        cur, ev = st.cur, self.events
        if self.exhausted(st):
            if self.end[0] != "discard" or self.end[1] not in (None, cur):
                return self.miss("the round ends on the wrong seat", st, "discards", give)
            if riichi and not self.ends_in_ron:
                ev.append(Event(RIICHI_ACCEPTED, seat=cur))
            return True
        if riichi:
            ev.append(Event(RIICHI_ACCEPTED, seat=cur))
        options = []
        for step in range(1, self.players):
            seat = (cur + step) % self.players
            if st.ti[seat] < len(self.takes[seat]):
                take = self.takes[seat][st.ti[seat]]
                if (
                    isinstance(take, _Call)
                    and take.tile == tile
                    and (seat + RELATIVE[take.place]) % self.players == cur
                ):
                    options.append((take.kind == CHI, seat, take))
        options.sort(key=lambda o: o[0])
        mark = len(ev)
        for _, seat, take in options:
            branch = st.copy()
            branch.ti[seat] += 1
            branch.cur, branch.phase = seat, "open_kan" if take.kind == OPEN_KAN else "called"
            ev.append(Event(take.kind, seat=seat, tile=tile, target=cur, consumed=take.consumed))
            if self.run(branch):
                return True
            del ev[mark:]
        st.cur, st.phase = (cur + 1) % self.players, "draw"
        return None


# ---------------------------------------------------------------- results
def _read_win(deltas: object, info: object, players: int, where: _Where, event: str) -> WinResult:
    d = _int_list(deltas, "a win's score changes", where, players)
    if not isinstance(info, list) or len(info) < 3 or not all(isinstance(v, int) for v in info[:3]):
        raise where.fail(f"a win's details must start with [who, fromWho, paoWho], got {quote(info)}", event)
    who, frm, pao = info[0], info[1], info[2]
    if not all(0 <= s < players for s in (who, frm, pao)):
        raise where.fail(f"a win names a seat out of range: {quote(info[:3])}", event)
    base = WinResult(seat=who, from_seat=frm, pao=None if pao == who else pao, deltas=tuple(d[:players]))
    if len(info) == 3:
        return base
    text = info[3]
    match = _POINTS.match(text) if isinstance(text, str) else None
    if match is None:
        raise where.fail(f"cannot read the points {quote(text)} (e.g. '30符2飜2000点', '満貫8000点')", event)
    fu, han, limit_name, first, second, all_pay = match.groups()
    if who == frm and second is None and not all_pay:
        raise where.fail(f"a tsumo's points {quote(text)} name no payments", event)
    # a tsumo's payments: each non-dealer pays ``first``, the dealer ``second`` (a dealer's
    # tsumo: ``first`` from every other seat); three players pay two shares (tsumo loss)
    if who != frm:
        points = int(first)
    elif second:
        points = (players - 2) * int(first) + int(second)
    else:
        points = (players - 1) * int(first)
    yaku, counts = _read_yaku(info[4:], where, event)
    return replace(
        base,
        han=int(han) if han else sum(h for _, h in yaku) + sum(counts.values()),
        fu=int(fu) if fu else None,
        points=points,
        limit=LIMIT_OF_NAME[limit_name] if limit_name else None,
        yaku=tuple(yaku),
        dora=counts["dora"],
        ura=counts["ura"],
        aka=counts["aka"],
        kita=counts["kita"] or None,
    )


def _read_yaku(items: list[Any], where: _Where, event: str) -> tuple[list[tuple[str, int]], dict[str, int]]:
    """The yaku (id, han) of a win's details, and its dora, aka and ura counts."""
    yaku: list[tuple[str, int]] = []
    counts = {"dora": 0, "aka": 0, "ura": 0, "kita": 0}
    for item in items:
        match = _YAKU.match(item) if isinstance(item, str) else None
        if match is None:
            raise where.fail(f"cannot read the yaku {quote(item)} (e.g. '立直(1飜)', '大三元(役満)')", event)
        name, count = match.group(1), 13 if match.group(3) else int(match.group(2))
        if name in DORA_NAMES:
            counts[DORA_NAMES[name]] += count
        elif name in YAKU_OF_NAME:
            yaku.append((YAKU_OF_NAME[name], count))
        else:
            raise where.fail(f"unknown yaku {quote(name)}", event)
    return yaku, counts


def _read_results(raw: object, players: int, where: _Where) -> list[WinResult | DrawResult]:
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise where.fail(f"the results must be a list starting with its kind, got {quote(raw)}", "results")
    kind = raw[0]
    if kind == WIN:
        if len(raw) < 3 or len(raw) % 2 == 0:
            raise where.fail("a win's results must be pairs of [score changes], [details]", "results")
        return [
            _read_win(raw[i], raw[i + 1], players, where, f"results[{i}] ({quote(raw[i + 1])})")
            for i in range(1, len(raw), 2)
        ]
    if kind not in DRAW_KIND_OF_NAME:
        raise where.fail(f"unknown result {quote(kind)} (和了, 流局, 九種九牌, …)", "results")
    deltas = (
        tuple(_int_list(raw[1], "a draw's score changes", where, players)[:players]) if len(raw) > 1 else None
    )
    draw_kind = DRAW_KIND_OF_NAME[kind]
    tenpai: tuple[int, ...] | None = None
    if kind == "全員聴牌":
        tenpai = tuple(range(players))
    elif kind == "全員不聴":
        tenpai = ()
    elif draw_kind == "exhaustive" and deltas is not None and any(deltas):
        tenpai = tuple(s for s, d in enumerate(deltas) if d > 0)
    return [DrawResult(kind=draw_kind, deltas=deltas, tenpai=tenpai)]


# ---------------------------------------------------------------- rounds and game
def _read_seat(
    lists: list[Any], seat: int, where: _Where
) -> tuple[tuple[int, ...], list[_Take], list[_Give]]:
    """One seat's dealt hand, takes and gives."""
    hand_raw, take_raw, give_raw = lists
    if not all(isinstance(x, list) for x in (hand_raw, take_raw, give_raw)):
        raise where.fail(f"seat {seat}'s hand, takes and discards must be lists")
    hand = tuple(_tile(v, where, f"seat {seat} hand[{i}] = {v!r}") for i, v in enumerate(hand_raw))
    if len(hand) != 13:
        raise where.fail(f"seat {seat} is dealt {len(hand)} tiles, not 13")
    takes = [_read_take(v, where, f"seat {seat} takes[{i}] = {v!r}") for i, v in enumerate(take_raw)]
    gives = [_read_give(v, where, f"seat {seat} discards[{i}] = {v!r}") for i, v in enumerate(give_raw)]
    return hand, takes, gives


def _ending(results: list[WinResult | DrawResult]) -> tuple[tuple[str, int | None], bool]:
    """How the play must end for these results: on a seat's draw or discard (the seat, or
    None for any), and whether the last discard was won on (no riichi stick then)."""
    first = results[0]
    if isinstance(first, WinResult):
        return (("draw", first.seat) if first.tsumo else ("discard", first.from_seat)), not first.tsumo
    if first.kind == "nine_terminals":
        return ("draw", None), False
    return ("discard", None), first.kind == "three_ron"


def _read_round(raw: object, index: int, players: int, where: _Where) -> RoundRecord:
    where.round = f"#{index}"
    if not isinstance(raw, list) or len(raw) != 17:
        raise where.fail(
            "a round is [[round, honba, sticks], scores, dora, ura, 4 x (hand, takes, discards), results], "
            f"got {quote(raw, 60)}"
        )
    head = _int_list(raw[0], "the round header", where)
    if len(head) != 3:
        raise where.fail(f"the round header is [round, honba, sticks], got {quote(head)}")
    number, honba, sticks = head
    where.round = round_name(number, honba)
    dealer = number % 4
    scores = _int_list(raw[1], "the scores", where, players)
    dora = [_tile(v, where, "dora") for v in _int_list(raw[2], "the dora indicators", where)]
    ura = [_tile(v, where, "ura") for v in _int_list(raw[3], "the ura indicators", where)]
    if not dora:
        raise where.fail("no dora indicator")
    seats = [_read_seat(raw[4 + 3 * seat : 7 + 3 * seat], seat, where) for seat in range(players)]
    results = _read_results(raw[16], players, where)
    end, ends_in_ron = _ending(results)
    seq = _Seq(players, [s[1] for s in seats], [s[2] for s in seats], end, ends_in_ron, where)
    if not seq.run(_State([0] * players, [0] * players, dealer, "draw")):
        _, reason, event = seq.best
        raise where.fail(f"cannot order the takes and discards: {reason}", event or None)
    events = seq.events
    last = events[-1]
    for result in results:
        if isinstance(result, WinResult):
            target = None if result.tsumo else result.from_seat
            events.append(
                Event(TSUMO if result.tsumo else RON, seat=result.seat, tile=last.tile, target=target)
            )
        elif result.kind == "nine_terminals":
            events.append(Event(NINE_TERMINALS, seat=last.seat))
        elif result.kind == "three_ron" and last.seat is not None:
            # the format does not name the claimants: three rons are all the others'
            for step in range(1, players):
                seat = (last.seat + step) % players
                events.append(Event(RON, seat=seat, tile=last.tile, target=last.seat))
    results = [replace(r, tile=last.tile) if isinstance(r, WinResult) else r for r in results]
    return RoundRecord(
        number=number,
        honba=honba,
        sticks=sticks,
        dealer=dealer,
        scores=tuple(scores[:players]),
        hands=tuple(s[0] for s in seats),
        dora_indicator=dora[0],
        events=tuple(events),
        results=tuple(results),
        later_indicators=tuple(dora[1:]),
        ura_indicators=tuple(ura),
    )


def read_tenhou6(text: str, source: str = "<text>") -> GameRecord:
    """Read one tenhou.net/6 JSON log (the module's text says what it decides).

    >>> import json
    >>> hand = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]
    >>> rnd = [[0, 0, 0], [25000] * 4, [31], []]
    >>> for seat in range(4):
    ...     rnd += [hand, [41] if seat == 0 else [], [60] if seat == 0 else []]
    >>> rnd += [["流局", [0, 0, 0, 0]]]
    >>> record = read_tenhou6(json.dumps({"name": list("ABCD"), "rule": {"disp": "般南喰赤"}, "log": [rnd]}))
    >>> [(e.type, e.seat, e.tile) for e in record.rounds[0].events]
    [('draw', 0, 27), ('discard', 0, 27)]
    """
    where = _Where(source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise where.fail(f"malformed JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise where.fail("malformed JSON: nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise where.fail('a tenhou.net/6 log is a JSON object with a "log" list')
    rules = rules_of(data.get("rule"))
    players = rules.players
    names_raw = data.get("name", [""] * 4)
    if (
        not isinstance(names_raw, list)
        or not all(isinstance(n, str) for n in names_raw)
        or len(names_raw) < players
    ):
        raise where.fail(f'"name" must list the {players} players\' names, got {quote(names_raw)}')
    rounds = tuple(_read_round(raw, i, players, where) for i, raw in enumerate(data["log"]))
    where.round = None
    final_scores = final_points = None
    sc = data.get("sc")
    if sc is not None:
        if (
            not isinstance(sc, list)
            or len(sc) < 2 * players
            or not all(isinstance(v, (int, float)) for v in sc)
        ):
            raise where.fail(f'"sc" must be [score, points] per player, got {quote(sc)}')
        final_scores = tuple(int(v) for v in sc[0 : 2 * players : 2])
        final_points = tuple(float(v) for v in sc[1 : 2 * players : 2])
    meta: dict[str, Any] = {k: v for k, v in data.items() if k not in ("log", "name", "sc")}
    return GameRecord(
        players=players,
        names=tuple(names_raw[:players]),
        rules=rules,
        rounds=rounds,
        final_scores=final_scores,
        final_points=final_points,
        source=source,
        format="tenhou6",
        meta=meta,
    )
