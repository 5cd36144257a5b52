"""The alias-table deal sampler (issue 13 item 2, :mod:`riichi_lut.sim.alias`): exact by
construction (the integer weights its tables encode, and the raw-draw thresholds derived
from them) and statistically (chi-square per kind, per block size and on the shanten
histogram against the exact distribution, over fixed-seed samples of >= 100,000 deals,
beside numpy's hypergeometric sampler, the old path); the fused shanten histogram is that
of the deals it writes; a draw past a table's limit is replaced by the next raw draw."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest
from chi_square import assert_fits, split_counts, wilson_hilferty_z
from exact_distributions import FORM_CASES
from exact_distributions import exact as shared_exact

from riichi_lut import shanten_batch
from riichi_lut.lut import loader
from riichi_lut.sim import alias as sampling
from riichi_lut.sim import deal_counts, plan, sample_shanten_distribution
from riichi_lut.tablegen.deals import splits
from riichi_lut.tablegen.verify import check_deal_tables, encoded_weights

N = 120_000
SEEDS = {13: 20261202, 14: 20261203}


def tables() -> dict[str, np.ndarray]:
    t = loader.tables()
    return {name: t[name] for name in loader.EXPECTED if name.startswith("deal")}


# ------------------------------------------------------------------ exact weights


# slow: a part of tests/lut/test_loader.py::test_every_entry_matches_the_independent_recursion,
# which runs every check of tablegen/verify.py (check_all) in the slow tier
@pytest.mark.slow
def test_alias_tables_encode_the_exact_weights() -> None:
    assert check_deal_tables(tables()) == []


@pytest.mark.parametrize("tiles", [13, 14])
def test_split_weights_are_the_products_of_binomials(tiles: int) -> None:
    """Read back by hand, in Python ints: each split's weight, times the table's scale,
    is C(36, a) C(36, b) C(36, c) C(28, d); they add up to C(136, tiles)."""
    t = tables()
    _, bits, capacity = (int(x) for x in t[f"deal{tiles}_split_layout"][0])
    rows = splits(tiles)
    got = encoded_weights(
        t[f"deal{tiles}_split_threshold"], t[f"deal{tiles}_split_alias"], capacity, len(rows)
    )
    exact = [math.comb(36, a) * math.comb(36, b) * math.comb(36, c) * math.comb(28, d) for a, b, c, d in rows]
    assert sum(exact) == math.comb(136, tiles)
    assert all(
        g * math.comb(136, tiles) == e * capacity * (1 << bits) for g, e in zip(got, exact, strict=True)
    )


def test_pattern_weights_are_the_ways_to_hold_them() -> None:
    """Every suit pattern of 4 tiles, by hand: prod C(4, k_i), against what the table
    encodes (scaled by 2**bits / gcd)."""
    t = tables()
    start, bits, capacity = (int(x) for x in t["deal_suit_layout"][4])
    patterns = [p for p in np.ndindex(*(5,) * 9) if sum(p) == 4]
    patterns.sort(key=lambda p: sum(c * 5**i for i, c in enumerate(p)))  # base-5 order
    part = slice(start, start + (1 << bits))
    got = encoded_weights(t["deal_suit_threshold"][part], t["deal_suit_alias"][part], capacity, len(patterns))
    exact = [math.prod(math.comb(4, c) for c in p) for p in patterns]
    assert sum(exact) == math.comb(36, 4)
    assert all(g * math.comb(36, 4) == e * capacity * (1 << bits) for g, e in zip(got, exact, strict=True))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("table", "index"),
    [("deal_suit_threshold", 1000), ("deal_honor_alias", 50), ("deal14_split_threshold", 7)],
)
def test_regression_an_edited_alias_table_is_caught(table: str, index: int) -> None:
    edited = tables()
    column = edited[table].copy()
    column[index] = column[index] + 1 if column[index] else 1
    edited[table] = column
    assert check_deal_tables(edited)


def test_regression_a_full_column_with_another_alias_is_caught() -> None:
    """A full column's alias carries no weight, so only this check sees it; the run-time
    threshold of a full column is capped at 2**64 - 1, where the alias must not differ."""
    edited = tables()
    threshold, alias = edited["deal_suit_threshold"], edited["deal_suit_alias"].copy()
    start, bits, capacity = (int(x) for x in edited["deal_suit_layout"][6])
    full = start + int(np.flatnonzero(threshold[start : start + (1 << bits)] == capacity)[0])
    alias[full] = (alias[full] + 1) % 100
    edited["deal_suit_alias"] = alias
    assert any("full column" in p for p in check_deal_tables(edited))


def test_raw_thresholds_are_the_integer_thresholds_scaled() -> None:
    """One raw draw r: column r mod 2**k, and r < (q t) << k exactly when u // q < t for
    u = r >> k accepted below q C; so the run-time thresholds must be (q t) << k."""
    t = tables()
    for block in sampling.sampler(13).blocks[2:]:
        name = "deal_suit" if block.bits == 64 else "deal_honor"
        for size, (start, k, capacity) in enumerate(t[f"{name}_layout"].tolist()):
            q = (1 << (block.bits - k)) // capacity
            assert block.limits[size] == (q * capacity) << k <= 1 << block.bits
            assert block.limits[size] >= (1 << block.bits) - (capacity << k)  # rejects < one in 2**15
            thr = t[f"{name}_threshold"][start : start + (1 << k)].tolist()
            raw = block.threshold[start : start + (1 << k)].tolist()
            assert all(r == (q * x) << k for r, x in zip(raw, thr, strict=True) if x != capacity)


# ------------------------------------------------------------------ statistics


@cache
def sample(tiles: int, method: str) -> np.ndarray:
    return deal_counts(np.random.default_rng(SEEDS[tiles]), N, tiles, method=method)


def hypergeometric(good: int, tiles: int) -> np.ndarray:
    """P(k of ``good`` tiles among ``tiles`` drawn from 136), k = 0..min(good, tiles)."""
    return np.array(
        [math.comb(good, k) * math.comb(136 - good, tiles - k) for k in range(min(good, tiles) + 1)]
    ) / math.comb(136, tiles)


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_each_kind_has_the_hypergeometric_distribution(tiles: int, method: str) -> None:
    rows = sample(tiles, method)
    assert (rows.sum(axis=1) == tiles).all()
    p = hypergeometric(4, tiles)
    for kind in range(34):
        assert_fits(np.bincount(rows[:, kind], minlength=5), p, f"kind {kind}")


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_each_block_size_and_the_split_have_the_exact_distribution(tiles: int, method: str) -> None:
    rows = sample(tiles, method)
    sizes = np.stack([rows[:, a:b].sum(axis=1) for a, b in ((0, 9), (9, 18), (18, 27), (27, 34))], axis=1)
    for block, good in enumerate((36, 36, 36, 28)):
        assert_fits(
            np.bincount(sizes[:, block], minlength=tiles + 1), hypergeometric(good, tiles), f"block {block}"
        )
    index = {split: i for i, split in enumerate(splits(tiles))}
    observed = split_counts(sizes, index)
    p = np.array(
        [math.comb(36, a) * math.comb(36, b) * math.comb(36, c) * math.comb(28, d) for a, b, c, d in index]
    )
    assert_fits(observed, p / math.comb(136, tiles), "split")


def exact(tiles: int, form: str) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form)``, computed once a session (tests/exact_distributions.py)."""
    return shared_exact(tiles, form)


