"""VectorEnv on the lock-step engine (``engine="vector"``, riichi_lut.game.vector.envstep)
against the reference tables (``engine="reference"``): the same outputs at every step for
the same arguments, seed and actions, across game ends; the engine's restart of a table
(``Hands.restart``) plays the game a new table of that game number plays."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from riichi_lut.errors import IllegalActionError, InvalidArgumentError
from riichi_lut.game.actions import NUM_ACTIONS, action_id, action_of_id
from riichi_lut.game.env import VectorEnv
from riichi_lut.game.rules import game_rules
from riichi_lut.game.vector.engine import VectorGames
from riichi_lut.game.vector.hands import DONE
from riichi_lut.game.vector.policies import RandomBatch

#: One hand a game, no sudden death after it (so that random play ends games often).
SHORT = {p: game_rules(None, "one_hand", p).replace(west_round=False) for p in (4, 3)}


def assert_same(a, b, where):
    """Two outputs of ``reset`` / ``step`` (tuples of arrays and dicts of arrays): equal
    value for value, dtype for dtype."""
    assert len(a) == len(b), where
    for x, y in zip(a, b, strict=True):
        if isinstance(x, dict):
            assert x.keys() == y.keys(), (where, set(x) ^ set(y))
            for key in x:
                assert x[key].dtype == y[key].dtype, (where, key)
                assert np.array_equal(x[key], y[key]), (where, key, x[key], y[key])
        else:
            assert x.dtype == y.dtype and np.array_equal(x, y), (where, x, y)


def compare(n, seed, steps, chooser=0, **kwargs):
    """Step both engines ``steps`` times with the same seeded random legal ids; every
    output equal. Returns the games and hands ended (to show the run crossed game ends)."""
    envs = [VectorEnv(n, engine=engine, **kwargs) for engine in ("reference", "vector")]
    first = [env.reset(seed=seed) for env in envs]
    assert_same(first[0], first[1], "reset")
    obs = first[0][0]
    rng = np.random.default_rng(chooser)
    games = hands = 0
    for step in range(steps):
        ids = (rng.random(obs["mask"].shape) * obs["mask"]).argmax(axis=1)
        out = [env.step(ids) for env in envs]
        assert_same(out[0], out[1], step)
        assert np.array_equal(envs[0].current_seat, envs[1].current_seat)
        assert np.array_equal(envs[0].games, envs[1].games)
        obs = out[0][0]
        games += int(out[0][2].sum())
        hands += int(out[0][4]["hands_ended"].sum())
    return games, hands


def abort_first(observation, legal):
    """A callable opponent: ends the hand when it can, else its first legal action, as the
    action ``action_of_id`` picks for that id (so that both engines apply the same one)."""
    choice = next((a for a in legal if a.type in ("nine_terminals", "tsumo", "ron")), legal[0])
    return action_of_id(legal, action_id(choice))


@pytest.mark.parametrize(
    ("n", "seed", "steps", "kwargs"),
    [
        (3, 1, 250, {"rules": SHORT[4]}),
        (2, 2, 200, {"rules": SHORT[3], "reward": "final"}),
        (2, 3, 120, {"length": "one_hand", "opponents": [None, "random", "efficiency", "random"]}),
        (2, 4, 150, {"rules": SHORT[3], "opponents": ["random", None, None]}),
    ],
)
def test_both_engines_give_the_same_outputs_across_game_ends(n, seed, steps, kwargs):
    games, _ = compare(n, seed, steps, **kwargs)
    assert games >= 2


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "seed", "kwargs"),
    [
        (4, 5, {"length": "tonpuu"}),
        (4, 6, {"length": "tonpuu", "players": 3}),
        (16, 7, {"length": "one_hand", "reward": "final"}),
        (4, 8, {"length": "hanchan", "opponents": [None, "efficiency", None, "random"]}),
        (6, 9, {"length": "tonpuu", "opponents": ["random", "random", None, "random"], "reward": "final"}),
        (6, 10, {"length": "one_hand", "players": 3, "opponents": ["efficiency", None, "efficiency"]}),
        (8, 11, {"length": "tonpuu", "players": 3, "opponents": [None, "random", "random"]}),
        (4, 12, {"length": "one_hand", "opponents": [abort_first, None, abort_first, "random"]}),
        (32, 13, {"length": "one_hand", "opponents": [None, None, "efficiency", None]}),
    ],
)
def test_both_engines_give_the_same_outputs_over_many_games(n, seed, kwargs):
    games, hands = compare(n, seed, 1200 if "opponents" not in kwargs else 600, chooser=seed, **kwargs)
    assert games >= 2 and hands >= 8


def test_a_callable_opponent_plays_the_same_on_both_engines():
    _, hands = compare(3, 14, 60, length="one_hand", opponents=[abort_first, None, None, abort_first])
    assert hands >= 1


@pytest.mark.parametrize("players", [4, 3])
def test_other_seats_see_the_same_on_both_engines(players):
    """``encode_seat`` for every seat, deciding or not (what the PettingZoo wrapper shows)."""
    envs = [VectorEnv(2, players=players, length="one_hand", engine=e) for e in ("reference", "vector")]
    reference, _ = (env.reset(seed=21) for env in envs)
    obs = reference[0]
    rng = np.random.default_rng(3)
    for _ in range(40):
        for table in range(2):
            for seat in range(players):
                assert_same((envs[0].encode_seat(table, seat),), (envs[1].encode_seat(table, seat),), seat)
        ids = (rng.random(obs["mask"].shape) * obs["mask"]).argmax(axis=1)
        reference, _ = (env.step(ids) for env in envs)
        obs = reference[0]

    for env in envs:
        with pytest.raises(InvalidArgumentError, match="seat"):
            env.encode_seat(0, players)
        with pytest.raises(InvalidArgumentError, match="table"):
            env.encode_seat(2, 0)


@pytest.mark.parametrize("phase", [0, 1])
def test_bad_actions_raise_the_same_errors_on_both_engines(phase):
    """On a turn (phase 0) and on a claim (phase 1) at table 2."""
    envs = [VectorEnv(3, length="one_hand", engine=e) for e in ("reference", "vector")]
    reference, _ = (env.reset(seed=8) for env in envs)
    obs = reference[0]
    rng = np.random.default_rng(5)
    while obs["phase"][2] != phase:
        ids = (rng.random(obs["mask"].shape) * obs["mask"]).argmax(axis=1)
        reference, _ = (env.step(ids) for env in envs)
        obs = reference[0]
    legal = obs["mask"].argmax(axis=1)
    illegal = legal.copy()
    illegal[2] = np.flatnonzero(~obs["mask"][2])[0]
    outside = legal.copy()
    outside[1] = NUM_ACTIONS
    for bad, error in (
        (illegal, IllegalActionError),
        (outside, IllegalActionError),
        (legal[:2], InvalidArgumentError),
        (legal.astype(float), InvalidArgumentError),
    ):
        messages = []
        for env in envs:
            with pytest.raises(error) as caught:
                env.step(bad)
            messages.append(str(caught.value))
        assert messages[0] == messages[1]
    assert_same(envs[0].step(legal), envs[1].step(legal), "after the errors")


# ---------------------------------------------------------------- the engine's restart
def play_out(games, policy):
    """The lock-step loop of ``VectorGames.run`` without its start."""
    while True:
        t, s = np.nonzero(games.deciding)
        if not len(t):
            return
        games.apply(t, s, policy(games, t, s))


def test_a_restarted_table_plays_the_game_of_its_new_number_and_the_others_go_on():
    rules = SHORT[4]
    seeds, number = [31, 32], 5
    policy = RandomBatch(seeds, 4)
    games = VectorGames(seeds, rules, [policy] * 4, record=True)
    games.start()
    while games.phase[0] != DONE:  # table 0's game ends first; table 1 plays on
        t, s = np.nonzero(games.deciding)
        games.apply(t, s, policy(games, t, s))
    games.restart([0], [number])
    started = games.records()[0]
    assert started.rounds == () and started.final_scores is None and (games.s.scores[0] == 25000).all()
    policy.counts[0] = 0
    games.flush_queues()
    play_out(games, policy)
    restarted, other = games.records()

    fresh = VectorGames([seeds[0]], rules, [RandomBatch([seeds[0]], 4)] * 4, record=True)
    fresh.wall_games = [number]
    fresh.run()
    (alone,) = VectorGames([seeds[1]], rules, [RandomBatch([seeds[1]], 4)] * 4, record=True).run()
    (expected,) = fresh.records()
    assert restarted.rounds == expected.rounds and restarted.final_scores == expected.final_scores
    assert other.rounds == alone.rounds
    with pytest.raises(InvalidArgumentError, match="not over"):
        busy = VectorGames(seeds, rules, [policy] * 4, record=False)
        busy.start()
        busy.restart([1], [number])
    with pytest.raises(InvalidArgumentError, match="one game number per table"):
        games.restart([0, 1], [number])
    (zero,) = VectorGames([seeds[0]], rules, [RandomBatch([seeds[0]], 4)] * 4, record=True).run()
    assert zero.rounds[0].wall != expected.rounds[0].wall  # the game number changes the walls


def test_the_wrappers_on_the_vectorised_engine_pass_the_checkers():
    """The Gymnasium and PettingZoo wrappers over ``engine="vector"``: ``check_env`` and
    ``api_test`` pass, and a game of the wrapper steps as on the reference tables."""
    gymnasium = pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from riichi_lut.game.rl.aec import RiichiAECEnv
    from riichi_lut.game.rl.gym import RiichiGymEnv

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render modes.*")
        check_env(RiichiGymEnv(players=3, length="one_hand", engine="vector"))
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        aec = RiichiAECEnv(length="one_hand", engine="vector")
        api_test(aec, num_cycles=50)
    assert aec.vector.engine == "vector" and RiichiAECEnv().vector.engine == "reference"
    envs = [RiichiGymEnv(opponents="random", length="one_hand", engine=e) for e in ("reference", "vector")]
    assert [env.vector.engine for env in envs] == ["reference", "vector"]
    space = gymnasium.spaces.Discrete(NUM_ACTIONS, seed=2)
    reference, _ = (env.reset(seed=6) for env in envs)
    assert envs[0].vector._vector is None and envs[1].vector._vector is not None  # on the arrays
    for step in range(80):
        action = space.sample(mask=reference[0]["action_mask"])
        reference, vector = (env.step(action) for env in envs)
        assert_same(
            (reference[0], np.array(reference[1:4]), {k: np.asarray(v) for k, v in reference[4].items()}),
            (vector[0], np.array(vector[1:4]), {k: np.asarray(v) for k, v in vector[4].items()}),
            step,
        )
        if reference[2]:
            reference = envs[0].reset(seed=step)
            envs[1].reset(seed=step)
