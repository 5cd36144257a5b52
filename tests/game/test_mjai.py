"""mjai JSONL read and written (riichi_lut.game.logs.mjai): the real game of the test data,
a constructed game with every event, every Tenhou log carried through mjai, the exact
lines of a kan's dora, and each malformed log refused with its place."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest
from gamelogs import MJAI, MJLOG

from riichi_lut.core.notations import parse_mjai
from riichi_lut.errors import LogFormatError
from riichi_lut.game.logs import read_log
from riichi_lut.game.logs.mjai import read_mjai, write_mjai
from riichi_lut.game.record import (
    ADDED_KAN,
    CALL_TYPES,
    CHI,
    CLOSED_KAN,
    DISCARD,
    DORA,
    DRAW,
    DRAW_KINDS,
    KITA,
    NINE_TERMINALS,
    OPEN_KAN,
    PON,
    RIICHI,
    RIICHI_ACCEPTED,
    RON,
    TSUMO,
    DrawResult,
    Event,
    GameRecord,
    RoundRecord,
    WinResult,
)
from riichi_lut.game.rules import TENHOU_GAME

SAMPLE = MJAI / "126_204_0_mjai.jsonl"
_EVENT_OF_LINE = {
    "tsumo": DRAW,
    "dahai": DISCARD,
    "chi": CHI,
    "pon": PON,
    "daiminkan": OPEN_KAN,
    "kakan": ADDED_KAN,
    "ankan": CLOSED_KAN,
    "dora": DORA,
    "reach": RIICHI,
    "reach_accepted": RIICHI_ACCEPTED,
}


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _dumps(obj):
    return json.dumps(obj, separators=(",", ":"))


# ------------------------------------------------------------------ the real game
def test_the_sample_game_reads_every_line_into_the_record():
    lines = _lines(SAMPLE)
    record = read_log(SAMPLE)
    types = Counter(line["type"] for line in lines)
    events = Counter(e.type for rnd in record.rounds for e in rnd.events)
    assert record.format == "mjai" and record.source == SAMPLE.name and record.players == 4
    assert record.names == tuple(lines[0]["names"]) and record.meta["seed"] == lines[0]["seed"]
    assert len(record.rounds) == types["start_kyoku"] == types["end_kyoku"] == 12
    for line_type, event_type in _EVENT_OF_LINE.items():
        assert events[event_type] == types[line_type], line_type
    wins = [r for rnd in record.rounds for r in rnd.results if isinstance(r, WinResult)]
    draws = [r for rnd in record.rounds for r in rnd.results if isinstance(r, DrawResult)]
    assert events[TSUMO] + events[RON] == len(wins) == types["hora"] == 9
    assert len(draws) == types["ryukyoku"] == 3
    horas = [line for line in lines if line["type"] == "hora"]
    assert [(w.seat, w.from_seat, list(w.deltas or ())) for w in wins] == [
        (h["actor"], h["target"], h["deltas"]) for h in horas
    ]
    assert [list(w.ura_indicators or ()) for w in wins] == [
        [parse_mjai(t) for t in h["ura_markers"]] for h in horas
    ]
    starts = [line for line in lines if line["type"] == "start_kyoku"]
    for rnd, start in zip(record.rounds, starts, strict=True):
        assert rnd.number == "ESWN".index(start["bakaze"]) * 4 + start["kyoku"] - 1
        assert rnd.hands == tuple(tuple(parse_mjai(t) for t in hand) for hand in start["tehais"])
        assert (rnd.honba, rnd.sticks, rnd.dealer, list(rnd.scores)) == (
            start["honba"],
            start["kyotaku"],
            start["oya"],
            start["scores"],
        )


def test_the_sample_game_scores_carry_from_round_to_round():
    record = read_log(SAMPLE)
    for rnd, following in zip(record.rounds, record.rounds[1:], strict=False):
        accepted = [e.seat for e in rnd.events if e.type == RIICHI_ACCEPTED]
        after = list(rnd.scores)
        for result in rnd.results:
            assert result.deltas is not None
            after = [s + d for s, d in zip(after, result.deltas, strict=True)]
        for seat in accepted:
            after[seat] -= 1000  # the stick, on the table until a win takes it
        assert tuple(after) == following.scores, rnd.name
        won = any(isinstance(r, WinResult) for r in rnd.results)
        assert following.sticks == (0 if won else rnd.sticks + len(accepted)), rnd.name


def test_the_sample_game_round_trips_and_is_written_line_for_line():
    record = read_log(SAMPLE)
    text = write_mjai(record)
    assert read_mjai(text, SAMPLE.name) == record
    # the same text, key for key, except that each ryukyoku names its reason (Mortal does not)
    original = SAMPLE.read_text().replace('{"type":"ryukyoku",', '{"type":"ryukyoku","reason":"fanpai",')
    assert text.splitlines() == original.splitlines()


def test_the_sample_game_replays_with_no_mismatch():
    from riichi_lut.game.replay import replay

    done = replay(read_log(SAMPLE))
    assert len(done.rounds) == 12


# ------------------------------------------------------------------ Tenhou's games through mjai
def _carried(record):
    """What mjai carries of a record: no dice, pao, limit name or final points; a win's hand
    compared as a multiset (mjai writes it without the winning tile)."""
    rounds = []
    for rnd in record.rounds:
        results = tuple(
            dataclasses.replace(r, pao=None, limit=None, hand=tuple(sorted(r.hand or ())))
            if isinstance(r, WinResult)
            else r
            for r in rnd.results
        )
        rounds.append(dataclasses.replace(rnd, dice=None, results=results))
    return (record.players, record.names, tuple(rounds), record.final_scores)


COMPLETE_MJLOGS = sorted(p for p in MJLOG.iterdir() if "no-round-end" not in p.name)


def test_every_tenhou_log_is_carried_through_mjai_unchanged():
    kinds = Counter()
    for path in COMPLETE_MJLOGS:
        record = read_log(path)
        back = read_mjai(write_mjai(record), path.name)
        assert _carried(back) == _carried(record), path.name
        for rnd in record.rounds:
            kinds.update(e.type for e in rnd.events)
            kinds.update(r.kind for r in rnd.results if isinstance(r, DrawResult))
    assert len(COMPLETE_MJLOGS) == 47
    # the logs hold every call, kan dora, double rons and abortive draws
    assert all(kinds[k] for k in (*CALL_TYPES, DORA, NINE_TERMINALS, "three_ron", "nine_terminals"))


def test_a_log_cut_inside_a_hand_is_written_cut_and_refused_when_read():
    record = read_log(MJLOG / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    text = write_mjai(record)
    assert '"end_game"' not in text
    with pytest.raises(LogFormatError, match="truncated"):
        read_mjai(text, "cut.jsonl")


# ------------------------------------------------------------------ a constructed game
def _start(number, honba, hands, scores=(25000,) * 4, dealer=None, dora="1p"):
    return {
        "type": "start_kyoku",
        "bakaze": "ESWN"[number // 4],
        "dora_marker": dora,
        "kyoku": number % 4 + 1,
        "honba": honba,
        "kyotaku": 0,
        "oya": number % 4 if dealer is None else dealer,
        "scores": list(scores),
        "tehais": [h.split() for h in hands],
    }


def _t(actor, pai):
    return {"type": "tsumo", "actor": actor, "pai": pai}


def _d(actor, pai, tsumogiri=False):
    return {"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri}


def _dora(pai):
    return {"type": "dora", "dora_marker": pai}


NINE_MAN = [f"{n}m" for n in range(1, 10)]
HANDS_1 = [
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 3s E E 6p",
    "4s 5sr 9p F C C C 2p 3p 4p 5p 6p 7p",
    "7s 7s 7s 7s N 1s 2s 3s 4m 5m 6m 8p 8p",
    "F F 2s 3s 4s 6s 7s 8s 5m 5m P P 1p",
]
CALLS_AND_DOUBLE_RON = [
    _start(0, 0, HANDS_1),
    _t(0, "6p"),
    _d(0, "3s"),
    {"type": "chi", "actor": 1, "target": 0, "pai": "3s", "consumed": ["4s", "5sr"]},
    _d(1, "F"),
    {"type": "pon", "actor": 3, "target": 1, "pai": "F", "consumed": ["F", "F"]},
    _d(3, "1p"),
    _t(0, "1s"),
    _d(0, "1s", True),
    _t(1, "9s"),
    _d(1, "9s", True),
    _t(2, "C"),
    _d(2, "C", True),
    {"type": "daiminkan", "actor": 1, "target": 2, "pai": "C", "consumed": ["C", "C", "C"]},
    _t(1, "8m"),
    _dora("4p"),
    _d(1, "8m", True),
    _t(2, "W"),
    {"type": "ankan", "actor": 2, "consumed": ["7s", "7s", "7s", "7s"]},
    _dora("1m"),
    _t(2, "E"),
    _d(2, "W"),
    _t(3, "F"),
    {"type": "kakan", "actor": 3, "pai": "F", "consumed": ["F", "F", "F"]},
    _t(3, "2p"),
    _dora("S"),
    _d(3, "2p", True),
    _t(0, "9s"),
    {"type": "reach", "actor": 0},
    _d(0, "9s", True),
    {"type": "reach_accepted", "actor": 0},
    _t(1, "3m"),
    _d(1, "3m", True),
    _t(2, "6p"),
    _d(2, "6p", True),
    {
        "type": "hora",
        "actor": 0,
        "target": 2,
        "deltas": [13000, 0, -12000, 0],
        "ura_markers": ["3m"],
        "pai": "6p",
        "hora_tehais": [*NINE_MAN, "E", "E", "6p", "6p"],
        "yakus": [["ikkitsukan", 2], ["reach", 1], ["dora", 1]],
        "fu": 40,
        "fan": 4,
        "hora_points": 12000,
    },
    {
        "type": "hora",
        "actor": 1,
        "target": 2,
        "deltas": [0, 2000, -2000, 0],
        "ura_markers": [],
        "yakus": [["sangenpai", 1], ["dora", 1]],
        "fu": 30,
        "fan": 2,
        "hora_points": 2000,
    },
    {"type": "end_kyoku"},
]
PLAIN = ["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p"] * 4
WINDS = ["E 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p"] * 4
ABORTIVE = {
    "exhaustive": [_t(0, "N"), _d(0, "N", True)],
    "nagashi_mangan": [_t(0, "N"), _d(0, "N", True)],
    "nine_terminals": [_t(0, "N"), _d(0, "N", True), _t(1, "9s")],
    "four_winds": [x for s in range(4) for x in (_t(s, "S"), _d(s, "E"))],
    "four_riichi": [
        x
        for s in range(4)
        for x in (
            _t(s, "S"),
            {"type": "reach", "actor": s},
            _d(s, "S", True),
            {"type": "reach_accepted", "actor": s},
        )
    ],
    "four_kans": [_t(0, "N"), _d(0, "N", True)],
    "three_ron": [_t(0, "5s"), _d(0, "5s", True)],
}
RYUKYOKU = {
    "exhaustive": {
        "reason": "fanpai",
        "deltas": [3000, -1000, -1000, -1000],
        "tenpais": [True, False, False, False],
    },
    "nagashi_mangan": {"reason": "nagashimangan", "deltas": [12000, -4000, -4000, -4000]},
    "nine_terminals": {"actor": 1, "reason": "kyushukyuhai", "deltas": [0, 0, 0, 0]},
    "four_winds": {"reason": "sufonrenta", "deltas": [0, 0, 0, 0]},
    "four_riichi": {"reason": "suchareach", "deltas": [0, 0, 0, 0]},
    "four_kans": {"reason": "sukaikan", "deltas": [0, 0, 0, 0]},
    "three_ron": {"reason": "sanchaho", "deltas": [0, 0, 0, 0], "tenpais": [False, True, True, True]},
}


def _game():
    lines = [{"type": "start_game", "names": ["Ann", "Bo", "Cy", "Di"], "seed": [1, 2]}]
    lines += CALLS_AND_DOUBLE_RON
    for honba, kind in enumerate(DRAW_KINDS, 1):
        hands = WINDS if kind == "four_winds" else PLAIN
        lines.append(_start(0, honba, hands))
        lines += ABORTIVE[kind]
        ryukyoku = {"type": "ryukyoku"}
        if "actor" in RYUKYOKU[kind]:
            ryukyoku["actor"] = RYUKYOKU[kind]["actor"]
        ryukyoku.update((k, v) for k, v in RYUKYOKU[kind].items() if k != "actor")
        lines += [ryukyoku, {"type": "end_kyoku"}]
    lines.append({"type": "end_game", "scores": [38000, 27000, 12000, 23000]})
    return "".join(_dumps(line) + "\n" for line in lines)


def test_a_game_with_every_event_round_trips():
    text = _game()
    record = read_mjai(text, "made.jsonl")
    events = Counter(e.type for rnd in record.rounds for e in rnd.events)
    assert all(
        events[t] for t in (*CALL_TYPES, DRAW, DISCARD, DORA, RIICHI, RIICHI_ACCEPTED, RON, NINE_TERMINALS)
    )
    first = record.rounds[0]
    assert [(e.type, e.seat, e.target) for e in first.events[-2:]] == [(RON, 0, 2), (RON, 1, 2)]
    wins = first.results
    assert wins[0].yaku == (("ittsu", 2), ("riichi", 1)) and (wins[0].han, wins[0].fu, wins[0].points) == (
        4,
        40,
        12000,
    )
    # the hand is hora_tehais and the winning tile
    assert wins[0].hand == tuple(parse_mjai(t) for t in [*NINE_MAN, "E", "E", "6p", "6p", "6p"])
    assert wins[1].yaku == (("yakuhai_chun", 1),) and wins[1].dora == 1  # the daiminkan of C
    assert [r.results[0].kind for r in record.rounds[1:]] == list(DRAW_KINDS)
    three = record.rounds[-1]
    assert [(e.type, e.seat) for e in three.events[-3:]] == [(RON, 1), (RON, 2), (RON, 3)]
    assert record.final_scores == (38000, 27000, 12000, 23000) and record.meta["seed"] == [1, 2]
    assert write_mjai(record) == text
    assert read_mjai(write_mjai(record), "made.jsonl") == record


FOUR_KANS = ["1m 1m 1m 1m 2m 2m 2m 2m 3m 4m 5m 6m 7m"] * 4
TWO_PLAYERS_FOUR_KANS = [
    x
    for s in (0, 1)
    for x in (
        _t(s, "9p"),
        {"type": "ankan", "actor": s, "consumed": ["1m"] * 4},
        _t(s, "9p"),
        {"type": "ankan", "actor": s, "consumed": ["2m"] * 4},
        _t(s, "9p"),
        _d(s, "9p", True),
    )
]


def test_a_ryukyoku_without_a_reason_is_told_from_the_stream():
    kinds = []
    streams = {**ABORTIVE, "four_kans": TWO_PLAYERS_FOUR_KANS}
    for kind in DRAW_KINDS:
        hands = {"four_winds": WINDS, "four_kans": FOUR_KANS}.get(kind, PLAIN)
        lines = [{"type": "start_game", "names": ["a", "b", "c", "d"]}, _start(0, 0, hands), *streams[kind]]
        lines += [{"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"}, {"type": "end_game"}]
        rnd = read_mjai("\n".join(_dumps(x) for x in lines)).rounds[0]
        kinds.append(rnd.results[0].kind)
    # Mortal's abortive draws are told apart; nagashi mangan and three rons read as exhaustive
    assert kinds == [
        "exhaustive",
        "exhaustive",
        "nine_terminals",
        "four_winds",
        "four_riichi",
        "four_kans",
        "exhaustive",
    ]


def test_three_players_with_kita():
    hands = ["1m 9m 1p 2p 4p 5pr 7p 9p 1s 3s 5sr 7s N"] * 3
    start = _start(0, 0, ["x"] * 3, scores=(35000,) * 3)
    start["tehais"] = [h.split() for h in hands]
    lines = [
        {"type": "start_game", "names": ["a", "b", "c"]},
        start,
        _t(0, "8s"),
        {"type": "nukidora", "actor": 0, "pai": "N"},
        _t(0, "6s"),
        _d(0, "8s"),
        {"type": "ryukyoku", "reason": "fanpai", "deltas": [0, 0, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]
    text = "".join(_dumps(x) + "\n" for x in lines)
    record = read_mjai(text)
    assert record.players == 3 and record.rules.players == 3
    assert [e.type for e in record.rounds[0].events] == [DRAW, KITA, DRAW, DISCARD]
    assert write_mjai(record) == text


# ------------------------------------------------------------------ the exact lines of a kan
def _record(events, later=None):
    hands = (tuple(parse_mjai(t) for t in ["1m"] * 4 + ["2m"] * 3 + NINE_MAN[2:8]),) * 4
    rnd = RoundRecord(0, 0, 0, 0, (25000,) * 4, hands, 9, tuple(events), (DrawResult("exhaustive"),), later)
    return GameRecord(4, ("a", "b", "c", "d"), TENHOU_GAME, (rnd,))


def _event_lines(record):
    lines = write_mjai(record).splitlines()
    return lines[2:-3]  # between start_kyoku and ryukyoku, end_kyoku, end_game


def test_the_exact_lines_of_an_ankan_and_a_kakan_with_their_dora():
    m1, m2, m3, m9, east = (parse_mjai(t) for t in ("1m", "2m", "3m", "9m", "E"))
    ankan = [Event(DRAW, 0, m9), Event(CLOSED_KAN, 0, m1, consumed=(m1,) * 4), Event(DRAW, 0, east)]
    kakan = [
        Event(DISCARD, 0, m2, tsumogiri=False),
        Event(PON, 1, m2, target=0, consumed=(m2, m2)),
        Event(DISCARD, 1, m3, tsumogiri=False),
        Event(DRAW, 2, m9),
        Event(DISCARD, 2, m9, tsumogiri=True),
        Event(DRAW, 3, m9),
        Event(DISCARD, 3, m9, tsumogiri=True),
        Event(DRAW, 0, m9),
        Event(DISCARD, 0, m9, tsumogiri=True),
        Event(DRAW, 1, m2),
        Event(ADDED_KAN, 1, m2, consumed=(m2, m2, m2)),
        Event(DRAW, 1, east),
    ]
    tail = [Event(DISCARD, 1, east, tsumogiri=True)]
    expected = [
        '{"type":"tsumo","actor":0,"pai":"9m"}',
        '{"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]}',
        '{"type":"dora","dora_marker":"P"}',
        '{"type":"tsumo","actor":0,"pai":"E"}',
        '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}',
        '{"type":"pon","actor":1,"target":0,"pai":"2m","consumed":["2m","2m"]}',
        '{"type":"dahai","actor":1,"pai":"3m","tsumogiri":false}',
        *[
            f'{{"type":"{kind}","actor":{seat},"pai":"9m"{tg}}}'
            for seat in (2, 3, 0)
            for kind, tg in (("tsumo", ""), ("dahai", ',"tsumogiri":true'))
        ],
        '{"type":"tsumo","actor":1,"pai":"2m"}',
        '{"type":"kakan","actor":1,"pai":"2m","consumed":["2m","2m","2m"]}',
        '{"type":"tsumo","actor":1,"pai":"E"}',
        '{"type":"dora","dora_marker":"F"}',
        '{"type":"dahai","actor":1,"pai":"E","tsumogiri":true}',
    ]
    p, f = parse_mjai("P"), parse_mjai("F")
    # a record that turned the indicators where it says (DORA events) ...
    with_events = ankan[:2] + [Event(DORA, tile=p)] + ankan[2:] + kakan + [Event(DORA, tile=f)] + tail
    assert _event_lines(_record(with_events)) == expected
    # ... and one that only lists them (tenhou.net/6): placed in mjai's order
    listed = _record(ankan + kakan + tail, later=(p, f))
    assert _event_lines(listed) == expected
    again = read_mjai(write_mjai(listed))
    assert again.rounds[0].events == _record(with_events).rounds[0].events


def test_a_kan_after_a_kan_turns_the_pending_dora_first():
    m1, m2, east, south = (parse_mjai(t) for t in ("1m", "2m", "E", "S"))
    kakan = [Event(DRAW, 0, m1), Event(ADDED_KAN, 0, m1, consumed=(m1,) * 3), Event(DRAW, 0, m2)]
    then_kakan = [Event(ADDED_KAN, 0, m2, consumed=(m2,) * 3), Event(DRAW, 0, east)]
    then_ankan = [Event(CLOSED_KAN, 0, m2, consumed=(m2,) * 4), Event(DRAW, 0, east)]
    discard = [Event(DISCARD, 0, east, tsumogiri=True)]

    def types(events):
        lines = _event_lines(_record(events, later=(south, east)))
        return [json.loads(x).get("dora_marker", json.loads(x)["type"]) for x in lines]

    # libriichi's arena: the first kan's dora is turned before the second kan's replacement
    # tsumo (kakan after kakan) or before the ankan itself (ankan after kakan)
    assert types(kakan + then_kakan + discard) == [
        "tsumo",
        "kakan",
        "tsumo",
        "kakan",
        "S",
        "tsumo",
        "E",
        "dahai",
    ]
    assert types(kakan + then_ankan + discard) == [
        "tsumo",
        "kakan",
        "tsumo",
        "S",
        "ankan",
        "E",
        "tsumo",
        "dahai",
    ]


# ------------------------------------------------------------------ malformed logs
def _broken(change):
    """The sample's lines, changed by ``change(lines)``, read."""
    lines = SAMPLE.read_text().splitlines()
    lines = change(lines)
    read_mjai("\n".join(lines) + "\n", "broken.jsonl")


