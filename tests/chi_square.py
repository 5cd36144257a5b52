"""Shared by the statistical tests of the deal samplers (four and three players): a
chi-square of observed counts against exact probabilities."""

from __future__ import annotations

import math

import numpy as np


def wilson_hilferty_z(chi2: float, dof: int) -> float:
    """The normal deviate of a chi-square statistic (Wilson-Hilferty cube-root transform)."""
    return ((chi2 / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))


def assert_fits(observed: np.ndarray, probability: np.ndarray, what: str) -> None:
    """Chi-square of counts against probabilities (cells of expectation < 5 pooled): the
    statistic's z below 3.7 (p > 1e-4); a cell of probability 0 is never observed."""
    n = observed.sum()
    assert not observed[probability == 0].any(), what
    expected = n * probability
    order = np.argsort(expected)
    small = order[np.cumsum(expected[order]) < 5]
    keep = np.setdiff1d(np.flatnonzero(probability > 0), small)
    obs = np.append(observed[keep], observed[small].sum())
    exp = np.append(expected[keep], expected[small].sum())
    obs, exp = obs[exp > 0], exp[exp > 0]
    chi2 = float(((obs - exp) ** 2 / exp).sum())
    z = wilson_hilferty_z(chi2, len(obs) - 1)
    assert z < 3.7, (what, chi2, len(obs) - 1, z)


def split_counts(sizes: np.ndarray, index: dict[tuple[int, ...], int]) -> np.ndarray:
    """How many rows of ``sizes`` have each split of ``index``: the same counts as
    ``np.bincount([index[tuple(r)] for r in sizes.tolist()], minlength=len(index))`` (a
    split not in ``index`` raises KeyError), by the few distinct rows instead of every row."""
    distinct, counts = np.unique(sizes, axis=0, return_counts=True)
    observed = np.zeros(len(index), dtype=np.int64)
    for row, count in zip(distinct.tolist(), counts.tolist(), strict=True):
        observed[index[tuple(row)]] += count
    return observed
