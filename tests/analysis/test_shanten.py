"""Tests of riichi_lut.analysis.shanten: scalar and batch shanten against published problem sets,
the slow reference (tests/reference.py), hand-reasoned corner cases and bad inputs."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from reference import reference_shanten

from riichi_lut.analysis.shanten import shanten, shanten_batch, shanten_value
from riichi_lut.core.hand import Call, Hand, parse_hand
from riichi_lut.errors import InvalidArgumentError, InvalidHandError

PROBLEM_SETS = ("normal", "hon", "tin", "koku")
FORMS = ("standard", "chiitoitsu", "kokushi")
COLUMN = {"standard": 14, "kokushi": 15, "chiitoitsu": 16}  # columns of a problem-set line
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def counts_of_text(text: str) -> list[int]:
    return list(parse_hand(text).concealed)


def ones(n_tiles: int = 13) -> list[int]:
    """Counts of ``n_tiles`` tiles: one of each of the first kinds (13 or 14: a closed hand)."""
    return [1] * n_tiles + [0] * (34 - n_tiles)


def rows_of(*hands: list[int], dtype: type = np.uint8) -> np.ndarray:
    return np.array(hands, dtype=dtype)


# --- the published problem sets: 40,000 hands x 3 forms ------------------------------


def load_problem_set(lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(counts (10000, 34) uint8, the 17 integers of each line)."""
    counts = np.zeros((len(lines), 34), dtype=np.uint8)
    np.add.at(counts, (np.arange(len(lines))[:, None], lines[:, :14]), 1)
    return counts, lines


