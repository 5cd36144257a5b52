"""Exact deal statistics (:mod:`riichi_lut.sim.exact`) against counts derived here.

The brute-force tests take nothing from the code under test: they walk every tile-count
vector of a small kind set (one suit, the honors, one suit + the honors), weigh each by the
number of deals that give it (``prod C(4, c)``: which copies of each kind), compute each
form's shanten with :func:`riichi_lut.shanten_batch` on full 34-count rows and add the
weights up per shanten value. The complete-hand counts behind the tenhou odds are derived
from meld enumeration and closed formulas. The full 13/14-tile distributions are pinned as
exact integers: they are the numbers ``docs/statistics.md`` records.
"""

from __future__ import annotations

import itertools
import math
from functools import cache

import numpy as np
import pytest
from exact_distributions import exact as shared_exact

from riichi_lut import shanten_batch
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.sim import exact_shanten_distribution, tenhou_probability
from riichi_lut.sim.exact import distribution

FORMS = ("all", "standard", "chiitoitsu", "kokushi")
WAYS = np.array([math.comb(4, c) for c in range(5)], dtype=np.int64)  # deals per count 0..4
SUIT_COLUMNS = {"m": slice(0, 9), "p": slice(9, 18), "s": slice(18, 27)}
HONOR_COLUMNS = slice(27, 34)
ORPHANS = [0, 8, 9, 17, 18, 26, *range(27, 34)]

# ---------------------------------------------------------------------------- pinned


#: The exact results for all C(136, 13) / C(136, 14) deals, red fives ignored (regression:
#: docs/statistics.md records these numbers).
EXACT = {
    13: {
        "all": {
            0: 39270395383132,
            1: 3006175115638776,
            2: 45249205945148216,
            3: 175141291509958900,
            4: 192909046305573888,
            5: 63384201353756672,
            6: 4045365540028416,
        },
        "standard": {
            0: 32244742336860,
            1: 2462555550248952,
            2: 36992212761231160,
            3: 150520686671360244,
            4: 185259337372953600,
            5: 89843375028568064,
            6: 17455607501553664,
            7: 1188423272497152,
            8: 20113264738304,
        },
        "chiitoitsu": {
            0: 7027758194688,
            1: 553101302679552,
            2: 9948465682873344,
            3: 63906129531521024,
            4: 167942984939930112,
            5: 179140911005498624,
            6: 62275935944790656,
        },
        "kokushi": {
            0: 3992977408,
            1: 515842768896,
            2: 19787045404672,
            3: 334918572212224,
            4: 2971719125286912,
            5: 15196564025330688,
            6: 47481566765428224,
            7: 94279951073921184,
            8: 122513613524173872,
            9: 106668496870903968,
            10: 63028268061280704,
            11: 24777714051345528,
            12: 5875630423757640,
            13: 625806790696080,
        },
    },
    14: {
        "all": {
            -1: 12859078207674,
            0: 2966241795738948,
            1: 99154452630748356,
            2: 828714358375292670,
            3: 1867404976243926528,
            4: 1211948980271480832,
            5: 233501763289743360,
            6: 6601397483077632,
        },
        "standard": {
            -1: 11353128141498,
            0: 2560073618528580,
            1: 84836864591965380,
            2: 708866296874217726,
            3: 1732690933213527552,
            4: 1270342844384821248,
            5: 398021022894784512,
            6: 50748272871997440,
            7: 2205616265232384,
            8: 21751324999680,
        },
        "chiitoitsu": {
            -1: 1505948184576,
            0: 407609975291904,
            1: 14917288266017280,
            2: 171011935106310144,
            3: 786979363712500992,
            4: 1575252761761265664,
            5: 1328078948734353600,
            6: 373655615664291840,
        },
        "kokushi": {
            -1: 1308622848,
            0: 370415763456,
            1: 23518119985152,
            2: 590352512974848,
            3: 7346122728062976,
            4: 51040322046185472,
            5: 212581807662242304,
            6: 555651986121872640,
            7: 941161022727312816,
            8: 1059464685490819608,
            9: 810024861941552400,
            10: 425873964339776160,
            11: 150830326198319040,
            12: 32541953116196160,
            13: 3173734438530120,
        },
    },
}
TENHOU_COMPLETE_DEALS = 12859078207674  # one 14-tile deal in 330,529.6 is complete


