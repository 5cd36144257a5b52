#!/usr/bin/env python
"""Hint-engine throughput: riichi-lut's ukeire and best discard against `mahjong` and `riichienv`.

Run by hand from the checkout:  python bench/bench_efficiency.py [--n N] [--seed S]

One run, one seed, the same hands for everyone (drawn as in bench_shanten.py): closed
13-tile hands are the first 13 tiles of shuffled 136-tile walls, 14-tile hands the same
walls' first 14. The batch calls get N (ukeire) / --discard-n (best discard) hands; the
scalar loops and the peers get the first --scalar-n / --peer-n / --peer-discard-n of them,
each in its own input format, built before the timing. Neither peer has an ukeire or a
discard API for a bare hand, so theirs is the brute force over their shanten function.
Every contestant runs once per round, REPEATS interleaved rounds, and keeps its fastest
round: throughput and mean time per hand. Python-loop rows also time each call, and give
the median and p90 over the hands of that round. Progress goes to stderr, the Markdown
report to stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from _common import (  # the benchmarks' shared set-up; puts the checkout first on sys.path
    NOT_INSTALLED,
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

from riichi_lut import best_discard_batch, format_counts, hint, ukeire, ukeire_batch
from riichi_lut.analysis import discard_batch, efficiency, efficiency_batch, two_step
from riichi_lut.core.tiles import KIND_NAMES

REPEATS = 5
UKEIRE, DISCARD = "ukeire, closed 13-tile hands", "best discard, closed 14-tile hands"
TARGETS = {UKEIRE: 5e6, DISCARD: 1e6}  # issue 3: batch hands/s, all cores
HINT_TARGET_US = 50.0  # issue 3: scalar hint per 14-tile hand


@dataclass
class HintContestant(Contestant):
    """``run`` returns, for a batch row, the answers; for a loop row, (raw results, seconds
    per call), which :func:`timed` turns into comparable tuples and ``per_call``."""

    what: str = UKEIRE  # UKEIRE or DISCARD
    norm: Callable[[Any], tuple] | None = None  # loop rows: raw result -> comparable tuple
    per_call: np.ndarray | None = None  # loop rows: seconds per call in the fastest round


def timed_loop(fn: Callable[[Any], Any], hands: list) -> Callable[[], tuple[list, list]]:
    def run() -> tuple[list, list]:
        clock, results, seconds = time.perf_counter, [], []
        for hand in hands:
            start = clock()
            results.append(fn(hand))
            seconds.append(clock() - start)
        return results, seconds

    return run


def timed(contestants: list[HintContestant]) -> None:
    """REPEATS interleaved rounds; each contestant keeps its fastest round (and that round's
    per-call times)."""
    interleaved(contestants, REPEATS, progress=True)
    for c in contestants:
        if c.norm is not None:
            c.per_call, c.answers = np.asarray(c.answers[1]), [c.norm(r) for r in c.answers[0]]


# --------------------------------------------------------------------------- peers (brute force)


def mahjong_accepted(shanten: Callable, counts: list[int]) -> tuple[int, list[int]]:
    """Shanten and the kinds whose draw lowers it: add each kind, recompute (counts restored)."""
    base, accepted = shanten(counts), []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if shanten(counts) < base:
                accepted.append(k)
            counts[k] -= 1
    return base, accepted


def mahjong_ukeire(shanten: Callable, counts: list[int]) -> tuple:
    base, accepted = mahjong_accepted(shanten, counts)
    return base, tuple(accepted), sum(4 - counts[k] for k in accepted)


def mahjong_best_discard(shanten: Callable, counts: list[int]) -> tuple:
    """(kind, shanten after, live total): min shanten, then max live, then lowest kind."""
    best = (99, 0, 0)
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            after, accepted = mahjong_accepted(shanten, counts)
            counts[d] += 1
            best = min(best, (after, -sum(4 - counts[k] for k in accepted), d))
    return best[2], best[0], -best[1]


def riichienv_accepted(shanten: Callable, ids: list[int], free: list[int]) -> tuple[int, list[int]]:
    """free[k]: a 136-id of kind k absent from ids, -1 when all four are in ids."""
    base = shanten(ids)
    return base, [k for k in range(34) if free[k] >= 0 and shanten(ids + [free[k]]) < base]


def held_kinds(ids: list[int]) -> list[int]:
    held = [0] * 34
    for t in ids:
        held[t >> 2] += 1
    return held


def riichienv_ukeire(shanten: Callable, hand: tuple[list[int], list[int]]) -> tuple:
    base, accepted = riichienv_accepted(shanten, *hand)
    held = held_kinds(hand[0])
    return base, tuple(accepted), sum(4 - held[k] for k in accepted)


def riichienv_best_discard(shanten: Callable, hand: tuple[list[int], list[int]]) -> tuple:
    ids, free = hand  # ids sorted
    held, best = held_kinds(ids), (99, 0, 0)
    for i, t in enumerate(ids):
        d = t >> 2
        if i and ids[i - 1] >> 2 == d:
            continue  # one discard per kind
        free_here = free if free[d] >= 0 else free[:d] + [t] + free[d + 1 :]
        after, accepted = riichienv_accepted(shanten, ids[:i] + ids[i + 1 :], free_here)
        best = min(best, (after, -sum(4 - held[k] for k in accepted), d))
    return best[2], best[0], -best[1]


def ids_and_free(rows: np.ndarray) -> list[tuple[list[int], list[int]]]:
    """riichienv's input: sorted 136-ids, and per kind the lowest id not in the hand."""
    out = []
    for row in rows.tolist():
        free = [min({4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3} - set(row), default=-1) for k in range(34)]
        out.append((sorted(row), free))
    return out


