#!/usr/bin/env python
"""Shanten throughput: riichi-lut (batch and scalar) against `mahjong` and `riichienv`.

A last table does the same for three-player Riichi (sanma, `players=3`): hands dealt
from the 108-tile set (2m-8m removed), ours `shanten_batch(..., players=3)` and
`shanten_value(..., players=3)` against `riichienv.calculate_shanten_3p(ids136)` and
`mahjong`'s `calculate_shanten(counts34, is_three_player=True)` per call (--sanma-n hands).

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
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from _common import (  # the benchmarks' shared set-up; puts the checkout first on sys.path
    NOT_INSTALLED,
    ROOT,
    SEED,
    Contestant,
    counts_of,
    interleaved,
    load_text,
    log,
    peer_shanten,
    print_header,
    rate_text,
    ratio_text,
    seeded_walls,
    version,
)

from riichi_lut import format_counts, shanten, shanten_batch, shanten_value
from riichi_lut.analysis.shanten import general_shanten_value

REPEATS = 7
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


# --------------------------------------------------------------------------- measurements


@dataclass
class ShantenContestant(Contestant):
    scalar_ref: bool = False  # the `shanten_value` warm row, the second ratio column's reference


def timed_rows(contestants: list[ShantenContestant], tiles: int, rows: list[Row]) -> None:
    """Best of REPEATS interleaved rounds, one row per contestant."""
    interleaved(contestants, REPEATS)
    for c in contestants:
        rows.append(Row(tiles, c.name, c.rate, c.scalar_ref))


def batch_contestants(counts: np.ndarray) -> list[ShantenContestant]:
    shanten_batch(counts[:1000])  # builds the batch look-up arrays, outside the timing
    out = []
    for form in ("all", "standard"):
        for threads in (None, 1):
            label = "all cores" if threads is None else "1 thread"
            impl = f"ours `shanten_batch(counts, form={form!r})`, (N, 34) uint8, {label}"
            run = partial(shanten_batch, counts, form=form, threads=threads)
            out.append(ShantenContestant(impl, len(counts), run))
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


def scalar_contestants(lists: list[list[int]]) -> list[ShantenContestant]:
    return [
        ShantenContestant(
            "ours `shanten_value(list)`, warm memo",
            len(lists),
            lambda: [shanten_value(c) for c in lists],
            scalar_ref=True,
        ),
        ShantenContestant(
            "ours `general_shanten_value(list)`: the general look-up, `shanten_value` before issue 13",
            len(lists),
            lambda: [general_shanten_value(c) for c in lists],
        ),
        ShantenContestant(
            "ours `shanten(list)` -> ShantenResult, warm memo",
            len(lists),
            lambda: [shanten(c).value for c in lists],
        ),
    ]


def peer_contestant(name: str, fn: Any, hands: list[list[int]]) -> ShantenContestant:
    impl = f"{name} {version(name)} `{PEER_CALLS[name][1]}`, all forms"
    return ShantenContestant(impl, len(hands), lambda: [fn(h) for h in hands])


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


# --------------------------------------------------------------------------- three players

SANMA_IDS = np.array([i for i in range(136) if not 1 <= i // 4 <= 7])  # 2m-8m removed: 108 ids


def sanma_hands(seed: int, n: int, tiles: int) -> np.ndarray:
    """(n, tiles) 136-ids: the first tiles of n shuffled 108-tile walls (a third stream)."""
    rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(3)[2])
    keys = rng.random((n, len(SANMA_IDS)))
    return SANMA_IDS[np.argpartition(keys, tiles, axis=1)[:, :tiles]]


def sanma_peers() -> list[tuple[str, Any, str]]:
    """(label, per-hand function, input format) of the installed peers' 3p shanten."""
    out = []
    try:
        import riichienv  # optional peer

        out.append((f"riichienv {version('riichienv')} `calculate_shanten_3p(ids136)`, all forms",
                    riichienv.calculate_shanten_3p, "ids"))  # fmt: skip
    except ImportError:
        pass
    try:
        from mahjong.shanten import Shanten  # optional peer

        out.append((f"mahjong {version('mahjong')} `calculate_shanten(counts34, is_three_player=True)`",
                    partial(Shanten.calculate_shanten, is_three_player=True), "counts"))  # fmt: skip
    except ImportError:
        pass
    return out


