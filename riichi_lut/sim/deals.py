"""Random deals, seeded and vectorised, and the sampled shanten distribution.

A deal's tile counts are drawn directly, in the distribution of the first tiles of a
shuffled 136-tile wall (``players=3``: the 108-tile wall of three-player Riichi, no
2m-8m; the split's man block then holds 0-8 tiles, 1m and 9m only, and its split and man
tables are built exactly at load time). Deals of 13 or 14 tiles come from exact alias
tables (:mod:`riichi_lut.sim.alias`: the split over the four blocks, then each block's
pattern, five raw 64-bit draws a deal); other sizes, and ``method="numpy"`` (the
reference), from ``Generator.multivariate_hypergeometric`` with four copies of each of
the 34 kinds (none of 2m-8m for three players; its
``count`` method draws the tiles one by one in C, 13 random numbers a deal). The two
methods give the same distribution, not the same deals for a seed.

:func:`sample_shanten_distribution` never writes the counts: it draws the same deals as
:func:`deal_counts` and maps each block's pattern straight to its class and statistics
(:func:`~riichi_lut.sim.alias.alias_shanten_histogram`); for three players it counts the
``shanten_batch(..., players=3)`` of the deals, block by block.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..analysis.forms import Form, check_form
from ..analysis.shanten import shanten_batch
from ..core.args import as_count
from ..core.players import check_players, wall_copies
from ..errors import InvalidArgumentError, quote
from .alias import ALIAS_SIZES, SHANTEN_BINS, alias_counts, alias_shanten_histogram
from .backend import DEFAULT_CHUNK, Chunk, plan, stream
from .limits import MAX_DEALS, allocating, check_memory, check_work, chunk_parameter

COPIES = [4] * 34
#: shanten -1 .. 13 (kokushi reaches 13, standard 8): one bin each, so every chunk's counts
#: have the same length whatever the form
BINS = SHANTEN_BINS
METHODS = ("alias", "numpy")


#: rows drawn per call of a sampler (numpy's hypergeometric returns int64 counts, 272
#: bytes a deal, copied into the uint8 result block by block); part of what a seed means
DEAL_BLOCK = 1 << 15
#: bytes a deal needs at least in a chunk: its 34 counts and its shanten
DEAL_BYTES = 34 + 1
#: three players: the deal's counts and the batch shanten's scratch (block indices, statistics)
DEAL_BYTES_3P = 34 + 64


def deal_counts(
    rng: np.random.Generator, n: int, tiles: int = 13, *, method: str = "alias", players: int = 4
) -> np.ndarray:
    """(n, 34) uint8 counts of ``n`` random deals of ``tiles`` tiles, drawn from ``rng`` in
    blocks of :data:`DEAL_BLOCK` rows (the rows depend on the block size, so this fixes
    it: a seed gives the same deals on every machine). ``method="alias"`` draws deals of
    13 or 14 tiles from the alias tables (:mod:`riichi_lut.sim.alias`) and any other size
    as ``"numpy"`` does, with numpy's multivariate hypergeometric sampler: the same
    distribution, other deals for a seed. More rows than memory can hold are refused by
    name (:mod:`riichi_lut.sim.limits`), not with numpy's ``MemoryError``. ``players=3``
    deals from the 108-tile three-player wall (2m-8m never appear; at most 108 tiles), by
    either method.

    >>> deal_counts(np.random.default_rng(1), 2).sum(axis=1).tolist()
    [13, 13]
    >>> int(deal_counts(np.random.default_rng(1), 1000, players=3)[:, 1:8].sum())
    0
    >>> deal_counts(np.random.default_rng(1), 2, method="numpy").sum(axis=1).tolist()
    [13, 13]
    """
    if not isinstance(rng, np.random.Generator):
        raise InvalidArgumentError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    players = check_players(players)
    copies = list(wall_copies(players))
    n, tiles = as_count(n, "n"), as_count(tiles, "tiles", 0, sum(copies))
    if not isinstance(method, str) or method not in METHODS:
        raise InvalidArgumentError(f"method must be one of {', '.join(METHODS)}; got {quote(method)}")
    what = ("n", f"={n:,} rows of 34 counts")
    check_memory(n * 34, what)
    alias = method == "alias" and tiles in ALIAS_SIZES
    scratch = min(n, DEAL_BLOCK) * (5 * 8 * 2 if alias else 34 * 8)
    with allocating(what, n * 34 + scratch):
        out = np.empty((n, 34), dtype=np.uint8)
        for start in range(0, n, DEAL_BLOCK):
            stop = min(n, start + DEAL_BLOCK)
            if alias:
                alias_counts(rng, out[start:stop], tiles, players)
            else:
                out[start:stop] = rng.multivariate_hypergeometric(
                    copies, tiles, size=stop - start, method="count"
                )
    return out


def _shanten_task(chunk: Chunk, params: tuple[int, Form, int]) -> np.ndarray:
    """The chunk's histogram: the deals of ``deal_counts(chunk.rng(), chunk.size, tiles,
    players=players)``, block by block; four players read each block's shanten from its
    patterns' state words, three players count the ``shanten_batch`` of the deals."""
    tiles, form, players = params  # tiles: 13 or 14, checked by the caller
    form = check_form(form)
    rng = chunk.rng()
    totals = np.zeros(BINS, dtype=np.int64)
    bytes_per_deal = DEAL_BYTES if players == 4 else DEAL_BYTES_3P
    with allocating(f"a chunk of {chunk.size:,} deals", min(chunk.size, DEAL_BLOCK) * bytes_per_deal):
        for start in range(0, chunk.size, DEAL_BLOCK):
            size = min(DEAL_BLOCK, chunk.size - start)
            if players == 4:
                totals += alias_shanten_histogram(rng, size, tiles, form)
            else:
                rows = deal_counts(rng, size, tiles, players=3)
                values = shanten_batch(rows, 0, form, threads=1, players=3).astype(np.intp) + 1
                totals += np.bincount(values, minlength=BINS)
    return totals


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
    players: int = 4,
) -> dict[int, int]:
    """Shanten -> count over ``n`` random deals; the same ``seed`` gives the same counts
    whatever ``workers`` or ``client`` (see :mod:`riichi_lut.sim.backend`). More than
    :data:`~riichi_lut.sim.limits.MAX_DEALS` deals are refused at once. ``players=3``:
    deals from the 108-tile three-player wall, shanten of three-player Riichi.

    >>> d = sample_shanten_distribution(10_000, seed=1)
    >>> sum(d.values()), d == sample_shanten_distribution(10_000, seed=1, chunk_size=1 << 18)
    (10000, True)
    """
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles not in (13, 14):
        raise InvalidArgumentError(f"tiles must be 13 or 14, got {quote(tiles)}")
    checked = check_form(form)
    players = check_players(players)
    chunks = plan(n, seed, chunk_size)
    check_work(chunks.n, "n", MAX_DEALS, "deals")
    what = chunk_parameter(chunks.n, "n", chunks.chunk_size, "deals")
    check_memory(min(chunks.n, chunks.chunk_size) * (DEAL_BYTES if players == 4 else DEAL_BYTES_3P), what)
    totals = np.zeros(BINS, dtype=np.int64)
    for counts in stream(
        _shanten_task, chunks, (tiles, checked, players), workers=workers, client=client, progress=progress
    ):
        totals += counts
    return {value - 1: int(c) for value, c in enumerate(totals.tolist()) if c}
