"""``score()``: the value of a winning Riichi hand.

Every reading of the hand (``readings``) is scored — yaku (``yaku``), fu (``fu``), dora,
points (``points``) — and the highest-scoring one is kept (most points, then han, then
fu). Dora never make a win on their own: a hand without yaku raises
:class:`~riichi_lut.errors.NotAWinError`, as does a hand that is not complete.

>>> r = score("22334455667788p", "8p", Win(tsumo=False, seat_wind="S", round_wind="E"))
>>> [y.name for y in r.yaku], r.han, r.fu, r.total
(['Pinfu', 'Tanyao', 'Ryanpeikou', 'Chinitsu'], 11, 30, 24000)
>>> score("22334455667788p", "8p", tsumo=False, seat_wind="S", round_wind="E") == r
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, overload

from .. import hooks
from ..analysis.readings import Reading, readings
from ..core.hand import Hand, as_hand
from ..core.players import check_three_player_text
from ..core.tiles import KIND_NAMES, kind_of
from ..errors import InvalidSituationError, NotAWinError
from . import situation as situation_module
from .fastinput import (
    BlockRecord,
    Calls,
    Facts,
    call_record,
    combine_calls,
    facts_of_keywords,
    facts_of_win,
    hand_of_text,
    tile_code,
)
from .fastscore import evaluate as fast_evaluate
from .fu import FuLine, fu_lines
from .points import Payment, base_points, capped_yakuman, payments
from .rules import TENHOU, RuleSet
from .situation import Situation, dora_of, unplayed_notes
from .win import Win
from .yaku import YakuHan, evaluate


@dataclass(frozen=True)
class Dora:
    """Dora han of the hand: from indicators, ura indicators (riichi only), red fives, and
    in three players the kita (``kita``: one per North set aside; what the indicators
    showing North add for them is in ``dora`` and ``ura``)."""

    dora: int
    ura: int
    aka: int
    kita: int = 0

    @property
    def total(self) -> int:
        """All dora han: indicators, ura indicators, red fives and kita."""
        return self.dora + self.ura + self.aka + self.kita


@dataclass(frozen=True)
class ScoreResult:
    """The value of a win and how it was reached (``explain()`` tells it in English)."""

    yaku: tuple[YakuHan, ...]
    dora: Dora
    han: int
    fu: int
    fu_lines: tuple[FuLine, ...]
    yakuman: int
    limit: str | None
    base: int
    payments: tuple[Payment, ...]
    riichi_sticks: int
    total: int
    reading: Reading
    situation: Situation

    # A result of the fast path holds its numbers (han, fu, yakuman, limit, base,
    # riichi_sticks, total, points, dealer, tsumo) and ``_build``, which makes the rest
    # (the fields in _LAZY) on first use by scoring the same inputs on the reference path.
    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            if name in _LAZY:
                build = self.__dict__.get("_build")
                if build is not None:
                    full = _rebuild(*build)
                    self.__dict__.update({field: full.__dict__[field] for field in _LAZY})
                    self.__dict__.pop("_build", None)
                    return self.__dict__[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """Every field made (a pickle or a copy holds no function)."""
        for field in _LAZY:
            getattr(self, field)
        return {k: v for k, v in self.__dict__.items() if k != "_build"}

    @property
    def dealer(self) -> bool:
        """The winner is the dealer (East seat)."""
        known = self.__dict__.get("_dealer")
        return self.situation.context.dealer if known is None else known

    @property
    def tsumo(self) -> bool:
        """The hand was won by tsumo (self-draw), not by ron."""
        known = self.__dict__.get("_tsumo")
        return self.situation.context.tsumo if known is None else known

    @property
    def win(self) -> Win:
        """The facts of the win, as given (``result.win.replace(...)`` to ask "what if")."""
        return self.situation.win

    @property
    def notes(self) -> tuple[str, ...]:
        """Facts of the win that the rule set does not play: they scored nothing."""
        return self.situation.notes

    @property
    def points(self) -> int:
        """What the win itself is worth (payments before honba and sticks)."""
        known = self.__dict__.get("_points")
        return sum(p.points for p in self.payments) if known is None else known

    def explain(self) -> str:
        """The post-hand explanation in plain English: what won, how the number was
        reached, and one thing to do differently (:func:`riichi_lut.coach.explain.explain`,
        which the facade provides through :data:`riichi_lut.hooks.explain_score`: the scorer
        imports nothing from ``coach/``)."""
        return hooks.explain_score(self)

    def to_dict(self) -> dict[str, Any]:
        """The result for JSON, data only: yaku, dora, han, fu and fu lines, limit,
        payments, reading, the win's facts and notes. The report the CLI and the web send
        adds the explainer's suggestion and the alternatives it weighed
        (:func:`riichi_lut.coach.explain.score_report`)."""
        return {
            "yaku": [y.to_dict() for y in self.yaku],
            "dora": {
                "dora": self.dora.dora,
                "ura": self.dora.ura,
                "aka": self.dora.aka,
                "kita": self.dora.kita,
            },
            "han": self.han,
            "fu": self.fu,
            "fu_lines": [line.to_dict() for line in self.fu_lines],
            "yakuman": self.yakuman,
            "limit": self.limit,
            "base": self.base,
            "payments": [p.to_dict() for p in self.payments],
            "riichi_sticks": self.riichi_sticks,
            "total": self.total,
            "reading": self.reading.text(),
            "wait": self.reading.wait.value,
            "dealer": self.dealer,
            "tsumo": self.tsumo,
            "win": self.win.to_dict(),
            "notes": list(self.notes),
        }


#: The fields a fast-path result makes on first use.
_LAZY = ("yaku", "dora", "fu_lines", "payments", "reading", "situation")


def count_dora(s: Situation) -> Dora:
    """The dora of a situation: each indicator counts the tiles of the kind it shows (and,
    in three players, each kita once more when it shows North); ura likewise for riichi."""
    rules = s.context.rules
    counts = list(s.context.counts)
    kita = s.win.kita
    counts[30] += kita  # the kita are North tiles for the indicators, outside the hand
    dora = sum(counts[dora_of(i, rules.players)] for i in s.dora_indicators) if s.dora_indicators else 0
    riichi = s.context.riichi or s.context.double_riichi
    ura = (
        sum(counts[dora_of(i, rules.players)] for i in s.ura_indicators)
        if riichi and rules.ura_dora and s.ura_indicators
        else 0
    )
    return Dora(dora, ura, sum(s.hand.total_red), kita)


def _score_reading(reading: Reading, s: Situation, dora: Dora) -> ScoreResult | None:
    yaku = evaluate(reading, s.context)
    if not yaku:
        return None
    rules = s.context.rules
    multiples = [y.yakuman for y in yaku if y.yakuman]
    yakuman = (sum(multiples) if rules.multiple_yakuman else max(multiples)) if multiples else 0
    if yakuman and rules.yakuman_cap:
        yakuman = capped_yakuman(yakuman, rules)
    pinfu = any(y.id == "pinfu" for y in yaku)
    lines, fu = fu_lines(reading, s.context, pinfu)
    han = 0 if yakuman else sum(y.han for y in yaku) + dora.total
    base, limit = base_points(han, fu, yakuman, rules)
    pay = payments(base, s.context.seat_wind, s.context.tsumo, s.honba, rules)
    sticks = 1000 * s.riichi_sticks
    total = sum(p.total for p in pay) + sticks
    return ScoreResult(yaku, dora, han, fu, lines, yakuman, limit, base, pay, sticks, total, reading, s)


def best(results: list[ScoreResult]) -> ScoreResult:
    """The reading worth the most; on equal points a real yakuman beats a counted one
    (kazoe: a suuankou that also reads as 13+ han of chinitsu and the rest is suuankou)."""
    return max(results, key=lambda r: (r.total, r.yakuman, r.han, r.fu))


@overload
def score(hand: str | Hand, win_tile: str | int, win: Win, *, rules: RuleSet = TENHOU) -> ScoreResult: ...


@overload
def score(
    hand: str | Hand,
    win_tile: str | int,
    *,
    tsumo: bool,
    seat_wind: str,
    round_wind: str,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool | Literal["closed"] = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    dora_indicators: Any = (),
    ura_indicators: Any = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: RuleSet = TENHOU,
) -> ScoreResult: ...


def score(
    hand: str | Hand, win_tile: str | int, win: Win | None = None, *, rules: RuleSet = TENHOU, **facts: Any
) -> ScoreResult:
    """Score a winning hand: ``hand`` is the whole hand in ``parse_hand`` notation, the
    winning tile included (``"234m55p [678s] (1111z)"``); ``win_tile`` is that tile
    (``"0p"`` when it is the red five); ``win`` the facts of the win, a :class:`Win`.

    The facts may instead be given as keywords, the fields of :class:`Win` (``tsumo``,
    ``seat_wind`` and ``round_wind`` required; winds "E", "S", "W" or "N" in either case):
    ``score(hand, tile, tsumo=False, seat_wind="S", round_wind="E")`` is
    ``score(hand, tile, Win(tsumo=False, seat_wind="S", round_wind="E"))``; giving both is
    an error. ``chankan=True`` robs an added kan (any hand); ``chankan="closed"`` robs a
    closed kan, which only thirteen orphans may do and only where
    ``rules.kokushi_robs_closed_kan`` (otherwise an
    :class:`~riichi_lut.errors.InvalidSituationError` says which). ``riichi_sticks``
    counts every deposit on the table, the winner's own included (0..120; 0 for a double
    ron's second winner, whose stick went to the first: see
    :func:`~riichi_lut.riichi.settle.settle`);
    ``honba`` is 0..100; ``double_riichi`` implies riichi. A fact the rule set does not play
    (ippatsu with ``RuleSet.ippatsu`` off, renhou under ``renhou="none"``, ura indicators
    without ``ura_dora``) scores nothing and is named in ``ScoreResult.notes``.
    See :class:`ScoreResult`.

    >>> w = Win(tsumo=False, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1)
    >>> r = score("123m456p234789s99s", "3s", w)
    >>> r.han, r.fu, r.points, r.total, r.win == w
    (1, 40, 1300, 2300, True)
    >>> score("123m456p234789s99s", "3s", w.replace(ippatsu=True), rules=TENHOU.replace(ippatsu=False)).notes
    ('ippatsu: the Tenhou rule set does not play ippatsu, so it scores nothing',)
    >>> from .rules import MAHJONG_SOUL
    >>> k = score("19m19p19s12345677z", "1m", tsumo=False, seat_wind="S", round_wind="E",
    ...           chankan="closed", rules=MAHJONG_SOUL)
    >>> [y.id for y in k.yaku], k.points
    (['kokushi'], 32000)
    """
    if type(rules) is not RuleSet or (win is not None and (facts or not isinstance(win, Win))):
        return reference_score(hand, win_tile, win, rules=rules, **facts)  # it raises the error
    kita = 0
    if rules.players == 3 or (win is not None and win.kita) or facts.get("kita"):
        if rules.players != 3:
            return reference_score(hand, win_tile, win, rules=rules, **facts)  # a kita in four players
        win, facts, kita = _kita_of(win, facts)
    if win is None:
        fast = facts_of_keywords(_without_kita(facts))
        if fast is None:  # facts the fast reader leaves to Win, which raises if they are wrong
            win = Win(**facts)
            facts = {}
            fast = facts_of_win(win)
    else:
        fast = facts_of_win(win)
    if fast is None:
        return reference_score(hand, win_tile, win, rules=rules, **facts)
    read: _Read | None = hand_of_text(hand) if hand.__class__ is str else None
    if read is None:
        read = _read_hand(hand)
    if read is None:
        return reference_score(hand, win_tile, win, rules=rules, **facts)
    counts, red, calls, records, text = read
    found = fast_evaluate(counts, red, calls, records, fast, win_tile, rules, kita)
    if found is None:
        return reference_score(hand, win_tile, win, rules=rules, **facts)
    if isinstance(found, int):
        raise _not_a_win(found, text if isinstance(text, str) else text.to_text(), win_tile, fast, rules)
    total, yakuman, han, fu, base, limit, points = found
    result = object.__new__(ScoreResult)
    result.__dict__.update(
        han=han, fu=fu, yakuman=yakuman, limit=limit, base=base, riichi_sticks=1000 * fast[16], total=total,
        _points=points, _dealer=fast[1] == 27, _tsumo=fast[0],
        _build=(hand, win_tile, win, facts, fast, rules),  # the reference path's arguments: _rebuild
    )  # fmt: skip
    return result


def _rebuild(
    hand: str | Hand, win_tile: str | int, win: Win | None, facts: dict[str, Any], fast: Facts, rules: RuleSet
) -> ScoreResult:
    """The full result of a fast ``score`` (its ``_build`` arguments), by the reference path:
    the facts as given, or as keywords with the indicators as the fast reader read them."""
    if win is None:
        win = Win(**{**facts, "dora_indicators": fast[13], "ura_indicators": fast[14]})
    return reference_score(hand, win_tile, win, rules=rules)


def _kita_of(win: Win | None, facts: dict[str, Any]) -> tuple[Win | None, dict[str, Any], int]:
    """(win, facts, the kita count) of a three-player ``score``: a count given as a keyword
    stays one; anything else is read by ``Win`` (which says what is wrong with it)."""
    if win is not None:
        return win, facts, win.kita
    kita = facts.get("kita", 0)
    if kita.__class__ is int and 0 <= kita <= 4:
        return None, facts, kita
    win = Win(**facts)
    return win, {}, win.kita


def _without_kita(facts: dict[str, Any]) -> dict[str, Any]:
    """The facts for the fast reader: a plain kita count 0..4 (read by ``_kita_of``) taken
    out; any other kita value stays, so that the reader leaves it to ``Win``."""
    count = facts.get("kita")
    if count.__class__ is int and 0 <= count <= 4:
        return {name: value for name, value in facts.items() if name != "kita"}
    return facts


#: What ``_read_hand`` gives: (concealed counts, red fives, the calls combined or None, the
#: block records when known, the hand's text or the Hand).
_Read = tuple[Sequence[int], tuple[int, int, int], Calls | None, tuple[BlockRecord, ...] | None, str | Hand]


def _read_hand(hand: object) -> _Read | None:
    """(concealed counts, red fives, the calls combined or None, the block records if
    known, the hand's text or the Hand) of ``score``'s hand when not in canonical notation,
    or None for a hand the reference path reads."""
    if hand.__class__ is str:
        hand = as_hand(hand)
    if isinstance(hand, Hand):
        calls = None
        if hand.calls:
            calls = combine_calls(hand.concealed, hand.red, tuple(call_record(c) for c in hand.calls))
        return hand.concealed, hand.red, calls, None, hand
    return None


def _not_a_win(found: int, text: str, win_tile: object, fast: Facts, rules: RuleSet) -> NotAWinError:
    """The reference path's error for a hand that is not complete (``found`` -1) or has no
    yaku (``found`` its dora han)."""
    if found < 0:
        return NotAWinError(f"{text} is not a complete hand (four melds and a pair, seven pairs or kokushi)")
    extra = f" ({found} dora do not count as a yaku)" if found else ""
    notes = unplayed_notes(rules, ippatsu=fast[5], renhou=fast[12], ura=bool(fast[14]))
    return NotAWinError(
        f"{text} won on {KIND_NAMES[kind_of(tile_code(win_tile) or 0)]} has no yaku{extra}: it is"
        f" not a win{''.join(f'; {note}' for note in notes)}"
    )


def reference_score(
    hand: str | Hand, win_tile: str | int, win: Win | None = None, *, rules: RuleSet = TENHOU, **facts: Any
) -> ScoreResult:
    """:func:`score` on the general path: every reading made into objects and scored
    (``yaku.evaluate``, ``fu.fu_lines``, ``points``), the best kept. ``score`` answers the
    same, faster: this is the reference it is tested against, and what makes the full
    result of a ``score`` (its yaku, fu lines, reading and situation) when first read.

    >>> reference_score("123m456p234789s99s", "3s", tsumo=True, seat_wind="E", round_wind="E").total
    1500
    """
    if win is None:
        win = Win(**facts)
    elif facts:
        raise InvalidSituationError(
            f"give the facts of the win as a Win or as keywords, not both (got a Win and {sorted(facts)})"
        )
    elif not isinstance(win, Win):
        raise InvalidSituationError(
            f"win must be a riichi_lut.Win (the facts of the win), got {type(win).__name__}"
        )
    if isinstance(rules, RuleSet) and rules.players == 3 and isinstance(hand, str):
        check_three_player_text(hand)  # names the position of a 2m-8m in the notation
    s = situation_module.build(as_hand(hand), win_tile, win, rules)
    all_readings = readings(s.hand, kind_of(s.win_code))
    if not all_readings:
        raise NotAWinError(
            f"{s.hand.to_text()} is not a complete hand (four melds and a pair, seven pairs or kokushi)"
        )
    dora = count_dora(s)
    results = [r for r in (_score_reading(reading, s, dora) for reading in all_readings) if r is not None]
    if not results:
        extra = f" ({dora.total} dora do not count as a yaku)" if dora.total else ""
        notes = "".join(f"; {note}" for note in s.notes)
        raise NotAWinError(
            f"{s.hand.to_text()} won on {KIND_NAMES[kind_of(s.win_code)]} has no yaku{extra}: it is not a"
            f" win{notes}"
        )
    return best(results)