def exact(tiles: int, form: str) -> dict[int, int]:
    """``exact_shanten_distribution(tiles, form)``, computed once a session (tests/exact_distributions.py)."""
    return shared_exact(tiles, form)


# ---------------------------------------------------------------------- brute force


@cache
def every_vector(kinds: int) -> np.ndarray:
    """Every count vector of ``kinds`` kinds (each count 0..4), in the order of
    ``itertools.product(range(5), repeat=kinds)``: a (5**kinds, kinds) uint8 array."""
    vectors = np.indices((5,) * kinds, dtype=np.uint8).reshape(kinds, -1).T
    vectors.setflags(write=False)
    return vectors


@cache
def deals_per_vector(kinds: int) -> np.ndarray:
    """How many deals give each of :func:`every_vector`: ``prod_k C(4, c_k)``."""
    return WAYS[every_vector(kinds)].prod(axis=1)


def test_every_vector_is_itertools_product() -> None:
    assert every_vector(3).tolist() == [list(v) for v in itertools.product(range(5), repeat=3)]


def add_shanten_weights(rows: np.ndarray, weights: np.ndarray, out: dict[str, dict[int, int]]) -> None:
    """Add each row's weight to its shanten value, per form (int64 sums: every total here
    is below C(64, 14) < 2**63, so they are exact)."""
    for form in FORMS:
        sums = np.zeros(16, dtype=np.int64)  # shanten -1 .. 14
        np.add.at(sums, shanten_batch(rows, form=form).astype(np.intp) + 1, weights)
        for value, weight in enumerate(sums.tolist(), start=-1):
            if weight:
                out[form][value] = out[form].get(value, 0) + weight


def brute_force(tiles: int, columns: list[slice], honors_sorted: bool = False) -> dict[str, dict[int, int]]:
    """Shanten -> number of deals of ``tiles`` tiles from the kinds in ``columns`` (one or
    two blocks of columns of the 34-count row), per form, by walking every count vector.

    ``honors_sorted``: walk only the honor vectors with non-increasing counts, each
    weighted by its number of distinct orderings. Every form is blind to which honor is
    which (no runs, all are orphans), so this is the same sum, shorter."""
    blocks = []
    for block in columns:
        vectors = every_vector(block.stop - block.start)
        weights = deals_per_vector(block.stop - block.start)
        if honors_sorted and block == HONOR_COLUMNS:
            keep = (np.diff(vectors.astype(np.int8), axis=1) <= 0).all(axis=1)
            vectors, weights = vectors[keep], weights[keep]
            orderings = [
                math.factorial(7) // math.prod(math.factorial(list(v).count(c)) for c in range(5))
                for v in vectors.tolist()
            ]
            weights = weights * np.array(orderings, dtype=np.int64)
        blocks.append((block, vectors, vectors.sum(axis=1), weights))
    out: dict[str, dict[int, int]] = {form: {} for form in FORMS}
    if len(blocks) == 1:
        (block, vectors, total, weights) = blocks[0]
        rows = np.zeros((int((total == tiles).sum()), 34), dtype=np.uint8)
        rows[:, block] = vectors[total == tiles]
        add_shanten_weights(rows, weights[total == tiles], out)
        return out
    (block_a, vectors_a, total_a, weights_a), (block_b, vectors_b, total_b, weights_b) = blocks
    for in_a in range(tiles + 1):  # every way to split the tiles between the two blocks
        a, wa = vectors_a[total_a == in_a], weights_a[total_a == in_a]
        b, wb = vectors_b[total_b == tiles - in_a], weights_b[total_b == tiles - in_a]
        step = max(1, (1 << 20) // max(1, len(b)))
        for start in range(0, len(a), step):
            part, wpart = a[start : start + step], wa[start : start + step]
            rows = np.zeros((len(part) * len(b), 34), dtype=np.uint8)
            rows[:, block_a] = np.repeat(part, len(b), axis=0)
            rows[:, block_b] = np.tile(b, (len(part), 1))
            add_shanten_weights(rows, (wpart[:, None] * wb[None, :]).ravel(), out)
    return out


def restricted(tiles: int, form: str, suits: str, honors: bool) -> dict[int, int]:
    """``distribution`` over the suits named in ``suits`` (of "mps") and maybe the honors."""
    return distribution(tiles, form, suits=("m" in suits, "p" in suits, "s" in suits), honors=honors)


SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    ("suit", "tiles"),  # one suit in the fast tier (14 tiles: the honors' brute force), five slow
    [
        ("m", 13),
        pytest.param("s", 14, marks=SLOW),
        pytest.param("p", 13, marks=SLOW),
        pytest.param("s", 13, marks=SLOW),
        pytest.param("m", 14, marks=SLOW),
        pytest.param("p", 14, marks=SLOW),
    ],
)
def test_one_suit_matches_brute_force(tiles: int, suit: str) -> None:
    expected = brute_force(tiles, [SUIT_COLUMNS[suit]])
    for form in FORMS:
        assert restricted(tiles, form, suit, honors=False) == expected[form], form
    assert sum(expected["all"].values()) == math.comb(36, tiles)


