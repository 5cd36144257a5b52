"""Tenhou's mjlog XML (``<mjloggm ver="2.3">``), read into a
:class:`~riichi_lut.game.record.GameRecord`.

Every tag: ``SHUFFLE`` (the seed, kept: the replay rebuilds every wall from it), ``GO``
(the lobby's rule bits: three players, hanchan, no red fives, no open tanyao), ``UN`` (the
names; a later ``UN`` is a reconnection), ``TAIKYOKU``, ``INIT`` (a hand starts), the
draws ``T U V W`` and discards ``D E F G`` (a discard of the tile just drawn is
tsumogiri), ``N`` (calls: :mod:`riichi_lut.game.logs.meld`), ``REACH`` (step 1 the
declaration, step 2 the deposit), ``DORA``, ``AGARI``, ``RYUUKYOKU``, ``BYE`` (a
disconnection, noted in ``meta["disconnections"]``) and ``owari``.

A log cut short reads as far as it goes: without ``owari`` the record has no final
scores (``final_scores`` and ``final_points`` are ``None``); a hand without its end has no
results (``results == ()``; the replay stops there). Anything else that does not fit
(malformed XML, a missing or non-numeric attribute, a seat that is not one, an unknown
tag, a discard or call of a tile id the seat does not hold, a tile id dealt twice, a
meld code that names no call) is a
:class:`~riichi_lut.errors.LogFormatError` naming the file, the hand (``E1-0``) and the
tag (its index among the root's children and its text, e.g. ``12 (<D12/>)``).

Three players' logs (``GO`` bit 16) read the three seats' ``hai``, ``ten``, ``sc`` and
``owari``; a fourth seat written empty or as zeros is allowed. Written back by
:func:`riichi_lut.game.logs.mjlog_write.write_mjlog`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import unquote
from xml.etree import ElementTree

from ...core.notations import from_136
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
    round_name,
)
from ..rules import TENHOU_GAME, TENHOU_SANMA_GAME, GameRules
from .meld import decode_meld
from .tenhou_yaku import AKA, TENHOU_YAKU, URA
from .tenhou_yaku import DORA as DORA_YAKU

__all__ = ["LIMIT_NAMES", "RYUUKYOKU_KINDS", "read_mjlog", "rules_of_lobby"]

_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
#: ``ten``'s third number: the limit of the hand.
LIMIT_NAMES = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: ``RYUUKYOKU type`` -> the record's draw kind (no type: the exhaustive draw).
RYUUKYOKU_KINDS = {
    None: "exhaustive",
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "ron3": "three_ron",
    "kan4": "four_kans",
    "nm": "nagashi_mangan",
}
_IGNORED = frozenset({"mjloggm", "SHUFFLE", "TAIKYOKU", "BYE"})


def rules_of_lobby(game_type: int) -> GameRules:
    """The rules of a ``GO type``: bit 16 three players, bit 8 hanchan (else tonpuu), bit 2
    no red fives, bit 4 no open tanyao (the bits as dnovikoff/tenhou's lobby notes)."""
    rules = TENHOU_SANMA_GAME if game_type & 16 else TENHOU_GAME
    scoring = rules.scoring
    if game_type & 2:
        scoring = scoring.replace(aka_dora=(0, 0, 0))
    if game_type & 4:
        scoring = scoring.replace(kuitan=False)
    return rules.replace(scoring=scoring, length="hanchan" if game_type & 8 else "tonpuu")


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.rules = TENHOU_GAME
        self.red = True
        self.players = 4
        self.names: tuple[str, ...] = ()
        self.seed: str | None = None
        self.meta: dict[str, Any] = {}
        self.rounds: list[RoundRecord] = []
        self.final: tuple[tuple[int, ...], tuple[float, ...]] | None = None
        self.current: dict[str, Any] | None = None
        self.tag_index = 0
        self.tag_text = ""
        self.seen: set[int] = set()

    # ---------------------------------------------------------------- errors and numbers
    def error(self, reason: str) -> LogFormatError:
        where = None
        if self.current is not None:
            where = round_name(self.current["number"], self.current["honba"])
        return LogFormatError(
            reason, source=self.source, round=where, event=f"{self.tag_index} ({self.tag_text})"
        )

    def ints(self, attrs: dict[str, str], name: str, count: int | None = None) -> list[int]:
        if name not in attrs:
            raise self.error(f"the tag has no {name!r} attribute")
        text = attrs[name]
        try:
            values = [int(x) for x in text.split(",")] if text else []
        except ValueError:
            raise self.error(f"{name}={text[:40]!r} is not a list of whole numbers") from None
        if count is not None and len(values) != count:
            raise self.error(f"{name} holds {len(values)} numbers, expected {count}")
        return values

    def seat(self, attrs: dict[str, str], name: str) -> int:
        (value,) = self.ints(attrs, name, 1)
        if not 0 <= value < self.players:
            raise self.error(f"{name}={value} is not a seat of a {self.players}-player game")
        return value

    def code(self, tile_id: int) -> int:
        if not 0 <= tile_id < 136:
            raise self.error(f"tile id {tile_id} is outside 0..135")
        return from_136(tile_id, self.red)

    def see(self, tile_id: int) -> None:
        """A tile is dealt: each id once. (A draw of an id that is already out, and the
        dora indicators, are left to the replay, which knows the wall.)"""
        self.code(tile_id)
        if tile_id in self.seen:
            raise self.error(f"tile id {tile_id} comes out of the wall a second time")
        self.seen.add(tile_id)

    # ---------------------------------------------------------------- the hand being read
    def hand(self) -> dict[str, Any]:
        if self.current is None:
            raise self.error("a hand's event before any INIT")
        return self.current

    def take(self, seat: int, tile_id: int) -> None:
        held = self.hand()["held"][seat]
        if tile_id not in held:
            raise self.error(f"seat {seat} does not hold tile id {tile_id}")
        held.remove(tile_id)

    def add(self, event: Event) -> None:
        self.hand()["events"].append(event)

    def close_round(self) -> None:
        h = self.current
        if h is None:
            return
        self.rounds.append(
            RoundRecord(
                number=h["number"],
                honba=h["honba"],
                sticks=h["sticks"],
                dealer=h["dealer"],
                scores=h["scores"],
                hands=h["hands"],
                dora_indicator=h["dora"],
                events=tuple(h["events"]),
                results=tuple(h["results"]),
                dice=h["dice"],
            )
        )
        self.current = None

    # ---------------------------------------------------------------- tags
    def on_go(self, a: dict[str, str]) -> None:
        (game_type,) = self.ints(a, "type", 1)
        self.rules = rules_of_lobby(game_type)
        self.red = any(self.rules.scoring.aka_dora)
        self.players = self.rules.players
        self.meta.update({"type": game_type, "lobby": a.get("lobby")})

    def on_un(self, a: dict[str, str]) -> None:
        if "n0" in a and not self.names:
            self.names = tuple(unquote(a.get(f"n{i}", "")) for i in range(self.players))
            self.meta.update({k: a[k] for k in ("dan", "rate", "sx") if k in a})

    def on_init(self, a: dict[str, str]) -> None:
        self.close_round()
        number, honba, sticks, dice0, dice1, dora = self.ints(a, "seed", 6)
        ten = self.ints(a, "ten")
        if len(ten) < self.players:
            raise self.error(f"ten holds {len(ten)} scores, expected {self.players}")
        scores = tuple(100 * s for s in ten[: self.players])
        dealer = self.seat(a, "oya")
        held = [self.ints(a, f"hai{seat}", 13) for seat in range(self.players)]
        self.current = {"number": number, "honba": honba}
        self.current.update(
            sticks=sticks,
            dealer=dealer,
            scores=scores,
            hands=tuple(tuple(self.code(t) for t in h) for h in held),
            dora=self.code(dora),
            dice=(dice0, dice1),
            events=[],
            results=[],
            held=[list(h) for h in held],
            drawn=[None] * self.players,
            last_drawer=None,
        )
        self.seen = set()
        for tile_id in (t for h in held for t in h):
            self.see(tile_id)

    def on_draw(self, seat: int, tile_id: int) -> None:
        h = self.hand()
        self.code(tile_id)
        h["held"][seat].append(tile_id)
        h["drawn"][seat] = tile_id
        h["last_drawer"] = seat
        self.add(Event(DRAW, seat=seat, tile=self.code(tile_id)))

    def on_discard(self, seat: int, tile_id: int) -> None:
        h = self.hand()
        self.take(seat, tile_id)
        tsumogiri = h["drawn"][seat] == tile_id
        for s in range(self.players):
            h["drawn"][s] = None
        self.add(Event(DISCARD, seat=seat, tile=self.code(tile_id), tsumogiri=tsumogiri))

    def on_meld(self, a: dict[str, str]) -> None:
        who = self.seat(a, "who")
        (m,) = self.ints(a, "m", 1)
        try:
            meld = decode_meld(m, who, self.players)
        except LogFormatError as error:
            raise self.error(error.reason) from None
        target = meld.from_seat
        h = self.hand()
        h["drawn"] = [None] * self.players
        if meld.type == CLOSED_KAN:
            for t in meld.tiles:
                self.take(who, t)
            codes = tuple(self.code(t) for t in meld.tiles)
            self.add(Event(CLOSED_KAN, seat=who, tile=codes[-1], consumed=codes))
        elif meld.type == ADDED_KAN:
            self.take(who, meld.called)
            pon = tuple(self.code(t) for t in meld.tiles[:3])
            self.add(Event(ADDED_KAN, seat=who, tile=self.code(meld.called), consumed=pon))
        elif meld.type == KITA:
            self.take(who, meld.called)
            self.add(Event(KITA, seat=who, tile=self.code(meld.called)))
        else:
            own = [t for t in meld.tiles if t != meld.called]
            for t in own:
                self.take(who, t)
            consumed = tuple(self.code(t) for t in own)
            event_type = {CHI: CHI, PON: PON, OPEN_KAN: OPEN_KAN}[meld.type]
            self.add(
                Event(event_type, seat=who, tile=self.code(meld.called), target=target, consumed=consumed)
            )

    def on_reach(self, a: dict[str, str]) -> None:
        who = self.seat(a, "who")
        (step,) = self.ints(a, "step", 1)
        if step not in (1, 2):
            raise self.error(f"REACH step={step} (1 declares, 2 pays the stick)")
        self.add(Event(RIICHI if step == 1 else RIICHI_ACCEPTED, seat=who))

    def on_dora(self, a: dict[str, str]) -> None:
        (hai,) = self.ints(a, "hai", 1)
        self.add(Event(DORA, tile=self.code(hai)))

    def scores_changes(self, a: dict[str, str]) -> tuple[int, ...]:
        """``sc``'s deltas; three players' logs may pad a fourth seat with zeros."""
        sc = self.ints(a, "sc")
        if len(sc) != 2 * self.players and not (len(sc) == 8 and not any(sc[2 * self.players :])):
            raise self.error(f"sc holds {len(sc)} numbers, expected {2 * self.players}")
        return tuple(100 * d for d in sc[1 : 2 * self.players : 2])

    def on_agari(self, a: dict[str, str]) -> None:
        who = self.seat(a, "who")
        from_who = self.seat(a, "fromWho")
        (machi,) = self.ints(a, "machi", 1)
        fu, points, limit = self.ints(a, "ten", 3)
        tile = self.code(machi)
        if who == from_who:
            self.add(Event(TSUMO, seat=who, tile=tile))
        else:
            self.add(Event(RON, seat=who, tile=tile, target=from_who))
        yaku: list[tuple[str, int]] = []
        dora = {DORA_YAKU: 0, URA: 0, AKA: 0}
        han = 0
        if "yakuman" in a:
            for number in self.ints(a, "yakuman"):
                yaku.append((self.yaku_name(number), 13))
                han += 13
        if "yaku" in a:
            pairs = self.ints(a, "yaku")
            for number, value in zip(pairs[::2], pairs[1::2], strict=True):
                if number in dora:
                    dora[number] += value
                elif value:
                    yaku.append((self.yaku_name(number), value))
                han += value
        if not 0 <= limit < len(LIMIT_NAMES):
            raise self.error(f"ten's limit {limit} is outside 0..5")
        ura = tuple(self.code(t) for t in self.ints(a, "doraHaiUra")) if "doraHaiUra" in a else None
        pao = self.seat(a, "paoWho") if "paoWho" in a else None
        hand = tuple(self.code(t) for t in self.ints(a, "hai"))
        self.hand()["results"].append(
            WinResult(
                seat=who,
                from_seat=from_who,
                pao=pao,
                han=han,
                fu=fu,
                points=points,
                limit=LIMIT_NAMES[limit],
                yaku=tuple(sorted(yaku)),
                dora=dora[DORA_YAKU],
                ura=dora[URA],
                aka=dora[AKA],
                tile=tile,
                hand=hand,
                ura_indicators=ura,
                deltas=self.scores_changes(a),
            )
        )
        self.on_owari(a)

    def yaku_name(self, number: int) -> str:
        if number not in TENHOU_YAKU:
            raise self.error(f"unknown yaku number {number}")
        return TENHOU_YAKU[number]

    def on_ryuukyoku(self, a: dict[str, str]) -> None:
        kind = RYUUKYOKU_KINDS.get(a.get("type"))
        if kind is None:
            raise self.error(f"unknown RYUUKYOKU type {a.get('type')!r}")
        h = self.hand()
        if kind == "nine_terminals":
            seat = h["last_drawer"]
            if seat is None:
                raise self.error("nine terminals before any draw")
            self.add(Event(NINE_TERMINALS, seat=seat))
        shown = tuple(s for s in range(self.players) if f"hai{s}" in a)
        if kind == "three_ron":  # the three claimants' rons, which the tag stands for
            last = next((e for e in reversed(h["events"]) if e.type == DISCARD), None)
            if last is None:
                raise self.error("three rons before any discard")
            for seat in sorted(shown, key=lambda s: (s - (last.seat or 0)) % self.players):
                self.add(Event(RON, seat=seat, tile=last.tile, target=last.seat))
        deltas = self.scores_changes(a) if "sc" in a else None
        h["results"].append(DrawResult(kind, deltas, shown))
        self.on_owari(a)

    def on_owari(self, a: dict[str, str]) -> None:
        if "owari" not in a:
            return
        text = a["owari"].split(",")
        try:
            scores = tuple(100 * int(x) for x in text[0::2])
            points = tuple(float(x) for x in text[1::2])
        except ValueError:
            raise self.error(f"owari={a['owari'][:60]!r} is not scores and points") from None
        if len(scores) < self.players or len(points) < self.players:
            raise self.error(f"owari holds {len(scores)} scores, expected {self.players}")
        self.final = (scores[: self.players], points[: self.players])

    def read(self, text: str) -> GameRecord:
        try:
            root = ElementTree.fromstring(text)
        except ElementTree.ParseError as error:
            raise LogFormatError(f"not well-formed XML ({error})", source=self.source) from None
        if root.tag != "mjloggm":
            raise LogFormatError(f"the root tag is <{root.tag}>, an mjlog's is <mjloggm>", source=self.source)
        handlers: dict[str, Callable[[dict[str, str]], None]] = {
            "GO": self.on_go,
            "UN": self.on_un,
            "INIT": self.on_init,
            "N": self.on_meld,
            "REACH": self.on_reach,
            "DORA": self.on_dora,
            "AGARI": self.on_agari,
            "RYUUKYOKU": self.on_ryuukyoku,
        }
        for index, element in enumerate(root):
            tag = element.tag
            attrs = dict(element.attrib)
            self.tag_index = index
            shown = "".join(f' {k}="{v}"' for k, v in list(attrs.items())[:3])
            self.tag_text = f"<{tag}{shown}/>"[:80]
            if tag == "SHUFFLE":
                self.seed = attrs.get("seed")
            elif tag in handlers:
                handlers[tag](attrs)
            elif len(tag) > 1 and tag[0] in _DRAW_TAGS + _DISCARD_TAGS and tag[1:].isdigit():
                seat = (_DRAW_TAGS + _DISCARD_TAGS).index(tag[0]) % 4
                if seat >= self.players:
                    raise self.error(f"seat {seat} in a {self.players}-player game")
                tile_id = int(tag[1:])
                if tag[0] in _DRAW_TAGS:
                    self.on_draw(seat, tile_id)
                else:
                    self.on_discard(seat, tile_id)
            elif tag not in _IGNORED:
                raise self.error(f"unknown tag <{tag}>")
            elif tag == "BYE":
                self.meta.setdefault("disconnections", []).append(dict(attrs))
        self.close_round()
        final = self.final
        return GameRecord(
            players=self.players,
            names=self.names or tuple(f"seat {i}" for i in range(self.players)),
            rules=self.rules,
            rounds=tuple(self.rounds),
            final_scores=final[0] if final else None,
            final_points=final[1] if final else None,
            seed=self.seed,
            source=self.source,
            format="mjlog",
            meta=self.meta,
        )


def read_mjlog(text: str, source: str = "<text>") -> GameRecord:
    """The game of an mjlog's XML text (see the module docstring)."""
    return _Reader(source).read(text)
