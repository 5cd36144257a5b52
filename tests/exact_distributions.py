"""What the tests of the exact shanten distributions share (tests/sim: test_exact,
test_alias, test_deals, test_sanma_sim, test_selfplay): :func:`exact`, the library's own
answer (:func:`riichi_lut.sim.exact_shanten_distribution` computes each (tiles, form,
players) once per process and gives every call a dict of its own), and the (tiles, form)
cases of the sampled-distribution tests."""

from __future__ import annotations

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


def exact(tiles: int, form: str = "all", players: int = 4) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form, players=players)``."""
    return exact_shanten_distribution(tiles, form, players=players)
