"""Simulation edges (issue 11, item 6): each case the issue reproduced, named after it, with
the corrected answer — a script without a main guard, a size no run can finish, sizes that
cannot be allocated, ``client=`` as a Client, an address or anything else, and the exact
distribution's progress bar."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from dask_cluster import local_cluster

import riichi_lut
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.sim import (
    Chunk,
    backend,
    deal_counts,
    deals,
    exact_shanten_distribution,
    limits,
    nanikiru,
    plan,
    sample_shanten_distribution,
    selfplay,
    spawn,
    stream,
)
from riichi_lut.sim.clients import connect

ROOT = Path(riichi_lut.__file__).resolve().parent.parent
HAND = "123m456p789s23p11z5z"

# ------------------------------------------------ a script without if __name__ == "__main__"


def run_script(tmp_path: Path, body: str, name: str = "script.py") -> subprocess.CompletedProcess[str]:
    """``python script.py`` in a fresh interpreter that imports this checkout."""
    script = tmp_path / name
    script.write_text(textwrap.dedent(body), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    command = [sys.executable, str(script)]
    options: dict[str, Any] = {
        "capture_output": True,
        "text": True,
        "env": env,
        "cwd": tmp_path,
        "timeout": 300,
    }
    return subprocess.run(command, check=False, **options)


UNGUARDED = {
    "at the top level": """
        from riichi_lut.sim import sample_shanten_distribution
        print("body")
        print(sample_shanten_distribution(20_000, seed=1, workers=2, chunk_size=5_000))
    """,
    "in a function called at the top level": """
        from riichi_lut.sim import selfplay
        print("body")
        def main():
            return selfplay(400, draws=3, seed=1, workers=2, chunk_size=100)
        main()
    """,
    "inside a with block": """
        import contextlib
        from riichi_lut.sim import nanikiru
        print("body")
        with contextlib.suppress(KeyError):
            nanikiru("123m456p789s23p11z5z", draws=2, n=400, chunk_size=100, workers=2)
    """,
}


@pytest.mark.parametrize("body", list(UNGUARDED.values()), ids=list(UNGUARDED))
def test_script_without_main_guard_and_two_workers_raises_one_error_saying_what_to_write(
    tmp_path: Path, body: str
) -> None:
    """Before: the body ran three times and 155 lines of tracebacks ended in
    BrokenProcessPool. Now no worker starts: one InvalidArgumentError with the fix."""
    done = run_script(tmp_path, body)
    assert done.returncode == 1
    assert done.stdout == "body\n"  # the body ran once: no worker imported the script
    assert done.stderr.count("Traceback (most recent call last)") == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("riichi_lut.errors.InvalidArgumentError: workers=2 starts worker processes")
    assert 'put the code that runs it under `if __name__ == "__main__":`' in last
    assert "of script.py is not under" in last
    assert "spawned, not forked" in last  # the reason for spawn, in the error
    assert "BrokenProcessPool" not in done.stderr and "RuntimeError" not in done.stderr


@pytest.mark.slow
def test_script_with_main_guard_and_two_workers_gives_the_numbers_of_one_process(tmp_path: Path) -> None:
    done = run_script(
        tmp_path,
        """
        import json
        from riichi_lut.sim import sample_shanten_distribution

        if __name__ == "__main__":
            print(json.dumps(sample_shanten_distribution(20_000, seed=1, workers=2, chunk_size=5_000)))
        """,
    )
    assert done.returncode == 0, done.stderr
    counts = {int(k): v for k, v in json.loads(done.stdout).items()}
    assert counts == sample_shanten_distribution(20_000, seed=1, chunk_size=5_000)


def test_script_run_again_by_a_worker_is_refused_in_the_worker(tmp_path: Path) -> None:
    """The second line of defence, where the parent could not see the script: a spawned
    worker imports it as ``__mp_main__``; the call made there is refused there, by name,
    before it tries to start workers of its own."""
    import runpy

    script = tmp_path / "worker_import.py"
    script.write_text(
        "from riichi_lut.sim import sample_shanten_distribution\n"
        "sample_shanten_distribution(20_000, seed=1, workers=2, chunk_size=5_000)\n",
        encoding="utf-8",
    )
    pools = dict(backend._POOLS)
    with pytest.raises(InvalidArgumentError, match="run again in a worker") as error:
        runpy.run_path(str(script), run_name="__mp_main__")
    assert 'under `if __name__ == "__main__":`' in str(error.value)
    assert pools == backend._POOLS  # no worker was started


@pytest.mark.parametrize(
    ("source", "guarded"),
    [
        ('if __name__ == "__main__":\n    run()\n', True),
        ("if '__main__' == __name__:\n    run()\n", True),
        ('if __name__ != "__main__":\n    pass\nelse:\n    run()\n', True),
        ('try:\n    if __name__ == "__main__":\n        run()\nexcept KeyError:\n    pass\n', True),
        ("import multiprocessing\nif multiprocessing.parent_process() is None:\n    run()\n", True),
        ("run()\n", False),
        ('if __name__ == "__main__":\n    pass\nrun()\n', False),
        ("if True:\n    run()\n", False),
        ("for _ in range(2):\n    run()\n", False),
    ],
)
def test_main_guard_is_recognised_in_the_script_source(source: str, guarded: bool) -> None:
    tree = ast.parse(source)
    line = next(
        n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "run"
    )
    assert spawn._guarded(tree.body, line) is guarded


# ------------------------------------------------------- n = 10**15: lazy plan, refused at once


def test_n_10_15_deals_is_refused_at_once_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: 3.8 billion chunk descriptions, then MemoryError after 33 s. Now: refused
    before a chunk is planned or run (stream is never reached)."""

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the job was started")

    monkeypatch.setattr(deals, "stream", never)
    with pytest.raises(
        InvalidArgumentError, match=r"^n=1,000,000,000,000,000 deals is more than any run can finish"
    ):
        sample_shanten_distribution(10**15)
    with pytest.raises(InvalidArgumentError, match="at most 100,000,000,000,000 deals"):
        sample_shanten_distribution(limits.MAX_DEALS + 1)


