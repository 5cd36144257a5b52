"""Named rule tests built from real Tenhou logs (docs/game.md): the replay computes each
hand's ending from the rules, and the log, which Tenhou's server wrote, agrees."""

from __future__ import annotations

import pytest
from gamelogs import MJLOG

from riichi_lut.game.logs import read_log
from riichi_lut.game.replay import replay


def _hands(name):
    record = read_log(MJLOG / name)
    return record, replay(record)


def _deposits(record, result, hand):
    """Riichi sticks deposited during ``hand``."""
    rnd = record.rounds[result.rounds.index(hand)]
    return sum(1 for e in rnd.events if e.type == "riichi_accepted")


def _find(result, predicate):
    return [r for r in result.rounds if r.outcome is not None and predicate(r.outcome)]


def test_nine_terminals_aborts_and_keeps_the_dealer():
    record, result = _hands("yao9.xml")
    (hand,) = _find(result, lambda o: o.kind == "nine_terminals")
    index = result.rounds.index(hand)
    after = record.rounds[index + 1]
    assert (after.dealer, after.honba) == (hand.dealer, hand.honba + 1)
    assert hand.outcome.deltas == (0, 0, 0, 0)


def test_three_rons_abort_the_hand():
    record, result = _hands("ron3.xml")
    (hand,) = _find(result, lambda o: o.kind == "three_ron")
    assert len(hand.outcome.tenpai) == 3
    after = record.rounds[result.rounds.index(hand) + 1]
    sticks = hand.sticks + _deposits(record, result, hand)  # the sticks stay on the table
    assert (after.dealer, after.honba, after.sticks) == (hand.dealer, hand.honba + 1, sticks)


def test_double_ron_gives_honba_and_sticks_to_the_first_winner():
    record, result = _hands("double-ron.mjlog")
    (hand,) = _find(result, lambda o: len(o.wins) == 2)
    first, second = hand.outcome.wins
    discarder = first.from_seat
    assert (first.seat - discarder) % 4 < (second.seat - discarder) % 4
    sticks = hand.sticks + _deposits(record, result, hand)
    assert sticks > 0
    assert first.deltas[first.seat] == first.result.points + 300 * hand.honba + 1000 * sticks
    assert second.deltas[second.seat] == second.result.points


def test_pao_on_a_tsumo_makes_the_feeder_pay_it_all():
    for name in ("pao-tsumo.mjlog", "pao.xml"):
        _, result = _hands(name)
        (hand,) = _find(result, lambda o: any(w.pao is not None and w.seat == w.from_seat for w in o.wins))
        (win,) = hand.outcome.wins
        payers = [seat for seat, d in enumerate(win.deltas) if d < 0]
        assert payers == [win.pao]
        assert -win.deltas[win.pao] == win.result.points + 300 * hand.honba


@pytest.mark.slow  # replays every log again (test_replay.py replays them in the fast tier)
def test_chankan_rinshan_haitei_ippatsu_and_double_riichi_in_real_games():
    seen = set()
    for path in sorted(MJLOG.iterdir()):
        if "-no-" in path.name:
            continue
        for hand in replay(read_log(path)).rounds:
            for win in hand.outcome.wins if hand.outcome else ():
                seen.update(y.id for y in win.result.yaku)
    assert {"chankan", "rinshan", "haitei", "ippatsu", "double_riichi"} <= seen