# --------------------------------------------------------------------------- contestants


def norm_ukeire(r: Any) -> tuple:
    return r.shanten, tuple(t.kind for t in r.accepted), r.total


def norm_hint(h: Any) -> tuple:
    return KIND_NAMES.index(h.discard), h.shanten, h.options[0].total


OLD_KERNEL = "ours `best_discard_batch(counts)`, the kernel before issue 13 item 3, 1 thread"
OLD_CHUNK_ROWS = 1024  # its rows per chunk on one thread


def old_best_discard_batch(counts: np.ndarray, chunk_rows: int = OLD_CHUNK_ROWS) -> Any:
    """``best_discard_batch(counts, threads=1)`` with the kernel it had before issue 13 item 3
    (kept as ``efficiency_batch.best_discards_reference``), by default with its chunk size."""
    saved = discard_batch.best_discards, efficiency.DISCARD_CHUNK_ROWS
    discard_batch.best_discards = efficiency_batch.best_discards_reference
    efficiency.DISCARD_CHUNK_ROWS = chunk_rows
    try:
        return best_discard_batch(counts, threads=1)
    finally:
        discard_batch.best_discards, efficiency.DISCARD_CHUNK_ROWS = saved


OLD_TWO_STEP = "ours `hint(list, two_step=True)`, the scalar two-step before issue 13 item 5"
TWO_STEP_TARGET_MS = 1.0  # issue 13 item 5: median of the default hint


def reference_two_steps(options: Any, melds: int, called: Any, players: int = 4) -> list[Any]:
    """``two_steps`` by the scalar reference, one option at a time (the path before)."""
    return [two_step.two_step_reference(c, melds, called, s, a, live, players) for c, s, a, live in options]


def old_two_step_hint(hand: list[int]) -> Any:
    """``hint(hand)`` with the two-step tie-break measured by the scalar reference."""
    saved = efficiency.two_steps
    efficiency.two_steps = reference_two_steps
    try:
        return hint(hand)
    finally:
        efficiency.two_steps = saved


