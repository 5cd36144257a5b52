#!/usr/bin/env python
"""Self-play throughput with the lean best-discard kernel against the kernel before issue 13
item 3 (issue 13 item 3: ``selfplay`` >= 1.25x).

Run by hand from the checkout:  python bench/bench_selfplay.py [--games N] [--seed S]

One seed, the same games for every row: ``selfplay(N, seed=S, workers=1)`` as it is; the
same call with ``best_discard_batch`` on the reference kernel
(``efficiency_batch.best_discards_reference``) in its 1,024-row chunks, patched in for the
run; and that kernel in today's chunk size (the kernels alone). Each row runs once per
round, REPEATS interleaved rounds, and keeps its fastest: player-turns per second and the
ratio. All must return equal results (printed). The share of a run spent in
``best_discard_batch`` is measured separately, by wrapping it. A last row plays the same
number of three-player games (``players=3``: the 108-tile wall, the three-player
``best_discard_batch``; wins scored by ``TENHOU_SANMA``), other games, so it is not in the equality check.
Progress goes to stderr, the Markdown report to stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import importlib
import time
from typing import Any

from _common import SEED, Contestant, interleaved, load_text, log, print_header

from riichi_lut.analysis import discard_batch, efficiency, efficiency_batch
from riichi_lut.sim import selfplay

selfplay_module = importlib.import_module("riichi_lut.sim.selfplay")  # (the package exports the function)

REPEATS = 5
OLD_CHUNK_ROWS = 1024  # best_discard_batch's rows per chunk on one thread before issue 13 item 3


def with_old_kernel(run: Any, chunk_rows: int = OLD_CHUNK_ROWS) -> Any:
    """``run()`` with ``best_discard_batch`` on the old kernel, by default in its old chunks."""
    saved = discard_batch.best_discards, efficiency.DISCARD_CHUNK_ROWS
    discard_batch.best_discards = efficiency_batch.best_discards_reference
    efficiency.DISCARD_CHUNK_ROWS = chunk_rows
    try:
        return run()
    finally:
        discard_batch.best_discards, efficiency.DISCARD_CHUNK_ROWS = saved


def discard_share(run: Any) -> float:
    """Fraction of one run's wall time inside ``best_discard_batch`` (as self-play calls it)."""
    inner = selfplay_module.best_discard_batch
    spent = [0.0]

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start

    selfplay_module.best_discard_batch = timed  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        run()
        return spent[0] / (time.perf_counter() - start)
    finally:
        selfplay_module.best_discard_batch = inner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    games, seed = args.games, args.seed

    def new() -> Any:
        return selfplay(games, seed=seed, workers=1)

    def old() -> Any:
        return with_old_kernel(new)

    chunk = efficiency.DISCARD_CHUNK_ROWS

    def old_in_todays_chunks() -> Any:
        return with_old_kernel(new, chunk)

    def sanma() -> Any:
        return selfplay(games, seed=seed, workers=1, players=3)

    load_at_start = load_text()
    log("warm-up ...")
    selfplay(500, seed=seed + 1)
    with_old_kernel(lambda: selfplay(500, seed=seed + 1))
    selfplay(500, seed=seed + 1, players=3)
    rows = [
        Contestant(f"ours `selfplay({games:,}, workers=1)`", 0, new),
        Contestant(f"the same on the kernel before issue 13 item 3 ({OLD_CHUNK_ROWS:,}-row chunks)", 0, old),
        Contestant(
            f"the same on that kernel in today's {chunk:,}-row chunks (the kernels alone)",
            0,
            old_in_todays_chunks,
        ),
        Contestant(f"three players: `selfplay({games:,}, workers=1, players=3)`", 0, sanma),
    ]
    interleaved(rows, REPEATS, progress=True)
    for c in rows:
        c.work = c.answers.player_turns
    log("share of best_discard_batch ...")
    shares = [discard_share(new), with_old_kernel(lambda: discard_share(new))]
    shares.append(with_old_kernel(lambda: discard_share(new), chunk))
    shares.append(discard_share(sanma))

    print_header(
        f"Self-play benchmark (seed {seed}; {games:,} games; best of {REPEATS} interleaved rounds)",
        load_at_start,
    )
    print("| implementation | player-turns/s | µs/turn | share in best_discard_batch | new ÷ this |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for c, share in zip(rows, shares, strict=True):
        ratio = rows[0].rate / c.rate
        print(f"| {c.name} | {c.rate:,.0f} | {1e6 / c.rate:,.2f} | {share:.0%} | {ratio:.2f}× |")
    same = rows[0].answers == rows[1].answers == rows[2].answers
    ratio = rows[0].rate / rows[1].rate
    print(f"\n- results of the three rows: {'identical' if same else 'DIFFERENT'}")
    verdict = "met" if ratio >= 1.25 else "NOT met"
    print(f"- issue 13 item 3 target, selfplay ≥ 1.25×: {ratio:.2f}×, {verdict}")


if __name__ == "__main__":
    main()
