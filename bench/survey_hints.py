"""How often the hint's shape reasons speak (docs/efficiency.md, "What the why says beyond
the ranking"): a survey, not a timing.

    python bench/survey_hints.py            # the figures quoted in docs/efficiency.md

Three seeded samples:

* near-complete hands (a random complete hand with one or two tiles swapped), nothing
  visible: the reasons of ``hint()`` and, for every tenpai with an option one shanten back,
  the ratio of the way back's expected draws to the tenpai's (``coach.shapes``);
* the same hands with 70 random unseen tiles visible: how often the way back is named;
* many-pairs hands (four to six pairs, a triplet in 40 %, a pair made dead in 30 %): how
  often each seven-pairs rule (``coach.shapes.PAIR_RULES`` and the triplet rules) is given.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from _common import ROOT  # noqa: F401  (puts the checkout first on sys.path)

from riichi_lut import hint
from riichi_lut.analysis.efficiency import live_counts, ranked_options, resolve, with_two_step
from riichi_lut.coach import shapes


def complete(rng: random.Random) -> list[int]:
    """A random complete hand: four sets (70 % runs) and a pair, at most four copies a kind."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.7:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def near_complete(rng: random.Random) -> list[int]:
    """A complete hand with one or two tiles swapped for random ones."""
    while True:
        counts = complete(rng)
        for _ in range(rng.choice((1, 2))):
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
            counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            return counts


def visible_tiles(rng: random.Random, counts: list[int], n: int) -> list[int]:
    """``n`` random tiles of the 136 - hand, as 34 counts."""
    pool = [k for k in range(34) for _ in range(4 - counts[k])]
    seen = [0] * 34
    for k in rng.sample(pool, n):
        seen[k] += 1
    return seen


def way_back_ratio(counts: list[int]) -> float | None:
    """Expected draws to win going back, over the tenpai's; None when not a tenpai with a
    live wait and an option one shanten back."""
    resolved = resolve(counts)
    live = live_counts(resolved, None)
    options = ranked_options(resolved, live, "none")
    best = options[0]
    back = [o for o in options if o.shanten == 1]
    if best.shanten != 0 or best.total == 0 or not back:
        return None
    unseen = sum(best.live)
    option = with_two_step(max(back, key=lambda o: o.total), list(counts), resolved, live)
    draws = shapes._draws_back(option, unseen)
    keep = shapes._draws_from_tenpai(with_two_step(best, list(counts), resolved, live), unseen)
    return None if draws is None else draws / keep


def many_pairs(rng: random.Random) -> tuple[list[int], list[int] | None]:
    """Four to six pairs, a triplet in 40 % of hands, the rest random; in 30 % of hands
    both other copies of one pair are visible."""
    while True:
        counts = [0] * 34
        kinds = rng.sample(range(34), 10)
        pairs = rng.choice((4, 5, 6))
        for k in kinds[:pairs]:
            counts[k] += 2
        if rng.random() < 0.4:
            counts[kinds[pairs]] += 3
        while sum(counts) < 14:
            k = rng.randrange(34)
            if counts[k] < 4:
                counts[k] += 1
        if sum(counts) == 14:
            break
    seen = None
    if rng.random() < 0.3:
        seen = [0] * 34
        seen[rng.choice([k for k in range(34) if counts[k] == 2])] = 2
    return counts, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--near", type=int, default=2_000, help="near-complete hands, nothing visible")
    parser.add_argument("--ratios", type=int, default=600, help="tenpais whose way-back ratio is measured")
    parser.add_argument("--late", type=int, default=3_000, help="near-complete hands with 70 tiles visible")
    parser.add_argument("--pairs", type=int, default=6_000, help="many-pairs hands")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    codes = Counter(r.code.value for _ in range(args.near) for r in hint(near_complete(rng)).reasons)
    print(f"{args.near:,} near-complete hands, nothing visible: {dict(codes)}")

    ratios: list[float] = []
    while len(ratios) < args.ratios:
        ratio = way_back_ratio(near_complete(rng))
        if ratio is not None:
            ratios.append(ratio)
    ratios.sort()
    print(
        f"{len(ratios)} tenpais: way-back draws / tenpai draws, best {ratios[0]:.2f},"
        f" median {ratios[len(ratios) // 2]:.2f} (named at <= {shapes.BACK_MARGIN})"
    )

    named = 0
    for _ in range(args.late):
        counts = near_complete(rng)
        reasons = hint(counts, visible=visible_tiles(rng, counts, 70)).reasons
        named += any(r.code.value == "way_back" for r in reasons)
    print(f"{args.late:,} near-complete hands, 70 tiles visible: the way back named in {named}")

    rules = Counter()
    for _ in range(args.pairs):
        counts, seen = many_pairs(rng)
        for r in hint(counts, visible=seen, two_step=False).reasons:
            if r.code.value == "pairs":
                rules[r.values["rule"]] += 1
    print(f"{args.pairs:,} many-pairs hands, the seven-pairs rule given: {dict(rules.most_common())}")


if __name__ == "__main__":
    main()
