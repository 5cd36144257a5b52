"""Three-player (sanma) scoring against the PyPI library ``mahjong`` 2.1.0
(``OptionalRules(is_three_player=True)``, ``HandConfig(num_nuki_dora=...)``), through a
frozen corpus (``tests/data/sanma/scoring_corpus.json.zst``, made by
``tools/make_sanma_scoring_corpus.py``; ``mahjong`` is never imported here).

Every situation is scored under ``TENHOU_SANMA`` and must agree with ``mahjong``: win / no
yaku, han and fu (yakuman: the multiple), every payment with its honba (two payers on a
tsumo, tsumo loss; 200 per honba on a ron), the total with sticks, and the yaku. The
``split`` capability is scored under ``sanma_tsumo="split"``, which ``mahjong`` does not
have: its expected payments are derived here by hand from ``mahjong``'s han and fu (the
textbook base, the absent North's share halved between the two payers). The documented
differences (docs/differences.md, "Three players") are narrow predicates, never skips.
The fast and the general path must give the same answers (``score`` and
``reference_score`` on a sample of every capability).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import zstandard
from riichi.test_differential import DORA_NAMES, MAHJONG_YAKU, YAKUMAN_IDS, Outcome, hand_of, round_up_100

from riichi_lut.analysis.readings import readings
from riichi_lut.core.tiles import kind_of, parse_tiles
from riichi_lut.errors import InvalidHandError, InvalidSituationError, NotAWinError
from riichi_lut.riichi import MAHJONG_SOUL_SANMA, TENHOU, TENHOU_SANMA, RuleSet, score
from riichi_lut.riichi.score import reference_score

CORPUS = Path(__file__).resolve().parents[1] / "data" / "sanma" / "scoring_corpus.json.zst"
CAPABILITIES = ("tsumo_loss", "split", "kita", "dora_wrap", "honba", "guest_north", "open", "closed", "yaku")


@cache
def corpus() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes()))
    return data


def rules_of(record: dict[str, Any]) -> RuleSet:
    return TENHOU_SANMA.replace(sanma_tsumo="split") if record["cap"] == "split" else TENHOU_SANMA


def facts(record: dict[str, Any]) -> dict[str, Any]:
    return {
        "tsumo": record["tsumo"],
        "seat_wind": record["seat"],
        "round_wind": record["round"],
        "dora_indicators": record["dora"],
        "ura_indicators": record["ura"],
        "honba": record["honba"],
        "riichi_sticks": record["sticks"],
        "kita": record["kita"],
        **{name: True for name in record["flags"]},
    }


def our_outcome(record: dict[str, Any]) -> Outcome:
    try:
        result = score(hand_of(record), record["win"], rules=rules_of(record), **facts(record))
    except InvalidSituationError:
        return Outcome("invalid")
    except NotAWinError:
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


def split_payments(
    m: dict[str, Any], record: dict[str, Any], yakuman: int
) -> tuple[tuple[str, int, int], ...]:
    """The split convention by hand: the textbook base of mahjong's han and fu; each payer
    pays its four-player share plus half of North's (dealer win: 2 + 1; non-dealer win: the
    dealer 2 + 1/2, the other 1 + 1/2), rounded up to 100."""
    han, fu = m["han"], m["fu"]
    if yakuman:
        base = 8000 * yakuman
    elif han >= 13:
        base = 8000
    elif han >= 5:
        base = {5: 2000, 6: 3000, 7: 3000, 8: 4000, 9: 4000, 10: 4000}.get(han, 6000)
    else:
        base = min(2000, fu * 2 ** (2 + han))
    dealer = record["seat"] == "E"
    out = []
    for w in "ESW":
        if w == record["seat"]:
            continue
        halves = 6 if dealer else (5 if w == "E" else 3)  # in halves of the base
        out.append((w, round_up_100(base * halves // 2), 100 * record["honba"]))
    return tuple(out)


def their_outcome(record: dict[str, Any]) -> Outcome:
    """mahjong's answer in the same terms (three players: on a tsumo ``main`` is what the
    dealer pays, or each payer when the dealer wins, ``additional`` the other non-dealer)."""
    m = record["mahjong"]
    if "error" in m:
        return Outcome({"no_yaku": "no_yaku", "hand_not_winning": "not_complete"}.get(m["error"], "invalid"))
    yaku = frozenset(MAHJONG_YAKU[name] for name in m["yaku"] if name not in DORA_NAMES)
    yakuman = m["han"] // 13 if yaku & YAKUMAN_IDS else 0
    if not record["tsumo"]:
        payments: tuple[tuple[str, int, int], ...] = (("discarder", m["main"], m["main_bonus"]),)
    elif record["cap"] == "split":
        payments = split_payments(m, record, yakuman)
    else:
        dealer = record["seat"] == "E"
        payments = tuple(
            (w, m["main"], m["main_bonus"])
            if w == "E" or dealer
            else (w, m["additional"], m["additional_bonus"])
            for w in "ESW"
            if w != record["seat"]
        )
    total = sum(p + h for _, p, h in payments) + 1000 * record["sticks"]
    if record["cap"] != "split":
        assert total == m["total"], record["id"]
    return Outcome(
        "win",
        yakuman=yakuman,
        han=0 if yakuman else m["han"],
        fu=None if yakuman else m["fu"],
        payments=payments,
        total=total,
        yaku=yaku,
    )


def rinshan_without_kan(record: dict[str, Any]) -> bool:
    return "rinshan" in record["flags"] and not any(c.is_kan for c in hand_of(record).calls)


def expected_outcome(record: dict[str, Any]) -> tuple[Outcome, str | None]:
    theirs = their_outcome(record)
    return theirs, ("kita rinshan" if rinshan_without_kan(record) else None)


def mismatch(ours: Outcome, expected: Outcome) -> list[str]:
    fields = ("kind", "yakuman", "han", "fu", "payments", "total", "yaku")
    return [f for f in fields if getattr(ours, f) != getattr(expected, f)]


@cache
def run() -> tuple[dict[str, Counter[str]], list[str]]:
    seen: dict[str, Counter[str]] = {cap: Counter() for cap in CAPABILITIES}
    failures = []
    for record in corpus()["records"]:
        expected, note = expected_outcome(record)
        ours = our_outcome(record)
        bad = mismatch(ours, expected)
        seen[record["cap"]][expected.kind] += 1
        if note:
            seen[record["cap"]][note] += 1
        if bad:
            situation = {k: v for k, v in record.items() if k != "mahjong"}
            failures.append(
                f"#{record['id']} {bad}: {json.dumps(situation)}\n    ours:     {ours.describe()}\n"
                f"    expected: {expected.describe()}\n    mahjong:  {record['mahjong']}"
            )
    return seen, failures


def test_corpus_size_and_composition() -> None:
    data = corpus()
    assert data["mahjong_version"] == "2.1.0" and data["mahjong_options"]["is_three_player"] is True
    records = data["records"]
    count = Counter(r["cap"] for r in records)
    assert set(count) == set(CAPABILITIES) and min(count.values()) >= 2000
    assert all(r["seat"] in "ESW" and r["round"] in "ESW" for r in records)
    assert all("[" not in r["hand"] or "chi" not in r for r in records)
    by = {cap: [r for r in records if r["cap"] == cap] for cap in CAPABILITIES}
    assert sum(r["tsumo"] for r in by["tsumo_loss"]) == 2000 and sum(r["tsumo"] for r in by["split"]) == 2000
    assert sum(r["seat"] == "E" for r in by["tsumo_loss"]) >= 800
    assert sum(r["kita"] > 0 for r in by["kita"]) >= 1900
    assert sum("4z" in r["dora"] or "3z" in r["dora"] for r in by["kita"]) >= 800  # West shows North
    assert sum("3z" in r["dora"] for r in by["kita"]) >= 800
    assert sum(("1m" in r["dora"] or "9m" in r["dora"]) for r in by["dora_wrap"]) >= 1200
    assert sum(r["honba"] > 0 for r in by["honba"]) == 2000
    assert sum("[" in r["hand"] for r in by["open"]) >= 1900
    assert not any("[" in r["hand"] for r in by["closed"])
    assert sum("rinshan" in r["flags"] and r["kita"] and not r["hand"].count("(") and "[" not in r["hand"]
               for r in records) >= 100  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("cap", CAPABILITIES)
def test_agreement_with_mahjong(cap: str) -> None:
    seen, failures = run()
    mine = [f for f in failures if f'"cap": "{cap}"' in f]
    assert not mine, f"{len(mine)} disagreements in {cap}:\n" + "\n".join(mine[:10])
    assert seen[cap]["win"] >= 1900


def test_every_three_player_yaku_is_reached() -> None:
    reached = Counter(y for r in corpus()["records"] for y in their_outcome(r).yaku)
    expected = {
        "menzen_tsumo", "riichi", "double_riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei",
        "pinfu", "tanyao", "iipeikou", "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat",
        "yakuhai_round", "ittsu", "chanta", "honroutou", "toitoi", "sanankou", "sankantsu",
        "sanshoku_doukou", "chiitoitsu", "shousangen", "honitsu", "junchan", "ryanpeikou", "chinitsu",
        "kokushi", "chuuren", "suuankou", "daisangen", "shousuushii", "daisuushii", "ryuuiisou",
        "suukantsu", "tsuuiisou", "chinroutou", "tenhou", "chiihou",
    }  # fmt: skip
    assert expected <= set(reached), sorted(expected - set(reached))
    assert "sanshoku_doujun" not in reached  # no 2m-8m: no run of man


def test_fast_and_general_paths_agree() -> None:
    for record in corpus()["records"][::37]:
        try:
            fast = score(hand_of(record), record["win"], rules=rules_of(record), **facts(record))
        except NotAWinError as exc:
            with pytest.raises(NotAWinError, match=re.escape(str(exc))):
                reference_score(hand_of(record), record["win"], rules=rules_of(record), **facts(record))
            continue
        ref = reference_score(hand_of(record), record["win"], rules=rules_of(record), **facts(record))
        assert (fast.han, fast.fu, fast.total, fast.payments, fast.dora) == (
            ref.han, ref.fu, ref.total, ref.payments, ref.dora,
        )  # fmt: skip


# --------------------------------------------------------------------------- hand-derived cases


def sanma(hand: str, tile: str, **kw: Any) -> Any:
    return score(hand, tile, rules=kw.pop("rules", TENHOU_SANMA), **kw)


def test_kita_dora_west_indicator_and_ura() -> None:
    base = dict(tsumo=False, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1)
    r0 = sanma("111m99m123p456p789s", "9m", **base)
    r = sanma("111m99m123p456p789s", "9m", kita=2, **base)
    assert r.dora.kita == 2 and r.han == r0.han + 2 and not any(y.id == "kita" for y in r.yaku)
    w = sanma("111m99m123p456p789s", "9m", kita=2, dora_indicators="3z", ura_indicators="3z", **base)
    assert (w.dora.dora, w.dora.ura, w.dora.kita) == (2, 2, 2)
    wrap = sanma("111m99m123p456p789s", "9m", dora_indicators="1m9m", **base)
    assert wrap.dora.dora == 5  # 1m shows 9m (two held), 9m shows 1m (three held)


def test_kita_does_not_count_on_a_yakuman_and_is_not_a_yaku() -> None:
    y = sanma("111m999m111p999s11z", "1z", tsumo=False, seat_wind="S", round_wind="E", kita=3)
    assert y.yakuman == 1 and y.points == 32000
    with pytest.raises(NotAWinError, match="3 dora do not count as a yaku"):
        sanma("11m123p456p [999m] [111s]", "1m", tsumo=False, seat_wind="S", round_wind="S", kita=3)


def test_tsumo_loss_split_and_honba() -> None:
    hand, facts3 = "111m99m123p456p789s", dict(tsumo=True, riichi=True, riichi_sticks=1, round_wind="E")
    loss = sanma(hand, "9m", seat_wind="S", honba=2, **facts3)
    four = score(hand, "9m", seat_wind="S", honba=2, **facts3)
    assert [p.payer for p in loss.payments] == ["E", "W"]
    assert [(p.points, p.honba) for p in loss.payments] == [
        (p.points, p.honba) for p in four.payments[:1] + four.payments[1:2]
    ]
    split = sanma(hand, "9m", seat_wind="S", rules=TENHOU_SANMA.replace(sanma_tsumo="split"), **facts3)
    assert split.points >= loss.points
    ron = sanma(hand, "9m", tsumo=False, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=1, honba=3)
    assert ron.payments[0].honba == 600  # 200 per honba on a ron
    dealer = sanma(hand, "9m", seat_wind="E", rules=MAHJONG_SOUL_SANMA.replace(sanma_tsumo="split"), **facts3)
    assert len({p.points for p in dealer.payments}) == 1 and len(dealer.payments) == 2


def test_guest_north_and_rinshan_after_kita() -> None:
    r = sanma("123p456p789s444z11m", "1m", tsumo=False, seat_wind="W", round_wind="S", riichi=True,
              riichi_sticks=1)  # fmt: skip
    assert not any(y.id.startswith("yakuhai") for y in r.yaku)
    k = sanma("111m99m123p456p789s", "9m", tsumo=True, seat_wind="S", round_wind="E", kita=1, rinshan=True)
    assert "rinshan" in {y.id for y in k.yaku}
    with pytest.raises(InvalidSituationError, match="rinshan needs a kan"):
        sanma("111m99m123p456p789s", "9m", tsumo=True, seat_wind="S", round_wind="E", kita=1, rinshan=True,
              rules=TENHOU_SANMA.replace(kita_rinshan=False))  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "tile", "changes", "error", "fragment"),
    [
        ("123m99m123p456p789s", "9m", {}, InvalidHandError, "2m is not a three-player tile"),
        ("111m99m456p789s [123p]", "9m", {}, InvalidHandError, "chi"),
        ("111m99m123p456p789s", "9m", {"seat_wind": "N"}, InvalidSituationError, "no North seat"),
        ("111m99m123p456p789s", "9m", {"round_wind": "N"}, InvalidSituationError, "no North seat"),
        ("111m99m123p456p789s", "9m", {"kita": 5}, InvalidSituationError, "kita is at most 4"),
        ("111m99m123p456p789s", "9m", {"kita": -1}, InvalidSituationError, "kita"),
        ("111m99m123p456p789s", "9m", {"dora_indicators": "5m"}, InvalidHandError, "dora_indicators: 5m"),
        ("111m99m123p456p789s", "9m", {"kita": 1, "dora_indicators": "4444z"}, InvalidHandError, "kita"),
        ("111m99m123p456p789s", "9m", {"kita": 1, "tsumo": True, "seat_wind": "E", "tenhou": True},
         InvalidSituationError, "tenhou"),
        ("111m99m123p456p789s", "9m", {"kita": 1, "rules": TENHOU}, InvalidSituationError,
         "three-player only"),
    ],
)  # fmt: skip
def test_three_player_bad_inputs(hand: str, tile: str, changes: dict, error: type, fragment: str) -> None:
    kw: dict[str, Any] = {
        "tsumo": False,
        "seat_wind": "S",
        "round_wind": "E",
        "riichi": True,
        "riichi_sticks": 1,
    }
    kw.update(changes)
    with pytest.raises(error, match=fragment):
        sanma(hand, tile, **kw)


def test_rule_fields_are_checked() -> None:
    from riichi_lut.errors import InvalidArgumentError

    for changes, fragment in (
        ({"players": 5}, "players"),
        ({"players": True}, "players"),
        ({"sanma_tsumo": "half"}, "sanma_tsumo"),
        ({"players": 3}, "aka_dora must be"),
    ):
        with pytest.raises(InvalidArgumentError, match=fragment):
            TENHOU.replace(**changes)
    assert (TENHOU_SANMA.players, MAHJONG_SOUL_SANMA.players, TENHOU.players) == (3, 3, 4)
    assert TENHOU_SANMA.aka_dora == (0, 1, 1) and TENHOU_SANMA.sanma_tsumo == "loss"


def test_settle_two_rons_at_most_and_200_per_honba() -> None:
    from riichi_lut.riichi import settle

    kw = dict(tsumo=False, round_wind="E", honba=1, rules=TENHOU_SANMA)
    a = sanma("111m99m123p456p789s", "9m", seat_wind="S", riichi=True, riichi_sticks=1, **kw)
    b = sanma("99m123p456p789s111z", "9m", seat_wind="W", riichi_sticks=1, **kw)
    s = settle([a, b], discarder="E", rules=TENHOU_SANMA)
    assert len(s.winners) == 2 and s.winners[0].honba == 200
    with pytest.raises(InvalidSituationError, match="North"):
        settle([a], discarder="N", rules=TENHOU_SANMA)


def test_batch_plays_three_players() -> None:
    """Since issue 14 the batch scorer plays three-player rule sets (their agreement with
    ``score`` is tests/riichi/test_batch_sanma.py)."""
    import numpy as np

    from riichi_lut.core.hand import parse_hand
    from riichi_lut.riichi.batch import score_batch

    hand = "111m123p123456s55z"
    counts = np.array([parse_hand(hand).concealed], dtype=np.uint8)
    for rules in (TENHOU_SANMA, TENHOU):
        expected = score(hand, "1p", tsumo=True, seat_wind="S", round_wind="E", rules=rules).points
        got = score_batch(counts, [9], tsumo=True, seat_wind="S", round_wind="E", rules=rules).points
        assert got.tolist() == [expected]


def test_cli_score_takes_kita_and_the_sanma_presets(capsys: pytest.CaptureFixture[str]) -> None:
    from riichi_lut.cli.main import main

    argv = ["score", "111m99m123p456p789s", "--win", "9m", "--tsumo", "--seat", "S", "--round", "E"]
    assert main([*argv, "--kita", "2", "--dora", "3z", "--rules", "tenhou sanma", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["dora"]["kita"] == 2 and data["win"]["kita"] == 2 and data["han"] == 5
    assert [(p["payer"], p["points"]) for p in data["payments"]] == [("E", 4000), ("W", 2000)]
    assert main([*argv, "--kita", "2"]) == 2
    assert "--kita=2: a kita (North set aside as dora) is three-player only" in capsys.readouterr().err