def bench_sanma(
    seed: int, n: int, peer_n: int
) -> tuple[list[ShantenContestant], list[tuple[str, np.ndarray]]]:
    """The three-player contestants on closed 13-tile hands, timed; and the peers' answers."""
    ids = sanma_hands(seed, n, 13)
    counts = counts_of(ids)
    shanten_batch(counts[:1000], players=3)  # builds the look-ups, outside the timing
    lists = counts[:peer_n].tolist()
    contestants = [
        ShantenContestant(f"ours `shanten_batch(counts, players=3)`, {label}", n,
                          partial(shanten_batch, counts, players=3, threads=threads))
        for threads, label in ((None, "all cores"), (1, "1 thread"))
    ] + [ShantenContestant("ours `shanten_value(list, players=3)`", peer_n,
                           lambda: [shanten_value(c, 0, 3) for c in lists])]  # fmt: skip
    for label, fn, form in sanma_peers():
        hands = lists if form == "counts" else ids[:peer_n].tolist()
        contestants.append(
            ShantenContestant(label, peer_n, lambda fn=fn, hands=hands: [fn(h) for h in hands])
        )
    log(f"sanma, 13 tiles: {len(contestants)} contestants x {REPEATS} interleaved rounds ...")
    interleaved(contestants, REPEATS)
    return contestants, [(c.name, np.asarray(c.answers)) for c in contestants[2:]]


def print_sanma(contestants: list[ShantenContestant], answers: list[tuple[str, np.ndarray]]) -> None:
    batch = contestants[0]
    print("| what | implementation | throughput (hands/s) | ours batch, all cores ÷ this |")
    print("| --- | --- | ---: | ---: |")
    for c in contestants:
        print(f"| sanma shanten, closed 13-tile hands | {c.name} | {rate_text(c.rate)} "
              f"| {ratio_text(batch.rate / c.rate)} |")  # fmt: skip
    ours = np.asarray(batch.answers)
    for name, values in answers:
        differ = int((values != ours[: len(values)]).sum())
        print(f"\n- agreement with ours, {name}: {len(values):,} hands, {differ:,} differ")


# --------------------------------------------------------------------------- report


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
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scalar-n", type=int, default=100_000, help="hands, scalar loops")
    parser.add_argument("--warm-n", type=int, default=200_000, help="other hands, memo warm-up")
    parser.add_argument("--peer-n", type=int, default=20_000, help="hands for the peers")
    parser.add_argument("--sanma-n", type=int, default=1_000_000, help="three-player hands, batch")
    args = parser.parse_args()
    scalar_n, peer_n = min(args.scalar_n, args.n), min(args.peer_n, args.n)

    load_at_start = load_text()
    log(f"drawing {args.n:,} + {args.warm_n:,} hands ...")
    ids, warm_ids = seeded_walls(args.seed, args.n, args.warm_n)  # warm-up: a different set
    peers = {name: peer_shanten(name) for name in PEER_CALLS}
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
        timed_rows(contestants, tiles, rows)
        rows.extend(missing)
        reference = contestants[0].answers  # batch, form "all", all cores
        for c in contestants[1:]:
            if "form='standard'" not in c.name:  # the standard form alone differs by design
                agreement.append((c.name, tiles, reference, c.answers, counts))

    sanma_n = min(args.sanma_n, args.n)
    sanma = bench_sanma(args.seed, sanma_n, min(peer_n, sanma_n))
    log("start-up in fresh interpreters ...")
    timings = {name: startup_seconds(setup, call) for name, setup, call in STARTUPS}
    table_files = sorted(p for p in (ROOT / "tables").iterdir() if p.is_file())

    print_header(f"Shanten benchmark (seed {args.seed}; batch N = {args.n:,}; scalar loops {scalar_n:,} "
                 f"hands, memo warmed on {args.warm_n:,} other hands; peers {peer_n:,} hands; best of "
                 f"{REPEATS})", load_at_start)  # fmt: skip
    print_table(rows)
    print_startup(timings, table_files)
    print("\n### Agreement with ours (`shanten_batch`, form 'all') on the same hands\n")
    for name, tiles, reference, values, counts in agreement:
        print_agreement(name, tiles, reference, values, counts)
    print(f"\n### Three players (sanma): closed 13-tile hands from the 108-tile set, batch N = {sanma_n:,}\n")
    print_sanma(*sanma)


if __name__ == "__main__":
    main()
