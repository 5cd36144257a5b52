"""Tests of riichi_lut.mcr.readings: every form a winning hand can take, the
interpretations of the winning tile, concealed status of a pung won on a discard, the
one-kind wait and the four-copy rule."""

from __future__ import annotations

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
