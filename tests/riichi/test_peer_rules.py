"""The optional rules of issue 14 against the PyPI library ``mahjong`` 2.1.0, with the
matching options, through a frozen corpus (``tests/data/riichi/peer_rules_corpus.json.zst``,
made by ``tools/make_peer_rules_corpus.py``; ``mahjong`` is never imported here).

One *capability* per rule value (pinfu_tsumo_fu; kazoe_limit "yakuman", "sanbaiman",
"none"; daisharin "off", "pin", "all_suits"; daichisei; paarenchan with and without
another yaku; yakuman_cap 6 and none; open_riichi), at least 2,000 situations each, most
of them *sensitive* (``mahjong`` answers differently under the rule's other value). Every
situation is scored twice, under the capability's rules and under its baseline's, and
each must agree with ``mahjong``'s answer under the same rule: win / no yaku / not
complete, han and fu (yakuman: the multiple), every payment with its honba, the total
with sticks, and the yaku. The comparison is ``tests/riichi/test_differential.py``'s
(its ``Outcome``, ``our_outcome``, ``their_outcome``), so a documented difference there
applies here too; the one difference of these rules (D3 of docs/differences.md: an open
22334455667788 is not daisharin) is a narrow predicate below, checked against the value
the rules give, never skipped.

Capped multiples other than 6 (which ``mahjong`` cannot express) are checked against a
hand-derived reference (the uncapped multiple, capped) at the end.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import zstandard
from riichi.test_differential import (
    MAHJONG_YAKU,
    Outcome,
    expected_outcome,
    format_failure,
    mismatch,
    our_outcome,
    their_outcome,
)

from riichi_lut.riichi import TENHOU, score

CORPUS = Path(__file__).resolve().parents[1] / "data" / "riichi" / "peer_rules_corpus.json.zst"
CAPABILITIES = (
    "pinfu_tsumo_fu",
    "kazoe_yakuman",
    "kazoe_sanbaiman",
    "kazoe_none",
    "daisharin_off",
    "daisharin_pin",
    "daisharin_all_suits",
    "daichisei",
    "paarenchan_needs_yaku",
    "paarenchan_no_yaku",
    "yakuman_cap_6",
    "yakuman_cap_none",
    "open_riichi",
)
SHARIN = frozenset({"Daisharin", "Daisuurin", "Daichikurin"})


@cache
def corpus() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes()))
    return data


def sides(record: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The record under the capability's rules and under the baseline's, each with the
    ``mahjong`` answer of the same rule."""
    baseline = {**record, "rules": record["baseline_rules"], "mahjong": record["mahjong_baseline"]}
    return record, baseline


def expected(record: dict[str, Any]) -> tuple[Outcome, str | None]:
    """What the rules give: ``mahjong``'s answer, or a documented difference."""
    # D3: mahjong counts daisharin in an open hand (its check reads the tiles, called ones
    # included); the yakuman is closed only (riichi.wiki "Daisharin": "a closed hand"), so
    # the hand scores as without the rule.
    if record["tag"] == "sharin_open" and SHARIN & set(record["mahjong"].get("yaku", ())):
        return their_outcome({**record, "mahjong": record["mahjong_without"]}), "D3 open daisharin"
    return expected_outcome(record)


@cache
def run() -> tuple[Counter[str], Counter[str], list[tuple[Any, ...]]]:
    """(agreed per capability, differences applied, failures) over both sides of every record."""
    agreed: Counter[str] = Counter()
    differences: Counter[str] = Counter()
    failures = []
    for record in corpus()["records"]:
        for side in sides(record):
            wanted, difference = expected(side)
            ours = our_outcome(side)
            bad = mismatch(ours, wanted)
            if bad:
                failures.append((side, ours, wanted, bad))
            else:
                agreed[record["cap"]] += 1
                if difference:
                    differences[difference] += 1
    return agreed, differences, failures


# --------------------------------------------------------------------------- the corpus


def test_the_corpus_has_every_capability_with_its_rules() -> None:
    data = corpus()
    assert tuple(data["capabilities"]) == CAPABILITIES
    assert data["mahjong_version"] == "2.1.0"
    for record in data["records"]:
        cap = data["capabilities"][record["cap"]]
        assert record["rules"] == cap["rules"] and record["baseline_rules"] == cap["baseline_rules"]
    optional = ("open_riichi", "double_open_riichi", "daisharin", "daisuurin", "daichikurin", "daichisei")
    assert set(MAHJONG_YAKU.values()) >= {*optional, "paarenchan"}


