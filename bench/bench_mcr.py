#!/usr/bin/env python
"""MCR (Chinese Official) throughput: riichi-lut's ``mcr.score`` and ``mcr.shanten_batch``
against PyMahjongGB (``pymahjonggb``, C++) in the same run.

Run by hand from the checkout:  python bench/bench_mcr.py [--n N] [--score-n N] [--seed S]

Scoring: the winning hands of the frozen corpus ``tests/data/mcr/pymahjonggb_score.jsonl.zst``
(6,000 seeded hands: melds, kongs, every special form, flowers, every flag), cycled to
``--score-n`` hands, scored one call per hand by ``mcr.score(text, win_tile, ...,
rules=McrRules(edition="1998"))`` and by ``MahjongGB.MahjongFanCalculator`` (its inputs
converted before the clock starts). Shanten: ``--n`` closed 13-tile hands (the first 13
tiles of shuffled walls, ``_common.draw_walls``) through one ``mcr.shanten_batch`` call (all forms;
all cores and ``threads=1``) and the first ``--peer-n`` of them through
``MahjongGB.MahjongShanten`` one call per hand. Every timing is the best of 5 interleaved
rounds (``_common.interleaved``). Progress on stderr, the Markdown report on stdout. The
report ends with the agreement of the two sides on the timed hands. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import numpy as np
import zstandard
from _common import (  # the benchmarks' shared set-up; puts the checkout first on sys.path
    NOT_INSTALLED,
    ROOT,
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

from riichi_lut import mcr
from riichi_lut.core.tiles import kind_of, parse_tiles
from riichi_lut.mcr.win import WIN_FLAGS

REPEATS = 5
CORPUS = ROOT / "tests" / "data" / "mcr" / "pymahjonggb_score.jsonl.zst"
FACTS = ("self_drawn", "seat_wind", "prevalent_wind", "flowers", *WIN_FLAGS)  # a record's win facts
GOALS = "scoring ≥ 100 k hands/s per call; shanten_batch ≥ 10 M hands/s and ≥ 50× MahjongShanten per call"


def require_api() -> None:
    """Stop with a clear message when the MCR API of issue 10 is not in this checkout."""
    missing = [name for name in ("McrRules", "score", "shanten_batch") if not hasattr(mcr, name)]
    if missing:
        sys.exit(f"bench_mcr: riichi_lut.mcr has no {', '.join(missing)} in this checkout (issue 10)")


def corpus_hands(n: int) -> list[dict[str, Any]]:
    text = zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes()).decode()
    records = [json.loads(line) for line in text.splitlines()]
    return [records[i % len(records)] for i in range(n)]


def gb_inputs(records: list[dict[str, Any]]) -> list[tuple[Any, ...]] | None:
    """PyMahjongGB's arguments for each record (the converter of tests/mcr/gb_oracle.py)."""
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return None
    sys.path.insert(0, str(ROOT / "tests"))
    from mcr.gb_oracle import WINDS, from_notation, gb_tile, to_gb

    inputs = []
    for r in records:
        concealed, melds = from_notation(r["hand"])
        melds = [(k, t, off) for (k, t, _), off in zip(melds, r["offers"], strict=True)]
        win = kind_of(parse_tiles(r["win_tile"])[0])
        pack, hand = to_gb(concealed, win, melds)
        inputs.append((
            pack, hand, gb_tile(win), r["flowers"], r["self_drawn"], r["last_tile"],
            r["kong_replacement"] or r["robbing_kong"], r["last_tile_of_wall"],
            WINDS.index(r["seat_wind"]), WINDS.index(r["prevalent_wind"]),
        ))  # fmt: skip
    return inputs


def run_ours(records: list[dict[str, Any]]) -> list[int]:
    rules = mcr.McrRules(edition="1998")
    return [
        mcr.score(r["hand"], r["win_tile"], **{k: r[k] for k in FACTS}, rules=rules).total for r in records
    ]


def run_gb(inputs: list[tuple[Any, ...]]) -> list[int]:
    import MahjongGB

    calc = MahjongGB.MahjongFanCalculator
    return [sum(p * c for p, c, _, _ in calc(*args, verbose=True)) for args in inputs]


def gb_shanten_inputs(counts: np.ndarray) -> list[tuple[str, ...]] | None:
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return None
    sys.path.insert(0, str(ROOT / "tests"))
    from mcr.gb_oracle import gb_tile

    names = [gb_tile(k) for k in range(34)]
    return [tuple(names[k] for k in range(34) for _ in range(int(row[k]))) for row in counts]


def run_gb_shanten(hands: list[tuple[str, ...]]) -> list[int]:
    import MahjongGB

    shanten = MahjongGB.MahjongShanten
    return [shanten((), hand) for hand in hands]


def single_thread(counts: np.ndarray) -> Any:
    return mcr.shanten_batch(counts, threads=1)


