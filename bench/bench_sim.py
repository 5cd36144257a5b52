#!/usr/bin/env python
"""Simulation throughput: random deals and single-player self-play, against `riichienv`.

Run by hand from the checkout:  python bench/bench_sim.py [--deals N] [--games G] [--seed S]

One run, one seed. Deals: our `deal_counts` (13-tile counts from the exact alias tables,
the distribution of a shuffled wall's first 13 tiles) beside the old path it replaced,
numpy's multivariate hypergeometric (`deal_counts(method="numpy")`, issue 13 item 2); each
plus `shanten_batch` in one process; `sample_shanten_distribution` with 1 and 2 worker
processes (process start-up included), which never writes the counts; beside them a real wall shuffle in numpy
(`Generator.permuted` on (N, 136) rows), the cost of 13 bounded random integers alone (a
floor: not even a valid deal), and `riichienv.RiichiEnv.reset()` (a full game start: a
shuffled wall, four hands dealt). Self-play: our `selfplay` with 1 and 2 workers, and a
`riichienv` game loop (4 players, a fixed simple policy, Python-side action choice) as the
nearest thing it offers; neither peer row does the same work as ours, the report says how.
Three players (sanma, `players=3`, the 108-tile wall): `deal_counts`, `sample_shanten_distribution`
and `selfplay` each get a row of their own, with the agreement of the sampled histogram
with the exact three-player distribution.
Every timing is the best of 3 interleaved rounds (time.perf_counter). Progress goes to
stderr, the Markdown report to stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from _common import (  # the benchmarks' shared set-up; puts the checkout first on sys.path
    NOT_INSTALLED,
    SEED,
    Contestant,
    draw_walls,
    interleaved,
    load_text,
    log,
    print_header,
    rate_text,
    ratio_text,
    version,
)

from riichi_lut import shanten_batch
from riichi_lut.sim import exact_shanten_distribution, sample_shanten_distribution, selfplay
from riichi_lut.sim.deals import deal_counts

REPEATS = 3
DEAL_TARGET = 10e6
TURN_TARGET = 1e6


@dataclass
class SimContestant(Contestant):
    """``work`` (deals or player-turns) is counted from the answers by ``units`` once timed;
    ``first`` is round 1's time: for workers=2, starting the worker processes included."""

    section: str = "deals"  # "deals" or "turns"
    units: Callable[[Any], int] = len  # answer -> deals or player-turns done by one run


def row(section: str, name: str, run: Callable[[], Any], units: Callable[[Any], int]) -> SimContestant:
    return SimContestant(name, 0, run, section=section, units=units)


def timed(contestants: list[SimContestant]) -> None:
    """REPEATS interleaved rounds, then the work each run did."""
    interleaved(contestants, REPEATS, progress=True)
    for c in contestants:
        c.work = c.units(c.answers)


# --------------------------------------------------------------------------- ours


def shuffled_deals(seed: int, n: int) -> np.ndarray:
    """(n, 34) counts of the first 13 tiles of n walls shuffled by `Generator.permuted`."""
    return draw_walls(np.random.default_rng(seed), n, tiles=13, as_counts=True)


def histogram(values: np.ndarray) -> dict[int, int]:
    return {v - 1: int(c) for v, c in enumerate(np.bincount(values.astype(np.int64) + 1).tolist()) if c}


