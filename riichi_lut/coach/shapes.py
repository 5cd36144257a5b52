"""Which shape the recommended discard goes for, and the way back.

**Seven pairs or the regular hand.** When the hand after the recommended discard is
1-shanten for seven pairs, or the hand holds four pairs or more, the hint says which shape
the discard keeps — seven pairs, the regular hand (four sets and a pair; with this many
pairs often toitoi, by calling), or both — from the shanten of each form after it, and
why, after the guidelines of the seven-pairs article (``../shared/seeds/000``, "Vs
Toitoi"), one rule per row of :data:`PAIR_RULES`, the first that applies:

* unless the regular hand is ahead: a pair that cannot become a triplet — both other
  copies are visible — favours seven pairs; four pairs and a triplet: keep both open
  (1-shanten for seven pairs; a pon would make a wider toitoi 1-shanten); at five pairs
  (1-shanten) or six (tenpai), seven pairs;
* a dragon pair (a yaku when called) or a hand of simples only (tanyao) favours toitoi;
* every pair can still be ponned and most are honors or terminals: toitoi is easy;
* the recommendation breaks the triplet of a hand with four pairs and a triplet: when the
  rest of the hand is loose (the regular hand :data:`LOOSE_GAP` shanten or more behind),
  that is the guidelines' exception — seven pairs, as in their example 1244m2288p11s55s8s
  drawing 2p; otherwise the why names the best discard that keeps the triplet, as they
  advise ("keep your options open": a pon would make a wider toitoi);
* otherwise what the shanten say: seven pairs when its shanten is lower (the rest of the
  hand is loose), the regular hand when a group has formed.

**The way back (向聴戻し).** At tenpai, a discard that goes back to 1-shanten costs a
step, yet can win the race when the tenpai waits on very little. The hint compares the
draws each is expected to need to win, out of ``U`` unseen tiles (live copies of every
kind), ignoring wins on other players' discards (both can have them):

* the tenpai, waiting on ``a`` live tiles, with improvement tiles (draws after which a
  discard keeps tenpai on a wider wait of ``w`` tiles; two-step analysis): each draw wins,
  moves to the wider wait, or changes nothing, so it needs
  ``(U + Σ live · U / w) / (a + Σ live)`` draws;
* the widest option one shanten back, accepting ``b`` live tiles: ``U / b`` draws to
  tenpai, then ``U / c`` on the wait ``c`` of the best follow-up of each accepted draw,
  averaged with the draws' live copies as weights (its own later improvements are not
  counted, which favours staying).

When going back needs at most :data:`BACK_MARGIN` of the tenpai's draws, the why names it
with the numbers. The check is part of the two-step analysis, so ``two_step=False`` skips
it; it is weighed only when ``b`` could win at all (``b > a / BACK_MARGIN``). At 1-shanten
and beyond the hint does not weigh going back: comparing there needs a third step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.efficiency import DiscardOption, Resolved, with_two_step
from ..analysis.forms import chiitoitsu_shanten
from ..analysis.readings import YAOCHU
from ..analysis.shanten import shanten as shanten_of
from ..core.tiles import DRAGON_KINDS, KIND_NAMES
from .words import Code, Reason

__all__ = [
    "BACK_MARGIN",
    "PAIR_RULES",
    "PairFacts",
    "PairRule",
    "back_reason",
    "pair_facts",
    "pairs_reason",
]

BACK_MARGIN = 0.75
"""Going back is named when its expected draws are at most this share of the best's."""


LOOSE_GAP = 2
"""The rest of the hand is loose when the regular hand is this many shanten or more
behind seven pairs."""


@dataclass(frozen=True)
class PairFacts:
    """The 13 tiles after the recommended discard, as the pair guidelines see them: the
    pairs and triplets (kinds), the pairs whose both other copies are visible
    (``blocked``), the shanten of seven pairs and of the regular hand, and whether every
    tile is a simple."""

    pairs: tuple[int, ...]
    triplets: tuple[int, ...]
    blocked: tuple[int, ...]
    chiitoitsu: int
    standard: int
    simples_only: bool

    @property
    def shape(self) -> str:
        """``"seven_pairs"``, ``"regular"`` or ``"both"``: the form(s) of lowest shanten."""
        if self.chiitoitsu == self.standard:
            return "both"
        return "seven_pairs" if self.chiitoitsu < self.standard else "regular"


