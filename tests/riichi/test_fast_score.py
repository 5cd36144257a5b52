"""``score()`` (the fast path of ``riichi.fastinput`` / ``riichi.fastscore``, issue 13 item 1)
answers exactly as ``reference_score()`` (the general path it replaced) on 100,000 seeded
situations: closed and open hands (chi, pon, open, closed and added kans), seven pairs,
thirteen orphans, the nine gates, 22334455667788 of a suit and the one-colour / honour /
green / terminal themes
that reach every yaku; tsumo and ron, riichi, double riichi, ippatsu and the rare flags
(contradictions included: both paths must raise the same error), open riichi and a
paarenchan count; dora, ura and red fives; every rule preset and variants, the optional
rules of issue 14 among them (pinfu tsumo fu, kazoe limits, daisharin, daichisei,
paarenchan, the yakuman cap, open riichi); the facts as keywords or a ``Win``, the hand as canonical
text (calls included: the fast reader's one pattern), other text (calls written without
spaces or a chi's tiles turned: the general parser) or a ``Hand``. Every fast answer reads
the offline split records (``tables/*_split_features``). Hands with calls in notation that
is wrong in various ways fail with the reference's error.

Compared on every situation: the error's type and message, or every number of the result
(total, han, fu, yakuman, limit, base, riichi sticks, points, dealer, tsumo) and the yaku
found (so that the generator is seen to reach every yaku); the whole result (``==``, which
builds the lazy fields) and ``to_dict()`` on a sample.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from score_paths import both_paths, outcome, run

from riichi_lut.core.calls import Call, CallType
from riichi_lut.core.hand import Hand
from riichi_lut.riichi import score
from riichi_lut.riichi.rules import PRESETS, TENHOU, RuleSet
from riichi_lut.riichi.score import ScoreResult, reference_score
from riichi_lut.riichi.yaku import ROWS

N = 100_000
SEED = 1313
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREEN = (19, 20, 21, 23, 25, 32)
RULES: tuple[RuleSet, ...] = (
    *PRESETS.values(),
    TENHOU.replace(name="no kuitan", kuitan=False, open_pinfu_fu=20),
    TENHOU.replace(
        name="doubles",
        double_yakuman=frozenset({"kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"}),
        renhou="yakuman",
    ),
    TENHOU.replace(name="single", multiple_yakuman=False, kazoe_yakuman=False, renhou="mangan", kiriage=True),
    TENHOU.replace(name="plain", aka_dora=(0, 0, 0), ippatsu=False, ura_dora=False, renhou="baiman"),
    TENHOU.replace(name="doubled wind", double_wind_pair_fu=2, aka_dora=(1, 2, 1)),
    TENHOU.replace(
        name="optional",
        pinfu_tsumo_fu=True,
        daisharin="all_suits",
        daichisei=True,
        paarenchan=True,
        open_riichi=True,
        kazoe_limit="none",
        yakuman_cap=6,
    ),
    TENHOU.replace(
        name="optional 2",
        daisharin="pin",
        paarenchan=True,
        paarenchan_needs_yaku=False,
        yakuman_cap=1,
        multiple_yakuman=False,
        double_yakuman=frozenset({"kokushi_13"}),
    ),
)
THEMES = (
    (None, 40),  # any kind
    (tuple(range(27)), 10),  # no honors
    (tuple(k for k in range(27) if k % 9 not in (0, 8)), 8),  # simples
    ("one suit", 8),
    ("one suit and honors", 8),
    (ORPHANS, 6),  # terminals and honors
    (tuple(range(27, 34)), 4),  # honors
    (GREEN, 4),
    ((0, 8, 9, 17, 18, 26), 3),  # terminals
    ("dragons", 4),
    ("winds", 4),
)


def _theme(rng: random.Random) -> tuple[int, ...] | None:
    theme = rng.choices([t for t, _ in THEMES], [w for _, w in THEMES])[0]
    suit = 9 * rng.randrange(3)
    if theme == "one suit":
        return tuple(range(suit, suit + 9))
    if theme == "one suit and honors":
        return tuple(range(suit, suit + 9)) + tuple(range(27, 34))
    if theme == "dragons":
        return (31, 32, 33, *rng.sample(range(34), 3))
    if theme == "winds":
        return (27, 28, 29, 30, *rng.sample(range(34), 2))
    return theme  # type: ignore[return-value]


def _groups(rng: random.Random, pool: tuple[int, ...] | None) -> list[tuple[str, int]] | None:
    """Four melds and a pair as (shape, first kind), or None when the pool cannot."""
    kinds = list(range(34)) if pool is None else list(pool)
    starts = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    melds = []
    for _ in range(4):
        if starts and rng.random() < 0.55:
            melds.append(("run", rng.choice(starts)))
        else:
            melds.append(("set", rng.choice(kinds)))
    return [*melds, ("pair", rng.choice(kinds))]


def _standard_hand(rng: random.Random, rules: RuleSet) -> tuple[Hand, list[int]] | None:
    groups = _groups(rng, _theme(rng))
    if groups is None:
        return None
    counts = [0] * 34
    calls: list[Call] = []
    n_calls = rng.choices([0, 1, 2, 3, 4], [50, 18, 14, 10, 8])[0]
    called = set(rng.sample(range(4), n_calls))
    for index, (shape, kind) in enumerate(groups):
        if index in called:
            if shape == "run":
                calls.append(Call.chi(kind))
            else:
                t = rng.choices(
                    [CallType.PON, CallType.OPEN_KAN, CallType.CLOSED_KAN, CallType.ADDED_KAN], [6, 1, 2, 1]
                )[0]
                size = 3 if t is CallType.PON else 4
                calls.append(Call(t, (kind,) * size))
            continue
        for k in (kind, kind + 1, kind + 2) if shape == "run" else (kind,) * (3 if shape == "set" else 2):
            counts[k] += 1
    total = [c for c in counts]
    for call in calls:
        for k in call.kinds:
            total[k] += 1
    if max(total) > 4:
        return None
    red = [0, 0, 0]
    for suit, five in enumerate((4, 13, 22)):
        if counts[five] and rules.aka_dora[suit] and rng.random() < 0.5:
            red[suit] = 1
    if calls and rng.random() < 0.3:  # a red five in a call
        call = calls[0]
        five = next((k for k in call.kinds if k in (4, 13, 22)), None)
        if five is not None and not red[five // 9]:
            tiles = list(call.tiles)
            tiles[tiles.index(five)] = 34 + five // 9
            calls[0] = Call(call.type, tuple(tiles))
    return Hand(tuple(counts), (red[0], red[1], red[2]), tuple(calls)), counts


def _special_hand(rng: random.Random) -> tuple[Hand, list[int]] | None:
    counts = [0] * 34
    form = rng.random()
    if form < 0.5:  # seven pairs, sometimes from a small pool (honitsu, tsuuiisou, honroutou)
        pool = _theme(rng) or tuple(range(34))
        if len(pool) < 7:
            return None
        for k in rng.sample(pool, 7):
            counts[k] = 2
    elif form < 0.72:  # thirteen orphans
        for k in ORPHANS:
            counts[k] = 1
        counts[rng.choice(ORPHANS)] += 1
    elif form < 0.8:  # 22334455667788 of one suit (daisharin and company, by rule)
        base = 9 * rng.randrange(3)
        for i in range(1, 8):
            counts[base + i] = 2
    else:  # the nine gates plus one tile
        base = 9 * rng.randrange(3)
        for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            counts[base + i] = n
        counts[base + rng.randrange(9)] += 1
    return Hand(tuple(counts)), counts


def _hand_pool(rng: random.Random, n: int) -> list[tuple[Hand, list[int], str]]:
    """n hands (a fifth of the situations: each is met with several winning tiles, facts
    and rule sets), with their concealed counts and notation."""
    pool = []
    while len(pool) < n:
        made = _special_hand(rng) if rng.random() < 0.15 else _standard_hand(rng, TENHOU)
        if made is not None:
            pool.append((made[0], made[1], made[0].to_text()))
    return pool


def _situation(
    rng: random.Random, pool: list[tuple[Hand, list[int], str]]
) -> tuple[Any, Any, dict[str, Any], RuleSet]:
    rules = rng.choice(RULES)
    hand, counts, text = rng.choice(pool)
    held = [k for k in range(34) if counts[k]]
    win_kind = rng.choice(held)
    five_red = win_kind in (4, 13, 22) and hand.red[win_kind // 9]
    win_tile: Any
    if five_red and (counts[win_kind] == 1 or rng.random() < 0.5):
        win_tile = f"0{'mps'[win_kind // 9]}"
    else:
        win_tile = f"{win_kind % 9 + 1}{'mpsz'[win_kind // 9]}"
    if rng.random() < 0.05:
        win_tile = 34 + win_kind // 9 if five_red else win_kind  # a code
    closed = hand.is_closed
    tsumo = rng.random() < 0.45
    seat, round_ = rng.choice("ESWN"), rng.choice("ES")
    facts: dict[str, Any] = {"tsumo": tsumo, "seat_wind": seat, "round_wind": round_}
    if closed and rng.random() < 0.45:
        facts["double_riichi" if rng.random() < 0.1 else "riichi"] = True
        facts["riichi_sticks"] = rng.randint(1, 3)
        if rng.random() < 0.2:
            facts["ippatsu"] = True
        if rng.random() < 0.15:
            facts["open_riichi"] = True  # scored where RuleSet.open_riichi: the general path
    elif rng.random() < 0.1:
        facts["riichi_sticks"] = rng.randint(0, 2)
    if rng.random() < 0.08:  # a rare flag, possibly contradicting the rest (then both raise)
        name = rng.choice(["haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"])
        facts[name] = True
    if rng.random() < 0.01:
        facts["ippatsu"] = True  # without riichi: an error on both paths
    if rng.random() < (0.2 if seat == "E" else 0.01):  # a non-dealer's count: an error on both
        facts["paarenchan"] = rng.choice([0, 1, 7, 8, 8, 9])
    indicators = [rng.randrange(37) for _ in range(rng.choices([0, 1, 2, 3, 5], [15, 50, 20, 10, 5])[0])]
    if indicators:
        facts["dora_indicators"] = (
            [f"{c % 9 + 1}{'mpsz'[c // 9]}" if c < 34 else f"0{'mps'[c - 34]}" for c in indicators]
            if rng.random() < 0.8
            else indicators
        )
        if (facts.get("riichi") or facts.get("double_riichi")) and rng.random() < 0.5:
            facts["ura_indicators"] = [rng.randrange(34) for _ in range(rng.randint(1, len(indicators)))]
    if rng.random() < 0.3:
        facts["honba"] = rng.randint(1, 4)
    form = rng.random()
    given: Any = text
    if form < 0.35:  # a Hand: neither path parses (keeps the test's time down)
        given = hand
    elif form < 0.4:
        given = " ".join(given.replace("m", "m ").split())  # not canonical: the general parser
    elif form < 0.45 and hand.calls:  # calls written otherwise: no space, a chi's tiles turned
        given = given.replace(" [", "[").replace("(", " (") if rng.random() < 0.5 else _turned(given)
    return given, win_tile, facts, rules


def _turned(text: str) -> str:
    """The first chi of ``text`` written with its tiles in another order (``[312m]``)."""
    start = text.find("[")
    if start < 0 or len(set(text[start + 1 : start + 4])) != 3:
        return text + " "  # a trailing space: not canonical either
    return text[: start + 1] + text[start + 3] + text[start + 1 : start + 3] + text[start + 4 :]


@pytest.mark.slow
def test_fast_score_equals_the_reference_on_100000_seeded_situations() -> None:
    rng = random.Random(SEED)
    pool = _hand_pool(rng, N // 5)
    found: Counter[str] = Counter()
    wins = errors = compared_whole = 0
    differ = []
    for i in range(N):
        hand, tile, facts, rules = _situation(rng, pool)
        new, old, difference = both_paths(rng, hand, tile, facts, rules)
        if difference is not None:
            differ.append(difference)
            continue
        if isinstance(old, Exception):
            errors += 1
            continue
        wins += 1
        found.update(y.id for y in old.yaku)
        if i % 100 == 0:
            compared_whole += 1
            assert isinstance(new, ScoreResult)
            assert new == old and new.yaku == old.yaku and new.fu_lines == old.fu_lines
            if i % 2000 == 0:
                assert new.to_dict() == old.to_dict()
    assert not differ, f"{len(differ)} differ, e.g. {differ[:3]}"
    assert wins > 40_000 and errors > 10_000 and compared_whole > 400
    missing = {row.id for row, _ in ROWS} - set(found)
    assert not missing, f"the generator never reached {sorted(missing)}"


BAD_HANDS = (
    "123m456p789s22z [111z]",  # 17 tiles
    "123m456p78s22z [5555p]",  # a fifth 5p across hand and call
    "123m406p78s22z [067s]",  # red fives in hand and call of another suit: fine on both
    "123m406p789s2z [055p]",  # a second red 5p in a call
    "123m456p789s2z [124m]",  # not a call
    "123m456p789s2z [1111z] [2222z] [3333z] [4444z] [5555z]",  # five calls
    "123m456p22z [789s",  # unclosed
    "123m456p22z [789s] [77z]",  # a call of two tiles
    "11z [123m] [456m] [789m] (1111z)",  # a fifth 1z
    "22z [123m] [456m] [789m] (1111z)",
)


def test_written_calls_answer_and_fail_as_the_reference() -> None:
    """Hands with calls in notation, canonical or not, good or bad: the same answer or the
    same error (type and message) on both paths."""
    facts = {"tsumo": True, "seat_wind": "E", "round_wind": "E"}
    for text in BAD_HANDS:
        for tile in ("2z", "3m", "9s", "7s"):
            new = run(score, text, tile, facts, TENHOU, False)
            old = run(reference_score, text, tile, facts, TENHOU, False)
            assert outcome(new) == outcome(old), (text, tile)


def test_a_fast_result_is_a_whole_result() -> None:
    """A result of the fast path makes its lazy fields on first use: equal to the
    reference's, in repr, pickling and copying too."""
    import copy
    import pickle

    facts = {"tsumo": False, "seat_wind": "S", "round_wind": "E", "riichi": True, "riichi_sticks": 1}
    new = score("22334455667788p", "8p", **facts)
    old = reference_score("22334455667788p", "8p", **facts)
    assert "yaku" not in new.__dict__  # not made yet
    assert (new.total, new.points, new.dealer, new.tsumo) == (old.total, old.points, old.dealer, old.tsumo)
    assert "yaku" not in new.__dict__
    assert repr(new) == repr(old) and new == old and hash(new) == hash(old)
    assert pickle.loads(pickle.dumps(score("22334455667788p", "8p", **facts))) == old
    assert copy.copy(score("22334455667788p", "8p", **facts)) == old
    assert new.explain() == old.explain()