@pytest.fixture(scope="module", params=PROBLEM_SETS)
def problem_set(
    request: pytest.FixtureRequest, problem_set_lines: Callable[[str], np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    return load_problem_set(problem_set_lines(request.param))


def test_problem_set_batch_every_form(problem_set: tuple[np.ndarray, np.ndarray]) -> None:
    counts, lines = problem_set
    assert len(counts) == 10000
    for form in FORMS:
        np.testing.assert_array_equal(shanten_batch(counts, form=form), lines[:, COLUMN[form]])
    best = lines[:, 14:].min(axis=1)
    np.testing.assert_array_equal(shanten_batch(counts, form="all"), best)
    np.testing.assert_array_equal(shanten_batch(counts), best)


def test_problem_set_scalar_sample(problem_set: tuple[np.ndarray, np.ndarray]) -> None:
    counts, lines = problem_set
    for i in np.random.default_rng(11).choice(len(counts), size=2000, replace=False):
        result = shanten(counts[i].tolist())
        expected = {form: int(lines[i, COLUMN[form]]) for form in FORMS}
        assert {form: getattr(result, form) for form in FORMS} == expected, lines[i]
        assert result.value == shanten_value(counts[i].tolist()) == min(expected.values())


#: a seeded sequence's first part in the fast tier, the rest of the same sequence slow
PARTS = ["first", pytest.param("rest", marks=pytest.mark.slow)]


def in_part(part: str, sample: Any, first: int) -> Any:
    """The first ``first`` items of ``sample`` or the rest."""
    return sample[:first] if part == "first" else sample[first:]


@pytest.mark.parametrize("part", PARTS)
def test_thirteen_tile_sub_hands_match_reference(
    problem_set: tuple[np.ndarray, np.ndarray], part: str
) -> None:
    """Each distinct discard of 75 sampled 14-tile hands per set, all three forms; and the
    14-tile value is the best discard's (a complete hand's discards are tenpai). The fast
    tier checks the first 20 of the 75, the slow tier the other 55."""
    counts, lines = problem_set
    sample = np.random.default_rng(5).choice(len(counts), size=75, replace=False)
    for i in in_part(part, sample, 20):
        discards = np.flatnonzero(counts[i])
        subs = np.repeat(counts[i][None, :], len(discards), axis=0)
        subs[np.arange(len(discards)), discards] -= 1
        got = {form: shanten_batch(subs, form=form) for form in (*FORMS, "all")}
        for j, sub in enumerate(subs):
            expected = reference_shanten(sub.tolist())
            assert {form: int(got[form][j]) for form in got} == {
                form: expected["value" if form == "all" else form] for form in got
            }, sub
        for form in FORMS:
            assert got[form].min() == max(0, lines[i, COLUMN[form]]), lines[i]


# --- random hands with calls against the reference ---------------------------------

CALLS = {"chi": 3, "pon": 3, "open_kan": 4, "closed_kan": 4, "added_kan": 4}  # tiles used


def random_call(rng: np.random.Generator, wall: np.ndarray, kinds: np.ndarray) -> Call:
    """A random call whose tiles are still in ``wall`` (kinds from ``kinds`` first)."""
    for pool in (kinds, np.arange(34)):
        name = str(rng.choice(list(CALLS)))
        if name == "chi":
            starts = [k for k in pool if k < 27 and k % 9 < 7 and wall[k : k + 3].all()]
        else:
            starts = [k for k in pool if wall[k] >= CALLS[name]]
        if starts:
            call = getattr(Call, name)(int(rng.choice(starts)))
            np.subtract.at(wall, list(call.kinds), 1)
            return call
    raise AssertionError("no call possible")  # pragma: no cover


def random_hand(rng: np.random.Generator, n_calls: int) -> Hand:
    """Calls then concealed tiles drawn mostly from a few kinds (one suit and some honors)
    so that low shanten, and call tiles blocking waits, are common."""
    suit = int(rng.integers(3))
    kinds = np.concatenate([np.arange(9 * suit, 9 * suit + 9), rng.choice(np.arange(27, 34), 2)])
    wall = np.full(34, 4)
    calls = [random_call(rng, wall, kinds) for _ in range(n_calls)]
    size = 13 - 3 * n_calls + int(rng.integers(2))
    pool = np.zeros(34, dtype=np.int64)
    pool[kinds] = wall[kinds]
    if rng.random() < 0.3 or pool.sum() < size:
        pool = wall.copy()  # anywhere
    tiles = rng.permutation(np.repeat(np.arange(34), pool))[:size]
    return Hand(tuple(np.bincount(tiles, minlength=34).tolist()), calls=tuple(calls))


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("n_calls", range(5))
def test_random_called_hands_match_reference(n_calls: int, part: str) -> None:
    """300 seeded hands for each number of calls: the first 75 fast, the other 225 slow."""
    rng = np.random.default_rng(100 + n_calls)
    hands = [random_hand(rng, n_calls) for _ in range(300)]  # reference_shanten draws nothing
    for hand in in_part(part, hands, 75):
        counts = list(hand.concealed)
        expected = reference_shanten(counts, n_calls, hand.called_counts)
        assert shanten(hand).to_dict() == expected, hand.to_text()
        # with only the number of calls known, nothing caps the copies
        unknown = reference_shanten(counts, n_calls)
        assert shanten(counts, melds=n_calls).to_dict() == unknown, hand.to_text()
        assert shanten_value(counts, n_calls) == unknown["value"], hand.to_text()


# --- corner cases -------------------------------------------------------------------


def expect(text: str, value: int, standard: int, chiitoitsu: int | None, kokushi: int | None) -> None:
    result = shanten(text)
    assert (result.value, result.standard, result.chiitoitsu, result.kokushi) == (
        value,
        standard,
        chiitoitsu,
        kokushi,
    ), text
    hand = parse_hand(text)
    assert result.to_dict() == reference_shanten(hand.concealed, hand.n_calls, hand.called_counts)


# (notation, value, standard, chiitoitsu, kokushi); the reasons are in test_reference.py
FOUR_HELD_COPIES = {
    "east_quad_is_no_pair_wait": ("123456789m1111z", 1, 1, 5, 9),
    "1m_quad_is_no_pair_wait": ("1111m234p567p789s", 1, 1, 5, 10),
    "quad_is_one_seven_pairs_pair": ("1111m2233p4455s6z", 2, 2, 2, 10),
}
FIFTH_COPY_WAITS = {
    "closed_kan_holds_the_kanchan_tile": ("46m11z (5555m) [123p] [789s]", 1, 1, None, None),
    "pon_holds_the_tanki_tile": ("1z [111z] [123m] [456m] [789m]", 1, 1, None, None),
    "both_singles_exhausted_by_pons": ("12z [111z] [222z] [333s] [444s]", 1, 1, None, None),
    "kans_hold_both_ryanmen_tiles": ("23m456p11z (1111m) (4444m)", 1, 1, None, None),
}
FOUR_OF_A_KIND_HONORS = {
    "1111222233334z": ("1111222233334z", 3, 3, 6, 8),
    "east_quad_with_three_triplets": ("1111z222z333z444z", 1, 1, 5, 8),
    "honor_pairs_with_a_quad": ("11112233445566z", 1, 2, 1, 6),
}
MELDED_HANDS = {
    "one_call_ryanmen": ("23m456p789s11z [123s]", 0, 0, None, None),
    "two_calls_ryanmen": ("23m456p22z [789s] (1111z)", 0, 0, None, None),
    "three_calls_kanchan": ("46m11z [111m] [123p] [789s]", 0, 0, None, None),
    "four_calls_one_tile": ("5z [123m] [456m] [789m] [111z]", 0, 0, None, None),
    "four_calls_two_tiles": ("12z [123m] [456m] [789m] [555z]", 0, 0, None, None),
    "four_calls_complete": ("55z [123m] [456m] [789m] [1111z]", -1, -1, None, None),
    "called_hand_like_thirteen_orphans": ("19m19p19s1234z [777z]", 6, 6, None, None),
}


@pytest.mark.parametrize("case", FOUR_HELD_COPIES.values(), ids=FOUR_HELD_COPIES.keys())
def test_four_held_copies(case: tuple) -> None:
    expect(*case)


@pytest.mark.parametrize("case", FIFTH_COPY_WAITS.values(), ids=FIFTH_COPY_WAITS.keys())
def test_fifth_copy_waits(case: tuple) -> None:
    expect(*case)
    # the same tiles with the calls unknown (melds=k) can wait on the 5th copy
    hand = parse_hand(case[0])
    assert shanten(list(hand.concealed), melds=hand.n_calls).value == case[1] - 1


@pytest.mark.parametrize("case", FOUR_OF_A_KIND_HONORS.values(), ids=FOUR_OF_A_KIND_HONORS.keys())
def test_four_of_a_kind_honors(case: tuple) -> None:
    expect(*case)


@pytest.mark.parametrize("case", MELDED_HANDS.values(), ids=MELDED_HANDS.keys())
def test_melded_hands(case: tuple) -> None:
    expect(*case)


def test_kokushi_and_chiitoitsu_are_none_with_calls() -> None:
    # closed, 19m19p19s1234z + 567z is kokushi tenpai; with a pon of 7z it is standard only
    assert shanten("19m19p19s123456z7z").kokushi == 0
    result = shanten("19m19p19s1234z [777z]")
    assert (result.chiitoitsu, result.kokushi) == (None, None)
    # and seven-pairs-looking concealed tiles with a call
    assert shanten("1122m3344p55s [777z]").chiitoitsu is None


@pytest.mark.parametrize(
    "text, tenpai, complete",
    [
        ("123m456p789s11122z", False, True),
        ("23m456p789s11122z", True, False),
        ("19m19p19s1234567z", True, False),
        ("123456789m1111z", False, False),
        ("55z [123m] [456m] [789m] [111z]", False, True),
    ],
)
def test_tenpai_and_complete_flags(text: str, tenpai: bool, complete: bool) -> None:
    result = shanten(text)
    assert (result.is_tenpai, result.is_complete) == (tenpai, complete)


def test_to_dict() -> None:
    as_dict = shanten("123456789m1111z").to_dict()
    assert as_dict == {"value": 1, "standard": 1, "chiitoitsu": 5, "kokushi": 9}
    called = shanten("23m456p22z [789s] (1111z)").to_dict()
    assert json.loads(json.dumps(called)) == {
        "value": 0,
        "standard": 0,
        "chiitoitsu": None,
        "kokushi": None,
    }


# --- bad inputs ---------------------------------------------------------------------


def raises_at_row(row: int, *args: Any, culprit: str = "", **kwargs: Any) -> None:
    """``shanten_batch(*args, **kwargs)`` raises naming ``row`` (and ``culprit``)."""
    with pytest.raises(InvalidHandError) as info:
        shanten_batch(*args, **kwargs)
    assert info.value.row == row
    assert f"row {row}" in str(info.value)
    assert culprit in str(info.value)


@pytest.mark.parametrize(
    "counts",
    [
        np.ones((3, 34), dtype=np.float64),
        np.ones((3, 34), dtype=bool),
        np.ones(34, dtype=np.uint8),
        np.ones((3, 33), dtype=np.uint8),
        np.ones((3, 35), dtype=np.uint8),
        np.ones((2, 3, 34), dtype=np.uint8),
    ],
    ids=["float", "bool", "1-D", "33 columns", "35 columns", "3-D"],
)
def test_batch_rejects_wrong_shape_or_dtype(counts: np.ndarray) -> None:
    with pytest.raises(InvalidHandError):
        shanten_batch(counts)


def batch_with_bad_row(row: int, bad: list[int], dtype: type) -> np.ndarray:
    """Six closed 13-tile rows, ``row`` replaced by ``bad`` (34 counts totalling 13, so
    only the bad count itself can be blamed)."""
    assert len(bad) == 34 and sum(bad) == 13
    counts = rows_of(*[ones()] * 6, dtype=dtype)
    counts[row] = bad
    return counts


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int64])
def test_batch_negative_count_names_row(dtype: type) -> None:
    bad = [1] * 14 + [-1] + [0] * 19
    raises_at_row(3, batch_with_bad_row(3, bad, dtype), culprit="negative")


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_batch_count_above_four_names_row(dtype: type) -> None:
    bad = [1] * 8 + [0] * 22 + [5, 0, 0, 0]  # a 5th East
    raises_at_row(2, batch_with_bad_row(2, bad, dtype), culprit="5 copies")
    raises_at_row(4, rows_of(*[ones()] * 4 + [[200] + [0] * 33], dtype=dtype), culprit="200")


