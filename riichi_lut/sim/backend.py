"""Seeded chunks and where they run: in this process, in worker processes, or on a Dask
cluster — with the same numbers whatever runs them.

A job of ``n`` items is cut into chunks of a fixed size that does not depend on the number
of workers; chunk ``i`` draws its random numbers from ``SeedSequence(seed,
spawn_key=(i,))`` and nothing else. Results come back in chunk order and are merged in
that order, so a seed gives bit-identical results with one process, many processes
(``workers=N``, :mod:`multiprocessing` with the spawn start method) or a Dask
``distributed.Client`` (``client=``; optional extra ``riichi-lut[dask]``).

A task is a module-level function ``task(chunk, params) -> result`` (picklable by name).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, TypeVar

import numpy as np

from ..errors import InvalidArgumentError

R = TypeVar("R")
DEFAULT_CHUNK = 1 << 18


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


def as_count(value: object, name: str, minimum: int = 0) -> int:
    """``value`` as a Python int of at least ``minimum`` (numpy integers accepted; bools,
    floats and strings refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise InvalidArgumentError(f"{name} must be an int >= {minimum}, got {value!r}")
    return int(value)


def plan(n: int, seed: int, chunk_size: int = DEFAULT_CHUNK) -> list[Chunk]:
    """The chunks of a job of ``n`` items."""
    n, seed, chunk_size = as_count(n, "n"), as_count(seed, "seed"), as_count(chunk_size, "chunk_size", 1)
    for name, value in (("n", n), ("seed", seed), ("chunk_size", chunk_size)):
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < (1 if name == "chunk_size" else 0)
        ):
            raise InvalidArgumentError(
                f"{name} must be a non-negative int (chunk_size positive), got {value!r}"
            )
    return [
        Chunk(i, start, min(chunk_size, n - start), seed) for i, start in enumerate(range(0, n, chunk_size))
    ]


def _check_workers(workers: object) -> int:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidArgumentError(f"workers must be a positive int, got {workers!r}")
    return workers


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
    workers = _check_workers(workers)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=sum(c.size for c in chunks), desc=desc, unit="it", unit_scale=True)
    try:
        if client is not None:
            futures = client.map(task, list(chunks), params=params, pure=False)
            results = []
            for chunk, future in zip(chunks, futures, strict=True):
                results.append(future.result())
                if bar is not None:
                    bar.update(chunk.size)
            return results
        if workers == 1 or len(chunks) <= 1:
            results = []
            for chunk in chunks:
                results.append(task(chunk, params))
                if bar is not None:
                    bar.update(chunk.size)
            return results
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
            futures = [pool.submit(task, chunk, params) for chunk in chunks]
            results = []
            for chunk, future in zip(chunks, futures, strict=True):
                results.append(future.result())
                if bar is not None:
                    bar.update(chunk.size)
            return results
    finally:
        if bar is not None:
            bar.close()


def connect(address: str) -> Any:
    """A Dask ``distributed.Client`` for ``tcp://host:port`` (needs ``riichi-lut[dask]``)."""
    try:
        from distributed import Client
    except ImportError:
        raise InvalidArgumentError(
            "Dask is not installed: pip install 'riichi-lut[dask]' (or distributed) to use --dask"
        ) from None
    return Client(address)


def default_workers() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
