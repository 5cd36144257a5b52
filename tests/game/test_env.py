"""VectorEnv (riichi_lut.game.env): the reference games behind the id interface, seeds,
claims asked seat by seat, rewards as documented, auto-reset, errors."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from riichi_lut.errors import IllegalActionError, InvalidArgumentError
from riichi_lut.game.actions import NUM_ACTIONS, action_id, legal_mask
from riichi_lut.game.env import VectorEnv, game_number, opponent_seed
from riichi_lut.game.features import encode
from riichi_lut.game.legal import legal_actions
from riichi_lut.game.observe import observe
from riichi_lut.game.play import play_one
from riichi_lut.game.policies import EfficiencyPolicy
from riichi_lut.game.roundwall import RoundWall
from riichi_lut.game.wall import seeded_wall


def random_ids(obs, rng):
    return np.array([rng.choice(np.flatnonzero(row)) for row in obs["mask"]])


def play_until(env, obs, rng, games=1, limit=20000):
    """Random legal ids until ``games`` games ended at every table; every step's output."""
    out = []
    for _ in range(limit):
        obs, rewards, terminated, truncated, info = env.step(random_ids(obs, rng))
        out.append((obs, rewards, terminated, truncated, info))
        if (env.games >= games).all():
            return out
    raise AssertionError("the games did not end")


ENGINES = ["vector", "reference"]


def legal_of(table, seat):
    """The legal actions of ``seat`` at a table of ``env.tables``: a reference ``Table``, or
    a view of the vectorised engine's table (its claim's options, else its turn's)."""
    if hasattr(table, "legal_actions"):
        return table.legal_actions(seat)
    if table.phase in ("claim", "chankan"):
        return table.claim.options[seat]
    return legal_actions(table, seat)


def views_equal(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("length", "opponents"),
    [("one_hand", ["efficiency"] * 3), ("tonpuu", ["efficiency"] * 3), ("tonpuu", ["random"] * 3)],
)
@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_a_table_plays_the_game_play_one_plays(length, opponents, engine, seed):
    """Seat 0 driven through action ids by the efficiency policy, the others by the env:
    table 0's first game is play_one's game of the same seed (walls and opponent seeds).
    Seeds 0 and 1: the second in the slow tier."""
    policy = EfficiencyPolicy()
    env = VectorEnv(1, length=length, opponents=[None, *opponents], engine=engine)
    env.reset(seed=seed)
    while True:
        table, seat = env.tables[0], int(env.current_seat[0])
        assert seat == 0
        _, _, terminated, _, info = env.step([action_id(policy(observe(table, 0), legal_of(table, 0)))])
        if terminated[0]:
            break
    record = play_one(["efficiency", *opponents], seed=seed, length=length)
    assert tuple(info["final_scores"][0]) == record.final_scores
    assert info["game"][0] == 1  # the table has moved on to its next game


@pytest.mark.parametrize("engine", ENGINES)
def test_observations_are_the_encoding_and_mask_of_the_seat_to_act(engine):
    env = VectorEnv(3, length="one_hand", engine=engine)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(40):
        for i, table in enumerate(env.tables):
            seat = int(info["current_seat"][i])
            assert views_equal({k: v[i] for k, v in obs.items() if k != "mask"}, encode(table, seat))
            assert obs["mask"][i].tolist() == legal_mask(legal_of(table, seat))
            for other in range(4):
                assert views_equal(env.encode_seat(i, other), encode(table, other))
        obs, _, _, _, info = env.step(random_ids(obs, rng))
    assert obs["mask"].shape == (3, NUM_ACTIONS) and obs["mask"].dtype == bool


def test_each_table_deals_from_its_own_seed_whatever_n():
    seed = 9
    one, _ = VectorEnv(1).reset(seed=seed)
    three, _ = VectorEnv(3).reset(seed=seed)
    assert views_equal(one, {k: v[:1] for k, v in three.items()})
    for table in (0, 1, 2):
        wall = seeded_wall(seed, 0, 0, game=game_number(table, 0))
        dealt = RoundWall.from_wall(wall, 0, True).hands[0]
        kinds = np.bincount([c if c < 34 else (4, 13, 22)[c - 34] for c in dealt], minlength=34)
        hand = three["hand"][table].astype(int)
        hand[
            three["drawn"][table] if three["drawn"][table] < 34 else (4, 13, 22)[three["drawn"][table] - 34]
        ] -= 1
        assert hand.tolist() == kinds.tolist()
    again, _ = VectorEnv(3).reset(seed=seed)
    assert views_equal(again, three)
    other, _ = VectorEnv(3).reset(seed=seed + 1)
    assert not np.array_equal(other["hand"], three["hand"])


