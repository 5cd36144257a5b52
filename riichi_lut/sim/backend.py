"""Seeded chunks and where they run: in this process, in worker processes, or on a Dask
cluster — with the same numbers whatever runs them.

A job of ``n`` items is cut into chunks of a fixed size that does not depend on the number
of workers; chunk ``i`` draws its random numbers from ``SeedSequence(seed,
spawn_key=(i,))`` and nothing else. Results come back in chunk order and are merged in
that order, so a seed gives bit-identical results with one process, many processes
(``workers=N``, :mod:`multiprocessing` with the spawn start method) or a Dask
``distributed.Client`` (``client=``; optional extra ``riichi-lut[dask]``).

Worker processes are started on the first call with ``workers=N`` (about 0.3-0.8 s: a
fresh interpreter that imports numpy and loads the tables) and kept for the next call with
the same ``N``, so a series of simulations pays that once; :func:`shutdown` ends them (it
also runs at interpreter exit). A pool whose worker died is dropped, and the next call
starts a new one.

A task is a module-level function ``task(chunk, params) -> result`` (picklable by name).
"""

from __future__ import annotations

import atexit
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from typing import Any, TypeVar

import numpy as np
from tqdm import tqdm

from ..core.args import as_count
from ..errors import InvalidArgumentError

R = TypeVar("R")
DEFAULT_CHUNK = 1 << 18
_POOLS: dict[int, ProcessPoolExecutor] = {}  # workers -> its pool, kept between calls


@dataclass(frozen=True)
class Chunk:
    """Items ``start`` .. ``start + size`` of a job, and the seed of chunk ``index``."""

    index: int
    start: int
    size: int
    seed: int

    def rng(self) -> np.random.Generator:
        """This chunk's own generator: ``SeedSequence(seed, spawn_key=(index,))``."""
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(self.index,)))


def plan(n: int, seed: int, chunk_size: int = DEFAULT_CHUNK) -> list[Chunk]:
    """The chunks of a job of ``n`` items."""
    n, seed, chunk_size = as_count(n, "n"), as_count(seed, "seed"), as_count(chunk_size, "chunk_size", 1)
    return [
        Chunk(i, start, min(chunk_size, n - start), seed) for i, start in enumerate(range(0, n, chunk_size))
    ]


def execute(
    task: Callable[[Chunk, Any], R],
    chunks: Sequence[Chunk],
    params: Any,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    desc: str = "simulate",
) -> list[R]:
    """Run ``task`` on every chunk; results in chunk order."""
    workers = as_count(workers, "workers", 1)
    bar = None
    if progress:
        bar = tqdm(total=sum(c.size for c in chunks), desc=desc, unit="it", unit_scale=True)
    try:
        if client is not None:
            futures = client.map(task, list(chunks), params=params, pure=False)
            return _collect(chunks, [f.result for f in futures], bar)
        if workers == 1 or len(chunks) <= 1:
            return _collect(chunks, [partial(task, chunk, params) for chunk in chunks], bar)
        pool = _pool(workers)
        futures = [pool.submit(task, chunk, params) for chunk in chunks]
        try:
            return _collect(chunks, [f.result for f in futures], bar)
        except BrokenProcessPool:
            _POOLS.pop(workers, None)
            raise
        except BaseException:  # a failed chunk or Ctrl-C: the kept pool must not go on with this job
            for future in futures:
                future.cancel()
            raise
    finally:
        if bar is not None:
            bar.close()


def _collect(chunks: Sequence[Chunk], results: Sequence[Callable[[], R]], bar: Any) -> list[R]:
    """Each chunk's result in chunk order, advancing the progress bar."""
    out = []
    for chunk, result in zip(chunks, results, strict=True):
        out.append(result())
        if bar is not None:
            bar.update(chunk.size)
    return out


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    return pool


@atexit.register
def shutdown() -> None:
    """End the worker processes kept by earlier calls with ``workers=N``."""
    while _POOLS:
        _POOLS.popitem()[1].shutdown(cancel_futures=True)


def connect(address: str) -> Any:
    """A Dask ``distributed.Client`` for ``tcp://host:port`` (needs ``riichi-lut[dask]``)."""
    try:
        # optional dependency (riichi-lut[dask]), needed only for a cluster
        from distributed import Client  # noqa: PLC0415
    except ImportError:
        raise InvalidArgumentError(
            "Dask is not installed: pip install 'riichi-lut[dask]' (or distributed) to use --dask"
        ) from None
    return Client(address)  # type: ignore[no-untyped-call]