def histogram_fits(counts: dict[int, int], tiles: int, form: str) -> None:
    reference = exact(tiles, form)
    values = sorted(set(reference) | set(counts))
    p = np.array([reference.get(v, 0) for v in values]) / math.comb(136, tiles)
    assert_fits(np.array([counts.get(v, 0) for v in values]), p, f"shanten {tiles} {form}")


def histogram(values: np.ndarray) -> dict[int, int]:
    uniques, counts = np.unique(values, return_counts=True)
    return dict(zip(uniques.tolist(), counts.tolist(), strict=True))


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_shanten_histogram_of_the_deals_has_the_exact_distribution(tiles: int, method: str) -> None:
    histogram_fits(histogram(shanten_batch(sample(tiles, method))), tiles, "all")


@pytest.mark.parametrize(("tiles", "form"), FORM_CASES)
def test_sampled_distribution_of_each_form_fits_the_exact_one(tiles: int, form: str) -> None:
    counts = sample_shanten_distribution(200_000, tiles, seed=SEEDS[tiles] + 1, form=form, chunk_size=1 << 16)
    histogram_fits(counts, tiles, form)


@pytest.mark.parametrize("tiles", [13, 14])
def test_alias_and_numpy_samplers_agree_with_each_other(tiles: int) -> None:
    """Two-sample chi-square on the shanten histograms of the two methods."""
    a, b = (histogram(shanten_batch(sample(tiles, m))) for m in ("alias", "numpy"))
    values = [v for v in sorted(set(a) | set(b)) if a.get(v, 0) + b.get(v, 0) >= 10]
    chi2 = sum((a.get(v, 0) - b.get(v, 0)) ** 2 / (a.get(v, 0) + b.get(v, 0)) for v in values)
    assert wilson_hilferty_z(chi2, len(values) - 1) < 3.7


