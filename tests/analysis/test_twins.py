"""The twin contract, for every pair in riichi_lut.analysis.twins.TWINS: the scalar function
and its batch twin give the same answer hand by hand, both give the slow reference's
answer (tests/reference.py), and they share their parameter names and descriptions.

Seeded random hands: closed 13- and 14-tile hands, hands with 1-4 calls given as
``melds`` (call tiles unknown), and visible tiles on half the rows where the pair takes
them, about half of them the player's own discards (furiten; issue 11). The pairs agree
on every sampled row; the reference, which searches every target literally and costs
milliseconds a hand, checks the first rows of each sample and the furiten and dead rows.
"""

from __future__ import annotations

import inspect
import re
from functools import cache

import numpy as np
import pytest
from reference import reference_shanten

import riichi_lut
from riichi_lut.analysis.contract import PARAMETERS
from riichi_lut.analysis.twins import TWINS, Row, Twin

ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
CASES = [(size, calls) for size in (13, 14) for calls in ("closed", "calls")]
SAMPLE = 400  # rows per case where the twins are compared with each other
REFERENCE_ROWS = {  # rows per case checked against the reference (it is slow)
    ("shanten", "closed"): 40,
    ("shanten", "calls"): 80,
    ("shanten_value", "closed"): 40,
    ("shanten_value", "calls"): 80,
    ("ukeire", "closed"): 10,
    ("ukeire", "calls"): 40,
    ("rank_discards", "closed"): 5,
    ("rank_discards", "calls"): 12,
}


def deal(rng: np.random.Generator, tiles: int, pool: int) -> np.ndarray:
    """(34,) uint8 counts of ``tiles`` tiles drawn from the whole wall (``pool`` 0), from one
    suit and two honors (1: low shanten, three and four held copies) or from the orphans
    and one suit (2: chiitoitsu and kokushi shapes)."""
    suit = int(rng.integers(3)) * 9 + np.arange(9)
    kinds = (np.arange(34), np.r_[suit, 27 + rng.choice(7, 2, replace=False)], np.r_[ORPHANS, suit[1:4]])
    row = np.zeros(34, dtype=np.uint8)
    np.add.at(row, rng.permutation(np.repeat(kinds[pool], 4))[:tiles], 1)
    return row


