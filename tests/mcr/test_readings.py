"""Tests of riichi_lut.mcr.readings: every form a winning hand can take, the
interpretations of the winning tile, concealed status of a pung won on a discard, the
one-kind wait and the four-copy rule."""

from __future__ import annotations

import random

import pytest

from riichi_lut.core.hand import Hand
from riichi_lut.mcr.readings import CHOW, KNIT, KNIT_PATTERNS, PUNG, McrReading, is_complete, readings, waits


def _read(text: str, win: int, self_drawn: bool = False) -> list[McrReading]:
    h = Hand(text)
    return readings(h.concealed, h.calls, win, self_drawn)


def test_a_hand_of_three_identical_chows_reads_two_ways() -> None:
    forms = {tuple(s.kind for s in r.sets[:3]) for r in _read("222333444m678p55s", 1)}
    assert (PUNG, PUNG, PUNG) in forms and (CHOW, CHOW, CHOW) in forms


def test_a_pung_won_on_a_discard_is_not_concealed() -> None:
    (on_pung,) = [r for r in _read("555m66p [222m] [333p] [444s]", 4) if r.sets[r.win_set or 0].kind == PUNG]
    assert not on_pung.sets[on_pung.win_set or 0].concealed
    (self_drawn,) = [r for r in _read("555m66p [222m] [333p] [444s]", 4, True) if r.wait is None]
    assert all(s.concealed for s in self_drawn.sets if not s.called)


def test_seven_pairs_counts_four_of_a_kind_as_two_pairs() -> None:
    (r,) = _read("1111m3344p5566s77z", 33)
    assert r.form == "seven_pairs" and len(r.sets) == 7


def test_seven_shifted_pairs() -> None:
    assert {r.form for r in _read("22334455667788p", 10)} >= {"seven_shifted_pairs"}


def test_thirteen_orphans_and_honors_and_knitted() -> None:
    assert [r.form for r in _read("19m19p19s12345677z", 33)] == ["thirteen_orphans"]
    assert [r.form for r in _read("147m258p3s1234567z", 33)] == ["greater_honors_knitted"]
    assert [r.form for r in _read("147m258p369s12345z", 0)] == ["lesser_honors_knitted"]


def test_knitted_straight_with_a_called_meld() -> None:
    (r,) = _read("147m258p369s11z [555z]", 27)
    assert r.form == "knitted_straight" and [s.kind for s in r.sets[:3]] == [KNIT] * 3
    assert r.wait == "single"


def test_knitted_straight_tile_takes_no_wait() -> None:
    assert all(r.wait is None for r in _read("147789m258p369s55s", 6) if r.form == "knitted_straight")


def test_knit_patterns_are_the_six_permutations() -> None:
    assert len(set(KNIT_PATTERNS)) == 6 and all(len(p) == 9 for p in KNIT_PATTERNS)


def test_not_a_win_has_no_reading() -> None:
    assert _read("123m456p789s234s56z", 31) == []


def test_is_complete_and_waits() -> None:
    assert is_complete(Hand("22334455667788p").concealed, 0)
    assert sorted(waits(Hand("1112345678999m").concealed, ())) == list(range(9))
    # four 8s in a kong: formally the hand still waits on 8s as well as 5s (MIL)
    h = Hand("33p45667s [8888s] (6666z)")
    assert waits(h.concealed, h.calls) == frozenset({22, 25})
    # a fifth copy of a concealed quad: 1222233334566m completes on 3m and 6m
    assert waits(Hand("1222233334566m").concealed, ()) == frozenset({2, 5})


def _brute_waits(text: str) -> frozenset[int]:
    h = Hand(text)
    counts = list(h.concealed)
    out = set()
    for k in range(34):
        if counts[k] < 4:  # formal waits: copies in the melds do not matter
            counts[k] += 1
            if is_complete(counts, len(h.calls)):
                out.add(k)
            counts[k] -= 1
    return frozenset(out)


@pytest.mark.parametrize(
    "text",
    [
        "1111m2222p33s44s5z",  # seven pairs, two quads: five kinds
        "1s224455556666z",  # seven pairs with two quads, the single 1s
        "14m258p369s11z [555z]",  # knitted straight with a call, lacking a far 7m
        "19m19p19s1234567z",  # thirteen orphans, thirteen-sided
        "147m258p36s12345z",  # honors and knitted, one short
        "1112345678999m",  # nine gates
        "33p45667s [8888s] (6666z)",  # a formal wait on the fifth 8s
        "23456m234p88p [234m]",
    ],
)
def test_waits_match_a_34_kind_brute_force(text: str) -> None:
    h = Hand(text)
    assert waits(h.concealed, h.calls) == _brute_waits(text)


def _random_complete(rng: random.Random) -> list[int]:
    """14 concealed counts complete in a random form (or random tiles now and then)."""
    form = rng.randrange(6)
    kinds: list[int] = []
    if form == 0:  # thirteen orphans
        kinds = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        kinds.append(rng.choice(kinds))
    elif form == 1:  # honors and knitted tiles
        kinds = rng.sample([*rng.choice(KNIT_PATTERNS), *range(27, 34)], 14)
    elif form == 2:  # seven pairs, a quad now and then
        kinds = [k for k in rng.sample(range(34), 7) for _ in range(2)]
    else:  # a knitted straight or one set, then sets and a pair
        kinds = list(rng.choice(KNIT_PATTERNS)) if form == 3 else []
        while len(kinds) < 12:
            start = rng.randrange(34)
            chow = start < 27 and start % 9 < 7 and rng.random() < 0.6
            kinds += [start, start + 1, start + 2] if chow else [start] * 3
        kinds += [rng.randrange(34)] * 2
    if form == 5:  # random tiles: mostly no wait
        kinds = [rng.randrange(34) for _ in range(14)]
    counts = [kinds.count(k) for k in range(34)]
    return counts if max(counts) <= 4 else _random_complete(rng)


def _random_tenpai_shapes(rng: random.Random) -> list[int]:
    """13 concealed counts leaning to the shapes the direct waits must get right: knitted
    straights and honors, terminals and honors, pairs, one suit, or any tiles."""
    pools = [
        [0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)],  # one knitted straight + honors
        [0, 8, 9, 17, 18, 26, *range(27, 34)],  # terminals and honors
        list(range(9)),  # one suit
        list(range(34)),
    ]
    pool = rng.choice(pools)
    counts = [0] * 34
    while sum(counts) < 13:
        k = rng.choice(pool) if rng.random() < 0.9 else rng.randrange(34)
        if counts[k] < (1 if pool is pools[0] and rng.random() < 0.7 else 4):
            counts[k] += 1
    return counts


def test_waits_match_a_34_kind_brute_force_on_random_hands() -> None:
    """The waits come from block facts and masks, never by trying each kind: on seeded
    random 13-tile hands (a tile dropped from a complete hand of every form, or shapes
    rich in knitted tiles, orphans or one suit) they equal the brute force."""
    rng = random.Random(10)
    found = 0
    for i in range(4000):
        if i % 2:
            counts = _random_complete(rng)
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        else:
            counts = _random_tenpai_shapes(rng)
        brute = frozenset(k for k in range(34) if counts[k] < 4 and is_complete(_plus(counts, k), 0))
        got = frozenset(k for k in waits(counts, ()) if counts[k] < 4)  # (fifth copies: formal)
        assert got == brute, counts
        found += bool(got)
    assert found >= 1000  # enough of them wait on something


def _plus(counts: list[int], kind: int) -> list[int]:
    out = list(counts)
    out[kind] += 1
    return out
