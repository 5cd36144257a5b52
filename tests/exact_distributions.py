"""The exact shanten distributions of all deals (:func:`riichi_lut.sim.exact_shanten_distribution`),
computed once per test session and shared by the test files that compare against them
(tests/sim: test_exact, test_alias, test_deals, test_sanma_sim, test_selfplay).

Each (tiles, form, players) costs about half a second and five files asked for the same
ones: the fast tier paid for the four-player table three times over. The value is the
library's own answer; each call returns a fresh copy, so a test that changes it changes
nothing for another."""

from __future__ import annotations

from functools import cache

import pytest

from riichi_lut.sim import exact_shanten_distribution

#: (tiles, form) of the sampled-distribution tests, four and three players alike: every
#: form at one size at least in the fast tier, the rest in the slow.
FORM_CASES = [
    (13, "all"),
    (14, "all"),
    (13, "standard"),
    (14, "chiitoitsu"),
    (13, "kokushi"),
    pytest.param(14, "standard", marks=pytest.mark.slow),
    pytest.param(13, "chiitoitsu", marks=pytest.mark.slow),
    pytest.param(14, "kokushi", marks=pytest.mark.slow),
]


@cache
def _exact(tiles: int, form: str, players: int) -> tuple[tuple[int, int], ...]:
    return tuple(exact_shanten_distribution(tiles, form, progress=False, players=players).items())


def exact(tiles: int, form: str = "all", players: int = 4) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form, players=players)``, computed once a session."""
    return dict(_exact(tiles, form, players))