def _swap(index, line):
    def change(lines):
        return lines[:index] + [line] + lines[index + 1 :]

    return change


TSUMO_LINE = 2  # index of the first tsumo: {"type":"tsumo","actor":0,"pai":"F"}


@pytest.mark.parametrize(
    ("change", "round_", "line_no", "message"),
    [
        (_swap(TSUMO_LINE, '{"type":"tsumo","actor":0,"pai":"F"'), "E1-0", 3, "not a JSON object"),
        (_swap(TSUMO_LINE, '{"type":"tsumo","actor":0}'), "E1-0", 3, "no 'pai' field"),
        (_swap(TSUMO_LINE, '{"type":"tsumo","actor":0,"pai":"5z"}'), "E1-0", 3, "not an mjai tile name"),
        (_swap(TSUMO_LINE, '{"type":"tsumo","actor":0,"pai":"?"}'), "E1-0", 3, "hides other players' tiles"),
        (_swap(TSUMO_LINE, '{"type":"tsumo","actor":4,"pai":"F"}'), "E1-0", 3, "actor 4 is outside"),
        (_swap(TSUMO_LINE, '{"type":"tsumo_x","actor":0,"pai":"F"}'), "E1-0", 3, "unknown mjai event type"),
        (_swap(1, '{"type":"tsumo","actor":0,"pai":"F"}'), None, 2, "outside a hand"),
        (_swap(0, '{"type":"tsumo","actor":0,"pai":"F"}'), None, 1, "before start_game"),
        (_swap(3, '{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false}'), "E1-0", 4, "does not hold 9m"),
        (
            _swap(4, '{"type":"pon","actor":2,"target":0,"pai":"N","consumed":["N","N"]}'),
            "E1-0",
            5,
            "did not just discard",
        ),
        (_swap(8, '{"type":"hora","actor":1,"target":0}'), "E1-0", 9, "did not just discard"),
        (_swap(3, '{"type":"tsumo","actor":0,"pai":"1m"}'), "E1-0", 4, "missing or out of place"),
        (lambda lines: lines[:2] + lines[3:], "E1-0", 3, "missing or out of place"),
        (_swap(3, '{"type":"reach_accepted","actor":0}'), "E1-0", 4, "whose riichi is not declared"),
        (lambda lines: lines[:60], "E1-0", 61, "ends inside a hand"),
        (lambda lines: lines[:-1], None, 1383, "without end_game"),
        (lambda lines: [*lines, '{"type":"tsumo","actor":0,"pai":"F"}'], None, 1384, "after end_game"),
    ],
)
def test_a_malformed_log_names_its_source_round_and_line(change, round_, line_no, message):
    with pytest.raises(LogFormatError) as caught:
        _broken(change)
    error = caught.value
    assert message in error.reason
    assert error.source == "broken.jsonl" and error.round == round_
    assert error.event is not None and error.event.startswith(f"line {line_no} (")


