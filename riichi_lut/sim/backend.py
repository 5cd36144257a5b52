"""Seeded chunks and where they run: in this process, in worker processes, or on a Dask
cluster — with the same numbers whatever runs them.

A job of ``n`` items is cut into chunks of a fixed size that does not depend on the number
of workers; chunk ``i`` draws its random numbers from ``SeedSequence(seed,
spawn_key=(i,))`` and nothing else. Results come back in chunk order and are merged in
that order, so a seed gives bit-identical results with one process, many processes
(``workers=N``, :mod:`multiprocessing` with the spawn start method: why, and what a
script must do for it, in :mod:`riichi_lut.sim.spawn`) or a Dask ``distributed.Client``
(``client=``, or a scheduler address: :mod:`riichi_lut.sim.clients`; optional extra
``riichi-lut[dask]``).

The plan is lazy (:class:`ChunkPlan`, a sequence computed from ``n``, like ``range``) and
:func:`stream` keeps only a few chunks in flight (:data:`IN_FLIGHT` per worker), handing
each result back in order as soon as it is there: memory does not grow with ``n``, so the
only bound on a job's size is the work it takes (:mod:`riichi_lut.sim.limits`).

Worker processes are started on the first call with ``workers=N`` (about 0.3-0.8 s: a
fresh interpreter that imports numpy and loads the tables) and kept for the next call with
the same ``N``, so a series of simulations pays that once; :func:`shutdown` ends them (it
also runs at interpreter exit). A pool whose worker died is dropped, and the next call
starts a new one. Workers ignore Ctrl-C: on ``KeyboardInterrupt`` the parent ends them at
once (their chunks unfinished) and the interrupt goes on to the caller.

A task is a module-level function ``task(chunk, params) -> result`` (picklable by name).
"""

from __future__ import annotations

import atexit
import inspect
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_context
from typing import Any, TypeVar, overload

import numpy as np
from tqdm import tqdm

from ..core.args import as_count
from .clients import check_client, connect, connected
from .spawn import check_main_guard

__all__ = [
    "DEFAULT_CHUNK",
    "IN_FLIGHT",
    "Chunk",
    "ChunkPlan",
    "connect",
    "execute",
    "plan",
    "shutdown",
    "stream",
]

R = TypeVar("R")
DEFAULT_CHUNK = 1 << 18
"""Items per chunk unless a simulation says otherwise (part of what a seed means)."""
IN_FLIGHT = 2
"""Chunks submitted ahead per worker process (or Dask thread) while results are collected."""
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


@dataclass(frozen=True)
class ChunkPlan(Sequence[Chunk]):
    """The chunks of a job of ``n`` items, ``chunk_size`` each (the last one shorter),
    computed on demand: its memory does not depend on ``n``.

    >>> p = ChunkPlan(10**12, 1, 1 << 18)
    >>> len(p), p[1], p[-1].size
    (3814698, Chunk(index=1, start=262144, size=262144, seed=1), 69632)
    """

    n: int
    seed: int
    chunk_size: int

    def __len__(self) -> int:
        return (self.n + self.chunk_size - 1) // self.chunk_size

    @overload
    def __getitem__(self, index: int) -> Chunk: ...

    @overload
    def __getitem__(self, index: slice) -> list[Chunk]: ...

    def __getitem__(self, index: int | slice) -> Chunk | list[Chunk]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        i = range(len(self))[index]  # IndexError out of range, negative from the end
        start = i * self.chunk_size
        return Chunk(i, start, min(self.chunk_size, self.n - start), self.seed)

    def __iter__(self) -> Iterator[Chunk]:
        return (self[i] for i in range(len(self)))


def plan(n: int, seed: int, chunk_size: int = DEFAULT_CHUNK) -> ChunkPlan:
    """The chunks of a job of ``n`` items (a lazy sequence: :class:`ChunkPlan`)."""
    n, seed, chunk_size = as_count(n, "n"), as_count(seed, "seed"), as_count(chunk_size, "chunk_size", 1)
    return ChunkPlan(n, seed, chunk_size)


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
    """Run ``task`` on every chunk; results in chunk order (all of them: :func:`stream`
    hands them over one by one)."""
    return list(stream(task, chunks, params, workers=workers, client=client, progress=progress, desc=desc))


def stream(
    task: Callable[[Chunk, Any], R],
    chunks: Sequence[Chunk],
    params: Any,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    desc: str = "simulate",
) -> Iterator[R]:
    """Run ``task`` on every chunk and yield the results in chunk order, with at most
    :data:`IN_FLIGHT` chunks per worker submitted ahead. ``client`` is a
    ``distributed.Client`` or a scheduler address (connected for this job); with
    ``workers=N > 1`` a script must start the job under ``if __name__ == "__main__":``
    (:func:`~riichi_lut.sim.spawn.check_main_guard`).

    >>> [c.size for c in stream(lambda chunk, _: chunk, plan(5, 0, 2), None)]
    [2, 2, 1]
    """
    workers = as_count(workers, "workers", 1)
    check_client(client)
    if client is None and workers > 1 and len(chunks) > 1:
        check_main_guard(workers, inspect.currentframe())
    return _stream(task, chunks, params, workers, client, progress, desc)