@pytest.mark.parametrize("tiles", [13, 14])
def test_honors_only_match_brute_force(tiles: int) -> None:
    expected = brute_force(tiles, [HONOR_COLUMNS])
    for form in FORMS:
        assert restricted(tiles, form, "", honors=True) == expected[form], form
    assert sum(expected["all"].values()) == math.comb(28, tiles)
    if tiles == 14:
        # four honor triplets and a pair of a fifth honor; seven honor pairs; no kokushi
        triplets_and_pair = math.comb(7, 4) * 3 * math.comb(4, 3) ** 4 * math.comb(4, 2)
        seven_pairs = math.comb(4, 2) ** 7
        assert expected["standard"][-1] == triplets_and_pair
        assert expected["chiitoitsu"][-1] == seven_pairs
        assert -1 not in expected["kokushi"]
        assert expected["all"][-1] == triplets_and_pair + seven_pairs


@pytest.mark.parametrize("tiles", [13, 14])
def test_sorting_the_honors_changes_no_count(tiles: int) -> None:
    assert brute_force(tiles, [HONOR_COLUMNS], honors_sorted=True) == brute_force(tiles, [HONOR_COLUMNS])


@pytest.mark.parametrize("tiles", [13, pytest.param(14, marks=SLOW)])
def test_one_suit_and_honors_match_brute_force(tiles: int) -> None:
    """13 or 14 tiles from the 64 tiles of the souzu and the honors (29.7 and 57.1 million
    count vectors; with the honors sorted, 0.64 and 1.02 million rows)."""
    expected = brute_force(tiles, [SUIT_COLUMNS["s"], HONOR_COLUMNS], honors_sorted=True)
    for form in FORMS:
        assert restricted(tiles, form, "s", honors=True) == expected[form], form
    assert sum(expected["all"].values()) == math.comb(64, tiles)


@pytest.mark.parametrize(
    ("suits", "honors", "tiles"),  # the rest: with the brute force / pinned; four in the slow tier
    [
        ("mp", False, 13),
        ("ms", True, 14),
        pytest.param("ms", True, 13, marks=SLOW),
        pytest.param("mps", False, 13, marks=SLOW),
        pytest.param("mp", False, 14, marks=SLOW),
        pytest.param("mps", False, 14, marks=SLOW),
    ],
)
def test_totals_are_all_deals_of_the_kinds(suits: str, honors: bool, tiles: int) -> None:
    kinds = 9 * len(suits) + 7 * honors
    assert sum(restricted(tiles, "all", suits, honors).values()) == math.comb(4 * kinds, tiles)


def test_no_kinds_no_deals() -> None:
    assert restricted(13, "all", "", honors=False) == {}


# ------------------------------------------------ complete 14-tile hands, derived here