def test_opponent_seeds_differ_by_table_game_and_seat_and_fit_64_bits():
    seeds = {opponent_seed(5, game_number(t, g), s) for t in range(4) for g in range(4) for s in range(4)}
    assert len({x % 2**64 for x in seeds}) == 64  # a stream that keeps 64 bits tells them apart
    assert opponent_seed(5, 0, 3) == 5 * 31 + 3  # play_one's, for table 0's first game


@pytest.mark.parametrize("engine", ENGINES)
def test_claims_are_asked_one_seat_after_another_without_seeing_each_other(engine):
    """At a claim with two claimants, the second one's observation is the same whether the
    first passed or called, and the table moves only once both decided."""
    rng = np.random.default_rng(1)
    for seed in range(30):
        env = VectorEnv(1, length="one_hand", engine=engine)
        obs, _ = env.reset(seed=seed)
        for _ in range(400):
            table = env.tables[0]
            claim = table.claim
            if table.phase == "claim" and len(claim.options) >= 2:
                first = int(env.current_seat[0])
                order = sorted(claim.options, key=lambda s: (s - claim.discarder) % 4)
                assert first == order[0]
                calls = np.flatnonzero(obs["mask"][0])
                if len(calls) < 2:
                    break
                seen = []
                for choice in calls:  # each choice of the first seat, from the same state
                    twin = VectorEnv(1, length="one_hand", engine=engine)
                    twin.reset(seed=seed)
                    if engine == "reference":
                        twin._runs[0] = copy.deepcopy(env._runs[0])
                    else:
                        twin._vector = copy.deepcopy(env._vector)
                    twin._mask[:] = env._mask
                    before = len(twin.tables[0].seats[claim.discarder].river)
                    nxt, _, _, _, info = twin.step([choice])
                    assert info["current_seat"][0] == order[1]
                    assert twin.tables[0].phase == "claim"  # not applied yet
                    assert len(twin.tables[0].seats[claim.discarder].river) == before
                    seen.append(nxt)
                assert all(views_equal(seen[0], view) for view in seen[1:])
                return
            obs, _, terminated, _, _ = env.step(random_ids(obs, rng))
            if terminated[0]:
                break
    raise AssertionError("no claim with two claimants in the seeds tried")


@pytest.mark.parametrize(
    ("players", "length", "per_table"),
    [
        (4, "one_hand", 2),
        (3, "one_hand", 2),
        pytest.param(4, "one_hand", 8, marks=pytest.mark.slow),
        pytest.param(3, "one_hand", 8, marks=pytest.mark.slow),
        pytest.param(4, "tonpuu", 8, marks=pytest.mark.slow),
        pytest.param(3, "tonpuu", 8, marks=pytest.mark.slow),
    ],
)
def test_round_rewards_add_up_to_each_game(players, length, per_table):
    """With the sticks left at the end, which go to first (efficiency opponents declare
    riichi, and some games end on a draw with sticks on the table). Eight games at each of
    the two tables; the fast tier plays the first two of the same one-hand games."""
    rng = np.random.default_rng(players)
    env = VectorEnv(2, players=players, length=length, opponents=[None] + ["efficiency"] * (players - 1))
    obs, _ = env.reset(seed=4)
    total = np.zeros((2, players))
    games = 0
    for step_obs, rewards, terminated, truncated, info in play_until(env, obs, rng, games=per_table):
        assert not truncated.any()
        np.testing.assert_array_equal(rewards, info["score_change"])
        total += rewards
        for i in np.flatnonzero(terminated):
            start = env.rules.start_points
            np.testing.assert_allclose(total[i], (info["final_scores"][i] - start) / 1000, atol=1e-3)
            assert abs(total[i].sum()) < 1e-3
            assert abs(info["final_points"][i].sum()) < 1e-3
            total[i] = 0
            games += 1
            assert (step_obs["scores"][i] == start).all() and step_obs["round"][i] == 0  # the next game
    assert games >= 2 * per_table  # 16 of 8 a table


