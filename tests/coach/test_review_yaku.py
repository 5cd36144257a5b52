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
from gamelogs import MJLOG

from riichi_lut.analysis.readings import Group, GroupKind, Reading, Wait, call_groups
from riichi_lut.coach.review import Review, review
from riichi_lut.coach.review_model import Decision
from riichi_lut.coach.review_yaku import reachable_yaku
from riichi_lut.core.calls import Call, CallType
from riichi_lut.core.hand import Hand
from riichi_lut.core.tiles import NUM_KINDS
from riichi_lut.core.visible import Visible
from riichi_lut.errors import InvalidArgumentError, RiichiLutError
from riichi_lut.game import play_one, read_log
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


@pytest.mark.parametrize("seed", range(10))
def test_three_calls_match_the_reference(seed: int) -> None:
    _compare(seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 240))
def test_three_calls_match_the_reference_more(seed: int) -> None:
    _compare(seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(15))  # ~2 s each: the reference enumerates two calls' completions
def test_two_calls_match_the_reference(seed: int) -> None:
    _compare(1000 + seed, 2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(30))
def test_three_players_match_the_reference(seed: int) -> None:
    _compare(2000 + seed, 3, players=3)


# ---------------------------------------------------------------- one case per yaku

CASES = [
    # (hand, seat wind, tiles seen, yaku, shanten or None when out of reach)
    ("234m 456p 3388s 5z [678s]", "E", "", "tanyao", 0),
    ("234m 456p 3388s 5z [789s]", "E", "", "tanyao", None),  # the call holds a terminal
    ("55z 234m 456p 88s 1m [789s]", "E", "", "yakuhai_haku", 0),
    ("55z 234m 456p 88s 1m [789s]", "E", "55z", "yakuhai_haku", None),  # every other haku seen
    ("22z 234m 456p 88s 1m [789s]", "S", "", "yakuhai_seat", 0),
    ("22z 234m 456p 88s 1m [789s]", "E", "", "yakuhai_seat", 2),  # East wants three 1z
    ("111m 222p 33s 4z 5z 6z [999s]", "E", "", "toitoi", 1),
    ("111m 222p 33s 4z 5z 6z [789s]", "E", "", "toitoi", None),  # a chi is a run
    ("111m 222p 333s 4z 5z [789m]", "E", "", "sanankou", 0),
    ("123m 123p 12s 55z 9m [456s]", "E", "", "sanshoku_doujun", 0),
    ("123m 123p 55z 78p 9s [123s]", "E", "", "sanshoku_doujun", 0),  # the chi is one of the three
    ("222m 222p 55z 78p 1m [222s]", "E", "", "sanshoku_doukou", 0),
    ("123m 456m 78m 55z 1p [999s]", "E", "", "ittsu", 0),
    ("123m 789p 11z 99s 5p [111s]", "E", "", "chanta", 0),
    ("123m 789p 11z 99s 5p [111s]", "E", "", "junchan", 2),  # 11z and 5p go: a set and a pair to make
    ("123m 789p 11s 99s 5p [123s]", "E", "", "junchan", 0),
    ("111m 999p 11z 9s 22z [111s]", "E", "", "honroutou", 0),
    ("555z 66z 7z 123m 45p [999s]", "E", "", "shousangen", 1),
    ("1235m 789m 11z 5z 2p [456m]", "E", "", "honitsu", 1),
    ("11123456789m [999m]", "E", "", "chinitsu", -1),
    ("66z 77z 123m 11p 2p [555z]", "E", "", "daisangen", 1),
    ("111z 222z 33z 44z 5z [666z]", "E", "", "shousuushii", 0),
    ("111z 222z 33z 44z 5z [666z]", "E", "", "daisuushii", None),  # the pon of 6z is a fourth set
    ("111z 222z 33z 44z 5z [666z]", "E", "", "tsuuiisou", 0),
    ("111m 999m 11p 99p 5z [111s]", "E", "", "chinroutou", 0),
    ("234s 666s 88s 66z 5m [234s]", "E", "", "ryuuiisou", 0),
    ("456m 77z [1111m] [2222p] [3333s]", "E", "", "sankantsu", -1),
    ("1z 7z [1111m] [2222p] [3333s] [4444s]", "E", "", "suukantsu", 0),
    ("1z 7z [1111m] [2222p] [3333s] [4444s]", "E", "", "sankantsu", None),  # four kans are suukantsu
]


@pytest.mark.parametrize(("hand", "seat", "seen", "yaku", "shanten"), CASES)
def test_each_yaku(hand: str, seat: str, seen: str, yaku: str, shanten: int | None) -> None:
    parsed = Hand(hand)
    counts = Visible(discards=seen).counts()
    got = {r.yaku: r.shanten for r in reachable_yaku(parsed, visible=counts, seat_wind=seat)}
    assert got.get(yaku) == shanten
    if parsed.n_calls >= 2:  # the reference enumerates too many completions for one call
        wind = 27 + "ESWN".index(seat)
        assert reference(parsed, counts, wind, 27).get(yaku) == shanten


