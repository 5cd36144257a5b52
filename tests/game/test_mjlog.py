"""The mjlog reader: every log reads, the meld codes decode and encode back, the scores
add up, and a broken log is a LogFormatError naming the file, the hand and the tag."""

from __future__ import annotations

import dataclasses
import gzip
import re
from collections import Counter
from xml.etree import ElementTree

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import LogFormatError
from riichi_lut.game.logs import detect_format, read_log
from riichi_lut.game.logs.mjlog import LIMIT_NAMES, RYUUKYOKU_KINDS, read_mjlog, rules_of_lobby
from riichi_lut.game.logs.mjlog_write import write_mjlog
from riichi_lut.game.logs.tenhou_yaku import TENHOU_YAKU
from riichi_lut.game.record import DRAW_KINDS, DrawResult, WinResult
from riichi_lut.riichi.points import LIMITS
from riichi_lut.riichi.yaku import ROWS

LOGS = sorted(MJLOG.iterdir())
SAMPLE = MJLOG / "2019021004gm-00a9-0000-e2f6516d.xml"


def _text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def _totals(record):
    totals = Counter(games=1, rounds=len(record.rounds), complete=record.final_scores is not None)
    for rnd in record.rounds:
        totals["events"] += len(rnd.events)
        totals.update(event.type for event in rnd.events)
        totals.update("wins" if isinstance(r, WinResult) else "draws" for r in rnd.results)
    return totals


def _tag_counts(text):
    """The same totals counted from the XML text, without the reader."""
    return Counter(
        games=1,
        rounds=text.count("<INIT "),
        complete="owari=" in text,
        draw=len(re.findall(r"<[TUVW]\d+/>", text)),
        discard=len(re.findall(r"<[DEFG]\d+/>", text)),
        wins=text.count("<AGARI "),
        draws=text.count("<RYUUKYOKU "),
        riichi=len(re.findall(r'<REACH [^>]*step="1"', text)),
        riichi_accepted=len(re.findall(r'<REACH [^>]*step="2"', text)),
        calls=text.count("<N "),
        dora=text.count("<DORA "),
    )


def test_every_log_reads_and_each_tag_becomes_its_event():
    totals, tags = Counter(), Counter()
    for path in LOGS:
        record = read_log(path)
        assert record.format == "mjlog" and record.players == 4 and len(record.names) == 4
        text = _text(path)
        shuffle = re.search(r'<SHUFFLE seed="([^"]*)"', text)
        assert record.seed == (shuffle.group(1) if shuffle else None)
        totals += _totals(record)
        tags += _tag_counts(text)
    calls = sum(totals[t] for t in ("chi", "pon", "open_kan", "added_kan", "closed_kan"))
    assert totals["games"] == tags["games"] == len(LOGS) == 48
    assert (totals["rounds"], totals["complete"]) == (tags["rounds"], tags["complete"]) == (480, 46)
    for name in ("draw", "discard", "wins", "draws", "riichi", "riichi_accepted", "dora"):
        assert totals[name] == tags[name], name
    assert calls == tags["calls"]
    assert totals["tsumo"] + totals["ron"] == totals["wins"] + 3  # the three rons of a ron3 draw
    assert totals["nine_terminals"] == 8 and totals["events"] > 40000


def _deltas(rnd):
    """Each seat's change over a round: the results' deltas less the riichi deposits."""
    total = [0] * len(rnd.scores)
    for result in rnd.results:
        for seat, delta in enumerate(result.deltas or ()):
            total[seat] += delta
    for event in rnd.events:
        if event.type == "riichi_accepted":
            total[event.seat] -= 1000
    return total


def test_scores_sticks_and_honba_add_up_from_hand_to_hand():
    for path in LOGS:
        record = read_log(path)
        for before, after in zip(record.rounds, record.rounds[1:], strict=False):
            change = _deltas(before)
            # a win's deltas include the sticks it took; the deposits were paid in the hand
            assert after.scores == tuple(s + d for s, d in zip(before.scores, change, strict=True))
            won = any(isinstance(r, WinResult) for r in before.results)
            deposits = sum(e.type == "riichi_accepted" for e in before.events)
            assert after.sticks == (0 if won else before.sticks + deposits), (path.name, before.name)
            assert after.honba == 0 or after.honba == before.honba + 1, (path.name, before.name)


