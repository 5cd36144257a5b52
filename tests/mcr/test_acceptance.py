"""Tests of riichi_lut.mcr.acceptance: acceptance by MCR shanten against the literal reference."""

from __future__ import annotations

import random

import pytest
from mcr.hand_generators import STYLES, called_counts, random_calls, random_counts
from mcr.reference_shanten import reference_mcr_shanten

from riichi_lut.core.hand import Hand
from riichi_lut.errors import InvalidHandError
from riichi_lut.mcr.acceptance import ukeire


@pytest.mark.slow
def test_accepted_kinds_are_the_draws_that_lower_the_reference_shanten() -> None:
    rng = random.Random(20)
    for i in range(40):
        n = i % 3
        calls = random_calls(rng, n)
        called = called_counts(calls)
        counts = random_counts(rng, 13 - 3 * n, STYLES[i % 3], called)
        hand = Hand(counts, calls=tuple(calls))
        base = reference_mcr_shanten(counts, n, called)["value"]
        expected = []
        for k in range(34):
            if counts[k] + called[k] < 4:
                drawn = list(counts)
                drawn[k] += 1
                if reference_mcr_shanten(drawn, n, called)["value"] < base:
                    expected.append(k)
        result = ukeire(hand)
        assert result.shanten == base
        assert [t.kind for t in result.accepted] == expected, hand
        assert all(t.live == 4 - counts[t.kind] - called[t.kind] for t in result.accepted)
        assert result.total == sum(t.live for t in result.accepted) and result.discards == ()


def test_discards_are_ranked_by_shanten_then_live_acceptance() -> None:
    rng = random.Random(21)
    for i in range(15):
        counts = random_counts(rng, 14, STYLES[i % 3])
        result = ukeire(counts)
        held = [k for k in range(34) if counts[k]]
        assert sorted(d.kind for d in result.discards) == held
        keys = [(d.shanten, -d.total, d.kind) for d in result.discards]
        assert keys == sorted(keys)
        for d in result.discards[:3]:
            rest = list(counts)
            rest[d.kind] -= 1
            assert d.shanten == reference_mcr_shanten(rest)["value"]
        assert result.shanten == reference_mcr_shanten(counts)["value"]
        assert result.accepted == () and result.total == 0


def test_visible_tiles_lower_live_counts_only() -> None:
    plain = ukeire("147m258p369s1234z")
    seen = ukeire("147m258p369s1234z", visible="5z 5z 6z")
    assert [t.kind for t in plain.accepted] == [t.kind for t in seen.accepted] == [31, 32, 33]
    assert (plain.total, seen.total) == (12, 9)
    assert seen.to_dict()["accepted"][0] == {"tile": "5z", "live": 2}
    with pytest.raises(InvalidHandError):
        ukeire("147m258p369s1234z", visible="1z 1z 1z 1z")
