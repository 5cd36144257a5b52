"""Batch rows: block indices, validation order and thread-independence."""

from __future__ import annotations

import numpy as np
import pytest

from riichi_lut import InvalidArgumentError, InvalidHandError, shanten_batch
from riichi_lut.analysis.shanten import CHUNK_ROWS_THREADED
from riichi_lut.lut.rows import block_indices

BLOCKS = [(0, 9), (9, 9), (18, 9), (27, 7)]


def test_block_indices_are_the_documented_base5_formula():
    """Every block, including honors, whose class would hide a digit-order slip."""
    rows = np.random.default_rng(5).integers(0, 5, size=(5000, 34), dtype=np.uint8)
    totals, indices = block_indices(rows)
    assert totals.tolist() == rows.sum(axis=1).tolist()
    for (lo, kinds), index in zip(BLOCKS, indices, strict=True):
        expected = rows[:, lo : lo + kinds].astype(np.int64) @ (5 ** np.arange(kinds))
        assert index.tolist() == expected.tolist()


def test_block_index_of_one_tile_of_each_kind():
    rows = np.eye(34, dtype=np.uint8)
    _, indices = block_indices(rows)
    for kind in range(34):
        block = next(b for b, (lo, n) in enumerate(BLOCKS) if lo <= kind < lo + n)
        assert int(indices[block][kind]) == 5 ** (kind - BLOCKS[block][0])


def random_hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    kinds = rng.permuted(np.broadcast_to(np.arange(136, dtype=np.int16), (n, 136)), axis=1)[:, :13] // 4
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.arange(n)[:, None], kinds), 1)
    return counts


def test_threads_do_not_change_the_answer():
    counts = random_hands(3 * CHUNK_ROWS_THREADED + 123, seed=11)
    one = shanten_batch(counts, threads=1)
    assert np.array_equal(one, shanten_batch(counts, threads=2))
    assert np.array_equal(one, shanten_batch(counts))
    assert np.array_equal(
        shanten_batch(counts, form="standard", threads=1), shanten_batch(counts, form="standard", threads=3)
    )


def test_first_bad_row_is_named_whatever_the_threads():
    counts = random_hands(3 * CHUNK_ROWS_THREADED, seed=12)
    late, early = 2 * CHUNK_ROWS_THREADED + 7, CHUNK_ROWS_THREADED + 3
    counts[late] = 0
    counts[late, :12] = 1  # 12 tiles, in the third chunk
    counts[early] = 0
    counts[early, :15] = 1  # 15 tiles, in the second chunk
    for threads in (1, 2):
        with pytest.raises(InvalidHandError) as info:
            shanten_batch(counts, threads=threads)
        assert info.value.row == early and f"row {early}:" in str(info.value)


@pytest.mark.parametrize("threads", [0, -1, 1.5, True, "2"])
def test_bad_thread_counts(threads):
    with pytest.raises(InvalidArgumentError, match="threads"):
        shanten_batch(random_hands(3, seed=1), threads=threads)