@pytest.mark.parametrize("players", [4, 3])
def test_final_rewards_are_the_final_points_at_the_game_end(players):
    rng = np.random.default_rng(players)
    env = VectorEnv(
        2, players=players, length="one_hand", reward="final", opponents=[None] + ["random"] * (players - 1)
    )
    obs, _ = env.reset(seed=4)
    ended = 0
    for _, rewards, terminated, _, info in play_until(env, obs, rng, games=2):
        np.testing.assert_array_equal(rewards[~terminated], 0)
        np.testing.assert_array_equal(rewards[terminated], info["final_points"][terminated])
        assert (info["hands_ended"][terminated] >= 1).all()
        ended += int(terminated.sum())
    assert ended >= 4


def abort_first(observation, legal):
    """A policy that ends the hand when it can (nine terminals, a win), else the first action."""
    return next((a for a in legal if a.type in ("nine_terminals", "tsumo", "ron")), legal[0])


@pytest.mark.parametrize("engine", ENGINES)
def test_hands_the_env_played_before_the_first_decision_count_with_the_first_step(engine):
    env = VectorEnv(64, opponents=[abort_first] * 3 + [None], length="tonpuu", engine=engine)
    obs, info = env.reset(seed=0)
    early = np.flatnonzero(info["hands_ended"])
    assert len(early) > 0  # some tables aborted a hand before seat 3 decided anything
    _, _, _, _, step_info = env.step(obs["mask"].argmax(axis=1))
    assert (step_info["hands_ended"][early] >= info["hands_ended"][early]).all()
    if engine == "reference":  # carried once, not again
        assert env._carried is None
    else:
        assert not env._vector.games.hands_ended.any()


def test_opponent_seats_never_come_to_the_caller():
    env = VectorEnv(2, length="one_hand", opponents=["random", None, "random", "efficiency"])
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(2)
    assert env.learners == (1,)
    for step_obs, _, _, _, info in play_until(env, obs, rng, games=2):
        assert (info["current_seat"] == 1).all() and (step_obs["seat"] == 1).all()


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_id_raises_and_moves_no_table(engine):
    env = VectorEnv(2, length="one_hand", engine=engine)
    obs, _ = env.reset(seed=5)
    legal = obs["mask"].argmax(axis=1)
    illegal = np.flatnonzero(~obs["mask"][1])[0]
    with pytest.raises(IllegalActionError, match="table 1"):
        env.step([legal[0], illegal])
    with pytest.raises(IllegalActionError, match="table 0"):
        env.step([NUM_ACTIONS, legal[1]])
    again, _ = VectorEnv(2, length="one_hand", engine=engine).reset(seed=5)
    assert views_equal({k: v for k, v in env._observe().items()}, again)
    env.step(legal)


def test_the_env_checks_its_arguments():
    with pytest.raises(InvalidArgumentError, match="reward"):
        VectorEnv(1, reward="points")
    with pytest.raises(InvalidArgumentError, match="at least one seat"):
        VectorEnv(1, opponents=["random"] * 4)
    with pytest.raises(InvalidArgumentError, match="one entry per seat"):
        VectorEnv(1, opponents=[None] * 3)
    with pytest.raises(InvalidArgumentError, match="policy"):
        VectorEnv(1, opponents=[None, "clever", None, None])
    with pytest.raises(InvalidArgumentError, match="players"):
        VectorEnv(1, players=5)
    with pytest.raises(InvalidArgumentError, match="n must"):
        VectorEnv(0)
    with pytest.raises(InvalidArgumentError, match="engine"):
        VectorEnv(1, engine="fast")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_env_checks_its_actions(engine):
    env = VectorEnv(2, engine=engine)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step([0, 0])
    env.reset(seed=0)
    with pytest.raises(InvalidArgumentError, match="actions"):
        env.step([0.5, 1.0])
    with pytest.raises(InvalidArgumentError, match="actions"):
        env.step([0])
