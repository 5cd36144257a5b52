"""The yaku an open hand can still reach (riichi_lut.coach.review_yaku), against a slow
reference that builds every completion explicitly and asks the library's own yaku rows.

The reference enumerates every concealed part of ``4 - calls`` groups of three and a pair
(runs and triplets, with repetition) within the live copies, reads each with the calls
as a :class:`~riichi_lut.analysis.readings.Reading` won by tsumo, and tests every row of
:data:`riichi_lut.riichi.yaku.ROWS` on it: a yaku's distance is the fewest tiles of a
completion with it that the hand does not hold. Nothing of the search under test is used.
"""

from __future__ import annotations

import itertools
import random

import pytest

from riichi_lut.analysis.readings import Group, GroupKind, Reading, Wait, call_groups
from riichi_lut.coach.review_yaku import reachable_yaku
from riichi_lut.core.calls import Call, CallType
from riichi_lut.core.hand import Hand
from riichi_lut.core.tiles import NUM_KINDS
from riichi_lut.riichi.context import Context
from riichi_lut.riichi.rules import TENHOU, TENHOU_SANMA
from riichi_lut.riichi.yaku import ROWS

_GROUPS = [Group(GroupKind.RUN, b + n) for b in (0, 9, 18) for n in range(7)]
_GROUPS += [Group(GroupKind.TRIPLET, k) for k in range(NUM_KINDS)]


def _context(counts: list[int], concealed: list[int], seat: int, round_: int, rules=TENHOU) -> Context:
    return Context(
        tsumo=True,
        seat_wind=seat,
        round_wind=round_,
        riichi=False,
        double_riichi=False,
        ippatsu=False,
        haitei=False,
        houtei=False,
        rinshan=False,
        chankan=False,
        tenhou=False,
        chiihou=False,
        renhou=False,
        closed=False,
        counts=tuple(counts),
        concealed=tuple(concealed),
        rules=rules,
    )


def reference(hand: Hand, seen: list[int], seat: int = 27, round_: int = 27, rules=TENHOU) -> dict[str, int]:
    """yaku id -> shanten towards the nearest completion with it (see the module docstring)."""
    calls = call_groups(hand)
    called = [0] * NUM_KINDS
    for g in calls:
        for k in g.kinds:
            called[k] += 1
    copies = 4 if rules.players == 4 else None
    held = list(hand.concealed)
    caps = []
    for k in range(NUM_KINDS):
        wall = copies if copies is not None else (0 if 1 <= k <= 7 else 4)
        caps.append(wall - seen[k] - called[k])
    sets = 4 - len(calls)
    best: dict[str, int] = {}
    for melds in itertools.combinations_with_replacement(_GROUPS, sets):
        for pair in range(NUM_KINDS):
            concealed = [0] * NUM_KINDS
            for g in melds:
                for k in g.kinds:
                    concealed[k] += 1
            concealed[pair] += 2
            if any(concealed[k] > caps[k] for k in range(NUM_KINDS)):
                continue
            kept = sum(min(h, c) for h, c in zip(held, concealed, strict=True))
            shanten = 3 * sets + 2 - kept - 1
            groups = (*melds, *calls, Group(GroupKind.PAIR, pair))
            reading = Reading("standard", groups, len(groups) - 1, Wait.TANKI, pair)
            counts = [c + n for c, n in zip(concealed, called, strict=True)]
            context = _context(counts, concealed, seat, round_, rules)
            for row, predicate in ROWS:
                if shanten < best.get(row.id, 99) and predicate(reading, context):
                    best[row.id] = shanten
    return best


def found(hand: Hand, seen: list[int], seat: int = 27, round_: int = 27, rules=TENHOU) -> dict[str, int]:
    winds = "ESWN"
    result = reachable_yaku(
        hand, visible=seen, seat_wind=winds[seat - 27], round_wind=winds[round_ - 27], rules=rules
    )
    return {r.yaku: r.shanten for r in result}


# ---------------------------------------------------------------- random called hands


def random_case(rng: random.Random, n_calls: int, players: int = 4) -> tuple[Hand, list[int], int, int]:
    """A random called hand (tiles drawn from a few suits, so that one-suit and honour
    yaku come up), the tiles seen elsewhere, and the winds."""
    pool = [k for k in range(NUM_KINDS) for _ in range(4) if players == 4 or not 1 <= k <= 7]
    favoured = set(rng.sample([0, 9, 18, 27], rng.choice((1, 2, 3))))
    pool = [k for k in pool if (27 if k >= 27 else k // 9 * 9) in favoured or rng.random() < 0.15]
    rng.shuffle(pool)
    left = {k: pool.count(k) for k in set(pool)}
    calls: list[Call] = []
    while len(calls) < n_calls:
        kind = rng.choice(pool)
        choice = rng.random()
        if choice < 0.45 and kind < 27 and kind % 9 <= 6 and all(left.get(kind + i, 0) for i in range(3)):
            for i in range(3):
                left[kind + i] -= 1
            calls.append(Call.chi(kind))
        elif choice < 0.85 and left.get(kind, 0) >= 3:
            left[kind] -= 3
            calls.append(Call.pon(kind))
        elif left.get(kind, 0) == 4:
            left[kind] -= 4
            closed = calls and choice > 0.95
            calls.append(Call.closed_kan(kind) if closed else Call.open_kan(kind))
    rest = [k for k, n in left.items() for _ in range(n)]
    rng.shuffle(rest)
    size = 3 * (4 - n_calls) + rng.choice((1, 2))
    concealed = [0] * NUM_KINDS
    for k in rest[:size]:
        concealed[k] += 1
    seen = [0] * NUM_KINDS
    for k in rest[size : size + rng.randrange(0, 30)]:
        seen[k] += 1
    if all(c.type is CallType.CLOSED_KAN for c in calls):
        raise AssertionError("an open call is always drawn first")
    return Hand(concealed, calls=tuple(calls)), seen, 27 + rng.randrange(4), 27 + rng.randrange(2)


def _compare(seed: int, n_calls: int, players: int = 4) -> None:
    rng = random.Random(seed)
    hand, seen, seat, round_ = random_case(rng, n_calls, players)
    rules = TENHOU if players == 4 else TENHOU_SANMA
    assert found(hand, seen, seat, round_, rules) == reference(hand, seen, seat, round_, rules), (hand, seen)


@pytest.mark.parametrize("seed", range(40))
def test_three_calls_match_the_reference(seed: int) -> None:
    _compare(seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40, 240))
def test_three_calls_match_the_reference_more(seed: int) -> None:
    _compare(seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(60))
def test_two_calls_match_the_reference(seed: int) -> None:
    _compare(1000 + seed, 2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(30))
def test_three_players_match_the_reference(seed: int) -> None:
    _compare(2000 + seed, 3, players=3)
