"""Seeded random deals (:mod:`riichi_lut.sim.deals`, :mod:`riichi_lut.sim.backend`): the
sampled shanten distribution agrees with the exact one within sampling error, and a seed
gives bit-identical numbers in one process, in two processes and on a Dask cluster."""

from __future__ import annotations

import inspect
import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from dask_cluster import local_cluster
from exact_distributions import exact as shared_exact

from riichi_lut import shanten_batch
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.sim import (
    deal_counts,
    exact_shanten_distribution,
    plan,
    sample_shanten_distribution,
)

SEED = 20240501
# several chunks, so the order in which workers return them matters
N_REPRO, CHUNK_REPRO = 120_000, 15_000


def exact(tiles: int, form: str) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form)``, computed once a session (tests/exact_distributions.py)."""
    return shared_exact(tiles, form)


def assert_within_4_sigma(sample: dict[int, int], n: int, tiles: int, form: str) -> None:
    """Every shanten value: |count - n p| <= 4 sqrt(n p (1 - p)), p the exact probability;
    a value of probability 0 is never sampled."""
    counts = exact(tiles, form)
    deals = math.comb(136, tiles)
    assert sum(sample.values()) == n
    assert set(sample) <= set(counts), (set(sample) - set(counts), form)
    for value, count in counts.items():
        p = count / deals
        got = sample.get(value, 0)
        sigma = math.sqrt(n * p * (1 - p))
        assert abs(got - n * p) <= 4 * sigma, (tiles, form, value, got, n * p, sigma)


@pytest.mark.parametrize("tiles", [13, pytest.param(14, marks=pytest.mark.slow)])
def test_sample_agrees_with_exact_within_4_sigma(tiles: int) -> None:
    n = 1_000_000
    assert_within_4_sigma(sample_shanten_distribution(n, tiles, seed=SEED), n, tiles, "all")


# slow: the fast tier fits every form's sample to the exact distribution in
# tests/sim/test_alias.py::test_sampled_distribution_of_each_form_fits_the_exact_one
@pytest.mark.slow
@pytest.mark.parametrize("form", ["standard", "chiitoitsu", "kokushi"])
def test_sample_of_each_form_agrees_with_exact_within_4_sigma(form: str) -> None:
    n = 300_000
    sample = sample_shanten_distribution(n, 14, seed=SEED + 1, form=form, chunk_size=1 << 16)
    assert_within_4_sigma(sample, n, 14, form)


def test_regression_kokushi_shanten_above_7_is_counted() -> None:
    """Kokushi reaches 13 and standard 8: chunks whose highest values differ used to make
    per-chunk counts of different lengths (a broadcast error when adding them up)."""
    kokushi = sample_shanten_distribution(20_000, 13, seed=3, form="kokushi", chunk_size=1_000)
    assert max(kokushi) >= 11 and sum(kokushi.values()) == 20_000
    standard = sample_shanten_distribution(200_000, 13, seed=3, form="standard", chunk_size=10_000)
    assert max(standard) == 8 and sum(standard.values()) == 200_000


# ----------------------------------------------------------------- reproducibility


def recomputed(n: int, tiles: int, seed: int, chunk_size: int) -> dict[int, int]:
    """The documented recipe, step by step: chunk i of the plan deals its rows from its own
    generator, SeedSequence(seed, spawn_key=(i,))."""
    total: dict[int, int] = {}
    for chunk in plan(n, seed, chunk_size):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(chunk.index,)))
        values = shanten_batch(deal_counts(rng, chunk.size, tiles))
        for value, count in zip(*np.unique(values, return_counts=True), strict=True):
            total[int(value)] = total.get(int(value), 0) + int(count)
    return dict(sorted(total.items()))


@pytest.fixture(scope="module")
def one_process() -> dict[int, int]:
    return sample_shanten_distribution(N_REPRO, 13, seed=SEED, chunk_size=CHUNK_REPRO)


def test_one_process_follows_the_chunk_recipe(one_process: dict[int, int]) -> None:
    assert one_process == recomputed(N_REPRO, 13, SEED, CHUNK_REPRO)


@pytest.mark.slow
def test_two_processes_give_the_same_numbers(one_process: dict[int, int]) -> None:
    two = sample_shanten_distribution(N_REPRO, 13, seed=SEED, workers=2, chunk_size=CHUNK_REPRO)
    assert two == one_process


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    from distributed import Client

    with local_cluster(workers=2, processes=True) as cluster, Client(cluster) as client:
        yield client


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_numbers(one_process: dict[int, int], dask_client: Any) -> None:
    on_dask = sample_shanten_distribution(N_REPRO, 13, seed=SEED, client=dask_client, chunk_size=CHUNK_REPRO)
    assert on_dask == one_process
    # both workers of the cluster took part in the job is not promised; the numbers are


def test_same_seed_same_numbers_and_different_seeds_differ() -> None:
    a = sample_shanten_distribution(100_000, 14, seed=11, chunk_size=30_000)
    assert a == sample_shanten_distribution(100_000, 14, seed=11, chunk_size=30_000)
    assert a != sample_shanten_distribution(100_000, 14, seed=12, chunk_size=30_000)
    assert a != sample_shanten_distribution(100_000, 14, seed=0, chunk_size=30_000)


def test_the_chunk_plan_does_not_depend_on_workers() -> None:
    assert "workers" not in inspect.signature(plan).parameters
    chunks = plan(100, 5, 30)
    assert [(c.index, c.start, c.size, c.seed) for c in chunks] == [
        (0, 0, 30, 5),
        (1, 30, 30, 5),
        (2, 60, 30, 5),
        (3, 90, 10, 5),
    ]
    assert list(plan(0, 5, 30)) == [] and len(plan(0, 5, 30)) == 0  # a lazy plan (issue 11), not a list
    # each chunk's generator is its own: same chunk, same numbers; other chunk, other numbers
    assert chunks[1].rng().integers(1 << 62) == chunks[1].rng().integers(1 << 62)
    assert chunks[1].rng().integers(1 << 62) != chunks[2].rng().integers(1 << 62)


def test_no_deals_give_an_empty_distribution() -> None:
    assert sample_shanten_distribution(0, seed=1) == {}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"tiles": 12},
        {"tiles": 15},
        {"form": "x"},
        {"n": -1},
        {"n": 1.5},
        {"n": True},
        {"seed": -1},
        {"seed": 1.5},
        {"seed": "1"},
        {"workers": 0},
        {"workers": -2},
        {"workers": 1.5},
        {"workers": True},
        {"workers": "2"},
        {"chunk_size": 0},
        {"chunk_size": -1},
        {"chunk_size": 2.5},
    ],
    ids=lambda kw: "-".join(f"{k}={v!r}" for k, v in kw.items()),
)
def test_bad_arguments_raise(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"n": 10, "tiles": 13, "seed": 0, "workers": 1, "chunk_size": 5} | kwargs
    n = arguments.pop("n")
    with pytest.raises(InvalidArgumentError):
        sample_shanten_distribution(n, **arguments)


# ---------------------------------------------------------------------- deal_counts


@pytest.mark.parametrize("tiles", [13, 14])
def test_deal_counts_are_deals(tiles: int) -> None:
    rows = deal_counts(np.random.default_rng(SEED), 100_000, tiles)
    assert rows.shape == (100_000, 34) and rows.dtype == np.uint8
    assert (rows.sum(axis=1, dtype=np.int64) == tiles).all()
    assert rows.max() <= 4
    assert (rows == 4).any()  # a kind held four times does occur
    # every kind is equally likely: mean count tiles/34, within 4 sigma (hypergeometric)
    variance = tiles * (4 / 136) * (132 / 136) * (136 - tiles) / 135
    assert np.abs(rows.mean(axis=0) - tiles / 34).max() <= 4 * math.sqrt(variance / len(rows))


def test_deal_counts_is_a_function_of_the_generator() -> None:
    a = deal_counts(np.random.default_rng(7), 1_000, 13)
    assert (a == deal_counts(np.random.default_rng(7), 1_000, 13)).all()
    assert (a != deal_counts(np.random.default_rng(8), 1_000, 13)).any()


@pytest.mark.parametrize(("tiles", "expected"), [(0, 0), (136, 4)])
def test_deal_counts_of_no_tiles_and_of_the_whole_wall(tiles: int, expected: int) -> None:
    assert (deal_counts(np.random.default_rng(0), 3, tiles) == expected).all()


def test_float_tiles_and_numpy_counts() -> None:
    import numpy as np

    from riichi_lut.errors import InvalidArgumentError
    from riichi_lut.sim import plan, sample_shanten_distribution

    with pytest.raises(InvalidArgumentError, match="tiles"):
        sample_shanten_distribution(10, tiles=13.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="tiles"):
        exact_shanten_distribution(13.0, progress=False)  # type: ignore[arg-type]
    assert [c.size for c in plan(np.int64(10), np.int64(1), np.int64(4))] == [4, 4, 2]
    assert sum(sample_shanten_distribution(np.int64(10), workers=np.int64(1)).values()) == 10


def test_deal_counts_draws_in_fixed_blocks() -> None:
    """The recipe behind "same seed, same deals": rows asked for DEAL_BLOCK at a time, from
    numpy's sampler (``method="numpy"``) or from the alias tables (the default, issue 13)."""
    from riichi_lut.sim.alias import alias_counts
    from riichi_lut.sim.deals import COPIES, DEAL_BLOCK

    n = DEAL_BLOCK + 17
    rng = np.random.default_rng(SEED)
    expected = np.concatenate(
        [rng.multivariate_hypergeometric(COPIES, 13, size=size, method="count") for size in (DEAL_BLOCK, 17)]
    )
    assert (deal_counts(np.random.default_rng(SEED), n, method="numpy") == expected).all()
    rng = np.random.default_rng(SEED)
    expected = np.empty((n, 34), dtype=np.uint8)
    alias_counts(rng, expected[:DEAL_BLOCK], 13)
    alias_counts(rng, expected[DEAL_BLOCK:], 13)
    assert (deal_counts(np.random.default_rng(SEED), n) == expected).all()


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((None, 10), "Generator"),
        ((np.random.RandomState(0), 10), "Generator"),
        ((np.random.default_rng(0), -1), "n must be"),
        ((np.random.default_rng(0), 2.0), "n must be"),
        ((np.random.default_rng(0), 10, -1), "tiles must be"),
        ((np.random.default_rng(0), 10, 137), "at most 136"),
        ((np.random.default_rng(0), 10, True), "tiles must be"),
        ((np.random.default_rng(0), 10, 13, "count"), "method must be"),
        ((np.random.default_rng(0), 10, 13, None), "method must be"),
    ],
)
def test_deal_counts_bad_arguments_raise(args: tuple[Any, ...], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        deal_counts(*args[:3], **({"method": args[3]} if len(args) > 3 else {}))


@pytest.mark.slow
def test_worker_pool_is_kept_and_survives_a_failed_job(one_process: dict[int, int]) -> None:
    from riichi_lut.sim import backend
    from riichi_lut.sim.deals import _shanten_task

    def two_workers() -> dict[int, int]:
        return sample_shanten_distribution(N_REPRO, 13, seed=SEED, workers=2, chunk_size=CHUNK_REPRO)

    two_workers()
    pool = backend._POOLS[2]
    chunks = plan(N_REPRO, SEED, CHUNK_REPRO)
    with pytest.raises(InvalidArgumentError, match="form"):  # raised in a worker, re-raised here
        backend.execute(_shanten_task, chunks, (13, "no such form", 4), workers=2)
    assert two_workers() == one_process and backend._POOLS[2] is pool
    backend.shutdown()
    assert not backend._POOLS
    assert two_workers() == one_process and backend._POOLS[2] is not pool
