"""``hint()`` with its default two-step tie-break gives the same hint by the batch path
(:mod:`riichi_lut.analysis.follow_ups`, issue 13 item 5) as by the scalar reference
(``two_step_reference``, one option at a time), on seeded hands: random and near-complete
closed hands, counts with calls, visible tiles and the player's own discards; and its
shanten look-up for the hand itself agrees with ``hand_shanten`` (complete hands too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from riichi_lut import Visible, hint, rank_discards
from riichi_lut.analysis import efficiency
from riichi_lut.analysis.efficiency import hand_shanten, resolve
from riichi_lut.analysis.two_step import TwoStep, two_step_reference
from riichi_lut.coach.hints import Code
from riichi_lut.core.tiles import KIND_NAMES

HANDS = 150


def _reference(
    options: Sequence[Any], melds: int, called: Sequence[int] | None, players: int = 4
) -> list[TwoStep]:
    return [two_step_reference(c, melds, called, s, a, live, players) for c, s, a, live in options]


def _text(counts: Sequence[int]) -> str:
    return "".join(KIND_NAMES[k] * n for k, n in enumerate(counts))


def _hands(seed: int, melds: int, near: bool) -> list[tuple[list[int], Visible | None]]:
    """Seeded 3n+2 counts and what is visible: none for a third of them, else some
    discards (a few of them the player's own) from the rest of the wall."""
    rng = np.random.default_rng(seed)
    tiles = 14 - 3 * melds
    out = []
    for i in range(HANDS):
        wall = rng.permutation(136) // 4
        if near:  # sets and a pair, one tile swapped: options at tenpai, complete hands
            counts = [0] * 34
            for kind in rng.integers(0, 7, 4 - melds) + 9 * rng.integers(0, 3, 4 - melds):
                for k in range(kind, kind + 3):
                    counts[k] += 1
            counts[int(rng.integers(34))] += 2
            if i % 3:
                counts[int(rng.choice(np.flatnonzero(counts)))] -= 1
                counts[int(rng.integers(34))] += 1
            if max(counts) > 4:
                continue
        else:
            counts = np.bincount(wall[:tiles], minlength=34).tolist()
        rest = [k for k in wall[tiles:] if counts[k] < 4]
        visible = None
        if i % 3:
            pool = rest[: int(rng.integers(0, 40))]
            mine = len(pool) // 4
            visible = Visible(discards=_text(np.bincount(pool[mine:], minlength=34)),
                              own_discards=_text(np.bincount(pool[:mine], minlength=34)))  # fmt: skip
            if any(c + v > 4 for c, v in zip(counts, visible.counts(), strict=True)):
                visible = None
        out.append((counts, visible))
    return out


@pytest.mark.parametrize(("seed", "melds", "near"), [(1401, 0, False), (1402, 1, False), (1403, 0, True),
                                                     (1404, 2, True)])  # fmt: skip
def test_hint_by_the_batch_two_step_equals_the_reference(
    seed: int, melds: int, near: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = _hands(seed, melds, near)
    batch = [hint(c, v, melds=melds).to_dict() for c, v in hands]
    monkeypatch.setattr(efficiency, "two_steps", _reference)
    reference = [hint(c, v, melds=melds).to_dict() for c, v in hands]
    assert batch == reference
    measured = sum(o["two_step"] is not None for h in batch for o in h["options"])
    assert measured > len(hands) // 2  # ties were measured, not skipped


def test_the_hand_shanten_look_up_agrees_with_hand_shanten() -> None:
    seen = set()
    for seed, melds, near in [(1405, 0, False), (1406, 0, True), (1407, 1, True), (1408, 3, True)]:
        for counts, visible in _hands(seed, melds, near):
            shanten = hand_shanten(resolve(counts, melds))
            seen.add(shanten)
            h = hint(counts, visible, melds=melds)
            assert (h.reasons[0].code is Code.COMPLETE) == (shanten < 0)
            # the options' shanten-back flags come from the hand's shanten
            assert h.options == rank_discards(counts, visible, melds=melds, two_step="ties")
    assert -1 in seen and 0 in seen and 1 in seen