def test_last_tile_and_rinshan_flags_answer_and_fail_as_the_reference() -> None:
    """``haitei``, ``houtei`` and ``rinshan`` (the fast path reads them since issue 13) in
    every combination with ``tsumo`` and ippatsu, as bools and as values that are not
    (left to ``Win``): the same answer or the same error on both paths, on a closed hand, an
    open one and one with a kan (where rinshan is possible)."""
    import itertools

    import numpy as np

    hands = (
        ("234567m345p66s789s", "6s"),
        ("234m567m66s [345p] [789s]", "6s"),
        ("234m567m66s789s (1111z)", "9s"),
    )
    values = (False, True, 1, None, np.bool_(True))
    compared = 0
    for (text, tile), tsumo, ippatsu in itertools.product(hands, (False, True), (False, True)):
        for haitei, houtei, rinshan in itertools.product(values, repeat=3):
            facts: dict[str, Any] = {"tsumo": tsumo, "seat_wind": "S", "round_wind": "E"}
            if ippatsu and "[" not in text:
                facts.update(riichi=True, ippatsu=True, riichi_sticks=1)
            for name, value in (("haitei", haitei), ("houtei", houtei), ("rinshan", rinshan)):
                if value is not False:
                    facts[name] = value
            new = run(score, text, tile, facts, TENHOU, False)
            old = run(reference_score, text, tile, facts, TENHOU, False)
            compared += 1
            assert outcome(new) == outcome(old), (text, tile, facts)
    assert compared == 3 * 2 * 2 * 125
