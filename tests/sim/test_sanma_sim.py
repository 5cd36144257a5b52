"""Three-player (sanma) deals, exact statistics and self-play (``players=3`` in
:mod:`riichi_lut.sim`).

Exactness by construction is checked in integers (the split and man-block weights, and
what the run-time alias tables encode, read back here); the exact distribution against
a brute force that walks every count vector of small kind sets and against the closed
forms of seven pairs and thirteen orphans; the samplers statistically (chi-square per
kind, per block size, per split and of the shanten histogram against the exact
distribution); self-play for its seeded reproducibility and its 108-tile wall.
"""

from __future__ import annotations

import itertools
import json
import math
from functools import cache

import numpy as np
import pytest
from chi_square import assert_fits, split_counts
from exact_distributions import FORM_CASES
from exact_distributions import exact as shared_exact
from reference import reference_shanten

from riichi_lut import shanten_batch
from riichi_lut.cli.main import main
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.lut.alias import alias_table
from riichi_lut.riichi import TENHOU, TENHOU_SANMA
from riichi_lut.sim import alias as sampling
from riichi_lut.sim import (
    deal_counts,
    exact_shanten_distribution,
    sample_shanten_distribution,
    selfplay,
    tenhou_probability,
)
from riichi_lut.sim import sanma_weights as weights3p
from riichi_lut.sim.exact import distribution_3p
from riichi_lut.sim.selfplay import play
from riichi_lut.tablegen.deals import splits

FORMS = ("all", "standard", "chiitoitsu", "kokushi")
THREE = [k for k in range(34) if not 1 <= k <= 7]  # the 27 kinds of the 108-tile set
MAN = [0, 8]
PIN = list(range(9, 18))
HONORS = list(range(27, 34))
SEED = 1414
N = 200_000

# The full three-player distributions ("all" forms), exactly as docs/statistics.md and
# docs/sanma.md record them: computed by exact_shanten_distribution(players=3) and
# cross-checked by every other test of this file (brute force on sub-walls, closed forms,
# the samplers' chi-square).
PINNED = {
    13: {
        0: 4248510347840,
        1: 243214955934944,
        2: 2732462104034240,
        3: 8169994696659840,
        4: 7581335897696256,
        5: 1820816976642048,
        6: 40884598996992,
    },
    14: {
        -1: 1321887397648,
        0: 229204302023024,
        1: 5666836324035120,
        2: 35089291127101440,
        3: 61289092707873792,
        4: 33570528047677440,
        5: 3878645818982400,
        6: 13007308455936,
    },
}


# ------------------------------------------------------------------ exact weights


def decoded(thresholds: list[int], aliases: list[int], capacity: int, n: int) -> list[int]:
    """What an alias table gives each outcome, in units of 1 / capacity column: its own
    columns' thresholds plus what the other columns pass to it above theirs."""
    mass = [0] * len(thresholds)
    for j, (t, a) in enumerate(zip(thresholds, aliases, strict=True)):
        mass[j] += t
        mass[a] += capacity - t
    assert not any(mass[n:]), "a column past the outcomes is drawn"
    return mass[:n]


@pytest.mark.parametrize("tiles", [13, 14])
def test_three_player_split_weights_are_binomials_and_add_up_to_all_deals(tiles: int) -> None:
    rows = weights3p.split_weights(tiles, 3)
    expected = [
        ((a, b, c, d), math.comb(8, a) * math.comb(36, b) * math.comb(36, c) * math.comb(28, d))
        for a, b, c, d in itertools.product(range(9), range(15), range(15), range(15))
        if a + b + c + d == tiles
    ]
    assert rows == sorted(expected)
    assert sum(w for _, w in rows) == math.comb(108, tiles)
    assert all(split[0] <= 8 for split, _ in rows)


@pytest.mark.parametrize("tiles", [13, 14])
def test_four_player_split_weights_are_the_generated_ones(tiles: int) -> None:
    rows = weights3p.split_weights(tiles)
    assert [split for split, _ in rows] == splits(tiles)
    assert sum(w for _, w in rows) == math.comb(136, tiles)