@pytest.mark.parametrize(
    "row, sizes, melds",
    [
        (1, [13, 12, 14], 0),  # 12 tiles, closed
        (2, [14, 13, 15], 0),  # 15 tiles, closed
        (0, [13, 13], 1),  # 13 concealed tiles with a call
        (1, [10, 13, 7], np.array([1, 1, 2])),  # per-row calls
        (3, [13, 10, 7, 13], np.array([0, 1, 2, 2])),
    ],
)
def test_batch_impossible_total_names_row(row: int, sizes: list[int], melds: object) -> None:
    raises_at_row(row, rows_of(*[ones(n) for n in sizes]), melds)


@pytest.mark.parametrize(
    "melds",
    [5, -1, True, 1.0, np.array([0, 0]), np.array([[0], [0], [0]]), np.array([0.0, 0.0, 0.0])],
    ids=["5", "-1", "bool", "float", "short", "2-D", "float array"],
)
def test_batch_rejects_bad_melds(melds: object) -> None:
    with pytest.raises(InvalidHandError):
        shanten_batch(rows_of(ones(), ones(), ones()), melds)


def test_batch_melds_out_of_range_names_row() -> None:
    counts = rows_of(ones(), ones(10), ones(1))
    raises_at_row(2, counts, np.array([0, 1, 5]))
    raises_at_row(1, counts, np.array([0, -1, 4]))


