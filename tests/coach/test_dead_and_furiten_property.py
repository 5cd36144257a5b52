"""Issue 11, "Must show": over 20,000 seeded random 14-tile hands with random visible tiles
and own discards, the recommended discard is never a dead or furiten option when a live,
non-furiten option of equal or better shanten exists; in hint(), rank_discards() and the
batch twin.

Dead and furiten are recomputed here from the options' accepted kinds (the table masks,
checked against brute force elsewhere) and live counts taken from the deal itself: live =
4 - held - visible - own discards; furiten = tenpai with an accepted kind among the own
discards or equal to the discarded kind.
"""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut import best_discard_batch, hint
from riichi_lut.analysis.results import DiscardOption
from riichi_lut.core.tiles import KIND_NAMES
from riichi_lut.core.visible import Visible

pytestmark = pytest.mark.slow  # a property sweep

HANDS = 20_000
HINT_WITH_TWO_STEP = 2_000  # the first hands also through hint()'s default two-step ties


def deal(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(hand, visible, own discards) as 34 counts each, from one shuffled pool: the whole
    wall, or one suit and two honors (low shanten, many dead kinds)."""
    if rng.random() < 0.3:
        kinds = np.arange(34)
    else:
        kinds = np.r_[int(rng.integers(3)) * 9 + np.arange(9), 27 + rng.choice(7, 2, replace=False)]
    wall = rng.permutation(np.repeat(kinds, 4))
    mine, seen = int(rng.integers(0, 9)), int(rng.integers(0, 16))
    parts = (wall[:14], wall[14 : 14 + mine], wall[14 + mine : 14 + mine + seen])
    return tuple(np.bincount(p, minlength=34).astype(np.uint8) for p in parts)  # type: ignore[return-value]


def text(row: np.ndarray) -> str:
    return "".join(KIND_NAMES[k] * int(n) for k, n in enumerate(row))


def standing(option: DiscardOption, live: np.ndarray, own: np.ndarray) -> tuple[bool, bool]:
    """(dead, furiten) of an option, recomputed from the deal."""
    accepted = [k for k in range(34) if option.mask >> k & 1]
    total = int(sum(live[k] for k in accepted))
    assert total == option.total
    furiten = option.shanten == 0 and any(own[k] or k == option.kind for k in accepted)
    return total == 0, furiten


def check_recommendation(best: DiscardOption, options: tuple[DiscardOption, ...], live, own) -> bool:
    """Assert the property; True when the hand had a dead or furiten option that a ranking
    by shanten and live tiles alone would have recommended (the case the property is about)."""
    flags = {id(o): standing(o, live, own) for o in options}
    assert all(flags[id(o)][1] == o.furiten for o in options)
    dead, furiten = flags[id(best)]
    if dead or furiten:
        better = [
            o for o in options if not flags[id(o)][0] and not flags[id(o)][1] and o.shanten <= best.shanten
        ]
        assert not better, (best.tile, [o.tile for o in better])
    old = min(options, key=lambda o: (o.shanten, -o.total, o.kind))
    return any(flags[id(old)]) and not any(flags[id(best)])


def test_recommended_discard_is_never_dead_or_furiten_when_a_live_option_exists() -> None:
    rng = np.random.default_rng(1111)
    rows, seen_rows, own_rows = (np.array(a) for a in zip(*(deal(rng) for _ in range(HANDS)), strict=True))
    assert len(rows) >= 20_000
    changed = {"dead": 0, "furiten": 0}
    firsts = {}
    for i in range(HANDS):
        hand, seen, own = rows[i], seen_rows[i], own_rows[i]
        live = 4 - hand.astype(int) - seen - own
        visible = Visible(discards=text(seen), own_discards=text(own))
        h = hint(text(hand), visible, two_step=i < HINT_WITH_TWO_STEP)
        best = h.options[0]
        assert h.discard == best.tile
        if i >= HINT_WITH_TWO_STEP:
            firsts[i] = best
        if check_recommendation(best, h.options, live, own):
            old = min(h.options, key=lambda o: (o.shanten, -o.total, o.kind))
            changed["dead" if old.dead else "furiten"] += 1
    # the property is exercised, not vacuous: both kinds of case occur many times
    assert changed["dead"] >= 50 and changed["furiten"] >= 50, changed

    # the batch twin: its best discard is the scalar first option without the two-step measure
    batch = best_discard_batch(rows, visible=seen_rows, own_discards=own_rows)
    for i, first in firsts.items():
        assert (first.kind, first.shanten, first.total, first.furiten) == (
            batch.kind[i],
            batch.shanten[i],
            batch.total[i],
            batch.furiten[i],
        ), i