def ours(what: str, counts: np.ndarray, scalar: list[list[int]]) -> list[HintContestant]:
    batch_fn = ukeire_batch if what == UKEIRE else best_discard_batch
    out = [
        HintContestant(f"ours `{batch_fn.__name__}(counts)`, (N, 34) uint8, {label}", len(counts),
                       partial(batch_fn, counts, threads=threads), what=what)
        for threads, label in ((None, "all cores"), (1, "1 thread"))
    ]  # fmt: skip
    if what == UKEIRE:
        run = timed_loop(ukeire, scalar)
        out.append(HintContestant("ours `ukeire(list)`", len(scalar), run, what=what, norm=norm_ukeire))
    else:
        for two in (False, True):
            impl, fn = f"ours `hint(list, two_step={two})`", partial(hint, two_step=two)
            out.append(HintContestant(impl, len(scalar), timed_loop(fn, scalar), what=what, norm=norm_hint))
        run = timed_loop(old_two_step_hint, scalar)
        out.append(HintContestant(OLD_TWO_STEP, len(scalar), run, what=what, norm=norm_hint))
        for chunk in (OLD_CHUNK_ROWS, efficiency.DISCARD_CHUNK_ROWS):
            impl = OLD_KERNEL if chunk == OLD_CHUNK_ROWS else f"{OLD_KERNEL} in today's {chunk:,}-row chunks"
            run = partial(old_best_discard_batch, counts, chunk)
            out.append(HintContestant(impl, len(counts), run, what=what))
    return out


# name -> (what one hand costs it; per distinct discard for best discard), brute-force functions
PEERS: dict[str, tuple[str, dict[str, Callable]]] = {
    "mahjong": (
        "≤ 34 × `Shanten.calculate_shanten(counts34)` + 1 for the base",
        {UKEIRE: mahjong_ukeire, DISCARD: mahjong_best_discard},
    ),
    "riichienv": (
        "≤ 34 × `calculate_shanten(ids136 + [an unused id of the kind])` + 1 for the base",
        {UKEIRE: riichienv_ukeire, DISCARD: riichienv_best_discard},
    ),
}


def peers(what: str, ids: np.ndarray, n: int) -> tuple[list[HintContestant], list[str]]:
    contestants, missing = [], []
    inputs = {"mahjong": lambda: counts_of(ids[:n]).tolist(), "riichienv": lambda: ids_and_free(ids[:n])}
    for name, (call, functions) in PEERS.items():
        shanten = peer_shanten(name)
        if shanten is None:
            missing.append(f"{name}: {NOT_INSTALLED}")
            continue
        per = " per distinct discard" if what == DISCARD else ""
        impl = f"{name} {version(name)}: brute force, {call}{per}"
        run = timed_loop(partial(functions[what], shanten), inputs[name]())
        contestants.append(HintContestant(impl, n, run, what=what, norm=tuple))
    return contestants, missing


def warm_up(ids13: np.ndarray, ids14: np.ndarray) -> None:
    """Tables, thread pool and scalar memos, on other hands, untimed."""
    c13, c14 = counts_of(ids13), counts_of(ids14)
    for threads in (None, 1):
        ukeire_batch(c13, threads=threads)
        best_discard_batch(c14, threads=threads)
    for h13, h14 in zip(c13.tolist(), c14.tolist(), strict=True):
        ukeire(h13)
        hint(h14, two_step=False)
        hint(h14)


# --------------------------------------------------------------------------- report


def reference(c: HintContestant, n: int) -> list[tuple]:
    """Our batch answers of the first n hands as comparable tuples."""
    if c.what == UKEIRE:
        s, accepted, total = c.answers
        return [(int(s[i]), tuple(np.flatnonzero(accepted[i]).tolist()), int(total[i])) for i in range(n)]
    return list(zip(*(a[:n].tolist() for a in c.answers), strict=True))


def quantiles_us(seconds: np.ndarray) -> tuple[str, str]:
    return f"{np.median(seconds) * 1e6:,.1f}", f"{np.percentile(seconds, 90) * 1e6:,.1f}"


