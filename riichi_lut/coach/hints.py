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

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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
from ..analysis.two_step import TwoStepChoice, check_two_step
from ..core.tiles import KIND_NAMES
from ..core.visible import VisibleLike
from ..errors import InvalidArgumentError, InvalidHandError, quote

if TYPE_CHECKING:
    from ..sim.nanikiru import NanikiruOption, Outlook


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
    FURITEN = "furiten"  # the recommended option (or the 13-tile hand) is furiten
    OTHER_DEAD = "other_dead"  # an option of lower or equal shanten accepts no live tile
    OTHER_FURITEN = "other_furiten"  # an option of the same shanten would be furiten
    ONLY_ONE = "only_one"  # a single distinct discard
    SIMULATION = "simulation"  # simulated win (or tenpai) rate of the best against the runner-up
    SIMULATION_OVERRULES = "simulation_overrules"  # the simulation picks another discard
    SIMULATION_REPORT = "simulation_report"  # 13 tiles: simulated tenpai and win rate


@dataclass(frozen=True)
class Reason:
    """A reason code and the values its sentence needs."""

    code: Code
    values: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The code and its values, for JSON."""
        return {"code": self.code.value, **self.values}


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


# --------------------------------------------------------------------------- templates


def shanten_words(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


DEAD_WORDS = "every copy is visible"


def _dead_wait(v: dict[str, Any]) -> str:
    """What a dead option waits on, and that it is dead."""
    tiles = " ".join(v["dead_tiles"]) or "nothing"
    need = "waiting on" if v["shanten"] == 0 else "needs"
    return f"{need} {tiles}, but the wait is dead ({DEAD_WORDS})"


def _accepts(v: dict[str, Any]) -> str:
    """Acceptance in words: live kinds and tiles, the kinds with no live copy apart."""
    if not v["total"]:
        return _dead_wait(v)
    noun = "kind" if v["kinds"] == 1 else "kinds"
    tiles = " ".join(v["tiles"])
    dead = f"; {' '.join(v['dead_tiles'])}: no live copy" if v["dead_tiles"] else ""
    if v["shanten"] == 0:
        return f"waiting on {tiles} ({v['kinds']} {noun} / {v['total']} tiles{dead})"
    return f"accepts {v['kinds']} {noun} / {v['total']} tiles ({tiles}{dead})"


FURITEN_WORDS = "furiten: it can win only by tsumo"


def _other_dead(v: dict[str, Any]) -> str:
    tiles = " ".join(v["dead_tiles"]) or "nothing"
    return (
        f"discarding {v['other']} would be {shanten_words(v['other_shanten'])}, but its wait on"
        f" {tiles} is dead ({DEAD_WORDS})"
    )


def _discard(v: dict[str, Any]) -> str:
    if v["shanten"] == 0:
        return f"Discard {v['tile']}: tenpai, {_accepts(v)}"
    return f"Discard {v['tile']}: stays {shanten_words(v['shanten'])} and {_accepts(v)}"


def percent(p: float) -> str:
    """A share as a percentage: whole numbers from 10 %, one decimal below."""
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0 else f"{100 * p:.1f}%"


def _rate(v: dict[str, Any], prefix: str = "") -> str:
    share, half = percent(v[prefix + "p"]), percent(v[prefix + "half_width"])
    return share if half in ("0%", "0.0%") else f"{share} ± {half}"


def _simulation(v: dict[str, Any]) -> str:
    verb = "wins" if v["measure"] == "win" else "reaches tenpai"
    text = f"simulation: discarding {v['tile']} {verb} within {v['draws']} draws in {_rate(v)} of games"
    if v.get("other") is None:
        return text
    if v["p"] == v["other_p"]:
        return f"{text}, as often as discarding {v['other']}"
    text = f"{text} against {percent(v['other_p'])} for {v['other']}"
    return text if v["clear"] else f"{text}, a difference within the simulation's noise"


def _simulation_report(v: dict[str, Any]) -> str:
    return (
        f"simulation: within {v['draws']} draws this hand wins in {_rate(v)} of games"
        f" and is tenpai in {_rate(v, 'tenpai_')}"
    )


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
    Code.FURITEN: lambda v: FURITEN_WORDS,
    Code.OTHER_DEAD: _other_dead,
    Code.OTHER_FURITEN: lambda v: (
        f"discarding {v['other']} would wait on {' '.join(v['tiles'])} ({v['total']} tiles), but"
        f" {FURITEN_WORDS}"
    ),
    Code.ONLY_ONE: lambda v: "the only distinct discard",
    Code.SIMULATION: _simulation,
    Code.SIMULATION_OVERRULES: lambda v: f"although the plain ranking prefers discarding {v['other']}",
    Code.SIMULATION_REPORT: _simulation_report,
}


_AFTER_SEMICOLON = (
    Code.RUNNER_UP_BACK,
    Code.SIMULATION,
    Code.SIMULATION_REPORT,
    Code.FURITEN,
    Code.OTHER_DEAD,
    Code.OTHER_FURITEN,
)


def render(reasons: tuple[Reason, ...]) -> str:
    """The sentence: the parts in order, the comparison after a separator."""
    text = ""
    for reason in reasons:
        part = TEMPLATES[reason.code](reason.values)
        if not text:
            text = part
        elif reason.code is Code.DISCARD:
            text = f"{text} {part[0].lower()}{part[1:]}"
        elif reason.code in _AFTER_SEMICOLON:
            text = f"{text}; {part}"
        else:
            text = f"{text}, {part}"
    return text + "."


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


SIMULATION_DEFAULTS: dict[str, Any] = {
    "draws": 6,
    "n": 20_000,
    "seed": 0,
    "top": 3,
    "workers": 1,
    "client": None,
    "riichi": False,
}
"""Settings of ``hint(simulate=True)``; a dict passed as ``simulate`` overrides some of
them: ``draws``, ``n`` games, ``seed``, ``top`` (how many of the best distinct discards
by the plain ranking are simulated), ``workers``, ``client`` (Dask), ``riichi``
(see :func:`riichi_lut.sim.nanikiru`)."""


def simulation_settings(simulate: object) -> dict[str, Any] | None:
    """``None`` (no simulation) or the full settings of ``simulate``."""
    if simulate is None or simulate is False:
        return None
    if simulate is True:
        return dict(SIMULATION_DEFAULTS)
    if not isinstance(simulate, Mapping):
        raise InvalidArgumentError(
            f"simulate must be True/False or a dict of {sorted(SIMULATION_DEFAULTS)}, got {quote(simulate)}"
        )
    unknown = sorted(set(simulate) - set(SIMULATION_DEFAULTS))
    if unknown:
        raise InvalidArgumentError(
            f"simulate: unknown setting(s) {unknown}; known: {sorted(SIMULATION_DEFAULTS)}"
        )
    settings = {**SIMULATION_DEFAULTS, **simulate}
    top = settings["top"]
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidArgumentError(f"simulate: top must be a positive int, got {quote(top)}")
    return settings


def hint(
    hand: HandLike,
    visible: VisibleLike = None,
    *,
    melds: int | None = None,
    two_step: bool | TwoStepChoice = True,
    simulate: bool | Mapping[str, Any] | None = False,
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
    second per 300,000 simulated draws; the same ``seed`` gives the same hint.

    The hand is parsed once: everything below works on the resolved hand, and the
    simulator gets the parsed :class:`~riichi_lut.core.hand.Hand`, not the notation again.

    >>> h = hint("234m567m345s99s457p", simulate={"n": 2_000, "draws": 3})
    >>> h.discard, [r.code.value for r in h.reasons]
    ('7p', ['discard', 'more_tiles', 'simulation'])
    >>> h.why.split("; ")[1]
    'simulation: discarding 7p wins within 3 draws in 19% ± 1.7% of games against 9.6% for 4p.'
    """
    settings = simulation_settings(simulate)
    choice = check_two_step(two_step, "ties")
    resolved = resolve(hand, melds)
    # what the simulator is given: the parsed Hand (no second parse), or the counts and melds
    source: HandLike = hand if resolved.hand is None else resolved.hand
    calls = melds if resolved.hand is None else None
    if resolved.tiles == 13:
        return _report(resolved, visible, _Simulation(source, calls, settings))
    if resolved.tiles != 14:
        raise InvalidHandError(f"hint needs 13 or 14 tiles counting calls as 3, got {resolved.tiles}")
    return _recommend(resolved, visible, choice, _Simulation(source, calls, settings))


