"""Seeded games of play_one: every game replays to its own results, points are kept, the
same seed plays the same game; a larger sweep runs in the slow tier."""

from __future__ import annotations

import pytest

from riichi_lut.errors import InvalidArgumentError
from riichi_lut.game.play import play_one
from riichi_lut.game.policies import RandomPolicy
from riichi_lut.game.replay import replay
from riichi_lut.game.rules import TENHOU_GAME


def check_game(record):
    """Replays to the same final scores; every hand's scores plus the sticks on the table
    are the start total."""
    result = replay(record)
    assert result.complete and result.final_scores == record.final_scores
    start = record.rules.start_points * record.players
    for rnd in record.rounds:
        assert sum(rnd.scores) + 1000 * rnd.sticks == start
    assert sum(record.final_scores) == start
    assert abs(sum(record.final_points)) < 1e-6
    return result


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("policy", ["efficiency", "random"])
def test_seeded_games_replay_to_their_own_results(policy, players):
    for seed in range(2):
        check_game(play_one([policy] * players, seed=seed, players=players))


def test_the_same_seed_plays_the_same_game():
    a = play_one(["random"] * 4, seed=11)
    b = play_one(["random"] * 4, seed=11)
    assert a == b
    assert play_one(["random"] * 4, seed=12) != a


def test_policies_may_be_callables():
    record = play_one([RandomPolicy(1), "efficiency", RandomPolicy(2), "efficiency"], seed=5, length="tonpuu")
    check_game(record)
    assert max(r.number for r in record.rounds) <= 7  # East, and South only as the extension


def test_play_one_checks_its_arguments():
    with pytest.raises(InvalidArgumentError, match="one policy per seat"):
        play_one(["random"] * 3, seed=1)
    with pytest.raises(InvalidArgumentError, match="length"):
        play_one(["random"] * 4, seed=1, length="forever")
    with pytest.raises(InvalidArgumentError, match="players"):
        play_one(["random"] * 4, seed=1, rules=TENHOU_GAME, players=3)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3])
def test_many_seeded_games(players):
    for seed in range(200):  # about a minute a player count; the soak in bench/ plays 10,000
        policy = "efficiency" if seed % 2 else "random"
        check_game(play_one([policy] * players, seed=1000 + seed, players=players))
