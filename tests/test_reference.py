"""Tests of the reference shanten (tests/reference.py): the yardstick must be right.

Every expected value below is reasoned by hand in its comment, from the definition:
replacement number r = fewest draws to a complete hand that never uses a 5th copy of a
kind (counting the tiles in the player's own calls); shanten = r - 1. The search itself is
also checked against a dumb brute force over *all* complete targets for small hands, and
against the published problem sets on a sample.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pytest
from reference import reference_shanten

from riichi_lut.core.hand import parse_hand


def ref(text: str) -> dict[str, int | None]:
    """Reference shanten of a hand in notation, its call tiles capping the copies."""
    hand = parse_hand(text)
    return reference_shanten(hand.concealed, hand.n_calls, hand.called_counts)


def check(text: str, **expected: int | None) -> None:
    got = ref(text)
    assert {key: got[key] for key in expected} == expected, text


# (notation, expected values); the comment under each case is the reasoning.
CASES = {
    "complete_standard": (
        "123m456p789s11122z",
        # 123m 456p 789s 111z + 22z. Seven pairs: 1z (3 held is one pair), 2z, and five
        # singles to pair up -> r 5. Kokushi: 1m 9s 1z 2z held (1z paired): 9 missing.
        dict(standard=-1, chiitoitsu=4, kokushi=8, value=-1),
    ),
    "complete_chinitsu_with_four_nines": (
        "11123456789999m",
        # 11m + 123m 456m 789m 999m: the four nines are a run tile plus a triplet.
        dict(standard=-1, value=-1),
    ),
    "complete_honor_triplets": ("11122233344455z", dict(standard=-1, value=-1)),
    "complete_seven_pairs": (
        "1122m3344p5566s77z",
        # seven distinct pairs; standard needs melds, so it is not complete there.
        dict(chiitoitsu=-1, value=-1),
    ),
    "complete_kokushi": ("19m19p19s12345677z", dict(kokushi=-1, value=-1)),
    "tenpai_ryanmen": ("23m456p789s11122z", dict(standard=0)),  # 23m waits 1m/4m
    "tenpai_kanchan": ("13m456p789s11122z", dict(standard=0)),  # 13m waits 2m
    "tenpai_penchan": ("12m456p789s11122z", dict(standard=0)),  # 12m waits 3m
    "tenpai_tanki": ("1m456p789s111z222z", dict(standard=0)),  # four melds + 1m alone
    "tenpai_shanpon": ("11m22p456p789s111z", dict(standard=0)),  # 11m/22p: either triplet
    "tenpai_nobetan": ("2345m456p789s111z", dict(standard=0)),  # 2345m waits 2m/5m
    "one_shanten_four_east_no_pair_wait": (
        "123456789m1111z",
        # Four melds (123m 456m 789m 111z) plus 1z: its pair would need a 5th 1z, so the
        # pair must be drawn fresh (2 draws): r 2. Seven pairs: 1z is one pair + 6 of
        # the 9 singles paired: r 6. Kokushi: 1m 9m 1z (paired), 10 missing.
        dict(standard=1, chiitoitsu=5, kokushi=9, value=1),
    ),
    "three_shanten_1111222233334z": (
        "1111222233334z",
        # Honors only make triplets/pairs, and a kind with 4 held is a triplet OR a pair
        # (both would be 5 copies). Best: 111z 222z 333z (free) + 444z (2) + a fresh pair
        # (2), or + a fresh triplet (3) and 44z (1): r 4. Seven pairs: 1z 2z 3z free, 4z
        # one draw, three fresh kinds two each: r 7. Kokushi: four honors, one paired: 9.
        dict(standard=3, chiitoitsu=6, kokushi=8, value=3),
    ),
    "fifth_copy_wait_1111m": (
        "1111m234p567p789s",
        # 111m + three melds leaves 1m "waiting" on a 5th copy. No single draw completes
        # the hand (1111m + x must be a meld and a pair: only x = 1m), so r 2.
        dict(standard=1, chiitoitsu=5, kokushi=10, value=1),
    ),
    "four_held_east_with_three_triplets": (
        "1111z222z333z444z",
        # 111z 222z 333z 444z + 1z would pair with a 5th 1z: a fresh pair, r 2.
        dict(standard=1, chiitoitsu=5, kokushi=8, value=1),
    ),
    "seven_pairs_quad_is_one_pair": (
        "1111m2233p4455s6z",
        # Pairs of distinct kinds: 1m (the quad counts once), 2p 3p 4s 5s; 6z needs one
        # draw and a seventh kind two: r 3. (Counting the quad twice would say tenpai.)
        dict(chiitoitsu=2),
    ),
    "six_honor_pairs_with_a_quad": (
        "11112233445566z",
        # Seven pairs: six kinds paired, a seventh kind needs 2 draws: r 2 -> 1.
        # Standard: 111z + three of the five pairs raised to triplets (3 draws) + the
        # last pair: r 3 -> 2. Kokushi: six honors, one paired: 13 - 6 - 1 = 6.
        dict(standard=2, chiitoitsu=1, kokushi=6, value=1),
    ),
    "kokushi_thirteen_sided": ("19m19p19s1234567z", dict(kokushi=0, value=0)),
    "kokushi_paired_one_missing": ("119m19p19s123456z", dict(kokushi=0)),  # waits 7z only
    "kokushi_one_shanten": ("129m19p19s123456z", dict(kokushi=1)),  # 12 kinds, no pair
    "closed_kan_blocks_kanchan": (
        "46m11z (5555m) [123p] [789s]",
        # One meld + a pair from 46m11z. All four 5m are in the kan, so 456m/345m/567m are
        # impossible; 11z + 444m/666m/234m/678m needs 2, 111z + 44m needs 2: r 2.
        dict(standard=1, chiitoitsu=None, kokushi=None, value=1),
    ),
    "pon_blocks_tanki": (
        "1z [111z] [123m] [456m] [789m]",
        # Only a pair is missing; 11z would be a 5th 1z, so a fresh pair: r 2.
        dict(standard=1, value=1),
    ),
    "four_calls_two_blocked_singles": (
        "12z [111z] [222z] [333s] [444s]",
        # 14 tiles: a pair is missing; 1z and 2z are both exhausted: fresh pair, r 2.
        dict(standard=1, value=1),
    ),
    "four_calls_two_singles": ("12z [123m] [456m] [789m] [555z]", dict(standard=0)),
    "four_calls_tanki": ("5z [123m] [456m] [789m] [111z]", dict(standard=0)),
    "four_calls_complete": ("55z [123m] [456m] [789m] [111z]", dict(standard=-1, value=-1)),
    "called_hand_looking_like_thirteen_orphans": (
        "19m19p19s1234z [777z]",
        # No two concealed tiles share a meld: each of three melds needs 2 draws and the
        # pair 1: r 7. Kokushi and chiitoitsu do not exist with calls.
        dict(standard=6, chiitoitsu=None, kokushi=None, value=6),
    ),
    "two_calls_ryanmen_tenpai": (
        "23m456p22z [789s] (1111z)",
        dict(standard=0, chiitoitsu=None, kokushi=None, value=0),
    ),
}


@pytest.mark.parametrize("text, expected", CASES.values(), ids=CASES.keys())
def test_hand_checked_case(text: str, expected: dict[str, int | None]) -> None:
    check(text, **expected)


@pytest.mark.parametrize(
    "concealed, calls, capped, uncapped",
    [
        # the kan holds every 5m: kanchan 46m is dead only when the call tiles are known
        ("46m11z", "(5555m) [123p] [789s]", 1, 0),
        # the pon holds three 1z: the tanki on 1z is the 5th copy
        ("1z", "[111z] [123m] [456m] [789m]", 1, 0),
        # a chi uses no copy that the hand needs: no difference
        ("23m456p22z", "[789s] [789s]", 0, 0),
    ],
)
def test_call_tiles_cap_the_copies(concealed: str, calls: str, capped: int, uncapped: int) -> None:
    hand = parse_hand(f"{concealed} {calls}")
    with_tiles = reference_shanten(hand.concealed, hand.n_calls, hand.called_counts)
    count_only = reference_shanten(hand.concealed, hand.n_calls)
    assert (with_tiles["standard"], count_only["standard"]) == (capped, uncapped)


@pytest.mark.parametrize(
    "counts, calls",
    [
        ([1] * 12 + [0] * 22, 0),  # 12 tiles
        ([1] * 15 + [0] * 19, 0),  # 15 tiles
        ([5] + [1] * 8 + [0] * 25, 0),  # a 5th copy
        ([1] * 13 + [0] * 21, 1),  # 13 concealed tiles with a call
        ([1] * 13 + [0] * 20, 0),  # 33 counts
    ],
)
def test_rejects_impossible_counts(counts: list[int], calls: int) -> None:
    with pytest.raises(AssertionError):
        reference_shanten(counts, calls)


# --- the search against brute force over every complete target ---------------------


def _meld_vectors() -> np.ndarray:
    """Every meld as a 34-count row, built here independently of the module."""
    rows = []
    for kind in range(34):
        rows.append(np.bincount([kind] * 3, minlength=34))
        if kind < 27 and kind % 9 < 7:
            rows.append(np.bincount([kind, kind + 1, kind + 2], minlength=34))
    return np.array(rows, dtype=np.int16)


def _all_targets(melds_needed: int) -> np.ndarray:
    """All complete targets: every multiset of melds plus every pair (copies unchecked)."""
    melds = _meld_vectors()
    pairs = 2 * np.eye(34, dtype=np.int16)
    combos = itertools.combinations_with_replacement(range(len(melds)), melds_needed)
    bodies = np.array([melds[list(c)].sum(axis=0) for c in combos], dtype=np.int16)
    return (bodies[:, None, :] + pairs[None, :, :]).reshape(-1, 34)


def _brute_force(targets: np.ndarray, concealed: np.ndarray, called: np.ndarray) -> int:
    possible = (targets + called <= 4).all(axis=1)
    draws = np.maximum(targets[possible] - concealed, 0).sum(axis=1)
    return int(draws.min()) - 1


def _random_small_hand(rng: np.random.Generator, calls: int) -> tuple[np.ndarray, np.ndarray]:
    """Concealed counts and called-tile counts drawn from a small set of kinds, so that
    call tiles and concealed tiles compete for the same copies."""
    kinds = rng.choice(34, size=6, replace=False)
    wall = np.zeros(34, dtype=np.int16)
    wall[kinds] = 4
    tiles = rng.permutation(np.repeat(np.arange(34), wall))
    size = 13 - 3 * calls + int(rng.integers(2))
    concealed = np.bincount(tiles[:size], minlength=34)
    called = np.bincount(tiles[size : size + int(rng.integers(3 * calls, 4 * calls + 1))], minlength=34)
    return concealed.astype(np.int16), called.astype(np.int16)


@pytest.mark.parametrize("calls, hands", [(4, 200), (3, 150), (2, 40)])
def test_search_equals_brute_force(calls: int, hands: int) -> None:
    """Pruning and fresh-meld shortcuts change nothing: same value as trying every target."""
    rng = np.random.default_rng(calls)
    targets = _all_targets(4 - calls)
    for _ in range(hands):
        concealed, called = _random_small_hand(rng, calls)
        capped = reference_shanten(concealed.tolist(), calls, called.tolist())["standard"]
        assert capped == _brute_force(targets, concealed, called), (concealed, called)
        uncapped = reference_shanten(concealed.tolist(), calls)["standard"]
        assert uncapped == _brute_force(targets, concealed, 0 * called), concealed


# --- the published problem sets -----------------------------------------------------


@pytest.mark.parametrize("name", ["normal", "hon", "tin", "koku"])
def test_matches_problem_set_sample(name: str, problem_set_lines: Callable[[str], np.ndarray]) -> None:
    """A seeded sample of each 10,000-hand set (columns: standard, kokushi, chiitoitsu)."""
    rows = problem_set_lines(name)
    sample = rows[np.random.default_rng(7).choice(len(rows), size=60, replace=False)]
    for row in sample:
        got = reference_shanten(np.bincount(row[:14], minlength=34).tolist())
        assert (got["standard"], got["kokushi"], got["chiitoitsu"]) == tuple(row[14:]), row
