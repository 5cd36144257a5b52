"""Issue 11 item 4: seven pairs or the regular hand (toitoi), after the guidelines of the
seven-pairs article, and going one shanten back (向聴戻し) when it wins clearly sooner."""

from __future__ import annotations

from typing import Any

import pytest

from riichi_lut import hint
from riichi_lut.analysis.efficiency import live_counts, ranked_options, resolve, with_two_step
from riichi_lut.coach.hints import Code
from riichi_lut.coach.shapes import BACK_MARGIN, back_reason, pair_facts


def _reason(h: Any, code: Code) -> dict[str, Any] | None:
    return next((r.values for r in h.reasons if r.code is code), None)


def test_pairs_the_guideline_example_goes_for_seven_pairs() -> None:
    # the article's own example: 1244m2288p11s55s8s, draw 2p: four pairs and a group (222p)
    # formed, yet the rest is loose (12m, 8s): prefer seven pairs, the 2p goes
    h = hint("1244m2288p11s55s8s2p")
    assert h.discard == "2p"
    pairs = _reason(h, Code.PAIRS)
    assert pairs is not None
    assert (pairs["shape"], pairs["rule"], pairs["leans"]) == (
        "seven_pairs",
        "triplet_for_pairs",
        "seven_pairs",
    )
    assert (pairs["chiitoitsu_shanten"], pairs["standard_shanten"]) == (1, 3)
    assert (
        "going for seven pairs (1-shanten; the regular hand would be 3-shanten): the rest of the hand is"
        " loose, so the 2p triplet becomes a pair for seven pairs rather than a set of the regular hand."
        in h.why
    )


def test_pairs_five_pairs_prefer_seven_pairs() -> None:
    h = hint("44557m899p166s112z")
    pairs = _reason(h, Code.PAIRS)
    assert pairs is not None and pairs["rule"] == "five_pairs" and len(pairs["pairs"]) == 5
    assert (
        "at 5 pairs seven pairs is 1-shanten, usually faster than calling for toitoi without a triplet"
        in h.why
    )


def test_pairs_a_pair_that_cannot_become_a_triplet_favours_seven_pairs() -> None:
    h = hint("7m225669p35599s22z", visible="2p2p")
    pairs = _reason(h, Code.PAIRS)
    assert pairs is not None and pairs["rule"] == "pair_blocked" and pairs["blocked"] == ["2p"]
    assert "the 2p pair cannot become a triplet (both other copies are visible)" in h.why
    # without the visible copies the same hand falls to the five-pairs rule
    assert _reason(hint("7m225669p35599s22z"), Code.PAIRS)["rule"] == "five_pairs"  # type: ignore[index]


def test_pairs_four_pairs_and_a_triplet_keep_both_open() -> None:
    pairs = _reason(hint("3333668m55788s44z"), Code.PAIRS)
    assert pairs is not None and pairs["rule"] == "pairs_and_triplet" and pairs["leans"] == "both"
    assert pairs["triplets"] == ["3m"]


def test_pairs_breaking_the_triplet_names_the_discard_that_keeps_it() -> None:
    # 11m 222m 3m 6m 33s 11z 44z 6z: 2m out breaks the triplet and keeps 1-shanten on 9 tiles
    # (3m 6m 6z) against 6 for 3m out, which keeps the triplet; the regular hand is only one
    # shanten behind, so the guidelines' "keep both open" is named
    h = hint("1122236m33s11446z")
    assert h.discard == "2m"
    pairs = _reason(h, Code.PAIRS)
    assert pairs is not None and pairs["rule"] == "triplet_broken" and pairs["leans"] == "both"
    assert (pairs["broken"], pairs["keep"], pairs["total"], pairs["keep_total"]) == ("2m", "3m", 9, 6)
    assert "it breaks the 2m triplet for 9 tiles against 6" in h.why and "(discard 3m)" in h.why


def test_pairs_groups_formed_go_for_the_regular_hand() -> None:
    h = hint("55m223344p334s666z")
    pairs = _reason(h, Code.PAIRS)
    assert pairs is not None and (pairs["shape"], pairs["rule"]) == ("regular", "group_formed")
    assert "going for the regular hand (tenpai; seven pairs would be 1-shanten)" in h.why


