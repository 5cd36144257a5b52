"""tenhou.net/6 JSON read and written (riichi_lut.game.logs.tenhou6).

Every log in tests/data/game-logs/tenhou6 reads; the events agree with the raw per-seat
lists; the scores carry from round to round; the order of play matches Tenhou's own
mjlog XML of the same games; the tricky call files of mjai-reviewer's convlog read in
the right order; a read record writes back to the same JSON.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gamelogs import MJLOG, TENHOU6

from riichi_lut.core.notations import from_136, to_mjai
from riichi_lut.errors import LogFormatError
from riichi_lut.game.logs import read_log
from riichi_lut.game.logs.tenhou6 import read_tenhou6, write_tenhou6
from riichi_lut.game.record import (
    ADDED_KAN,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    OPEN_KAN,
    PON,
    RIICHI,
    RIICHI_ACCEPTED,
    DrawResult,
    Event,
    GameRecord,
    WinResult,
)

FILES = sorted(TENHOU6.glob("*.json"))
#: Files whose yaku are written in English by a converter: they read, and write back in Japanese.
ENGLISH_YAKU = {"convlog-confusing_nakis_7.json"}


def _read(name: str) -> GameRecord:
    return read_tenhou6((TENHOU6 / name).read_text(encoding="utf-8"), name)


def _short(e: Event) -> str:
    """``"pon 2 7m<3"``: type, seat, tile, target; ``*`` for a tsumogiri."""
    text = f"{e.type} {e.seat}"
    if e.tile is not None:
        text += f" {to_mjai(e.tile)}"
    if e.target is not None:
        text += f"<{e.target}"
    return text + ("*" if e.tsumogiri else "")


def _assert_run(events: tuple[Event, ...], expected: list[str]) -> int:
    """``expected`` appears as a contiguous run in the events; returns where it starts."""
    shorts = [_short(e) for e in events]
    for start in range(len(shorts) - len(expected) + 1):
        if shorts[start : start + len(expected)] == expected:
            return start
    near = [i for i, s in enumerate(shorts) if s == expected[0]]
    context = [shorts[max(0, i - 2) : i + len(expected) + 2] for i in near]
    raise AssertionError(f"{expected} not found; around its first event: {context}")


#: The call letters of tenhou.net/6 by event type.
LETTER = {CHI: "c", PON: "p", OPEN_KAN: "m", ADDED_KAN: "k", CLOSED_KAN: "a"}


def _mjai_of(code: int | None) -> str:
    assert code is not None
    return to_mjai(code)


def _called(text: str) -> tuple[str, str]:
    """A call string's letter and the tile after it, in mjai notation, read here apart
    from the reader: 11-19 m, 21-29 p, 31-39 s, 41-47 ESWNPFC, 51-53 red fives."""
    at = next(i for i, c in enumerate(text) if c.isalpha())
    number = int(text[at + 1 : at + 3])
    if number > 50:
        return text[at], f"5{'mps'[number - 51]}r"
    if number > 40:
        return text[at], "ESWNPFC"[number - 41]
    return text[at], f"{number % 10}{'mps'[number // 10 - 1]}"


# ---------------------------------------------------------------- every file
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_log_reads_and_the_events_use_every_list_entry(path: Path) -> None:
    """Each seat's events account for each entry of its takes and discards lists: a draw
    per tile taken, a chi/pon/daiminkan per call string, a discard per discard (a daiminkan's
    0 aside), a kan per kan string, a riichi per 'r'; each call takes the tile its string
    names, in the order of the strings."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    record = read_log(path)
    assert record.format == "tenhou6" and len(record.rounds) == len(raw["log"])
    for rnd, raw_round in zip(record.rounds, raw["log"], strict=True):
        for seat in range(4):
            takes, gives = raw_round[5 + 3 * seat], raw_round[6 + 3 * seat]
            counted = Counter(e.type for e in rnd.events if e.seat == seat)
            entries = [str(x) for x in takes + gives]
            assert counted[DRAW] == sum(isinstance(x, int) for x in takes), (rnd.name, seat)
            assert counted[DISCARD] == sum(
                (isinstance(x, int) and x != 0) or (isinstance(x, str) and x[0] == "r") for x in gives
            ), (rnd.name, seat)
            assert counted[RIICHI] == sum(x.startswith("r") for x in entries), (rnd.name, seat)
            for kind, letter in LETTER.items():
                assert counted[kind] == sum(letter in x for x in entries), (rnd.name, seat, kind)
            mine = [e for e in rnd.events if e.seat == seat and e.type in LETTER]
            for lst, kinds in ((takes, (CHI, PON, OPEN_KAN)), (gives, (ADDED_KAN, CLOSED_KAN))):
                calls = [(LETTER[e.type], _mjai_of(e.tile)) for e in mine if e.type in kinds]
                strings = [_called(x) for x in lst if isinstance(x, str) and x[0] != "r"]
                assert calls == strings, (rnd.name, seat)
        assert rnd.scores == tuple(raw_round[1])
        assert len(rnd.results) == max(1, (len(raw_round[16]) - 1) // 2)


def test_the_totals_over_all_files() -> None:
    """Every file reads: 26 games. The counts come from the raw JSON, not from the reader."""
    records = [_read(p.name) for p in FILES]
    raw_rounds = [r for p in FILES for r in json.loads(p.read_text(encoding="utf-8"))["log"]]
    wins = sum((len(r[16]) - 1) // 2 for r in raw_rounds if r[16][0] == "和了")
    assert len(records) == len(FILES) == 26
    assert sum(len(g.rounds) for g in records) == len(raw_rounds)
    read_wins = [x for g in records for r in g.rounds for x in r.results if isinstance(x, WinResult)]
    read_draws = [x for g in records for r in g.rounds for x in r.results if isinstance(x, DrawResult)]
    assert len(read_wins) == wins
    assert len(read_draws) == sum(r[16][0] != "和了" for r in raw_rounds)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_the_scores_carry_from_round_to_round(path: Path) -> None:
    """Start scores + the result's deltas - 1000 per accepted riichi = the next round's
    start scores; after the last round, the final scores (leftover riichi sticks to first
    place)."""
    record = _read(path.name)
    for i, rnd in enumerate(record.rounds):
        scores = list(rnd.scores)
        for e in rnd.events:
            if e.type == RIICHI_ACCEPTED and e.seat is not None:
                scores[e.seat] -= 1000
        for result in rnd.results:
            for seat, delta in enumerate(result.deltas or ()):
                scores[seat] += delta
        if i + 1 < len(record.rounds):
            assert tuple(scores) == record.rounds[i + 1].scores, rnd.name
        elif record.final_scores is not None:
            gap = [f - s for f, s in zip(record.final_scores, scores, strict=True)]
            first = max(range(4), key=lambda s: (record.final_scores[s], -s))  # type: ignore[index]
            assert all(g == 0 for s, g in enumerate(gap) if s != first), gap
            assert gap[first] % 1000 == 0 and gap[first] >= 0, gap


# ---------------------------------------------------------------- the same games as mjlog XML
_TAG = re.compile(r"^([TUVWDEFG])(\d+)$")


def _xml_play(path: Path) -> list[list[str]]:
    """Each round's draws and discards in order, as ``draw 0 5mr``, from the mjlog XML
    (T/U/V/W draws, D/E/F/G discards; the tile codes of the 136-ids)."""
    rounds: list[list[str]] = []
    for node in ET.parse(path).getroot():
        if node.tag == "INIT":
            rounds.append([])
            continue
        match = _TAG.match(node.tag)
        if match and rounds:
            letter, tile = match.group(1), int(match.group(2))
            kind = DRAW if letter in "TUVW" else DISCARD
            seat = "TUVWDEFG".index(letter) % 4
            rounds[-1].append(f"{kind} {seat} {to_mjai(from_136(tile))}")
    return rounds


CROSS = sorted(p for p in FILES if (MJLOG / p.with_suffix(".xml").name).exists())


@pytest.mark.parametrize("path", CROSS, ids=[p.name for p in CROSS])
def test_the_order_of_play_matches_the_mjlog_of_the_same_game(path: Path) -> None:
    """The draws and discards in the rebuilt order are those of Tenhou's XML, one by one."""
    record = _read(path.name)
    xml_rounds = _xml_play(MJLOG / path.with_suffix(".xml").name)
    assert len(xml_rounds) == len(record.rounds)
    for rnd, expected in zip(record.rounds, xml_rounds, strict=True):
        got = [_short(e).rstrip("*") for e in rnd.events if e.type in (DRAW, DISCARD)]
        assert got == expected, rnd.name


def test_the_cross_check_has_games() -> None:
    assert len(CROSS) >= 5


# ---------------------------------------------------------------- convlog's tricky files
def _events(name: str, index: int = 0) -> tuple[Event, ...]:
    return _read(name).rounds[index].events


def test_chankan_the_added_kan_is_robbed_and_no_replacement_draw_follows() -> None:
    events = _events("convlog-chankan.json")
    _assert_run(events, ["draw 3 6s", "added_kan 3 6s", "ron 2 6s<3"])
    assert events[-1].type == "ron"
    win = _read("convlog-chankan.json").rounds[0].results[0]
    assert isinstance(win, WinResult) and ("chankan", 1) in (win.yaku or ())


def test_double_kakan_then_chankan() -> None:
    """Seat 0 adds to its 6p pon, draws its replacement 6m, adds to its 2m pon: robbed."""
    events = _events("convlog-double_kakan_then_chankan.json")
    start = _assert_run(events, ["draw 0 6p", "added_kan 0 6p", "draw 0 6m", "added_kan 0 2m", "ron 3 2m<0"])
    assert start + 5 == len(events)


def test_rinshan_tsumo_after_a_closed_kan() -> None:
    events = _events("convlog-rinshan.json")
    start = _assert_run(events, ["draw 3 6m", "closed_kan 3 6m", "draw 3 6p", "tsumo 3 6p"])
    assert events[start + 1].consumed == (5, 5, 5, 5)
    assert start + 4 == len(events)


def test_double_ron_on_a_riichi_declaration_no_stick_is_paid() -> None:
    """Seat 3 declares riichi with 7m: seats 0 and 2 both ron it, so no RIICHI_ACCEPTED."""
    rnd = _read("convlog-double_ron.json").rounds[0]
    start = _assert_run(rnd.events, ["riichi 3", "discard 3 7m", "ron 0 7m<3", "ron 2 7m<3"])
    assert start + 4 == len(rnd.events)
    assert [(w.seat, w.from_seat) for w in rnd.results if isinstance(w, WinResult)] == [(0, 3), (2, 3)]


def test_four_riichi_every_stick_is_paid_then_the_round_is_aborted() -> None:
    rnd = _read("convlog-four_reach.json").rounds[0]
    accepted = [e.seat for e in rnd.events if e.type == RIICHI_ACCEPTED]
    assert accepted == [3, 2, 1, 0]
    _assert_run(rnd.events, ["riichi 0", "discard 0 2p", "riichi_accepted 0"])
    assert rnd.events[-1] == Event(RIICHI_ACCEPTED, seat=0)
    assert rnd.results == (DrawResult(kind="four_riichi"),)


def test_nine_terminals_on_the_first_draw() -> None:
    rnd = _read("convlog-kyushukyuhai.json").rounds[0]
    assert [_short(e) for e in rnd.events] == ["draw 3 7s", "discard 3 S", "draw 0 E", "nine_terminals 0"]
    assert rnd.results[0] == DrawResult(kind="nine_terminals", deltas=None)


def test_four_kans_daiminkan_then_added_closed_added_each_with_its_replacement() -> None:
    events = _events("convlog-suukantsu_0.json")
    _assert_run(
        events,
        [
            "discard 1 9s*",
            "open_kan 2 9s<1",
            "draw 2 1s",
            "added_kan 2 1s",
            "draw 2 2m",
            "closed_kan 2 2m",
            "draw 2 7s",
            "added_kan 2 7s",
            "draw 2 F",
            "discard 2 F*",
        ],
    )


def test_confusing_nakis_0_the_first_7m_is_passed_the_second_ponned() -> None:
    """Seat 1 discards 7m twice; seat 0's pon is of the second, after seat 1's own pon."""
    events = _events("convlog-confusing_nakis_0.json")
    start = _assert_run(
        events, ["discard 1 7m*", "draw 2 S", "discard 2 S*", "pon 1 S<2", "discard 1 7m", "pon 0 7m<1"]
    )
    assert all(e.type != PON or e.seat != 0 for e in events[:start])


def test_confusing_nakis_1_a_pon_answered_by_a_pon() -> None:
    _assert_run(
        _events("convlog-confusing_nakis_1.json"),
        ["discard 2 7m*", "pon 0 7m<2", "discard 0 6m", "pon 3 6m<0", "discard 3 N", "draw 0 9s"],
    )


def test_confusing_nakis_2_a_riichi_declaration_ponned_then_the_ponner_is_ronned() -> None:
    _assert_run(
        _events("convlog-confusing_nakis_2.json"),
        ["riichi 2", "discard 2 8m", "riichi_accepted 2", "pon 0 8m<2", "discard 0 7m", "ron 1 7m<0"],
    )


def test_confusing_nakis_3_the_dealers_first_discard_is_ponned_across_the_table() -> None:
    events = _events("convlog-confusing_nakis_3.json")
    assert [_short(e) for e in events[:5]] == [
        "draw 3 C",
        "discard 3 W",
        "pon 1 W<3",
        "discard 1 N",
        "draw 2 N",
    ]


def test_confusing_nakis_4_a_pon_then_a_daiminkan_of_its_discard() -> None:
    events = _events("convlog-confusing_nakis_4.json")
    start = _assert_run(
        events, ["pon 2 P<1", "discard 2 5p", "open_kan 1 5p<2", "draw 1 3m", "discard 1 3m*"]
    )
    assert events[start + 2].consumed == (13, 13, 35)


def test_confusing_nakis_5_pon_with_a_red_five_then_pon_of_its_discard() -> None:
    events = _events("convlog-confusing_nakis_5.json")
    start = _assert_run(events, ["discard 2 5p", "pon 1 5p<2", "discard 1 S", "pon 0 S<1", "discard 0 3s"])
    assert events[start + 1].consumed == (13, 35)


def test_confusing_nakis_6_a_daiminkan_on_a_riichi_players_tsumogiri() -> None:
    _assert_run(
        _events("convlog-confusing_nakis_6.json"),
        ["draw 0 7p", "discard 0 7p*", "open_kan 3 7p<0", "draw 3 8p", "discard 3 S", "pon 1 S<3"],
    )


def test_confusing_nakis_7_a_chi_after_a_pon() -> None:
    _assert_run(
        _events("convlog-confusing_nakis_7.json"),
        ["discard 1 7m", "pon 3 7m<1", "discard 3 1p", "draw 0 2p"],
    )
    _assert_run(_events("convlog-confusing_nakis_7.json"), ["discard 3 9p", "chi 0 9p<3", "discard 0 2p"])


def test_complex_nakis_0_three_pons_in_a_row() -> None:
    _assert_run(
        _events("convlog-complex_nakis_0.json"),
        [
            "discard 2 S*",
            "pon 3 S<2",
            "discard 3 6m",
            "pon 2 6m<3",
            "discard 2 E",
            "pon 1 E<2",
            "discard 1 1m",
        ],
    )


def test_complex_nakis_1_pon_pon_then_chi() -> None:
    _assert_run(
        _events("convlog-complex_nakis_1.json"),
        [
            "pon 3 2s<1",
            "discard 3 7m",
            "pon 2 7m<3",
            "discard 2 3m",
            "draw 3 7m",
            "discard 3 7m*",
            "chi 0 7m<3",
        ],
    )


# ---------------------------------------------------------------- results and rules
def test_a_win_is_read_with_its_yaku_dora_and_points() -> None:
    record = _read("2019103023gm-00a9-0000-f90e0fe9.json")
    pao = [w for r in record.rounds for w in r.results if isinstance(w, WinResult) and w.pao is not None]
    assert len(pao) == 1
    assert (pao[0].seat, pao[0].pao, pao[0].points, pao[0].limit) == (0, 2, 64000, "yakuman")
    chankan = _read("convlog-chankan.json").rounds[0].results[0]
    assert isinstance(chankan, WinResult)
    assert (chankan.han, chankan.fu, chankan.points) == (5, None, 8000)
    assert (chankan.dora, chankan.aka, chankan.ura) == (1, 2, 0)
    assert chankan.yaku == (("chankan", 1), ("yakuhai_round", 1))


def test_the_rules_come_from_the_rule_object() -> None:
    assert _read("convlog-chankan.json").rules.length == "tonpuu"
    ranked = _read("2019021004gm-00a9-0000-e2f6516d.json")
    assert ranked.rules.length == "hanchan" and ranked.rules.scoring.aka_dora == (1, 1, 1)
    assert ranked.final_scores == (4400, 7100, 40700, 47800)
    assert ranked.meta["dan"][3] == "九段" and ranked.meta["rule"]["disp"] == "鳳南喰赤"


# ---------------------------------------------------------------- writing
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_read_write_read_is_the_same_record_and_the_same_json(path: Path) -> None:
    original = json.loads(path.read_text(encoding="utf-8"))
    record = _read(path.name)
    written = write_tenhou6(record)
    assert read_tenhou6(written, path.name) == record
    again = json.loads(written)
    for i, (mine, theirs) in enumerate(zip(again["log"], original["log"], strict=True)):
        if path.name in ENGLISH_YAKU:
            mine, theirs = mine[:-1], theirs[:-1]
        assert mine == theirs, f"round {i}"
    assert {k: v for k, v in again.items() if k != "log"} == {k: v for k, v in original.items() if k != "log"}


# ---------------------------------------------------------------- errors
def _mutated(change: Any, name: str = "convlog-rinshan.json") -> str:
    data = json.loads((TENHOU6 / name).read_text(encoding="utf-8"))
    change(data["log"][0])
    return json.dumps(data, ensure_ascii=False)


def _set(index: int, position: int, value: Any) -> Any:
    return lambda rnd: rnd[index].__setitem__(position, value)


@pytest.mark.parametrize(
    ("text", "words", "event"),
    [
        ('{"log": [', "malformed JSON", None),
        ('{"log": [[1, 2]]}', "a round is", None),
        (_mutated(_set(4, 0, 99)), "unknown tile number 99", "seat 0 hand[0] = 99"),
        (_mutated(_set(5, 0, "c2x")), "call string 'c2x'", "seat 0 takes[0] = 'c2x'"),
        (_mutated(_set(5, 0, "q212121")), "cannot read the call", "seat 0 takes[0] = 'q212121'"),
        (_mutated(lambda rnd: rnd[6].pop()), "discard list runs out", "seat 0 discards"),
        (
            _mutated(_set(8, 0, "44p4444"), "convlog-confusing_nakis_3.json"),
            "cannot order",
            "seat 1 takes[0]",
        ),
        (_mutated(_set(16, 0, "引き分け")), "unknown result '引き分け'", "results"),
        (_mutated(_set(16, 2, [3, 3, 3, "満貫八千点", "立直(1飜)"])), "cannot read the points", "results[1]"),
        (_mutated(_set(16, 2, [3, 3, 3, "満貫2000-4000点", "謎(1飜)"])), "unknown yaku '謎'", "results[1]"),
    ],
)
def test_a_bad_log_names_the_source_round_and_event(text: str, words: str, event: str | None) -> None:
    with pytest.raises(LogFormatError) as caught:
        read_tenhou6(text, "bad.json")
    error = caught.value
    assert words in error.reason and error.source == "bad.json"
    if event is not None:
        assert error.round in ("S2-0", "S4-0") and event in (error.event or "")


def test_a_record_with_dora_events_writes_them_as_the_indicator_list() -> None:
    """A record that turns its kan dora as DORA events (mjlog, mjai, a played game) writes
    them as the round's indicators, as tenhou.net/6 lists them."""
    name = "convlog-suukantsu_1.json"
    record = _read(name)
    rounds = []
    for rnd in record.rounds:
        later = list(rnd.later_indicators or ())
        events: list[Event] = []
        for e in rnd.events:
            events.append(e)
            if e.type in (OPEN_KAN, ADDED_KAN, CLOSED_KAN) and later:
                events.append(Event(DORA, tile=later.pop(0)))
        rounds.append(replace(rnd, events=tuple(events), later_indicators=None))
    assert any(e.type == DORA for r in rounds for e in r.events)
    written = json.loads(write_tenhou6(replace(record, rounds=tuple(rounds))))
    original = json.loads((TENHOU6 / name).read_text(encoding="utf-8"))
    assert written["log"] == original["log"]


@pytest.mark.parametrize(
    "name", ["2019123123gm-00a9-0000-f4386d0e.json", "2023053016gm-0029-0000-e54b3b98.json"]
)
def test_a_calls_tiles_are_written_in_tenhous_order_whatever_the_records_order(name: str) -> None:
    """A reader of another format may keep a call's tiles red five first (mjlog does) and
    name another tile of a closed kan: the JSON written is Tenhou's all the same."""
    record = _read(name)
    calls = (CHI, PON, OPEN_KAN, CLOSED_KAN)
    rounds = [
        replace(
            rnd,
            events=tuple(
                replace(e, consumed=e.consumed[::-1], tile=e.consumed[-1] if e.type == CLOSED_KAN else e.tile)
                if e.type in calls
                else e
                for e in rnd.events
            ),
        )
        for rnd in record.rounds
    ]
    changed = replace(record, rounds=tuple(rounds))
    assert changed != record
    original = json.loads((TENHOU6 / name).read_text(encoding="utf-8"))
    assert json.loads(write_tenhou6(changed))["log"] == original["log"]


# ---------------------------------------------------------------- against the mjlog reader
def _comparable_event(e: Event) -> tuple[Any, ...]:
    """An event as both formats carry it: a call's own tiles as a multiset, a closed kan
    without the tile it names (the formats name different copies of a red five's kan)."""
    tile = None if e.type == CLOSED_KAN else e.tile
    return (e.type, e.seat, tile, e.target, tuple(sorted(e.consumed)), e.tsumogiri)


def _comparable_win(w: WinResult) -> tuple[Any, ...]:
    return (
        w.seat,
        w.from_seat,
        w.pao,
        w.han,
        w.points,
        w.limit,
        w.fu if w.limit is None else None,  # tenhou.net/6 writes no fu for a limit hand
        sorted(w.yaku or ()),
        w.dora,
        w.ura,
        w.aka,
        w.tile,
    )


@pytest.mark.parametrize("path", CROSS, ids=[p.name for p in CROSS])
def test_the_same_game_reads_the_same_from_mjlog(path: Path) -> None:
    """Where the mjlog reader is there (on main; skipped on this branch): the same events
    (the mjlog's DORA events and its tsumogiri flags aside: tenhou.net/6 has no DORA, the
    XML no tsumogiri), the same wins, scores, rules and final points."""
    mjlog = pytest.importorskip("riichi_lut.game.logs.mjlog")
    mine = _read(path.name)
    theirs = mjlog.read_mjlog((MJLOG / path.with_suffix(".xml").name).read_text(encoding="utf-8"), "x")
    assert (mine.rules, mine.final_scores, mine.final_points) == (
        theirs.rules,
        theirs.final_scores,
        theirs.final_points,
    )
    for a, b in zip(mine.rounds, theirs.rounds, strict=True):
        assert (a.number, a.honba, a.sticks, a.scores) == (b.number, b.honba, b.sticks, b.scores)
        assert [sorted(h) for h in a.hands] == [sorted(h) for h in b.hands]  # the XML keeps the deal's order
        events_b = [replace(e, tsumogiri=None) for e in b.events if e.type != DORA]
        assert [_comparable_event(replace(e, tsumogiri=None)) for e in a.events] == [
            _comparable_event(e) for e in events_b
        ], a.name
        wins_a = [_comparable_win(w) for w in a.results if isinstance(w, WinResult)]
        assert wins_a == [_comparable_win(w) for w in b.results if isinstance(w, WinResult)], a.name
        assert [w.deltas for w in a.results if w.deltas is not None] == [
            w.deltas for w in b.results if w.deltas is not None and any(w.deltas)
        ] or isinstance(a.results[0], DrawResult), a.name
