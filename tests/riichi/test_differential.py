"""Differential test: riichi-lut's Riichi scoring against the PyPI library ``mahjong`` 2.x.

``mahjong`` is a test-time oracle only, through a frozen corpus
(``tests/data/riichi/mahjong_corpus.json.zst``, made by
``tests/tools/make_mahjong_corpus.py``; CI never installs ``mahjong``). Every situation is
scored with ``riichi_lut.riichi.score`` under ``TENHOU`` (or ``TENHOU.replace(**rules)``
for the rule-variant records) and must agree with ``mahjong`` on: win / no yaku / not a
complete hand; han and fu (yakuman: the multiple; fu do not matter there); every payment
with its honba share; the total with riichi sticks; and the set of yaku.

Where the two disagree and the rules side with riichi-lut, the difference is listed in
``docs/differences.md`` (with the rule and its source) and encoded below as a narrow
predicate over the *situation* (:data:`DIFFERENCES`): a record that matches is checked
against the value the rules give, never skipped.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import zstandard

from riichi_lut.analysis.readings import readings
from riichi_lut.core.hand import Call, CallType, Hand, parse_hand
from riichi_lut.core.tiles import kind_of, parse_tiles
from riichi_lut.errors import InvalidSituationError, NotAWinError
from riichi_lut.riichi import TENHOU, RuleSet, score

pytestmark = pytest.mark.slow  # a differential sweep against the mahjong library

CORPUS = Path(__file__).resolve().parents[1] / "data" / "riichi" / "mahjong_corpus.json.zst"

#: mahjong's yaku names -> riichi-lut yaku ids (dora lines are compared through han).
MAHJONG_YAKU = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    **{f"Yakuhai (seat wind {w})": "yakuhai_seat" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round" for w in ("east", "south", "west", "north")},
    "Sanshoku Doujun": "sanshoku_doujun",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroutou": "honroutou",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "San Kantsu": "sankantsu",
    "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "Renhou": "renhou_mangan",
    "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suu Kantsu": "suukantsu",
    "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou (yakuman)": "renhou",
    # the optional yaku (tests/riichi/test_peer_rules.py; never in this corpus)
    "Open Riichi": "open_riichi",
    "Double Open Riichi": "double_open_riichi",
    "Daisharin": "daisharin",
    "Daisuurin": "daisuurin",
    "Daichikurin": "daichikurin",
    "Daichisei": "daichisei",
    "Paarenchan": "paarenchan",
}
DORA_NAMES = frozenset({"Dora", "Aka Dora", "Ura Dora"})
YAKUMAN_IDS = frozenset(
    {
        "kokushi",
        "kokushi_13",
        "chuuren",
        "junsei_chuuren",
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "ryuuiisou",
        "suukantsu",
        "tsuuiisou",
        "chinroutou",
        "tenhou",
        "chiihou",
        "renhou",
        "daisharin",
        "daisuurin",
        "daichikurin",
        "daichisei",
        "paarenchan",
    }
)


# --------------------------------------------------------------------------- corpus


@cache
def corpus() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes()))
    return data


def rules_of(record: dict[str, Any]) -> RuleSet:
    changes = dict(record.get("rules", {}))
    if "aka_dora" in changes:
        changes["aka_dora"] = tuple(changes["aka_dora"])
    if "double_yakuman" in changes:
        changes["double_yakuman"] = frozenset(changes["double_yakuman"])
    return TENHOU.replace(**changes) if changes else TENHOU


def hand_of(record: dict[str, Any]) -> Hand:
    """The hand of a record; ``ak`` marks the calls that are added kans (shouminkan),
    which the notation writes like open kans."""
    hand = parse_hand(record["hand"])
    added = set(record.get("ak", ()))
    if not added:
        return hand
    calls = tuple(Call(CallType.ADDED_KAN, c.tiles) if i in added else c for i, c in enumerate(hand.calls))
    return Hand(hand.concealed, hand.red, calls)


# --------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Outcome:
    """A scoring result in terms both libraries share. ``kind`` is "win", "no_yaku",
    "not_complete" or "invalid" (a contradictory situation, refused); for a win,
    ``yakuman`` is the multiple (0 for ordinary hands), ``han`` counts yaku and dora of an
    ordinary hand (kazoe included), ``fu`` is None for a yakuman, ``payments`` are
    (payer, points, honba) and ``total`` includes sticks."""

    kind: str
    yakuman: int = 0
    han: int = 0
    fu: int | None = None
    payments: tuple[tuple[str, int, int], ...] = ()
    total: int = 0
    yaku: frozenset[str] = frozenset()

    def describe(self) -> str:
        if self.kind != "win":
            return self.kind
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        return f"{value} {list(self.payments)} total {self.total} yaku {sorted(self.yaku)}"


def score_record(record: dict[str, Any]) -> Any:
    """riichi-lut's ScoreResult for a record, or the NotAWinError or
    InvalidSituationError it raised (``open_riichi`` among the flags and a ``paarenchan``
    count are the optional facts of tests/riichi/test_peer_rules.py's corpus)."""
    flags = {name: True for name in record["flags"]}
    if record.get("paarenchan"):
        flags["paarenchan"] = record["paarenchan"]
    try:
        return score(
            hand_of(record),
            record["win"],
            tsumo=record["tsumo"],
            seat_wind=record["seat"],
            round_wind=record["round"],
            dora_indicators=record["dora"],
            ura_indicators=record["ura"],
            honba=record["honba"],
            riichi_sticks=record["sticks"],
            rules=rules_of(record),
            **flags,
        )
    except (NotAWinError, InvalidSituationError) as exc:
        return exc


def our_outcome(record: dict[str, Any]) -> Outcome:
    result = score_record(record)
    if isinstance(result, InvalidSituationError):
        return Outcome("invalid")
    if isinstance(result, NotAWinError):
        complete = readings(hand_of(record), kind_of(parse_tiles(record["win"])[0]))
        return Outcome("no_yaku" if complete else "not_complete")
    return Outcome(
        "win",
        yakuman=result.yakuman,
        han=result.han,
        fu=None if result.yakuman else result.fu,
        payments=tuple((p.payer, p.points, p.honba) for p in result.payments),
        total=result.total,
        yaku=frozenset(y.id for y in result.yaku),
    )


def their_outcome(record: dict[str, Any]) -> Outcome:
    """mahjong's answer in the same terms. Its cost fields: a ron is ``main`` (+
    ``main_bonus`` honba) from the discarder; on tsumo ``main`` is what the dealer pays
    (each player, when the dealer wins) and ``additional`` what each non-dealer pays."""
    m = record["mahjong"]
    if "error" in m:
        return Outcome({"no_yaku": "no_yaku", "hand_not_winning": "not_complete"}.get(m["error"], "invalid"))
    yaku = frozenset(MAHJONG_YAKU[name] for name in m["yaku"] if name not in DORA_NAMES)
    yakuman = m["han"] // 13 if yaku & YAKUMAN_IDS else 0
    if not record["tsumo"]:
        payments: tuple[tuple[str, int, int], ...] = (("discarder", m["main"], m["main_bonus"]),)
    else:
        dealer = record["seat"] == "E"
        payments = tuple(
            (w, m["main"], m["main_bonus"])
            if w == "E" or dealer
            else (w, m["additional"], m["additional_bonus"])
            for w in "ESWN"
            if w != record["seat"]
        )
    return Outcome(
        "win",
        yakuman=yakuman,
        han=0 if yakuman else m["han"],
        fu=None if yakuman else m["fu"],
        payments=payments,
        total=m["total"],
        yaku=yaku,
    )


# --------------------------------------------------------------------------- differences


@dataclass(frozen=True)
class Difference:
    """A documented difference (docs/differences.md): ``applies`` is a narrow predicate
    over the record; ``expected`` turns mahjong's outcome into what the rules give."""

    name: str
    applies: Callable[[dict[str, Any]], bool]
    expected: Callable[[dict[str, Any], Outcome], Outcome]


def round_up_100(points: int) -> int:
    return -(-points // 100) * 100


def pay(han: int, fu: int, record: dict[str, Any]) -> tuple[tuple[tuple[str, int, int], ...], int]:
    """Payments and total of an ordinary hand, from the textbook table (for the expected
    value of a documented difference; independent of riichi_lut.riichi.points)."""
    rules = rules_of(record)
    base = fu * 2 ** (2 + han)
    if han >= 13:
        base = 8000 if rules.kazoe_yakuman else 6000
    elif han >= 5:
        base = {5: 2000, 6: 3000, 7: 3000, 8: 4000, 9: 4000, 10: 4000}.get(han, 6000)
    elif base > 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        base = 2000
    honba, dealer = record["honba"], record["seat"] == "E"
    if not record["tsumo"]:
        payments: tuple[tuple[str, int, int], ...] = (
            ("discarder", round_up_100(base * (6 if dealer else 4)), 300 * honba),
        )
    else:
        payments = tuple(
            (w, round_up_100(base * (2 if dealer or w == "E" else 1)), 100 * honba)
            for w in "ESWN"
            if w != record["seat"]
        )
    return payments, sum(p + h for _, p, h in payments) + 1000 * record["sticks"]


def has_open_call(record: dict[str, Any]) -> bool:
    return "[" in record["hand"]


def open_tsumo_without_fu(record: dict[str, Any], theirs: Outcome) -> Outcome:
    """20 base + 2 for tsumo = 22, rounded up: 30 fu (docs/differences.md, D1)."""
    payments, total = pay(theirs.han, 30, record)
    return replace(theirs, fu=30, payments=payments, total=total)


def contradiction(record: dict[str, Any]) -> str | None:
    """What makes a situation impossible, among the contradictions mahjong does not check
    (docs/differences.md, D2); None when it is consistent in these respects."""
    hand = hand_of(record)
    flags = set(record["flags"])
    riichi = bool(flags & {"riichi", "double_riichi"})
    win_kind = kind_of(parse_tiles(record["win"])[0])
    if "rinshan" in flags and not any(c.is_kan for c in hand.calls):
        return "rinshan needs a kan"
    if "ippatsu" in flags and flags & {"rinshan", "houtei"}:
        return "ippatsu with rinshan (the own kan ends it) or houtei (riichi leaves a draw)"
    if flags & {"tenhou", "chiihou", "renhou"} and riichi:
        return "a first-turn win has no riichi"
    if "chankan" in flags and hand.total_counts[win_kind] >= 2:
        return "chankan robs the fourth tile: the winner holds no other copy"
    if record["ura"] and not riichi:
        return "ura dora belong to riichi"
    return None


DIFFERENCES: tuple[Difference, ...] = (
    # D1: with mahjong's fu_for_open_pinfu=False, an open hand won by tsumo whose parts
    # score nothing gets 20 fu: mahjong drops the tsumo 2 fu, which only pinfu (a closed
    # yaku) waives. riichi-lut's open_pinfu_fu=20 changes the open *ron* only.
    Difference(
        "D1 open tsumo without other fu keeps the tsumo 2 fu (open_pinfu_fu=20)",
        lambda r: (
            rules_of(r).open_pinfu_fu == 20
            and r["tsumo"]
            and has_open_call(r)
            and r["mahjong"].get("fu") == 20
        ),
        open_tsumo_without_fu,
    ),
    # D2: mahjong scores some impossible situations that riichi-lut refuses (the issue's
    # "contradictory flags raise InvalidSituationError").
    Difference(
        "D2 contradictory situation refused",
        lambda r: contradiction(r) is not None and their_outcome(r).kind != "invalid",
        lambda r, theirs: Outcome("invalid"),
    ),
)


def expected_outcome(record: dict[str, Any]) -> tuple[Outcome, str | None]:
    theirs = their_outcome(record)
    for difference in DIFFERENCES:
        if difference.applies(record):
            return difference.expected(record, theirs), difference.name
    return theirs, None


def mismatch(ours: Outcome, expected: Outcome) -> list[str]:
    fields = ("kind", "yakuman", "han", "fu", "payments", "total", "yaku")
    return [f for f in fields if getattr(ours, f) != getattr(expected, f)]


@dataclass
class Report:
    total: int
    agreed: int
    by_difference: Counter[str]
    by_kind: Counter[str]
    failures: list[tuple[dict[str, Any], Outcome, Outcome, list[str]]]


@cache
def run_corpus() -> Report:
    records = corpus()["records"]
    by_difference: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    failures = []
    agreed = 0
    for record in records:
        expected, difference = expected_outcome(record)
        ours = our_outcome(record)
        by_kind[expected.kind] += 1
        bad = mismatch(ours, expected)
        if bad:
            failures.append((record, ours, expected, bad))
        elif difference:
            by_difference[difference] += 1
        else:
            agreed += 1
    return Report(len(records), agreed, by_difference, by_kind, failures)


def format_failure(record: dict[str, Any], ours: Outcome, expected: Outcome, bad: list[str]) -> str:
    situation = {k: v for k, v in record.items() if k != "mahjong"}
    return (
        f"#{record['id']} {bad}: {json.dumps(situation)}\n"
        f"    ours:     {ours.describe()}\n    expected: {expected.describe()}\n"
        f"    mahjong:  {record['mahjong']}"
    )


# --------------------------------------------------------------------------- tests


def test_tenhou_preset_is_what_the_corpus_assumes():
    """The corpus was made with mahjong configured like TENHOU; if the preset changes,
    regenerate the corpus (tests/tools/make_mahjong_corpus.py) rather than loosen this."""
    assumed = corpus()["tenhou_assumed"]
    actual = TENHOU.to_dict()
    assert {k: actual[k] for k in assumed} == assumed


def test_corpus_size_and_composition():
    records = corpus()["records"]
    tenhou = [r for r in records if "rules" not in r and not r["tag"].startswith("contradiction:")]
    assert len(tenhou) >= 10_000
    themes = Counter(r["tag"].split(":")[-1].split("/")[0] for r in tenhou)
    for theme in ("pinfu", "chiitoitsu", "kokushi", "suuankou", "chinitsu", "toitoi", "kans", "peikou"):
        assert themes[theme] >= 50, theme
    assert sum(bool(r.get("ak")) for r in records) >= 200  # added kans
    assert sum("(" in r["hand"] for r in records) >= 500  # closed kans
    assert sum("[" in r["hand"] for r in records) >= 3000  # open calls
    assert sum("0" in r["hand"] for r in records) >= 1000  # red fives
    kinds = Counter(their_outcome(r).kind for r in records)
    assert kinds["no_yaku"] >= 300 and kinds["not_complete"] >= 100 and kinds["invalid"] >= 50
    assert sum(r["tag"].startswith("contradiction:") for r in records) >= 200


def part_of(record: dict[str, Any]) -> str:
    if record["tag"].startswith("contradiction:"):
        return "contradictions"
    return "variants" if "rules" in record else "tenhou"


@pytest.mark.parametrize("part", ["tenhou", "variants", "contradictions"])
def test_agreement_with_mahjong(part: str):
    """Every situation of the part agrees with mahjong, or with the rules where a
    documented difference applies (the whole corpus is scored once, then cached)."""
    report = run_corpus()
    failures = [f for f in report.failures if part_of(f[0]) == part]
    shown = "\n".join(format_failure(*f) for f in failures[:15])
    assert not failures, f"{len(failures)} of the {part} situations disagree:\n{shown}"
    assert report.agreed + sum(report.by_difference.values()) + len(report.failures) == report.total


# --------------------------------------------------------------------------- regressions
# Bugs the differential test found in riichi-lut, pinned by name (docs/differences.md).


def test_chuuren_with_a_closed_kan_is_only_chinitsu():
    """23456788999p + closed kan 1111p holds the nine-gates tiles, but 15 of them: the
    nine gates are 1112345678999 plus one tile, 14 tiles, so any kan rules it out
    (corpus theme ``chuuren_kan``, e.g. #143; mahjong agrees)."""
    r = score("23456788999p (1111p)", "7p", tsumo=False, seat_wind="W", round_wind="E")
    assert [y.id for y in r.yaku] == ["chinitsu"]
    assert (r.han, r.fu, r.yakuman, r.total) == (6, 70, 0, 12000)
    r = score("11123456788m (9999m)", "2m", tsumo=True, seat_wind="S", round_wind="E", rinshan=True)
    assert r.yakuman == 0 and {y.id for y in r.yaku} == {"chinitsu", "menzen_tsumo", "rinshan"}


def test_chuuren_without_kan_is_still_the_yakuman():
    r = score("11123456789999m", "9m", tsumo=True, seat_wind="S", round_wind="E")
    assert r.yakuman == 1 and [y.id for y in r.yaku] == ["junsei_chuuren"]
    r = score("11112345678999m", "5m", tsumo=False, seat_wind="S", round_wind="E")
    assert r.yakuman == 1 and [y.id for y in r.yaku] == ["chuuren"]


def test_suuankou_that_also_reads_as_kazoe_yakuman_is_suuankou():
    """222 55 666 777 888m also reads 222 55 678 678 678m: 14 han of kazoe yakuman with
    double riichi and dora, the same 32,000 as suuankou. On equal points the real yakuman
    is the reading (corpus #3890 is the same case; mahjong and Tenhou name the suuankou)."""
    r = score(
        "22205666777888m",
        "2m",
        tsumo=True,
        seat_wind="N",
        round_wind="E",
        double_riichi=True,
        dora_indicators="9s",
        ura_indicators="4m",
        riichi_sticks=2,
    )
    assert [y.id for y in r.yaku] == ["suuankou"] and r.yakuman == 1 and r.limit == "yakuman"
    assert [(p.payer, p.points) for p in r.payments] == [("E", 16000), ("S", 8000), ("W", 8000)]
    assert r.total == 34000


# --------------------------------------------------------------------------- classics
# Hand-made cases every scorer must get right (values from the standard score table).


def test_pinfu_tsumo_is_20_fu():
    r = score("234m567p234567s88s", "7s", tsumo=True, seat_wind="S", round_wind="E")
    assert {y.id for y in r.yaku} == {"pinfu", "menzen_tsumo", "tanyao"}
    assert (r.han, r.fu) == (3, 20)
    assert [(p.payer, p.points) for p in r.payments] == [("E", 1300), ("W", 700), ("N", 700)]


def test_pinfu_ron_is_30_fu_and_4_han_30_fu_is_7700():
    # riichi_sticks=1: the winner's own stick (riichi with 0 sticks on the table is refused)
    kwargs: dict[str, Any] = {
        "tsumo": False,
        "seat_wind": "S",
        "round_wind": "E",
        "riichi": True,
        "riichi_sticks": 1,
    }
    r = score("234m567p234567s88s", "7s", dora_indicators="1m", **kwargs)
    assert (r.han, r.fu, r.points, r.total) == (4, 30, 7700, 8700)
    r = score("234m567p234567s88s", "7s", dora_indicators="1m", rules=TENHOU.replace(kiriage=True), **kwargs)
    assert (r.han, r.fu, r.points, r.limit) == (4, 30, 8000, "mangan")


def test_chiitoitsu_is_25_fu():
    r = score("1133m557799p22s66z", "6z", tsumo=False, seat_wind="S", round_wind="E")
    assert ([y.id for y in r.yaku], r.han, r.fu, r.total) == (["chiitoitsu"], 2, 25, 1600)
    r = score("1133m557799p22s66z", "6z", tsumo=False, seat_wind="E", round_wind="E")
    assert r.total == 2400


@pytest.mark.parametrize(
    ("win", "yaku", "double"),
    [("9m", "kokushi", 32000), ("1m", "kokushi_13", 64000)],
)
def test_kokushi(win: str, yaku: str, double: int):
    kwargs: dict[str, Any] = {"tsumo": False, "seat_wind": "S", "round_wind": "E"}
    r = score("119m19p19s1234567z", win, **kwargs)
    assert ([y.id for y in r.yaku], r.yakuman, r.total) == ([yaku], 1, 32000)
    r = score("119m19p19s1234567z", win, rules=TENHOU.replace(double_yakuman={"kokushi_13"}), **kwargs)
    assert r.total == double


def test_suuankou_tanki():
    kwargs: dict[str, Any] = {"tsumo": False, "seat_wind": "S", "round_wind": "E"}
    r = score("111m333p555s999s22z", "2z", **kwargs)
    assert ([y.id for y in r.yaku], r.yakuman, r.total) == (["suuankou_tanki"], 1, 32000)
    r = score("111m333p555s999s22z", "2z", rules=TENHOU.replace(double_yakuman={"suuankou_tanki"}), **kwargs)
    assert (r.yakuman, r.total) == (2, 64000)
    r = score("111m333p555s999s22z", "9s", **kwargs)  # shanpon by ron: the 999s is open
    assert {y.id for y in r.yaku} == {"toitoi", "sanankou"} and r.yakuman == 0


def test_red_five_in_a_kan_counts_once():
    r = score("234m567p22s [0555s] [555z]", "4m", tsumo=False, seat_wind="S", round_wind="S")
    assert (r.dora.aka, r.dora.dora, r.han, r.fu, r.total) == (1, 0, 2, 40, 2600)


def test_dora_without_yaku_is_not_a_win():
    with pytest.raises(NotAWinError, match="no yaku"):
        score(
            "234m567p22s [0555s] [789s]",
            "4m",
            tsumo=False,
            seat_wind="S",
            round_wind="S",
            dora_indicators="4s",
        )


if __name__ == "__main__":  # a summary for docs/differences.md and reports
    report = run_corpus()
    print(f"{report.total} situations: {report.agreed} agree with mahjong outright,")
    print(f"  documented differences: {dict(report.by_difference)}")
    print(f"  outcomes: {dict(report.by_kind)}; failures: {len(report.failures)}")
    for failure in report.failures[:40]:
        print(format_failure(*failure))