def test_three_players_have_no_manzu_runs() -> None:
    hand = Hand("123p 123s 11m 9m 55z [456s]")
    assert "sanshoku_doujun" in {r.yaku for r in reachable_yaku(hand)}
    assert "sanshoku_doujun" not in {r.yaku for r in reachable_yaku(hand, rules=TENHOU_SANMA)}


def test_without_kuitan_tanyao_is_closed_only() -> None:
    hand = Hand("234m 456p 3388s 5z [678s]")
    assert reachable_yaku(hand)[0].yaku == "tanyao"
    assert "tanyao" not in {r.yaku for r in reachable_yaku(hand, rules=TENHOU.replace(kuitan=False))}


def test_nearest_first_with_names() -> None:
    found = reachable_yaku("1199m 5z [111p] [999s] [789m]")
    assert [r.shanten for r in found] == sorted(r.shanten for r in found)
    assert found[0].to_dict() == {"yaku": "junchan", "name": "Junchan", "shanten": 0}


@pytest.mark.parametrize(
    ("hand", "options", "message"),
    [
        ("123456789m1234p", {}, "open call"),
        ("11m 123p 456p 789p (1111z)", {}, "open call"),
        ("234m 456p 3388s 5z [678s]", {"seat_wind": "X"}, "seat_wind"),
        ("234m 456p 3388s 5z [678s]", {"round_wind": 27}, "round_wind"),
        ("234m 456p 3388s 5z [678s]", {"rules": "tenhou"}, "RuleSet"),
    ],
)
def test_bad_input_is_named(hand: str, options: dict, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        reachable_yaku(hand, **options)


def test_visible_beyond_four_copies_is_refused() -> None:
    with pytest.raises(RiichiLutError, match="5z"):
        reachable_yaku("55z 234m 456p 88s 1m [789s]", visible=Visible(discards="555z").counts())


# ---------------------------------------------------------------- in the review

#: yaku of the moment, and kans still to be declared, which the search leaves out
SHORT = MJLOG / "2020052212gm-00a9-0000-3c7fe026.mjlog"  # two hands, three seats call
_NOT_SEARCHED = {"Haitei raoyue", "Houtei raoyui", "Rinshan kaihou", "Chankan", "Sankantsu", "Suukantsu"}


def check_calls(result: Review) -> int:
    """Each call says whether a yaku remains and which, nearest first, never nearer than
    the hand's own shanten; a ron with a yaku on a live wait right after it is a yaku at
    tenpai; every yaku a later win of the hand scored (of the tiles) was reachable at the
    hand's last call. Returns how many wins were checked so."""
    last: dict[str, Decision] = {}
    after: Decision | None = None
    wins = 0
    for d in result.decisions:
        if d.kind == "call":
            facts = d.facts
            shanten = [r["shanten"] for r in facts["reachable"]]
            assert facts["yaku"] == bool(shanten)
            assert shanten == sorted(shanten) and all(s >= max(d.played_shanten, 0) for s in shanten)
            assert ("can still reach" in d.why) == bool(shanten)
            assert ("no yaku remains reachable" in d.why) != bool(shanten)
            last[d.round] = after = d
        elif d.kind == "discard" and after is not None:
            waits = d.facts.get("waits", [])
            if any(w["ron_yaku"] and w["live"] for w in waits):
                assert min(r["shanten"] for r in after.facts["reachable"]) == 0, d.round
            ron = any(w["ron_yaku"] for w in waits) if waits else None
            assert after.facts["ron_yaku"] == ron, d.round
            after = None
        elif d.kind == "win" and d.round in last:
            scored = set(d.facts["yaku"]) - _NOT_SEARCHED
            assert scored <= {r["name"] for r in last[d.round].facts["reachable"]}, (d.round, scored)
            wins += 1
    return wins


def test_calls_in_a_short_shared_game() -> None:
    for seat in range(4):
        check_calls(review(read_log(SHORT), seat))


def test_a_call_that_leaves_no_yaku() -> None:
    record = play_one(["random"] * 4, seed=2, length="one_hand")  # seat 2's chi of 6m
    result = review(record, 2)
    check_calls(result)
    lost = [d for d in result.decisions if d.kind == "call" and not d.facts["yaku"]]
    assert lost and lost[0].facts["reachable"] == []
    assert "no yaku remains reachable: the hand can win only with haitei" in lost[0].why


def test_calls_in_a_played_three_player_hand() -> None:
    record = play_one(["efficiency"] * 3, seed=4, players=3, length="one_hand")  # four calls
    assert sum(check_calls(review(record, seat)) for seat in range(3)) > 0  # calls were checked


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(MJLOG.iterdir())[::3], ids=lambda p: p.name)
def test_calls_in_shared_games(path) -> None:
    for seat in range(4):
        check_calls(review(read_log(path), seat, partial=True))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (3, 3), (3, 4)])
def test_wins_after_calls_in_played_games(players: int, seed: int) -> None:
    record = play_one(["efficiency"] * players, seed=seed, players=players, length="tonpuu")
    assert sum(check_calls(review(record, seat)) for seat in range(players)) > 0
