"""MCR discard advice: shape acceptance plus the points of every wait, ranked, with a why.

:func:`hint` builds on :func:`riichi_lut.mcr.acceptance.ukeire` (MCR shanten over every
form, the draws that lower it, live counts). At tenpai it scores every wait twice — won on
a discard and self-drawn, with :func:`riichi_lut.mcr.score` (no flowers, no situational
fans such as Last Tile) — and says whether each reaches the minimum (8 points, 6 under the
beginner rules, flowers never counted): the mistake MCR learners make is a tenpai that
cannot legally win. Discards rank by MCR shanten, then the live tiles that can *legally*
win (at tenpai: the waits that reach the minimum on a discard or by a self-draw; before
tenpai every accepted live tile), then all live acceptance, then tile order.

>>> h = hint("123m456p789s23s56z5z")       # 5z or 6z out: both tenpai, different points
>>> h.best.discard, [(w.tile, w.discard_points, w.legal) for w in h.best.waits]
('6z', [('1s', 11, True), ('4s', 10, True)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.results import TileLive
from ..core.hand import Hand, as_hand
from ..core.tiles import KIND_NAMES
from ..core.visible import VisibleLike
from .acceptance import ukeire
from .rules import DEFAULT_RULES, McrRules, refuse_red_fives
from .score import score

__all__ = ["McrHint", "McrOption", "McrWait", "hint", "tenpai_waits"]


@dataclass(frozen=True)
class McrWait:
    """A winning tile of a tenpai hand: its live copies and what it scores.

    ``discard_points`` / ``self_drawn_points`` are the totals won on a discard and by a
    self-draw (no flowers, no situational fans); ``minimum`` the rules' minimum.
    """

    kind: int
    live: int
    discard_points: int
    self_drawn_points: int
    minimum: int

    @property
    def tile(self) -> str:
        """The wait in notation (``"5p"``)."""
        return KIND_NAMES[self.kind]

    @property
    def legal_on_discard(self) -> bool:
        """It reaches the minimum when won on a discard."""
        return self.discard_points >= self.minimum

    @property
    def legal_self_drawn(self) -> bool:
        """It reaches the minimum when self-drawn."""
        return self.self_drawn_points >= self.minimum

    @property
    def legal(self) -> bool:
        """It can win legally one way or the other."""
        return self.legal_on_discard or self.legal_self_drawn

    def to_dict(self) -> dict[str, Any]:
        """The wait, its live count, its points both ways and whether each is legal."""
        return {
            "tile": self.tile,
            "live": self.live,
            "discard_points": self.discard_points,
            "self_drawn_points": self.self_drawn_points,
            "legal_on_discard": self.legal_on_discard,
            "legal_self_drawn": self.legal_self_drawn,
        }


@dataclass(frozen=True)
class McrOption:
    """One discard of a 14-tile hand (``kind`` None for a 13-tile hand's own acceptance):
    the MCR shanten left, the accepted kinds with live copies, and at tenpai the waits."""

    kind: int | None
    shanten: int
    accepted: tuple[TileLive, ...]
    waits: tuple[McrWait, ...] = ()

    @property
    def discard(self) -> str | None:
        """The discarded tile in notation (None for a 13-tile hand)."""
        return None if self.kind is None else KIND_NAMES[self.kind]

    @property
    def total(self) -> int:
        """Live copies of every accepted kind."""
        return sum(t.live for t in self.accepted)

    @property
    def legal_total(self) -> int:
        """At tenpai, the live copies of the waits that can win legally; else ``total``."""
        if self.shanten != 0:
            return self.total
        return sum(w.live for w in self.waits if w.legal)

    def sort_key(self) -> tuple[int, int, int, int]:
        """Lower is better: shanten, then legal live tiles, then all live tiles, then kind."""
        return (self.shanten, -self.legal_total, -self.total, -1 if self.kind is None else self.kind)

    def to_dict(self) -> dict[str, Any]:
        """Discard, shanten, accepted tiles, totals and waits, for JSON."""
        return {
            "discard": self.discard,
            "shanten": self.shanten,
            "accepted": [t.to_dict() for t in self.accepted],
            "total": self.total,
            "legal_total": self.legal_total,
            "waits": [w.to_dict() for w in self.waits],
        }


@dataclass(frozen=True)
class McrHint:
    """MCR advice for a hand. 14 tiles: ``options`` holds every discard, best first. 13
    tiles: one option, the hand's own acceptance (``discard`` None)."""

    hand: str
    shanten: int
    options: tuple[McrOption, ...]
    why: str

    @property
    def best(self) -> McrOption:
        """The recommended discard (for 13 tiles: the hand's acceptance)."""
        return self.options[0]

    def text(self) -> str:
        """The why, then one line per option."""
        return "\n".join([self.why] + [f"  {_label(o)}: {_summary(o)}" for o in self.options])

    def to_dict(self) -> dict[str, Any]:
        """Hand, shanten, the ranked options and the why, for JSON."""
        return {
            "hand": self.hand,
            "shanten": self.shanten,
            "options": [o.to_dict() for o in self.options],
            "why": self.why,
        }


# --------------------------------------------------------------------------- waits


def _with_tile(hand: Hand, kind: int) -> Hand:
    counts = list(hand.concealed)
    counts[kind] += 1
    return Hand(tuple(counts), hand.red, hand.calls)


def tenpai_waits(
    hand: Hand, accepted: tuple[TileLive, ...], seat_wind: str, prevalent_wind: str, rules: McrRules
) -> tuple[McrWait, ...]:
    """Every accepted kind of a tenpai ``hand`` scored as its winning tile, on a discard
    and self-drawn (totals without flowers)."""
    waits = []
    for t in accepted:
        whole = _with_tile(hand, t.kind)
        facts: dict[str, Any] = {"seat_wind": seat_wind, "prevalent_wind": prevalent_wind, "rules": rules}
        on_discard = score(whole, t.tile, self_drawn=False, **facts).total_without_flowers
        self_drawn = score(whole, t.tile, self_drawn=True, **facts).total_without_flowers
        waits.append(McrWait(t.kind, t.live, on_discard, self_drawn, rules.minimum))
    return tuple(waits)


def _option(
    hand: Hand,
    kind: int | None,
    shanten: int,
    accepted: tuple[TileLive, ...],
    facts: tuple[str, str, McrRules],
) -> McrOption:
    if shanten != 0:
        return McrOption(kind, shanten, accepted)
    if kind is not None:
        counts = list(hand.concealed)
        counts[kind] -= 1
        hand = Hand(tuple(counts), hand.red, hand.calls)
    return McrOption(kind, shanten, accepted, tenpai_waits(hand, accepted, *facts))


# --------------------------------------------------------------------------- words


def _state(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


def _label(option: McrOption) -> str:
    return "keep" if option.discard is None else f"{option.discard:>3}"


def _summary(option: McrOption) -> str:
    state = _state(option.shanten)
    if option.waits:
        waits = ", ".join(
            f"{w.tile}x{w.live} {w.discard_points}/{w.self_drawn_points}" + ("" if w.legal else " (too few)")
            for w in option.waits
        )
        return f"{state}, {option.legal_total} of {option.total} live tiles can win: {waits}"
    tiles = " ".join(f"{t.tile}x{t.live}" for t in option.accepted)
    return f"{state}, {option.total} live tiles: {tiles}"


def _tenpai_words(option: McrOption, minimum: int) -> str:
    legal = [w for w in option.waits if w.legal]
    short = [w for w in option.waits if not w.legal]
    if legal:
        parts = ", ".join(
            f"{w.tile} ({w.discard_points} on a discard, {w.self_drawn_points} self-drawn)" for w in legal
        )
        text = f"tenpai, winning on {parts}: {option.legal_total} live tiles that reach {minimum} points."
    else:
        text = f"tenpai, but no wait reaches {minimum} points: the hand cannot win legally yet."
    if short:
        names = ", ".join(f"{w.tile} ({max(w.discard_points, w.self_drawn_points)})" for w in short)
        text += f" Too few points on {names}: below {minimum} it is not a legal win."
    return text


def _why(hand: str, options: tuple[McrOption, ...], minimum: int) -> str:
    best = options[0]
    subject = f"{hand}:" if best.discard is None else f"Discard {best.discard}:"
    if best.shanten == 0:
        text = f"{subject} {_tenpai_words(best, minimum)}"
    else:
        text = (
            f"{subject} {_state(best.shanten)}, accepting {len(best.accepted)} kinds"
            f" ({best.total} live tiles) under every MCR form."
        )
    rivals = [o for o in options[1:] if o.shanten == best.shanten and o.total > best.total]
    if best.shanten == 0 and rivals:
        other = rivals[0]
        text += (
            f" Discarding {other.discard} would wait on more tiles ({other.total}), but only"
            f" {other.legal_total} of them reach {minimum} points."
        )
    return text


def hint(
    hand: str | Hand,
    visible: VisibleLike = None,
    *,
    seat_wind: str = "E",
    prevalent_wind: str = "E",
    rules: McrRules = DEFAULT_RULES,
) -> McrHint:
    """MCR advice for a 13- or 14-tile hand (sets in brackets count three tiles each).

    14 tiles: every distinct discard, ranked by MCR shanten, then the live tiles that can
    win legally, then all live acceptance; 13 tiles: the hand's own acceptance. At tenpai
    each wait carries its points on a discard and self-drawn. ``visible`` takes what the
    Riichi hint takes (notation, 34 counts, a :class:`~riichi_lut.core.visible.Visible`);
    the winds decide the wind fans of the waits' points.

    >>> h = hint("123m45678p123s55z")     # tenpai on 3p 6p 9p, none worth 8 points
    >>> h.shanten, h.best.total, h.best.legal_total, h.why.split(": ")[1]
    (0, 11, 0, 'tenpai, but no wait reaches 8 points')
    """
    parsed = as_hand(hand)
    refuse_red_fives(parsed)
    acceptance = ukeire(parsed, visible)
    facts = (seat_wind, prevalent_wind, rules)
    if not acceptance.discards:
        options: tuple[McrOption, ...] = (
            _option(parsed, None, acceptance.shanten, acceptance.accepted, facts),
        )
    else:
        ranked = [_option(parsed, d.kind, d.shanten, d.accepted, facts) for d in acceptance.discards]
        options = tuple(sorted(ranked, key=McrOption.sort_key))
    text = parsed.to_text()
    return McrHint(text, acceptance.shanten, options, _why(text, options, rules.minimum))
