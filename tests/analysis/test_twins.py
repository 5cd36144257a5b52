"""The twin contract, for every pair in riichi_lut.analysis.twins.TWINS: the scalar function
and its batch twin give the same answer hand by hand, both give the slow reference's
answer (tests/reference.py), and they share their parameter names and descriptions.

Seeded random hands: closed 13- and 14-tile hands, hands with 1-4 calls given as
``melds`` (call tiles unknown), and visible tiles on half the rows where the pair takes
them. The pairs agree on every sampled row; the reference, which searches every target
literally and costs milliseconds a hand, checks the first rows of each sample.
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
def sample(size: int, calls: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(counts, melds, visible) of SAMPLE hands of ``size`` tiles counting calls as 3."""
    rng = np.random.default_rng(9000 + size + (0 if calls == "closed" else 1))
    melds = np.zeros(SAMPLE, dtype=np.int64) if calls == "closed" else rng.integers(1, 5, SAMPLE)
    counts = np.array([deal(rng, size - 3 * int(k), i % 3) for i, k in enumerate(melds)])
    visible = (rng.random(counts.shape) * (5 - counts.astype(np.int64))).astype(np.uint8)
    visible *= rng.random(counts.shape) < 0.2
    visible[rng.random(SAMPLE) < 0.5] = 0
    counts.setflags(write=False)
    visible.setflags(write=False)
    return counts, melds, visible


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


def ref_shanten(counts: list[int], melds: int, visible: list[int] | None) -> Row:
    r = ref(tuple(counts), melds)
    return r["value"], r["standard"], r["chiitoitsu"], r["kokushi"]


def ref_ukeire(counts: list[int], melds: int, visible: list[int] | None) -> Row:
    seen = visible or [0] * 34
    return ref_acceptance(counts, melds, [4 - c - v for c, v in zip(counts, seen, strict=True)])


def ref_best_discard(counts: list[int], melds: int, visible: list[int] | None) -> Row:
    """Lowest shanten after the discard, then most live tiles (the discard is gone),
    then the lowest kind."""
    seen = visible or [0] * 34
    live = [4 - c - v for c, v in zip(counts, seen, strict=True)]
    options = []
    for kind in (k for k in range(34) if counts[k]):
        rest = list(counts)
        rest[kind] -= 1
        after, _, total = ref_acceptance(rest, melds, live)
        options.append((after, -total, kind))
    after, minus_total, kind = min(options)
    return kind, after, -minus_total


REFERENCE = {
    "shanten": ref_shanten,
    "shanten_value": lambda counts, melds, visible: (ref(tuple(counts), melds)["value"],),
    "ukeire": ref_ukeire,
    "rank_discards": ref_best_discard,
}


# --- the pairs against each other and the reference -----------------------------------


def inputs(twin: Twin, size: int, calls: str) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    counts, melds, visible = sample(size, calls)
    return counts, melds, visible if twin.takes_visible else None


def scalar_rows(twin: Twin, counts: np.ndarray, melds: np.ndarray, visible: np.ndarray | None) -> list[Row]:
    return [
        twin.scalar_row(c.tolist(), int(m), None if visible is None else visible[i].tolist())
        for i, (c, m) in enumerate(zip(counts, melds, strict=True))
    ]


@pytest.mark.parametrize(("twin", "size", "calls"), PAIRS)
def test_scalar_and_batch_agree_hand_by_hand(twin: Twin, size: int, calls: str) -> None:
    counts, melds, visible = inputs(twin, size, calls)
    batch = twin.batch_rows(counts, melds, visible)
    scalar = scalar_rows(twin, counts, melds, visible)
    assert len(batch) == len(scalar) == SAMPLE
    for i, (b, s) in enumerate(zip(batch, scalar, strict=True)):
        assert b == s, (twin.name, i, counts[i].tolist(), int(melds[i]))
    if calls == "closed" and size == 13:  # the sample reaches tenpai; low shanten matters most
        assert sum(1 for s in scalar if s[0] == 0) >= 5


@pytest.mark.parametrize(("twin", "size", "calls"), PAIRS)
def test_both_match_the_reference(twin: Twin, size: int, calls: str) -> None:
    counts, melds, visible = inputs(twin, size, calls)
    n = REFERENCE_ROWS[twin.name, calls]
    counts, melds = counts[:n], melds[:n]
    visible = None if visible is None else visible[:n]
    expected = [
        REFERENCE[twin.name](c.tolist(), int(m), None if visible is None else visible[i].tolist())
        for i, (c, m) in enumerate(zip(counts, melds, strict=True))
    ]
    assert scalar_rows(twin, counts, melds, visible) == expected
    assert twin.batch_rows(counts, melds, visible) == expected


def test_batch_threads_give_the_same_rows() -> None:
    for twin in TWINS:
        counts, melds, visible = inputs(twin, twin.sizes[-1], "calls")
        extra = {} if visible is None else {"visible": visible}
        one, three = (twin.batch(counts, melds, threads=t, **extra) for t in (1, 3))
        for a, b in zip(*((r if isinstance(r, tuple) else (r,)) for r in (one, three)), strict=True):
            np.testing.assert_array_equal(a, b)


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


@pytest.mark.parametrize("twin", [t for t in TWINS if t.name in ("ukeire", "rank_discards")], ids=str)
def test_batch_results_are_named_like_the_scalar_results(twin: Twin) -> None:
    counts, melds, visible = inputs(twin, twin.sizes[0], "closed")
    counts, melds, visible = counts[:3], melds[:3], None if visible is None else visible[:3]
    result = twin.batch(counts, melds, visible=visible)
    first = twin.scalar(counts[0].tolist(), None if visible is None else visible[0].tolist(), melds=0)
    scalar = first[0] if isinstance(first, tuple) else first  # rank_discards: the best option
    assert isinstance(result, tuple) and len(result) == 3 and result._fields  # type: ignore[attr-defined]
    for field in result._fields:  # type: ignore[attr-defined]
        assert hasattr(scalar, field), field
    first_field, _, last_field = result  # unpacking as before
    assert first_field is result[0] and last_field is getattr(result, result._fields[2])  # type: ignore[attr-defined]
