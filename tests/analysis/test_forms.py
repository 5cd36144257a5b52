"""Tests of riichi_lut.analysis.forms: the chiitoitsu and kokushi formulas against the slow
reference's literal target search, the packed statistics against direct counting, the
scalar and batch tile masks against "change one tile and re-evaluate", and the form
validator."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from reference import chiitoitsu_replacement, kokushi_replacement

from riichi_lut.analysis import forms, shanten
from riichi_lut.analysis.forms import (
    CHIITOITSU_BY_STATS,
    FORMS,
    KOKUSHI_BY_STATS,
    check_form,
    chiitoitsu_masks,
    chiitoitsu_shanten,
    closed_masks_batch,
    closed_shanten,
    kind_sets,
    kokushi_masks,
    kokushi_shanten,
)
from riichi_lut.errors import InvalidArgumentError
from riichi_lut.lut.blocks import HONOR, SUIT

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
BLOCKS = ((SUIT, 0, 9), (SUIT, 9, 18), (SUIT, 18, 27), (HONOR, 27, 34))


def closed_hands(seed: int, n: int, size: int) -> np.ndarray:
    """(n, 34) uint8: half from the whole wall, half from the orphans and one suit (many
    pairs, quads and orphan shapes)."""
    rng = np.random.default_rng(seed)
    rows = np.zeros((n, 34), dtype=np.uint8)
    narrow = np.repeat(np.r_[ORPHANS, 1, 2, 3, 4], 4)
    for i in range(n):
        wall = np.repeat(np.arange(34), 4) if i % 2 else narrow
        np.add.at(rows[i], rng.permutation(wall)[:size], 1)
    return rows


@pytest.fixture(scope="module", params=[13, 14])
def hands(request: pytest.FixtureRequest) -> np.ndarray:
    return closed_hands(7 + request.param, 3000, request.param)


@cache
def block_stats(b: int) -> list[int]:
    return forms.block_stats(BLOCKS[b][0]).tolist()


def stats_of(counts: np.ndarray) -> int:
    """Packed statistics of a hand from the four blocks' tables (as the shanten tables)."""
    total = 0
    for b, (_, lo, hi) in enumerate(BLOCKS):
        index = sum(int(c) * 5**i for i, c in enumerate(counts[lo:hi]))
        total += block_stats(b)[index]
    return total


def test_formulas_match_the_reference_search(hands: np.ndarray) -> None:
    for counts in hands:
        pairs, kinds = int((counts >= 2).sum()), int((counts >= 1).sum())
        orphans = counts[list(ORPHANS)]
        assert chiitoitsu_shanten(pairs, kinds) == chiitoitsu_replacement(counts.tolist()) - 1, counts
        expected = kokushi_replacement(counts.tolist()) - 1
        assert kokushi_shanten(int((orphans >= 1).sum()), int((orphans >= 2).sum())) == expected, counts


def test_formulas_on_arrays_equal_the_formulas_on_ints(hands: np.ndarray) -> None:
    pairs, kinds = (hands >= 2).sum(axis=1), (hands >= 1).sum(axis=1)
    on_arrays = chiitoitsu_shanten(pairs, kinds)
    expected = [chiitoitsu_shanten(int(p), int(k)) for p, k in zip(pairs, kinds, strict=True)]
    assert on_arrays.tolist() == expected
    orphans = hands[:, list(ORPHANS)]
    kinds, paired = (orphans >= 1).sum(axis=1), (orphans >= 2).sum(axis=1)
    on_arrays = kokushi_shanten(kinds, paired)
    assert on_arrays.tolist() == [kokushi_shanten(int(k), int(p)) for k, p in zip(kinds, paired, strict=True)]


def test_packed_statistics_count_what_they_say(hands: np.ndarray) -> None:
    for counts in hands[:500]:
        stats = stats_of(counts)
        orphans = counts[list(ORPHANS)]
        assert stats >> forms.TILES == counts.sum()
        assert (stats >> forms.PAIRS) & 7 == (counts >= 2).sum()
        assert (stats >> forms.KINDS) & 15 == (counts >= 1).sum()
        assert (stats >> forms.ORPHAN_KINDS) & 15 == (orphans >= 1).sum()
        assert (stats >> forms.ORPHAN_PAIRS) & 7 == (orphans >= 2).sum()
        assert closed_shanten(stats) == (
            chiitoitsu_replacement(counts.tolist()) - 1,
            kokushi_replacement(counts.tolist()) - 1,
        )


