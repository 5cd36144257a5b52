#!/usr/bin/env python
"""Soak: many seeded games of ``play_one`` (random and efficiency policies, four and three
players, alternating), each written as mjai JSONL and tenhou.net/6 JSON, read back and
replayed to the same final scores, with the points kept in every hand. Prints what it
played, the first failure in full, and the games per second.

Run by hand:  python bench/soak_games.py --games 10000 --workers 2
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from _common import log  # puts the checkout first on sys.path

from riichi_lut.game.logs import read_log
from riichi_lut.game.logs.mjai import write_mjai
from riichi_lut.game.logs.tenhou6 import write_tenhou6
from riichi_lut.game.play import play_one
from riichi_lut.game.replay import replay


def one(seed: int) -> tuple[int, Counter[str], str | None]:
    players = 4 if seed % 4 < 2 else 3
    policy = "random" if seed % 2 else "efficiency"
    counts: Counter[str] = Counter()
    try:
        record = play_one([policy] * players, seed=seed, players=players)
        start = record.rules.start_points * players
        for rnd in record.rounds:
            if sum(rnd.scores) + 1000 * rnd.sticks != start:
                return seed, counts, f"hand {rnd.name}: points not kept"
            for result in rnd.results:
                counts[getattr(result, "kind", "win")] += 1
        if replay(record).final_scores != record.final_scores:
            return seed, counts, "the replay's final scores differ"
        for writer in (write_mjai, write_tenhou6):
            again = read_log(writer(record).encode(), name=f"seed {seed}")
            if replay(again).final_scores != record.final_scores:
                return seed, counts, f"{writer.__name__}: read back, the final scores differ"
        counts["hands"] += len(record.rounds)
        counts[f"games {players}p {policy}"] += 1
    except Exception:  # a soak reports every failure whole
        return seed, counts, traceback.format_exc()
    return seed, counts, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    failures = []
    start = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(args.workers) as pool:
        for done, (seed, counts, failure) in enumerate(pool.map(one, seeds, chunksize=8), start=1):
            total.update(counts)
            if failure is not None:
                failures.append((seed, failure))
                log(f"seed {seed}: {failure.splitlines()[-1]}")
            if done % 500 == 0:
                log(f"{done} games, {len(failures)} failures, {time.perf_counter() - start:.0f} s")
    seconds = time.perf_counter() - start
    print(
        f"games: {args.games} in {seconds:.0f} s ({args.games / seconds:.1f} games/s, {args.workers} workers)"
    )
    for key in sorted(total):
        print(f"  {key}: {total[key]}")
    print(f"failures: {len(failures)}")
    if failures:
        print(f"first failure (seed {failures[0][0]}):\n{failures[0][1]}")


if __name__ == "__main__":
    main()