@cache
def complete_block_patterns(kinds: int, runs: bool, with_pair: bool) -> set[tuple[int, ...]]:
    """Every count vector of one block made of melds (triplets; runs when ``runs``), plus
    one pair when ``with_pair``, each count at most 4 — by trying every multiset of melds."""
    melds = []
    for k in range(kinds):
        melds.append(tuple(3 if i == k else 0 for i in range(kinds)))
        if runs and k + 2 < kinds:
            melds.append(tuple(1 if k <= i <= k + 2 else 0 for i in range(kinds)))
    pairs = [tuple(2 if i == k else 0 for i in range(kinds)) for k in range(kinds)] if with_pair else [None]
    found = set()
    for count in range(5):
        for chosen in itertools.combinations_with_replacement(melds, count):
            for pair in pairs:
                parts = [*chosen, pair] if pair else list(chosen)
                vector = tuple(sum(p[i] for p in parts) for i in range(kinds))
                if max(vector, default=0) <= 4:
                    found.add(vector)
    return found


def complete_hand_deals(keep: object = None, *, vectors: bool = False) -> int:
    """Deals of 14 tiles that form four melds and a pair. Melds and the pair never span two
    blocks, so such a hand is one block of melds + the pair and three blocks of melds only:
    multiply the blocks' generating polynomials (x^tiles, weighted by deals) and read the
    x^14 coefficient. ``keep`` filters the block patterns (e.g. only counts 0 and 2);
    ``vectors`` counts distinct count vectors instead of deals."""

    def polynomial(kinds: int, runs: bool, with_pair: bool) -> list[int]:
        poly = [0] * 15
        for vector in complete_block_patterns(kinds, runs, with_pair):
            if keep is None or keep(vector):  # type: ignore[operator]
                poly[sum(vector)] += 1 if vectors else math.prod(math.comb(4, c) for c in vector)
        return poly

    def times(p: list[int], q: list[int]) -> list[int]:
        return [sum(p[i] * q[n - i] for i in range(n + 1)) for n in range(15)]

    blocks = [(9, True)] * 3 + [(7, False)]
    total = 0
    for paired in range(4):
        product = [1] + [0] * 14
        for b, (kinds, runs) in enumerate(blocks):
            product = times(product, polynomial(kinds, runs, with_pair=b == paired))
        total += product[14]
    return total


@pytest.mark.slow
def test_complete_deals_derived_from_melds() -> None:
    standard = complete_hand_deals()
    chiitoitsu = math.comb(34, 7) * math.comb(4, 2) ** 7  # seven distinct pairs
    kokushi = 13 * math.comb(4, 2) * 4**12  # 13 orphans, one of them paired
    # both standard and chiitoitsu (ryanpeikou shapes): standard hands whose counts are all 0 or 2
    both = complete_hand_deals(keep=lambda v: set(v) <= {0, 2})
    assert both == 4668 * math.comb(4, 2) ** 7
    assert complete_hand_deals(vectors=True) == 11_498_658  # distinct complete count vectors
    assert exact(14, "standard")[-1] == standard == 11353128141498
    assert exact(14, "chiitoitsu")[-1] == chiitoitsu
    assert exact(14, "kokushi")[-1] == kokushi
    assert exact(14, "all")[-1] == standard + chiitoitsu + kokushi - both == TENHOU_COMPLETE_DEALS


def test_tenpai_closed_forms_for_seven_pairs_and_thirteen_orphans() -> None:
    # chiitoitsu tenpai with 13 tiles: six distinct pairs + a single of a seventh kind
    assert exact(13, "chiitoitsu")[0] == math.comb(34, 6) * 6**6 * 28 * 4
    # kokushi tenpai: 13 distinct orphans, or 12 of them with one paired
    assert exact(13, "kokushi")[0] == 4**13 + 13 * 12 * 6 * 4**11


# ------------------------------------------------------------- the full distributions


#: (tiles, form) of the distributions the fast tier computes (~0.5 s each, once a session:
#: tests/exact_distributions.py); the 14-tile standard and kokushi ones are left to the slow tier
FAST = {(13, "all"), (13, "standard"), (13, "chiitoitsu"), (13, "kokushi"), (14, "all"), (14, "chiitoitsu")}


