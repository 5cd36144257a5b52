"""Tests of riichi_lut.mcr.shanten: the scalar and batch twins against the literal reference
(tests/mcr/reference_shanten.py) on seeded random hands of every size, exhaustive spaces,
the rules' edge cases and bad input."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from mcr.hand_generators import STYLES, called_counts, random_calls, random_counts
from mcr.reference_shanten import reference_mcr_shanten

from riichi_lut.core.calls import Call
from riichi_lut.core.hand import Hand
from riichi_lut.errors import InvalidArgumentError, InvalidHandError
from riichi_lut.mcr import McrShantenResult, shanten, shanten_batch
from riichi_lut.mcr.forms import KNITTED_SETS
from riichi_lut.mcr.shanten import FORMS, NOT_APPLICABLE

FIELDS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")


def hands(seed: int, count: int) -> Iterator[tuple[list[int], int]]:
    """Seeded (counts, calls) of every size: 13/14 tiles less three per call, 0-4 calls."""
    rng = random.Random(seed)
    for i in range(count):
        calls = i % 5
        size = rng.choice((13, 14)) - 3 * calls
        yield random_counts(rng, size, STYLES[i % 3]), calls


def scalar_fields(result: McrShantenResult) -> dict[str, int | None]:
    return {f: getattr(result, f) for f in ("value", *FIELDS)}


def batch_fields(rows: np.ndarray, melds: np.ndarray) -> list[dict[str, int | None]]:
    columns = {f: shanten_batch(rows, melds, form=f).tolist() for f in FORMS}
    return [
        {
            ("value" if f == "all" else f): (None if v == NOT_APPLICABLE else v)
            for f, v in zip(FORMS, row, strict=True)
        }
        for row in zip(*(columns[f] for f in FORMS), strict=True)
    ]


# --- against the reference ----------------------------------------------------------


@pytest.mark.parametrize("count", [150, pytest.param(600, marks=pytest.mark.slow)])
def test_random_hands_of_every_size_agree_with_the_reference(count: int) -> None:
    """600 seeded hands; the fast tier checks the first 150 of them."""
    cases = list(hands(seed=10, count=count))
    rows = np.array([c for c, _ in cases], dtype=np.uint8)
    melds = np.array([m for _, m in cases])
    batch = batch_fields(rows, melds)
    sizes = set()
    for (counts, calls), from_batch in zip(cases, batch, strict=True):
        expected = reference_mcr_shanten(counts, calls)
        assert scalar_fields(shanten(counts, melds=calls)) == expected, (counts, calls)
        assert from_batch == expected, (counts, calls)
        sizes.add(sum(counts))
    assert sizes == {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}


def test_hands_with_calls_count_the_call_tiles_toward_four_copies() -> None:
    """Notation with calls: the reference told the call tiles agrees with the scalar."""
    rng = random.Random(11)
    for i in range(300):
        n = 1 + i % 4 if i % 3 else 1
        calls = random_calls(rng, n)
        called = _called(calls)
        counts = random_counts(rng, rng.choice((13, 14)) - 3 * n, STYLES[i % 3], called)
        hand = Hand(counts, calls=tuple(calls))
        expected = reference_mcr_shanten(counts, n, called)
        assert scalar_fields(shanten(hand)) == expected, hand
        assert scalar_fields(shanten(hand.to_text())) == expected, hand


def _called(calls: list[Call]) -> list[int]:
    return called_counts(calls)


def test_every_one_and_two_tile_hand_with_four_calls() -> None:
    cases = [[0] * 34 for _ in range(34)]
    for k, row in enumerate(cases):
        row[k] = 1
    for a, b in itertools.combinations_with_replacement(range(34), 2):
        row = [0] * 34
        row[a] += 1
        row[b] += 1
        cases.append(row)
    batch = shanten_batch(np.array(cases, dtype=np.uint8), 4).tolist()
    for counts, value in zip(cases, batch, strict=True):
        assert value == reference_mcr_shanten(counts, 4)["value"] == shanten(counts, melds=4).value


def every(step: int, part: str) -> Callable[[int], bool]:
    """Every ``step``-th index: the fast part takes a fifth of them (every ``5 * step``-th),
    the slow part the other four fifths; together they are every ``step``-th."""
    if part == "fast":
        return lambda i: i % (5 * step) == 0
    return lambda i: i % step == 0 and i % (5 * step) != 0


@pytest.mark.parametrize("part", ["fast", pytest.param("slow", marks=pytest.mark.slow)])
def test_every_honor_only_closed_hand(part: str) -> None:
    """All 13- and 14-tile hands of honors only (7 kinds, <= 4 copies): batch against
    scalar on every third, the reference on every 25th (the fast tier a fifth of each)."""
    cases = [list(c) for c in itertools.product(range(5), repeat=7) if sum(c) in (13, 14)]
    rows = np.zeros((len(cases), 34), dtype=np.uint8)
    rows[:, 27:] = cases
    batch = batch_fields(rows, np.zeros(len(rows), dtype=np.int64))
    assert len(cases) == 16010
    against_scalar, against_reference = every(3, part), every(25, part)
    for i, (row, from_batch) in enumerate(zip(rows.tolist(), batch, strict=True)):
        if against_scalar(i):
            assert from_batch == scalar_fields(shanten(row))
        if against_reference(i):
            assert from_batch == reference_mcr_shanten(row)


@pytest.mark.slow
def test_every_knitted_set_plus_four_tiles_scalar_and_batch() -> None:
    """A knitted set plus every 4 further tiles (66,045 hands less those over four copies):
    batch against scalar on all of them, the reference on a sample."""
    knit = KNITTED_SETS[3]
    cases = []
    for extra in itertools.combinations_with_replacement(range(34), 4):
        row = [0] * 34
        for k in knit:
            row[k] = 1
        for k in extra:
            row[k] += 1
        if max(row) <= 4:
            cases.append(row)
    rows = np.array(cases, dtype=np.uint8)
    values = shanten_batch(rows).tolist()
    knitted = shanten_batch(rows, form="knitted_straight").tolist()
    rng = random.Random(12)
    sample = set(rng.sample(range(len(cases)), 300))
    for i, row in enumerate(cases):
        if i % 37 == 0 or i in sample:
            result = shanten(row)
            assert (result.value, result.knitted_straight) == (values[i], knitted[i])
        if i in sample:
            expected = reference_mcr_shanten(row)
            assert (values[i], knitted[i]) == (expected["value"], expected["knitted_straight"])
    assert min(knitted) == 0  # tenpai knitted straights are among them


def test_fourteen_tiles_are_minus_one_when_complete_else_the_best_discard() -> None:
    for counts, calls in hands(seed=13, count=400):
        if sum(counts) + 3 * calls != 14:
            continue
        whole = scalar_fields(shanten(counts, melds=calls))
        discards = [list(counts) for k in range(34) if counts[k]]
        for d, k in zip(discards, [k for k in range(34) if counts[k]], strict=True):
            d[k] -= 1
        after = [scalar_fields(shanten(d, melds=calls)) for d in discards]
        for field, value in whole.items():
            if value is None:
                continue
            best = min(a[field] for a in after)  # type: ignore[type-var]
            # complete: -1, and its best discard is tenpai; else the best discard's shanten
            assert (value, best) == (-1, 0) or value == best >= 0, (counts, calls, field)


def test_batch_threads_and_melds_forms_do_not_change_answers() -> None:
    cases = list(hands(seed=14, count=5000))
    rows = np.array([c for c, _ in cases], dtype=np.uint8)
    melds = np.array([m for _, m in cases])
    for form in FORMS:
        one = shanten_batch(rows, melds, form=form, threads=1)
        np.testing.assert_array_equal(one, shanten_batch(rows, melds, form=form, threads=2))
        closed = melds == 0
        np.testing.assert_array_equal(one[closed], shanten_batch(rows[closed], 0, form=form))
    assert shanten_batch(rows, melds).dtype == np.int8


# --- the rules' edge cases ---------------------------------------------------------


def test_four_held_copies_are_no_wait_on_a_fifth() -> None:
    # 1111m and three calls: 111m + 1m would wait on a fifth 1m
    assert shanten("1111m [234p] [567p] [789s]").regular == 1
    assert shanten([4] + [0] * 33, melds=3).value == 1
    assert reference_mcr_shanten([4] + [0] * 33, 3)["regular"] == 1
    # PyMahjongGB calls this tenpai (corpus: 6666z(5555z)[777z][678s])
    assert shanten("6666z (5555z) [777z] [678s]").value == 1


def test_tiles_in_calls_count_toward_four_copies() -> None:
    """The batch twin (and a reference told only the number of calls) cannot see the call
    tiles: there they count on copies that sit in the calls. The exact values are the
    scalar's; the blind ones are wrong by the rules (no fifth copy of a tile exists)."""
    hand = Hand("489p1s7z [111p] [567p] [777p]")  # every 7p is called: 89p waits on nothing
    blind = reference_mcr_shanten(hand.concealed, hand.n_calls)["regular"]
    exact = reference_mcr_shanten(hand.concealed, hand.n_calls, hand.called_counts)["regular"]
    assert (blind, exact) == (1, 2)
    assert shanten(hand).regular == exact
    assert shanten_batch(np.array([hand.concealed], dtype=np.uint8), 3).tolist() == [blind]
    # a kong of a knitted kind rules out the knitted sets holding it
    kong = Hand("7m2889p356s12z [4444m]")
    assert shanten(kong).knitted_straight == 6
    assert reference_mcr_shanten(kong.concealed, 1)["knitted_straight"] == 4  # wrong: a 5th 4m
    assert reference_mcr_shanten(kong.concealed, 1, kong.called_counts)["knitted_straight"] == 6


