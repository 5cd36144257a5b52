#!/usr/bin/env python
"""Riichi scoring throughput: riichi-lut's batch and scalar scoring against `mahjong`.

Run by hand from the checkout:  python bench/bench_scoring.py [--n N] [--seed S]

One run, one seed, the same closed winning situations for everyone: four random melds (runs
3/4, triplets 1/4) and a pair (90%), seven pairs (8%) or thirteen orphans (2%); the winning
tile one of the 14; tsumo 40%, riichi 40% (ippatsu in 15% of those); a random seat wind,
East or South round; one dora indicator plus a second in 20% of hands (no red fives, no
ura: `mahjong` is set up without aka dora). The batch gets all N situations; our scalar
`score` and `mahjong` get the first --scalar-n / --peer-n, each in its own input format,
built before the timing. Every timing is the best of 5 interleaved rounds
(time.perf_counter), so every contestant meets the same phases of a noisy machine.
`score` (the fast path of issue 13) and `reference_score` (the general path it replaced)
run on the same scalar situations. A second scalar row, **open hands** (``_open_hands.py``:
chi, pon, open and closed kans, every open yaku reachable), scores --open-n other situations
with `score`, `reference_score` and `mahjong` (its ``Meld`` API) in the same interleaved
rounds, and --open-batch-n situations of the same kind (the first --open-n of them the
scalar's) with `score_batch`, the calls as arrays (``call_codes``; issue 14). Progress goes
to stderr, the Markdown report to stdout. Nothing here asserts.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

import numpy as np
from _common import (  # the benchmarks' shared set-up; puts the checkout first on sys.path
    NOT_INSTALLED,
    SEED,
    Contestant,
    interleaved,
    load_text,
    log,
    print_header,
    rate_text,
    ratio_text,
    version,
)
from _open_hands import (
    draw_open_situations,
    open_batch_inputs,
    open_mahjong_inputs,
    open_scalar_inputs,
    run_open_mahjong,
)

from riichi_lut.core.tiles import KIND_NAMES, format_counts
from riichi_lut.errors import NotAWinError
from riichi_lut.riichi import score
from riichi_lut.riichi.batch import dora_han_batch, has_yaku_batch, score_batch
from riichi_lut.riichi.score import reference_score

REPEATS = 5
ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
WIND_LETTERS = {27: "E", 28: "S", 29: "W", 30: "N"}


# --------------------------------------------------------------------------- situations


@dataclass
class Situations:
    counts: np.ndarray  # (n, 34) uint8
    win: np.ndarray  # (n,) winning kinds
    tsumo: np.ndarray
    riichi: np.ndarray
    ippatsu: np.ndarray
    seat: np.ndarray  # kinds 27..30
    round: np.ndarray
    indicators: np.ndarray  # (n, 2) dora indicator kinds, -1: none


def standard_hands(rng: np.random.Generator, n: int) -> np.ndarray:
    """Four random melds (each a run with probability 3/4, else a triplet of any kind) and a
    pair; rows with a fifth copy are drawn again."""
    out = np.zeros((n, 34), dtype=np.int16)
    todo = np.arange(n)
    while len(todo):
        m = len(todo)
        counts = np.zeros((m, 34), dtype=np.int16)
        rows = np.arange(m)
        for _ in range(4):
            run = rng.random(m) < 0.75
            start = 9 * rng.integers(0, 3, m) + rng.integers(0, 7, m)
            kind = np.where(run, start, rng.integers(0, 34, m))
            counts[rows[~run], kind[~run]] += 3
            for d in range(3):
                counts[rows[run], kind[run] + d] += 1
        counts[rows, rng.integers(0, 34, m)] += 2
        ok = counts.max(axis=1) <= 4
        out[todo[ok]] = counts[ok]
        todo = todo[~ok]
    return out


def draw_situations(rng: np.random.Generator, n: int) -> Situations:
    counts = standard_hands(rng, n)
    form = rng.random(n)
    seven = np.flatnonzero(form < 0.08)
    counts[seven] = 0
    kinds = np.argsort(rng.random((len(seven), 34)), axis=1)[:, :7]  # 7 distinct kinds
    counts[seven[:, None], kinds] = 2
    orphans = np.flatnonzero(form > 0.98)
    counts[orphans] = 0
    counts[orphans[:, None], ORPHANS] = 1
    counts[orphans, ORPHANS[rng.integers(0, 13, len(orphans))]] += 1
    # the winning tile: one of the 14 tiles, uniformly
    pick = rng.integers(0, 14, n)
    win = (np.cumsum(counts, axis=1) <= pick[:, None]).sum(axis=1)
    tsumo = rng.random(n) < 0.4
    riichi = rng.random(n) < 0.4
    ippatsu = riichi & (rng.random(n) < 0.15)
    seat = rng.integers(27, 31, n)
    round_ = np.where(rng.random(n) < 0.6, 27, 28)
    indicators = np.full((n, 2), -1)
    indicators[:, 0] = rng.integers(0, 34, n)
    second = rng.random(n) < 0.2
    indicators[second, 1] = rng.integers(0, 34, int(second.sum()))
    rows = np.arange(n)
    while True:  # an indicator is a tile: at most 4 copies with the hand's
        shown = np.zeros((n, 35), dtype=np.int16)
        np.add.at(shown, (rows[:, None], np.where(indicators < 0, 34, indicators)), 1)
        bad = ((shown[:, :34] + counts) > 4).any(axis=1)
        if not bad.any():
            break
        indicators[bad, 0] = rng.integers(0, 34, int(bad.sum()))
        indicators[bad, 1] = -1
    return Situations(counts.astype(np.uint8), win, tsumo, riichi, ippatsu, seat, round_, indicators)


# --------------------------------------------------------------------------- contestants


def batch_inputs(s: Situations, dora: np.ndarray) -> dict[str, Any]:
    return {
        "counts": s.counts,
        "win_kind": s.win,
        "tsumo": s.tsumo,
        "riichi": s.riichi,
        "ippatsu": s.ippatsu,
        "seat_wind": s.seat - 27,  # winds 0..3 (East = 0)
        "round_wind": s.round - 27,
        "dora": dora,
    }


def scalar_inputs(s: Situations, n: int) -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for i in range(n):
        kwargs = {
            "tsumo": bool(s.tsumo[i]),
            "riichi": bool(s.riichi[i]),
            "ippatsu": bool(s.ippatsu[i]),
            "riichi_sticks": int(s.riichi[i]),  # the winner's own stick
            "seat_wind": WIND_LETTERS[int(s.seat[i])],
            "round_wind": WIND_LETTERS[int(s.round[i])],
            "dora_indicators": [KIND_NAMES[k] for k in s.indicators[i] if k >= 0],
        }
        out.append((format_counts(s.counts[i].tolist()), KIND_NAMES[int(s.win[i])], kwargs))
    return out


def run_scalar(
    inputs: list[tuple[str, str, dict[str, Any]]], function: Any = score
) -> list[tuple[int, ...] | None]:
    out: list[tuple[int, ...] | None] = []
    for hand, win, kwargs in inputs:
        try:
            r = function(hand, win, **kwargs)
        except NotAWinError:
            out.append(None)
            continue
        out.append((r.han, r.fu, r.yakuman, r.points))
    return out


def mahjong_options() -> Any:
    """`mahjong`'s options matching riichi-lut's TENHOU preset for these hands (kuitan; no
    red fives here; 13+ han is one kazoe yakuman; no double yakuman; no kiriage; an open
    pinfu-shaped ron is 30 fu), or None when it is not installed."""
    try:
        from mahjong.hand_calculating.hand_config import OptionalRules
    except ImportError:
        return None
    return OptionalRules(
        has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False, kazoe_limit=0, kiriage=False,
        fu_for_open_pinfu=True,
    )  # fmt: skip


def mahjong_inputs(s: Situations, n: int) -> list[tuple[list[int], int, list[int], Any]] | None:
    """136-id tiles, winning tile, indicators and a HandConfig (:func:`mahjong_options`)."""
    options = mahjong_options()
    if options is None:
        return None
    from mahjong.hand_calculating.hand_config import HandConfig

    out = []
    for i in range(n):
        counts = s.counts[i].tolist()
        tiles = [4 * k + c for k in range(34) for c in range(counts[k])]
        used = list(counts)
        indicators = []
        for k in s.indicators[i]:
            if k >= 0:
                indicators.append(4 * int(k) + used[k])  # a copy the hand does not hold
                used[k] += 1
        config = HandConfig(
            is_tsumo=bool(s.tsumo[i]),
            is_riichi=bool(s.riichi[i]),
            is_ippatsu=bool(s.ippatsu[i]),
            player_wind=int(s.seat[i]),
            round_wind=int(s.round[i]),
            options=options,
        )
        out.append((tiles, 4 * int(s.win[i]), indicators, config))
    return out


def run_mahjong(inputs: list[tuple[list[int], int, list[int], Any]]) -> list[Any]:
    from mahjong.hand_calculating.hand import HandCalculator

    estimate = HandCalculator.estimate_hand_value
    return [estimate(t, w, dora_indicators=d, config=c) for t, w, d, c in inputs]


# --------------------------------------------------------------------------- report


def print_table(contestants: list[Contestant], batch: Contestant, scalar: Contestant) -> None:
    print("| implementation | hands | throughput (hands/s) | µs per hand | batch (all cores) ÷ this "
          "| scalar ÷ this |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    batch_rate, scalar_rate = batch.rate, scalar.rate
    for c in contestants:
        rate = c.rate
        print(f"| {c.name} | {c.work:,} | {rate_text(rate)} | {1e6 / rate:,.2f} | "
              f"{ratio_text(batch_rate / rate)} | {ratio_text(scalar_rate / rate)} |")  # fmt: skip
    print("\nRatio columns: how many times faster the reference is than this row (below 1×, "
          "this row is the faster one).\n")  # fmt: skip


def ours_row(r: Any, i: int) -> tuple[int, ...] | None:
    return (int(r.han[i]), int(r.fu[i]), int(r.yakuman[i]), int(r.points[i])) if r.is_win[i] else None


def hand_text(s: Situations, i: int) -> str:
    flags = [name for name in ("tsumo", "riichi", "ippatsu") if getattr(s, name)[i]]
    dora = "".join(KIND_NAMES[k] for k in s.indicators[i] if k >= 0)
    return (f"`{format_counts(s.counts[i].tolist())}` win {KIND_NAMES[int(s.win[i])]}, seat "
            f"{WIND_LETTERS[int(s.seat[i])]}, round {WIND_LETTERS[int(s.round[i])]}, "
            f"{'+'.join(flags) or 'ron'}, dora indicators {dora}")  # fmt: skip


def print_scalar_agreement(s: Situations, batch: Any, scalar: list[tuple[int, ...] | None]) -> None:
    differ = [i for i, expected in enumerate(scalar) if ours_row(batch, i) != expected]
    print(f"- ours batch vs ours scalar `score` ({len(scalar):,} hands; is a win, han, fu, yakuman, points): "
          f"{len(differ):,} differ")  # fmt: skip
    for i in differ[:5]:
        print(f"  - {hand_text(s, i)}: scalar {scalar[i]}, batch {ours_row(batch, i)}")


def print_mahjong_agreement(s: Situations, batch: Any, answers: list[Any]) -> None:
    wins = both = han_ok = fu_ok = cost_ok = 0
    examples: dict[str, list[str]] = {"win": [], "han": [], "fu": [], "cost": []}
    for i, theirs in enumerate(answers):
        ours = ours_row(batch, i)
        theirs_win = theirs.error is None
        if (ours is not None) != theirs_win:
            examples["win"].append(f"{hand_text(s, i)}: ours {ours}, mahjong error {theirs.error!r}")
            continue
        if ours is None:
            continue
        wins += 1
        han, fu, yakuman, points = ours
        ours_han = 13 * yakuman if yakuman else han  # mahjong counts a yakuman as 13 han
        yaku = [y.name for y in theirs.yaku]
        line = (
            f"{hand_text(s, i)}: ours {han} han {fu} fu yakuman {yakuman} = {points}, mahjong "
            f"{theirs.han} han {theirs.fu} fu = {theirs.cost['total']} ({yaku})"
        )
        both += 1
        if theirs.han == ours_han:
            han_ok += 1
        else:
            examples["han"].append(line)
        if yakuman or theirs.fu == fu:
            fu_ok += 1
        else:
            examples["fu"].append(line)
        if theirs.cost["total"] == points:
            cost_ok += 1
        else:
            examples["cost"].append(line)
    n = len(answers)
    print(f"- ours batch vs `mahjong` ({n:,} hands): win/no-win agree on {n - len(examples['win']):,}; "
          f"of the {both:,} both score, han agree {han_ok:,}, fu agree {fu_ok:,} (yakuman: fu not "
          f"compared), points agree {cost_ok:,}")  # fmt: skip
    for what, lines in examples.items():
        for line in lines[:5]:
            print(f"  - {what} differs: {line}")


def answer_of(r: Any) -> tuple[int, ...] | None:
    """(han, fu, 0, points) of a `mahjong` answer, (0, 0, 1, points) for a yakuman (the
    points tell how many), None for its error."""
    if r.error is not None:
        return None
    if any(y.is_yakuman for y in r.yaku):
        return (0, 0, 1, r.cost["total"])
    return (r.han, r.fu, 0, r.cost["total"])


def print_open_agreement(ours: list[tuple[int, ...] | None], reference: list[tuple[int, ...] | None],
                         theirs: list[Any] | None, situations: list[Any]) -> None:  # fmt: skip
    print(f"- open hands, ours `score` vs `reference_score` ({len(ours):,} hands): "
          f"{'identical' if ours == reference else 'DIFFERENT'}")  # fmt: skip
    if theirs is None:
        return
    mine = [None if o is None else (0, 0, 1, o[3]) if o[2] else o for o in ours]
    answers = [answer_of(r) for r in theirs]
    differ = [i for i, (a, b) in enumerate(zip(mine, answers, strict=True)) if a != b]
    print(f"- open hands, ours `score` vs `mahjong` ({len(ours):,} hands; win/no-win, han, fu, yakuman, "
          f"points): {len(ours) - len(differ):,} agree")  # fmt: skip
    for i in differ[:5]:
        s = situations[i]
        yaku = [] if theirs[i].error else [y.name for y in theirs[i].yaku]
        print(f"  - `{s.hand.to_text()}` win {KIND_NAMES[s.win]}, tsumo {s.tsumo}, seat {s.seat}, round "
              f"{s.round}: ours {mine[i]}, mahjong {answers[i]} {theirs[i].error or yaku}")  # fmt: skip


# --------------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="situations for the batch path")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scalar-n", type=int, default=2_000, help="situations for our scalar score")
    parser.add_argument("--peer-n", type=int, default=2_000, help="situations for mahjong")
    parser.add_argument("--open-n", type=int, default=2_000, help="open situations for every scalar scorer")
    parser.add_argument("--open-batch-n", type=int, default=200_000, help="open situations for score_batch")
    args = parser.parse_args()
    scalar_n, peer_n = min(args.scalar_n, args.n), min(args.peer_n, args.n)

    load_at_start = load_text()
    log(f"drawing {args.n:,} situations ...")
    s = draw_situations(np.random.default_rng(args.seed), args.n)
    dora = dora_han_batch(s.counts, s.indicators)
    inputs = batch_inputs(s, dora)
    yaku_inputs = {k: v for k, v in inputs.items() if k != "dora"}
    scalar_in = scalar_inputs(s, scalar_n)
    peer_in = mahjong_inputs(s, peer_n)
    open_situations = draw_open_situations(args.seed, args.open_n)
    open_in = open_scalar_inputs(open_situations)
    options = mahjong_options()
    open_peer_in = None if options is None else open_mahjong_inputs(open_situations, options)
    log(f"drawing {args.open_batch_n:,} open situations ...")
    open_batch_situations = draw_open_situations(args.seed, max(args.open_batch_n, args.open_n))
    open_batch_in = open_batch_inputs(open_batch_situations)
    score_batch(**{k: v[:1000] for k, v in open_batch_in.items()})  # the open tables, untimed
    score_batch(**{k: v[:1000] for k, v in inputs.items()})  # tables, untimed
    run_scalar(scalar_in[:200])  # warm the scalar's memos, untimed
    run_scalar(open_in[:200])

    batch = Contestant("ours `score_batch` (dora han pre-counted), all cores", args.n,
                       lambda: score_batch(**inputs))  # fmt: skip
    scalar = Contestant(
        "ours `score(text, win_tile, ...)`, a Python loop", scalar_n, lambda: run_scalar(scalar_in)
    )
    contestants = [
        batch,
        Contestant("ours `score_batch`, threads=1", args.n, lambda: score_batch(**inputs, threads=1)),
        Contestant("ours `dora_han_batch` + `score_batch` (from indicators), all cores", args.n,
                   lambda: score_batch(**{**inputs, "dora": dora_han_batch(s.counts, s.indicators)})),
        Contestant("ours `has_yaku_batch`, all cores", args.n, lambda: has_yaku_batch(**yaku_inputs)),
        Contestant("ours `has_yaku_batch`, threads=1", args.n,
                   lambda: has_yaku_batch(**yaku_inputs, threads=1)),
        scalar,
        Contestant("ours `reference_score` (the general path `score` took before issue 13), a Python loop",
                   scalar_n, lambda: run_scalar(scalar_in, reference_score)),
    ]  # fmt: skip
    if peer_in is not None:
        contestants.append(
            Contestant(
                f"mahjong {version('mahjong')} `HandCalculator.estimate_hand_value`, a Python loop",
                peer_n,
                lambda: run_mahjong(peer_in),
            )
        )
    open_ours = Contestant("ours `score(text, win_tile, ...)`, open hands, a Python loop", args.open_n,
                           lambda: run_scalar(open_in))  # fmt: skip
    open_reference = Contestant("ours `reference_score`, open hands, a Python loop", args.open_n,
                                lambda: run_scalar(open_in, reference_score))  # fmt: skip
    open_rows = [open_ours, open_reference]
    if open_peer_in is not None:
        label = f"mahjong {version('mahjong')} `estimate_hand_value`, open hands (melds), a Python loop"
        open_rows.append(Contestant(label, args.open_n, lambda: run_open_mahjong(open_peer_in)))
    open_batch = Contestant("ours `score_batch`, open hands (calls as arrays), all cores",
                            len(open_batch_situations), lambda: score_batch(**open_batch_in))  # fmt: skip
    open_batch_one = Contestant("ours `score_batch`, open hands, threads=1", len(open_batch_situations),
                                lambda: score_batch(**open_batch_in, threads=1))  # fmt: skip
    contestants += [*open_rows, open_batch, open_batch_one]
    log(f"{len(contestants)} contestants x {REPEATS} interleaved rounds ...")
    interleaved(contestants, REPEATS)

    print_header(f"Scoring benchmark (seed {args.seed}; batch N = {args.n:,}; scalar {scalar_n:,} and "
                 f"mahjong {peer_n:,} of the same situations; best of {REPEATS} interleaved rounds)",
                 load_at_start)  # fmt: skip
    print_table(contestants, batch, scalar)
    if peer_in is None:
        print(f"`mahjong`: {NOT_INSTALLED}\n")
    wins = batch.answers.is_win
    yakuman = int((batch.answers.yakuman > 0).sum())
    print(f"Situations: {args.n:,}, of which {int(wins.sum()):,} wins ({np.mean(wins):.1%}; the rest are "
          f"complete hands without a yaku), {yakuman:,} yakuman.\n")  # fmt: skip
    print("### Targets (issue 4)\n")
    batch_rate = batch.rate
    print(f"- batch scoring ≥ 1 M hands/s: **{rate_text(batch_rate)} hands/s** all cores, "
          f"{rate_text(contestants[1].rate)} hands/s on one thread")  # fmt: skip
    if peer_in is not None:
        peer = contestants[7]
        ratio = scalar.rate / peer.rate
        print(f"- scalar `score` ≥ 5× `estimate_hand_value`, closed hands: **{ratio_text(ratio)}** "
              f"({1e6 / scalar.rate:,.1f} µs vs {1e6 / peer.rate:,.1f} µs per hand)")  # fmt: skip
    if open_peer_in is not None:
        peer_open = open_rows[2]
        ratio = open_ours.rate / peer_open.rate
        print(f"- scalar `score` ≥ 5× `estimate_hand_value`, open hands: **{ratio_text(ratio)}** "
              f"({1e6 / open_ours.rate:,.1f} µs vs {1e6 / peer_open.rate:,.1f} µs per hand)")  # fmt: skip
        print(f"- batch ÷ `estimate_hand_value`: {ratio_text(batch_rate / peer.rate)}")
    print(f"- open-hand batch scoring ≥ 1 M hands/s (issue 14): **{rate_text(open_batch.rate)} hands/s** "
          f"all cores, {rate_text(open_batch_one.rate)} hands/s on one thread")  # fmt: skip
    reference = contestants[6]
    print(f"- scalar `score` ÷ `reference_score` (the path before issue 13): "
          f"{ratio_text(scalar.rate / reference.rate)} closed, "
          f"{ratio_text(open_ours.rate / open_reference.rate)} open")  # fmt: skip
    print("\n### Agreement on the same situations\n")
    threads_same = all(
        np.array_equal(getattr(batch.answers, name), getattr(contestants[1].answers, name))
        for name in ("is_win", "han", "fu", "yakuman", "points", "yaku_mask")
    )
    print(f"- ours batch all cores vs threads=1: {'identical' if threads_same else 'DIFFERENT'}")
    has_same = np.array_equal(contestants[3].answers, wins)
    print(f"- `has_yaku_batch` vs `score_batch(...).is_win`: {'identical' if has_same else 'DIFFERENT'}")
    print_scalar_agreement(s, batch.answers, scalar.answers)
    same = scalar.answers == contestants[6].answers
    print(f"- ours scalar `score` vs `reference_score`: {'identical' if same else 'DIFFERENT'}")
    if peer_in is not None:
        print_mahjong_agreement(s, batch.answers, contestants[7].answers)
    theirs = open_rows[2].answers if open_peer_in is not None else None
    print_open_agreement(open_ours.answers, open_reference.answers, theirs, open_situations)
    batch_open = [ours_row(open_batch.answers, i) for i in range(args.open_n)]
    same = batch_open == open_ours.answers
    print(f"- open hands, ours `score_batch` vs `score` (the first {args.open_n:,}): "
          f"{'identical' if same else 'DIFFERENT'}")  # fmt: skip


if __name__ == "__main__":
    main()
