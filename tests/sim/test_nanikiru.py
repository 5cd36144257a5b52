"""Tests of riichi_lut.sim.nanikiru and hint(simulate=...): win rates against the exact
hypergeometric value of a fixed wait, common random numbers (the same draws for every
candidate), seeded determinism across workers, the ranking of an obvious choice, interval
sanity, named errors, and the hint's deeper ranking."""

from __future__ import annotations

import json
from math import comb
from typing import Any

import numpy as np
import pytest

from riichi_lut import hint, parse_hand
from riichi_lut.coach.hints import Code
from riichi_lut.errors import InvalidArgumentError, InvalidHandError, TileParseError
from riichi_lut.sim import Outlook, hand_outlook, nanikiru, wilson_interval
from riichi_lut.sim.selfplay import play

# 111m 999m 111p 999p and a single 1z: after 7z goes, the only wait is 1z (tanki), three live
TANKI = "111m999m111p999p1z7z"
RYANMEN_OR_KANCHAN = "234m567m345s99s457p"  # 7p keeps 45p (3p 6p), 4p keeps 57p (6p)


def miss_all(wall: int, live: int, k: int) -> float:
    """Probability that k draws without replacement from ``wall`` tiles miss all ``live``."""
    return comb(wall - live, k) / comb(wall, k)


def assert_within_4_sigma(successes: int, n: int, p: float) -> None:
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(successes / n - p) < 4 * sigma, (successes / n, p, sigma)


@pytest.mark.parametrize(("visible", "live"), [(None, 3), ("1z", 2)])
def test_fixed_tanki_wait_wins_as_the_hypergeometric_law_says(visible: str | None, live: int) -> None:
    # riichi: the wait never changes; the wall is 136 - 14 - visible tiles
    wall = 136 - 14 - (visible is not None)
    n = 20_000
    (option,) = nanikiru(TANKI, visible, discards="7z", draws=8, n=n, riichi=True, seed=2)
    assert option.tenpai == (n,) * 8 and option.shanten == 0 and option.ukeire == live
    for k in range(1, 9):
        assert_within_4_sigma(option.wins[k - 1], n, 1 - miss_all(wall, live, k))


def test_two_sided_wait_in_riichi() -> None:
    n = 20_000
    best, worse = nanikiru(RYANMEN_OR_KANCHAN, draws=6, n=n, riichi=True, discards=["4p", "7p"])
    assert (best.discard, worse.discard) == ("7p", "4p")
    for k in range(1, 7):
        assert_within_4_sigma(best.wins[k - 1], n, 1 - miss_all(122, 8, k))
        assert_within_4_sigma(worse.wins[k - 1], n, 1 - miss_all(122, 4, k))
        # common random numbers: 6p wins for both, so 7p wins every game 4p wins
        assert best.wins[k - 1] >= worse.wins[k - 1]
    assert worse.won_alone[best.kind] == 0 and best.won_alone[worse.kind] == best.wins[-1] - worse.wins[-1]


def test_free_policy_does_at_least_as_well_as_a_fixed_wait() -> None:
    n = 20_000
    (locked,) = nanikiru(TANKI, discards="7z", draws=8, n=n, riichi=True, seed=3)
    (free,) = nanikiru(TANKI, discards="7z", draws=8, n=n, seed=3)
    # dama the policy may trade the tanki for a wider wait (2m: 111m 2m -> 11m 12m, 3m)
    p = locked.wins[-1] / n
    assert free.wins[-1] >= locked.wins[-1] - 4 * (n * p * (1 - p)) ** 0.5


def test_the_same_draws_across_candidates_per_game() -> None:
    base = np.array(parse_hand(RYANMEN_OR_KANCHAN).concealed, dtype=np.uint8)
    hands = np.repeat(base[None, :], 2, axis=0)
    hands[0, 15] -= 1  # 7p: 45p left
    hands[1, 12] -= 1  # 4p: 57p left
    rng = np.random.default_rng(5)
    n = 2000
    uniforms = rng.random((6, n))
    both = play(
        np.repeat(hands, n, axis=0),
        np.tile(np.uint8(4) - base, (2 * n, 1)),
        np.zeros((2 * n, 34), dtype=np.uint8),
        np.tile(uniforms, (1, 2)),
        riichi=True,
        riichi_at_start=True,
    )
    ryanmen, kanchan = both.win_turn[:n], both.win_turn[n:]
    assert (kanchan > 0).sum() > 20
    assert ((kanchan < 0) | ((ryanmen > 0) & (ryanmen <= kanchan))).all()


