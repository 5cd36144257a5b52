"""Tests of riichi_lut.riichi.win.Win (the facts of a win) and its batch twin BatchWin:
construction, validation with messages, replace, to_dict; the keyword form of ``score``
and ``score_batch`` against the value-object form; one rule for winds, numpy bools and
riichi sticks on every input; notes for facts the rule set does not play."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import zstandard

import riichi_lut
from riichi_lut.cli.main import main
from riichi_lut.core.hand import Call, CallType, Hand, parse_hand
from riichi_lut.errors import InvalidHandError, InvalidSituationError, NotAWinError, RiichiLutError
from riichi_lut.riichi import TENHOU, WRC, ScoreResult, Win, nagashi_mangan, score
from riichi_lut.riichi.batch import BatchWin, has_yaku_batch, score_batch
from riichi_lut.riichi.batch.inputs import BATCH_FLAGS
from riichi_lut.riichi.win import MAX_HONBA, MAX_RIICHI_STICKS, WIN_FLAGS
from riichi_lut.sim.selfplay import selfplay

R = "123m456p234789s99s"  # closed, no yaku of its own; 3s a kanchan
A = "234m567p23455678s"  # pinfu + tanyao on 8s
KANS = "123m456p234s99s (8888p)"
CORPUS = Path(__file__).resolve().parents[1] / "data" / "riichi" / "mahjong_corpus.json.zst"
WIND_FORMS = "'E', 'S', 'W' or 'N' (either case)"


def plain(**changes: Any) -> Win:
    return Win(**{"tsumo": False, "seat_wind": "S", "round_wind": "E", **changes})


# --------------------------------------------------------------------------- construction


def test_defaults_and_normalised_fields() -> None:
    w = Win(tsumo=True, seat_wind="e", round_wind="s")
    assert (w.tsumo, w.seat_wind, w.round_wind, w.dealer) == (True, "E", "S", True)
    assert not any(getattr(w, name) for name in WIN_FLAGS)
    assert (w.dora_indicators, w.ura_indicators, w.honba, w.riichi_sticks) == ((), (), 0, 0)
    assert (w.seat_kind, w.round_kind) == (27, 28)


def test_the_flag_names_live_in_one_place() -> None:
    names = [f.name for f in dataclasses.fields(Win)]
    assert tuple(names[3:13]) == WIN_FLAGS
    assert tuple(f.name for f in dataclasses.fields(BatchWin) if f.init) == (
        "tsumo", "seat_wind", "round_wind", *BATCH_FLAGS, "dora", "kita"
    )  # fmt: skip
    assert BATCH_FLAGS == WIN_FLAGS  # rinshan too, since score_batch takes calls (issue 14)


@pytest.mark.parametrize(
    ("name", "context"),
    [
        ("riichi", {"riichi_sticks": 1}),
        ("double_riichi", {"riichi_sticks": 1}),
        ("ippatsu", {"riichi": True, "riichi_sticks": 1}),
        ("haitei", {"tsumo": True}),
        ("houtei", {}),
        ("rinshan", {"tsumo": True}),
        ("chankan", {}),
        ("tenhou", {"tsumo": True, "seat_wind": "E"}),
        ("chiihou", {"tsumo": True}),
        ("renhou", {}),
    ],
)
def test_each_flag_lands_in_its_field(name: str, context: dict[str, Any]) -> None:
    w = plain(**context, **{name: True})
    assert getattr(w, name) is True and w.to_dict()[name] is True
    others = {n for n in WIN_FLAGS if getattr(w, n)} - {name, "riichi"}
    assert not others


def test_indicators_as_notation_list_or_codes() -> None:
    expected = (0, 13, 35)  # 1m 5p 0p (red 5p is code 35)
    assert plain(dora_indicators="1m5p0p").dora_indicators == expected
    assert plain(dora_indicators=["1m", "5p", "0p"]).dora_indicators == expected
    assert plain(dora_indicators=[0, 13, 35]).dora_indicators == expected
    assert plain(dora_indicators=np.array([0, 13, 35])).dora_indicators == expected
    assert plain(dora_indicators="").dora_indicators == ()
    assert plain(dora_indicators=[]).dora_indicators == ()


def test_frozen_equal_hashable_and_keyword_only() -> None:
    w = plain(riichi=True, riichi_sticks=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.riichi = False  # type: ignore[misc]
    assert w == plain(riichi=True, riichi_sticks=1) and hash(w) == hash(plain(riichi=True, riichi_sticks=1))
    assert w != plain(riichi=True, riichi_sticks=2)
    with pytest.raises(TypeError):
        Win(False, "S", "E")  # type: ignore[misc]
    with pytest.raises(TypeError, match="seat_wind"):
        Win(tsumo=False, round_wind="E")  # type: ignore[call-arg]


def test_numpy_bools_and_integers_count() -> None:
    w = Win(tsumo=np.True_, seat_wind="S", round_wind="E", riichi=np.True_, riichi_sticks=np.int64(2),
            honba=np.int32(1), ippatsu=np.False_)  # fmt: skip
    assert (w.tsumo, w.riichi, w.ippatsu) == (True, True, False)
    assert all(type(getattr(w, name)) is bool for name in ("tsumo", *WIN_FLAGS))
    assert (type(w.riichi_sticks), type(w.honba)) == (int, int)
    assert w == Win(tsumo=True, seat_wind="S", round_wind="E", riichi=True, riichi_sticks=2, honba=1)


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize("bad", ["2z", "1z", "4z", "East", " E", "", "X", 27, 28, 0, 1, None, True, b"E"])
@pytest.mark.parametrize("name", ["seat_wind", "round_wind"])
def test_winds_are_letters_and_nothing_else(name: str, bad: object) -> None:
    with pytest.raises(InvalidSituationError, match=re.escape(f"{name} must be {WIND_FORMS}, got")) as info:
        plain(**{name: bad})
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("name", ["tsumo", *WIN_FLAGS])
@pytest.mark.parametrize("bad", [1, 0, None, "yes", np.int64(1), np.array([True])])
def test_flags_are_bools(name: str, bad: object) -> None:
    with pytest.raises(InvalidSituationError, match=f"^{name} must be True or False, got"):
        plain(**{name: bad})


@pytest.mark.parametrize("name", ["honba", "riichi_sticks"])
@pytest.mark.parametrize("bad", [-1, 1.0, "2", None, True, np.float64(1)])
def test_counts(name: str, bad: object) -> None:
    with pytest.raises(InvalidSituationError, match=f"^{name} must be an int >= 0, got"):
        plain(**{name: bad})


def test_a_long_bad_value_is_quoted_short() -> None:
    with pytest.raises(InvalidSituationError) as info:
        plain(seat_wind="E" * 500)
    assert len(str(info.value)) < 160


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"tsumo": True, "chankan": True}, "chankan is a ron on another player's kan: it cannot be tsumo"),
        ({"haitei": True}, "haitei is a tsumo on the last tile: it cannot be a ron"),
        ({"ippatsu": True}, "ippatsu needs riichi"),
        ({"tsumo": True, "tenhou": True}, "tenhou is the dealer's win; a non-dealer's is chiihou"),
        ({"renhou": True, "seat_wind": "E"}, "renhou is a non-dealer's win"),
        ({"renhou": True, "riichi": True, "riichi_sticks": 1}, "renhou comes before your first draw"),
    ],
)
def test_contradictions_are_refused_on_construction(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidSituationError, match=message):
        plain(**changes)


@pytest.mark.parametrize("flag", ["riichi", "double_riichi"])
def test_riichi_with_no_stick_is_the_second_winner_of_a_double_ron(flag: str) -> None:
    # issue 25: the first winner in turn order took every stick; Tenhou records this win with 0
    assert plain(**{flag: True}).riichi_sticks == 0
    by_keywords = score(R, "3s", tsumo=False, seat_wind="S", round_wind="E", **{flag: True})
    for r in (by_keywords, score(R, "3s", plain(**{flag: True}))):
        assert (r.riichi_sticks, r.total, r.han) == (0, r.points, 1 + (flag == "double_riichi"))
    assert score(R, "3s", plain(**{flag: True, "riichi_sticks": 1})).riichi_sticks == 1000


def test_cli_riichi_without_sticks_scores(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", A, "--win", "8s", "--ron", "--seat", "S", "--round", "E", "--riichi"]
    assert main(argv) == 0
    assert main([*argv, "--sticks", "1"]) == 0


@pytest.mark.parametrize(
    ("name", "maximum", "why"),
    [
        ("honba", MAX_HONBA, "30,000 points a win"),
        ("riichi_sticks", MAX_RIICHI_STICKS, "120,000 points in play"),
    ],
)
def test_honba_and_sticks_have_an_upper_bound(name: str, maximum: int, why: str) -> None:
    assert getattr(plain(**{name: maximum}), name) == maximum
    assert score(A, "8s", tsumo=False, seat_wind="S", round_wind="E", **{name: maximum}).total > 0
    for too_many in (maximum + 1, 10**9, np.int64(maximum + 1)):
        message = rf"^{name} must be 0\.\.{maximum} \(.*{why}\), got {too_many}$"
        with pytest.raises(InvalidSituationError, match=message) as info:
            plain(**{name: too_many})
        assert info.value.parameter == name and info.value.worded("--n") == "--n " + info.value.detail
        with pytest.raises(InvalidSituationError, match=message):  # the fast path too
            score(A, "8s", tsumo=False, seat_wind="S", round_wind="E", **{name: too_many})


@pytest.mark.parametrize(
    ("changes", "parameter"),
    [
        ({"seat_wind": "X"}, "seat_wind"),
        ({"round_wind": "2z"}, "round_wind"),
        ({"chankan": "open"}, "chankan"),
        ({"honba": -1}, "honba"),
        ({"riichi_sticks": 1.5}, "riichi_sticks"),
        ({"ura_indicators": "1m", "dora_indicators": "2m"}, "ura_indicators"),
        ({"dora_indicators": "1m2m3m4m5m6m"}, "dora_indicators"),
        ({"riichi": True, "dora_indicators": "1m", "ura_indicators": "1m2m"}, "ura_indicators"),
        ({"open_riichi": True}, "open_riichi"),
        ({"paarenchan": 8}, "paarenchan"),
        ({"kita": 5}, "kita"),
        ({"dora_indicators": 5}, "dora_indicators"),
        ({"dora_indicators": ["1m", 5.0]}, "dora_indicators"),
    ],
)
def test_an_error_about_one_fact_names_it_as_its_parameter(changes: dict[str, Any], parameter: str) -> None:
    with pytest.raises(RiichiLutError) as info:
        plain(**changes)
    assert info.value.parameter == parameter
    if info.value.detail is not None:  # the message reads the same with a shell's own name
        assert str(info.value) == info.value.worded(parameter)
        assert parameter not in info.value.worded("--x")


@pytest.mark.parametrize(
    ("changes", "error", "fragment"),
    [
        ({"ura_indicators": ["2m"], "dora_indicators": ["1m"]}, InvalidSituationError, "ura"),
        ({"dora_indicators": "1m2m3m4m5m6m"}, InvalidSituationError, "6 dora"),
        ({"dora_indicators": ["8z"]}, RiichiLutError, "8z"),
        ({"dora_indicators": 5}, InvalidHandError, "dora_indicators must be a list of tiles"),
        ({"dora_indicators": [37]}, InvalidHandError, "37"),
    ],
)
def test_bad_indicators(changes: dict[str, Any], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        plain(**changes)


# --------------------------------------------------------------------------- replace, to_dict


def test_replace_returns_a_new_validated_win() -> None:
    w = plain(riichi=True, riichi_sticks=1, dora_indicators="1m")
    other = w.replace(tsumo=True, ippatsu=True)
    assert (other.tsumo, other.ippatsu, other.dora_indicators) == (True, True, (0,))
    assert (w.tsumo, w.ippatsu) == (False, False)
    assert w.replace() == w and w.replace(seat_wind="w").seat_wind == "W"
    with pytest.raises(InvalidSituationError, match="ippatsu needs riichi"):
        other.replace(riichi=False)
    assert w.replace(riichi_sticks=0).riichi_sticks == 0  # a double ron's second winner
    with pytest.raises(InvalidSituationError, match="unknown fact"):
        w.replace(ipatsu=True)


def test_to_dict_is_json_and_builds_the_same_win() -> None:
    w = Win(tsumo=True, seat_wind="n", round_wind="S", riichi=True, ippatsu=True, riichi_sticks=2, honba=3,
            dora_indicators="0p9s", ura_indicators="1z")  # fmt: skip
    d = json.loads(json.dumps(w.to_dict()))
    assert d == {
        "tsumo": True, "seat_wind": "N", "round_wind": "S", "riichi": True, "double_riichi": False,
        "ippatsu": True, "haitei": False, "houtei": False, "rinshan": False, "chankan": False,
        "tenhou": False, "chiihou": False, "renhou": False, "dora_indicators": ["0p", "9s"],
        "ura_indicators": ["1z"], "honba": 3, "riichi_sticks": 2, "open_riichi": False,
        "paarenchan": 0,
    }  # fmt: skip
    assert Win(**d) == w


# --------------------------------------------------------------------------- score(hand, tile, win)


def test_score_takes_a_win_and_keeps_it() -> None:
    w = plain(riichi=True, riichi_sticks=1, dora_indicators="1m")
    r = score(A, "8s", w)
    assert isinstance(r, ScoreResult) and r.win is w
    assert (r.han, r.fu, r.points, r.total) == (4, 30, 7700, 8700)
    d = r.to_dict()
    assert d["win"] == w.to_dict() and d["notes"] == []
    assert riichi_lut.Win is Win and riichi_lut.score(A, "8s", w) == r


def test_a_win_and_keywords_together_are_refused() -> None:
    with pytest.raises(InvalidSituationError, match="not both"):
        score(A, "8s", plain(), riichi=True)  # type: ignore[call-overload]
    with pytest.raises(InvalidSituationError, match=r"win must be a riichi_lut\.Win"):
        score(A, "8s", {"tsumo": False})  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="ipatsu"):
        score(A, "8s", tsumo=False, seat_wind="S", round_wind="E", ipatsu=True)  # type: ignore[call-overload]


def corpus_records() -> list[dict[str, Any]]:
    data = json.loads(zstandard.ZstdDecompressor().decompress(CORPUS.read_bytes()))
    records: list[dict[str, Any]] = data["records"]
    return records[::10]  # 1,430 of every kind: wins, no yaku, incomplete, contradictions, variants


def hand_of(record: dict[str, Any]) -> Hand:
    hand = parse_hand(record["hand"])
    added = set(record.get("ak", ()))
    calls = tuple(Call(CallType.ADDED_KAN, c.tiles) if i in added else c for i, c in enumerate(hand.calls))
    return Hand(hand.concealed, hand.red, calls)


def outcome(run: Any) -> Any:
    try:
        return run().to_dict()
    except RiichiLutError as error:
        return type(error).__name__, str(error)


def test_keyword_form_equals_win_form_on_many_hands() -> None:
    records = corpus_records()
    kinds = set()
    for record in records:
        rules = TENHOU.replace(**record.get("rules", {}))
        facts = {
            "tsumo": record["tsumo"],
            "seat_wind": record["seat"].lower() if record["id"] % 2 else record["seat"],
            "round_wind": record["round"],
            "dora_indicators": record["dora"],
            "ura_indicators": record["ura"],
            "honba": record["honba"],
            "riichi_sticks": record["sticks"],
            **dict.fromkeys(record["flags"], True),
        }
        hand = hand_of(record)
        by_keywords = outcome(lambda: score(hand, record["win"], rules=rules, **facts))  # noqa: B023
        by_win = outcome(lambda: score(hand, record["win"], Win(**facts), rules=rules))  # noqa: B023
        assert by_keywords == by_win, record
        kinds.add(by_win[0] if isinstance(by_win, tuple) else "win")
    assert len(records) > 1000
    assert kinds == {"win", "NotAWinError", "InvalidSituationError"}


# --------------------------------------------------------------------------- notes


def test_ippatsu_not_played_is_noted() -> None:
    w = plain(riichi=True, ippatsu=True, riichi_sticks=1)
    off = TENHOU.replace(ippatsu=False)
    r = score(A, "8s", w, rules=off)
    note = "ippatsu: the Tenhou rule set does not play ippatsu, so it scores nothing"
    assert r.notes == (note,) and r.to_dict()["notes"] == [note]
    assert "ippatsu" not in {y.id for y in r.yaku}
    assert f"- Not scored: {note}." in r.explain().split("\n\n")[0]
    played = score(A, "8s", w)
    assert played.notes == () and "ippatsu" in {y.id for y in played.yaku}
    assert "Not scored" not in played.explain()


def test_renhou_under_tenhou_is_noted() -> None:
    r = score(A, "8s", plain(renhou=True))  # pinfu + tanyao: a win, renhou scores nothing
    assert r.notes == ("renhou: the Tenhou rule set does not count renhou as a yaku, so it scores nothing",)
    assert not {y.id for y in r.yaku} & {"renhou", "renhou_mangan", "renhou_baiman"}
    with pytest.raises(NotAWinError, match="has no yaku: it is not a win; renhou: the Tenhou rule set"):
        score(R, "3s", plain(renhou=True))
    played = score(A, "8s", plain(renhou=True), rules=WRC)  # renhou is a mangan there
    assert played.notes == () and "renhou_mangan" in {y.id for y in played.yaku}


def test_ura_without_ura_dora_is_noted() -> None:
    w = plain(riichi=True, riichi_sticks=1, dora_indicators="1z", ura_indicators="8s")
    r = score(R, "3s", w, rules=TENHOU.replace(ura_dora=False))
    assert r.dora.ura == 0 and r.notes == (
        "ura_indicators: the Tenhou rule set does not count ura dora, so they score nothing",
    )
    assert score(R, "3s", w).dora.ura == 3


def test_batch_notes_name_the_facts_the_rules_do_not_play() -> None:
    counts = np.array([parse_hand(A).concealed] * 3, dtype=np.uint8)
    ippatsu = np.array([False, True, False])
    facts = {"tsumo": False, "seat_wind": "S", "round_wind": "E", "riichi": True, "ippatsu": ippatsu}
    off = TENHOU.replace(ippatsu=False)
    scalar = score(A, "8s", plain(riichi=True, ippatsu=True, riichi_sticks=1), rules=off)
    b = score_batch(counts, [25] * 3, rules=off, **facts)
    assert b.notes == scalar.notes and b.to_dict()["notes"] == list(scalar.notes)
    assert b.points.tolist()[0] == b.points.tolist()[1]  # the ippatsu row scores nothing more
    assert score_batch(counts, [25] * 3, **facts).notes == ()  # Tenhou plays ippatsu
    renhou = score_batch(counts, [25] * 3, tsumo=False, seat_wind="S", round_wind="E", renhou=True)
    assert renhou.notes == score(A, "8s", plain(renhou=True)).notes != ()


def test_explainer_rescoring_keeps_the_win() -> None:
    # dama pinfu tanyao: "declaring riichi" is scored with the winner's stick on the table
    r = score("234m456p678s22345s", "5s", plain(honba=1))
    assert "Declaring riichi would have made this 3,900 instead of 2,000" in r.explain()


# --------------------------------------------------------------------------- CLI and self-play winds


def test_cli_winds_in_either_case(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", A, "--win", "8s", "--ron", "--json"]
    assert main([*argv, "--seat", "s", "--round", "e"]) == 0
    low = json.loads(capsys.readouterr().out)
    assert main([*argv, "--seat", "S", "--round", "E"]) == 0
    assert json.loads(capsys.readouterr().out) == low and low["win"]["seat_wind"] == "S"
    for bad in ("2z", "28", "East"):
        assert main([*argv, "--seat", bad, "--round", "E"]) == 2
        assert f"--seat must be {WIND_FORMS}" in capsys.readouterr().err  # issue 12: the flag


def test_nagashi_mangan_winds_follow_the_same_rule() -> None:
    assert nagashi_mangan("w", rules=TENHOU) == nagashi_mangan("W", rules=TENHOU)
    for bad in ("3z", 29, "West"):
        with pytest.raises(InvalidSituationError, match=re.escape(f"seat_wind must be {WIND_FORMS}")):
            nagashi_mangan(bad, rules=TENHOU)  # type: ignore[arg-type]


def test_selfplay_winds_follow_the_same_rule() -> None:
    assert selfplay(50, draws=4, seed=1, seat_wind="e").seat_wind == "E"
    with pytest.raises(RiichiLutError, match=re.escape(WIND_FORMS)):
        selfplay(50, draws=4, seed=1, seat_wind="1z")


# --------------------------------------------------------------------------- the batch twin


def batch_counts() -> np.ndarray:
    hands = ["123m456p789s11z234s", A, "22334455667788p", "19m19p19s12345677z"]
    return np.array([parse_hand(h).concealed for h in hands], dtype=np.uint8)


KINDS = np.array([0, 25, 16, 33])


@pytest.mark.parametrize(
    ("seat", "round_"),
    [
        ("S", "E"),
        ("s", "e"),
        (1, 0),
        (np.int8(1), np.uint64(0)),
        (np.array(["S", "s", "S", "s"]), np.array(["E", "e", "E", "e"])),
        (np.array([1, 1, 1, 1]), np.zeros(4, dtype=np.uint8)),
        (["s", "S", "s", "S"], [0, 0, 0, 0]),
        (np.array(["S", "S", "S", "S"], dtype=object), "E"),
    ],
)
def test_batch_winds_letters_or_0_to_3(seat: Any, round_: Any) -> None:
    expected = score_batch(batch_counts(), KINDS, tsumo=True, seat_wind="S", round_wind="E")
    got = score_batch(batch_counts(), KINDS, tsumo=True, seat_wind=seat, round_wind=round_)
    assert got.points.tolist() == expected.points.tolist() and got.yaku(0) == expected.yaku(0)
    assert has_yaku_batch(batch_counts(), KINDS, tsumo=True, seat_wind=seat, round_wind=round_).all()


@pytest.mark.parametrize(
    ("bad", "row"),
    [
        (27, None),
        (28, None),
        (4, None),
        (-1, None),
        ("2z", None),
        ("East", None),
        (1.0, None),
        (True, None),
        (np.array([1, 1, 28, 1]), 2),
        (np.array(["S", "S", "S", "2z"]), 3),
        (np.array(["S", "1z", "S", "S"], dtype=object), 1),
    ],
)
def test_batch_winds_refuse_kinds_and_tile_names(bad: Any, row: int | None) -> None:
    with pytest.raises(InvalidSituationError, match=r"seat_wind.*'E', 'S', 'W' or 'N' \(either case\) or an "
                       r"integer 0\.\.3 \(E = 0\)") as info:  # fmt: skip
        score_batch(batch_counts(), KINDS, tsumo=True, seat_wind=bad, round_wind="E")
    assert getattr(info.value, "row", None) == row
    if row is not None:
        assert f"row {row}" in str(info.value)


def test_batch_numpy_bools() -> None:
    a = score_batch(
        batch_counts(), KINDS, tsumo=np.True_, riichi=np.bool_(False), seat_wind="S", round_wind="E"
    )
    b = score_batch(batch_counts(), KINDS, tsumo=True, seat_wind="S", round_wind="E")
    assert a.points.tolist() == b.points.tolist()


def test_batch_win_form_equals_keyword_form() -> None:
    facts: dict[str, Any] = {
        "tsumo": np.array([True, False, False, True]),
        "seat_wind": np.array([0, 1, 2, 3]),
        "round_wind": "e",
        "riichi": np.array([False, True, False, True]),
        "ippatsu": np.array([False, True, False, False]),
        "dora": np.array([0, 1, 2, 0]),
    }
    w = BatchWin(**facts)
    assert (w.size, w.round_wind, w.dealer.tolist()) == (4, 0, [True, False, False, False])  # type: ignore[union-attr]
    by_win = score_batch(batch_counts(), KINDS, w)
    by_keywords = score_batch(batch_counts(), KINDS, **facts)
    assert by_win.to_dict() == by_keywords.to_dict()
    assert has_yaku_batch(batch_counts(), KINDS, w).tolist() == by_win.is_win.tolist()


def test_batch_win_replace_and_errors() -> None:
    w = BatchWin(tsumo=True, seat_wind="S", round_wind="E")
    assert w.size is None and w.replace(riichi=np.array([True, False])).size == 2
    with pytest.raises(InvalidSituationError, match="unknown fact"):
        w.replace(honba=1)  # the batch scores the win itself: no honba (rinshan is a fact since issue 14)
    with pytest.raises(InvalidSituationError, match="one length"):
        BatchWin(tsumo=np.array([True, False]), seat_wind=np.array([0, 1, 2]), round_wind="E")
    with pytest.raises(InvalidSituationError, match=r"row 1: ippatsu needs riichi") as info:
        BatchWin(tsumo=False, seat_wind="S", round_wind="E", ippatsu=np.array([False, True]))
    assert info.value.row == 1  # type: ignore[attr-defined]
    with pytest.raises(InvalidSituationError, match="not both"):
        score_batch(batch_counts(), KINDS, w, tsumo=True)  # type: ignore[call-overload]
    with pytest.raises(InvalidSituationError, match="must be a BatchWin"):
        score_batch(batch_counts(), KINDS, plain())  # type: ignore[call-overload]
    with pytest.raises(InvalidSituationError, match=r"riichi must be one value or an array of shape \(4,\)"):
        score_batch(batch_counts(), KINDS, w.replace(riichi=np.array([True, False])))
    with pytest.raises(TypeError, match="dora"):
        has_yaku_batch(batch_counts(), KINDS, tsumo=True, seat_wind="S", round_wind="E", dora=1)  # type: ignore[call-overload]


def test_open_riichi_needs_riichi_and_paarenchan_the_dealer() -> None:
    """The two facts of optional yaku (issue 14): an open riichi is a riichi, and only the
    dealer has a count of consecutive wins."""
    w = Win(tsumo=False, seat_wind="E", round_wind="E", double_riichi=True, riichi_sticks=1, open_riichi=True,
            paarenchan=8)  # fmt: skip
    assert (w.open_riichi, w.paarenchan) == (True, 8)
    assert Win(**{**w.to_dict(), "dora_indicators": (), "ura_indicators": ()}) == w
    with pytest.raises(InvalidSituationError, match=r"open_riichi .* needs riichi"):
        Win(tsumo=False, seat_wind="S", round_wind="E", open_riichi=True)
    with pytest.raises(InvalidSituationError, match=r"paarenchan is a count of the dealer's.*sits S"):
        Win(tsumo=False, seat_wind="S", round_wind="E", paarenchan=8)
    with pytest.raises(InvalidSituationError, match="paarenchan"):
        w.replace(paarenchan=-1)
    with pytest.raises(InvalidSituationError, match="open_riichi"):
        w.replace(open_riichi="yes")
    assert Win(tsumo=False, seat_wind="S", round_wind="E", paarenchan=0).paarenchan == 0
