"""Plain-English hints for the learn-riichi app, built from reason codes.

:func:`hint` recommends a discard for a 3n+2 hand and explains it against the runner-up;
for a 3n+1 hand it reports shanten and acceptance (seed 003: "Give the engine 14 tiles and
it recommends a discard ... with a plain-English why. Give it 13 tiles and it reports
shanten and acceptance."). Every sentence comes from a :class:`Reason` — a code plus the
numbers it needs — rendered by one template per code; nothing is re-parsed text.

>>> print(hint("123m456p789s1122z7z").why)
Discard 7z: tenpai, waiting on 1z 2z (2 kinds / 4 tiles); discarding 1m would leave you 1-shanten.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ._acceptance import UNNECESSARY, combined
from .efficiency import (
    DiscardOption,
    HandLike,
    Resolved,
    UkeireResult,
    live_counts,
    ranked_options,
    resolve,
    ukeire,
)
from .errors import InvalidHandError
from .tiles import KIND_NAMES
from .visible import VisibleLike


class Code(str, enum.Enum):
    """What one part of a hint says."""

    COMPLETE = "complete"  # the 14 tiles already form a winning shape
    REPORT = "report"  # 13 tiles: shanten and acceptance
    DISCARD = "discard"  # the recommended discard: shanten after it and its acceptance
    MORE_TILES = "more_tiles"  # ... accepts N more live tiles than the runner-up
    RUNNER_UP_BACK = "runner_up_back"  # the runner-up would fall back a shanten
    BETTER_NEXT_STEP = "better_next_step"  # same acceptance, wider next step on average
    MORE_IMPROVEMENTS = "more_improvements"  # as many winning tiles, more improvement tiles
    KEEPS_RED = "keeps_red"  # the runner-up is the red five of the same kind
    TIED = "tied"  # the runner-up is as good; tile order decided
    ONLY_ONE = "only_one"  # a single distinct discard


@dataclass(frozen=True)
class Reason:
    """A reason code and the values its sentence needs."""

    code: Code
    values: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, **self.values}


@dataclass(frozen=True)
class Hint:
    """``discard`` (notation; ``None`` for a 13-tile report), the shanten after it,
    ``why`` in plain English, the ``reasons`` it was built from, and the ranked
    ``options`` (14 tiles) or the ``ukeire`` report (13 tiles)."""

    discard: str | None
    shanten: int
    why: str
    reasons: tuple[Reason, ...]
    options: tuple[DiscardOption, ...] = ()
    ukeire: UkeireResult | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "shanten": self.shanten,
            "why": self.why,
            "reasons": [r.to_dict() for r in self.reasons],
            "options": [o.to_dict() for o in self.options],
            "ukeire": None if self.ukeire is None else self.ukeire.to_dict(),
        }


# --------------------------------------------------------------------------- templates


def shanten_words(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


def _accepts(v: dict[str, Any]) -> str:
    noun = "kind" if v["kinds"] == 1 else "kinds"
    tiles = " ".join(v["tiles"])
    if v["shanten"] == 0:
        return f"waiting on {tiles} ({v['kinds']} {noun} / {v['total']} tiles)"
    return f"accepts {v['kinds']} {noun} / {v['total']} tiles ({tiles})"


def _discard(v: dict[str, Any]) -> str:
    if v["shanten"] == 0:
        return f"Discard {v['tile']}: tenpai, {_accepts(v)}"
    return f"Discard {v['tile']}: stays {shanten_words(v['shanten'])} and {_accepts(v)}"


TEMPLATES: dict[Code, Callable[[dict[str, Any]], str]] = {
    Code.COMPLETE: lambda v: "Your 14 tiles are complete: declare tsumo if the hand has a yaku; otherwise",
    Code.REPORT: lambda v: f"{shanten_words(v['shanten']).capitalize()}: {_accepts(v)}",
    Code.DISCARD: _discard,
    Code.MORE_TILES: lambda v: f"{v['more']} more than discarding {v['other']}",
    Code.RUNNER_UP_BACK: lambda v: (
        f"discarding {v['other']} would leave you {shanten_words(v['other_shanten'])}"
    ),
    Code.BETTER_NEXT_STEP: lambda v: (
        f"as many as discarding {v['other']}, but the next step is wider: {v['average']:.1f} tiles"
        f" accepted on average after a useful draw, against {v['other_average']:.1f}"
    ),
    Code.MORE_IMPROVEMENTS: lambda v: (
        f"as many winning tiles as discarding {v['other']}, and {v['improvements']} live tiles that"
        f" would widen the wait against {v['other_improvements']}"
    ),
    Code.KEEPS_RED: lambda v: f"as good as discarding {v['other']}, the red five: keep the dora",
    Code.TIED: lambda v: f"discarding {v['other']} is just as good",
    Code.ONLY_ONE: lambda v: "the only distinct discard",
}


def render(reasons: tuple[Reason, ...]) -> str:
    """The sentence: the parts in order, the comparison after a separator."""
    text = ""
    for reason in reasons:
        part = TEMPLATES[reason.code](reason.values)
        if not text:
            text = part
        elif reason.code is Code.DISCARD:
            text = f"{text} {part[0].lower()}{part[1:]}"
        elif reason.code is Code.RUNNER_UP_BACK:
            text = f"{text}; {part}"
        else:
            text = f"{text}, {part}"
    return text + "."


# --------------------------------------------------------------------------- reasons


def _values(option: DiscardOption | UkeireResult) -> dict[str, Any]:
    return {
        "shanten": option.shanten,
        "kinds": option.kinds,
        "total": option.total,
        "tiles": [KIND_NAMES[t.kind] for t in option.accepted],
    }


def comparison(best: DiscardOption, other: DiscardOption) -> Reason:
    """Why ``best`` ranks above ``other`` (the order of the ranking keys)."""
    if other.shanten > best.shanten:
        return Reason(Code.RUNNER_UP_BACK, {"other": other.tile, "other_shanten": other.shanten})
    if best.total > other.total:
        return Reason(Code.MORE_TILES, {"other": other.tile, "more": best.total - other.total})
    mine, theirs = best.two_step, other.two_step
    if mine is not None and theirs is not None and mine.measure > theirs.measure:
        if mine.improvements is not None and theirs.improvements is not None:
            counts = {"improvements": int(mine.measure), "other_improvements": int(theirs.measure)}
            return Reason(Code.MORE_IMPROVEMENTS, {"other": other.tile, **counts})
        averages = {"average": mine.measure, "other_average": theirs.measure}
        return Reason(Code.BETTER_NEXT_STEP, {"other": other.tile, **averages})
    if other.red and other.kind == best.kind:
        return Reason(Code.KEEPS_RED, {"other": other.tile})
    return Reason(Code.TIED, {"other": other.tile})


def hint(
    hand: HandLike, visible: VisibleLike = None, *, melds: int | None = None, two_step: bool = True
) -> Hint:
    """The best discard of a 3n+2 hand with a plain-English ``why``, or the shanten and
    acceptance of a 3n+1 hand (``discard`` is then ``None``).

    The ranking is :func:`~riichi_lut.efficiency.rank_discards`'s; the two-step measure
    is computed only for options tied with the best on shanten and acceptance, the only
    ones whose order it can change. ``two_step=False`` skips it (ties then go by tile
    order), which is what an app that needs an answer per keystroke wants: the two-step
    analysis of a tie costs milliseconds in CPython.
    """
    resolved = resolve(hand, melds)
    if resolved.tiles == 13:
        report = ukeire(hand, visible, melds=melds)
        reason = Reason(Code.REPORT, _values(report))
        return Hint(None, report.shanten, render((reason,)), (reason,), ukeire=report)
    if resolved.tiles != 14:
        raise InvalidHandError(f"hint needs 13 or 14 tiles counting calls as 3, got {resolved.tiles}")
    live = live_counts(resolved, visible)
    options = ranked_options(resolved, live, "ties" if two_step else "none")
    best = options[0]
    reasons = []
    if is_complete(resolved):
        reasons.append(Reason(Code.COMPLETE))
    reasons.append(Reason(Code.DISCARD, {"tile": best.tile, **_values(best)}))
    reasons.append(comparison(best, options[1]) if len(options) > 1 else Reason(Code.ONLY_ONE))
    return Hint(best.tile, best.shanten, render(tuple(reasons)), tuple(reasons), options)


def is_complete(resolved: Resolved) -> bool:
    """Whether 14 tiles (counting calls as 3) already form a winning shape."""
    return combined(resolved.counts, resolved.melds, UNNECESSARY, resolved.called)[0] < 0