def test_batch_rejects_unknown_form() -> None:
    # an option, not tiles: InvalidArgumentError (errors.py's own division)
    with pytest.raises(InvalidArgumentError, match="form"):
        shanten_batch(rows_of(ones()), form="sevenpairs")


@pytest.mark.parametrize("form", ["chiitoitsu", "kokushi"])
def test_batch_closed_only_forms_reject_calls(form: str) -> None:
    counts = rows_of(ones(), ones(), ones(10))
    with pytest.raises(InvalidHandError):
        shanten_batch(counts[2:], melds=1, form=form)
    raises_at_row(2, counts, np.array([0, 0, 1]), form=form)


def test_scalar_rejects_melds_with_text_or_hand() -> None:
    with pytest.raises(InvalidHandError):
        shanten("23m456p789s11z [123s]", melds=1)
    with pytest.raises(InvalidHandError):
        shanten(parse_hand("123456789m1234p"), melds=0)


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8, np.uint64])
def test_scalar_numpy_counts_read_as_counts(dtype: type) -> None:
    """A numpy array is 34 counts, never 34 * itemsize raw bytes."""
    for text in ("123456789m1111z", "11123456789999m", "19m19p19s1234567z"):
        counts = counts_of_text(text)
        expected = shanten(counts)
        array: Any = np.array(counts, dtype=dtype)  # typed Sequence[int], accepts arrays
        assert shanten(array) == expected
        assert shanten_value(array) == expected.value


BAD_COUNT_LISTS = {
    "33 counts": ones()[:33],
    "35 counts": ones() + [0],
    "a 5": [5] + [1] * 8 + [0] * 25,
    "a negative": [-1] + [1] * 14 + [0] * 19,
    "a float": [1.0] + [1] * 12 + [0] * 21,
    "a str": ["1"] + [1] * 12 + [0] * 21,
    "None": [None] + [1] * 12 + [0] * 21,
    "12 tiles": ones()[:12] + [0] * 22,
    "15 tiles": [1] * 15 + [0] * 19,
    "2-D array": np.array([ones()]),
}


@pytest.mark.parametrize("counts", BAD_COUNT_LISTS.values(), ids=BAD_COUNT_LISTS.keys())
def test_scalar_rejects_bad_counts(counts: object) -> None:
    with pytest.raises(InvalidHandError):
        shanten(counts)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        shanten_value(counts)  # type: ignore[arg-type]