@pytest.mark.parametrize("cap", CAPABILITIES)
def test_each_capability_has_2000_situations_mostly_sensitive(cap: str) -> None:
    """At least 2,000 situations, and most of them ones where the rule changes the answer."""
    mine = [r for r in corpus()["records"] if r["cap"] == cap]
    assert len(mine) >= 2000
    assert sum(r["sensitive"] for r in mine) >= 0.6 * len(mine)
    assert sum(r["mahjong"] != r["mahjong_baseline"] for r in mine) == sum(r["sensitive"] for r in mine)


def test_the_situations_reach_what_each_rule_is_about() -> None:
    """The shapes the capabilities are for occur (so the agreement below means something)."""
    records = corpus()["records"]
    yaku = Counter(name for r in records for name in r["mahjong"].get("yaku", ()))
    for name in ("Daisharin", "Daisuurin", "Daichikurin", "Daichisei", "Paarenchan", "Open Riichi"):
        assert yaku[name] >= 100, name
    assert yaku["Double Open Riichi"] >= 20
    levels = Counter(r["mahjong"].get("level") for r in records if r["cap"] == "kazoe_none")
    assert levels["2x yakuman"] + levels["3x yakuman"] >= 1000  # 26+ counted han
    capped = [r for r in records if r["cap"] == "yakuman_cap_6" and r["mahjong_baseline"].get("han", 0) > 78]
    assert len(capped) >= 1000  # stacks above six yakuman
    kinds = Counter(their_outcome(r).kind for r in records if r["cap"].startswith("paarenchan"))
    assert kinds["no_yaku"] >= 50  # a count below 8, or a hand without yaku where one is needed
    assert sum(r["tag"] == "sharin_open" for r in records) >= 100


# --------------------------------------------------------------------------- agreement


@pytest.mark.slow
@pytest.mark.parametrize("cap", CAPABILITIES)
def test_agreement_with_mahjong_under_the_rule_and_its_baseline(cap: str) -> None:
    agreed, _, failures = run()
    mine = [f for f in failures if f[0]["cap"] == cap]
    shown = "\n".join(format_failure(*f) for f in mine[:12])
    assert not mine, f"{len(mine)} situations of {cap} disagree:\n{shown}"
    assert agreed[cap] == 2 * sum(r["cap"] == cap for r in corpus()["records"])


@pytest.mark.slow
def test_the_documented_difference_is_exercised() -> None:
    _, differences, _ = run()
    assert differences["D3 open daisharin"] >= 100


# --------------------------------------------------------------------------- other caps


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 5])
def test_a_yakuman_cap_pays_the_uncapped_multiple_capped(cap: int) -> None:
    """mahjong knows only the 6x cap; other caps against the uncapped multiple (a slow
    reference: min(multiple, cap) yakuman of 8,000 base), on the corpus's stacks."""
    stacks = [r for r in corpus()["records"] if r["cap"] == "yakuman_cap_none"][:300]
    seen = Counter()
    for record in stacks:
        free = our_outcome(record)
        if free.kind != "win" or not free.yakuman:
            continue
        capped_record = {**record, "rules": {**record["rules"], "yakuman_cap": cap}}
        ours = our_outcome(capped_record)
        multiple = min(free.yakuman, cap)
        dealer, tsumo = record["seat"] == "E", record["tsumo"]
        base = 8000 * multiple
        points = (6 if dealer else 4) * base if not tsumo else (6 * base if dealer else 4 * base)
        assert (ours.yakuman, ours.yaku) == (multiple, free.yaku), record["id"]
        assert sum(p for _, p, _ in ours.payments) == points, record["id"]
        seen[free.yakuman > cap] += 1
    assert seen[True] >= 20 and seen[False] >= 1


def test_a_capped_stack_says_what_was_found_and_what_is_paid() -> None:
    """Big four winds (double), all honors, four concealed sets on the pair (double), the
    dealer's tenhou and paarenchan: 7 yakuman found, 6 paid under yakuman_cap=6."""
    rules = TENHOU.replace(
        name="capped",
        yakuman_cap=6,
        paarenchan=True,
        double_yakuman=frozenset({"daisuushii", "suuankou_tanki"}),
    )
    facts: dict[str, Any] = {
        "tsumo": True,
        "seat_wind": "E",
        "round_wind": "E",
        "tenhou": True,
        "paarenchan": 8,
    }
    r = score("11122233344455z", "5z", rules=rules, **facts)
    assert sum(y.yakuman for y in r.yaku) == 7 and (r.yakuman, r.limit, r.points) == (6, "6x yakuman", 288000)
    assert "7 yakuman found; the capped rule set pays at most 6." in r.explain()
    free = score("11122233344455z", "5z", rules=rules.replace(yakuman_cap=0), **facts)
    assert (free.yakuman, free.points) == (7, 336000) and "yakuman found" not in free.explain()