def test_final_scores_are_the_start_scores_plus_every_change():
    complete = 0
    for path in LOGS:
        record = read_log(path)
        if record.final_scores is None:
            continue
        complete += 1
        scores = list(record.rounds[0].scores)
        for rnd in record.rounds:
            scores = [s + d for s, d in zip(scores, _deltas(rnd), strict=True)]
        last = record.rounds[-1]
        if not any(isinstance(r, WinResult) for r in last.results):  # leftover sticks to the first
            first = max(range(4), key=lambda seat: (scores[seat], -seat))
            scores[first] += 1000 * (last.sticks + sum(e.type == "riichi_accepted" for e in last.events))
        assert tuple(scores) == record.final_scores, path.name
        assert sorted(record.final_points, reverse=True) == [
            record.final_points[s] for s in sorted(range(4), key=lambda s: (-scores[s], s))
        ]
    assert complete == 46


def test_a_win_reads_with_its_yaku_and_payments():
    record = read_log(SAMPLE)
    win = next(r for rnd in record.rounds for r in rnd.results if isinstance(r, WinResult))
    assert win.yaku and win.deltas and sum(win.deltas) >= 0 and win.points > 0


def test_a_log_cut_short_reads_as_far_as_it_goes():
    no_end = read_log(MJLOG / "2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog")
    assert no_end.final_scores is None and no_end.rounds[-1].results
    no_round_end = read_log(MJLOG / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert no_round_end.rounds[-1].results == ()


def _broken(old, new, count=1):
    text = _text(SAMPLE)
    assert old in text
    return text.replace(old, new, count).encode()


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda t: t[: len(t) // 2], "not well-formed XML"),
        (
            lambda t: t.replace('<INIT seed="0,0,0,0,4,82"', '<INIT seed="0,0,0,x,4,82"', 1),
            "not a list of whole numbers",
        ),
        (lambda t: t.replace("<T", "<Q", 1), "unknown tag <Q"),
        (lambda t: t.replace('hai0="', 'hai0="1,', 1), "hai0 holds 14 numbers"),
        (lambda t: re.sub(r"<D(\d+)/>", "<D135/>", t, count=1), "does not hold tile id 135"),
        (lambda t: t.replace(' m="', ' m="x', 1), "not a list of whole numbers"),
    ],
)
def test_a_broken_log_names_the_file_the_hand_and_the_tag(tamper, message):
    text = _text(SAMPLE)
    with pytest.raises(LogFormatError, match=message) as error:
        read_log(tamper(text).encode(), name="game.mjlog")
    assert str(error.value).startswith("game.mjlog")


def test_a_broken_tile_names_the_round_and_event():
    text = _text(SAMPLE)
    changed = re.sub(r"<D(\d+)/>", "<D135/>", text, count=1)
    with pytest.raises(LogFormatError, match=r"game.mjlog, round E1-0, event \d+ \(<D135/>\)"):
        read_log(changed.encode(), name="game.mjlog")


def test_gzip_and_plain_read_alike(tmp_path):
    plain = tmp_path / "a.xml"
    plain.write_text(_text(SAMPLE), encoding="utf-8")
    packed = tmp_path / "a.mjlog"
    packed.write_bytes(gzip.compress(_text(SAMPLE).encode()))
    assert read_log(plain).rounds == read_log(packed).rounds == read_log(SAMPLE).rounds


def test_read_log_errors_name_what_is_wrong(tmp_path):
    with pytest.raises(LogFormatError, match="cannot read the log"):
        read_log(tmp_path / "missing.mjlog")
    with pytest.raises(LogFormatError, match="not a game log"):
        read_log(b"hello world")
    with pytest.raises(LogFormatError, match="gzip"):
        read_log(b"\x1f\x8b\x08\x00broken")
    assert detect_format("  <mjloggm ver='2.3'>") == "mjlog"