def _stream(
    task: Callable[[Chunk, Any], R],
    chunks: Sequence[Chunk],
    params: Any,
    workers: int,
    client: Any,
    progress: bool,
    desc: str,
) -> Iterator[R]:
    total = chunks.n if isinstance(chunks, ChunkPlan) else sum(c.size for c in chunks)
    with connected(client) as dask:  # before the bar: an unreachable scheduler draws none
        bar = tqdm(total=total, desc=desc, unit="it", unit_scale=True) if progress else None
        try:
            if dask is not None:
                window = IN_FLIGHT * max(1, sum(dask.nthreads().values()))
                submit = partial(dask.submit, pure=False)
                yield from _windowed(lambda c: submit(task, c, params), chunks, window, bar)
            elif workers == 1 or len(chunks) <= 1:
                for chunk in chunks:
                    yield _advance(task(chunk, params), chunk, bar)
            else:
                try:
                    pool = _pool(workers)
                    yield from _windowed(
                        lambda c: _submit(pool, task, c, params),
                        chunks,
                        IN_FLIGHT * workers,
                        bar,
                        cancel_on_interrupt=False,  # _end cancels them, from the pool's own thread
                    )
                except BrokenProcessPool:
                    _POOLS.pop(workers, None)
                    raise
                except KeyboardInterrupt:  # Ctrl-C: the workers' chunks are not waited for
                    _end(workers)
                    raise
        finally:
            if bar is not None:
                bar.close()


def _advance(result: R, chunk: Chunk, bar: Any) -> R:
    if bar is not None:
        bar.update(chunk.size)
    return result


def _windowed(
    submit: Callable[[Chunk], Any],
    chunks: Iterable[Chunk],
    window: int,
    bar: Any,
    cancel_on_interrupt: bool = True,
) -> Iterator[Any]:
    """Results of ``submit(chunk).result()`` in chunk order, ``window`` futures ahead.

    On an error the futures still ahead are cancelled; on Ctrl-C only if
    ``cancel_on_interrupt``. A process pool's are not: the pool is ended at once
    (:func:`_end`) and its shutdown cancels them from the pool's manager thread. Cancelled
    here, from the main thread, while the killed workers make the manager thread fail the
    pending futures, Python 3.11's ``ProcessPoolExecutor`` raises ``InvalidStateError`` in
    that thread and prints its traceback (fixed in 3.12): the one-line ``interrupted``
    of the command line would not be one line."""
    ahead: deque[tuple[Chunk, Any]] = deque()
    todo = iter(chunks)
    try:
        for chunk in todo:
            ahead.append((chunk, submit(chunk)))
            if len(ahead) >= window:
                done, future = ahead.popleft()
                yield _advance(future.result(), done, bar)
        while ahead:
            done, future = ahead.popleft()
            yield _advance(future.result(), done, bar)
    except BaseException as error:  # a failed chunk, Ctrl-C, a caller that stopped: drop the rest
        if cancel_on_interrupt or not isinstance(error, KeyboardInterrupt):
            for _, future in ahead:
                future.cancel()
        raise


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        pool = _POOLS[workers] = ProcessPoolExecutor(
            max_workers=workers, mp_context=get_context("spawn"), initializer=_ignore_interrupts
        )
    return pool


def _submit(pool: ProcessPoolExecutor, task: Callable[[Chunk, Any], R], chunk: Chunk, params: Any) -> Any:
    """``pool.submit(task, chunk, params)`` with SIGINT blocked meanwhile: a worker started
    by it inherits the block, so that Ctrl-C during its start-up (importing numpy, loading
    the tables) prints no traceback; a Ctrl-C of this moment is delivered after, not lost."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        return pool.submit(task, chunk, params)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return pool.submit(task, chunk, params)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _ignore_interrupts() -> None:
    """A worker ignores Ctrl-C (SIGINT reaches the terminal's whole process group): the
    parent alone handles it, and ends the workers (:func:`_end`) without their tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end(workers: int) -> None:
    """End the pool of ``workers`` processes now, their running chunks unfinished, and wait
    for them to be gone (no orphan outlives the command)."""
    pool = _POOLS.pop(workers, None)
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # private: no public way before 3.14
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(timeout=5)


@atexit.register
def shutdown() -> None:
    """End the worker processes kept by earlier calls with ``workers=N``."""
    while _POOLS:
        _POOLS.popitem()[1].shutdown(cancel_futures=True)
