"""Tests of riichi_lut.coach.hints and riichi_lut.analysis.two_step: the plain-English why on hand-checked
hands, the 13-tile report, JSON results, and the two-step analysis (follow-ups, average,
good-shape share, waits and improvement tiles) against a brute force over shanten_batch."""

from __future__ import annotations

import json

import numpy as np
import pytest

import riichi_lut.core.hand as hand_module
from riichi_lut import Visible, hint, parse_hand, rank_discards, shanten_batch, ukeire
from riichi_lut.analysis.two_step import GOOD_SHAPE_LIVE
from riichi_lut.coach.hints import Code
from riichi_lut.errors import InvalidArgumentError

# --- brute force ---------------------------------------------------------------------


def acceptance(rows: np.ndarray, melds: object) -> tuple[np.ndarray, np.ndarray]:
    """(shanten, accepted (n, 34)) of 3n+1 rows: add each kind held < 4 times, re-run."""
    base = shanten_batch(rows, melds)
    accepted = np.zeros(rows.shape, dtype=bool)
    for kind in range(34):
        room = np.flatnonzero(rows[:, kind] < 4)
        grown = rows[room]
        grown[:, kind] += 1
        part = melds if np.ndim(melds) == 0 else melds[room]
        accepted[room, kind] = shanten_batch(grown, part) < base[room]
    return base, accepted


def discard_table(hands14: np.ndarray, melds: int, lives: np.ndarray) -> list[dict[int, tuple[int, int]]]:
    """Per 3n+2 row: {held kind: (shanten after discarding it, live tiles then accepted)}
    with that row's live counts."""
    row_of, kind_of = np.nonzero(hands14)
    subs = hands14[row_of]
    subs[np.arange(len(row_of)), kind_of] -= 1
    after, accepted = acceptance(subs, melds)
    totals = (lives[row_of] * accepted).sum(axis=1)
    table: list[dict[int, tuple[int, int]]] = [{} for _ in hands14]
    for r, k, s, t in zip(row_of.tolist(), kind_of.tolist(), after.tolist(), totals.tolist(), strict=True):
        table[r][k] = (s, t)
    return table