def test_obvious_choice_ranks_first_and_curves_are_sane() -> None:
    options = nanikiru(RYANMEN_OR_KANCHAN, draws=6, n=4000, seed=1)
    assert options[0].discard == "7p" and options[1].discard == "4p"
    held = parse_hand(RYANMEN_OR_KANCHAN).concealed
    assert {o.kind for o in options} == {k for k, c in enumerate(held) if c}
    for o in options:
        assert len(o.tenpai) == len(o.wins) == o.draws == 6 and o.games == 4000
        tenpai, wins = np.array(o.tenpai_probability), np.array(o.win_probability)
        assert ((wins >= 0) & (wins <= tenpai) & (tenpai <= 1)).all()
        assert (np.diff(tenpai) >= 0).all() and (np.diff(wins) >= 0).all()
        for k in range(1, 7):
            for estimate in (o.tenpai_within(k), o.win_within(k)):
                assert 0 <= estimate.low <= estimate.p <= estimate.high <= 1
        data = o.to_dict()
        assert json.loads(json.dumps(data)) == data
    keys = [o.sort_key() for o in options]
    assert keys == sorted(keys)
    difference, half = options[0].versus(options[1])
    assert difference > half > 0


def test_wilson_interval() -> None:
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == pytest.approx(1)
    assert wilson_interval(0, 10)[1] > 0.2 and wilson_interval(10, 10)[0] < 0.8
    low, high = wilson_interval(50, 100)
    assert abs(low - 0.4038) < 1e-4 and abs(high - 0.5962) < 1e-4


def test_same_seed_same_numbers_whatever_the_workers() -> None:
    kwargs: dict[str, Any] = {"draws": 5, "n": 3000, "seed": 7, "chunk_size": 1000}
    one = nanikiru(RYANMEN_OR_KANCHAN, "1p 2s", **kwargs)
    assert one == nanikiru(RYANMEN_OR_KANCHAN, "1p 2s", workers=2, **kwargs)
    assert one != nanikiru(RYANMEN_OR_KANCHAN, "1p 2s", **{**kwargs, "seed": 8})
    # a candidate's numbers do not depend on which other candidates run with it
    subset = nanikiru(RYANMEN_OR_KANCHAN, "1p 2s", discards=["7p", "9s"], **kwargs)
    by_kind = {o.kind: o for o in one}
    assert all((o.tenpai, o.wins) == (by_kind[o.kind].tenpai, by_kind[o.kind].wins) for o in subset)


def test_hand_with_calls_and_a_thirteen_tile_outlook() -> None:
    options = nanikiru("23m456p22z7z [789s] (1111z)", draws=4, n=2000)
    assert options[0].discard == "7z" and options[0].tenpai == (2000,) * 4
    # the same hand with 7z gone: the same walls, the same games
    outlook = hand_outlook("23m456p22z [789s] (1111z)", "7z", draws=4, n=2000)
    assert outlook.shanten == 0 and (outlook.tenpai, outlook.wins) == (options[0].tenpai, options[0].wins)
    with pytest.raises(InvalidArgumentError):
        nanikiru("23m456p22z7z [789s] (1111z)", riichi=True, n=10)


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        ((RYANMEN_OR_KANCHAN,), {"draws": 0}, InvalidArgumentError),
        ((RYANMEN_OR_KANCHAN,), {"n": 0}, InvalidArgumentError),
        ((RYANMEN_OR_KANCHAN,), {"draws": 123}, InvalidArgumentError),  # the wall holds 122
        ((RYANMEN_OR_KANCHAN,), {"seed": -1}, InvalidArgumentError),
        (("234m567m345s99s45p",), {}, InvalidHandError),  # 13 tiles
        ((RYANMEN_OR_KANCHAN, "7p 7p 7p 7p"), {}, InvalidHandError),  # visible over 4
        ((RYANMEN_OR_KANCHAN,), {"discards": ["1z"]}, InvalidHandError),  # not held
        ((RYANMEN_OR_KANCHAN,), {"discards": ["7q"]}, TileParseError),
        ((RYANMEN_OR_KANCHAN,), {"discards": []}, InvalidArgumentError),
        ((RYANMEN_OR_KANCHAN,), {"riichi": "yes"}, InvalidArgumentError),
    ],
)
def test_bad_inputs_raise_named_errors(args: tuple, kwargs: dict, error: type) -> None:
    with pytest.raises(error):
        nanikiru(*args, n=kwargs.pop("n", 10), **kwargs)


