"""``score()`` under three-player rule sets (its fast path: ``fastscore.evaluate`` with
``rules.players == 3``) answers exactly as ``reference_score()`` (the general path every
three-player hand took before) on 100,000 seeded three-player situations: closed and called
hands (pon, open, closed and added kans) from the 108-tile set, seven pairs, thirteen
orphans; kita 0-4 (a fifth North with them now and then), indicators showing 1m/9m (the
wrap), West (a kita counts again) and North; tsumo (tsumo loss and the split of North's
share), ron, riichi, ippatsu, ura, honba and sticks; the two sanma presets and variants. Bad
three-player inputs are mixed in (a 2m-8m in the hand or an indicator, a chi, a North seat,
a rare flag that contradicts the rest): both paths must raise the same error.

Compared on every situation: the error's type and message, or every number of the result and
the yaku found; the whole result (``==``, payments, dora) on a sample.
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
from riichi_lut.riichi.rules import MAHJONG_SOUL_SANMA, TENHOU_SANMA, RuleSet
from riichi_lut.riichi.score import ScoreResult, reference_score

N = 100_000
SEED = 1414
KINDS_3P = (0, 8, *range(9, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RULES: tuple[RuleSet, ...] = (
    TENHOU_SANMA,
    MAHJONG_SOUL_SANMA,
    TENHOU_SANMA.replace(name="sanma split", sanma_tsumo="split"),
    MAHJONG_SOUL_SANMA.replace(name="sanma plain", ura_dora=False, ippatsu=False, kita_rinshan=False),
    TENHOU_SANMA.replace(name="sanma doubles", double_yakuman=frozenset({"kokushi_13", "suuankou_tanki"})),
)
THEMES = (
    (KINDS_3P, 40),
    (tuple(range(9, 18)), 8),  # pin only
    (tuple(range(18, 27)), 8),  # sou only
    ((*range(9, 18), *range(27, 34)), 8),  # pin and honors
    (ORPHANS, 6),
    (tuple(range(27, 34)), 5),  # honors
    ((0, 8, 30, 30, 30, *range(18, 27)), 6),  # 1m, 9m, North-heavy
)


def _pool(rng: random.Random) -> tuple[int, ...]:
    return rng.choices([t for t, _ in THEMES], [w for _, w in THEMES])[0]


def _standard_hand(rng: random.Random) -> tuple[Hand, list[int]] | None:
    kinds = _pool(rng)
    starts = [k for k in kinds if 9 <= k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    groups = [("run", rng.choice(starts)) if starts and rng.random() < 0.5 else ("set", rng.choice(kinds))
              for _ in range(4)]  # fmt: skip
    groups.append(("pair", rng.choice(kinds)))
    counts = [0] * 34
    calls: list[Call] = []
    called = set(rng.sample(range(4), rng.choices([0, 1, 2, 3, 4], [50, 20, 14, 10, 6])[0]))
    for index, (shape, kind) in enumerate(groups):
        if index in called and (shape == "set" or rng.random() < 0.05):  # a chi now and then: an error
            if shape == "run":
                calls.append(Call.chi(kind))
            else:
                t = rng.choices([CallType.PON, CallType.OPEN_KAN, CallType.CLOSED_KAN, CallType.ADDED_KAN],
                                [6, 1, 2, 1])[0]  # fmt: skip
                calls.append(Call(t, (kind,) * (3 if t is CallType.PON else 4)))
            continue
        for k in (kind, kind + 1, kind + 2) if shape == "run" else (kind,) * (3 if shape == "set" else 2):
            counts[k] += 1
    total = list(counts)
    for call in calls:
        for k in call.kinds:
            total[k] += 1
    if max(total) > 4:
        return None
    red = [0, 0, 0]
    for suit, five in ((1, 13), (2, 22)):
        if counts[five] and rng.random() < 0.5:
            red[suit] = 1
    return Hand(tuple(counts), (0, red[1], red[2]), tuple(calls)), counts


def _special_hand(rng: random.Random) -> tuple[Hand, list[int]]:
    counts = [0] * 34
    if rng.random() < 0.6:  # seven pairs, from a theme's kinds when it has seven
        kinds = sorted(set(_pool(rng)))
        for k in rng.sample(kinds if len(kinds) >= 7 else KINDS_3P, 7):
            counts[k] = 2
    else:  # thirteen orphans
        for k in ORPHANS:
            counts[k] = 1
        counts[rng.choice(ORPHANS)] += 1
    return Hand(tuple(counts)), counts


def _hand_pool(rng: random.Random, n: int) -> list[tuple[Hand, list[int], str]]:
    pool: list[tuple[Hand, list[int], str]] = []
    while len(pool) < n:
        made = _special_hand(rng) if rng.random() < 0.15 else _standard_hand(rng)
        if made is None:
            continue
        hand, counts = made
        if rng.random() < 0.02:  # a 2m-8m in the hand: an error on both paths
            counts = list(counts)
            counts[next(k for k in range(34) if counts[k] > (k in (13, 22) and hand.red[k // 9]))] -= 1
            counts[rng.randrange(1, 8)] += 1
            hand = Hand(tuple(counts), hand.red, hand.calls)
        pool.append((hand, counts, hand.to_text()))
    return pool


def _name(code: int) -> str:
    return f"{code % 9 + 1}{'mpsz'[code // 9]}" if code < 34 else f"0{'mps'[code - 34]}"


def _situation(
    rng: random.Random, pool: list[tuple[Hand, list[int], str]]
) -> tuple[Any, Any, dict[str, Any], RuleSet]:
    rules = rng.choice(RULES)
    hand, counts, text = rng.choice(pool)
    win_kind = rng.choice([k for k in range(34) if counts[k]])
    five_red = win_kind in (13, 22) and hand.red[win_kind // 9]
    win_tile: Any = (
        _name(34 + win_kind // 9)
        if five_red and (counts[win_kind] == 1 or rng.random() < 0.5)
        else _name(win_kind)
    )
    facts: dict[str, Any] = {
        "tsumo": rng.random() < 0.5,
        "seat_wind": rng.choice("ESW") if rng.random() > 0.01 else "N",
        "round_wind": rng.choice("ES"),
    }
    if hand.is_closed and rng.random() < 0.45:
        facts["double_riichi" if rng.random() < 0.1 else "riichi"] = True
        facts["riichi_sticks"] = rng.randint(1, 3)
        if rng.random() < 0.2:
            facts["ippatsu"] = True
    if rng.random() < 0.5:
        facts["kita"] = rng.choices([1, 2, 3, 4], [40, 30, 20, 10])[0]
    if rng.random() < 0.05:  # a rare flag, possibly contradicting the rest: the general path
        facts[rng.choice(["haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"])] = True
    codes = [0, 8, 8, 29, 29, 30, *range(9, 34), 35, 36]
    indicators = [rng.choice(codes) for _ in range(rng.choices([0, 1, 2, 3], [10, 60, 20, 10])[0])]
    if indicators and rng.random() < 0.01:
        indicators[0] = rng.randrange(1, 8)  # a 2m-8m indicator: an error
    if indicators:
        facts["dora_indicators"] = [_name(c) for c in indicators] if rng.random() < 0.8 else indicators
        if (facts.get("riichi") or facts.get("double_riichi")) and rng.random() < 0.6:
            facts["ura_indicators"] = [
                _name(rng.choice(codes[:-2])) for _ in range(rng.randint(1, len(indicators)))
            ]
    if rng.random() < 0.3:
        facts["honba"] = rng.randint(1, 5)
    given: Any = hand if rng.random() < 0.2 else text
    return given, win_tile, facts, rules


@pytest.mark.slow
def test_three_player_score_equals_the_reference_on_100000_seeded_situations() -> None:
    rng = random.Random(SEED)
    pool = _hand_pool(rng, N // 5)
    found: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    differ = []
    for i in range(N):
        hand, tile, facts, rules = _situation(rng, pool)
        new, old, difference = both_paths(rng, hand, tile, facts, rules)
        if difference is not None:
            differ.append(difference)
            continue
        if isinstance(old, Exception):
            kinds[type(old).__name__] += 1
            continue
        kinds["win"] += 1
        kinds["kita win"] += bool(facts.get("kita"))
        kinds["tsumo win"] += facts["tsumo"]
        kinds["yakuman"] += bool(old.yakuman)
        found.update(y.id for y in old.yaku)
        if i % 100 == 0:
            assert isinstance(new, ScoreResult)
            assert new == old and new.payments == old.payments and new.dora == old.dora
    assert not differ, f"{len(differ)} differ, e.g. {differ[:3]}"
    # the generator reaches what it is for: wins with kita, tsumo wins (the two payment rules),
    # yakuman, and each kind of error
    assert kinds["win"] > 35_000 and kinds["kita win"] > 15_000 and kinds["tsumo win"] > 15_000, kinds
    assert kinds["yakuman"] > 500 and kinds["NotAWinError"] > 5_000, kinds
    assert kinds["InvalidHandError"] > 500 and kinds["InvalidSituationError"] > 500, kinds
    assert {"riichi", "ippatsu", "toitoi", "honitsu", "chinitsu", "chiitoitsu", "kokushi"} <= set(found), (
        found
    )


def test_bad_kita_counts_raise_as_the_reference() -> None:
    """The kita keyword as ``score`` reads it for three players (a plain count 0..4 on the fast
    path, anything else through ``Win``): a bool, a negative or too large count, text, a
    fifth North with the kita and a kita under four players raise the reference's error."""
    from riichi_lut.riichi import TENHOU

    base = {"tsumo": False, "seat_wind": "S", "round_wind": "E", "riichi": True, "riichi_sticks": 1}
    cases = [(TENHOU_SANMA, "111m99m123p456p789s", kita) for kita in (True, False, -1, 5, "1", 1.0)]
    cases += [(TENHOU_SANMA, "111m99m123p456p44z", 3), (TENHOU, "111m99m123p456p789s", 1)]
    for rules, hand, kita in cases:
        new = run(score, hand, "9m" if hand.endswith("9s") else "4z", {**base, "kita": kita}, rules, False)
        old = run(
            reference_score, hand, "9m" if hand.endswith("9s") else "4z", {**base, "kita": kita}, rules, False
        )
        assert isinstance(old, Exception) and outcome(new) == outcome(old), (
            hand,
            kita,
            outcome(new),
            outcome(old),
        )
