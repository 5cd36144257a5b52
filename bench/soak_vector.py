#!/usr/bin/env python
"""Soak: the lock-step engine against the reference. Seeded games of each built-in policy
(four and three players, hanchan) are played by ``play_vector`` in batches and by
``play_one`` one at a time, and every hand is compared whole (the deal, every event,
every result, the final scores and points). Prints what it compared, the first
difference of each failing game, and the time each engine took.

Run by hand:  python bench/soak_vector.py --games 10000 --workers 2
(``--games`` per policy and player count; the reference's half takes most of the time.)
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from _common import log  # puts the checkout first on sys.path

from riichi_lut.game.play import play_one
from riichi_lut.game.vector import play_vector

BATCH = 500  # games per play_vector call (and per task)


def compare(task: tuple[str, int, int, int]) -> tuple[int, int, list[str], float, float]:
    """(games, hands, failures, vector seconds, reference seconds) of one batch."""
    policy, players, first, count = task
    seeds = list(range(first, first + count))
    start = time.perf_counter()
    games = play_vector(seeds, [policy] * players, players=players)
    vector = time.perf_counter() - start
    failures = []
    hands = 0
    start = time.perf_counter()
    for seed, game in zip(seeds, games, strict=True):
        reference = play_one([policy] * players, seed=seed, players=players)
        hands += len(reference.rounds)
        if game.rounds == reference.rounds and game.final_points == reference.final_points:
            continue
        where = next(
            (f"hand {a.name}" for a, b in zip(game.rounds, reference.rounds, strict=False) if a != b),
            "the number of hands or the final points",
        )
        failures.append(f"{policy} {players}p seed {seed}: {where} differs")
    return count, hands, failures, vector, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per policy and player count")
    parser.add_argument("--policies", nargs="+", default=["random", "efficiency"])
    parser.add_argument("--players", nargs="+", type=int, default=[4, 3])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    tasks = [
        (policy, players, first, min(BATCH, args.first_seed + args.games - first))
        for policy in args.policies
        for players in args.players
        for first in range(args.first_seed, args.first_seed + args.games, BATCH)
    ]
    start = time.perf_counter()
    totals = {"games": 0, "hands": 0, "vector": 0.0, "reference": 0.0}
    failures: list[str] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for (policy, players, _, _), (games, hands, failed, vector, reference) in zip(
            tasks, pool.map(compare, tasks), strict=True
        ):
            totals["games"] += games
            totals["hands"] += hands
            totals["vector"] += vector
            totals["reference"] += reference
            failures += failed
            log(f"{policy} {players}p: {games} games, {hands} hands, {len(failed)} differ")
    for line in failures[:20]:
        print(line)
    print(
        f"{totals['games']:,} games, {totals['hands']:,} hands compared, {len(failures)} differ;"
        f" {time.perf_counter() - start:,.0f} s wall on {args.workers} workers"
        f" (engine time: vector {totals['vector']:,.0f} s, reference {totals['reference']:,.0f} s)"
    )


if __name__ == "__main__":
    main()