def expand(counts13: list[int], live: list[int], draws: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The 14-tile hands after each draw, and the live counts with that copy drawn."""
    hands = np.array([counts13] * len(draws), dtype=np.uint8).reshape(-1, 34)
    lives = np.array([live] * len(draws), dtype=np.int64).reshape(-1, 34)
    hands[np.arange(len(draws)), draws] += 1
    lives[np.arange(len(draws)), draws] = np.maximum(lives[np.arange(len(draws)), draws] - 1, 0)
    return hands, lives


def check_two_step(counts14: list[int], melds: int, option: object) -> None:
    """The option's TwoStep against the brute force (module docstring of two_step)."""
    two = option.two_step
    counts13 = list(counts14)
    counts13[option.kind] -= 1
    live = list(option.live)
    draws = [t.kind for t in option.accepted]
    assert [f.draw for f in two.follow_ups] == draws
    hands, lives = expand(counts13, live, draws)
    table = discard_table(hands, melds, lives)
    shanten14 = shanten_batch(hands, melds)
    weights, bests = [], []
    for follow, after, choices in zip(two.follow_ups, shanten14.tolist(), table, strict=True):
        assert (follow.live, follow.shanten) == (live[follow.draw], after)
        if after < 0:  # the draw completes the hand
            assert follow.discard is None
            continue
        best = max(t for s, t in choices.values() if s == after)  # keeps the shanten, most live
        assert follow.total == best and choices[follow.discard] == (after, best)
        weights.append(follow.live)
        bests.append(best)
    if option.shanten == 0:
        assert two.waits == tuple(draws) and two.wait_live == option.total
        assert two.average is None and two.good_shape_share is None
        check_improvements(counts13, melds, live, option.total, set(draws), two.improvements)
        assert two.measure == sum(i.live for i in two.improvements)
        return
    weight = sum(weights) or 1  # no live draw at all: the library reports 0.0
    assert two.average == pytest.approx(sum(w * b for w, b in zip(weights, bests, strict=True)) / weight)
    assert two.measure == two.average and two.waits is None and two.improvements is None
    if option.shanten == 1:
        good = sum(w for w, b in zip(weights, bests, strict=True) if b > GOOD_SHAPE_LIVE)
        assert two.good_shape_share == pytest.approx(good / weight) and 0 <= two.good_shape_share <= 1
    else:
        assert two.good_shape_share is None


def check_improvements(
    counts13: list[int], melds: int, live: list[int], wait_live: int, waits: set[int], got: tuple
) -> None:
    """At tenpai: a draw (not a winning tile, with a live copy) is an improvement when a
    discard of another kind keeps tenpai on more than ``wait_live`` live tiles."""
    draws = [k for k in range(34) if k not in waits and live[k] > 0 and counts13[k] < 4]
    hands, lives = expand(counts13, live, draws)
    expected = {}
    for draw, choices in zip(draws, discard_table(hands, melds, lives), strict=True):
        best = max((t for k, (s, t) in choices.items() if s == 0 and k != draw), default=-1)
        if best > wait_live:
            expected[draw] = (live[draw], best, choices)
    assert [i.draw for i in got] == sorted(expected)
    for improvement in got:
        live_draw, best, choices = expected[improvement.draw]
        assert (improvement.live, improvement.wait_live) == (live_draw, best)
        assert improvement.discard != improvement.draw and choices[improvement.discard] == (0, best)


# --- the why, hand-checked -----------------------------------------------------------

WHY = {
    # after 5z: 123m 456m 789m + 34p + 67s, three melds and two ryanmen, no pair:
    # 1-shanten. 2p 5p 5s 8s complete a ryanmen (tanki on the other's tiles), 3p 4p 6s 7s
    # pair one of its tiles (the other ryanmen then waits): live 4 3 3 4 4 3 3 4 = 28.
    # 3p (like 4p 6s 7s) leaves one ryanmen, a single and 5z: 8 + 3 + 3 = 14 (tile order
    # picks 3p among them); a manzu discard breaks a meld (2-shanten).
    "more_tiles": (
        "123456789m34p67s5z",
        "Discard 5z: stays 1-shanten and accepts 8 kinds / 28 tiles (2p 3p 4p 5p 5s 6s 7s 8s),"
        " 14 more than discarding 3p.",
    ),
    # 7z is the only tile outside a block: 1z/2z shanpon, 2 + 2 live. Any other discard
    # breaks a meld or pair (1-shanten); the best of them is 1m (23m: 1m 3 + 4m 4, plus
    # pairing 1z or 2z: 2 + 2 = 11), ahead of 4p 6p 9s (also 11) by tile order
    "runner_up_back": (
        "123m456p789s1122z7z",
        "Discard 7z: tenpai, waiting on 1z 2z (2 kinds / 4 tiles); discarding 1m would leave you 1-shanten.",
    ),
    # 4056p: either 5p goes, leaving 456p and the 1z/5z shanpon (2 + 2 live); the plain 5p
    # ranks first because the red one is a dora
    "keeps_red": (
        "123m4056p789s1155z",
        "Discard 5p: tenpai, waiting on 1z 5z (2 kinds / 4 tiles), as good as discarding 0p, the red"
        " five: keep the dora.",
    ),
    # four calls and a 1z pair: complete, with ittsu (open, 123m 456m 789m) whatever tile came
    # last (issue 11); the only distinct discard leaves a 1z tanki with 4 - 2 held = 2 live,
    # on the tile just discarded: furiten (issue 11)
    "only_one": (
        "11z [123m] [456m] [789m] [111p]",
        "Your 14 tiles are a complete hand with a yaku (Ittsu): declare tsumo; to play on instead,"
        " discard 1z: tenpai, waiting on 1z (1 kind / 2 tiles), the only distinct discard; furiten: it can"
        " win only by tsumo.",
    ),
    # two tankis, 3 live each, neither draw widens a tanki: tile order decides
    "tied": (
        "1z2z [123m] [456m] [789m] [111p]",
        "Discard 1z: tenpai, waiting on 2z (1 kind / 3 tiles), discarding 2z is just as good.",
    ),
    # 13 tiles: the report. 123m456p789s + 1z/2z shanpon, 2 + 2 live
    "report_tenpai": ("123m456p789s1122z", "Tenpai: waiting on 1z 2z (2 kinds / 4 tiles)."),
    # five pairs and 1z 3z 5z: seven pairs 1-shanten, pairing a single helps, 3 live each
    "report_1_shanten": ("1144m7799p22s135z", "1-shanten: accepts 3 kinds / 9 tiles (1z 3z 5z)."),
}


@pytest.mark.parametrize("case", WHY.values(), ids=WHY.keys())
def test_why(case: tuple) -> None:
    hand, why = case
    assert hint(hand).why == why
    assert hint(hand, two_step=False).why == why  # no two-step tie-break is involved


def test_why_runner_up_values_come_from_the_ranking() -> None:
    result = hint("123456789m34p67s5z")
    assert [r.code for r in result.reasons] == [Code.DISCARD, Code.MORE_TILES]
    best, runner = result.options[:2]
    assert (result.discard, result.shanten) == (best.tile, best.shanten) == ("5z", 1)
    assert result.reasons[1].values == {"other": runner.tile, "more": best.total - runner.total}
    assert (runner.tile, runner.total) == ("3p", 14)
    backs = [o.tile for o in result.options if o.shanten_back]
    assert backs == [f"{n}m" for n in (1, 9, 4, 6, 2, 5, 8, 3, 7)]  # by total, then tile order


def test_rank_discards_of_the_runner_up_back_example() -> None:
    # the ranking behind "runner_up_back" (and rank_discards' own docstring example):
    # 1m, 4p, 6p, 9s leave 11 live each; 1z leaves only 1z 2z 7z (2 + 2 + 3 = 7)
    options = rank_discards("123m456p789s1122z7z")
    assert [(o.tile, o.shanten, o.total) for o in options[:5]] == [
        ("7z", 0, 4),
        ("1m", 1, 11),
        ("4p", 1, 11),
        ("6p", 1, 11),
        ("9s", 1, 11),
    ]
    assert {o.tile: o.total for o in options}["1z"] == 7


def test_more_improvements_does_not_claim_the_same_wait() -> None:
    # 122666m 123456p 99p after 1m: 22m/99p shanpon, 2 + 2 live. After 2m instead: 12m
    # penchan on 3m, 4 live. Equal totals, so improvements decide (1m first) - but the
    # waits are 2m 9p against 3m, not "the same wait"
    options = rank_discards("122666m12345699p")
    assert [(o.tile, [t.tile for t in o.accepted], o.total) for o in options[:2]] == [
        ("1m", ["2m", "9p"], 4),
        ("2m", ["3m"], 4),
    ]
    result = hint("122666m12345699p")
    assert result.reasons[1].code is Code.MORE_IMPROVEMENTS
    assert "the same wait as discarding 2m" not in result.why


def test_complete_hand_mentions_tsumo() -> None:
    # 123m 456p 789s 11z 222z is complete. Every discard leaves tenpai; 1m (23m: 3 + 4),
    # 4p, 6p and 9s leave 7 live, the most
    result = hint("123m456p789s11222z")
    assert result.reasons[0].code is Code.COMPLETE
    # closed, so a tsumo always has menzen tsumo; 2z (South) is not a yaku without the winds
    assert result.why.startswith(
        "Your 14 tiles are a complete hand with a yaku (Menzen tsumo): declare tsumo"
    )
    assert result.discard in ("1m", "4p", "6p", "9s") and result.shanten == 0
    assert result.options[0].total == 7


@pytest.mark.parametrize("hand", ["123m456p789s1122z", "23m456p22z [789s] (1111z)", "46m456p789s11z (5555m)"])
def test_thirteen_tiles_report_shanten_and_acceptance(hand: str) -> None:
    result = hint(hand, "1p")
    report = ukeire(hand, "1p")
    assert (result.discard, result.options, result.shanten) == (None, (), report.shanten)
    assert result.ukeire == report
    assert [r.code for r in result.reasons] == [Code.REPORT]
    assert f"{report.kinds} kind" in result.why and f"/ {report.total} tiles" in result.why


def test_results_are_json_serialisable() -> None:
    visible = Visible(discards="1m 9p", dora_indicators="3z")
    for result in (
        ukeire("123456789m34p67s", visible),
        ukeire("23m456p22z [789s] (1111z)"),
        *rank_discards("123456789m34p67s5z", visible),
        *rank_discards("12346m456p789s117z", two_step=True),
        hint("123456789m34p67s5z", visible),
        hint("123m456p789s11222z"),
        hint("123m456p789s1122z"),
    ):
        data = result.to_dict()
        assert json.loads(json.dumps(data)) == data
    data = hint("123456789m34p67s5z").to_dict()
    assert data["discard"] == "5z" and data["reasons"][1] == {"code": "more_tiles", "other": "3p", "more": 14}
    assert data["options"][0]["accepted"][0] == {"tile": "2p", "live": 4}
    assert data["options"][0]["two_step"] is None  # computed only for ties with the best


# --- two-step semantics, hand-checked -------------------------------------------------


def test_tenpai_waits_and_improvement_tiles() -> None:
    # after 7z: 123m 46m 456p 789s 11z waits on 5m only (kanchan), 4 live.
    # Draw 7m: 467m, let 1m (234m 67m) or 4m (123m 67m) go: 5m 8m ryanmen, 8 live.
    # Draw 3m: 123m 34m (6m goes): 2m 5m, 3 + 4 = 7. Draw 1z: 111z and 1234m (6m goes):
    # 1m 4m, 3 + 3 = 6. Nothing else beats 4 (8m: 68m kanchan, 4; 4m or 6m: shanpon, 2 + 2)
    option = rank_discards("12346m456p789s117z")[0]
    two = option.two_step
    assert (option.tile, two.waits, two.wait_live) == ("7z", (4,), 4)
    improvements = {i.draw: (i.live, i.wait_live) for i in two.improvements}
    assert improvements == {2: (3, 7), 6: (4, 8), 27: (2, 6)}
    assert {i.draw: i.discard for i in two.improvements}[6] in (0, 3)
    assert two.measure == 3 + 4 + 2
    check_two_step(list(parse_hand("12346m456p789s117z").concealed), 0, option)


def test_one_shanten_good_shape_share() -> None:
    # after 5z (see "more_tiles"): drawing 2p 5p 5s 8s (4 live each) completes a ryanmen
    # and leaves a tanki (3 live, not a good shape); drawing 3p 4p 6s 7s (3 live each)
    # makes a pair and keeps the other ryanmen (8 live, good): share 12 / 28 = 3/7,
    # average (16 * 3 + 12 * 8) / 28
    option = rank_discards("123456789m34p67s5z")[0]
    two = option.two_step
    assert two.good_shape_share == pytest.approx(3 / 7) and 0 < two.good_shape_share < 1
    assert two.average == pytest.approx((16 * 3 + 12 * 8) / 28)
    totals = {10: 3, 11: 8, 12: 8, 13: 3, 22: 3, 23: 8, 24: 8, 25: 3}  # 2p-5p, 5s-8s
    assert {f.draw: f.total for f in two.follow_ups} == totals
    check_two_step(list(parse_hand("123456789m34p67s5z").concealed), 0, option)


# --- two-step on random hands ------------------------------------------------------------


def random_hands(seed: int, n: int) -> list[tuple[list[int], int, list[int]]]:
    """(counts, melds, visible) of 3n+2 hands dealt from two suits (low shanten)."""
    rng = np.random.default_rng(seed)
    hands = []
    for i in range(n):
        melds = 0 if i % 5 else int(rng.integers(1, 3))
        suits = rng.choice(3, 2, replace=False) * 9
        wall = np.repeat(np.r_[suits[0] + np.arange(9), suits[1] + np.arange(9)], 4)
        counts = np.bincount(rng.permutation(wall)[: 14 - 3 * melds], minlength=34)
        seen = (rng.random(34) * (5 - counts)).astype(int) * (rng.random(34) < 0.2) * (i % 2)
        hands.append((counts.tolist(), melds, seen.tolist()))
    return hands


def test_two_step_ranking_matches_brute_force() -> None:
    """30 hands: the order is (shanten, -total, -measure, red, kind), and every option's
    follow-ups, average, good-shape share, waits and improvements match the brute force."""
    shanten_seen = set()
    for counts, melds, seen in random_hands(77, 30):
        options = rank_discards(counts, seen, melds=melds, two_step=True)
        keys = [(o.shanten, -o.total, -o.two_step.measure, int(o.red), o.kind) for o in options]
        assert keys == sorted(keys), counts
        for option in options:
            check_two_step(counts, melds, option)
            shanten_seen.add(option.shanten)
        assert hint(counts, seen, melds=melds).discard == options[0].tile  # the same best
    assert {0, 1, 2} <= shanten_seen


# --- the two-step choice, validated at the boundary; the hand parsed once ------------


@pytest.mark.parametrize("bad", ["yes", "ALL", 1, None, 0.5])
def test_two_step_accepts_bools_and_the_literal_choices_only(bad: object) -> None:
    for function in (hint, rank_discards):
        with pytest.raises(InvalidArgumentError, match="'all', 'ties' or 'none'"):
            function("123m456p789s1122z7z", two_step=bad)  # type: ignore[arg-type]


def test_two_step_choices_name_what_they_compute() -> None:
    hand = "2234m506p678s5557z"
    every = hint(hand, two_step="all").options
    ties = hint(hand, two_step="ties").options
    assert all(o.two_step is not None for o in every)
    assert [o.tile for o in ties] == [o.tile for o in every]  # ties decide the same order
    assert [o.tile for o in hint(hand).options] == [o.tile for o in ties]  # True means "ties"
    assert all(o.two_step is None for o in hint(hand, two_step="none").options)
    assert [o.tile for o in rank_discards(hand, two_step="all")] == [o.tile for o in rank_discards(hand)]
    assert hint(hand, two_step=np.bool_(False)).options == hint(hand, two_step=False).options


@pytest.mark.parametrize("hand", ["123m456p789s23p11z5z", "123m456p789s23p11z", "23m456p789s11z5z [123s]"])
def test_hint_parses_the_hand_once_even_when_it_simulates(hand: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    parse = hand_module.parse_hand

    def counting(text: str) -> object:
        calls.append(text)
        return parse(text)

    monkeypatch.setattr(hand_module, "parse_hand", counting)
    plain = hint(hand)
    simulated = hint(hand, simulate={"n": 200, "draws": 2})
    assert calls == [hand, hand]  # one parse per hint() call
    assert simulated.shanten == plain.shanten and simulated.simulation is not None