@dataclass(frozen=True)
class _Simulation:
    """The hand as the simulator takes it, and the settings (``None``: no simulation)."""

    hand: HandLike
    melds: int | None
    settings: dict[str, Any] | None


def _report(resolved: Resolved, visible: VisibleLike, simulation: _Simulation) -> Hint:
    """The hint of a 3n+1 hand: shanten and acceptance, and the simulated outlook."""
    report = ukeire_resolved(resolved, visible)
    reasons: list[Reason] = [Reason(Code.REPORT, _values(report))]
    if report.furiten:
        reasons.append(Reason(Code.FURITEN))
    outlook = None
    if simulation.settings is not None:
        outlook = _simulate_hand(simulation.hand, visible, simulation.melds, simulation.settings)
        reasons.append(_report_reason(outlook, simulation.settings))
    return Hint(
        None, report.shanten, render(tuple(reasons)), tuple(reasons), ukeire=report, simulation=outlook
    )


def _recommend(
    resolved: Resolved, visible: VisibleLike, choice: TwoStepChoice, simulation: _Simulation
) -> Hint:
    """The hint of a 3n+2 hand: the best discard and why, against the runner-up."""
    shanten = hand_shanten(resolved)
    live, discarded = live_counts(resolved, visible), discarded_mask(visible)
    options = plain = ranked_options(resolved, live, choice, shanten=shanten, discarded=discarded)
    settings = simulation.settings
    simulated: tuple[NanikiruOption, ...] | None = None
    if settings is not None:
        simulated, options = _simulate_discards(simulation.hand, visible, simulation.melds, plain, settings)
    best = options[0]
    reasons = []
    if shanten < 0:
        reasons.append(Reason(Code.COMPLETE))
    reasons.append(Reason(Code.DISCARD, {"tile": best.tile, **_values(best)}))
    if best is plain[0]:
        reasons.append(comparison(best, plain[1]) if len(plain) > 1 else Reason(Code.ONLY_ONE))
        other = passed_over(best, plain[2:])
        if other is not None:
            reasons.append(_passed_over(other))
    else:
        reasons.append(Reason(Code.SIMULATION_OVERRULES, {"other": plain[0].tile}))
    if simulated is not None and settings is not None:
        # against the plain ranking's choice when overruled, else the simulated runner-up
        rival = next(o for o in simulated if o.kind == plain[0].kind) if best is not plain[0] else None
        reasons.append(_simulation_reason(best, simulated, settings, rival))
    if best.furiten:
        reasons.append(Reason(Code.FURITEN))
    why = render(tuple(reasons))
    return Hint(best.tile, best.shanten, why, tuple(reasons), options, simulation=simulated)


