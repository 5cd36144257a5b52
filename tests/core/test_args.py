"""The shared argument checks (riichi_lut.core.args) and the entry points that use them:
one rule for counts and flags in every layer, with short messages for huge inputs."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut.core.args import as_count, as_flag
from riichi_lut.errors import InvalidArgumentError, InvalidSituationError
from riichi_lut.riichi import RuleSet, Win
from riichi_lut.sim import deal_counts, nanikiru, selfplay


@pytest.mark.parametrize("value", [3, np.int64(3), np.uint8(3)])
def test_counts_accept_python_and_numpy_ints(value: object) -> None:
    assert as_count(value, "n") == 3 and type(as_count(value, "n")) is int


@pytest.mark.parametrize("value", [True, np.True_, 3.0, "3", None, -1])
def test_counts_refuse_bools_floats_text_none_and_negatives(value: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^n must be an int >= 0, got "):
        as_count(value, "n")


def test_count_range_and_error_type() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^draws must be at most 18, got 19$"):
        as_count(19, "draws", 1, 18)
    with pytest.raises(InvalidSituationError, match=r"^honba must be an int >= 0"):
        as_count(-1, "honba", error=InvalidSituationError)


@pytest.mark.parametrize("value", [True, False, np.True_, np.False_])
def test_flags_accept_python_and_numpy_bools(value: object) -> None:
    assert as_flag(value, "riichi") is bool(value)


@pytest.mark.parametrize("value", [1, 0, "yes", None, np.array([True])])
def test_flags_refuse_everything_else(value: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^riichi must be True or False, got "):
        as_flag(value, "riichi")


def test_simulation_flags_take_numpy_bools_like_the_scorer() -> None:
    assert (
        selfplay(20, draws=2, seed=0, riichi=np.False_).to_dict()
        == selfplay(20, draws=2, seed=0, riichi=False).to_dict()
    )
    with pytest.raises(InvalidArgumentError, match="riichi must be True or False"):
        nanikiru("2234m506p678s5557z", draws=2, n=10, riichi=1)


def test_huge_bad_values_give_short_messages() -> None:
    huge = "x" * 10_000
    for call in (
        lambda: deal_counts(np.random.default_rng(0), huge),
        lambda: selfplay(10, riichi=huge),
        lambda: Win(tsumo=huge, seat_wind="E", round_wind="E"),
        lambda: Win(tsumo=True, seat_wind=huge, round_wind="E"),
        lambda: RuleSet(renhou=huge),
    ):
        with pytest.raises((InvalidArgumentError, InvalidSituationError)) as info:
            call()
        assert len(str(info.value)) < 300, str(info.value)[:400]