def test_pairs_a_dragon_pair_makes_toitoi_an_option() -> None:
    pairs = _reason(hint("23678m46688p99s66z"), Code.PAIRS)
    assert pairs is not None and (pairs["shape"], pairs["rule"], pairs["leans"]) == (
        "both",
        "other_yaku",
        "toitoi",
    )
    assert pairs["other_yaku"] == "the 6z pair, a dragon, is a yaku once ponned"


def test_pairs_honor_and_terminal_pairs_are_easy_pons() -> None:
    pairs = _reason(hint("11m114478p123s447z"), Code.PAIRS)
    assert pairs is not None and pairs["rule"] == "easy_pons"


def test_pairs_loose_rest_and_both_open() -> None:
    assert _reason(hint("77m2233p2379s2577z"), Code.PAIRS)["rule"] == "loose_rest"  # type: ignore[index]
    assert _reason(hint("48m16778p334455s6z"), Code.PAIRS)["rule"] == "both_open"  # type: ignore[index]


def test_pairs_silent_below_four_pairs_and_on_open_hands() -> None:
    assert _reason(hint("123m456p789s1122z7z"), Code.PAIRS) is None  # two pairs
    assert _reason(hint("1133m5577p99s [123s]"), Code.PAIRS) is None  # a call: no seven pairs


def test_pair_facts_counts_pairs_triplets_and_blocked_pairs() -> None:
    counts = [0] * 34
    for kind, n in ((0, 2), (1, 3), (9, 2), (10, 2), (27, 2), (30, 1), (31, 1)):
        counts[kind] = n
    live = [4 - c for c in counts]
    live[9] = 0
    facts = pair_facts(counts, live)
    assert facts.pairs == (0, 9, 10, 27) and facts.triplets == (1,) and facts.blocked == (9,)
    assert facts.chiitoitsu == 1 and not facts.simples_only


# ------------------------------------------------------------------ the way back (向聴戻し)

# discarding 3m keeps tenpai on the 8s kanchan, 1 live (8s 8s 8s visible); going back with
# 9s is 1-shanten on 27 tiles
THIN = ("3888m345p1235579s", "6s7s7s8s8s8s9s9s")


def test_way_back_named_when_the_tenpai_is_thin() -> None:
    h = hint(*THIN)
    assert h.discard == "3m" and h.shanten == 0  # the ranking is unchanged: tenpai first
    back = _reason(h, Code.WAY_BACK)
    assert back is not None
    assert (back["other"], back["other_total"], back["total"]) == ("9s", 27, 1)
    assert back["other_draws"] <= BACK_MARGIN * back["draws"]
    assert (
        "going one shanten back (向聴戻し) with 9s would be 1-shanten on 27 tiles, then tenpai on"
        f" {back['other_average']:.1f} tiles on average: about {back['other_draws']:.0f} draws expected"
        f" to win, against {back['draws']:.0f} for this tenpai on 1 tile (counting 7 tiles that widen it)"
        in h.why
    )


def test_way_back_expected_draws_follow_the_formula() -> None:
    resolved = resolve(THIN[0])
    live = live_counts(resolved, THIN[1])
    options = ranked_options(resolved, live, "none")
    found = back_reason(resolved, options[0], options)
    assert found is not None
    values, option = found[0].values, found[1]
    unseen = sum(options[0].live)
    assert values["unseen"] == unseen
    follow = [f for f in option.two_step.follow_ups if f.live]  # type: ignore[union-attr]
    expected = unseen / option.total + sum(f.live * unseen / f.total for f in follow) / sum(
        f.live for f in follow
    )
    assert values["other_draws"] == pytest.approx(expected)
    keep = with_two_step(options[0], list(resolved.counts), resolved, live)
    better = keep.two_step.improvements  # type: ignore[union-attr]
    assert better and values["improvements"] == sum(i.live for i in better)
    stay = (unseen + sum(i.live * unseen / i.wait_live for i in better)) / (1 + sum(i.live for i in better))
    assert values["draws"] == pytest.approx(stay)


def test_way_back_not_named_for_a_tenpai_with_live_tiles() -> None:
    # the same hand with nothing visible: the 8s kanchan has 3 live and improvements
    assert _reason(hint(THIN[0]), Code.WAY_BACK) is None


def test_way_back_needs_the_two_step_analysis() -> None:
    assert _reason(hint(*THIN, two_step=False), Code.WAY_BACK) is None