def _simulate_discards(
    hand: HandLike,
    visible: VisibleLike,
    melds: int | None,
    options: tuple[DiscardOption, ...],
    settings: dict[str, Any],
) -> tuple[tuple[NanikiruOption, ...], tuple[DiscardOption, ...]]:
    """The simulated top kinds (best first) and the options re-ranked by them."""
    # start-up: the simulator loads only when hint(simulate=...) asks for it
    from ..sim.nanikiru import nanikiru  # noqa: PLC0415

    order = list(dict.fromkeys(o.kind for o in options))
    top = order[: settings["top"]]
    simulated = nanikiru(
        hand,
        visible,
        melds=melds,
        discards=top,
        draws=settings["draws"],
        n=settings["n"],
        seed=settings["seed"],
        workers=settings["workers"],
        client=settings["client"],
        riichi=settings["riichi"],
    )
    simulated = tuple(sorted(simulated, key=lambda o: (o.sort_key(), order.index(o.kind))))
    if simulated[0].kind != order[0]:
        # overrule the plain ranking only on a difference beyond the noise (paired games)
        plain = next(o for o in simulated if o.kind == order[0])
        difference, half = simulated[0].versus(plain, _measure(simulated[0], plain))
        if difference <= half:
            simulated = (plain, *(o for o in simulated if o is not plain))
    first = [o for s in simulated for o in options if o.kind == s.kind]
    rest = [o for o in options if o.kind not in top]
    return simulated, tuple(first + rest)


def _estimate_values(estimate: Any, prefix: str = "") -> dict[str, Any]:
    return {prefix + "p": estimate.p, prefix + "half_width": estimate.half_width}


def _measure(mine: NanikiruOption, other: NanikiruOption | None) -> str:
    """Compare by wins, unless neither won (then by tenpai)."""
    if mine.wins[-1] or (other is not None and other.wins[-1]):
        return "win"
    return "tenpai"


def _simulation_reason(
    best: DiscardOption,
    simulated: tuple[NanikiruOption, ...],
    settings: dict[str, Any],
    rival: NanikiruOption | None = None,
) -> Reason:
    mine = simulated[0]
    other = rival if rival is not None else simulated[1] if len(simulated) > 1 else None
    measure = _measure(mine, other)
    pick = "win_within" if measure == "win" else "tenpai_within"
    values: dict[str, Any] = {
        "tile": best.tile,
        "measure": measure,
        "draws": mine.draws,
        "games": mine.games,
        "seed": settings["seed"],
        **_estimate_values(getattr(mine, pick)()),
        "other": None if other is None else other.discard,
    }
    if other is not None:
        difference, half = mine.versus(other, measure)
        values.update(_estimate_values(getattr(other, pick)(), "other_"))
        values.update(
            {"difference": difference, "difference_half_width": half, "clear": abs(difference) > half}
        )
    return Reason(Code.SIMULATION, values)


def _simulate_hand(
    hand: HandLike, visible: VisibleLike, melds: int | None, settings: dict[str, Any]
) -> Outlook:
    # start-up: the simulator loads only when hint(simulate=...) asks for it
    from ..sim.nanikiru import hand_outlook  # noqa: PLC0415

    options = {k: settings[k] for k in ("draws", "n", "seed", "workers", "client", "riichi")}
    return hand_outlook(hand, visible, melds=melds, **options)


def _report_reason(outlook: Outlook, settings: dict[str, Any]) -> Reason:
    values = {
        "draws": outlook.draws,
        "games": outlook.games,
        "seed": settings["seed"],
        **_estimate_values(outlook.win_within()),
        **_estimate_values(outlook.tenpai_within(), "tenpai_"),
    }
    return Reason(Code.SIMULATION_REPORT, values)


def is_complete(resolved: Resolved) -> bool:
    """Whether 14 tiles (counting calls as 3) already form a winning shape."""
    return hand_shanten(resolved) < 0