def print_table(rows: list[Contestant], reference: Contestant, label: str) -> None:
    print(f"| implementation | hands | throughput (hands/s) | µs per hand | {label} ÷ this |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for c in rows:
        print(f"| {c.name} | {c.work:,} | {rate_text(c.rate)} | {1e6 / c.rate:,.2f} | "
              f"{ratio_text(reference.rate / c.rate)} |")  # fmt: skip
    print(f"\nLast column: how many times faster {label} is than this row (below 1×, this row is the "
          "faster one).\n")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="13-tile hands for shanten_batch")
    parser.add_argument("--score-n", type=int, default=6_000, help="winning hands scored by each side")
    parser.add_argument("--peer-n", type=int, default=100_000, help="hands given to MahjongShanten")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    require_api()
    load_at_start = load_text()

    log(f"loading {args.score_n:,} scoring hands and drawing {args.n:,} shanten hands ...")
    records = corpus_hands(args.score_n)
    gb_in = gb_inputs(records)
    counts = draw_walls(np.random.default_rng(args.seed), args.n, tiles=13, as_counts=True)
    peer_n = min(args.peer_n, args.n)
    gb_hands = gb_shanten_inputs(counts[:peer_n])
    run_ours(records[:200])  # tables and memos, untimed
    mcr.shanten_batch(counts[:1000])

    ours_score = Contestant("ours `mcr.score(text, win_tile, ...)`, a Python loop", len(records),
                            lambda: run_ours(records))  # fmt: skip
    batch = Contestant("ours `mcr.shanten_batch` (all forms), all cores", args.n,
                       lambda: mcr.shanten_batch(counts))  # fmt: skip
    scoring = [ours_score]
    shanten_rows = [
        batch,
        Contestant("ours `mcr.shanten_batch`, threads=1", args.n, lambda: single_thread(counts)),
    ]
    gb_score = gb_shanten = None
    if gb_in is not None and gb_hands is not None:
        gb_score = Contestant(f"PyMahjongGB {version('pymahjonggb')} `MahjongFanCalculator`, a Python loop",
                              len(gb_in), lambda: run_gb(gb_in))  # fmt: skip
        gb_shanten = Contestant(f"PyMahjongGB {version('pymahjonggb')} `MahjongShanten`, a Python loop",
                                peer_n, lambda: run_gb_shanten(gb_hands))  # fmt: skip
        scoring.append(gb_score)
        shanten_rows.append(gb_shanten)
    log(f"{len(scoring) + len(shanten_rows)} contestants x {REPEATS} interleaved rounds ...")
    interleaved(scoring + shanten_rows, REPEATS, progress=True)

    print_header(f"MCR benchmark (seed {args.seed}; {len(records):,} scoring hands from the corpus; "
                 f"shanten_batch N = {args.n:,}, MahjongShanten {peer_n:,} of them; best of {REPEATS} "
                 f"interleaved rounds)", load_at_start)  # fmt: skip
    print(f"Goals (issue 10): {GOALS}.\n")
    print("### Scoring, one call per hand\n")
    print_table(scoring, gb_score or ours_score, "PyMahjongGB" if gb_score else "ours")
    print("### Shanten\n")
    print_table(shanten_rows, gb_shanten or batch, "MahjongShanten" if gb_shanten else "batch")
    if gb_score is None or gb_shanten is None:
        print(f"PyMahjongGB: {NOT_INSTALLED}\n")
        return
    speedup = batch.rate / gb_shanten.rate
    print("### Goals (issue 10)\n")
    print(f"- scoring: {rate_text(ours_score.rate)} hands/s per call (goal 100 k), "
          f"{ratio_text(gb_score.rate / ours_score.rate)} slower than PyMahjongGB (goal ≤ 2.5×)")  # fmt: skip
    print(f"- shanten_batch: {rate_text(batch.rate)} hands/s (goal 10 M), {ratio_text(speedup)} "
          "MahjongShanten per call (goal ≥ 50×)\n")  # fmt: skip
    print("### Agreement on the timed hands\n")
    ours_totals, their_totals = ours_score.answers, gb_score.answers
    differ = sum(a != b for a, b in zip(ours_totals, their_totals, strict=True))
    print(f"- scoring totals (edition 1998) differ from PyMahjongGB on {differ:,} of {len(records):,} hands "
          "(the classes are in docs/mcr.md, 'The differential tests')")  # fmt: skip
    ours_sh = np.asarray(batch.answers[:peer_n], dtype=np.int64)
    theirs_sh = np.asarray(gb_shanten.answers, dtype=np.int64)
    print(f"- shanten differs from MahjongShanten on {int((ours_sh != theirs_sh).sum()):,} of {peer_n:,} "
          "hands (a wait on a fifth copy, which PyMahjongGB counts)")  # fmt: skip


if __name__ == "__main__":
    main()