def test_tables_are_the_formulas() -> None:
    assert tuple(chiitoitsu_shanten(s & 7, s >> 3) for s in range(128)) == CHIITOITSU_BY_STATS
    assert tuple(kokushi_shanten(s & 15, s >> 4) for s in range(128)) == KOKUSHI_BY_STATS
    chi, ko = forms.stats_tables()
    assert chi.dtype == ko.dtype == np.int8
    assert chi.tolist() == list(CHIITOITSU_BY_STATS) and ko.tolist() == list(KOKUSHI_BY_STATS)


REPLACEMENT = {"chiitoitsu": chiitoitsu_replacement, "kokushi": kokushi_replacement}
MASKS = {"chiitoitsu": chiitoitsu_masks, "kokushi": kokushi_masks}


def brute_mask(counts: list[int], form: str, draws: bool) -> int:
    """Kinds whose draw lowers the form's replacement number (draws), or whose discard
    keeps it (else), by re-evaluating the reference after the change."""
    base = REPLACEMENT[form](counts)
    mask = 0
    for kind in range(34):
        after = list(counts)
        after[kind] += 1 if draws else -1
        if not 0 <= after[kind] <= 4:
            continue
        value = REPLACEMENT[form](after)
        if (value < base) if draws else (value == base):
            mask |= 1 << kind
    return mask


@pytest.mark.parametrize(
    "rows", [slice(0, 200), pytest.param(slice(200, 800), marks=pytest.mark.slow)], ids=["first", "rest"]
)
@pytest.mark.parametrize("form", ["chiitoitsu", "kokushi"])
def test_scalar_masks_match_brute_force(hands: np.ndarray, form: str, rows: slice) -> None:
    """The first 800 hands of the sample: 200 in the fast tier, the other 600 slow."""
    draws = hands[0].sum() == 13
    for counts in hands[rows]:
        shanten_value, mask = MASKS[form](kind_sets(counts.tolist()), draws)
        assert shanten_value == REPLACEMENT[form](counts.tolist()) - 1
        assert mask == brute_mask(counts.tolist(), form, draws), (form, counts.tolist())


def test_batch_masks_equal_the_scalar_masks(hands: np.ndarray) -> None:
    draws = bool(hands[0].sum() == 13)
    stats = np.array([stats_of(counts) for counts in hands[:1000]], dtype=np.uint32)
    chi, ko = closed_masks_batch(hands[:1000], stats, draws)
    for i, counts in enumerate(hands[:1000]):
        for form, batch in (("chiitoitsu", chi), ("kokushi", ko)):
            expected = MASKS[form](kind_sets(counts.tolist()), draws)[1]
            assert np.flatnonzero(batch[i]).tolist() == [k for k in range(34) if expected >> k & 1], form


def test_check_form_accepts_every_form() -> None:
    assert [check_form(f) for f in FORMS] == list(FORMS)
    assert check_form("kokushi", forms.FORM_NAMES) == "kokushi"


@pytest.mark.parametrize("bad", ["ALL", "seven_pairs", "", None, 1, ("all",), "x" * 200])
def test_check_form_refuses_anything_else_naming_the_accepted_values(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="'all', 'standard', 'chiitoitsu', 'kokushi'") as err:
        check_form(bad)
    assert len(str(err.value)) < 160  # at most ~80 characters of the input are quoted


def test_all_is_not_a_single_form_name() -> None:
    with pytest.raises(InvalidArgumentError, match="'standard', 'chiitoitsu', 'kokushi'; got 'all'"):
        check_form("all", forms.FORM_NAMES)


def test_dead_formula_copies_are_gone() -> None:
    for name in ("chiitoitsu_from_stats", "kokushi_from_stats", "_form_tables", "_kind_stats"):
        assert not hasattr(shanten, name), name