def test_calls_take_the_last_discard_and_name_its_seat():
    calls = 0
    for path in LOGS:
        for rnd in read_log(path).rounds:
            last = None
            for event in rnd.events:
                if event.type in ("chi", "pon", "open_kan"):
                    assert (event.tile, event.target) == (last.tile, last.seat), (path.name, rnd.name)
                    assert len(event.consumed) == (3 if event.type == "open_kan" else 2)
                    calls += 1
                elif event.type in ("added_kan", "closed_kan"):
                    assert len(event.consumed) == (3 if event.type == "added_kan" else 4)
                    assert event.target is None
                last = event if event.type == "discard" else last
    assert calls == 935


def test_a_discard_is_tsumogiri_when_it_is_the_tile_just_drawn():
    read = written = 0
    for path in LOGS:
        text = _text(path)
        between = r"(?:<(?:REACH|DORA|BYE|UN) [^>]*>)*"  # the tags that leave the drawn tile in hand
        pairs = re.findall(rf"<([TUVW])(\d+)/>{between}<([DEFG])(\d+)/>", text)
        written += sum("TUVW".index(t) == "DEFG".index(d) and a == b for t, a, d, b in pairs)
        read += sum(e.tsumogiri is True for rnd in read_log(path).rounds for e in rnd.events)
    assert read == written > 5000


def test_nine_terminals_is_declared_by_the_seat_that_drew_last():
    rnd = read_log(MJLOG / "yao9.xml").rounds[0]
    assert rnd.events[-1].type == "nine_terminals" and rnd.events[-1].seat == rnd.events[-2].seat == 0
    assert rnd.results[0].kind == "nine_terminals" and rnd.results[0].tenpai == (0,)


def test_three_rons_are_the_claimants_rons_on_the_last_discard():
    rounds = read_log(MJLOG / "ron3.xml").rounds
    rnd = next(r for r in rounds if isinstance(r.results[0], DrawResult) and r.results[0].kind == "three_ron")
    discard = next(e for e in reversed(rnd.events) if e.type == "discard")
    rons = [e for e in rnd.events if e.type == "ron"]
    assert [(e.seat - discard.seat) % 4 for e in rons] == [1, 2, 3]  # in turn order from the discarder
    assert {(e.tile, e.target) for e in rons} == {(discard.tile, discard.seat)}
    assert {e.seat for e in rons} == set(rnd.results[0].tenpai)


def test_tenhou_yaku_rows_name_the_scorers_yaku_and_limits():
    scorer_ids = [row.id for row, _ in ROWS]
    assert set(TENHOU_YAKU) == set(range(52)) and set(TENHOU_YAKU.values()) <= set(scorer_ids)
    assert set(LIMIT_NAMES[1:]) == {name for _, name, _ in LIMITS} and LIMIT_NAMES[0] is None
    assert {"exhaustive", *RYUUKYOKU_KINDS.values()} == set(DRAW_KINDS)
    for path in LOGS:
        for rnd in read_log(path).rounds:
            for win in rnd.results:
                if isinstance(win, WinResult):
                    counted = sum(han for _, han in win.yaku) + win.dora + win.ura + win.aka
                    assert win.han == counted and all(name in scorer_ids for name, _ in win.yaku)


@pytest.mark.parametrize(
    ("game_type", "players", "length", "aka", "kuitan"),
    [(169, 4, "hanchan", True, True), (161, 4, "tonpuu", False, True), (175, 4, "hanchan", False, False)]
    + [(185, 3, "hanchan", True, True), (177, 3, "tonpuu", True, True)],
)
def test_the_lobby_bits_give_the_rules(game_type, players, length, aka, kuitan):
    if game_type == 161:
        game_type |= 2  # tonpuu without red fives
    rules = rules_of_lobby(game_type)
    assert (rules.players, rules.length, any(rules.scoring.aka_dora), rules.scoring.kuitan) == (
        players,
        length,
        aka,
        kuitan,
    )


