#!/usr/bin/env python
"""The vectorised game (issue 27): hanchan and player-steps per second of ``play_vector`` on
one core over N tables in lock-step, beside riichienv's Python-driven ``env.step`` loop.

Run by hand from the checkout:

    python bench/bench_vector.py --peer-python PATH_TO_A_PYTHON_WITH_RIICHIENV [--quick]

One run, one seed; Markdown on stdout, progress on stderr. Nothing here asserts.

- **One core**: every ``*_NUM_THREADS`` variable of ``THREAD_VARS`` is set to 1 before numpy
  loads (the children inherit them) and, unless ``--no-pin``, this process and the peer's
  are pinned to one CPU (``os.sched_setaffinity``; our batch kernels then see one core and
  use one thread). Ours: ``play_vector(seeds, [policy] * players, length="hanchan",
  players=..., record=False)``, N = ``--sizes`` tables, random policy, then the efficiency
  policy on ``--eff-games`` tables. A player-step is one decision: the rows every batched
  policy call is asked for (counted by wrapping the policies the engine is built with).
- **riichienv**: ``RiichiEnv(game_mode=GameType.YON_HANCHAN | SAN_HANCHAN, rule=
  GameRule.default_tenhou(), skip_mjai_logging=True)``; per game ``reset(seed=...)``, then
  ``step({seat: random.choice(obs.legal_actions())})`` for every seat that ``step`` / ``reset``
  returned an observation for, until ``done()``; a player-step is one such seat. It runs
  in a child interpreter (``--peer-python``, default: this one if it can import riichienv,
  else the peer is skipped), once before each of our one-core rows; its best run counts.
- **Memory per table**: the numpy arrays the engine and its policies hold after the run
  (arrays owning their data), ÷ N; and the ``tracemalloc`` peak of one untimed play of
  ``--trace-n`` tables, ÷ N (everything allocated while playing: arrays, records, caches).
- **Both cores**: ``--scale-n`` tables split in two halves played by two processes
  (``ProcessPoolExecutor``, spawn) and, if ``distributed`` imports, by a Dask
  ``LocalCluster(n_workers=2, threads_per_worker=1)``; workers are started and warmed up
  before the clock; wall time of the two halves, against one pinned process playing all.
"""

from __future__ import annotations

import os

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "RAYON_NUM_THREADS")
for _name in THREAD_VARS:
    os.environ[_name] = "1"  # before numpy loads; child processes inherit it

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from concurrent.futures import ProcessPoolExecutor  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from multiprocessing import get_context  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from _common import ROOT, SEED, load_text, log, print_header, rate_text, ratio_text  # noqa: E402

import riichi_lut.game.vector.play as vector_play  # noqa: E402
from riichi_lut.game.vector import play_vector  # noqa: E402

QUICK = {"sizes": [64, 256], "peer_games": 6, "eff_games": 2, "scale_n": 256, "trace_n": 16}
TARGET_RANDOM, TARGET_EFFICIENCY = 10.0, 3.0  # issue 27: times riichienv random, per core

# The peer's loop, run by ``--peer-python`` with one JSON argument; prints one JSON line.
PEER_CODE = r"""
import importlib.metadata, json, os, random, sys, time
args = json.loads(sys.argv[1])
if args["cpu"] is not None:
    os.sched_setaffinity(0, {args["cpu"]})
from riichienv import GameRule, GameType, RiichiEnv
mode = GameType.YON_HANCHAN if args["players"] == 4 else GameType.SAN_HANCHAN
env = RiichiEnv(game_mode=int(mode), skip_mjai_logging=True, rule=GameRule.default_tenhou())
rng = random.Random(args["seed"])

def play(seeds):
    steps = hands = 0
    for seed in seeds:
        observations = env.reset(seed=seed)
        where = None
        while not env.done():
            here = (env.round_wind, env.kyoku_idx, env.honba)  # a new hand: a new (wind, dealer, honba)
            if here != where:
                hands, where = hands + 1, here
            actions = {seat: rng.choice(o.legal_actions()) for seat, o in observations.items()}
            steps += len(actions)
            observations = env.step(actions)
    return steps, hands

play([args["seed"] - 1])  # warm-up, untimed
start = time.perf_counter()
steps, hands = play(range(args["seed"], args["seed"] + args["games"]))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "games": args["games"], "steps": steps, "hands": hands,
                  "players": env.num_players, "version": importlib.metadata.version("riichienv")}))
"""


