#!/usr/bin/env python
"""Replay speed: the real Tenhou games of the test data read and replayed through the
rules (every draw checked against the wall from the seed, every result computed and
compared), in hands per second, beside riichienv's replay of the same games.

Run by hand from the checkout:  python bench/bench_replay.py [--rounds 3]

riichienv reads mjai, not mjlog: each game is written as mjai JSONL by this package's
writer, once, before timing, and riichienv's ``MjaiReplay`` steps through every hand
(``Kyoku.steps()``: each step's observation and action). The two are not the same work:
riichienv replays the log's decisions through its rules and builds observations, while
riichi-lut also rebuilds the wall from the seed and compares every recorded result; the
figures say so beside the ratio. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _common import ROOT, load_text, log, print_header, version  # puts the checkout first on sys.path

from riichi_lut.game.logs import read_log
from riichi_lut.game.logs.mjai import write_mjai
from riichi_lut.game.replay import replay

LOGS = ROOT / "tests" / "data" / "game-logs" / "mjlog"


def ours(paths: list[Path]) -> tuple[float, int, float]:
    """(seconds to read and replay, hands, seconds to read only)."""
    start = time.perf_counter()
    records = [read_log(p) for p in paths]
    read = time.perf_counter() - start
    hands = 0
    for record in records:
        hands += len(replay(record).rounds)
    return time.perf_counter() - start, hands, read


def theirs(files: list[Path]) -> tuple[float, int] | None:
    try:
        import riichienv
    except ImportError:
        return None
    start = time.perf_counter()
    hands = 0
    for path in files:
        for kyoku in riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus():
            for _ in kyoku.steps():
                pass
            hands += 1
    return time.perf_counter() - start, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the median is shown)")
    args = parser.parse_args()
    paths = sorted(p for p in LOGS.iterdir() if "-no-" not in p.name)
    at_start = load_text()
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for p in paths:
            out = Path(tmp) / (p.stem + ".jsonl")
            out.write_text(write_mjai(read_log(p)), encoding="utf-8")
            files.append(out)
        ours_rates, read_shares, peer_rates = [], [], []
        for r in range(args.rounds):
            seconds, hands, read = ours(paths)
            ours_rates.append(hands / seconds)
            read_shares.append(read / seconds)
            peer = theirs(files)
            if peer is not None:
                peer_rates.append(peer[1] / peer[0])
            log(
                f"round {r + 1}: riichi-lut {hands / seconds:,.0f} hands/s"
                + (f", riichienv {peer[1] / peer[0]:,.0f}" if peer else "")
            )
    rate = statistics.median(ours_rates)
    print_header("replay of real Tenhou games", at_start)
    print(f"riichienv {version('riichienv')}")
    print(f"games: {len(paths)}, hands: {hands}")
    share = 100 * statistics.median(read_shares)
    print(f"riichi-lut  read + replay + compare : {rate:8,.0f} hands/s ({share:.0f} % of it reading)")
    if peer_rates:
        peer_rate = statistics.median(peer_rates)
        print(f"riichienv   MjaiReplay steps        : {peer_rate:8,.0f} hands/s")
        print(f"ratio riichienv / riichi-lut        : {peer_rate / rate:8.1f}x")
    else:
        print("riichienv: not installed (pip install -e '.[bench]')")


if __name__ == "__main__":
    main()
