"""Two-step analysis of a discard option (二段階の受け入れ): what each accepted draw leads to.

For the 13-tile hand left after a discard:

* for every accepted draw, the best follow-up discard (the one whose 13-tile hand accepts
  the most live tiles) and that acceptance;
* ``average`` — the next-step acceptance averaged over the accepted draws, each weighted
  by its live count (how likely it is to be drawn);
* at 1-shanten, ``good_shape_share`` — the live-weighted share of accepted draws after
  which the best follow-up reaches a good-shape tenpai, a wait on more than 4 live tiles;
* at tenpai, the wait tiles and their live count, and the *improvement* tiles: draws
  (not winning tiles) after which some discard keeps tenpai on a wider wait.

Live counts: a tile is gone when it is in the hand or calls, was discarded (the option's
discard included) or is visible. Drawing a tile removes one more copy; the follow-up
discard was already in the hand, so it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

import numpy as np

from ..core.tiles import KIND_NAMES
from ..errors import InvalidArgumentError, quote
from . import follow_ups
from .acceptance import NECESSARY, UNNECESSARY, bits, combined

GOOD_SHAPE_LIVE = 4  # a wait on more than this many live tiles is a good shape

TwoStepChoice = Literal["all", "ties", "none"]
"""Which discard options get the two-step measure: every one, only those tied with the best
on shanten and live acceptance (the only ones whose order it can change), or none."""
TWO_STEP_CHOICES: tuple[TwoStepChoice, ...] = ("all", "ties", "none")


def check_two_step(two_step: object, when_true: TwoStepChoice = "all") -> TwoStepChoice:
    """The choice a ``two_step=`` argument asks for: one of :data:`TWO_STEP_CHOICES`, or a
    bool (``True`` is ``when_true``, ``False`` is ``"none"``); anything else raises
    :class:`~riichi_lut.errors.InvalidArgumentError` naming the accepted values.

    >>> check_two_step(True, "ties"), check_two_step(False), check_two_step("all")
    ('ties', 'none', 'all')
    >>> check_two_step("yes")
    Traceback (most recent call last):
    ...
    riichi_lut.errors.InvalidArgumentError: two_step must be True, False, 'all', 'ties' or 'none'; got 'yes'
    """
    if two_step is True or two_step is False or isinstance(two_step, np.bool_):
        return when_true if two_step else "none"
    if two_step.__class__ is str and two_step in TWO_STEP_CHOICES:
        return two_step
    raise InvalidArgumentError(
        f"two_step must be True, False, 'all', 'ties' or 'none'; got {quote(two_step)}"
    )


@dataclass(frozen=True, slots=True)
class FollowUp:
    """An accepted draw (``draw``, with ``live`` copies left) and its best continuation:
    ``discard`` (``None`` when the draw completes the hand), the shanten after it and the
    live tiles the resulting hand accepts."""

    draw: int
    live: int
    discard: int | None
    shanten: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": KIND_NAMES[self.draw],
            "live": self.live,
            "discard": None if self.discard is None else KIND_NAMES[self.discard],
            "shanten": self.shanten,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Improvement:
    """At tenpai: drawing ``draw`` and discarding ``discard`` keeps tenpai on a wait of
    ``wait_live`` live tiles, more than the current wait."""

    draw: int
    live: int
    discard: int
    wait_live: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": KIND_NAMES[self.draw],
            "live": self.live,
            "discard": KIND_NAMES[self.discard],
            "wait_live": self.wait_live,
        }


@dataclass(frozen=True)
class TwoStep:
    """The two-step view of one discard option (see the module docstring)."""

    follow_ups: tuple[FollowUp, ...]
    average: float | None
    good_shape_share: float | None
    waits: tuple[int, ...] | None
    wait_live: int | None
    improvements: tuple[Improvement, ...] | None

    @property
    def measure(self) -> float:
        """What ranks otherwise equal options: the average next-step acceptance, or at
        tenpai the live copies of improvement tiles."""
        if self.improvements is not None:
            return float(sum(i.live for i in self.improvements))
        return self.average or 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "follow_ups": [f.to_dict() for f in self.follow_ups],
            "average": self.average,
            "good_shape_share": self.good_shape_share,
            "waits": None if self.waits is None else [KIND_NAMES[k] for k in self.waits],
            "wait_live": self.wait_live,
            "improvements": None if self.improvements is None else [i.to_dict() for i in self.improvements],
        }


def _accepted_total(
    counts: Sequence[int], melds: int, called: Sequence[int] | None, live: Sequence[int], players: int = 4
) -> int:
    return sum(live[k] for k in bits(combined(counts, melds, NECESSARY, called, players)[1]))


def _best_discard(
    counts14: list[int], melds: int, called: Sequence[int] | None, live: Sequence[int], players: int = 4
) -> tuple[int, int | None, int]:
    """(shanten of the 14-tile hand, best discard keeping it, live acceptance after)."""
    shanten, keep = combined(counts14, melds, UNNECESSARY, called, players)
    if shanten < 0:
        return shanten, None, 0
    best_kind, best_total = None, -1
    for kind in bits(keep):
        counts14[kind] -= 1
        total = _accepted_total(counts14, melds, called, live, players)
        counts14[kind] += 1
        if total > best_total:
            best_kind, best_total = kind, total
    return shanten, best_kind, best_total


def _weighted(values: Sequence[tuple[int, float]]) -> float:
    weight = sum(w for w, _ in values)
    return sum(w * v for w, v in values) / weight if weight else 0.0


def two_step(
    counts: Sequence[int],
    melds: int,
    called: Sequence[int] | None,
    shanten: int,
    accepted: Sequence[int],
    live: Sequence[int],
    players: int = 4,
) -> TwoStep:
    """Two-step analysis of the 13-tile (3n+1) hand ``counts`` whose shanten is
    ``shanten`` and whose accepted kinds are ``accepted``, with ``live`` counts: one
    option of :func:`two_steps` (``players=3``: a three-player hand, docs/sanma.md)."""
    return two_steps([(counts, shanten, accepted, live)], melds, called, players)[0]


Option = tuple[Sequence[int], int, Sequence[int], Sequence[int]]
"""One discard option for :func:`two_steps`: its 13-tile counts, shanten, accepted kinds
(at tenpai its waits) and live counts."""


def two_steps(
    options: Sequence[Option], melds: int, called: Sequence[int] | None, players: int = 4
) -> list[TwoStep]:
    """:func:`two_step` of several options of one hand (``melds`` calls holding
    ``called``) at once.

    Four-player hands without known call tiles take the batch path of
    :mod:`riichi_lut.analysis.follow_ups`, one kernel call for all the options; hands
    whose calls cap some kinds (or live counts outside 0..4), and three-player hands
    (``players=3``: the batch kernel holds the four-player tables), take
    :func:`two_step_reference`, one option at a time.
    Both give the same answers (tests/analysis/test_follow_ups.py)."""
    four = players == 4
    if (
        four
        and (called is None or not any(called))
        and all(min(o[3]) >= 0 and max(o[3]) <= 4 for o in options)
    ):
        requests = [follow_ups.Request(*option) for option in options]
        answers = follow_ups.answer(requests, melds)
        if answers is not None:
            return [_from_answer(r, a) for r, a in zip(requests, answers, strict=True)]
    return [two_step_reference(c, melds, called, s, a, live, players) for c, s, a, live in options]


# The batch path builds ~50 follow-ups a hint: by the slots' own setters, what
# ``FollowUp(*row)`` gives at about half the cost (a frozen ``__init__`` calls
# ``object.__setattr__`` per field). Both classes are frozen slots dataclasses without
# ``__post_init__``; the setters are taken in field order, and the tests compare every
# result with the reference path's, which builds them the ordinary way.
_FOLLOW_UP_SETTERS = tuple(getattr(FollowUp, f.name).__set__ for f in fields(FollowUp))
_IMPROVEMENT_SETTERS = tuple(getattr(Improvement, f.name).__set__ for f in fields(Improvement))


def _follow_ups(
    rows: Sequence[follow_ups.FollowUpRow], new: Any = object.__new__, setters: Any = _FOLLOW_UP_SETTERS
) -> tuple[FollowUp, ...]:
    """``tuple(FollowUp(*row) for row in rows)``."""
    s0, s1, s2, s3, s4 = setters
    out = []
    for draw, live, discard, shanten, total in rows:
        obj = new(FollowUp)
        s0(obj, draw)
        s1(obj, live)
        s2(obj, discard)
        s3(obj, shanten)
        s4(obj, total)
        out.append(obj)
    return tuple(out)


def _improvements(
    rows: Sequence[follow_ups.ImprovementRow], new: Any = object.__new__, setters: Any = _IMPROVEMENT_SETTERS
) -> tuple[Improvement, ...]:
    """``tuple(Improvement(*row) for row in rows)``."""
    s0, s1, s2, s3 = setters
    out = []
    for draw, live, discard, wait_live in rows:
        obj = new(Improvement)
        s0(obj, draw)
        s1(obj, live)
        s2(obj, discard)
        s3(obj, wait_live)
        out.append(obj)
    return tuple(out)


def _from_answer(request: follow_ups.Request, answer: follow_ups.Answer) -> TwoStep:
    """The two-step view from the batch path's rows: :func:`_summary`'s figures summed
    over the rows themselves (integer sums, one division each, as there)."""
    rows = answer.follow_ups
    found = _follow_ups(rows)
    if answer.improvements is None:
        weight = sum([row[1] for row in rows])
        if not weight:
            return TwoStep(found, 0.0, 0.0 if request.shanten == 1 else None, None, None, None)
        average = sum([row[1] * row[4] for row in rows]) / weight
        good = None
        if request.shanten == 1:
            good = sum([row[1] for row in rows if row[4] > GOOD_SHAPE_LIVE]) / weight
        return TwoStep(found, average, good, None, None, None)
    waits = tuple(request.accepted)
    wait_live = sum([request.live[k] for k in waits])
    better = _improvements(answer.improvements)
    return TwoStep(found, None, None, waits, wait_live, better)


def _summary(found: tuple[FollowUp, ...], shanten: int) -> TwoStep:
    """The two-step view of a hand above tenpai from its follow-ups."""
    average = _weighted([(f.live, f.total) for f in found])
    good = None
    if shanten == 1:
        good = _weighted([(f.live, 1.0 if f.total > GOOD_SHAPE_LIVE else 0.0) for f in found])
    return TwoStep(found, average, good, None, None, None)


def two_step_reference(
    counts: Sequence[int],
    melds: int,
    called: Sequence[int] | None,
    shanten: int,
    accepted: Sequence[int],
    live: Sequence[int],
    players: int = 4,
) -> TwoStep:
    """:func:`two_step` by one scalar analysis per (draw, discard): the path before issue
    13, kept for hands whose calls cap some kinds, for three-player hands (``players=3``)
    and as the reference of the table path."""
    hand = list(counts)
    found = []
    for draw in accepted:
        hand[draw] += 1
        after_live = list(live)
        after_live[draw] = max(0, after_live[draw] - 1)
        shanten14, discard, total = _best_discard(hand, melds, called, after_live, players)
        hand[draw] -= 1
        found.append(FollowUp(draw, live[draw], discard, shanten14, total))
    if shanten == 0:
        return _tenpai(hand, melds, called, accepted, live, tuple(found), players)
    return _summary(tuple(found), shanten)


def _tenpai(
    hand: list[int],
    melds: int,
    called: Sequence[int] | None,
    waits: Sequence[int],
    live: Sequence[int],
    follow_ups: tuple[FollowUp, ...],
    players: int = 4,
) -> TwoStep:
    wait_live = sum(live[k] for k in waits)
    improvements = []
    for draw in range(len(hand)):
        if draw in waits or live[draw] <= 0:
            continue
        hand[draw] += 1
        after_live = list(live)
        after_live[draw] -= 1
        shanten, keep = combined(hand, melds, UNNECESSARY, called, players)
        best: tuple[int, int] | None = None
        if shanten == 0:
            for discard in bits(keep):
                if discard == draw:
                    continue
                hand[discard] -= 1
                total = _accepted_total(hand, melds, called, after_live, players)
                hand[discard] += 1
                if total > wait_live and (best is None or total > best[1]):
                    best = (discard, total)
        hand[draw] -= 1
        if best is not None:
            improvements.append(Improvement(draw, live[draw], best[0], best[1]))
    return TwoStep(follow_ups, None, None, tuple(waits), wait_live, tuple(improvements))