def test_estimates_check_k() -> None:
    (option,) = nanikiru(TANKI, discards="7z", draws=3, n=100)
    with pytest.raises(InvalidArgumentError):
        option.win_within(4)
    with pytest.raises(InvalidHandError):
        hand_outlook(TANKI, n=10)  # 14 tiles


# --- hint(simulate=...) -------------------------------------------------------------------


def test_default_hint_is_unchanged() -> None:
    plain = hint(RYANMEN_OR_KANCHAN)
    assert plain == hint(RYANMEN_OR_KANCHAN, simulate=False)
    assert plain.simulation is None and "simulation" not in plain.to_dict()


def test_hint_simulation_reason_and_reproducibility() -> None:
    settings = {"draws": 6, "n": 4000, "seed": 3}
    result = hint(RYANMEN_OR_KANCHAN, simulate=settings)
    codes = [r.code for r in result.reasons]
    assert codes == [Code.DISCARD, Code.MORE_TILES, Code.SIMULATION]
    values = result.reasons[-1].values
    assert (values["tile"], values["other"], values["measure"], values["clear"]) == ("7p", "4p", "win", True)
    assert values["p"] > values["other_p"]
    assert "; simulation: discarding 7p wins within 6 draws in " in result.why
    assert "% of games against " in result.why and result.why.endswith("% for 4p.")
    assert result.discard == "7p" and result.options[0].tile == "7p"
    assert isinstance(result.simulation, tuple)
    assert len(result.simulation) == 3 and result.simulation[0].discard == "7p"
    assert result == hint(RYANMEN_OR_KANCHAN, simulate=settings)
    assert result.to_dict()["simulation"][0]["discard"] == "7p"
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data
    other = hint(RYANMEN_OR_KANCHAN, simulate={**settings, "seed": 4})
    assert other.reasons[-1].values["p"] != values["p"]


def test_hint_simulation_can_overrule_the_plain_ranking() -> None:
    # the plain ranking prefers 6s (more tiles now); 8 draws later 5z has won more often
    result = hint("24678m2257p6s5777z", simulate={"draws": 8, "n": 20_000})
    plain = hint("24678m2257p6s5777z")
    assert plain.discard == "6s" and result.discard == "5z"
    assert [r.code for r in result.reasons] == [Code.DISCARD, Code.SIMULATION_OVERRULES, Code.SIMULATION]
    assert "although the plain ranking prefers discarding 6s; simulation: discarding 5z wins" in result.why
    assert isinstance(result.simulation, tuple)
    best = result.simulation[0]
    difference, half = best.versus(next(o for o in result.simulation if o.discard == "6s"))
    assert difference > half
    # the options keep every discard, the simulated ones first
    assert sorted(o.tile for o in result.options) == sorted(o.tile for o in plain.options)


def test_hint_keeps_the_plain_best_on_a_difference_within_the_noise() -> None:
    # 1z and 5z are interchangeable (two isolated honors): no overruling on noise
    for seed in range(3):
        result = hint("1234m3579p2468s1z5z", simulate={"draws": 4, "n": 2000, "seed": seed, "top": 2})
        assert result.discard == "1z"
        assert result.reasons[1].code is Code.TIED


def test_hint_simulates_a_thirteen_tile_hand() -> None:
    result = hint("123m456p789s23p11z", simulate={"n": 2000, "draws": 3})
    assert [r.code for r in result.reasons] == [Code.REPORT, Code.SIMULATION_REPORT]
    assert "; simulation: within 3 draws this hand wins in " in result.why
    assert isinstance(result.simulation, Outlook) and result.simulation.tenpai == (2000, 2000, 2000)


@pytest.mark.parametrize("simulate", [{"draw": 3}, {"top": 0}, "yes", 1, {"n": 0}, {"draws": 0}])
def test_hint_bad_simulation_settings(simulate: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        hint(RYANMEN_OR_KANCHAN, simulate=simulate)
