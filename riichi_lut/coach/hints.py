"""Plain-English hints for the learn-riichi app, built from reason codes.

:func:`hint` recommends a discard for a 3n+2 hand (14 tiles) and explains it against the
runner-up; for a 3n+1 hand (13 tiles) it reports shanten and acceptance. Every sentence
comes from a :class:`Reason` — a code plus the numbers it needs — rendered by one template
per code; nothing is re-parsed text.

>>> print(hint("123m456p789s1122z7z").why)
Discard 7z: tenpai, waiting on 1z 2z (2 kinds / 4 tiles); discarding 1m would leave you 1-shanten.

Acceptance in words counts live tiles only: a kind whose every copy is visible is named
apart ("no live copy"), an option that accepts no live tile is *dead* and recommended only
when every option is, and a tenpai on a tile the player discarded
(``Visible(own_discards=...)``, or the discard itself) is *furiten*:

>>> h = hint("123m456p789s11223z", visible="1z1z2z2z")
>>> print(h.why)  # doctest: +NORMALIZE_WHITESPACE
Discard 1m: stays 1-shanten and accepts 2 kinds / 7 tiles (1m 4m; 1z 2z: no live copy),
discarding 4p is just as good; discarding 3z would be tenpai, but its wait on 1z 2z is dead
(every copy is visible).

``hint(..., simulate=True)`` (or a dict of settings) adds a deeper ranking: the best few
options by the plain ranking are re-ranked by simulated win probability within a few draws
(:func:`riichi_lut.sim.nanikiru`), and a ``simulation`` reason reports the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..analysis.efficiency import (
    DiscardOption,
    HandLike,
    Resolved,
    UkeireResult,
    discarded_mask,
    hand_shanten,
    live_counts,
    ranked_options,
    resolve,
    ukeire_resolved,
)
from ..analysis.shanten import shanten_value
from ..analysis.two_step import TwoStepChoice, check_two_step
from ..core.tiles import KIND_NAMES
from ..core.visible import VisibleLike
from ..errors import InvalidArgumentError, InvalidHandError, quote
from .shapes import back_reason, pairs_reason
from .simulated import (
    SIMULATION_DEFAULTS,
    report_reason,
    simulate_discards,
    simulate_hand,
    simulation_reason,
    simulation_settings,
)
from .words import Code, Reason, render, shanten_words

if TYPE_CHECKING:
    from ..riichi.rules import RuleSet
    from ..riichi.win import Win
    from ..sim.nanikiru import NanikiruOption, Outlook

__all__ = ["SIMULATION_DEFAULTS", "Code", "Hint", "Reason", "hint", "is_complete", "shanten_words"]


@dataclass(frozen=True)
class Hint:
    """``discard`` (notation; ``None`` for a 13-tile report), the shanten after it,
    ``why`` in plain English, the ``reasons`` it was built from, and the ranked
    ``options`` (14 tiles) or the ``ukeire`` report (13 tiles). With ``simulate``,
    ``simulation`` holds the simulated candidates, best first (14 tiles), or the
    simulated outlook of the hand (13 tiles)."""

    discard: str | None
    shanten: int
    why: str
    reasons: tuple[Reason, ...]
    options: tuple[DiscardOption, ...] = ()
    ukeire: UkeireResult | None = None
    simulation: tuple[NanikiruOption, ...] | Outlook | None = None

    def to_dict(self) -> dict[str, Any]:
        """The recommendation, every option and the reasons with their codes, for JSON."""
        out = {
            "discard": self.discard,
            "shanten": self.shanten,
            "why": self.why,
            "reasons": [r.to_dict() for r in self.reasons],
            "options": [o.to_dict() for o in self.options],
            "ukeire": None if self.ukeire is None else self.ukeire.to_dict(),
        }
        if isinstance(self.simulation, tuple):
            out["simulation"] = [o.to_dict() for o in self.simulation]
        elif self.simulation is not None:
            out["simulation"] = self.simulation.to_dict()
        return out


# --------------------------------------------------------------------------- reasons


def _values(option: DiscardOption | UkeireResult) -> dict[str, Any]:
    """The figures of an option in words: ``kinds`` and ``tiles`` are the live accepted
    kinds, ``dead_tiles`` the accepted kinds with no live copy."""
    return {
        "shanten": option.shanten,
        "kinds": option.live_kinds,
        "total": option.total,
        "tiles": [KIND_NAMES[t.kind] for t in option.accepted if t.live],
        "dead_tiles": [KIND_NAMES[t.kind] for t in option.accepted if not t.live],
        "furiten": option.furiten,
    }


def _passed_over(other: DiscardOption) -> Reason:
    """Why ``other``, a dead or furiten option, ranks below the recommendation."""
    values = _values(other)
    code = Code.OTHER_DEAD if other.dead else Code.OTHER_FURITEN
    return Reason(code, {"other": other.tile, "other_shanten": other.shanten, **values})


def passed_over(best: DiscardOption, options: tuple[DiscardOption, ...]) -> DiscardOption | None:
    """The first option that a ranking by shanten and live tiles alone would put above
    ``best`` and that ranks below it for being dead or furiten, if any."""
    old = (best.shanten, -best.total)
    passed = [
        o
        for o in options
        if (o.total == 0 or o.furiten) and (o.shanten, -o.total) < old and o.kind != best.kind
    ]
    return min(passed, key=lambda o: (o.shanten, -o.total)) if passed else None


def comparison(best: DiscardOption, other: DiscardOption) -> Reason:
    """Why ``best`` ranks above ``other`` (the order of the ranking keys)."""
    if other.dead and not best.dead and other.shanten <= best.shanten:
        return _passed_over(other)
    if other.shanten > best.shanten:
        return Reason(Code.RUNNER_UP_BACK, {"other": other.tile, "other_shanten": other.shanten})
    if other.furiten and not best.furiten:
        return _passed_over(other)
    return _same_standing(best, other)


def _same_standing(best: DiscardOption, other: DiscardOption) -> Reason:
    """Why ``best`` ranks above ``other``, both live, of one shanten and furiten state."""
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
    hand: HandLike,
    visible: VisibleLike = None,
    *,
    melds: int | None = None,
    two_step: bool | TwoStepChoice = True,
    simulate: bool | Mapping[str, Any] | None = False,
    win: Win | None = None,
    rules: RuleSet | None = None,
    players: int = 4,
) -> Hint:
    """The best discard of a 3n+2 hand with a plain-English ``why``, or the shanten and
    acceptance of a 3n+1 hand (``discard`` is then ``None``).

    The ranking is :func:`~riichi_lut.analysis.efficiency.rank_discards`'s; by default
    (``two_step=True``, i.e. ``'ties'``) the two-step measure is computed only for options
    tied with the best on shanten and acceptance, the only ones whose order it can change;
    ``'all'`` computes it for every option. ``two_step=False`` skips it (ties then go by
    tile order), which is what an app that needs an answer per keystroke wants: the
    two-step analysis of a tie costs milliseconds in CPython.

    ``simulate=True`` (or a dict of :data:`SIMULATION_DEFAULTS` settings) asks for the
    deeper ranking: the ``top`` best distinct discards are simulated
    (:func:`riichi_lut.sim.nanikiru`, ``n`` games of ``draws`` draws on the same walls)
    and re-ranked by games won within ``draws``, then tenpai, then the plain ranking; the
    other options follow in their order. A ``simulation`` reason gives the numbers (and
    ``simulation_overrules`` says when the plain ranking preferred another discard). For
    13 tiles the hand itself is simulated (``simulation_report``). It costs about a
    second per 300,000 simulated draws (three players: about 2.5 s, one measured run); the same
    ``seed`` gives the same hint.

    A complete hand (14 tiles that already win) is scored on every kind it holds as the
    tile that came last (:func:`riichi_lut.coach.complete.complete_yaku`): when each gives
    a yaku, the first words name the yaku every one has ("a complete hand with a yaku
    (Menzen tsumo, Chiitoitsu): declare tsumo"); otherwise they say "declare tsumo if the
    hand has a yaku". ``win`` (a :class:`~riichi_lut.riichi.win.Win`: winds, riichi, tsumo
    or ron …) and ``rules`` (a :class:`~riichi_lut.riichi.rules.RuleSet`, default Tenhou)
    are the situation it is judged in; without ``win``, no wind triplet counts (the seat
    is not known) and the win is a tsumo.

    The hand is parsed once: everything below works on the resolved hand, and the
    simulator gets the parsed :class:`~riichi_lut.core.hand.Hand`, not the notation again.

    ``players``: 4 (the default) or 3 for three-player Riichi (sanma: 2m-8m do not exist,
    have no live copies and are never accepted; a 2m-8m in the hand or the visible tiles
    is an error naming it; docs/sanma.md). The two-step measure then takes the scalar
    reference path; ``simulate`` plays three-player games (``nanikiru(..., players=3)``:
    the 108-tile wall, the three-player policy, no kita); a complete hand's yaku are judged
    as in four players (sanma plays the same yaku; North is nobody's seat wind there).

    >>> hint("11m99m123456p789s5z", players=3).discard   # 5z: no 2m-8m to build on
    '5z'
    >>> hint("11m99m123456p789s5z", players=3, simulate={"n": 1_000, "draws": 3}).discard
    '5z'

    >>> h = hint("234m567m345s99s457p", simulate={"n": 2_000, "draws": 3})
    >>> h.discard, [r.code.value for r in h.reasons]
    ('7p', ['discard', 'more_tiles', 'simulation'])
    >>> h.why.split("; ")[1]
    'simulation: discarding 7p wins within 3 draws in 19% ± 1.7% of games against 9.6% for 4p.'
    """
    settings = simulation_settings(simulate)
    choice = check_two_step(two_step, "ties")
    resolved = resolve(hand, melds, players)
    # what the simulator is given: the parsed Hand (no second parse), or the counts and melds
    source: HandLike = hand if resolved.hand is None else resolved.hand
    calls = melds if resolved.hand is None else None
    simulation = _Simulation(source, calls, settings, resolved.players)
    if resolved.tiles == 13:
        return _report(resolved, visible, simulation)
    if resolved.tiles != 14:
        raise InvalidHandError(f"hint needs 13 or 14 tiles counting calls as 3, got {resolved.tiles}")
    return _recommend(resolved, visible, choice, simulation, _turn(win, rules))


@dataclass(frozen=True)
class _Simulation:
    """The hand as the simulator takes it, the settings (``None``: no simulation) and the
    players (3 or 4, checked)."""

    hand: HandLike
    melds: int | None
    settings: dict[str, Any] | None
    players: int = 4


@dataclass(frozen=True)
class _Turn:
    """The facts of the win and the rule set a complete hand's yaku are judged by."""

    win: Win | None
    rules: RuleSet | None


def _turn(win: object, rules: object) -> _Turn:
    """``win`` and ``rules`` checked: a :class:`~riichi_lut.riichi.win.Win` and a
    :class:`~riichi_lut.riichi.rules.RuleSet`, or ``None``."""
    if win is None and rules is None:
        return _Turn(None, None)
    from ..riichi.rules import RuleSet  # noqa: PLC0415  (start-up: only when given)
    from ..riichi.win import Win  # noqa: PLC0415

    if win is not None and not isinstance(win, Win):
        raise InvalidArgumentError(
            f"win must be a riichi_lut.Win (the facts of the win) or None, got {quote(win)}"
        )
    if rules is not None and not isinstance(rules, RuleSet):
        raise InvalidArgumentError(f"rules must be a riichi_lut.RuleSet or None, got {quote(rules)}")
    return _Turn(win, rules)


def _complete(resolved: Resolved, turn: _Turn) -> Reason:
    """The complete hand's reason: whether it has a yaku whatever tile came last, and which
    (:func:`riichi_lut.coach.complete.complete_yaku`); not judged for counts with calls,
    whose called tiles are unknown."""
    hand = resolved.hand
    if hand is None and resolved.melds:
        return Reason(Code.COMPLETE, {"sure": False, "possible": None, "yaku": [], "situation": False})
    # start-up: the scorer loads only when a hint meets a complete hand
    from ..core.hand import Hand  # noqa: PLC0415
    from .complete import complete_yaku  # noqa: PLC0415

    if hand is None:
        hand = Hand(tuple(resolved.counts), (0, 0, 0), ())
    found = complete_yaku(hand, turn.win) if turn.rules is None else complete_yaku(hand, turn.win, turn.rules)
    return Reason(Code.COMPLETE, {**found.to_dict(), "situation": turn.win is not None})


def _shape_reasons(
    resolved: Resolved, best: DiscardOption, options: tuple[DiscardOption, ...], choice: TwoStepChoice
) -> list[Reason]:
    """Which shape ``best`` goes for when pairs are in play, and the way one shanten back
    when it is clearly faster (with the two-step analysis only): :mod:`riichi_lut.coach.shapes`."""
    found = [pairs_reason(resolved, best, options)]
    if choice != "none":
        back = back_reason(resolved, best, options)
        found.append(None if back is None else back[0])
    return [r for r in found if r is not None]


def _report(resolved: Resolved, visible: VisibleLike, simulation: _Simulation) -> Hint:
    """The hint of a 3n+1 hand: shanten and acceptance, and the simulated outlook."""
    report = ukeire_resolved(resolved, visible)
    reasons: list[Reason] = [Reason(Code.REPORT, _values(report))]
    if report.furiten:
        reasons.append(Reason(Code.FURITEN))
    outlook = None
    if simulation.settings is not None:
        outlook = simulate_hand(
            simulation.hand, visible, simulation.melds, simulation.settings, simulation.players
        )
        reasons.append(report_reason(outlook, simulation.settings))
    return Hint(
        None, report.shanten, render(tuple(reasons)), tuple(reasons), ukeire=report, simulation=outlook
    )


def _recommend(
    resolved: Resolved, visible: VisibleLike, choice: TwoStepChoice, simulation: _Simulation, turn: _Turn
) -> Hint:
    """The hint of a 3n+2 hand: the best discard and why, against the runner-up."""
    shanten = _shanten(resolved)
    live, discarded = live_counts(resolved, visible), discarded_mask(visible)
    options = plain = ranked_options(resolved, live, choice, shanten=shanten, discarded=discarded)
    settings = simulation.settings
    simulated: tuple[NanikiruOption, ...] | None = None
    if settings is not None:
        simulated, options = simulate_discards(
            simulation.hand, visible, simulation.melds, plain, settings, simulation.players
        )
    best = options[0]
    reasons = []
    if shanten < 0:
        reasons.append(_complete(resolved, turn))
    reasons.append(Reason(Code.DISCARD, {"tile": best.tile, **_values(best)}))
    if best is plain[0]:
        reasons.append(comparison(best, plain[1]) if len(plain) > 1 else Reason(Code.ONLY_ONE))
        other = passed_over(best, plain[2:])
        if other is not None:
            reasons.append(_passed_over(other))
        reasons += _shape_reasons(resolved, best, plain, choice)
    else:
        reasons.append(Reason(Code.SIMULATION_OVERRULES, {"other": plain[0].tile}))
    if simulated is not None and settings is not None:
        # against the plain ranking's choice when overruled, else the simulated runner-up
        rival = next(o for o in simulated if o.kind == plain[0].kind) if best is not plain[0] else None
        reasons.append(simulation_reason(best, simulated, settings, rival))
    if best.furiten:
        reasons.append(Reason(Code.FURITEN))
    why = render(tuple(reasons))
    return Hint(best.tile, best.shanten, why, tuple(reasons), options, simulation=simulated)


def _shanten(resolved: Resolved) -> int:
    """:func:`~riichi_lut.analysis.efficiency.hand_shanten`: by the scalar shanten look-up
    when no call tile is known (the same tables, without building the discard masks that
    the ranking does not read), else by the exact path of known call tiles."""
    if resolved.called is None or not any(resolved.called):
        return shanten_value(resolved.counts, resolved.melds, resolved.players)
    return hand_shanten(resolved)


def is_complete(resolved: Resolved) -> bool:
    """Whether 14 tiles (counting calls as 3) already form a winning shape."""
    return hand_shanten(resolved) < 0