# ------------------------------------------------------------------ the fused path


@pytest.mark.parametrize("form", ["all", "standard", "chiitoitsu", "kokushi"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_fused_histogram_is_that_of_the_written_deals(tiles: int, form: str) -> None:
    """Over 120,000 deals in 4 chunks, every form: the histogram that never writes a
    count equals shanten_batch over deal_counts of each chunk's generator, exactly."""
    fused = sample_shanten_distribution(N, tiles, seed=SEEDS[tiles], form=form, chunk_size=N // 4)
    written: dict[int, int] = {}
    for chunk in plan(N, SEEDS[tiles], N // 4):
        for value, count in histogram(
            shanten_batch(deal_counts(chunk.rng(), chunk.size, tiles), form=form)
        ).items():
            written[value] = written.get(value, 0) + count
    assert fused == dict(sorted(written.items()))


# ------------------------------------------------------------------ rejection


def test_regression_a_block_draw_past_its_limit_takes_the_next_raw_draw() -> None:
    s = sampling.sampler(13)
    rng = np.random.default_rng(5)
    raw = rng.bit_generator.random_raw(sampling.DRAWS * 8).reshape(sampling.DRAWS, 8)
    raw[2, 3] = np.uint64((1 << 64) - 1)  # the man block of lane 3: past every limit
    split = sampling._split_index(s, rng.bit_generator, raw.copy())
    state = rng.bit_generator.state
    picks = sampling._block_picks(s, rng.bit_generator, raw.copy(), split)
    rng.bit_generator.state = state
    replaced = raw.copy()
    replaced[2, 3] = rng.bit_generator.random_raw()  # what the redraw must have used
    expected = sampling._block_picks(s, rng.bit_generator, replaced, split)
    assert [p.tolist() for p in picks] == [p.tolist() for p in expected]


def test_regression_a_split_draw_past_its_limit_takes_the_next_raw_draw() -> None:
    s = sampling.sampler(14)
    rng = np.random.default_rng(6)
    raw = rng.bit_generator.random_raw(sampling.DRAWS * 8).reshape(sampling.DRAWS, 8)
    raw[1, 2] = np.uint64(s.split_limit)  # the first value past the split's limit
    state = rng.bit_generator.state
    split = sampling._split_index(s, rng.bit_generator, raw.copy())
    rng.bit_generator.state = state
    replaced = raw.copy()
    replaced[1, 2] = rng.bit_generator.random_raw()
    assert split.tolist() == sampling._columns(s, replaced).tolist()
    below = raw.copy()
    below[1, 2] = np.uint64(s.split_limit - 1)  # the last value below it is kept
    assert (
        sampling._split_index(s, rng.bit_generator, below.copy()).tolist()
        == sampling._columns(s, below).tolist()
    )