def test_scalar_rejects_bool_counts() -> None:
    with pytest.raises(InvalidHandError, match="bool"):
        shanten([True] * 13 + [False] * 21)


def test_shanten_value_reads_bools_as_ints_as_documented() -> None:
    """The hot path does not inspect element types (documented): True/False are 1/0."""
    as_bools: Any = [True] * 13 + [False] * 21
    assert shanten_value(as_bools) == shanten_value([1] * 13 + [0] * 21) == 0


@pytest.mark.parametrize("melds", [5, -1, True, 1.5, "1"])
def test_scalar_rejects_bad_melds(melds: object) -> None:
    counts = ones(10)
    with pytest.raises(InvalidHandError):
        shanten(counts, melds=melds)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        shanten_value(counts, melds)  # type: ignore[arg-type]


# --- batch == scalar ----------------------------------------------------------------


def random_rows(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random hands of 13 or 14 tiles minus 3 per call (0-4 calls), drawn from the
    full wall, from manzu + honors or from manzu only (so low shanten is common)."""
    melds = rng.integers(0, 5, n)
    sizes = 13 - 3 * melds + rng.integers(0, 2, n)
    tile_kinds = np.arange(136) // 4
    keys = rng.random((n, 136))
    style = rng.integers(0, 3, n)  # 0: any tile, 1: manzu + honors, 2: manzu
    keys[(style == 1)[:, None] & ((tile_kinds >= 9) & (tile_kinds < 27))[None, :]] += 1
    keys[(style == 2)[:, None] & (tile_kinds >= 9)[None, :]] += 1
    drawn = tile_kinds[np.argsort(keys, axis=1)[:, :14]]
    keep = np.arange(14)[None, :] < sizes[:, None]
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.nonzero(keep)[0], drawn[keep]), 1)
    return counts, melds


def test_batch_equals_scalar_on_random_hands() -> None:
    counts, melds = random_rows(np.random.default_rng(2024), 20000)
    batch = shanten_batch(counts, melds)
    standard = shanten_batch(counts, melds, form="standard")
    scalar = [shanten(row, melds=int(k)) for row, k in zip(counts.tolist(), melds, strict=True)]
    np.testing.assert_array_equal(batch, [r.value for r in scalar])
    np.testing.assert_array_equal(standard, [r.standard for r in scalar])
    values = [shanten_value(row, int(k)) for row, k in zip(counts.tolist(), melds, strict=True)]
    np.testing.assert_array_equal(batch, values)
    closed_rows = counts[melds == 0]
    closed_results = [r for r, k in zip(scalar, melds, strict=True) if k == 0]
    for form in ("chiitoitsu", "kokushi"):
        expected = [getattr(r, form) for r in closed_results]
        np.testing.assert_array_equal(shanten_batch(closed_rows, form=form), expected)
    assert set(np.unique(batch)) >= {-1, 0, 1, 2, 3}  # the sample reaches complete hands


def test_batch_uint8_and_int64_agree() -> None:
    counts, melds = random_rows(np.random.default_rng(9), 3000)
    for form in ("all", "standard"):
        np.testing.assert_array_equal(
            shanten_batch(counts, melds, form=form),
            shanten_batch(counts.astype(np.int64), melds.astype(np.int8), form=form),
        )


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_batch_empty_input(dtype: type) -> None:
    out = shanten_batch(np.zeros((0, 34), dtype=dtype))
    assert out.shape == (0,) and out.dtype == np.int8


def test_batch_non_contiguous_views() -> None:
    counts, melds = random_rows(np.random.default_rng(3), 1000)
    expected = shanten_batch(counts, melds)
    np.testing.assert_array_equal(shanten_batch(counts[::2], melds[::2]), expected[::2])
    np.testing.assert_array_equal(shanten_batch(np.asfortranarray(counts), melds), expected)
    wide = np.zeros((1000, 40), dtype=np.uint8)
    wide[:, 3:37] = counts
    np.testing.assert_array_equal(shanten_batch(wide[:, 3:37], melds), expected)


def test_batch_orphans_and_pairs_rows() -> None:
    """A few known rows through every form (kokushi tenpai, seven pairs complete)."""
    orphans = [1 if k in ORPHANS else 0 for k in range(34)]
    pairs = counts_of_text("1122m3344p5566s77z")
    counts = rows_of(orphans, pairs)
    assert shanten_batch(counts).tolist() == [0, -1]
    assert shanten_batch(counts, form="kokushi").tolist() == [0, 10]
    assert shanten_batch(counts, form="chiitoitsu").tolist() == [6, -1]
