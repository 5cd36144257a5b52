"""Issue 13 item 3: the lean best-discard kernel (``riichi_lut.analysis.discard_batch``)
gives exactly the answers of the kernel it replaced (kept as
``efficiency_batch.best_discards_reference``) on 140,000 seeded 3n+2 rows.

The rows mix closed 14-tile hands with hands of 11, 8, 5 and 2 concealed tiles (1-4
calls, as an int for a whole batch and as a per-row array), drawn from the whole wall,
from one suit and two honors (low shanten, three and four copies) and from the orphans
and one suit (chiitoitsu and kokushi shapes), with and without visible tiles and own
discards (furiten), and complete hands; every output array must be equal.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from riichi_lut import best_discard_batch, shanten_batch
from riichi_lut.analysis import discard_batch, efficiency_batch

ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
ROWS = 10_000  # per case; 14 cases


def deal(rng: np.random.Generator, tiles: np.ndarray) -> np.ndarray:
    """(n, 34) uint8 counts, row i holding ``tiles[i]`` tiles drawn from the whole wall,
    from one suit and two honors, or from the orphans and one suit (a seeded third each)."""
    rows = np.zeros((len(tiles), 34), dtype=np.uint8)
    for i, size in enumerate(tiles):
        suit = int(rng.integers(3)) * 9 + np.arange(9)
        kinds = (np.arange(34), np.r_[suit, 27 + rng.choice(7, 2, replace=False)], np.r_[ORPHANS, suit[1:4]])
        np.add.at(rows[i], rng.permutation(np.repeat(kinds[i % 3], 4))[:size], 1)
    return rows


def complete(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 34) closed complete hands: four random melds and a pair, redrawn when a kind
    would exceed four copies."""
    rows = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        while True:
            row = np.zeros(34, dtype=np.int64)
            for _ in range(4):
                if rng.random() < 0.5:
                    row[rng.integers(34)] += 3
                else:
                    start = int(rng.integers(3)) * 9 + int(rng.integers(7))
                    row[start : start + 3] += 1
            row[rng.integers(34)] += 2
            if row.max() <= 4:
                rows[i] = row
                break
    return rows


@cache
def sample(case: str, seed: int) -> tuple[np.ndarray, object, np.ndarray | None, np.ndarray | None]:
    """(counts, melds, visible, own discards) of ROWS seeded rows of one case."""
    rng = np.random.default_rng(seed)
    n = ROWS
    if case.startswith("closed"):
        melds: object = 0
        tiles = np.full(n, 14)
    elif case.startswith("calls-int"):
        k = int(rng.integers(1, 5))
        melds, tiles = k, np.full(n, 14 - 3 * k)
    else:  # per-row calls, a quarter of the rows closed
        per_row = rng.integers(0, 5, n)
        melds, tiles = per_row, 14 - 3 * per_row
    rows = deal(rng, tiles)
    if case.endswith("complete"):
        rows[: n // 2] = complete(rng, n // 2)
    visible = own = None
    if "visible" in case:
        visible = (rng.random(rows.shape) * (5 - rows.astype(np.int64))).astype(np.uint8)
        visible[rng.random(n) < 0.3] = 0
        if "heavy" in case:  # most kinds fully visible: dead options, rows searched again
            gone = rng.random(rows.shape) < rng.uniform(0.6, 1.0, (n, 1))
            visible = np.where(gone, 4 - rows, visible).astype(np.uint8)
        if "own" in case:
            own = (rng.random(rows.shape) * (visible + 1)).astype(np.uint8)
            visible = visible - own
    return rows, melds, visible, own


SLOW = pytest.mark.slow
#: the fast tier: the cases with the most in them (visible tiles and own discards, complete
#: hands, heavy visibility; calls as an int and per row), ~0.3 s each to deal; slow: a
#: second seed of a case, and the cases with less (no visible tiles, or no own discards)
CASES = [
    pytest.param("closed", 1, marks=SLOW),
    pytest.param("closed-visible", 2, marks=SLOW),
    ("closed-visible-own", 3),
    ("closed-complete", 4),
    pytest.param("calls-int", 5, marks=SLOW),
    pytest.param("calls-int", 6, marks=SLOW),
    ("calls-int-visible-own", 7),
    pytest.param("calls-int-visible", 8, marks=SLOW),
    pytest.param("calls-rows", 9, marks=SLOW),
    pytest.param("calls-rows-visible", 10, marks=SLOW),
    ("calls-rows-visible-own", 11),
    pytest.param("closed-visible-own", 12, marks=SLOW),
    ("closed-visible-heavy-own", 13),
    ("calls-rows-visible-heavy", 14),
]


def answers(case: str, seed: int, kernel: object, monkeypatch: pytest.MonkeyPatch) -> list[np.ndarray]:
    rows, melds, visible, own = sample(case, seed)
    monkeypatch.setattr(discard_batch, "best_discards", kernel)
    result = best_discard_batch(rows, melds, visible, own_discards=own, threads=1)
    return [result.kind, result.shanten, result.total, result.furiten]


@pytest.mark.parametrize(("case", "seed"), CASES)
def test_lean_best_discard_kernel_equals_the_reference_kernel(
    case: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    new = answers(case, seed, discard_batch.best_discards, monkeypatch)
    old = answers(case, seed, efficiency_batch.best_discards_reference, monkeypatch)
    for name, a, b in zip(("kind", "shanten", "total", "furiten"), new, old, strict=True):
        assert a.dtype == b.dtype, name
        bad = np.flatnonzero(a != b)
        assert not len(bad), (
            f"{case}: {name} differs on {len(bad)} rows, first {bad[0]}: {a[bad[0]]} != {b[bad[0]]}"
        )


def test_the_sample_exercises_every_branch() -> None:
    """The cases reach what the kernel treats apart: complete hands, closed forms at the
    minimum shanten, furiten options, dead rows searched again, every call count."""
    rows, melds, visible, own = sample("closed-complete", 4)
    assert (best_discard_batch(rows[:100]).shanten == 0).all()  # a complete hand: discard to tenpai
    rows, melds, visible, own = sample("closed-visible-own", 3)
    result = best_discard_batch(rows, melds, visible, own_discards=own)
    assert result.furiten.sum() > 100
    rows, melds, visible, own = sample("closed-visible-heavy-own", 13)
    result = best_discard_batch(rows, melds, visible, own_discards=own)
    worse = result.shanten > np.maximum(shanten_batch(rows), 0)  # a live option at a worse shanten
    assert (result.total == 0).sum() > 100 and worse.sum() > 100
    chi = shanten_batch(rows, form="chiitoitsu")
    std = shanten_batch(rows, form="standard")
    assert ((chi <= std) & (chi <= 2)).sum() > 100
    rows, melds, *_ = sample("calls-rows", 9)
    assert set(np.unique(melds).tolist()) == {0, 1, 2, 3, 4}