def print_table(contestants: list[HintContestant], missing: dict[str, list[str]]) -> None:
    print("| what | implementation | hands/s | µs/hand mean | median | p90 | ours batch, all cores ÷ this "
          "| ours scalar ÷ this |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")  # fmt: skip
    for what in (UKEIRE, DISCARD):
        rows = [c for c in contestants if c.what == what]
        batch_rate = rows[0].rate
        scalar = rows[2].rate  # ukeire(list) / hint(two_step=False)
        for c in rows:
            rate = c.rate
            med, p90 = ("–", "–") if c.per_call is None else quantiles_us(c.per_call)
            by_scalar = "–" if c.per_call is None else ratio_text(scalar / rate)
            print(f"| {what} | {c.name} ({c.work:,} hands) | {rate_text(rate)} | {1e6 / rate:,.2f} | {med} "
                  f"| {p90} | {ratio_text(batch_rate / rate)} | {by_scalar} |")  # fmt: skip
        for text in missing[what]:
            print(f"| {what} | {text} | – | – | – | – | – | – |")
    print("\nRatio columns: how many times faster our reference row is than this row (below 1× this "
          "row is the faster one); ours scalar = `ukeire(list)` for ukeire, `hint(list, two_step=False)` "
          "for best discard.\n")  # fmt: skip


def print_targets(contestants: list[HintContestant]) -> None:
    old = next(c for c in contestants if c.name == OLD_KERNEL)
    new = next(c for c in contestants if c.what == DISCARD and "1 thread" in c.name)
    ratio = new.rate / old.rate
    print("### Issue 13 targets (items 3 and 5)\n")
    verdict = "met" if ratio >= 1.5 else "NOT met"
    print(f"- {new.name} ÷ {old.name}: {ratio:.2f}×, target ≥ 1.5×: {verdict}")
    same_chunks = next(c for c in contestants if c.name.startswith(OLD_KERNEL) and c is not old)
    print(f"- the same ÷ {same_chunks.name} (the kernels alone): {new.rate / same_chunks.rate:.2f}×\n")
    new_hint = next(c for c in contestants if c.name == "ours `hint(list, two_step=True)`")
    old_hint = next(c for c in contestants if c.name == OLD_TWO_STEP)
    new_median, old_median = (float(np.median(c.per_call)) * 1e3 for c in (new_hint, old_hint))
    verdict = "met" if new_median < TWO_STEP_TARGET_MS else "NOT met"
    print(f"- {new_hint.name}: median {new_median:.3f} ms (the scalar two-step: {old_median:.3f} ms, "
          f"{old_median / new_median:.2f}×), target < {TWO_STEP_TARGET_MS:.0f} ms: {verdict}")  # fmt: skip
    same = sum(a == b for a, b in zip(new_hint.answers, old_hint.answers, strict=True))
    print(f"- the two two-step paths agree on {same:,} of {len(new_hint.answers):,} hints\n")
    print("### Issue 3 targets\n")
    for what, target in TARGETS.items():
        c = next(c for c in contestants if c.what == what)
        rate = c.rate
        print(f"- {c.name}: {rate_text(rate)} hands/s, target ≥ {rate_text(target)}: "
              f"{'met' if rate >= target else 'NOT met'}")  # fmt: skip
    for c in contestants:
        if "hint(" in c.name and c.per_call is not None:
            med = np.median(c.per_call) * 1e6
            verdict = "met" if med <= HINT_TARGET_US else "NOT met"
            print(f"- {c.name}: median {med:,.1f} µs, mean {c.seconds / c.work * 1e6:,.1f} µs per 14-tile "
                  f"hand, target ≤ {HINT_TARGET_US:.0f} µs (median): {verdict}")  # fmt: skip


def describe(what: str, a: tuple, other: tuple) -> str:
    if what == DISCARD:
        return f"discard {KIND_NAMES[a[0]]} -> {a[1]}-shanten, {a[2]} live"
    extra = " ".join(KIND_NAMES[k] for k in sorted(set(a[1]) - set(other[1]))) or "–"
    return f"{a[0]}-shanten, {len(a[1])} kinds / {a[2]} live, only here: {extra}"


