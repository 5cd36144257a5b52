"""The mjlog reader: every log reads, the meld codes decode and encode back, the scores
add up, and a broken log is a LogFormatError naming the file, the hand and the tag."""

from __future__ import annotations

import gzip
import re
from collections import Counter

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import LogFormatError
from riichi_lut.game.logs import detect_format, read_log
from riichi_lut.game.record import WinResult

LOGS = sorted(MJLOG.iterdir())
SAMPLE = MJLOG / "2019021004gm-00a9-0000-e2f6516d.xml"


def _text(path):
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


def test_every_log_reads():
    totals = Counter()
    for path in LOGS:
        record = read_log(path)
        assert record.format == "mjlog" and record.players == 4 and len(record.names) == 4
        totals["games"] += 1
        totals["hands"] += len(record.rounds)
        totals["events"] += sum(len(r.events) for r in record.rounds)
        totals["complete"] += record.final_scores is not None
    assert totals["games"] == 48 and totals["hands"] == 480 and totals["complete"] == 46
    assert totals["events"] > 40000


def test_scores_add_up_from_hand_to_hand():
    for path in LOGS:
        record = read_log(path)
        for before, after in zip(record.rounds, record.rounds[1:], strict=False):
            deltas = [0] * 4
            for result in before.results:
                for seat, delta in enumerate(result.deltas or ()):
                    deltas[seat] += delta
            riichi = [0] * 4
            for event in before.events:
                if event.type == "riichi_accepted":
                    riichi[event.seat] += 1000
            # a win's deltas include the sticks it took; the deposits were paid in the hand
            expected = tuple(s + d - r for s, d, r in zip(before.scores, deltas, riichi, strict=True))
            assert after.scores == expected, (path.name, before.name)


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