def fast_or_slow(*values: object, fast: bool) -> object:
    """The parameter ``values`` (one value or a tuple of them), marked slow unless ``fast``."""
    return (values[0] if len(values) == 1 else values) if fast else pytest.param(*values, marks=SLOW)


@pytest.mark.parametrize(
    ("tiles", "form"), [fast_or_slow(t, f, fast=(t, f) in FAST) for t in (13, 14) for f in FORMS]
)
def test_full_distribution_is_pinned(tiles: int, form: str) -> None:
    got = exact(tiles, form)
    assert got == EXACT[tiles][form]
    assert all(type(v) is int and v > 0 for v in got.values())
    assert sum(got.values()) == math.comb(136, tiles)
    assert list(got) == sorted(got)


@pytest.mark.parametrize(
    ("tiles", "form", "lowest", "highest"),
    [
        (13, "all", 0, 6),
        (14, "all", -1, 6),
        (13, "standard", 0, 8),
        pytest.param(14, "standard", -1, 8, marks=SLOW),
        (13, "chiitoitsu", 0, 6),
        (14, "chiitoitsu", -1, 6),
        (13, "kokushi", 0, 13),
        pytest.param(14, "kokushi", -1, 13, marks=SLOW),
    ],
)
def test_published_shape(tiles: int, form: str, lowest: int, highest: int) -> None:
    assert list(exact(tiles, form)) == list(range(lowest, highest + 1))


@pytest.mark.parametrize("tiles", [13, pytest.param(14, marks=SLOW)])
def test_all_is_the_union_of_the_forms(tiles: int) -> None:
    """The form "all" is the minimum over the forms, so {all <= s} is the union of {form <= s}:
    P(all <= s) >= P(form <= s) for every form, and <= their sum; "all" never exceeds 6
    (chiitoitsu's worst) and at s = 6 it covers every deal."""

    def at_most(form: str, s: int) -> int:
        return sum(c for v, c in exact(tiles, form).items() if v <= s)

    for s in range(-1, 14):
        union = at_most("all", s)
        parts = [at_most(form, s) for form in ("standard", "chiitoitsu", "kokushi")]
        assert max(parts) <= union <= sum(parts), s
    assert at_most("all", 6) == math.comb(136, tiles)
    # tenpai and complete deals rarely fit two forms at once: the union is nearly the sum
    assert at_most("all", 0) > 0.99 * sum(at_most(f, 0) for f in ("standard", "chiitoitsu", "kokushi"))


@pytest.mark.parametrize("form", [fast_or_slow(f, fast=(14, f) in FAST) for f in FORMS])
def test_a_drawn_tile_never_hurts(form: str) -> None:
    """14 tiles are 13 + one more, and shanten never rises by drawing: the 14-tile
    distribution is shifted down from the 13-tile one (stochastic order), for every form."""
    d13, d14 = exact(13, form), exact(14, form)
    n13, n14 = math.comb(136, 13), math.comb(136, 14)
    for s in range(-1, 14):
        p13 = sum(c for v, c in d13.items() if v <= s)
        p14 = sum(c for v, c in d14.items() if v <= s)
        assert p14 * n13 >= p13 * n14, (form, s)


def test_tenhou_probability_is_the_complete_14_tile_deals() -> None:
    complete, deals = tenhou_probability()
    assert (complete, deals) == (exact(14, "all")[-1], math.comb(136, 14))
    assert complete == TENHOU_COMPLETE_DEALS
    assert deals // complete == 330529


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"tiles": 12}, "tiles"), ({"tiles": 15}, "tiles"), ({"form": "x"}, "form"), ({"form": "ALL"}, "form")],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        exact_shanten_distribution(**kwargs, progress=False)  # type: ignore[arg-type]


def test_the_distribution_is_computed_once_and_each_call_gets_its_own_dict():
    from riichi_lut.sim.exact import _kept, distribution, exact_shanten_distribution

    first = exact_shanten_distribution(13, "kokushi")
    first[0] = -1  # a caller's change stays in its own dict
    again = exact_shanten_distribution(13, "kokushi")
    assert again == distribution(13, "kokushi") and again[0] != -1
    assert _kept.cache_info().hits >= 1
