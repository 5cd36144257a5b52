#!/usr/bin/env python
"""``VectorEnv`` steps per second on each engine (issue 27): the reference ``Table`` objects
against the lock-step arrays, same arguments, one process.

Run by hand from the checkout:

    python bench/bench_env.py [--sizes 64 1024 4096] [--seconds 20] [--players 4]
        [--opponents none|random|efficiency] [--engines vector reference]

For each N and engine: ``VectorEnv(N, players=..., length="hanchan", opponents=...,
engine=...)``, ``reset(seed=0)``, then ``step`` with a uniformly random legal id per table
(drawn by the caller from ``obs["mask"]``, numpy, as an agent would) until ``--seconds``
have passed (at least 3 steps); one untimed step first. A step is one decision of a
caller's seat at every table, so steps/s is N x steps per wall-clock second. Hands/s
counts ``info["hands_ended"]``. Markdown on stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from riichi_lut.game.env import VectorEnv


def measure(n: int, engine: str, players: int, opponents: str, seconds: float) -> tuple[float, float, int]:
    """(steps/s, hands/s, steps timed) of one env."""
    seats = [None] * players if opponents == "none" else [None] + [opponents] * (players - 1)
    env = VectorEnv(n, players=players, length="hanchan", opponents=seats, engine=engine)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)

    def ids(mask: np.ndarray) -> np.ndarray:
        return np.asarray((rng.random(mask.shape) * mask).argmax(axis=1))

    obs = env.step(ids(obs["mask"]))[0]  # untimed
    steps = hands = 0
    start = time.perf_counter()
    while True:
        obs, _, _, _, info = env.step(ids(obs["mask"]))
        steps += 1
        hands += int(info["hands_ended"].sum())
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and steps >= 3:
            return n * steps / elapsed, hands / elapsed, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 1024, 4096])
    parser.add_argument("--engines", nargs="+", default=["reference", "vector"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="none", choices=["none", "random", "efficiency"])
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    print(f"players {args.players}, opponents {args.opponents}, hanchan, random legal ids, one process\n")
    print("| N | engine | steps/s | hands/s | steps timed |")
    print("| --- | --- | --- | --- | --- |")
    for n in args.sizes:
        for engine in args.engines:
            rate, hands, steps = measure(n, engine, args.players, args.opponents, args.seconds)
            print(f"| {n:,} | {engine} | {rate:,.0f} | {hands:,.1f} | {steps} |", flush=True)


if __name__ == "__main__":
    main()