def deal_contestants(seed: int, n: int, shuffle_n: int) -> list[SimContestant]:
    def counted(answer: Any) -> int:
        return int(sum(answer.values())) if isinstance(answer, dict) else len(answer)

    def floor() -> np.ndarray:
        return np.random.default_rng(seed).integers(0, 136, size=(n, 13), dtype=np.uint8)

    def deals_and_shanten(method: str) -> dict[int, int]:
        return histogram(shanten_batch(deal_counts(np.random.default_rng(seed), n, method=method), threads=1))

    def shuffle_and_shanten() -> dict[int, int]:
        return histogram(shanten_batch(shuffled_deals(seed, shuffle_n), threads=1))

    return [
        row("deals", "numpy floor: `integers(0, 136, (N, 13), uint8)` alone (not a deal)", floor, len),
        row(
            "deals",
            "numpy wall shuffle: `permuted((N, 136))[:, :13]` → counts, + `shanten_batch`",
            shuffle_and_shanten,
            counted,
        ),
        row(
            "deals",
            'old path: `deal_counts(rng, N, method="numpy")` (`multivariate_hypergeometric`, counts only)',
            lambda: deal_counts(np.random.default_rng(seed), n, method="numpy"),
            len,
        ),
        row(
            "deals",
            "ours `deal_counts(rng, N)` (alias tables, counts only)",
            lambda: deal_counts(np.random.default_rng(seed), n),
            len,
        ),
        row(
            "deals",
            'old path: `deal_counts(method="numpy")` + `shanten_batch(threads=1)`, one process',
            lambda: deals_and_shanten("numpy"),
            counted,
        ),
        row(
            "deals",
            "ours `deal_counts` + `shanten_batch(threads=1)`, one process",
            lambda: deals_and_shanten("alias"),
            counted,
        ),
        row(
            "deals",
            "ours `sample_shanten_distribution(N, workers=1)`",
            lambda: sample_shanten_distribution(n, seed=seed, workers=1),
            counted,
        ),
        row(
            "deals",
            "ours `sample_shanten_distribution(N, workers=2)`",
            lambda: sample_shanten_distribution(n, seed=seed, workers=2),
            counted,
        ),
    ]


def turn_contestants(seed: int, games: int) -> list[SimContestant]:
    return [
        row(
            "turns",
            f"ours `selfplay({games:,}, workers={w})`",
            lambda w=w: selfplay(games, seed=seed, workers=w),  # type: ignore[misc]
            lambda r: r.player_turns,
        )
        for w in (1, 2)
    ]


def sanma_contestants(seed: int, n: int, games: int) -> list[SimContestant]:
    """The three-player rows (`players=3`): deals, sampled shanten, self-play."""
    return [
        row(
            "sanma deals",
            "ours `deal_counts(rng, N, players=3)` (alias tables, counts only)",
            lambda: deal_counts(np.random.default_rng(seed), n, players=3),
            len,
        ),
        row(
            "sanma deals",
            "ours `sample_shanten_distribution(N, workers=1, players=3)`",
            lambda: sample_shanten_distribution(n, seed=seed, workers=1, players=3),
            lambda answer: int(sum(answer.values())),
        ),
        row(
            "sanma turns",
            f"ours `selfplay({games:,}, workers=1, players=3)` (wins scored by TENHOU_SANMA)",
            lambda: selfplay(games, seed=seed, workers=1, players=3),
            lambda r: r.player_turns,
        ),
    ]


# --------------------------------------------------------------------------- riichienv


def riichienv_contestants(seed: int, resets: int, games: int) -> list[SimContestant]:
    try:
        from riichienv import ActionType, RiichiEnv
    except ImportError:
        return []

    def reset_many() -> int:
        env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=seed)
        for _ in range(resets):
            env.reset()
        return resets

    win_types = (ActionType.Tsumo, ActionType.Ron)

    def choose(observation: Any) -> Any:
        """Win when it can, else discard the last discard on offer, else pass."""
        legal = observation.legal_actions()
        fallback = legal[0]
        discard = None
        for action in legal:
            kind = action.action_type
            if kind in win_types:
                return action
            if kind == ActionType.Discard:
                discard = action
            elif kind == ActionType.Pass:
                fallback = action
        return discard if discard is not None else fallback

    def play_many() -> int:
        env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=seed)
        turns = 0
        for _ in range(games):
            observations = env.reset()
            while not env.done():
                actions = {pid: choose(o) for pid, o in observations.items()}
                turns += sum(a.action_type == ActionType.Discard for a in actions.values())
                observations = env.step(actions)
        return turns

    rv = version("riichienv")
    return [
        row(
            "deals",
            f"riichienv {rv} `RiichiEnv.reset()` (one game start = 4 hands dealt)",
            reset_many,
            lambda k: 4 * k,
        ),
        row(
            "turns",
            f"riichienv {rv} game loop, `step()` with a Python policy (4 players)",
            play_many,
            lambda t: t,
        ),
    ]


