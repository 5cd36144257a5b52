"""Random deals, seeded and vectorised, and the sampled shanten distribution.

A deal's tile counts are drawn directly: ``Generator.multivariate_hypergeometric`` with
four copies of each of the 34 kinds (the ``count`` method draws the tiles one by one in C),
which is the same distribution as taking the first tiles of a shuffled 136-tile wall.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..analysis.forms import Form, check_form
from ..analysis.shanten import shanten_batch
from ..core.args import as_count
from ..errors import InvalidArgumentError, quote
from .backend import DEFAULT_CHUNK, Chunk, plan, stream
from .limits import MAX_DEALS, allocating, check_memory, check_work, chunk_parameter

COPIES = [4] * 34
#: shanten -1 .. 13 (kokushi reaches 13, standard 8): one bin each, so every chunk's counts
#: have the same length whatever the form
BINS = 15


#: rows drawn per numpy call: numpy returns int64 counts, 272 bytes a deal, which are
#: copied into the uint8 result block by block instead of all at once
DEAL_BLOCK = 1 << 15
#: bytes a deal needs at least in a chunk: its 34 counts and its shanten
DEAL_BYTES = 34 + 1


def deal_counts(rng: np.random.Generator, n: int, tiles: int = 13) -> np.ndarray:
    """(n, 34) uint8 counts of ``n`` random deals of ``tiles`` tiles, drawn from ``rng`` in
    blocks of :data:`DEAL_BLOCK` rows (numpy's rows depend on the block size, so this
    fixes it: a seed gives the same deals on every machine). More rows than memory can
    hold are refused by name (:mod:`riichi_lut.sim.limits`), not with numpy's ``MemoryError``.

    >>> deal_counts(np.random.default_rng(1), 2).sum(axis=1).tolist()
    [13, 13]
    """
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    n, tiles = as_count(n, "n"), as_count(tiles, "tiles", 0, 136)
    what = f"n={n:,} rows of 34 counts"
    check_memory(n * 34, what)
    with allocating(what, n * 34 + min(n, DEAL_BLOCK) * 34 * 8):
        out = np.empty((n, 34), dtype=np.uint8)
        for start in range(0, n, DEAL_BLOCK):
            stop = min(n, start + DEAL_BLOCK)
            out[start:stop] = rng.multivariate_hypergeometric(
                COPIES, tiles, size=stop - start, method="count"
            )
    return out


def _shanten_task(chunk: Chunk, params: tuple[int, Form]) -> np.ndarray:
    tiles, form = params
    with allocating(f"a chunk of {chunk.size:,} deals", chunk.size * DEAL_BYTES):
        values = shanten_batch(deal_counts(chunk.rng(), chunk.size, tiles), form=form, threads=1)
        return np.bincount(values.astype(np.int64) + 1, minlength=BINS)


def sample_shanten_distribution(
    n: int,
    tiles: int = 13,
    seed: int = 0,
    workers: int = 1,
    client: Any = None,
    *,
    form: str = "all",
    chunk_size: int = DEFAULT_CHUNK,
    progress: bool = False,
) -> dict[int, int]:
    """Shanten -> count over ``n`` random deals; the same ``seed`` gives the same counts
    whatever ``workers`` or ``client`` (see :mod:`riichi_lut.sim.backend`). More than
    :data:`~riichi_lut.sim.limits.MAX_DEALS` deals are refused at once.

    >>> d = sample_shanten_distribution(10_000, seed=1)
    >>> sum(d.values()), d == sample_shanten_distribution(10_000, seed=1, chunk_size=1 << 18)
    (10000, True)
    """
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles not in (13, 14):
        raise InvalidArgumentError(f"tiles must be 13 or 14, got {quote(tiles)}")
    checked = check_form(form)
    chunks = plan(n, seed, chunk_size)
    check_work(chunks.n, "n", MAX_DEALS, "deals")
    what = chunk_parameter(chunks.n, "n", chunks.chunk_size, "deals")
    check_memory(min(chunks.n, chunks.chunk_size) * DEAL_BYTES, what)
    totals = np.zeros(BINS, dtype=np.int64)
    for counts in stream(
        _shanten_task, chunks, (tiles, checked), workers=workers, client=client, progress=progress
    ):
        totals += counts
    return {value - 1: int(c) for value, c in enumerate(totals.tolist()) if c}