def test_a_game_without_red_fives_reads_its_fives_plain():
    with_red = read_log(SAMPLE)
    plain = read_log(_broken('<GO type="169"', '<GO type="171"'), name="plain")
    assert plain.rules.scoring.aka_dora == (0, 0, 0) and plain.meta["type"] == 171
    unred = {34: 4, 35: 13, 36: 22}
    assert any(34 in hand for rnd in with_red.rounds for hand in rnd.hands)
    for a, b in zip(with_red.rounds, plain.rounds, strict=True):
        assert b.hands == tuple(tuple(unred.get(t, t) for t in hand) for hand in a.hands)


def test_a_reconnection_and_a_disconnection_keep_the_names():
    text = _broken("<T99/>", '<BYE who="1" /><UN n1="%41"/><T99/>').decode()
    record = read_log(text.encode(), name="game.mjlog")
    assert record.names == read_log(SAMPLE).names and record.names[0] == "鬼ヅモ@川村軍団"
    assert record.meta["disconnections"] == [{"who": "1"}] and record.rounds == read_log(SAMPLE).rounds


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (' oya="0" hai0', " hai0", "no 'oya' attribute"),
        ("<T99/>", '<T99/><REACH who="0" step="3"/>', "REACH step=3"),
        ("<T99/>", '<T99/><REACH who="4" step="1"/>', "who=4 is not a seat"),
        ('hai1="90,', 'hai1="93,', "tile id 93 comes out of the wall a second time"),
        ("<T99/>", "<T136/>", "tile id 136 is outside"),
        ('<RYUUKYOKU ba="0,0"', '<RYUUKYOKU type="foo" ba="0,0"', "unknown RYUUKYOKU type 'foo'"),
        ('yaku="28,2,', 'yaku="99,2,', "unknown yaku number 99"),
        ('ten="40,12000,2"', 'ten="40,12000,9"', "limit 9 is outside"),
        ('ten="40,12000,2"', 'ten="40,12000"', "ten holds 2 numbers"),
        ('fromWho="2"', 'fromWho="-1"', "fromWho=-1 is not a seat"),
        ('<N who="3" m="54647" />', '<N who="3" m="54645" />', "meld code m=54645 is a chi not from the"),
        ('<N who="3" m="54647" />', '<N who="3" m="54645" />', '(<N who="3" m="54645"/>)'),
        ('<N who="3" m="54647" />', '<N who="3" />', "no 'm' attribute"),
        ('<TAIKYOKU oya="0"/>', '<TAIKYOKU oya="0"/><D3/>', "before any INIT"),
    ],
)
def test_each_broken_tag_is_named(old, new, message):
    with pytest.raises(LogFormatError, match=re.escape(message)) as error:
        read_log(_broken(old, new), name="game.mjlog")
    assert str(error.value).startswith("game.mjlog") and "event" in str(error.value)


def test_a_root_that_is_not_mjloggm_is_refused():
    with pytest.raises(LogFormatError, match="the root tag is <mjlog>"):
        read_log("<mjlog><GO type='169'/></mjlog>", format="mjlog", name="x")


@pytest.mark.parametrize("logs", [slice(0, None, 2), pytest.param(slice(1, None, 2), marks=pytest.mark.slow)],
                         ids=["even", "odd"])  # fmt: skip
def test_every_log_written_reads_back_the_same(logs):
    """Every other log in the fast tier, the others in the slow."""
    for path in LOGS[logs]:
        record = read_log(path)
        text = write_mjlog(record)
        again = read_mjlog(text, path.name)
        assert again.rounds == record.rounds, path.name
        assert (again.final_scores, again.final_points) == (record.final_scores, record.final_points)
        assert (again.names, again.rules, again.seed, again.players) == (
            record.names,
            record.rules,
            record.seed,
            record.players,
        )
        assert {k: v for k, v in again.meta.items() if k != "disconnections"} == {
            k: v for k, v in record.meta.items() if k != "disconnections"
        }
        assert write_mjlog(again) == text  # a fixed point: the same ids each time
        assert _shape(text) == _shape(_text(path)), path.name