# --------------------------------------------------------------------------- report


def print_section(title: str, unit: str, rows: list[SimContestant], ours: SimContestant) -> None:
    print(f"### {title}\n")
    label = ours.name.split("`")[1].split("(")[0]
    print(f"| implementation | work per run | best time | {unit}/s | ours `{label}` (workers=2) ÷ this |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for c in rows:
        ratio = ratio_text(ours.rate / c.rate)
        print(f"| {c.name} | {c.work:,} | {c.seconds:.3f} s | {rate_text(c.rate)} | {ratio} |")
    print()


def max_z(sample: dict[int, int], exact: dict[int, int], total: int) -> tuple[float, int]:
    """The largest |z| over shanten values of a sample against the exact probabilities."""
    n = sum(sample.values())
    worst, at = 0.0, 0
    for value, count in exact.items():
        p = count / total
        z = (sample.get(value, 0) - n * p) / math.sqrt(n * p * (1 - p))
        if abs(z) > worst:
            worst, at = abs(z), value
    return worst, at


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4_000_000, help="deals per deal row")
    parser.add_argument("--shuffle-n", type=int, default=500_000, help="deals for the numpy wall-shuffle row")
    parser.add_argument("--games", type=int, default=100_000, help="self-play games (18 draws each)")
    parser.add_argument("--resets", type=int, default=2_000, help="riichienv resets")
    parser.add_argument("--peer-games", type=int, default=200, help="riichienv single-round games")
    parser.add_argument("--sanma-deals", type=int, default=1_000_000, help="deals per three-player row")
    parser.add_argument("--sanma-games", type=int, default=20_000, help="three-player self-play games")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()

    load_at_start = load_text()
    log("warming up (tables, imports) ...")
    shanten_batch(deal_counts(np.random.default_rng(0), 1000))
    selfplay(1000, seed=0)
    selfplay(1000, seed=0, players=3)
    log("exact 13-tile distributions (reference for the agreement section) ...")
    exact = exact_shanten_distribution(13, progress=False)
    exact_sanma = exact_shanten_distribution(13, progress=False, players=3)
    deals = deal_contestants(args.seed, args.deals, args.shuffle_n)
    turns = turn_contestants(args.seed, args.games)
    peers = riichienv_contestants(args.seed, args.resets, args.peer_games)
    sanma = sanma_contestants(args.seed, args.sanma_deals, args.sanma_games)
    contestants = deals + turns + peers + sanma
    log(f"{len(contestants)} contestants x {REPEATS} interleaved rounds ...")
    timed(contestants)

    print_header(
        f"Simulation benchmark (seed {args.seed}; {args.deals:,} deals, {args.games:,} self-play games "
        f"of 18 draws; best of {REPEATS} interleaved rounds)",
        load_at_start,
    )
    ours_deals, ours_turns = deals[-1], turns[-1]
    print_section("Deals (13 tiles)", "deals", [c for c in contestants if c.section == "deals"], ours_deals)
    print_section("Self-play", "player-turns", [c for c in contestants if c.section == "turns"], ours_turns)
    print("### Three players (sanma, 108-tile wall)\n")
    print("| implementation | work per run | best time | rate/s | the same, four players ÷ this |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for c, four in zip(sanma, (deals[3], deals[6], turns[0]), strict=True):
        ratio = ratio_text(four.rate / c.rate)
        print(f"| {c.name} | {c.work:,} | {c.seconds:.3f} s | {rate_text(c.rate)} | {ratio} |")
    print()
    print(
        f"Rows with 2 workers keep their worker processes between calls (`riichi_lut.sim.backend`); "
        f"the first call, which starts them, took {ours_deals.first:.2f} s for the deals "
        f"({rate_text(ours_deals.work / ours_deals.first)} deals/s) and {ours_turns.first:.2f} s for "
        f"self-play ({rate_text(ours_turns.work / ours_turns.first)} player-turns/s).\n"
    )
    if not peers:
        print(f"`riichienv`: {NOT_INSTALLED}\n")
    print(
        "The peer rows do not do our work: `reset()` starts a whole game (wall, dead wall, four "
        "hands, start events), counted as 4 deals; the game loop runs the full 4-player rules "
        "(calls offered, ron, riichi checks) with a policy chosen in Python, counting each "
        "discard as a player-turn. Ours is a single player's draw/discard with the best-discard "
        "policy and no opponents (see `riichi_lut.sim.selfplay`). mahjax (JAX) is not "
        "installed here.\n"
    )

    old_counts, new_counts, old_shanten, new_shanten, one = deals[2:7]
    print("### Exact deals by alias tables (issue 13 item 2)\n")
    print(
        f"- `deal_counts`: alias tables ÷ numpy hypergeometric (same run): "
        f"**{ratio_text(new_counts.rate / old_counts.rate)}** (target ≥ 2×)"
    )
    print(
        f"- `sample_shanten_distribution(workers=1)` (fused: no counts written) ÷ the old path "
        f"(numpy deals + `shanten_batch`, one process): **{ratio_text(one.rate / old_shanten.rate)}**; "
        f"alias deals + `shanten_batch` ÷ the old path: {ratio_text(new_shanten.rate / old_shanten.rate)}\n"
    )

    print("### Targets (issue 5)\n")
    print(
        f"- deals ≥ {rate_text(DEAL_TARGET)}/s including the shuffle: **{rate_text(ours_deals.rate)} "
        "deals/s** "
        f"(`sample_shanten_distribution`, 2 workers, deals and shanten); `deal_counts` alone "
        f"{rate_text(deals[3].rate)}/s on one core; 13 bounded random integers alone "
        f"{rate_text(deals[0].rate)}/s on one core"
    )
    print(
        f"- player-turns ≥ {rate_text(TURN_TARGET)}/s: **{rate_text(ours_turns.rate)} player-turns/s** "
        f"(2 workers), {rate_text(turns[0].rate)}/s with 1"
    )

    print("\n### Agreement\n")
    total = math.comb(136, 13)
    for c in deals[1:]:
        if isinstance(c.answers, dict):
            z, at = max_z(c.answers, exact, total)
            print(f"- {c.name}: largest |z| against the exact distribution {z:.2f} (shanten {at})")
    z, at = max_z(sanma[1].answers, exact_sanma, math.comb(108, 13))
    print(
        f"- {sanma[1].name}: largest |z| against the exact three-player distribution {z:.2f} (shanten {at})"
    )
    r3 = sanma[2].answers
    print(
        f"- three-player self-play: {r3.games:,} games, tenpai by the last draw {r3.tenpai_by_turn[-1]:.3f}, "
        f"win {r3.win_by_turn[-1]:.3f}"
    )
    same = deals[6].answers == deals[7].answers
    print(f"- `sample_shanten_distribution` workers=1 vs workers=2: {'identical' if same else 'DIFFERENT'}")
    same = turns[0].answers == turns[1].answers
    print(f"- `selfplay` workers=1 vs workers=2: {'identical' if same else 'DIFFERENT'}")
    r = turns[0].answers
    print(
        f"- self-play: {r.games:,} games, tenpai by the last draw {r.tenpai_by_turn[-1]:.3f}, "
        f"win {r.win_by_turn[-1]:.3f}, mean points of a win {r.mean_points:,.0f}"
    )


if __name__ == "__main__":
    main()
