"""Scoring a Chinese Official (MCR) win: fans, total, the minimum, payments.

:func:`score` reads the whole winning hand (winning tile included, melded sets in
``[...]``, concealed kongs in ``(...)``), tries every reading and interpretation
(:mod:`riichi_lut.mcr.readings`), scores each under the principles
(:mod:`riichi_lut.mcr.evaluate`, :mod:`riichi_lut.mcr.combine`) and keeps the highest.
Payments: on a discard the discarder pays the base (8) plus the total and the two others
the base; on a self-draw each of the three pays base plus total. A hand below the minimum
(8 points, flowers not counted) is not a legal win: the result says so and has no
payments. Sources: the seed text on Chinese Official rules; ``docs/mcr.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from ..core.calls import Call, call_type_of
from ..core.hand import Hand, as_hand
from ..core.tiles import KIND_NAMES, NUM_KINDS, format_counts, parse_tiles, scan_tiles
from ..core.winds import WIND_LETTERS
from ..errors import (
    InvalidArgumentError,
    InvalidHandError,
    InvalidSituationError,
    NotAWinError,
    TileParseError,
    quote,
)
from .evaluate import best_lines, uses
from .explain import explain
from .facts import HandFacts
from .fans import FANS
from .readings import KONG, McrSet, call_set, read_sets
from .rules import DEFAULT_RULES, McrRules, refuse_red_fives
from .win import Win

__all__ = ["Alternative", "FanLine", "McrScore", "Payment", "score"]


@dataclass(frozen=True)
class FanLine:
    """One fan of the result: its number, names, points per use, how many uses, and the
    sets or tiles it used (notation; empty when the fan is about the whole hand or the
    win)."""

    number: int
    chinese: str
    english: str
    points: int
    count: int
    sets: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        """``points * count``."""
        return self.points * self.count

    def to_dict(self) -> dict[str, Any]:
        """The line as a JSON-ready dict."""
        return {
            "number": self.number,
            "chinese": self.chinese,
            "english": self.english,
            "points": self.points,
            "count": self.count,
            "total": self.total,
            "sets": list(self.sets),
        }


@dataclass(frozen=True)
class Payment:
    """Who pays: "discarder" or "other" on a discard win, the payer's seat wind ("E" …
    "N") on a self-draw."""

    payer: str
    points: int

    def to_dict(self) -> dict[str, Any]:
        """The payment as a JSON-ready dict."""
        return {"payer": self.payer, "points": self.points}


@dataclass(frozen=True)
class Alternative:
    """Another reading of the hand and the total it would score."""

    reading: str
    total: int

    def to_dict(self) -> dict[str, Any]:
        """The alternative as a JSON-ready dict."""
        return {"reading": self.reading, "total": self.total}


@dataclass(frozen=True)
class McrScore:
    """The score of an MCR win. ``fans`` count Flower Tiles as fan 81, so they add up to
    ``uncapped_total``; ``total`` is that sum, or 88 at most under ``cap=88`` (flowers
    inside the cap). ``meets_minimum`` compares ``total_without_flowers`` with the rules'
    minimum; below it ``payments`` is empty. ``alternatives`` lists the other readings'
    totals, highest first."""

    fans: tuple[FanLine, ...]
    total: int
    total_without_flowers: int
    meets_minimum: bool
    payments: tuple[Payment, ...]
    reading: str
    form: str
    win: Win
    rules: McrRules
    alternatives: tuple[Alternative, ...] = ()
    uncapped_total: int = 0
    hand: str = field(default="")

    def to_dict(self) -> dict[str, Any]:
        """The result as a JSON-ready dict."""
        return {
            "hand": self.hand,
            "fans": [f.to_dict() for f in self.fans],
            "total": self.total,
            "uncapped_total": self.uncapped_total,
            "total_without_flowers": self.total_without_flowers,
            "meets_minimum": self.meets_minimum,
            "payments": [p.to_dict() for p in self.payments],
            "reading": self.reading,
            "form": self.form,
            "win": self.win.to_dict(),
            "rules": self.rules.to_dict(),
            "alternatives": [a.to_dict() for a in self.alternatives],
        }

    def explain(self) -> str:
        """The score in plain English (:func:`riichi_lut.mcr.explain.explain`)."""
        return explain(self)


_KIND_OF_NAME = {name: kind for kind, name in enumerate(KIND_NAMES)}


def _win_kind(value: object) -> int:
    if type(value) is str and value in _KIND_OF_NAME:
        return _KIND_OF_NAME[value]
    if isinstance(value, str):
        codes = parse_tiles(value) if value.strip() else []
        if len(codes) != 1:
            raise InvalidHandError.about("win_tile", f"must be one tile like '5p', got {quote(value)}")
        code = codes[0]
        if code >= NUM_KINDS:
            raise InvalidHandError.about(
                "win_tile", f"{quote(value)} is a red five: MCR has no red fives (write 5m/5p/5s)"
            )
        return code
    if (
        isinstance(value, (int, np.integer))
        and not isinstance(value, (bool, np.bool_))
        and 0 <= value < NUM_KINDS
    ):
        return int(value)
    raise InvalidHandError.about("win_tile", f"must be a tile like '5p' or a kind 0..33, got {quote(value)}")


def _check_hand(h: Hand, win_kind: int, win: Win, rules: McrRules) -> None:
    refuse_red_fives(h)
    if not h.is_complete_size:
        raise InvalidHandError(
            f"a winning hand with {len(h.calls)} call(s) holds {14 - 3 * len(h.calls)} concealed tiles"
            f" (the winning tile included), got {h.concealed_count} in {quote(h.to_text())}"
        )
    if not h.concealed[win_kind]:
        where = (
            " (it sits only in a call: a called meld cannot hold the winning tile)"
            if any(win_kind in c.kinds for c in h.calls)
            else ""
        )
        raise InvalidHandError.about(
            "win_tile",
            f"{KIND_NAMES[win_kind]} is not among the concealed tiles of {quote(h.to_text())}{where}",
        )
    if win.flowers and not rules.flowers:
        raise InvalidSituationError(
            f"flowers={win.flowers} but the rules play without flower tiles (flowers=False)"
        )
    if win.kong_replacement and not any(c.is_kan for c in h.calls):
        raise InvalidSituationError.about(
            "kong_replacement", "needs a kong in the hand: the replacement tile follows a kong"
        )
    if win.last_tile and h.concealed[win_kind] != 1:
        raise InvalidSituationError.about(
            "last_tile",
            ": the winning tile is the last copy when the other three are on the table,"
            f" but the hand holds {h.concealed[win_kind]} {KIND_NAMES[win_kind]} among its concealed tiles",
        )
    if win.robbing_kong and h.total_counts[win_kind] != 1:
        raise InvalidSituationError.about(
            "robbing_kong",
            f": the other three {KIND_NAMES[win_kind]} are in the robbed kong, so the hand holds"
            f" it once, got {h.total_counts[win_kind]}",
        )


_WINS: dict[tuple[object, ...], Win] = {}  # Win values by their exact keywords (bools, ints, strs)
_TYPES = (bool, str, str, int, bool, bool, bool, bool)


def _make_win(win: Win | None, keywords: dict[str, Any]) -> Win:
    if win is not None:
        if not isinstance(win, Win):
            raise InvalidArgumentError(f"win must be an mcr.Win, got {type(win).__name__}")
        given = [k for k, v in keywords.items() if v not in (None, False, 0)]
        if given:
            raise InvalidArgumentError(
                f"give the facts as a Win or as keywords, not both (also got {', '.join(given)})"
            )
        return win
    key = tuple(keywords.values())
    known = _WINS.get(key) if tuple(map(type, key)) == _TYPES else None
    if known is not None:
        return known
    missing = [k for k in ("self_drawn", "seat_wind", "prevalent_wind") if keywords[k] is None]
    if missing:
        raise InvalidArgumentError(f"score() needs {', '.join(missing)} (or a Win)")
    made = Win(**keywords)
    if tuple(map(type, key)) == _TYPES and len(_WINS) < 1 << 14:
        _WINS[key] = made
    return made


# --- canonical notation read directly: anything else goes through core.hand.as_hand ---

_CANONICAL = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+((?:\[[1-9]{3,4}[mpsz]\]|\([1-9]{4}[mpsz]\))*)")
_GROUP = re.compile(r"([1-9]+)([mpsz])")
_CALL_TOKEN = re.compile(r"\[[1-9]{3,4}[mpsz]\]|\([1-9]{4}[mpsz]\)")
_BASE = {"m": -ord("1"), "p": 9 - ord("1"), "s": 18 - ord("1"), "z": 27 - ord("1")}
_CALLS: dict[str, tuple[Call, McrSet, tuple[int, ...]] | None] = {}
_Quick = tuple[tuple[int, ...], tuple[Call, ...], tuple[McrSet, ...], list[int]]


def _call_token(token: str) -> tuple[Call, McrSet, tuple[int, ...]] | None:
    """The call written ``token`` (like ``[123m]``) as core.hand reads it, with its set
    and kinds; None if it is no call."""
    if token in _CALLS:
        return _CALLS[token]
    codes = tuple(code for code, _ in scan_tiles(token, 1, len(token) - 1))
    try:
        call = Call(call_type_of(token[0], codes), codes)
        info: tuple[Call, McrSet, tuple[int, ...]] | None = (call, call_set(call), call.kinds)
    except (InvalidHandError, TileParseError):
        info = None
    if len(_CALLS) < 1 << 12:
        _CALLS[token] = info
    return info


def _quick_hand(text: str) -> _Quick | None:
    """Concealed counts, calls, their sets and the 34 total counts of a 14-tile winning
    hand written canonically (``55777789s(7777p)[777m]``: no spaces, no red fives, four
    copies at most), exactly as :func:`~riichi_lut.core.hand.parse_hand` reads it; None
    for any other text (the full reader then parses it, or names what is wrong)."""
    match = _CANONICAL.fullmatch(text)
    if match is None:
        return None
    split = match.start(1)
    counts = [0] * NUM_KINDS
    for digits, suit in _GROUP.findall(text, 0, split):
        base = _BASE[suit]
        for d in digits:
            counts[base + ord(d)] += 1
    concealed = tuple(counts)
    calls, sets = [], []
    for token in _CALL_TOKEN.findall(text, split):
        info = _call_token(token)
        if info is None:
            return None
        calls.append(info[0])
        sets.append(info[1])
        for k in info[2]:
            counts[k] += 1
    if max(counts) > 4 or len(calls) > 4 or sum(concealed) + 3 * len(calls) != 14:
        return None
    return concealed, tuple(calls), tuple(sets), counts


def _hand_text(concealed: tuple[int, ...], calls: tuple[Call, ...]) -> str:
    """``Hand.to_text()`` of a hand without red fives."""
    return " ".join([format_counts(concealed), *(c.to_text() for c in calls)])


def _quick_ok(quick: _Quick, win_kind: int, win: Win, rules: McrRules) -> bool:
    """What :func:`_check_hand` checks, on a hand :func:`_quick_hand` read (no red five,
    14 tiles): True when it passes."""
    concealed, _, sets, totals = quick
    return not (
        not concealed[win_kind]
        or (win.flowers and not rules.flowers)
        or (win.kong_replacement and not any(s.kind == KONG for s in sets))
        or (win.last_tile and concealed[win_kind] != 1)
        or (win.robbing_kong and totals[win_kind] != 1)
    )


_T = TypeVar("_T")
_new = object.__new__


def _frozen(cls: type[_T], **fields: Any) -> _T:
    """An instance of the frozen dataclass ``cls`` from every one of its fields, set
    without the generated ``__init__`` (the hot path of :func:`score`; the values are
    already checked)."""
    obj = _new(cls)
    obj.__dict__.update(fields)
    return obj


def _fan_line(
    number: int, chinese: str, english: str, points: int, count: int, sets: tuple[str, ...]
) -> FanLine:
    """``FanLine(number, chinese, english, points, count, sets)``, built as :func:`_frozen` does."""
    line = _new(FanLine)
    d = line.__dict__
    d["number"], d["chinese"], d["english"], d["points"], d["count"], d["sets"] = (
        number,
        chinese,
        english,
        points,
        count,
        sets,
    )
    return line


def _payment(payer: str, points: int) -> Payment:
    payment = _new(Payment)
    d = payment.__dict__
    d["payer"], d["points"] = payer, points
    return payment


def _payments(total: int, win: Win, rules: McrRules) -> tuple[Payment, ...]:
    base = rules.base_payment
    if not win.self_drawn:
        return (_payment("discarder", base + total), _payment("other", base), _payment("other", base))
    seat = WIND_LETTERS.index(win.seat_wind)
    return tuple(_payment(WIND_LETTERS[(seat + i) % 4], base + total) for i in (1, 2, 3))


def score(
    hand: str | Hand,
    win_tile: str | int,
    win: Win | None = None,
    *,
    self_drawn: bool | None = None,
    seat_wind: str | None = None,
    prevalent_wind: str | None = None,
    flowers: int = 0,
    last_tile: bool = False,
    kong_replacement: bool = False,
    robbing_kong: bool = False,
    last_tile_of_wall: bool = False,
    rules: McrRules = DEFAULT_RULES,
) -> McrScore:
    """Score an MCR win: the highest-scoring reading with its fans, total and payments.

    ``hand`` is the whole winning hand (14 tiles and one more per kong), ``win_tile``
    the tile it won on; the facts come as a :class:`~riichi_lut.mcr.win.Win` or as
    keywords. A hand complete in no MCR form raises
    :class:`~riichi_lut.errors.NotAWinError`; a hand below the minimum is scored with
    ``meets_minimum`` False and no payments.

    >>> r = score("123m456p789s234s55z", "5z", self_drawn=False, seat_wind="E", prevalent_wind="E")
    >>> [(f.english, f.total) for f in r.fans], r.meets_minimum
    ([('Mixed Straight', 8), ('Concealed Hand', 2), ('Single Wait', 1)], True)
    >>> [(p.payer, p.points) for p in r.payments]
    [('discarder', 19), ('other', 8), ('other', 8)]
    """
    if not isinstance(rules, McrRules):
        raise InvalidArgumentError(f"rules must be an McrRules, got {type(rules).__name__}")
    keywords = {
        "self_drawn": self_drawn,
        "seat_wind": seat_wind,
        "prevalent_wind": prevalent_wind,
        "flowers": flowers,
        "last_tile": last_tile,
        "kong_replacement": kong_replacement,
        "robbing_kong": robbing_kong,
        "last_tile_of_wall": last_tile_of_wall,
    }
    the_win = _make_win(win, keywords)
    quick = _quick_hand(hand) if type(hand) is str else None
    win_kind = _win_kind(win_tile) if quick is not None else -1
    if quick is not None and _quick_ok(quick, win_kind, the_win, rules):
        concealed, calls, call_sets, totals = quick
        text = hand if isinstance(hand, str) else ""
    else:
        h = as_hand(hand)
        win_kind = _win_kind(win_tile)
        _check_hand(h, win_kind, the_win, rules)
        concealed, calls, call_sets = h.concealed, h.calls, tuple(call_set(c) for c in h.calls)
        totals = h.total_counts
        text = hand if isinstance(hand, str) else h.to_text()
    found = read_sets(
        concealed, call_sets, win_kind, the_win.self_drawn, knit_wait_rule=rules.edition != "1998"
    )
    if not found:
        raise NotAWinError(f"{quote(_hand_text(concealed, calls))} is not a complete hand in any MCR form")
    hand_facts = HandFacts(concealed, calls, win_kind, the_win, rules, call_sets=call_sets, totals=totals)
    facts, lines, others = best_lines(hand_facts, found)
    fan_lines = []
    uncapped = without_flowers = 0
    for number, count, points, mixed in lines:
        row = FANS[number - 1]
        chinese, english = (
            ("明暗杠", "Concealed Kong and Melded Kong") if mixed else (row.chinese, row.english)
        )
        fan_lines.append(_fan_line(number, chinese, english, points, count, uses(facts, number)))
        uncapped += points * count
        if number != 81:
            without_flowers += points * count
    total = min(uncapped, rules.cap) if rules.cap is not None else uncapped
    meets = without_flowers >= rules.minimum
    return _frozen(
        McrScore,
        fans=tuple(fan_lines),
        total=total,
        total_without_flowers=without_flowers,
        meets_minimum=meets,
        payments=_payments(total, the_win, rules) if meets else (),
        reading=facts.reading.text(),
        form=facts.form,
        win=the_win,
        rules=rules,
        alternatives=tuple(Alternative(t, v) for t, v in others),
        uncapped_total=uncapped,
        hand=text,
    )