def test_kazoe_none_counts_one_yakuman_per_13_han_up_to_the_cap() -> None:
    """26+ counted han: a double (or more) counted yakuman, capped by yakuman_cap; the
    result's yakuman stays 0 (no yakuman yaku)."""
    hand, win = "22334455667788p", "5p"
    facts: dict[str, Any] = {"tsumo": True, "seat_wind": "S", "round_wind": "E", "riichi": True,
                             "ippatsu": True, "riichi_sticks": 1, "dora_indicators": "1p1p1p4p4p",
                             "ura_indicators": "1p7p7p9p9p"}  # fmt: skip
    r = score(hand, win, rules=TENHOU.replace(kazoe_limit="none"), **facts)
    assert r.han >= 26 and r.yakuman == 0
    multiple = r.han // 13
    assert (r.limit, r.base, r.points) == (f"{multiple}x kazoe yakuman", 8000 * multiple, 32000 * multiple)
    one = score(hand, win, rules=TENHOU.replace(kazoe_limit="none", yakuman_cap=1), **facts)
    assert (one.han, one.limit, one.points) == (r.han, "kazoe yakuman", 32000)
    assert score(hand, win, **facts).points == 32000  # TENHOU: "yakuman"
    assert score(hand, win, rules=TENHOU.replace(kazoe_limit="sanbaiman"), **facts).points == 24000


def test_pinfu_tsumo_fu_keeps_the_tsumo_fu_and_drops_pinfu() -> None:
    hand, win = "234m567p234567s88s", "7s"
    facts: dict[str, Any] = {"tsumo": True, "seat_wind": "S", "round_wind": "E"}
    plain = score(hand, win, **facts)
    ruled = score(hand, win, rules=TENHOU.replace(pinfu_tsumo_fu=True), **facts)
    assert ({y.id for y in plain.yaku}, plain.han, plain.fu) == ({"pinfu", "menzen_tsumo", "tanyao"}, 3, 20)
    assert ({y.id for y in ruled.yaku}, ruled.han, ruled.fu) == ({"menzen_tsumo", "tanyao"}, 2, 30)
    assert [line.code.value for line in ruled.fu_lines] == ["base", "tsumo"]
    ron = {**facts, "tsumo": False}  # a ron is not changed
    a, b = score(hand, win, rules=TENHOU.replace(pinfu_tsumo_fu=True), **ron), score(hand, win, **ron)
    assert (a.yaku, a.han, a.fu, a.total) == (b.yaku, b.han, b.fu, b.total)


@pytest.mark.slow
def test_open_riichi_and_paarenchan_facts_the_rules_do_not_play_are_noted() -> None:
    w: dict[str, Any] = {"tsumo": False, "seat_wind": "E", "round_wind": "E", "riichi": True}
    w.update(riichi_sticks=1, open_riichi=True, paarenchan=9)
    r = score("234m567p234567s88s", "7s", **w)
    assert {y.id for y in r.yaku} == {"riichi", "pinfu", "tanyao"}
    assert [n.split(":")[0] for n in r.notes] == ["open_riichi", "paarenchan"]
    on = score("234m567p234567s88s", "7s", rules=TENHOU.replace(open_riichi=True, paarenchan=True), **w)
    assert [y.id for y in on.yaku] == ["paarenchan"] and on.yakuman == 1 and not on.notes
    two = on.win.replace(paarenchan=7)
    seven = score("234m567p234567s88s", "7s", two, rules=TENHOU.replace(open_riichi=True, paarenchan=True))
    assert {y.id for y in seven.yaku} == {"open_riichi", "pinfu", "tanyao"} and seven.han == 4


if __name__ == "__main__":  # a summary for docs/differences.md and reports
    agreed, differences, failures = run()
    print(f"{sum(agreed.values())} scored situations agree; differences applied: {dict(differences)}")
    print(f"failures: {len(failures)}")
    for failure in failures[:30]:
        print(format_failure(*failure))
