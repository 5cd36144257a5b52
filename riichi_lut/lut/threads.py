"""Chunked execution of batch kernels, optionally on a thread pool.

numpy releases the GIL inside its element loops and gathers, so chunks of one batch run
truly in parallel on several cores. Results do not depend on the number of threads: each
chunk writes its own slice of a preallocated output. When several chunks fail, the error
of the earliest chunk is raised, so "the first bad row" stays the first.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import InvalidArgumentError, quote

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

__all__ = [
    "available_cores",
    "resolve_threads",
    "run_chunks",
]

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def available_cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _executor() -> ThreadPoolExecutor:
    # start-up: concurrent.futures (~8 ms) loads with the first multi-chunk batch, not with
    # `import riichi_lut`
    from concurrent.futures import ThreadPoolExecutor  # noqa: PLC0415

    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=available_cores(), thread_name_prefix="riichi-lut")
        return _pool


def resolve_threads(threads: int | None) -> int:
    """``None`` means every available core; otherwise a positive int."""
    if threads is None:
        return available_cores()
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise InvalidArgumentError(f"threads must be a positive int or None, got {quote(threads)}")
    return threads


def run_chunks(n: int, chunk_rows: int, work: Callable[[int, int], None], threads: int) -> None:
    """Call ``work(start, stop)`` over ``range(0, n)`` in chunks of ``chunk_rows``."""
    bounds = [(start, min(start + chunk_rows, n)) for start in range(0, n, chunk_rows)]
    if threads <= 1 or len(bounds) <= 1:
        for start, stop in bounds:
            work(start, stop)
        return
    pool = _executor()
    # Interleave: thread i takes chunks i, i + threads, ... so each keeps a steady stream.
    futures: list[Future[None]] = [pool.submit(work, start, stop) for start, stop in bounds]
    try:
        for future in futures:
            future.result()
    finally:
        for future in futures:
            future.cancel()
