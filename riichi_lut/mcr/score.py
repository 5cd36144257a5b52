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

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.hand import Hand, as_hand
from ..core.tiles import KIND_NAMES, NUM_KINDS, parse_tiles
from ..core.winds import WIND_LETTERS
from ..errors import InvalidArgumentError, InvalidHandError, InvalidSituationError, NotAWinError, quote
from .evaluate import best_reading, total_of, uses
from .explain import explain
from .facts import HandFacts
from .fans import fan
from .readings import readings
from .rules import DEFAULT_RULES, McrRules
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


def _win_kind(value: object) -> int:
    if isinstance(value, str):
        codes = parse_tiles(value) if value.strip() else []
        if len(codes) != 1:
            raise InvalidHandError(f"win_tile must be one tile like '5p', got {quote(value)}")
        code = codes[0]
        if code >= NUM_KINDS:
            raise InvalidHandError(
                f"win_tile {quote(value)} is a red five: MCR has no red fives (write 5m/5p/5s)"
            )
        return code
    if (
        isinstance(value, (int, np.integer))
        and not isinstance(value, (bool, np.bool_))
        and 0 <= value < NUM_KINDS
    ):
        return int(value)
    raise InvalidHandError(f"win_tile must be a tile like '5p' or a kind 0..33, got {quote(value)}")


def _check_hand(h: Hand, win_kind: int, win: Win, rules: McrRules) -> None:
    if any(h.red) or any(code >= NUM_KINDS for call in h.calls for code in call.tiles):
        raise InvalidHandError(
            f"{quote(h.to_text())} has a red five (0m/0p/0s): MCR has no red fives; write it as a 5"
        )
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
        raise InvalidHandError(
            f"win_tile {KIND_NAMES[win_kind]} is not among the concealed tiles of {quote(h.to_text())}{where}"
        )
    if win.flowers and not rules.flowers:
        raise InvalidSituationError(
            f"flowers={win.flowers} but the rules play without flower tiles (flowers=False)"
        )
    if win.kong_replacement and not any(c.is_kan for c in h.calls):
        raise InvalidSituationError(
            "kong_replacement needs a kong in the hand: the replacement tile follows a kong"
        )
    if win.last_tile and h.concealed[win_kind] != 1:
        raise InvalidSituationError(
            "last_tile: the winning tile is the last copy when the other three are on the table,"
            f" but the hand holds {h.concealed[win_kind]} {KIND_NAMES[win_kind]} among its concealed tiles"
        )
    if win.robbing_kong and h.total_counts[win_kind] != 1:
        raise InvalidSituationError(
            f"robbing_kong: the other three {KIND_NAMES[win_kind]} are in the robbed kong, so the hand holds"
            f" it once, got {h.total_counts[win_kind]}"
        )


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
    missing = [k for k in ("self_drawn", "seat_wind", "prevalent_wind") if keywords[k] is None]
    if missing:
        raise InvalidArgumentError(f"score() needs {', '.join(missing)} (or a Win)")
    return Win(**keywords)


def _payments(total: int, win: Win, rules: McrRules) -> tuple[Payment, ...]:
    base = rules.base_payment
    if not win.self_drawn:
        return (Payment("discarder", base + total), Payment("other", base), Payment("other", base))
    seat = WIND_LETTERS.index(win.seat_wind)
    return tuple(Payment(WIND_LETTERS[(seat + i) % 4], base + total) for i in (1, 2, 3))


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
    h = as_hand(hand)
    win_kind = _win_kind(win_tile)
    _check_hand(h, win_kind, the_win, rules)
    found = readings(
        h.concealed, h.calls, win_kind, the_win.self_drawn, knit_wait_rule=rules.edition != "1998"
    )
    if not found:
        raise NotAWinError(f"{quote(h.to_text())} is not a complete hand in any MCR form")
    hand_facts = HandFacts(h.concealed, h.calls, win_kind, the_win, rules)
    facts, lines, others = best_reading(hand_facts, found)
    edition = rules.edition
    fan_lines = []
    for s in lines:
        row = fan(s.number)
        chinese, english = (
            ("明暗杠", "Concealed Kong and Melded Kong") if s.mixed_kongs else (row.chinese, row.english)
        )
        fan_lines.append(FanLine(s.number, chinese, english, s.points, s.count, uses(facts, s.number)))
    del edition
    uncapped = total_of(lines)
    without_flowers = total_of(lines, flowers=False)
    total = min(uncapped, rules.cap) if rules.cap is not None else uncapped
    meets = without_flowers >= rules.minimum
    return McrScore(
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
        hand=hand if isinstance(hand, str) else h.to_text(),
    )
