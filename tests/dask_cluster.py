"""A local Dask cluster for the tests that run simulations on Dask (``client=`` and the
CLI's ``--dask``): ``distributed`` is a test dependency (``riichi-lut[test]``), so these
tests run in CI, never skip."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def local_cluster(*, workers: int = 1, threads: int = 1, processes: bool = False) -> Iterator[Any]:
    """A ``distributed.LocalCluster`` on 127.0.0.1 over TCP (so that it has an address a
    client can connect to), without a dashboard; closed on exit."""
    import distributed

    with distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=threads,
        processes=processes,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster
