#!/usr/bin/env python
"""A/B of ``hint()`` against another checkout's hint engine, in one process.

Run by hand from the checkout:  python bench/ab_hint.py OTHER_CHECKOUT [--rounds R] [--no-two-step]

OTHER_CHECKOUT is a second working tree of the repository (e.g. ``git worktree add
/somewhere main``). Its ``coach/hints.py``, ``analysis/two_step.py`` and
``analysis/follow_ups.py`` are loaded beside this checkout's as extra modules of the same
package, so that both use the same tables and the same rest of the engine; only those
three files differ between A and B. Rounds alternate (A B, B A, ...) over the same 2,000
hands as ``bench_efficiency.py`` (its seed, after 1,000 other hands of warm-up), and each
side reports the median time per hint of every round: per-process CPU time by default
(``--wall`` for wall time), which a shared machine disturbs less than wall time; the
ratio is given of the best round medians and as the median of the rounds' ratios (a
round and the other side's round next to it meet much the same load). The
hints of the first 300 hands are compared first (``to_dict()``); nothing else asserts.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from _common import SEED, counts_of, seeded_walls  # the checkout first on sys.path

from riichi_lut.analysis import efficiency
from riichi_lut.analysis import two_step as this_two_step
from riichi_lut.coach import hints as this_hints


def load(name: str, path: Path) -> ModuleType:
    """``path`` as the module ``name`` (a sibling in this checkout's package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def other_engine(root: Path) -> tuple[Any, Any]:
    """(hint, two_steps) of the other checkout, its two-step wired to its own batch path."""
    package = root / "riichi_lut"
    follow_ups = load("riichi_lut.analysis.follow_ups_other", package / "analysis" / "follow_ups.py")
    two_step = load("riichi_lut.analysis.two_step_other", package / "analysis" / "two_step.py")
    two_step.follow_ups = follow_ups  # type: ignore[attr-defined]
    hints = load("riichi_lut.coach.hints_other", package / "coach" / "hints.py")
    theirs = two_step.two_steps  # type: ignore[attr-defined]

    def two_steps(options: Any, melds: int, called: Any, players: int = 4) -> Any:
        # this checkout's ranking passes players (issue 14); a checkout before it takes three
        return theirs(options, melds, called) if players == 4 else theirs(options, melds, called, players)

    return hints.hint, two_steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="another checkout of the repository")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--no-two-step", action="store_true", help="time hint(..., two_step=False)")
    parser.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    args = parser.parse_args()
    two = not args.no_two_step
    engines = {"this": (this_hints.hint, this_two_step.two_steps), "other": other_engine(args.other)}
    ids, warm = seeded_walls(SEED, 2_000, 1_000)
    hands, warm_hands = counts_of(ids).tolist(), counts_of(warm).tolist()

    def use(side: str) -> Any:
        hint, two_steps = engines[side]
        efficiency.two_steps = two_steps  # what ranked_options calls for the tie-break
        return hint

    answers = {}
    for side in engines:
        hint = use(side)
        for hand in warm_hands:
            hint(hand, two_step=two)
        answers[side] = [hint(hand, two_step=two).to_dict() for hand in hands[:300]]
    same = sum(a == b for a, b in zip(answers["this"], answers["other"], strict=True))
    print(f"hint(list, two_step={two}): the two engines agree on {same} of 300 hints")
    clock = time.perf_counter if args.wall else time.process_time
    medians: dict[str, list[float]] = {side: [] for side in engines}
    for round_ in range(args.rounds):
        for side in ("this", "other") if round_ % 2 == 0 else ("other", "this"):
            hint, seconds = use(side), []
            for hand in hands:
                start = clock()
                hint(hand, two_step=two)
                seconds.append(clock() - start)
            medians[side].append(float(np.median(seconds)) * 1e3)
    for side, values in medians.items():
        print(f"{side}: median ms per round {' '.join(f'{v:.3f}' for v in values)}; best {min(values):.3f}")
    ratios = [o / t for o, t in zip(medians["other"], medians["this"], strict=True)]
    print(f"other / this: {min(medians['other']) / min(medians['this']):.2f} (best medians), "
          f"{float(np.median(ratios)):.2f} (median of the rounds' ratios)")  # fmt: skip


if __name__ == "__main__":
    main()