@dataclass
class Row:
    """One measured row: games (hanchan) played, their hands and player-steps, wall seconds."""

    engine: str
    players: int
    tables: int
    games: int
    hands: int
    steps: int | None
    seconds: float
    memory: float | None = None  # bytes per table held in arrays
    note: str = ""
    runs: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.games / self.seconds

    @property
    def step_rate(self) -> float | None:
        return None if self.steps is None else self.steps / self.seconds


# --------------------------------------------------------------------------- ours


class _Counted:
    """A batched policy that counts the rows (player decisions) it is asked for."""

    def __init__(self, inner: Any, tally: dict[str, Any]) -> None:
        self.inner, self.tally = inner, tally

    def __call__(self, games: Any, t: np.ndarray, s: np.ndarray) -> Any:
        self.tally["steps"] += len(t)
        return self.inner(games, t, s)


@contextmanager
def counting() -> Iterator[dict[str, Any]]:
    """While open, ``play_vector`` builds its engine with counting policies; the tally gets
    the steps and the engine (for its arrays). If the engine is no longer built that way,
    the tally keeps ``steps = None``."""
    tally: dict[str, Any] = {"steps": None, "games": None}
    original = getattr(vector_play, "VectorGames", None)
    if original is None:
        yield tally
        return

    class Counting(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            tally["steps"] = 0
            if "policies" in kwargs:
                kwargs["policies"] = [_Counted(p, tally) for p in kwargs["policies"]]
            else:
                args = (*args[:2], [_Counted(p, tally) for p in args[2]], *args[3:])
            super().__init__(*args, **kwargs)
            tally["games"] = self

    vector_play.VectorGames = Counting
    try:
        yield tally
    finally:
        vector_play.VectorGames = original


def array_bytes(root: object) -> int:
    """Bytes of the numpy arrays (owning their data) reachable from ``root`` through
    attributes, lists, tuples and dict values, four levels deep."""
    seen: set[int] = set()
    total = 0
    todo: list[tuple[object, int]] = [(root, 0)]
    while todo:
        obj, depth = todo.pop()
        if id(obj) in seen or depth > 4:
            continue
        seen.add(id(obj))
        if isinstance(obj, np.ndarray):
            total += obj.nbytes if obj.flags.owndata else 0
        elif isinstance(obj, (list, tuple)):
            todo += [(x, depth + 1) for x in obj if isinstance(x, (np.ndarray, list, tuple, dict, _Counted))]
        elif isinstance(obj, dict):
            todo += [(x, depth + 1) for x in obj.values() if isinstance(x, (np.ndarray, list, tuple, dict))]
        elif hasattr(obj, "__dict__"):
            todo += [(x, depth + 1) for x in vars(obj).values()]
    return total


def play_ours(seeds: Sequence[int], policy: str, players: int) -> Row:
    with counting() as tally:
        start = time.perf_counter()
        records = play_vector(
            list(seeds), [policy] * players, length="hanchan", players=players, record=False
        )
        seconds = time.perf_counter() - start
    memory = array_bytes(tally["games"]) / len(seeds) if tally["games"] is not None else None
    hands = sum(len(r.rounds) for r in records)
    name = f"riichi-lut `play_vector` {policy}"
    return Row(name, players, len(seeds), len(records), hands, tally["steps"], seconds, memory)


def traced_peak(n: int, players: int, seed: int) -> float:
    """tracemalloc peak of one play of n tables (untimed), bytes per table."""
    tracemalloc.start()
    try:
        play_vector(list(range(seed, seed + n)), ["random"] * players, length="hanchan", players=players,
                    record=False)  # fmt: skip
        return tracemalloc.get_traced_memory()[1] / n
    finally:
        tracemalloc.stop()


def play_chunk(root: str, seeds: list[int], players: int) -> tuple[float, int, int]:
    """(seconds, games, hands) of one worker's share (for the pool and Dask)."""
    if root not in sys.path:
        sys.path.insert(0, root)
    from riichi_lut.game.vector import play_vector as play

    start = time.perf_counter()
    records = play(seeds, ["random"] * players, length="hanchan", players=players, record=False)
    return time.perf_counter() - start, len(records), sum(len(r.rounds) for r in records)


# --------------------------------------------------------------------------- riichienv


def find_peer(path: str | None) -> str | None:
    if path is not None:
        return path
    return sys.executable if importlib.util.find_spec("riichienv") is not None else None


def play_peer(python: str, players: int, games: int, seed: int, cpu: int | None) -> Row | None:
    args = json.dumps({"players": players, "games": games, "seed": seed, "cpu": cpu})
    try:
        done = subprocess.run([python, "-c", PEER_CODE, args], capture_output=True, text=True, check=False)
    except OSError as error:
        log(f"riichienv: cannot run {python}: {error}")
        return None
    if done.returncode != 0:
        log(f"riichienv ({python}) failed:\n{done.stderr.strip()[-2000:]}")
        return None
    out = json.loads(done.stdout.strip().splitlines()[-1])
    if out["players"] != players:
        log(f"riichienv played {out['players']} players, not {players}")
        return None
    name = f"riichienv `env.step` random ({out['version']})"
    return Row(name, players, 1, out["games"], out["hands"], out["steps"], out["seconds"])


def best(rows: list[Row]) -> Row:
    """The fastest of some runs (at least one), with every run's rate in ``runs``."""
    top = max(rows, key=lambda r: r.rate)
    top.runs = [r.rate for r in rows]
    return top


# --------------------------------------------------------------------------- both cores


def scale_rows(n: int, players: int, seed: int) -> list[Row]:
    seeds = list(range(seed, seed + n))
    halves = [seeds[: n // 2], seeds[n // 2 :]]
    rows = []
    with ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn")) as pool:
        list(pool.map(play_chunk, [str(ROOT)] * 2, [[seed - 1], [seed - 2]], [players] * 2))  # start, warm up
        start = time.perf_counter()
        parts = list(pool.map(play_chunk, [str(ROOT)] * 2, halves, [players] * 2))
        seconds = time.perf_counter() - start
    rows.append(Row("ProcessPoolExecutor (spawn), 2 processes", players, n, n, sum(p[2] for p in parts), None,
                    seconds, note=f"each half: {', '.join(f'{p[0]:.1f} s' for p in parts)}"))  # fmt: skip
    if importlib.util.find_spec("distributed") is None:
        log("distributed is not installed: no Dask row")
        return rows
    from distributed import Client, LocalCluster

    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        workers = sorted(client.scheduler_info()["workers"])
        warm = [client.submit(play_chunk, str(ROOT), [seed - 1 - i], players, workers=[w], pure=False)
                for i, w in enumerate(workers)]  # fmt: skip
        client.gather(warm)
        start = time.perf_counter()
        futures = [client.submit(play_chunk, str(ROOT), h, players, workers=[w], pure=False)
                   for h, w in zip(halves, workers, strict=True)]  # fmt: skip
        parts = client.gather(futures)
        seconds = time.perf_counter() - start
    rows.append(Row("Dask LocalCluster(n_workers=2, threads_per_worker=1)", players, n, n,
                    sum(p[2] for p in parts), None, seconds,
                    note=f"each half: {', '.join(f'{p[0]:.1f} s' for p in parts)}"))  # fmt: skip
    return rows


# --------------------------------------------------------------------------- report


def steps_text(rate: float | None) -> str:
    return "n/a" if rate is None else rate_text(rate)


def per_second(rate: float) -> str:
    return f"{rate:,.1f}" if rate < 1000 else rate_text(rate)


def print_rows(title: str, rows: list[Row], peer: Row | None) -> None:
    print(f"### {title}\n")
    print(
        "| engine | tables | hanchan | hands / hanchan | seconds | hanchan/s | player-steps/s "
        "| arrays / table | ÷ riichienv hanchan/s | ÷ riichienv steps/s |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows + ([peer] if peer else []):
        memory = "" if r.memory is None else f"{r.memory / 1024:,.1f} KiB"
        ratio = ratio_text(r.rate / peer.rate) if peer else "no peer"
        sr = r.step_rate
        step_ratio = ratio_text(sr / peer.step_rate) if peer and sr and peer.step_rate else "n/a"
        seconds = f"{r.seconds:.2f}" + (f" (best of {len(r.runs)})" if len(r.runs) > 1 else "")
        print(
            f"| {r.engine} | {r.tables:,} | {r.games:,} | {r.hands / r.games:.1f} | {seconds} "
            f"| {per_second(r.rate)} | {steps_text(sr)} | {memory} | {ratio} | {step_ratio} |"
        )
    print()


def print_targets(ours: dict[tuple[str, int], Row], peers: dict[int, Row | None]) -> None:
    print("### Issue 27 targets (one core)\n")
    print("| target | ours | riichienv random | ratio | goal | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for (policy, players), row in ours.items():
        peer = peers.get(players)
        goal = TARGET_RANDOM if policy == "random" else TARGET_EFFICIENCY
        name = f"{policy}, {players} players ({row.tables:,} tables)"
        if peer is None:
            print(f"| {name} | {per_second(row.rate)} hanchan/s | no peer | | ≥ {goal:.0f}× | |")
            continue
        ratio = row.rate / peer.rate
        print(
            f"| {name} | {per_second(row.rate)} hanchan/s | {per_second(peer.rate)} hanchan/s "
            f"| {ratio_text(ratio)} | ≥ {goal:.0f}× | {'yes' if ratio >= goal else 'no'} |"
        )
    print()


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--peer-python", help="a Python that imports riichienv (default: this one, if it can)")
    add("--sizes", type=int, nargs="+", default=[64, 256, 1024], help="tables per one-core row")
    add("--players", type=int, nargs="+", default=[4, 3], choices=[3, 4])
    add("--peer-games", type=int, default=20, help="riichienv hanchan per run")
    add("--eff-games", type=int, default=8, help="tables for the efficiency policy")
    add("--scale-n", type=int, default=None, help="tables split over two cores (default: the largest size)")
    add("--trace-n", type=int, default=64, help="tables for the tracemalloc peak (0: none)")
    add("--rounds", type=int, default=1, help="runs of each of our one-core rows (the best counts)")
    add("--cpu", type=int, default=None, help="the CPU of the one-core rows (default: the first usable)")
    add("--no-pin", action="store_true", help="do not pin the one-core rows to one CPU")
    add("--quick", action="store_true", help=f"smaller defaults: {QUICK}")
    add("--seed", type=int, default=SEED)
    if "--quick" in sys.argv[1:]:
        parser.set_defaults(**QUICK)  # explicit options still win
    args = parser.parse_args()
    args.scale_n = args.scale_n or max(args.sizes)
    return args


@dataclass
class Results:
    tables: dict[int, list[Row]] = field(default_factory=dict)  # one-core rows per player count
    peers: dict[int, Row | None] = field(default_factory=dict)
    traced: dict[int, float] = field(default_factory=dict)
    scaling: dict[int, list[Row]] = field(default_factory=dict)
    peer_version: str | None = None


def one_core(args: argparse.Namespace, peer_python: str | None, cpu: int | None, out: Results) -> None:
    """Our one-core rows, each after a peer run of the same player count; the tracemalloc peaks."""
    for players in args.players:
        peer_runs: list[Row] = []
        rows = []
        for size, policy in [(n, "random") for n in args.sizes] + [(args.eff_games, "efficiency")]:
            if peer_python is not None:
                log(f"riichienv, {players} players, {args.peer_games} hanchan ...")
                peer = play_peer(peer_python, players, args.peer_games, args.seed, cpu)
                peer_runs += [peer] if peer else []
            log(f"ours, {policy}, {players} players, {size} tables ...")
            seeds = range(args.seed, args.seed + size)
            rows.append(best([play_ours(seeds, policy, players) for _ in range(max(1, args.rounds))]))
        out.tables[players], out.peers[players] = rows, best(peer_runs) if peer_runs else None
        if peer_runs:
            out.peer_version = peer_runs[0].engine.rsplit("(", 1)[1].rstrip(")")
    if args.trace_n:
        for players in args.players:
            log(f"tracemalloc, {players} players, {args.trace_n} tables ...")
            out.traced[players] = traced_peak(args.trace_n, players, args.seed)


def report(
    args: argparse.Namespace, peer_python: str | None, cpu: int | None, at_start: str, out: Results
) -> None:
    pin = f"pinned to CPU {cpu}" if cpu is not None else "not pinned"
    print_header(
        f"Vectorised game benchmark (seed {args.seed}; hanchan, Tenhou rules, record=False; one core: "
        f"{', '.join(f'{v}=1' for v in THREAD_VARS)}, {pin})",
        at_start,
    )
    if peer_python is None:
        print("riichienv: not importable by this Python and no `--peer-python` given: no peer rows.\n")
    else:
        print(f"riichienv {out.peer_version or '(failed)'}: run by `--peer-python` in a child process.\n")
    targets: dict[tuple[str, int], Row] = {}
    for players in args.players:
        rows, peer = out.tables[players], out.peers[players]
        targets[("random", players)] = max(rows[:-1], key=lambda r: r.rate)
        targets[("efficiency", players)] = rows[-1]
        print_rows(f"One core, {players} players", rows, peer)
        if players in out.traced:
            print(f"tracemalloc peak of one play of {args.trace_n} tables ({players} players, random): "
                  f"{out.traced[players] / 1024:,.1f} KiB per table.\n")  # fmt: skip
        if peer is not None:
            runs = ", ".join(f"{x:.1f}" for x in peer.runs)
            print(f"riichienv hanchan/s in its {len(peer.runs)} runs: {runs} (the best is used).\n")
    print_targets(targets, out.peers)
    print("### Both cores (random policy)\n")
    print("| how | players | tables | seconds | hanchan/s | hands/s | ÷ one pinned process | |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for players in args.players:
        one = next((r for r in out.tables[players][:-1] if r.tables == args.scale_n), None)
        for r in out.scaling[players]:
            speedup = ratio_text(r.rate / one.rate) if one else f"(no one-core row of {args.scale_n} tables)"
            print(f"| {r.engine} | {players} | {r.tables:,} | {r.seconds:.2f} | {per_second(r.rate)} "
                  f"| {per_second(r.hands / r.seconds)} | {speedup} | {r.note} |")  # fmt: skip
    print()
    print(
        "A player-step is one decision of one seat (ours: a row of a batched policy call; riichienv: "
        "a seat given an observation by `reset`/`step`). Hands per hanchan differ with the rules of "
        "the end of the game (West-round extension, bankruptcy): compare hands/s too. Memory: "
        "'arrays / table' is the numpy arrays the engine and its policies hold after the run ÷ N."
    )


def main() -> None:
    args = parse_args()
    at_start = load_text()
    everywhere = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    cpu = None if args.no_pin or not everywhere else min(everywhere) if args.cpu is None else args.cpu
    peer_python = find_peer(args.peer_python)
    if peer_python is None:
        log("riichienv is not importable here and no --peer-python was given: no peer rows")
    log("warming up (tables, imports) ...")
    for players in args.players:
        for policy in ("random", "efficiency"):
            play_vector([args.seed - 1], [policy] * players, length="tonpuu", players=players, record=False)
    out = Results()
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    try:
        one_core(args, peer_python, cpu, out)
    finally:
        if cpu is not None and everywhere:
            os.sched_setaffinity(0, everywhere)
    for players in args.players:
        log(f"both cores, {players} players, {args.scale_n} tables ...")
        out.scaling[players] = scale_rows(args.scale_n, players, args.seed)
    report(args, peer_python, cpu, at_start, out)


if __name__ == "__main__":
    main()