#: The attributes whose values the writer gives back as Tenhou wrote them (tile ids aside).
_KEPT = {"ba", "sc", "who", "fromWho", "paoWho", "step", "type", "oya", "lobby", "dan", "rate", "sx", "ten"}
_KEPT |= {"n0", "n1", "n2", "n3"}  # percent-escaped byte by byte, as Tenhou writes them


def _shape(text):
    """Each tag as the writer must give it back: a draw or discard as its letter, else
    its name, its attribute names and the values that are not tile ids; ``owari`` as
    numbers (old logs write the points as whole numbers); BYE, a reconnection's UN and a
    REACH's ``ten`` left out (the record keeps no place for them; old logs write no
    ``ten`` with the deposit)."""
    shape = []
    for element in ElementTree.fromstring(text):
        tag, attrs = element.tag, dict(element.attrib)
        if tag[0] in "TUVWDEFG" and tag[1:].isdigit():
            shape.append(tag[0])
            continue
        if tag == "BYE" or (tag == "UN" and any(s[0] == "UN" for s in shape)):
            continue
        if tag == "REACH":
            attrs.pop("ten", None)
        kept = {k: v for k, v in attrs.items() if k in _KEPT}
        if "owari" in attrs:
            kept["owari"] = [float(x) for x in attrs["owari"].split(",")]
        shape.append((tag, sorted(attrs), sorted(kept.items())))
    return shape


def test_the_writer_refuses_a_record_it_cannot_carry():
    record = read_log(SAMPLE)
    rnd = record.rounds[0]
    bad = dataclasses.replace(rnd, hands=((33,) * 13, *rnd.hands[1:]))
    with pytest.raises(LogFormatError, match=rf"^{SAMPLE.name}, round E1-0: cannot write as mjlog: seat 0"):
        write_mjlog(dataclasses.replace(record, rounds=(bad,)))


#: A three-player hand built by hand: seat 0 sets a North aside and draws its replacement,
#: seat 2 pons seat 1's East (one seat back of three: relative 2), the hand is drawn.
SANMA = (
    '<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3=""/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,1,135" ten="350,350,350,0" oya="0"'
    ' hai0="0,1,2,32,33,34,36,37,38,40,41,42,120" hai1="44,45,46,48,49,50,56,57,58,60,61,62,121"'
    ' hai2="72,73,74,76,77,78,80,81,82,84,85,108,109" hai3=""/>'
    '<T122/><N who="0" m="30752" /><T111/><D111/><U110/><E110/><N who="2" m="PON" />'
    '<F84/><T3/><D3/><RYUUKYOKU ba="0,0" sc="350,0,350,0,350,0,0,0"'
    ' owari="350,10.0,350,0.0,350,-10.0,0,0.0" /></mjloggm>'
).replace("PON", str(((27 * 3 + 2) << 9) | (3 << 5) | 0x8 | 2))


def test_three_players_read_with_kita_and_write_back():
    record = read_mjlog(SANMA, "sanma")
    assert (record.players, record.names, record.rules) == (3, ("A", "B", "C"), rules_of_lobby(185))
    (rnd,) = record.rounds
    assert rnd.scores == (35000,) * 3 and record.final_scores == (35000,) * 3
    kita, pon = (e for e in rnd.events if e.type in ("kita", "pon"))
    assert (kita.seat, kita.tile) == (0, 30)
    assert (pon.seat, pon.tile, pon.target, pon.consumed) == (2, 27, 1, (27, 27))
    assert rnd.results[0].deltas == (0, 0, 0)
    text = write_mjlog(record)
    assert read_mjlog(text, "sanma").rounds == record.rounds
    assert 'hai3=""' in text and 'n3=""' in text and 'sc="350,0,350,0,350,0,0,0"' in text
    assert _shape(text) == _shape(SANMA)
    with pytest.raises(LogFormatError, match="sc holds 8 numbers, expected 6"):
        read_mjlog(SANMA.replace("350,0,0,0", "350,0,0,5"), "sanma")
