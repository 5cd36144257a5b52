"""The same games in every format: the tenhou.net/6 twins of the mjlog games replay to the
same results, the mjai game replays, and every game written as mjai or tenhou.net/6 and
read back replays to the same final scores (what each format can carry)."""

from __future__ import annotations

import pytest
from gamelogs import MJAI, MJLOG, TENHOU6

from riichi_lut.errors import IllegalActionError, ReplayMismatchError
from riichi_lut.game.logs import read_log, write_mjai, write_tenhou6
from riichi_lut.game.play import play_one
from riichi_lut.game.replay import replay

COMPLETE = sorted(p for p in MJLOG.iterdir() if "-no-" not in p.name)
TWINS = sorted(p for p in TENHOU6.iterdir() if (MJLOG / (p.stem + ".xml")).exists())
# converter fixtures whose results do not follow from their play (docs/game.md)
FIXTURES = {"convlog-confusing_nakis_1.json", "convlog-confusing_nakis_2.json"}


def _summary(result):
    return [(r.name, r.outcome.kind, r.outcome.deltas, r.scores_after) for r in result.rounds]


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_tenhou6_twins_replay_to_the_mjlog_results(path):
    ours = replay(read_log(path))
    theirs = replay(read_log(MJLOG / (path.stem + ".xml")))
    assert _summary(ours) == _summary(theirs)
    assert ours.final_points == theirs.final_points


@pytest.mark.parametrize(
    "path", [p for p in sorted(TENHOU6.iterdir()) if p.name not in FIXTURES], ids=lambda p: p.name
)
def test_every_tenhou6_log_replays(path):
    result = replay(read_log(path))
    assert result.rounds


def test_the_converter_fixtures_that_break_the_rules_are_caught_by_name():
    with pytest.raises(ReplayMismatchError, match="the score changes: the log says"):
        replay(read_log(TENHOU6 / "convlog-confusing_nakis_1.json"))  # the riichi stick left out
    with pytest.raises(IllegalActionError, match="ron 7m"):
        replay(read_log(TENHOU6 / "convlog-confusing_nakis_2.json"))  # a ron on a tile that wins nothing


def test_the_mjai_game_replays():
    (path,) = sorted(MJAI.iterdir())
    record = read_log(path)
    result = replay(record)
    assert result.complete and len(result.rounds) == 12
    assert result.final_scores == (2400, 14900, 38800, 43900)


@pytest.mark.parametrize("writer", [write_mjai, write_tenhou6], ids=["mjai", "tenhou6"])
def test_tenhou_games_written_and_read_back_replay_the_same(writer):
    for path in COMPLETE[::8]:
        record = read_log(path)
        again = read_log(writer(record).encode(), name=f"{path.name} as {writer.__name__}")
        assert replay(again).final_scores == record.final_scores, path.name


@pytest.mark.slow
@pytest.mark.parametrize("writer", [write_mjai, write_tenhou6], ids=["mjai", "tenhou6"])
def test_every_tenhou_game_written_and_read_back_replays_the_same(writer):
    for path in COMPLETE:
        record = read_log(path)
        again = read_log(writer(record).encode(), name=f"{path.name} as {writer.__name__}")
        assert replay(again).final_scores == record.final_scores, path.name


@pytest.mark.parametrize("players", [4, 3])
def test_played_games_written_and_read_back_replay_the_same(players):
    for seed in range(3):
        record = play_one(["efficiency" if seed % 2 else "random"] * players, seed=seed, players=players)
        for writer in (write_mjai, write_tenhou6):
            again = read_log(writer(record).encode(), name=f"seed {seed}")
            assert replay(again).final_scores == record.final_scores