def test_three_player_man_patterns_are_the_ways_to_hold_1m_and_9m() -> None:
    by_size = weights3p.man_pattern_weights_3p()
    assert len(by_size) == 9
    for size, rows in enumerate(by_size):
        pairs = [(i % 5, i // 5**8) for i, _ in rows]
        assert all(
            i == c1 + 5**8 * c9 and c1 + c9 == size for (i, _), (c1, c9) in zip(rows, pairs, strict=True)
        )
        assert sorted(pairs) == sorted((a, size - a) for a in range(5) if 0 <= size - a <= 4)
        assert all(
            w == math.comb(4, c1) * math.comb(4, c9) for (_, w), (c1, c9) in zip(rows, pairs, strict=True)
        )
        assert sum(w for _, w in rows) == math.comb(8, size)


@pytest.mark.parametrize("weights", [[1, 3], [5], [2, 2, 2], [7, 1, 1, 9, 13], list(range(1, 40))])
def test_alias_tables_encode_their_weights_exactly(weights: list[int]) -> None:
    """The construction both samplers use (``lut.alias.alias_table``), read back in Python
    ints: every outcome's mass is its weight times 2**bits / gcd, no column left over."""
    bits, capacity, thr, alias = alias_table(weights)
    assert len(thr) == len(alias) == 1 << bits >= len(weights)
    mass = decoded(thr, alias, capacity, len(weights))
    assert all(m * sum(weights) == w * capacity * (1 << bits) for m, w in zip(mass, weights, strict=True))


@pytest.mark.parametrize("tiles", [13, 14])
def test_three_player_alias_tables_encode_the_exact_weights(tiles: int) -> None:
    """Read back in Python ints: every outcome's mass is its weight times 2**bits / gcd."""
    tables = [[w for _, w in weights3p.split_weights(tiles, 3)]]
    tables += [[w for _, w in rows] for rows in weights3p.man_pattern_weights_3p()]
    for weights in tables:
        bits, capacity, thr, alias = alias_table(weights)
        mass = decoded(thr, alias, capacity, len(weights))
        assert all(m * sum(weights) == w * capacity * (1 << bits) for m, w in zip(mass, weights, strict=True))
    assert alias_table(tables[0])[0] == sampling.SPLIT_BITS


def test_run_time_three_player_tables_are_the_exact_ones() -> None:
    """The prepared sampler's split thresholds are the exact table's, scaled to raw draws."""
    s = sampling.sampler(13, 3)
    _, capacity, thr, _ = alias_table([w for _, w in weights3p.split_weights(13, 3)])
    q = (1 << 64) // capacity
    raw = s.split_threshold.tolist()
    assert all(r == (q * t if t != capacity else (1 << 64) - 1) for r, t in zip(raw, thr, strict=True))
    assert s.split_sizes.tolist() == [list(split) for split, _ in weights3p.split_weights(13, 3)]
    assert s.split_limit == q * capacity


# ------------------------------------------------------------------ statistics


def hypergeometric(good: int, tiles: int, wall: int = 108) -> np.ndarray:
    return np.array(
        [math.comb(good, k) * math.comb(wall - good, tiles - k) for k in range(min(good, tiles) + 1)]
    ) / math.comb(wall, tiles)


@cache
def sample(tiles: int, method: str) -> np.ndarray:
    return deal_counts(np.random.default_rng(SEED + tiles), N, tiles, method=method, players=3)


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_each_kind_of_three_player_deals_is_hypergeometric_and_2m_8m_never_appear(
    tiles: int, method: str
) -> None:
    rows = sample(tiles, method)
    assert rows.dtype == np.uint8 and (rows.sum(axis=1) == tiles).all()
    assert not rows[:, 1:8].any()
    p = hypergeometric(4, tiles)
    for kind in THREE:
        assert_fits(np.bincount(rows[:, kind], minlength=5), p, f"kind {kind}")


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_three_player_block_sizes_and_split_have_the_exact_distribution(tiles: int, method: str) -> None:
    rows = sample(tiles, method)
    sizes = np.stack([rows[:, a:b].sum(axis=1) for a, b in ((0, 9), (9, 18), (18, 27), (27, 34))], axis=1)
    for block, good in enumerate((8, 36, 36, 28)):
        assert_fits(
            np.bincount(sizes[:, block], minlength=tiles + 1)[: min(good, tiles) + 1],
            hypergeometric(good, tiles),
            f"block {block}",
        )
    weights = weights3p.split_weights(tiles, 3)
    index = {split: i for i, (split, _) in enumerate(weights)}
    observed = split_counts(sizes, index)
    p = np.array([w for _, w in weights], dtype=np.float64) / math.comb(108, tiles)
    assert_fits(observed, p, "split")


def exact(tiles: int, form: str) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form, players=3)``, computed once a session
    (tests/exact_distributions.py)."""
    return shared_exact(tiles, form, players=3)


def histogram_fits(counts: dict[int, int], tiles: int, form: str) -> None:
    reference = exact(tiles, form)
    values = sorted(set(reference) | set(counts))
    p = np.array([reference.get(v, 0) for v in values], dtype=np.float64) / math.comb(108, tiles)
    assert_fits(np.array([counts.get(v, 0) for v in values]), p, f"shanten {tiles} {form}")


def histogram(values: np.ndarray) -> dict[int, int]:
    uniques, counts = np.unique(values, return_counts=True)
    return dict(zip(uniques.tolist(), counts.tolist(), strict=True))


@pytest.mark.parametrize("method", ["alias", "numpy"])
@pytest.mark.parametrize("tiles", [13, 14])
def test_three_player_shanten_of_the_deals_has_the_exact_distribution(tiles: int, method: str) -> None:
    histogram_fits(histogram(shanten_batch(sample(tiles, method), players=3)), tiles, "all")


@pytest.mark.parametrize(("tiles", "form"), FORM_CASES)
def test_sampled_three_player_distribution_fits_the_exact_one(tiles: int, form: str) -> None:
    counts = sample_shanten_distribution(N, tiles, seed=SEED, form=form, chunk_size=1 << 16, players=3)
    assert sum(counts.values()) == N
    histogram_fits(counts, tiles, form)


def test_three_and_four_player_distributions_differ() -> None:
    """The sampled three-player histogram does not fit the four-player exact one (the
    chi-square tests above can fail)."""
    counts = sample_shanten_distribution(N, 13, seed=SEED, players=3)
    four = shared_exact(13)  # exact_shanten_distribution(13), computed once a session
    values = sorted(set(four) | set(counts))
    p = np.array([four.get(v, 0) for v in values], dtype=np.float64) / math.comb(136, 13)
    with pytest.raises(AssertionError):
        assert_fits(np.array([counts.get(v, 0) for v in values]), p, "four-player")


@pytest.mark.slow
def test_three_player_sampling_is_the_same_at_any_worker_count() -> None:
    one = sample_shanten_distribution(60_000, 14, seed=SEED, chunk_size=15_000, players=3)
    assert sample_shanten_distribution(60_000, 14, seed=SEED, workers=2, chunk_size=15_000, players=3) == one
    assert one != sample_shanten_distribution(60_000, 14, seed=SEED + 1, chunk_size=15_000, players=3)
    rows = deal_counts(np.random.default_rng(5), 1000, players=3)
    assert (rows == deal_counts(np.random.default_rng(5), 1000, players=3)).all()


def test_four_player_deals_are_unchanged_by_the_three_player_sampler() -> None:
    sampling.sampler(13, 3)  # built beside the four-player one
    a = deal_counts(np.random.default_rng(9), 5000)
    assert a[:, 1:8].any() and (a == deal_counts(np.random.default_rng(9), 5000, players=4)).all()


# ------------------------------------------------------------------ exact vs brute force


def brute_force(
    tiles: int, blocks: list[list[int]], honors_sorted: bool = False
) -> dict[str, dict[int, int]]:
    """Shanten -> deals of ``tiles`` tiles from the kinds of ``blocks`` (lists of kind
    columns), per form: every count vector, weighed by prod C(4, c), its shanten from
    ``shanten_batch(players=3)`` on full rows. ``honors_sorted``: the honor block's
    vectors with non-increasing counts only, each weighed by its orderings (every form is
    blind to which honor is which)."""
    ways = np.array([math.comb(4, c) for c in range(5)], dtype=np.int64)
    walks = []
    for kinds in blocks:
        vectors = np.indices((5,) * len(kinds), dtype=np.uint8).reshape(len(kinds), -1).T
        weights = ways[vectors].prod(axis=1)
        if honors_sorted and kinds == HONORS:
            keep = (np.diff(vectors.astype(np.int8), axis=1) <= 0).all(axis=1)
            vectors, weights = vectors[keep], weights[keep]
            orderings = [
                math.factorial(7) // math.prod(math.factorial(list(v).count(c)) for c in range(5))
                for v in vectors.tolist()
            ]
            weights = weights * np.array(orderings, dtype=np.int64)
        walks.append((kinds, vectors, vectors.sum(axis=1).astype(np.int64), weights))
    out: dict[str, dict[int, int]] = {form: {} for form in FORMS}
    for split in itertools.product(range(tiles + 1), repeat=len(walks)):
        if sum(split) != tiles:
            continue
        parts = [(k, v[t == s], w[t == s]) for (k, v, t, w), s in zip(walks, split, strict=True)]
        if any(not len(w) for _, _, w in parts):
            continue
        grids = np.meshgrid(*[np.arange(len(w)) for _, _, w in parts], indexing="ij")
        picks = [g.ravel() for g in grids]
        rows = np.zeros((len(picks[0]), 34), dtype=np.uint8)
        weight = np.ones(len(picks[0]), dtype=np.int64)
        for (kinds, vectors, weights), pick in zip(parts, picks, strict=True):
            rows[:, kinds] = vectors[pick]
            weight *= weights[pick]
        for form in FORMS:
            sums = np.zeros(16, dtype=np.int64)
            np.add.at(sums, shanten_batch(rows, form=form, players=3).astype(np.intp) + 1, weight)
            for value, w in enumerate(sums.tolist(), start=-1):
                if w:
                    out[form][value] = out[form].get(value, 0) + w
    return out


CASES = {  # kinds enabled: (man, (pin, sou), honors), the brute force's blocks, wall tiles
    "1m9m + honors": ((True, (False, False), True), [MAN, HONORS], 36),
    "1m9m + pin": ((True, (True, False), False), [MAN, PIN], 44),
    "1m9m + pin + honors": ((True, (True, False), True), [MAN, PIN, HONORS], 72),
}


@pytest.mark.slow
@pytest.mark.parametrize("tiles", [13, 14])
@pytest.mark.parametrize("case", list(CASES))
def test_exact_three_player_distribution_matches_brute_force(case: str, tiles: int) -> None:
    (man, suits, honors), blocks, wall = CASES[case]
    expected = brute_force(tiles, blocks, honors_sorted=len(blocks) == 3)
    for form in FORMS:
        got = distribution_3p(tiles, form, man=man, suits=suits, honors=honors)
        assert got == expected[form], (case, form)
    assert sum(expected["all"].values()) == math.comb(wall, tiles)


def test_brute_force_shanten_is_the_reference_on_seeded_rows() -> None:
    """The brute force's shanten (``shanten_batch(players=3)``) against the slow
    exhaustive search of tests/reference.py on seeded deals of the sub-walls."""
    rng = np.random.default_rng(SEED)
    for tiles in (13, 14):
        for blocks in ([MAN, HONORS], [MAN, PIN], [MAN, PIN, HONORS]):
            copies = np.zeros(34, dtype=np.int64)
            copies[[k for b in blocks for k in b]] = 4
            rows = rng.multivariate_hypergeometric(copies, tiles, size=40).astype(np.uint8)
            got = shanten_batch(rows, players=3).tolist()
            assert got == [reference_shanten(r.tolist(), players=3)["value"] for r in rows]


def test_man_only_distribution_is_empty_below_the_deal_size() -> None:
    assert distribution_3p(13, man=True, suits=(False, False), honors=False) == {}


def test_full_three_player_distribution_is_pinned_and_adds_up() -> None:
    for tiles in (13, 14):
        d = exact(tiles, "all")
        assert d == PINNED[tiles]
        assert sum(d.values()) == math.comb(108, tiles)
        for form in FORMS:
            assert sum(exact(tiles, form).values()) == math.comb(108, tiles)
    assert exact(13, "all") != shared_exact(13)  # three players and four


def test_closed_forms_of_seven_pairs_and_thirteen_orphans() -> None:
    """Seven pairs of seven of the 27 kinds; thirteen orphans: one of each of the 13 (all
    in the set) and a pair of one; tenpai 13-tile kokushi: the 13 once each, or 12 of them
    with one paired."""
    assert exact(14, "chiitoitsu")[-1] == math.comb(27, 7) * math.comb(4, 2) ** 7
    assert exact(14, "kokushi")[-1] == 13 * math.comb(4, 2) * 4**12
    assert exact(13, "kokushi")[0] == 4**13 + 13 * 12 * math.comb(4, 2) * 4**11


def test_tenhou_probability_three_players() -> None:
    complete, deals = tenhou_probability(players=3)
    assert (complete, deals) == (exact(14, "all")[-1], math.comb(108, 14))
    four = shared_exact(14)[-1]  # tenhou_probability()[0] (tests/sim/test_exact.py), computed once a session
    assert complete * math.comb(136, 14) > four * deals  # likelier than in four


# ------------------------------------------------------------------ self-play


@pytest.mark.slow  # two workers at three players, fast in test_selfplay_kita.py (kita is the default)
def test_three_player_selfplay_is_the_same_at_one_and_two_workers() -> None:
    one = selfplay(3000, draws=10, seed=SEED, chunk_size=1000, players=3)
    assert one == selfplay(3000, draws=10, seed=SEED, chunk_size=1000, players=3, workers=2)


def test_three_player_selfplay_is_seeded() -> None:
    one = selfplay(3000, draws=10, seed=SEED, chunk_size=1000, players=3)
    assert one != selfplay(3000, draws=10, seed=SEED + 1, chunk_size=1000, players=3)
    assert one != selfplay(3000, draws=10, seed=SEED, chunk_size=1000)
    assert one.players == 3 and one.wins > 0
    # scored by TENHOU_SANMA (issue 14): every win has points, its yaku counted
    assert sum(one.points.values()) == one.wins and min(one.points) > 0
    ordinary = one.wins - sum(one.yakuman.values())
    assert one.yaku["menzen_tsumo"] == ordinary  # every closed tsumo below yakuman
    d = one.to_dict()
    assert d["players"] == 3 and d["mean_points"] == one.mean_points > 0
    assert one == selfplay(3000, draws=10, seed=SEED, chunk_size=1000, players=3, rules=TENHOU_SANMA)
    four = selfplay(3000, draws=10, seed=SEED, chunk_size=1000)
    assert four.players == 4 and sum(four.points.values()) == four.wins


def test_three_player_play_never_holds_or_draws_2m_to_8m() -> None:
    rng = np.random.default_rng(SEED)
    hands = deal_counts(rng, 500, 13, players=3)
    wall = np.array([0 if 1 <= k <= 7 else 4 for k in range(34)], dtype=np.uint8) - hands
    seen = np.zeros_like(hands)
    played = play(hands, wall, seen, rng.random((95, 500)), riichi=False, players=3)
    assert not hands[:, 1:8].any() and not seen[:, 1:8].any() and not played.win_hands[:, 1:8].any()
    assert (shanten_batch(played.win_hands, players=3) == -1).all()
    lost = np.setdiff1d(np.arange(500), played.won)
    assert not wall[lost].sum(axis=1).any()  # every game that never won drew the whole wall
    assert played.player_turns == 95 * len(lost) + int(played.win_turn[played.won].sum())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: selfplay(10, draws=96, players=3), "draws"),
        (lambda: selfplay(10, players=5), "players"),
        (lambda: selfplay(10, players="3"), "players"),  # type: ignore[arg-type]
        (lambda: exact_shanten_distribution(13, players=True), "players"),  # type: ignore[arg-type]
        (lambda: tenhou_probability(players=2), "players"),
        (lambda: sample_shanten_distribution(10, players=0), "players"),
        (lambda: deal_counts(np.random.default_rng(1), 2, 13, players=4.0), "players"),  # type: ignore[arg-type]
        (lambda: deal_counts(np.random.default_rng(1), 2, 109, players=3), "tiles"),
        (lambda: selfplay(10, rules=TENHOU_SANMA), "3-player rules"),
        (lambda: selfplay(10, players=3, rules=TENHOU), "4-player rules"),
        (lambda: selfplay(10, players=3, seat_wind="N"), "no North seat"),
    ],
)
def test_bad_three_player_arguments(call: object, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        call()  # type: ignore[operator]


# ------------------------------------------------------------------ the CLI's --players


def test_cli_players_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "exact", "--tiles", "14", "--players", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and out["deals"] == math.comb(108, 14)
    assert {int(k): v for k, v in out["counts"].items()} == PINNED[14]
    assert main(["simulate", "haipai", "--n", "3000", "--seed", "2", "--players", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = sample_shanten_distribution(3000, 13, seed=2, players=3)
    assert {int(k): v for k, v in out["counts"].items()} == expected
    assert main(["simulate", "selfplay", "--games", "300", "--draws", "5", "--players", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == 3 and sum(out["points"].values()) == out["wins"]
    with pytest.raises(SystemExit):  # argparse: invalid choice
        main(["simulate", "exact", "--players", "5"])