def print_agreement(contestants: list[HintContestant], counts: dict[str, np.ndarray]) -> None:
    print("\n### Agreement with ours (batch, all cores) on the same hands\n")
    for what in (UKEIRE, DISCARD):
        ref_c = next(c for c in contestants if c.what == what)
        for c in contestants:
            if c.what != what or c is ref_c:
                continue
            if c.norm is None:  # the other batch row: whole arrays
                same = all(np.array_equal(a, b) for a, b in zip(c.answers, ref_c.answers, strict=True))
                print(f"- {what}: {c.name}: {c.work:,} hands, {'identical' if same else 'DIFFERENT'} arrays")
                continue
            ref = reference(ref_c, len(c.answers))
            differ = [i for i, (a, b) in enumerate(zip(c.answers, ref, strict=True)) if a != b]
            ties = sum(1 for i in differ if c.answers[i][1:] == ref[i][1:]) if what == DISCARD else 0
            note = f" ({ties:,} of them same shanten and live total: a tie broken otherwise)" if ties else ""
            print(f"- {what}: {c.name}: {len(differ):,} of {len(ref):,} hands differ{note}")
            for i in differ[:5]:
                hand = format_counts(counts[what][i].tolist())
                print(f"  - `{hand}`: this {describe(what, c.answers[i], ref[i])}; "
                      f"ours {describe(what, ref[i], c.answers[i])}")  # fmt: skip


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=500_000, help="13-tile hands for ukeire_batch")
    parser.add_argument("--discard-n", type=int, default=100_000, help="14-tile hands, best_discard_batch")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scalar-n", type=int, default=2_000, help="hands, scalar ukeire / hint loops")
    parser.add_argument("--warm-n", type=int, default=1_000, help="other hands, untimed warm-up")
    parser.add_argument("--peer-n", type=int, default=2_000, help="13-tile hands, peers' ukeire")
    parser.add_argument("--peer-discard-n", type=int, default=1_000, help="14-tile hands, peers' discard")
    args = parser.parse_args()
    discard_n = min(args.discard_n, args.n)
    subsets = (args.scalar_n, args.peer_n, args.peer_discard_n)
    scalar_n, peer_n, peer_discard_n = (min(v, discard_n) for v in subsets)

    load_at_start = load_text()
    log(f"drawing {args.n:,} + {args.warm_n:,} hands ...")
    ids, warm = seeded_walls(args.seed, args.n, args.warm_n)  # warm-up: a different set
    counts = {UKEIRE: counts_of(ids[:, :13]), DISCARD: counts_of(ids[:discard_n])}
    log("warm-up on other hands ...")
    warm_up(warm[: args.warm_n, :13], warm[: args.warm_n])

    contestants = ours(UKEIRE, counts[UKEIRE], counts[UKEIRE][:scalar_n].tolist())
    contestants += ours(DISCARD, counts[DISCARD], counts[DISCARD][:scalar_n].tolist())
    ukeire_peers, missing_u = peers(UKEIRE, ids[:, :13], peer_n)
    discard_peers, missing_d = peers(DISCARD, ids, peer_discard_n)
    contestants += ukeire_peers + discard_peers
    contestants.sort(key=lambda c: c.what != UKEIRE)  # stable: ours first in each section
    timed(contestants)

    print_header(f"Hint-engine benchmark (seed {args.seed}; batch N = {args.n:,} (ukeire) / {discard_n:,} "
                 f"(best discard); scalar loops {scalar_n:,} hands after {args.warm_n:,} other hands; peers "
                 f"{peer_n:,} / {peer_discard_n:,} hands; best of {REPEATS} interleaved rounds)",
                 load_at_start)  # fmt: skip
    print_table(contestants, {UKEIRE: missing_u, DISCARD: missing_d})
    print_targets(contestants)
    print_agreement(contestants, counts)


if __name__ == "__main__":
    main()