def test_selfplay_and_nanikiru_sizes_no_run_can_finish_are_refused_by_name() -> None:
    with pytest.raises(
        InvalidArgumentError, match=r"^n_games=10,000,000,000,000 \(180,000,000,000,000 games × draws\)"
    ):
        selfplay(10**13)
    with pytest.raises(
        InvalidArgumentError, match=r"^n=10,000,000,000,000 .* is more than any run can finish"
    ):
        nanikiru(HAND, n=10**13)


def test_the_work_bound_is_inclusive() -> None:
    limits.check_work(limits.MAX_DEALS, "n", limits.MAX_DEALS, "deals")  # no error
    with pytest.raises(InvalidArgumentError, match="n=100,000,000,000,001 deals"):
        limits.check_work(limits.MAX_DEALS + 1, "n", limits.MAX_DEALS, "deals")


def test_the_chunk_plan_is_lazy_and_flat_in_memory() -> None:
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        chunks = plan(10**15, 7, 1 << 18)
        used = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert used < 10_000  # bytes: not 3.8 billion Chunk objects
    assert len(chunks) == 3_814_697_266
    assert chunks[0] == Chunk(0, 0, 1 << 18, 7)
    assert chunks[-1] == Chunk(3_814_697_265, 3_814_697_265 << 18, 10**15 - (3_814_697_265 << 18), 7)
    assert chunks[2:4] == [Chunk(2, 2 << 18, 1 << 18, 7), Chunk(3, 3 << 18, 1 << 18, 7)]
    with pytest.raises(IndexError):
        chunks[len(chunks)]
    # the same chunks as the list the plan used to be
    small = plan(100, 5, 30)
    assert list(small) == [Chunk(i, 30 * i, min(30, 100 - 30 * i), 5) for i in range(4)]