def test_none_lines_and_blank_lines_are_skipped():
    text = SAMPLE.read_text().replace("\n", '\n{"type":"none"}\n\n', 5)
    assert read_mjai(text, SAMPLE.name) == read_log(SAMPLE)


def test_a_long_line_is_clipped_in_the_error():
    bad = '{"type":"tsumo","actor":0,"pai":"F","note":"' + "x" * 200 + '"'
    with pytest.raises(LogFormatError) as caught:
        _broken(_swap(TSUMO_LINE, bad))
    assert caught.value.event is not None and len(caught.value.event) < 100


def test_every_yaku_of_the_scorer_has_one_mjai_name_and_back():
    from riichi_lut.game.logs.mjai_names import DRAGON_YAKU, NAME_OF_YAKU, YAKU_OF_NAME
    from riichi_lut.riichi.yaku import ROWS

    ids = [row.id for row, _ in ROWS]
    plain = [i for i in ids if i not in DRAGON_YAKU.values()]
    assert sorted(NAME_OF_YAKU) == sorted(plain)
    assert all(YAKU_OF_NAME[NAME_OF_YAKU[i]] == i for i in plain)
    assert len(set(NAME_OF_YAKU.values())) == len(plain)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('["sangenpai",1]', '["sangenpai",2]', "holds 1 dragon sets"),
        ('["ikkitsukan",2]', '["ikkitsuukan",2]', "not an mjai yaku"),
        ('"hora_tehais":["1m",', '"hora_tehais":["2m",', "not the tiles seat 0 holds"),
        ('"ura_markers":["3m"],"pai":"6p"', '"ura_markers":["3m"],"pai":"7p"', "not the winning tile"),
    ],
)
def test_a_hora_that_contradicts_the_hand_is_refused(old, new, message):
    text = _game()
    assert text.count(old) == 1
    with pytest.raises(LogFormatError, match=message) as caught:
        read_mjai(text.replace(old, new), "made.jsonl")
    line_no = next(n for n, line in enumerate(text.splitlines(), 1) if old in line)
    assert caught.value.round == "E1-0" and caught.value.event.startswith(f"line {line_no} (")


def test_tenhou6_games_get_their_kan_dora_placed_and_their_ura_kept():
    pytest.importorskip("riichi_lut.game.logs.tenhou6")  # the tenhou.net/6 reader lands from its branch
    from gamelogs import TENHOU6

    from riichi_lut.core.tiles import kind_of

    placed = 0
    for path in sorted(TENHOU6.glob("*.json")):
        record = read_log(path)
        back = read_mjai(write_mjai(record), path.name)
        for rnd, again in zip(record.rounds, back.rounds, strict=True):
            dora = [e.tile for e in again.events if e.type == DORA]
            assert dora == list(rnd.later_indicators or ()), (path.name, rnd.name)
            placed += len(dora)
            plain = [
                dataclasses.replace(e, tile=kind_of(e.tile or 0)) if e.type == CLOSED_KAN else e
                for e in rnd.events
            ]
            assert [e for e in again.events if e.type != DORA] == plain, (path.name, rnd.name)
            for result in again.results:
                if isinstance(result, WinResult) and rnd.ura_indicators is not None:
                    assert result.ura_indicators == rnd.ura_indicators
    assert placed > 0