@cache
def sample(size: int, calls: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(counts, melds, visible, own discards) of SAMPLE hands of ``size`` tiles counting
    calls as 3; the own discards are a seeded share of what was visible, so that the live
    counts are those of the sample before own discards existed."""
    rng = np.random.default_rng(9000 + size + (0 if calls == "closed" else 1))
    melds = np.zeros(SAMPLE, dtype=np.int64) if calls == "closed" else rng.integers(1, 5, SAMPLE)
    counts = np.array([deal(rng, size - 3 * int(k), i % 3) for i, k in enumerate(melds)])
    visible = (rng.random(counts.shape) * (5 - counts.astype(np.int64))).astype(np.uint8)
    visible *= rng.random(counts.shape) < 0.2
    visible[rng.random(SAMPLE) < 0.5] = 0
    own = np.random.default_rng(11 + size).binomial(visible, 0.5).astype(np.uint8)
    visible -= own
    for array in (counts, visible, own):
        array.setflags(write=False)
    return counts, melds, visible, own


def cases_of(twin: Twin) -> list[tuple[int, str]]:
    return [(size, calls) for size, calls in CASES if size in twin.sizes]


PAIRS = [
    pytest.param(t, size, calls, id=f"{t.name}-{size}-{calls}") for t in TWINS for size, calls in cases_of(t)
]


# --- the slow reference, per pair ------------------------------------------------------


@cache
def ref(counts: tuple[int, ...], melds: int) -> dict[str, int | None]:
    return reference_shanten(list(counts), melds)


def ref_acceptance(counts: list[int], melds: int, live: list[int]) -> tuple[int, tuple[int, ...], int]:
    """(shanten, accepted kinds, live total) of a 3n+1 hand, by re-running the reference
    after each draw."""
    base = ref(tuple(counts), melds)["value"]
    accepted = []
    for kind in range(34):
        if counts[kind] < 4:
            grown = list(counts)
            grown[kind] += 1
            if ref(tuple(grown), melds)["value"] < base:  # type: ignore[operator]
                accepted.append(kind)
    assert base is not None
    return base, tuple(accepted), sum(live[k] for k in accepted)


def ref_shanten(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    r = ref(tuple(counts), melds)
    return r["value"], r["standard"], r["chiitoitsu"], r["kokushi"]


def live_of(counts: list[int], visible: list[int] | None, own: list[int] | None) -> list[int]:
    """4 - held - visible - own discards (the player's discards are visible too)."""
    seen, mine = visible or [0] * 34, own or [0] * 34
    return [4 - c - v - o for c, v, o in zip(counts, seen, mine, strict=True)]


def ref_ukeire(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    """Shanten, accepted kinds, live total, and furiten: tenpai with a wait among the
    player's discards."""
    base, accepted, total = ref_acceptance(counts, melds, live_of(counts, visible, own))
    return base, accepted, total, base == 0 and any((own or [0] * 34)[k] for k in accepted)


def ref_best_discard(counts: list[int], melds: int, visible: list[int] | None, own: list[int] | None) -> Row:
    """A live option (some live tile accepted) before a dead one, then the lowest shanten
    after the discard, a non-furiten option (no wait among the player's discards or on the
    discarded tile) before a furiten one, the most live tiles (the discard is gone), the
    lowest kind."""
    live = live_of(counts, visible, own)
    discarded = own or [0] * 34
    options = []
    for kind in (k for k in range(34) if counts[k]):
        rest = list(counts)
        rest[kind] -= 1
        after, accepted, total = ref_acceptance(rest, melds, live)
        furiten = after == 0 and any(k == kind or discarded[k] for k in accepted)
        options.append((total == 0, after, furiten, -total, kind))
    _, after, furiten, minus_total, kind = min(options)
    return kind, after, -minus_total, furiten


REFERENCE = {
    "shanten": ref_shanten,
    "shanten_value": lambda counts, melds, visible, own: (ref(tuple(counts), melds)["value"],),
    "ukeire": ref_ukeire,
    "rank_discards": ref_best_discard,
}


# --- the pairs against each other and the reference -----------------------------------


Inputs = tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]


def inputs(twin: Twin, size: int, calls: str) -> Inputs:
    counts, melds, visible, own = sample(size, calls)
    if not twin.takes_visible:
        return counts, melds, None, None
    return counts, melds, visible, own


def row_of(array: np.ndarray | None, i: int) -> list[int] | None:
    return None if array is None else array[i].tolist()


def scalar_rows(
    twin: Twin, counts: np.ndarray, melds: np.ndarray, visible: np.ndarray | None, own: np.ndarray | None
) -> list[Row]:
    return [
        twin.scalar_row(c.tolist(), int(m), row_of(visible, i), row_of(own, i))
        for i, (c, m) in enumerate(zip(counts, melds, strict=True))
    ]


@pytest.mark.parametrize(("twin", "size", "calls"), PAIRS)
def test_scalar_and_batch_agree_hand_by_hand(twin: Twin, size: int, calls: str) -> None:
    counts, melds, visible, own = inputs(twin, size, calls)
    batch = twin.batch_rows(counts, melds, visible, own)
    scalar = scalar_rows(twin, counts, melds, visible, own)
    assert len(batch) == len(scalar) == SAMPLE
    for i, (b, s) in enumerate(zip(batch, scalar, strict=True)):
        assert b == s, (twin.name, i, counts[i].tolist(), int(melds[i]))
    if calls == "closed" and size == 13:  # the sample reaches tenpai; low shanten matters most
        assert sum(1 for s in scalar if s[0] == 0) >= 5
    if twin.takes_visible and calls == "calls":  # the sample reaches furiten and dead options
        assert sum(1 for s in scalar if s[-1]) >= 5, twin.name
        assert any(s[2] == 0 for s in scalar), twin.name


@pytest.mark.parametrize(("twin", "size", "calls"), PAIRS)
def test_both_match_the_reference(twin: Twin, size: int, calls: str) -> None:
    counts, melds, visible, own = inputs(twin, size, calls)
    n = REFERENCE_ROWS[twin.name, calls]
    counts, melds = counts[:n], melds[:n]
    visible = None if visible is None else visible[:n]
    own = None if own is None else own[:n]
    expected = [
        REFERENCE[twin.name](c.tolist(), int(m), row_of(visible, i), row_of(own, i))
        for i, (c, m) in enumerate(zip(counts, melds, strict=True))
    ]
    assert scalar_rows(twin, counts, melds, visible, own) == expected
    assert twin.batch_rows(counts, melds, visible, own) == expected


@pytest.mark.parametrize("twin", [t for t in TWINS if t.takes_visible], ids=lambda t: t.name)
def test_furiten_and_dead_rows_match_the_reference(twin: Twin) -> None:
    """The rows of the samples where the scalar answer is furiten or dead (few, and rarely
    among the first rows the other test checks) against the reference."""
    checked = 0
    for size, calls in cases_of(twin):
        counts, melds, visible, own = inputs(twin, size, calls)
        rows = scalar_rows(twin, counts, melds, visible, own)
        picked = [i for i, r in enumerate(rows) if r[-1] or r[2] == 0][:8]
        for i in picked:
            expected = REFERENCE[twin.name](
                counts[i].tolist(), int(melds[i]), row_of(visible, i), row_of(own, i)
            )
            assert rows[i] == expected, (twin.name, i)
        checked += len(picked)
    assert checked >= 5


def test_batch_threads_give_the_same_rows() -> None:
    for twin in TWINS:
        counts, melds, visible, own = inputs(twin, twin.sizes[-1], "calls")
        extra = {} if visible is None else {"visible": visible, "own_discards": own}
        one, three = (twin.batch(counts, melds, threads=t, **extra) for t in (1, 3))
        for a, b in zip(*((r if isinstance(r, tuple) else (r,)) for r in (one, three)), strict=True):
            np.testing.assert_array_equal(a, b)
        if visible is not None:
            np.testing.assert_array_equal(one.furiten, three.furiten)


# --- the registry and the shared contract ----------------------------------------------


def test_every_registered_pair_has_a_reference_and_every_batch_function_a_twin() -> None:
    assert set(REFERENCE) == {t.name for t in TWINS}
    batch_functions = {name for name in riichi_lut.__all__ if name.endswith("_batch")}
    assert batch_functions == {t.batch.__name__ for t in TWINS}


def words(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "")


@pytest.mark.parametrize("twin", TWINS, ids=[t.name for t in TWINS])
def test_shared_parameters_have_one_name_and_one_description(twin: Twin) -> None:
    for function in (twin.scalar, twin.batch):
        signature = inspect.signature(function)
        for name in twin.parameters:
            parameter = signature.parameters.get(name)
            if name == "counts" and function is not twin.batch and parameter is None:
                continue
            assert parameter is not None, (function.__name__, name)
            assert parameter.kind is not inspect.Parameter.POSITIONAL_ONLY  # usable by keyword
            assert words(f"``{name}``: {PARAMETERS[name]}") in words(function.__doc__), (
                function.__name__,
                name,
            )
        assert "$parameters" not in (function.__doc__ or "")


@pytest.mark.parametrize(
    "twin", [t for t in TWINS if t.name in ("ukeire", "rank_discards")], ids=lambda t: t.name
)
def test_batch_results_are_named_like_the_scalar_results(twin: Twin) -> None:
    counts, melds, visible, _ = inputs(twin, twin.sizes[0], "closed")
    counts, melds, visible = counts[:3], melds[:3], None if visible is None else visible[:3]
    result = twin.batch(counts, melds, visible=visible)
    first = twin.scalar(counts[0].tolist(), None if visible is None else visible[0].tolist(), melds=0)
    scalar = first[0] if isinstance(first, tuple) else first  # rank_discards: the best option
    assert isinstance(result, tuple) and len(result) == 3 and result._fields  # type: ignore[attr-defined]
    for field in (*result._fields, "furiten"):  # type: ignore[attr-defined]
        assert hasattr(scalar, field), field
        assert len(getattr(result, field)) == 3, field
    first_field, _, last_field = result  # unpacking as before
    assert first_field is result[0] and last_field is getattr(result, result._fields[2])  # type: ignore[attr-defined]