def test_stream_hands_over_results_one_by_one_without_planning_ahead() -> None:
    results = stream(lambda chunk, _: chunk.index, plan(10**14, 0, 1), None)
    assert [next(results) for _ in range(3)] == [0, 1, 2]  # the 10**14 chunks are not all built


def test_only_a_window_of_chunks_is_in_flight() -> None:
    from concurrent.futures import ThreadPoolExecutor

    in_flight, most = 0, 0

    def submit(chunk: Chunk) -> Any:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        return pool.submit(lambda: chunk.index)

    def results() -> list[int]:
        nonlocal in_flight
        out = []
        for value in backend._windowed(submit, plan(1_000, 0, 1), 4, None):
            in_flight -= 1
            out.append(value)
        return out

    with ThreadPoolExecutor(2) as pool:
        assert results() == list(range(1_000))
    assert most == 4


# ----------------------------------------------------------- sizes that cannot be allocated


def test_deal_counts_of_more_rows_than_memory_is_a_named_error() -> None:
    """10**13 rows of 34 counts is 309 TiB: refused before numpy is asked."""
    with pytest.raises(
        InvalidArgumentError, match=r"^n=10,000,000,000,000 rows of 34 counts asks for 309\.2 TiB"
    ):
        deal_counts(np.random.default_rng(0), 10**13)


