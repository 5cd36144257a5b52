"""Every real Tenhou game replayed through the rules: no mismatch, every draw checked
against the wall rebuilt from the seed, and each kind of tampering caught by name."""

from __future__ import annotations

import dataclasses
import gzip
import re

import pytest
from gamelogs import MJLOG

from riichi_lut.errors import IllegalActionError, ReplayMismatchError
from riichi_lut.game.logs import read_log
from riichi_lut.game.replay import replay

LOGS = sorted(p for p in MJLOG.iterdir() if p.suffix in (".mjlog", ".xml"))
CUT_SHORT = {p.name for p in LOGS if "-no-" in p.name}


def _text(name):
    data = (MJLOG / name).read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode()


DATED = [p for p in LOGS if p.name[:1].isdigit() and p.name not in CUT_SHORT]


def fast_or_slow(path):
    """The named logs (each kept for a rule it shows) and the cut-short ones in the fast
    tier, with every other dated game (ordinary games); the other dated games slow."""
    slow = path in DATED and DATED.index(path) % 2 == 1
    return pytest.param(path, marks=[pytest.mark.slow] if slow else [], id=path.name)


@pytest.mark.parametrize("path", [fast_or_slow(p) for p in LOGS])
def test_every_tenhou_game_replays_to_the_logs_results(path):
    record = read_log(path)
    assert record.seed is not None  # every draw is checked against the wall from the seed
    result = replay(record)
    if path.name in CUT_SHORT:
        assert not result.complete
        return
    assert result.complete
    assert result.final_scores == record.final_scores
    assert len(result.rounds) == len(record.rounds)


def test_the_logs_cover_the_rules_that_real_games_show():
    kinds = set()
    yaku = set()
    for path in LOGS:
        record = read_log(path)
        for rnd in record.rounds:
            for r in rnd.results:
                kinds.add(getattr(r, "kind", "win"))
                yaku.update(name for name, _ in getattr(r, "yaku", None) or ())
    assert {"win", "exhaustive", "nine_terminals", "three_ron"} <= kinds
    assert {"chankan", "rinshan", "haitei", "ippatsu", "daisangen"} <= yaku


SAMPLE = "2019021004gm-00a9-0000-e2f6516d.xml"


def _replay_text(text):
    return replay(read_log(text.encode(), name=SAMPLE))


def test_a_changed_score_is_caught():
    text = _text(SAMPLE)
    agari = re.search(r'<AGARI [^>]*ten="(\d+),(\d+),(\d)"', text)
    fu, points, _ = agari.groups()
    changed = text.replace(
        agari.group(0), agari.group(0).replace(f'ten="{fu},{points},', f'ten="{fu},{int(points) + 100},'), 1
    )
    with pytest.raises(ReplayMismatchError, match="the points: the log says") as error:
        _replay_text(changed)
    assert error.value.recorded == int(points) + 100 and error.value.computed == int(points)


def test_a_changed_dora_indicator_is_caught():
    text = _text(SAMPLE)
    init = re.search(r'<INIT seed="([\d,]+)"', text)
    fields = init.group(1).split(",")
    fields[5] = str((int(fields[5]) + 4) % 136)
    changed = text.replace(init.group(0), f'<INIT seed="{",".join(fields)}"', 1)
    with pytest.raises(ReplayMismatchError, match="the dora indicator"):
        _replay_text(changed)


def test_a_changed_draw_is_caught():
    text = _text(SAMPLE)
    first = re.search(r"<T(\d+)/>", text)
    tile = int(first.group(1))
    other = next(t for t in range(136) if t // 4 != tile // 4 and f"<T{t}/>" not in text[: first.start()])
    changed = (
        text[: first.start()] + f"<T{other}/>" + text[first.end() :].replace(f"<D{tile}/>", f"<D{other}/>", 1)
    )
    with pytest.raises(ReplayMismatchError, match="a draw"):
        _replay_text(changed)


def _held(rnd, seat, upto):
    """The tiles ``seat`` holds before event ``upto`` of a recorded hand."""
    held = list(rnd.hands[seat])
    for event in rnd.events[:upto]:
        if event.seat != seat:
            continue
        if event.type == "draw":
            held.append(event.tile)
        elif event.type in ("discard", "kita", "added_kan"):
            held.remove(event.tile)
        elif event.type in ("chi", "pon", "open_kan", "closed_kan"):
            for tile in event.consumed:
                held.remove(tile)
    return held


def test_an_illegal_discard_is_caught():
    # a riichi player must discard the tile it draws: make one discard another it holds
    record = read_log(MJLOG / SAMPLE)
    for k, rnd in enumerate(record.rounds):
        riichi = set()
        for i, event in enumerate(rnd.events):
            if event.type == "riichi_accepted":
                riichi.add(event.seat)
            elif event.type == "discard" and event.seat in riichi and event.tsumogiri:
                other = next(t for t in _held(rnd, event.seat, i) if t != event.tile)
                events = list(rnd.events)
                events[i] = dataclasses.replace(event, tile=other, tsumogiri=False)
                rounds = list(record.rounds)
                rounds[k] = dataclasses.replace(rnd, events=tuple(events))
                tampered = dataclasses.replace(record, rounds=tuple(rounds))
                with pytest.raises(IllegalActionError, match=f"round {rnd.name}, event {i} ") as error:
                    replay(tampered)
                assert "not legal" in str(error.value)
                return
    pytest.fail("no tsumogiri after a riichi in the sample log")


def test_a_riichi_without_tenpai_is_caught():
    text = _text(SAMPLE)
    first = text.index("<D")
    changed = text[:first] + '<REACH who="0" step="1"/>' + text[first:]
    with pytest.raises(IllegalActionError, match=r"round E1-0, event .*riichi.* is not legal"):
        _replay_text(changed)


def test_replay_without_check_returns_what_the_engine_computed():
    text = _text(SAMPLE)
    agari = re.search(r'<AGARI [^>]*ten="(\d+),(\d+),', text)
    changed = text.replace(agari.group(0), agari.group(0).replace(f",{agari.group(2)},", ",1,"), 1)
    result = replay(read_log(changed.encode(), name=SAMPLE), check=False)
    assert result.final_scores == read_log(MJLOG / SAMPLE).final_scores