def test_seven_pairs_count_four_of_a_kind_as_two_pairs() -> None:
    result = shanten("1111m2222p3333s44z")
    assert result.seven_pairs == -1 and result.is_complete
    assert shanten("1111m2222p3333s4z").seven_pairs == 0  # waits on 4z
    assert shanten("11112222333344m").seven_pairs == -1


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("19m19p19s11234567z", "thirteen_orphans"),
        ("147m258p369s12345z", "honors_and_knitted"),  # lesser: 14 distinct candidates
        ("147m25p36s1234567z", "honors_and_knitted"),  # greater: all seven honors
        ("147m258p369s11222z", "knitted_straight"),
        ("147m258p369s55z [123m]", "knitted_straight"),  # the chow is the set
        ("147m258p369s55z (1111z)", "knitted_straight"),  # a concealed kong as the set
        ("11223344556677z", "seven_pairs"),
    ],
)
def test_complete_hands_of_each_form(text: str, field: str) -> None:
    result = shanten(text)
    assert getattr(result, field) == -1 and result.value == -1


def test_closed_forms_are_none_with_any_call_knitted_straight_with_two() -> None:
    one = shanten("123m456p789s2z (1111z)")  # a concealed kong is a call here
    assert (one.seven_pairs, one.thirteen_orphans, one.honors_and_knitted) == (None, None, None)
    assert one.knitted_straight is not None
    two = shanten("123m456p2z [789s] (1111z)")
    assert two.knitted_straight is None
    assert two.to_dict() == {
        "value": two.regular,
        "regular": two.regular,
        "seven_pairs": None,
        "thirteen_orphans": None,
        "honors_and_knitted": None,
        "knitted_straight": None,
    }
    rows = np.array([Hand("123m456p789s2z (1111z)").concealed], dtype=np.uint8)
    assert shanten_batch(rows, 1, form="seven_pairs").tolist() == [NOT_APPLICABLE]
    assert shanten_batch(rows, 1, form="knitted_straight").tolist() == [one.knitted_straight]


