"""The words of the hints: reason codes, the values each needs, and one template per
code (:data:`TEMPLATES`); :func:`render` joins the parts into the sentence.

>>> render((Reason(Code.DISCARD, {"tile": "7z", "shanten": 0, "kinds": 2, "total": 4,
...         "tiles": ["1z", "2z"], "dead_tiles": []}), Reason(Code.TIED, {"other": "1m"})))
'Discard 7z: tenpai, waiting on 1z 2z (2 kinds / 4 tiles), discarding 1m is just as good.'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


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
    PAIRS = "pairs"  # seven pairs or the regular hand (toitoi), after the guidelines
    WAY_BACK = "way_back"  # going one shanten back (向聴戻し) reaches the next step sooner
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


# --------------------------------------------------------------------------- templates


def shanten_words(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten}-shanten")


DEAD_WORDS = "every copy is visible"


def _dead_wait(v: dict[str, Any]) -> str:
    """What a dead option waits on, and that it is dead."""
    tiles = " ".join(v["dead_tiles"]) or "nothing"
    need = "waiting on" if v["shanten"] == 0 else "needs"
    return f"{need} {tiles}, but the wait is dead ({DEAD_WORDS})"


def tiles(n: int) -> str:
    """``n`` tiles in words: "1 tile", "3 tiles"."""
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _accepts(v: dict[str, Any]) -> str:
    """Acceptance in words: live kinds and tiles, the kinds with no live copy apart."""
    if not v["total"]:
        return _dead_wait(v)
    noun = "kind" if v["kinds"] == 1 else "kinds"
    names = " ".join(v["tiles"])
    dead = f"; {' '.join(v['dead_tiles'])}: no live copy" if v["dead_tiles"] else ""
    if v["shanten"] == 0:
        return f"waiting on {names} ({v['kinds']} {noun} / {tiles(v['total'])}{dead})"
    return f"accepts {v['kinds']} {noun} / {tiles(v['total'])} ({names}{dead})"


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


def _complete(v: dict[str, Any]) -> str:
    """A complete hand: declare the win with its yaku when it surely has one, say it is no
    win when the given situation leaves it without one, else the general advice."""
    declare = "tsumo" if v.get("tsumo", True) else "ron"
    if v["sure"]:
        yaku = f" ({', '.join(v['yaku'])})" if v["yaku"] else " whatever tile came last"
        return f"Your 14 tiles are a complete hand with a yaku{yaku}: declare {declare}; to play on instead,"
    if v["situation"] and v["possible"] is False:
        return "Your 14 tiles are complete in shape, but have no yaku, so they are not a win; instead"
    return f"Your 14 tiles are complete: declare {declare} if the hand has a yaku; otherwise"


_SHAPES = {
    "seven_pairs": "going for seven pairs ({c}; the regular hand would be {r})",
    "regular": "going for the regular hand ({r}; seven pairs would be {c})",
    "both": "keeping seven pairs and the regular hand open (both {r})",
}

_PAIR_RULES: dict[str, Callable[[dict[str, Any]], str]] = {
    "pair_blocked": lambda v: (
        f"the {' '.join(v['blocked'])} pair cannot become a triplet (both other copies are"
        " visible), so seven pairs rather than toitoi"
    ),
    "pairs_and_triplet": lambda v: (
        f"with {len(v['pairs'])} pairs and a triplet keep both: seven pairs is"
        f" {shanten_words(v['chiitoitsu_shanten'])}, and a pon would make toitoi wider"
    ),
    "five_pairs": lambda v: (
        f"at {len(v['pairs'])} pairs seven pairs is {shanten_words(v['chiitoitsu_shanten'])},"
        " usually faster than calling for toitoi without a triplet"
    ),
    "other_yaku": lambda v: f"{v['other_yaku']}, so calling towards toitoi keeps a yaku",
    "easy_pons": lambda v: (
        "every pair can still be ponned and most are honors or terminals, so toitoi by calling is an option"
    ),
    "loose_rest": lambda v: "the other tiles are loose, so the pairs are the hand's best shape",
    "group_formed": lambda v: (
        f"with {len(v['pairs'])} pairs and groups formed, the regular structure is faster (toitoi or not)"
    ),
    "both_open": lambda v: "neither is ahead yet",
    "triplet_for_pairs": lambda v: (
        f"the rest of the hand is loose, so the {v['broken']} triplet becomes a pair for seven pairs"
        " rather than a set of the regular hand"
    ),
    "triplet_broken": lambda v: (
        f"it breaks the {v['broken']} triplet for {v['total']} tiles against {v['keep_total']};"
        f" with four pairs and a triplet the guidelines keep both open (discard {v['keep']}), since a pon"
        " would make toitoi wider"
    ),
}


def _pairs(v: dict[str, Any]) -> str:
    """Which shape the discard goes for, and the guideline that says why."""
    c, r = shanten_words(v["chiitoitsu_shanten"]), shanten_words(v["standard_shanten"])
    return f"{_SHAPES[v['shape']].format(c=c, r=r)}: {_PAIR_RULES[v['rule']](v)}"


def _way_back(v: dict[str, Any]) -> str:
    """The option one shanten back and the expected draws of both."""
    better = f" (counting {tiles(v['improvements'])} that widen it)" if v["improvements"] else ""
    return (
        f"going one shanten back (向聴戻し) with {v['other']} would be 1-shanten on"
        f" {tiles(v['other_total'])}, then tenpai on {v['other_average']:.1f} tiles on average: about"
        f" {v['other_draws']:.0f} draws expected to win, against {v['draws']:.0f} for this tenpai on"
        f" {tiles(v['total'])}{better}"
    )


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
    Code.COMPLETE: _complete,
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
        f"discarding {v['other']} would wait on {' '.join(v['tiles'])} ({tiles(v['total'])}), but"
        f" {FURITEN_WORDS}"
    ),
    Code.ONLY_ONE: lambda v: "the only distinct discard",
    Code.PAIRS: _pairs,
    Code.WAY_BACK: _way_back,
    Code.SIMULATION: _simulation,
    Code.SIMULATION_OVERRULES: lambda v: f"although the plain ranking prefers discarding {v['other']}",
    Code.SIMULATION_REPORT: _simulation_report,
}


_AFTER_SEMICOLON = (
    Code.PAIRS,
    Code.WAY_BACK,
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


#: The yaku of the moment, which ask nothing of the hand's shape: a hand that can reach
#: no yaku can win only with one of these.
MOMENT_YAKU = "haitei, houtei, rinshan or chankan"


def reach_words(reachable: list[tuple[str, int]], shown: int = 3) -> str:
    """The yaku a called hand can still reach (``(name, shanten)``, nearest first), the
    first ``shown`` of them named.

    >>> reach_words([("tanyao", 1), ("honitsu", 2)])
    'the hand can still reach tanyao (1-shanten) or honitsu (2-shanten)'
    >>> reach_words([("toitoi", 0), ("a", 1), ("b", 2), ("c", 2), ("d", 3)])
    'the hand can still reach toitoi (tenpai), a (1-shanten) or b (2-shanten), and 2 more'
    >>> reach_words([])
    'no yaku remains reachable: the hand can win only with haitei, houtei, rinshan or chankan'
    """
    if not reachable:
        return f"no yaku remains reachable: the hand can win only with {MOMENT_YAKU}"
    parts = [f"{name} ({shanten_words(shanten)})" for name, shanten in reachable[:shown]]
    listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"
    more = len(reachable) - len(parts)
    return f"the hand can still reach {listed}" + (f", and {more} more" if more else "")
