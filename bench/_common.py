"""What the four benchmarks share: the checkout on sys.path, seeded hands, interleaved timing,
the peers' shanten, and the report's header, rates and ratios.

Each ``bench/bench_*.py`` imports this module before ``riichi_lut`` (ruff's import order
puts it among the third-party imports, above the first-party ``riichi_lut``), so that the
benchmarks measure the checkout, not an installed copy. Nothing here asserts.

**Noise.** The report header prints the load average at start and end, the BLAS build and
``OPENBLAS_*`` / ``OMP_NUM_THREADS``. The batch paths do not use BLAS (an early version did,
and OpenBLAS's worker threads slowed it 20× whenever another process held a core); the
variables are printed so that a run with a surprising figure can be told apart. On a
shared virtual machine expect run-to-run differences of up to 2×: compare ratios within a
run, which is why every contestant runs once per round, in interleaved rounds.
"""

from __future__ import annotations

import importlib.metadata
import math
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # benchmark the checkout, not an installed copy

SEED = 2024  # every benchmark's default --seed
BLAS_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
NOT_INSTALLED = "not installed (pip install -e '.[bench]')"
WALL_CHUNK = 1 << 16  # walls shuffled per numpy call; part of what a seed means


def log(message: str) -> None:
    """Progress, on stderr (the report goes to stdout)."""
    print(message, file=sys.stderr, flush=True)


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# --------------------------------------------------------------------------- hands


def draw_walls(rng: np.random.Generator, n: int, tiles: int = 14, as_counts: bool = False) -> np.ndarray:
    """The first ``tiles`` tiles of n shuffled 136-tile walls (``Generator.permuted``, chunks
    of WALL_CHUNK walls): (n, tiles) uint8 Tenhou 136-ids, or with ``as_counts`` their
    (n, 34) uint8 tile counts, counted chunk by chunk."""
    wall = np.arange(136, dtype=np.uint8)
    out = np.empty((n, 34 if as_counts else tiles), dtype=np.uint8)
    for start in range(0, n, WALL_CHUNK):
        stop = min(n, start + WALL_CHUNK)
        ids = rng.permuted(np.broadcast_to(wall, (stop - start, 136)), axis=1)[:, :tiles]
        out[start:stop] = counts_of(ids) if as_counts else ids
    return out


def seeded_walls(seed: int, n: int, other_n: int) -> tuple[np.ndarray, np.ndarray]:
    """(n, 14) walls for the timed hands and (other_n, 14) other walls for untimed warm-ups,
    from two independent streams of one seed (13-tile hands are the first 13 tiles)."""
    timed, other = np.random.SeedSequence(seed).spawn(2)
    return draw_walls(np.random.default_rng(timed), n), draw_walls(np.random.default_rng(other), other_n)


def counts_of(ids: np.ndarray) -> np.ndarray:
    """(n, 34) uint8 tile counts of rows of 136-ids."""
    n = len(ids)
    flat = (np.arange(n)[:, None] * 34 + ids // 4).ravel()
    return np.bincount(flat, minlength=n * 34).reshape(n, 34).astype(np.uint8)


def peer_shanten(name: str) -> Callable[[list[int]], int] | None:
    """A peer's all-forms shanten (min over regular, chiitoitsu, kokushi): ``mahjong`` from
    34 counts, ``riichienv`` from a list of 136-ids; None when it is not installed."""
    try:
        if name == "mahjong":
            from mahjong.shanten import Shanten

            # use_chiitoitsu / use_kokushi default to True
            return Shanten.calculate_shanten
        import riichienv  # 0.4.11: no batch shanten, no ukeire / discard API for a bare hand

        return riichienv.calculate_shanten
    except ImportError:
        return None


# --------------------------------------------------------------------------- timing


@dataclass
class Contestant:
    """One timed row: its label, the work one run does (hands, deals, player-turns) and the
    run; :func:`interleaved` fills in the rest."""

    name: str
    work: int
    run: Callable[[], Any]  # returns the answers
    answers: Any = None  # what the fastest round returned
    seconds: float = math.inf  # the fastest round
    first: float = 0.0  # round 1, start-up costs (worker processes, memos) included

    @property
    def rate(self) -> float:
        """Work per second in the fastest round."""
        return self.work / self.seconds


def interleaved(contestants: Sequence[Contestant], repeats: int, progress: bool = False) -> None:
    """Best of ``repeats`` rounds, every contestant once per round (``time.perf_counter``), so
    that all of them meet the same phases of a noisy machine; the ratios are what a
    benchmark is about. ``progress`` logs each round."""
    for round_ in range(repeats):
        if progress:
            log(f"round {round_ + 1}/{repeats} ...")
        for c in contestants:
            start = time.perf_counter()
            out = c.run()
            seconds = time.perf_counter() - start
            if round_ == 0:
                c.first = seconds
            if seconds < c.seconds:
                c.seconds, c.answers = seconds, out


# --------------------------------------------------------------------------- report


def machine_line() -> str:
    """CPU, cores, Python, numpy and its BLAS (with the BLAS thread variables), the peers."""
    with open("/proc/cpuinfo") as info:
        models = [line.split(":", 1)[1].strip() for line in info if line.startswith("model name")]
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        blas_name = f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception:  # older numpy: no mode="dicts"
        blas_name = "unknown"
    blas_env = ", ".join(f"{k}={os.environ.get(k, 'unset')}" for k in BLAS_ENV)
    return (
        f"CPU: {models[0] if models else '?'}, {os.cpu_count()} logical cores ({usable} usable); "
        f"Python {platform.python_version()}; numpy {np.__version__} (BLAS {blas_name}; "
        f"{blas_env}); mahjong {version('mahjong')}; riichienv {version('riichienv')}"
    )


def load_text() -> str:
    """1-minute load average: other processes on the machine make the timings noisy."""
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def print_header(title: str, load_at_start: str) -> None:
    """The report's heading, then the machine and the load average at start and now."""
    print(f"## {title}\n")
    print(f"{machine_line()}; load average (1 min) {load_at_start} at start, {load_text()} at end\n")


def ratio_text(ratio: float) -> str:
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×" if ratio >= 1 else f"{ratio:.2f}×"


def rate_text(per_second: float) -> str:
    return f"{per_second / 1e6:,.2f} M" if per_second >= 1e6 else f"{per_second / 1e3:,.1f} k"
