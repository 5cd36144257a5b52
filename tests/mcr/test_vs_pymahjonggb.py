"""Differential tests: ``riichi_lut.mcr`` against PyMahjongGB, through frozen corpora.

PyMahjongGB (``pymahjonggb`` on PyPI, module ``MahjongGB``) is a test-time oracle only: the
corpora in ``tests/data/mcr`` were made by ``tests/mcr/make_corpus.py`` (format and
PyMahjongGB's input facts in ``tests/data/mcr/README.md``); nothing here imports it.

* Scoring: every hand of ``pymahjonggb_score.jsonl.zst`` is scored with
  ``mcr.score(..., rules=McrRules(edition="1998"))`` (PyMahjongGB uses the 1998 values) and
  must give PyMahjongGB's fan list exactly (fan number -> points per use and count, Flower
  Tiles included) and its total.
* Shanten: every hand of ``pymahjonggb_shanten.jsonl.zst`` through ``mcr.shanten(text)`` and
  ``mcr.shanten_batch(counts, melds=...)`` (every form) must give PyMahjongGB's values, and
  a slow brute force of our own (``tests/mcr/replacement_shanten.py``, the replacement number with
  the four-copy limit) must agree with both.

Where a disagreement is traced to a rule, it is a :class:`KnownDifference`: a narrow
predicate over the record, the clause of the rules that decides it, which side the rules
are on, and the value the rules give; a record it covers is checked against that value,
never skipped. Every difference is a row of the table in ``docs/mcr.md`` ("The differential tests")
(checked below). Everything else must agree exactly.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import zstandard
from mcr.replacement_shanten import reference_shanten

from riichi_lut.core.hand import parse_hand
from riichi_lut.core.tiles import kind_of, parse_tiles
from riichi_lut.mcr import McrRules, score, shanten, shanten_batch
from riichi_lut.mcr.win import WIN_FLAGS

pytestmark = pytest.mark.slow  # a differential sweep against PyMahjongGB

DATA = Path(__file__).resolve().parents[1] / "data" / "mcr"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "mcr.md"
RULES_1998 = McrRules(edition="1998")

#: PyMahjongGB's Chinese fan names in the 1998 rulebook order: index + 1 = fan number.
GB_NAMES_IN_ORDER = tuple(
    name
    for line in (
        "大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺",  # 1-7, 88 points
        "清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会",  # 8-13, 64
        "一色四同顺 一色四节高 一色四步高 三杠 混幺九",  # 14-15, 48; 16-18, 32
        "七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 全中 全小",  # 19-27, 24
        "清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻",  # 28-33, 16
        "全不靠 组合龙 大于五 小于五 三风刻",  # 34-38, 12
        "花龙 推不倒 三色三同顺 三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和",  # 39-47, 8
        "碰碰和 混一色 三色三步高 五门齐 全求人 双暗杠 双箭刻",  # 48-54, 6
        "全带幺 不求人 双明杠 和绝张",  # 55-58, 4
        "箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻 双暗刻 暗杠 断幺",  # 59-68, 2
        "一般高 喜相逢 连六 老少副 幺九刻 明杠 缺一门 无字",  # 69-76, 1
        "独听・边张 独听・嵌张 独听・单钓 自摸 花牌",  # 77-81, 1
    )
    for name in line.split()
)
assert len(GB_NAMES_IN_ORDER) == 81
#: PyMahjongGB's fan outside the 81: 明暗杠, one melded + one concealed kong, 5 points (the 1998
#: rule text of fan 57 Two Melded Kongs, "一明杠与一暗杠计5分", as quoted by
#: ChineseOfficialMahjongHelper's score_definition.xml): riichi-lut scores it as fan 57, 5 points.
GB_EXTRA = {"明暗杠": 57}
GB_FAN_NUMBER = {name: i + 1 for i, name in enumerate(GB_NAMES_IN_ORDER)} | GB_EXTRA

Lines = dict[int, tuple[int, int]]  # fan number -> (points per use, count)


@cache
def read_corpus(name: str) -> tuple[dict[str, Any], ...]:
    text = zstandard.ZstdDecompressor().decompress((DATA / name).read_bytes()).decode()
    return tuple(json.loads(line) for line in text.splitlines())


def score_records() -> tuple[dict[str, Any], ...]:
    return read_corpus("pymahjonggb_score.jsonl.zst")


def shanten_records() -> tuple[dict[str, Any], ...]:
    return read_corpus("pymahjonggb_shanten.jsonl.zst")


FACTS = ("self_drawn", "seat_wind", "prevalent_wind", "flowers", *WIN_FLAGS)  # a record's win facts


def oracle_lines(record: dict[str, Any]) -> Lines:
    return {GB_FAN_NUMBER[zh]: (points, count) for points, count, zh, _ in record["fans"]}


def our_result(record: dict[str, Any]) -> Any:
    return score(record["hand"], record["win_tile"], **{k: record[k] for k in FACTS}, rules=RULES_1998)


def lines_of(result: Any) -> Lines:
    return {line.number: (line.points, line.count) for line in result.fans}


# --------------------------------------------------------------------------- differences


@dataclass(frozen=True)
class KnownDifference:
    """A documented difference class (a row of docs/mcr.md).

    ``applies`` is a narrow predicate over the corpus record; ``clause`` quotes the rule
    that decides it, with its source; ``right`` names the side the rules are on
    ("riichi-lut" or "PyMahjongGB"); ``expected`` gives the value the rules give (for
    scoring: the fan lines, from PyMahjongGB's lines; for shanten: the value, from
    PyMahjongGB's value and the record)."""

    name: str
    applies: Callable[[dict[str, Any]], bool]
    clause: str
    right: str
    expected: Callable[[dict[str, Any], Any], Any]


def _concealed_and_win(record: dict[str, Any]) -> tuple[list[int], int, int]:
    """Concealed counts (winning tile included), the winning tile's kind and its number 1-9
    (0 for an honor)."""
    counts = list(parsed(record["hand"]).concealed)
    kind = kind_of(parse_tiles(record["win_tile"])[0])
    return counts, kind, kind % 9 + 1 if kind < 27 else 0


WAIT_FANS = (77, 78, 79)  # Edge, Closed, Single Wait


def wait_shapes(record: dict[str, Any]) -> set[int]:
    """The wait fans whose shape the concealed tiles hold around the winning tile: edge (12
    + 3, 89 + 7), closed (t - 1, t + 1), single (a pair of it)."""
    counts, k, n = _concealed_and_win(record)
    shapes = {79} if counts[k] >= 2 else set()
    if n and 2 <= n <= 8 and counts[k - 1] and counts[k + 1]:
        shapes.add(78)
    if (n == 3 and counts[k - 2] and counts[k - 1]) or (n == 7 and counts[k + 1] and counts[k + 2]):
        shapes.add(77)
    return shapes


def other_wait_applies(record: dict[str, Any]) -> bool:
    waits = [n for n in oracle_lines(record) if n in WAIT_FANS]
    return len(waits) == 1 and len(wait_shapes(record) | {waits[0]}) > 1


def other_wait_expected(record: dict[str, Any], lines: Lines) -> tuple[Lines, ...]:
    (wait,) = (n for n in lines if n in WAIT_FANS)
    rest = {n: v for n, v in lines.items() if n != wait}
    return tuple(rest | {w: (1, 1)} for w in sorted(wait_shapes(record) | {wait}))


def three_consecutive_triplets(record: dict[str, Any]) -> bool:
    """The concealed tiles hold n n n, n+1 n+1 n+1, n+2 n+2 n+2 of one suit: three
    shifted pungs or three identical chows, and PyMahjongGB took one of them."""
    counts = _concealed_and_win(record)[0]
    found = any(min(counts[k : k + 3]) >= 3 for s in (0, 9, 18) for k in range(s, s + 7))
    return found and bool({23, 24} & set(oracle_lines(record)))


#: Scoring differences (1998 edition). ``expected`` returns the lines the rules give, a
#: tuple of lines any of which is right, or None when the rules fix the total only.
SCORE_DIFFERENCES: tuple[KnownDifference, ...] = (
    KnownDifference(
        "P1 which wait fan names a one-kind wait",
        other_wait_applies,
        "a one-kind wait that reads as more than one of edge / closed / single scores one of "
        "them, 1 point either way: 'only one wait fan is counted even when there are several "
        "candidates' (seed, 計算法; the rulebook names none as preferred)",
        "either",
        other_wait_expected,
    ),
    KnownDifference(
        "P2 equal totals from three consecutive triplets",
        three_consecutive_triplets,
        "the hand is scored by its highest-total reading (seed, 計算法: 'the combination with "
        "the highest total is taken'); when three shifted pungs and three identical chows give "
        "the same total the rules do not rank them, so only the total is fixed",
        "either",
        lambda record, lines: None,
    ),
)


@cache
def parsed(text: str) -> Any:
    return parse_hand(text)


def four_in_view(record: dict[str, Any], text: bool) -> bool:
    """Some tile kind has all four copies in what the function sees: the concealed tiles
    (batch), or the concealed tiles and the melds (text)."""
    hand = parsed(record["hand"])
    return max(hand.total_counts if text else hand.concealed) == 4


@cache
def exact_values(hand_text: str, text: bool) -> dict[str, int | None]:
    """The brute force's values (tests/mcr/reference.py), copies in melds excluded or not."""
    hand = parsed(hand_text)
    limit = [4 - c for c in hand.called_counts] if text else [4] * 34
    return reference_shanten(list(hand.concealed), len(hand.calls), limit)


def exact(record: dict[str, Any], form: str, text: bool) -> int | None:
    return exact_values(record["hand"], text)[form]


#: Shanten differences. ``expected(record, (form, text))`` -> the exact value.
SHANTEN_DIFFERENCES: tuple[KnownDifference, ...] = (
    KnownDifference(
        "S1 no wait on a fifth copy",
        lambda r: four_in_view(r, text=False),
        "a tile whose four copies are all in the hand cannot be drawn (MCR is played with four "
        "copies of each tile; issue 10: 'four held copies are never a wait on a fifth')",
        "riichi-lut",
        lambda r, how: exact(r, how[0], text=False),
    ),
    KnownDifference(
        "S2 tiles in melds count toward the four copies (text input)",
        lambda r: r["melds"] > 0 and four_in_view(r, text=True),
        "the copies in the player's own melds cannot be drawn either; mcr.shanten(text) sees "
        "them (issue 10: 'mcr.shanten(text) counts the tiles in melds toward the four copies'); "
        "PyMahjongGB's shanten functions see the standing tiles only",
        "riichi-lut",
        lambda r, how: exact(r, how[0], text=True),
    ),
)


#: every documented difference class (each a row of docs/mcr.md)
KNOWN_DIFFERENCES = SCORE_DIFFERENCES + SHANTEN_DIFFERENCES


def expected_shanten(record: dict[str, Any], form: str, text: bool) -> tuple[int | None, str | None]:
    """The value the rules give for one form ("all" too) and the difference that gave it."""
    theirs = record["all"] if form == "all" else record["forms"].get(form)
    if theirs is None:  # a form PyMahjongGB does not compute with these melds: None
        return None, None
    candidates = ("S2", "S1") if text else ("S1",)  # what the function sees decides the class
    for prefix in candidates:
        for difference in SHANTEN_DIFFERENCES:
            if difference.name.startswith(prefix) and difference.applies(record):
                return difference.expected(record, (form, text)), difference.name
    return theirs, None


# --------------------------------------------------------------------------- corpus checks


def test_score_corpus_size_and_coverage():
    records = score_records()
    assert len(records) >= 5000
    assert not [r for r in records if "error" in r], "PyMahjongGB rejected hands: see README"
    hit = Counter(GB_FAN_NUMBER[f[2]] for r in records for f in r["fans"])
    assert [n for n in range(1, 82) if hit[n] < 5] == [], "fans hit by fewer than 5 hands"
    assert sum("(" in r["hand"] for r in records) >= 300  # concealed kongs
    assert sum(r["hand"].count("[") >= 3 for r in records) >= 300  # three or four melded sets
    for fact in ("self_drawn", "last_tile", "kong_replacement", "robbing_kong", "last_tile_of_wall"):
        assert sum(r[fact] for r in records) >= 100, fact
    assert {r["flowers"] for r in records} == set(range(9))
    assert {r["seat_wind"] for r in records} == {r["prevalent_wind"] for r in records} == set("ESWN")


def test_score_corpus_facts_are_legal():
    """The generator only draws situations the rules allow (riichi-lut refuses the others)."""
    for r in score_records():
        has_kong = any(call.is_kan for call in parsed(r["hand"]).calls)
        assert not r["kong_replacement"] or (r["self_drawn"] and has_kong)
        assert not r["robbing_kong"] or not (r["self_drawn"] or r["last_tile_of_wall"])


def test_shanten_corpus_size_and_composition():
    records = shanten_records()
    assert len(records) >= 20_000
    sizes = Counter((r["melds"], r["size"]) for r in records)
    assert all(sizes[m, 13 - 3 * m] >= 500 and sizes[m, 14 - 3 * m] >= 500 for m in range(5)), sizes
    styles = Counter(r["style"] for r in records)
    assert styles["knitted"] >= 3000 and styles["honors"] >= 1500, styles
    assert sum(r["all"] == -1 for r in records) >= 300 and sum(r["all"] == 0 for r in records) >= 2000


def test_differences_are_documented():
    text = DOCS.read_text(encoding="utf-8")
    for difference in KNOWN_DIFFERENCES:
        assert f"| {difference.name} |" in text, difference.name
        assert difference.right in ("riichi-lut", "PyMahjongGB", "either"), difference.name


# --------------------------------------------------------------------------- scoring


def describe(lines: Lines) -> str:
    return ", ".join(f"#{n} {p}x{c}" for n, (p, c) in sorted(lines.items()))


def agrees(ours: Lines, our_total: int, expected: Lines | tuple[Lines, ...] | None, total: int) -> bool:
    if our_total != total:
        return False
    if expected is None:
        return True
    return ours in (expected if isinstance(expected, tuple) else (expected,))


@cache
def score_failures() -> tuple[list[str], Counter[str]]:
    failures, used = [], Counter()
    for record in score_records():
        theirs = oracle_lines(record)
        total = record["total"]
        # every difference that applies offers what the rules give; one of them must hold
        applying = [d for d in SCORE_DIFFERENCES if d.applies(record)]
        used.update(d.name for d in applying)
        expectations = [d.expected(record, theirs) for d in applying] or [theirs]
        try:
            result = our_result(record)
        except Exception as exc:  # a refusal is a disagreement too: report it, do not stop
            failures.append(f"#{record['id']} {record['hand']} win {record['win_tile']}: raised {exc!r}")
            continue
        ours = lines_of(result)
        if not any(agrees(ours, result.total, e, total) for e in expectations):
            facts = {k: record[k] for k in FACTS if record[k]}
            failures.append(
                f"#{record['id']} {record['hand']} win {record['win_tile']} {facts}\n"
                f"    ours:        {describe(ours)} = {result.total}\n"
                f"    PyMahjongGB: {describe(theirs)} = {total}"
            )
    return failures, used


def test_scores_agree_with_pymahjonggb():
    failures, _ = score_failures()
    shown = "\n".join(failures[:20])
    assert not failures, f"{len(failures)} of {len(score_records())} hands disagree:\n{shown}"


def test_score_total_is_the_sum_of_the_fans_and_meets_minimum_excludes_flowers():
    for record in score_records()[:500]:
        result = our_result(record)
        assert result.total == sum(line.points * line.count for line in result.fans)
        assert result.total_without_flowers == result.total - record["flowers"]
        assert result.meets_minimum == (result.total_without_flowers >= 8)


# --------------------------------------------------------------------------- shanten

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")


def check_shanten(
    records: Sequence[dict[str, Any]],
    get: Callable[[dict[str, Any], str], int | None],
    text: bool,
    forms: tuple[str, ...],
) -> None:
    failures = []
    for record in records:
        for form in forms:
            wanted, why = expected_shanten(record, form, text)
            got = get(record, form)
            if got != wanted:
                where = f"#{record['id']} {record['hand']} {form}"
                failures.append(f"{where}: ours {got}, expected {wanted} ({why or 'PyMahjongGB'})")
    assert not failures, f"{len(failures)} disagree:\n" + "\n".join(failures[:20])


@cache
def scalar(hand: str) -> Any:
    return shanten(hand)


def test_scalar_shanten_agrees():
    def get(record: dict[str, Any], form: str) -> int | None:
        result = scalar(record["hand"])
        return result.value if form == "all" else getattr(result, form)

    check_shanten(shanten_records(), get, text=True, forms=("all", *FORMS))


def test_scalar_shanten_forms_unavailable_with_melds_are_none():
    for record in shanten_records():
        if record["melds"]:
            result = scalar(record["hand"])
            assert result.seven_pairs is None and result.thirteen_orphans is None
            assert result.honors_and_knitted is None
            assert (result.knitted_straight is None) == (record["melds"] > 1)


@pytest.mark.parametrize("form", ["all", *FORMS])
def test_batch_shanten_agrees(form: str):
    records = [r for r in shanten_records() if form == "all" or form in r["forms"]]
    counts = np.array([parsed(r["hand"]).concealed for r in records], dtype=np.uint8)
    melds = np.array([r["melds"] for r in records], dtype=np.int64)
    values = shanten_batch(counts, melds=melds, form=form)
    assert values.shape == (len(records),)
    by_id = {r["id"]: int(v) for r, v in zip(records, values, strict=True)}
    check_shanten(records, lambda r, f: by_id[r["id"]], text=False, forms=(form,))


def test_reference_agrees_with_pymahjonggb_where_no_copy_limit_binds():
    """The brute force itself, on every hand where no tile has four copies in view: it must
    give PyMahjongGB's value in every form (so that it can decide the other hands)."""
    checked = 0
    for record in shanten_records():
        if four_in_view(record, text=False) or record["id"] % 5:
            continue  # a fifth of the corpus: the brute force is slow
        ref = exact_values(record["hand"], False)
        assert ref["all"] == record["all"], record
        assert {f: ref[f] for f in record["forms"]} == record["forms"], record
        checked += 1
    assert checked >= 3000


def test_reference_is_never_below_pymahjonggb():
    """PyMahjongGB ignores the copy limit, so it can only be lower: every hand of the
    difference classes S1 / S2 has the exact value at or above PyMahjongGB's."""
    for record in shanten_records():
        for text in (False, True):
            if not four_in_view(record, text):
                continue
            for form, theirs in (("all", record["all"]), *record["forms"].items()):
                value = exact(record, form, text)
                assert value is not None and value >= theirs, (record, form, text)