def test_tenpai_and_complete_flags() -> None:
    assert shanten("19m19p19s1234567z").is_tenpai
    assert not shanten("19m19p19s1234567z").is_complete


# --- bad input ---------------------------------------------------------------------


def test_bad_batch_input_names_the_first_bad_row() -> None:
    rows = np.zeros((3, 34), dtype=np.uint8)
    rows[:, :13] = 1
    rows[2, 0] = 5
    with pytest.raises(InvalidHandError, match="row 2: kind 0 has 5 copies"):
        shanten_batch(rows)
    rows[2, 0] = 1
    rows[1, 13] = 2
    with pytest.raises(InvalidHandError, match="row 1: 15 tiles with 0 calls"):
        shanten_batch(rows)
    rows[1, 13] = 0
    with pytest.raises(InvalidHandError, match="row 0: 13 tiles with 1 calls"):
        shanten_batch(rows, 1)
    with pytest.raises(InvalidHandError, match="melds row 1"):
        shanten_batch(rows, np.array([0, 5, 0]))
    with pytest.raises(InvalidHandError, match=r"shape \(N, 34\)"):
        shanten_batch(rows[:, :33])
    with pytest.raises(InvalidArgumentError, match="form must be one of"):
        shanten_batch(rows, form="chiitoitsu")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="threads"):
        shanten_batch(rows, threads=0)


def test_bad_scalar_input() -> None:
    with pytest.raises(InvalidHandError, match="melds= applies to count sequences"):
        shanten("123m456p789s1234z", melds=0)
    with pytest.raises(InvalidHandError, match="13 or 14 concealed tiles"):
        shanten([1] * 12 + [0] * 22)
    with pytest.raises(InvalidHandError, match="cannot read a hand"):
        shanten(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="a 5th copy"):
        shanten("11111m23456789p")
