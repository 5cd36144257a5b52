#!/usr/bin/env python
"""Shanten throughput: riichi-lut (batch and scalar) against `mahjong` and `riichienv`.

Run by hand from the checkout:  python bench/bench_shanten.py [--n N] [--seed S]

One run, one seed, the same hands for everyone: closed 13-tile hands are the first 13
tiles of independently shuffled 136-tile walls, 14-tile hands the same walls' first 14.
The batch path gets all N hands; the scalar loops and the peers get the first
--scalar-n / --peer-n of them, each in its own input format, built before the timing.
Every timing is the best of 7 interleaved rounds (time.perf_counter): each round runs every
contestant once, so ours and the peers meet the same phases of a noisy machine and the
ratios stay meaningful. The cold scalar pass can only happen once per process. Peers are
optional: a missing one is reported, not fatal. Progress goes to stderr, the Markdown report
to stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # benchmark the checkout, not an installed copy

from riichi_lut import format_counts, shanten, shanten_batch, shanten_value  # noqa: E402

REPEATS = 7
BLAS_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
NOT_INSTALLED = "not installed (pip install -e '.[bench]')"
# 123m 456p 789s 11z 22z: a shanpon wait, the hand every start-up measurement answers
TENPAI_13 = [1, 1, 1] + [0] * 9 + [1, 1, 1] + [0] * 9 + [1, 1, 1, 2, 2] + [0] * 5
TENPAI_13_IDS = [4 * kind + copy for kind, n in enumerate(TENPAI_13) for copy in range(n)]
PEER_CALLS = {  # name -> (input format, call shown in the table)
    "mahjong": ("counts", "mahjong.shanten.Shanten.calculate_shanten(counts34)"),
    "riichienv": ("ids", "riichienv.calculate_shanten(ids136)"),
}
STARTUPS = (  # name, import, first answer
    ("riichi-lut", "import riichi_lut", f"riichi_lut.shanten({TENPAI_13}).value"),
    ("mahjong", "from mahjong.shanten import Shanten", f"Shanten.calculate_shanten({TENPAI_13})"),
    ("riichienv", "import riichienv", f"riichienv.calculate_shanten({TENPAI_13_IDS})"),
    ("numpy alone (baseline: our one heavy import)", "import numpy", "numpy.__version__"),
)


@dataclass
class Row:
    tiles: int
    impl: str
    rate: float | None  # hands (= calls) per second; None: peer not installed
    scalar_ref: bool = False


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# --------------------------------------------------------------------------- hands


def draw_walls(rng: np.random.Generator, n: int, chunk: int = 65536) -> np.ndarray:
    """(n, 14) uint8 Tenhou 136-ids: the first 14 tiles of n shuffled 136-tile walls."""
    wall = np.arange(136, dtype=np.uint8)
    out = np.empty((n, 14), dtype=np.uint8)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        out[start:stop] = rng.permuted(np.broadcast_to(wall, (stop - start, 136)), axis=1)[:, :14]
    return out


def counts_of(ids: np.ndarray) -> np.ndarray:
    """(n, 34) uint8 tile counts of rows of 136-ids."""
    n = len(ids)
    flat = (np.arange(n)[:, None] * 34 + ids // 4).ravel()
    return np.bincount(flat, minlength=n * 34).reshape(n, 34).astype(np.uint8)


# --------------------------------------------------------------------------- measurements


def load_peers() -> dict[str, Callable[[list[int]], int] | None]:
    """name -> its all-forms shanten function, or None when not importable."""
    peers: dict[str, Callable[[list[int]], int] | None] = {"mahjong": None, "riichienv": None}
    try:
        from mahjong.shanten import Shanten

        # min over regular, chiitoitsu, kokushi (use_chiitoitsu / use_kokushi default True)
        peers["mahjong"] = Shanten.calculate_shanten
    except ImportError:
        pass
    try:
        import riichienv

        # min over all forms, from a list of 136-ids; 0.4.11 has no batch shanten API
        peers["riichienv"] = riichienv.calculate_shanten
    except ImportError:
        pass
    return peers


@dataclass
class Contestant:
    impl: str
    hands: int
    run: Callable[[], Any]  # returns the answers, one per hand
    scalar_ref: bool = False
    answers: Any = None


def interleaved(contestants: list[Contestant], tiles: int, rows: list[Row]) -> None:
    """Best of REPEATS rounds, every contestant once per round, so that all of them meet
    the same phases of a noisy machine; the ratios are what this benchmark is about."""
    best = [float("inf")] * len(contestants)
    for _ in range(REPEATS):
        for k, c in enumerate(contestants):
            start = time.perf_counter()
            c.answers = c.run()
            best[k] = min(best[k], time.perf_counter() - start)
    for c, seconds in zip(contestants, best, strict=True):
        rows.append(Row(tiles, c.impl, c.hands / seconds, c.scalar_ref))


def batch_contestants(counts: np.ndarray) -> list[Contestant]:
    shanten_batch(counts[:1000])  # builds the batch look-up arrays, outside the timing
    out = []
    for form in ("all", "standard"):
        for threads in (None, 1):
            label = "all cores" if threads is None else "1 thread"
            impl = f"ours `shanten_batch(counts, form={form!r})`, (N, 34) uint8, {label}"
            out.append(
                Contestant(impl, len(counts), partial(shanten_batch, counts, form=form, threads=threads))
            )
    return out


def bench_cold(warm_lists: list[list[int]], rows: list[Row]) -> None:
    """The first scalar pass of the process: includes filling the block-pattern memo."""
    shanten_value(TENPAI_13)  # builds the scalar look-up closure (start-up is timed apart)
    start = time.perf_counter()
    for counts in warm_lists:
        shanten_value(counts)
    seconds = time.perf_counter() - start
    impl = f"ours `shanten_value(list)`, COLD: 1st pass, fills memo, {len(warm_lists):,} other hands"
    rows.append(Row(13, impl, len(warm_lists) / seconds))


def scalar_contestants(lists: list[list[int]]) -> list[Contestant]:
    return [
        Contestant(
            "ours `shanten_value(list)`, warm memo",
            len(lists),
            lambda: [shanten_value(c) for c in lists],
            scalar_ref=True,
        ),
        Contestant(
            "ours `shanten(list)` -> ShantenResult, warm memo",
            len(lists),
            lambda: [shanten(c).value for c in lists],
        ),
    ]


def peer_contestant(name: str, fn: Any, hands: list[list[int]]) -> Contestant:
    impl = f"{name} {version(name)} `{PEER_CALLS[name][1]}`, all forms"
    return Contestant(impl, len(hands), lambda: [fn(h) for h in hands])


def startup_seconds(setup: str, call: str, runs: int = 5) -> float | None:
    """Best wall time of `setup` + first `call`, timed inside fresh interpreters."""
    code = f"import time\nt0 = time.perf_counter()\n{setup}\nv = {call}\n"
    code += "print(time.perf_counter() - t0)"
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    best = None
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", code], check=False, capture_output=True, text=True,
            env=dict(os.environ, PYTHONPATH=path), cwd=ROOT,
        )  # fmt: skip
        if done.returncode != 0:
            return None
        seconds = float(done.stdout.split()[-1])
        best = seconds if best is None else min(best, seconds)
    return best


# --------------------------------------------------------------------------- report


def machine_line() -> str:
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


def ratio_text(ratio: float) -> str:
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×" if ratio >= 1 else f"{ratio:.2f}×"


def rate_text(per_second: float) -> str:
    return f"{per_second / 1e6:,.2f} M" if per_second >= 1e6 else f"{per_second / 1e3:,.1f} k"


def print_table(rows: list[Row]) -> None:
    batch = {r.tiles: r.rate or 0.0 for r in rows if "form='all'" in r.impl and "all cores" in r.impl}
    scalar = {r.tiles: r.rate or 0.0 for r in rows if r.scalar_ref}
    print("| what | implementation | throughput (hands/s) | ours batch `all`, all cores ÷ this "
          "| ours `shanten_value` warm ÷ this |")  # fmt: skip
    print("| --- | --- | ---: | ---: | ---: |")
    for r in rows:
        what = f"shanten, closed {r.tiles}-tile hands"
        if r.rate is None:
            print(f"| {what} | {r.impl} | – | – | – |")
            continue
        by_batch, by_scalar = batch[r.tiles] / r.rate, scalar[r.tiles] / r.rate
        print(f"| {what} | {r.impl} | {rate_text(r.rate)} | {ratio_text(by_batch)} "
              f"| {ratio_text(by_scalar)} |")  # fmt: skip
    print("\nRatio columns: how many times faster our reference row is than this row "
          "(below 1× this row is the faster one).\n")  # fmt: skip


def print_startup(timings: dict[str, float | None], table_files: list[Path]) -> None:
    print("| what | implementation | wall time | this ÷ riichi-lut |")
    print("| --- | --- | ---: | ---: |")
    ours = timings["riichi-lut"]
    for name, setup, _ in STARTUPS:
        what, seconds = f"`{setup}` + first answer, fresh process, best of 5", timings[name]
        if seconds is None:
            print(f"| {what} | {name}: failed or {NOT_INSTALLED} | – | – |")
        else:
            ratio = ratio_text(seconds / ours) if ours else "–"
            print(f"| {what} | {name} | {seconds * 1e3:,.0f} ms | {ratio} |")
    size = sum(p.stat().st_size for p in table_files)
    print(f"| tables/ on disk (all files) | riichi-lut | {size:,} bytes "
          f"({size / 2**20:.2f} MiB, {len(table_files)} files) | |")  # fmt: skip


def print_agreement(name: str, tiles: int, ours: np.ndarray, theirs: list[int], counts) -> None:
    values = np.asarray(theirs)
    differ = np.flatnonzero(values != ours[: len(values)])
    print(f"- {name} ({tiles} tiles, {len(values):,} hands): {len(differ):,} differ")
    for i in differ[:5]:
        full = shanten(counts[i].tolist())
        print(f"  - `{format_counts(counts[i].tolist())}`: {name} {values[i]}, ours {ours[i]} "
              f"(standard {full.standard}, chiitoitsu {full.chiitoitsu}, "
              f"kokushi {full.kokushi})")  # fmt: skip


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="hands for the batch path")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--scalar-n", type=int, default=100_000, help="hands, scalar loops")
    parser.add_argument("--warm-n", type=int, default=200_000, help="other hands, memo warm-up")
    parser.add_argument("--peer-n", type=int, default=20_000, help="hands for the peers")
    args = parser.parse_args()
    scalar_n, peer_n = min(args.scalar_n, args.n), min(args.peer_n, args.n)

    load_at_start = load_text()
    seeds = np.random.SeedSequence(args.seed).spawn(2)
    log(f"drawing {args.n:,} + {args.warm_n:,} hands ...")
    ids = draw_walls(np.random.default_rng(seeds[0]), args.n)
    warm_ids = draw_walls(np.random.default_rng(seeds[1]), args.warm_n)  # a different set
    peers = load_peers()
    rows: list[Row] = []
    agreement = []

    for tiles in (13, 14):
        counts = counts_of(ids[:, :tiles])
        warm_lists = counts_of(warm_ids[:, :tiles]).tolist()
        if tiles == 13:
            log("13 tiles: cold scalar pass ...")
            bench_cold(warm_lists, rows)
        else:
            for c in warm_lists:  # warm the memo on the other hands' 14-tile shapes, untimed
                shanten_value(c)
        del warm_lists
        contestants = batch_contestants(counts) + scalar_contestants(counts[:scalar_n].tolist())
        inputs = {"counts": counts[:peer_n].tolist(), "ids": ids[:peer_n, :tiles].tolist()}
        missing = []
        for name, fn in peers.items():
            if fn is None:
                missing.append(Row(tiles, f"{name}: {NOT_INSTALLED}", None))
            else:
                contestants.append(peer_contestant(name, fn, inputs[PEER_CALLS[name][0]]))
        log(f"{tiles} tiles: {len(contestants)} contestants x {REPEATS} interleaved rounds ...")
        interleaved(contestants, tiles, rows)
        rows.extend(missing)
        reference = contestants[0].answers  # batch, form "all", all cores
        for c in contestants[1:]:
            if "form='standard'" not in c.impl:  # the standard form alone differs by design
                agreement.append((c.impl, tiles, reference, c.answers, counts))

    log("start-up in fresh interpreters ...")
    timings = {name: startup_seconds(setup, call) for name, setup, call in STARTUPS}
    table_files = sorted(p for p in (ROOT / "tables").iterdir() if p.is_file())

    print(f"## Shanten benchmark (seed {args.seed}; batch N = {args.n:,}; scalar loops "
          f"{scalar_n:,} hands, memo warmed on {args.warm_n:,} other hands; peers {peer_n:,} "
          f"hands; best of {REPEATS})\n")  # fmt: skip
    print(f"{machine_line()}; load average (1 min) {load_at_start} at start, "
          f"{load_text()} at end\n")  # fmt: skip
    print_table(rows)
    print_startup(timings, table_files)
    print("\n### Agreement with ours (`shanten_batch`, form 'all') on the same hands\n")
    for name, tiles, reference, values, counts in agreement:
        print_agreement(name, tiles, reference, values, counts)


if __name__ == "__main__":
    main()