def test_memory_error_at_allocation_is_a_named_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the machine's memory is unknown, numpy's MemoryError (2.9 EiB: more than any
    address space, so nothing is allocated) comes back as a named error."""
    monkeypatch.setattr(limits, "physical_memory", lambda: None)
    with pytest.raises(
        InvalidArgumentError, match=r"^n=100,000,000,000,000,000 rows .* could not be allocated"
    ):
        deal_counts(np.random.default_rng(0), 10**17)


@pytest.mark.parametrize(
    ("n_games", "chunk_size", "blamed"),
    [
        (10**11, 10**10, r"chunk_size=10,000,000,000 \(games per chunk\)"),
        (10**10, 10**11, r"n_games=10,000,000,000 \(games, all in one chunk\)"),
    ],
)
def test_selfplay_chunk_larger_than_memory_is_a_named_error(
    n_games: int, chunk_size: int, blamed: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{blamed} asks for .* more than this machine has"):
        selfplay(n_games, draws=1, chunk_size=chunk_size)


@pytest.mark.parametrize(
    ("n", "chunk_size", "blamed"),
    [
        (10**10, 10**9, r"chunk_size=1,000,000,000 \(games per candidate per chunk\)"),
        (10**10, 10**10, r"n=10,000,000,000 \(games per candidate, all in one chunk\)"),
    ],
)
def test_nanikiru_chunk_larger_than_memory_is_a_named_error(n: int, chunk_size: int, blamed: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{blamed} asks for .* more than this machine has"):
        nanikiru(HAND, draws=1, n=n, chunk_size=chunk_size)


@pytest.mark.parametrize(
    ("chunk_size", "blamed"),
    [
        (10**12, r"chunk_size=1,000,000,000,000 \(deals per chunk\)"),
        (10**13, r"n=10,000,000,000,000 \(deals, all in one chunk\)"),
    ],
)
def test_sample_chunk_larger_than_memory_is_a_named_error(chunk_size: int, blamed: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"^{blamed} asks for .* more than this machine has"):
        sample_shanten_distribution(10**13, chunk_size=chunk_size)


# ------------------------------------------------------------------------------ client=


@pytest.fixture(scope="module")
def scheduler() -> Any:
    with local_cluster(threads=2) as cluster:
        yield cluster


def test_client_as_an_address_string_gives_the_numbers_of_one_process(scheduler: Any) -> None:
    one = sample_shanten_distribution(20_000, seed=4, chunk_size=5_000)
    assert (
        sample_shanten_distribution(20_000, seed=4, chunk_size=5_000, client=scheduler.scheduler_address)
        == one
    )
    assert selfplay(600, draws=4, seed=2, chunk_size=200, client=scheduler.scheduler_address) == selfplay(
        600, draws=4, seed=2, chunk_size=200
    )


def test_client_as_a_distributed_client_gives_the_numbers_of_one_process(scheduler: Any) -> None:
    import distributed

    with distributed.Client(scheduler.scheduler_address, set_as_default=False) as client:
        one = nanikiru(HAND, draws=3, n=900, seed=5, chunk_size=300)
        assert nanikiru(HAND, draws=3, n=900, seed=5, chunk_size=300, client=client) == one
        assert client.status == "running"  # the caller's client is left open


def test_unreachable_scheduler_address_is_an_invalid_argument_error() -> None:
    import distributed  # noqa: F401  (defines the connect timeout's config key)

    with pytest.raises(
        InvalidArgumentError, match=r"^cannot reach the Dask scheduler at 'tcp://127\.0\.0\.1:1'"
    ):
        connect("tcp://127.0.0.1:1", timeout=0.5)


# slow: a second second-long wait for a connection; the fast tier reaches the same through the
# command: tests/cli/test_simulate.py::test_unreachable_dask_address_exits_2_with_the_reason
@pytest.mark.slow
def test_unreachable_scheduler_address_given_to_a_simulation_is_an_invalid_argument_error() -> None:
    import dask
    import distributed  # noqa: F401  (defines the connect timeout's config key)

    with (
        dask.config.set({"distributed.comm.timeouts.connect": "1s"}),
        pytest.raises(InvalidArgumentError, match="cannot reach the Dask scheduler"),
    ):
        sample_shanten_distribution(100, client="tcp://127.0.0.1:1")


@pytest.mark.parametrize("client", [42, object(), b"tcp://127.0.0.1:8786", ["tcp://127.0.0.1:8786"]])
@pytest.mark.parametrize("simulation", ["sample", "selfplay", "nanikiru"])
def test_client_of_any_other_type_is_an_invalid_argument_error(client: object, simulation: str) -> None:
    run = {
        "sample": lambda: sample_shanten_distribution(100, client=client),
        "selfplay": lambda: selfplay(10, draws=2, client=client),
        "nanikiru": lambda: nanikiru(HAND, draws=2, n=10, client=client),
    }[simulation]
    with pytest.raises(
        InvalidArgumentError, match=r"^client must be a distributed\.Client or a Dask scheduler address"
    ):
        run()


@pytest.mark.parametrize(
    ("address", "match"), [("localhost", "missing port"), ("http://x:1", "unknown address scheme")]
)
def test_malformed_scheduler_address_is_an_invalid_argument_error(address: str, match: str) -> None:
    with pytest.raises(
        InvalidArgumentError, match=f"cannot use the Dask scheduler address {address!r}: {match}"
    ):
        sample_shanten_distribution(100, client=address)


# --------------------------------------------------------------------------- progress bar


def test_exact_shanten_distribution_draws_no_progress_bar_unless_asked(
    capfd: pytest.CaptureFixture[str],
) -> None:
    exact_shanten_distribution(13)
    assert capfd.readouterr().err == ""
    exact_shanten_distribution(13, progress=True)
    bar = capfd.readouterr().err
    assert "exact 13-tile all" in bar and "4/4" in bar


def test_malformed_scheduler_address_fails_at_once_and_the_interpreter_exits_at_once() -> None:
    # A distributed.Client made for a malformed address lingered for a minute at exit: the
    # address is now checked before any Client exists, so the process ends right away.
    script = (
        "from riichi_lut.errors import InvalidArgumentError\n"
        "from riichi_lut.sim import sample_shanten_distribution\n"
        "try:\n"
        "    sample_shanten_distribution(100, client='tcp://host')\n"
        "except InvalidArgumentError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=45, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("cannot use the Dask scheduler address 'tcp://host': missing port")
    assert "Traceback" not in done.stderr