@dataclass(frozen=True)
class PairRule:
    """One guideline: its ``key`` (the reason's ``rule`` value), the shape it leans to
    (``"seven_pairs"``, ``"toitoi"``, ``"both"`` or ``None``: the shanten decide), and
    when it applies."""

    key: str
    leans: str | None
    applies: Callable[[PairFacts], bool]


def _easy_pons(f: PairFacts) -> bool:
    honors = sum(1 for k in f.pairs if k in YAOCHU)
    return len(f.pairs) >= 3 and not f.blocked and 2 * honors > len(f.pairs)


PAIR_RULES: tuple[PairRule, ...] = (
    PairRule("pair_blocked", "seven_pairs", lambda f: f.shape != "regular" and bool(f.blocked)),
    PairRule(
        "pairs_and_triplet",
        "both",
        lambda f: f.shape != "regular" and len(f.pairs) >= 4 and bool(f.triplets),
    ),
    PairRule("five_pairs", "seven_pairs", lambda f: f.shape != "regular" and f.chiitoitsu <= 1),
    PairRule("other_yaku", "toitoi", lambda f: f.shape != "seven_pairs" and _other_yaku(f) is not None),
    PairRule("easy_pons", "toitoi", lambda f: f.shape != "seven_pairs" and _easy_pons(f)),
    PairRule("loose_rest", None, lambda f: f.shape == "seven_pairs"),
    PairRule("group_formed", None, lambda f: f.shape == "regular"),
    PairRule("both_open", None, lambda f: True),
)
"""The guidelines in order; the first whose ``applies`` holds is the one the why gives."""


def _other_yaku(f: PairFacts) -> str | None:
    dragon = next((k for k in f.pairs if k in DRAGON_KINDS), None)
    if dragon is not None:
        return f"the {KIND_NAMES[dragon]} pair, a dragon, is a yaku once ponned"
    return "every tile is a simple (tanyao, where open tanyao is played)" if f.simples_only else None


def pair_facts(counts: Sequence[int], live: Sequence[int], players: int = 4) -> PairFacts:
    """:class:`PairFacts` of 13 closed ``counts`` with their ``live`` counts (``players=3``:
    a three-player hand)."""
    form = shanten_of(list(counts), players=players)
    assert form.chiitoitsu is not None  # closed counts: seven pairs applies
    pairs = tuple(k for k, c in enumerate(counts) if c == 2)
    return PairFacts(
        pairs=pairs,
        triplets=tuple(k for k, c in enumerate(counts) if c >= 3),
        blocked=tuple(k for k in pairs if live[k] == 0),
        chiitoitsu=form.chiitoitsu,
        standard=form.standard,
        simples_only=not any(counts[k] for k in YAOCHU),
    )


def pairs_reason(
    resolved: Resolved, best: DiscardOption, options: Sequence[DiscardOption] = ()
) -> Reason | None:
    """The ``pairs`` reason for ``best``, or ``None`` when the guidelines do not speak:
    a hand with calls, or fewer than four pairs and no seven-pairs 1-shanten. When the
    hand holds four pairs and a triplet and ``best`` breaks the triplet, the reason says
    so (``triplet_broken``) and names the best of ``options`` that keeps it, the way the
    guidelines keep toitoi open."""
    if resolved.melds:
        return None
    held = bytes(resolved.counts)
    pairs = held.count(2)
    if pairs < 4:  # the common case, decided from byte counts without either form's shanten
        kinds = 34 - held.count(0)
        paired = kinds - held.count(1)  # kinds held twice or more
        left = held[best.kind]  # the discard takes one copy away
        if chiitoitsu_shanten(paired - (left == 2), kinds - (left == 1)) != 1:
            return None
    counts = list(resolved.counts)
    counts[best.kind] -= 1
    facts = pair_facts(counts, best.live, resolved.players)
    rule = next(r for r in PAIR_RULES if r.applies(facts))
    values: dict[str, Any] = {
        "shape": facts.shape,
        "rule": rule.key,
        "leans": rule.leans or facts.shape,
        "pairs": [KIND_NAMES[k] for k in facts.pairs],
        "triplets": [KIND_NAMES[k] for k in facts.triplets],
        "blocked": [KIND_NAMES[k] for k in facts.blocked],
        "chiitoitsu_shanten": facts.chiitoitsu,
        "standard_shanten": facts.standard,
        "other_yaku": _other_yaku(facts),
    }
    if pairs >= 4 and resolved.counts[best.kind] == 3 and rule.key != "pair_blocked":
        keep = next((o for o in options if o.shanten == best.shanten and resolved.counts[o.kind] != 3), None)
        if facts.standard - facts.chiitoitsu >= LOOSE_GAP:
            values.update(rule="triplet_for_pairs", leans="seven_pairs", broken=KIND_NAMES[best.kind])
        elif keep is not None:
            values.update(
                rule="triplet_broken",
                leans="both",
                broken=KIND_NAMES[best.kind],
                keep=keep.tile,
                keep_total=keep.total,
                total=best.total,
            )
    return Reason(Code.PAIRS, values)


# --------------------------------------------------------------------------- the way back


def _draws_from_tenpai(option: DiscardOption, unseen: int) -> float:
    """Draws expected to win from the tenpai ``option``: each draw wins on its wait, or
    moves to the wider wait of an improvement tile, or changes nothing."""
    assert option.two_step is not None and option.two_step.improvements is not None
    better = option.two_step.improvements
    moved = sum(i.live * unseen / i.wait_live for i in better)
    return (unseen + moved) / (option.total + sum(i.live for i in better))


def _draws_back(option: DiscardOption, unseen: int) -> float | None:
    """Draws expected to win from the 1-shanten ``option``: to tenpai, then on the wait of
    the best follow-up of each accepted draw (weighted by its live copies; improvements of
    that tenpai are not counted). ``None`` when a follow-up waits on nothing live."""
    assert option.two_step is not None
    follow = [f for f in option.two_step.follow_ups if f.live]
    if not follow or any(f.total == 0 for f in follow):
        return None
    weight = sum(f.live for f in follow)
    return unseen / option.total + sum(f.live * unseen / f.total for f in follow) / weight


def back_reason(
    resolved: Resolved, best: DiscardOption, options: Sequence[DiscardOption]
) -> tuple[Reason, DiscardOption] | None:
    """The ``way_back`` reason and the option it names, when going one shanten back from
    the tenpai ``best`` wins clearly sooner (see the module docstring)."""
    if best.shanten != 0 or best.total == 0 or best.furiten:
        return None
    back = [o for o in options if o.shanten == 1 and o.total * BACK_MARGIN > best.total]
    if not back:
        return None
    unseen = sum(best.live)
    counts = list(resolved.counts)
    option = max(back, key=lambda o: o.total)  # the first of the widest (options are ranked)
    if option.two_step is None:
        option = with_two_step(option, counts, resolved, option.live)
    draws = _draws_back(option, unseen)
    if draws is None or draws > BACK_MARGIN * unseen / best.total:  # cannot beat even a bare wait
        return None
    keep = best if best.two_step is not None else with_two_step(best, counts, resolved, best.live)
    keep_draws = _draws_from_tenpai(keep, unseen)
    if draws > BACK_MARGIN * keep_draws:
        return None
    assert option.two_step is not None and option.two_step.average is not None
    values = {
        "other": option.tile,
        "other_total": option.total,
        "other_average": option.two_step.average,
        "other_draws": draws,
        "total": best.total,
        "improvements": sum(i.live for i in keep.two_step.improvements or ()) if keep.two_step else 0,
        "draws": keep_draws,
        "unseen": unseen,
    }
    return Reason(Code.WAY_BACK, values), option
