"""The RL wrappers (riichi_lut.game.rl): Gymnasium's and PettingZoo's own checkers pass, the
learner's rewards add up, illegal ids as documented, and the modules import without the
extra, with an error naming it. Needs the ``rl`` extra; skipped without it, except under
CI=true, where a missing extra fails."""

from __future__ import annotations

import importlib.util
import os
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

from riichi_lut.errors import IllegalActionError, InvalidArgumentError
from riichi_lut.game import rl
from riichi_lut.game.features import FEATURES

if os.environ.get("CI", "").lower() != "true":
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from riichi_lut.game.rl.aec import RiichiAECEnv
from riichi_lut.game.rl.gym import RiichiGymEnv


@pytest.mark.parametrize(("players", "reward"), [(4, "round"), (3, "final")])
def test_the_gym_env_passes_gymnasiums_checker(players, reward):
    env = RiichiGymEnv(players=players, length="one_hand", reward=reward)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render modes.*")  # no render mode to test
        check_env(env)
    obs, _ = env.reset(seed=1)
    assert set(obs) == {f.name for f in FEATURES} | {"action_mask"}
    assert obs["river_tile"].shape == (players, 32)


def test_registered_the_gym_env_is_made_by_gymnasium():
    import gymnasium

    from riichi_lut.game.rl.gym import ENV_ID, register

    register()
    register()  # again: nothing changes
    env = gymnasium.make(ENV_ID, length="one_hand", opponents="random")
    assert isinstance(env.unwrapped, RiichiGymEnv) and env.unwrapped.seat == 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # with a spec, the checker has nothing to warn about
        check_env(env.unwrapped)


@pytest.mark.parametrize("players", [4, 3])
def test_the_aec_env_passes_pettingzoos_api_test(players):
    aec = RiichiAECEnv(players=players, length="one_hand")
    with warnings.catch_warnings():
        # by design: the observation is a Dict of the encoding's arrays, not one array
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(aec, num_cycles=300)
    assert aec.possible_agents == [f"player_{s}" for s in range(players)]


def test_an_aec_game_selects_every_seat_and_only_the_selected_one_has_a_mask():
    aec = RiichiAECEnv(length="one_hand")
    aec.reset(seed=4)
    rng = np.random.default_rng(0)
    selected = set()
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter(5000):
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        selected.add(agent)
        for other in aec.agents:
            mask = aec.observe(other)["action_mask"]
            assert mask.any() == (other == agent)
        assert observation["observation"]["seat"] == int(agent.split("_")[1])
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert aec.agents == []  # the game ended, every agent done
    assert selected == set(aec.possible_agents)
    assert abs(sum(totals.values())) < 1e-3  # points move between seats, sticks included


def test_the_learners_rewards_add_up_to_its_game():
    env = RiichiGymEnv(seat=2, opponents="efficiency", length="tonpuu")
    obs, info = env.reset(seed=6)
    assert info["seat"] == 2 and obs["seat"] == 2
    total, terminated = 0.0, False
    while not terminated:
        assert obs["seat"] == 2 and obs["action_mask"].dtype == np.int8
        obs, reward, terminated, truncated, info = env.step(env.action_space.sample(mask=obs["action_mask"]))
        assert not truncated
        total += reward
    start = env.vector.rules.start_points
    assert total == pytest.approx((int(info["final_scores"][2]) - start) / 1000, abs=1e-3)


def test_an_illegal_id_is_a_noop_or_an_error():
    env = RiichiGymEnv(length="one_hand")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, _, info = env.step(illegal)
    assert info["illegal_action"] and reward == 0.0 and not terminated
    assert all(np.array_equal(obs[k], again[k]) for k in obs)
    _, _, _, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not info["illegal_action"]
    strict = RiichiGymEnv(length="one_hand", illegal="raise")
    obs, _ = strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    aec = RiichiAECEnv(length="one_hand")
    aec.reset(seed=2)
    agent = aec.agent_selection
    aec.step(illegal)
    assert aec.agent_selection == agent and aec.infos[agent]["illegal_action"]


def test_the_wrappers_check_their_arguments():
    with pytest.raises(InvalidArgumentError, match="seat"):
        RiichiGymEnv(seat=4)
    with pytest.raises(InvalidArgumentError, match="opponents"):
        RiichiGymEnv(opponents=["random", None, "random", None])
    with pytest.raises(InvalidArgumentError, match="illegal"):
        RiichiAECEnv(illegal="ignore")
    with pytest.raises(InvalidArgumentError, match="render_mode"):
        RiichiGymEnv(render_mode="human")


@pytest.mark.parametrize(
    ("module", "cls", "extra"), [("gym", "RiichiGymEnv", "gymnasium"), ("aec", "RiichiAECEnv", "pettingzoo")]
)
def test_without_the_extra_the_module_imports_and_the_env_names_the_extra(monkeypatch, module, cls, extra):
    monkeypatch.setitem(sys.modules, extra, None)  # an import of it now fails
    with pytest.raises(ImportError, match=r"riichi-lut\[rl\]"):
        rl.require(extra)
    name = f"riichi_lut.game.rl._probe_{module}"
    spec = importlib.util.spec_from_file_location(name, Path(rl.__file__).parent / f"{module}.py")
    probe = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, probe)
    spec.loader.exec_module(probe)  # imports without the extra
    with pytest.raises(ImportError, match=r"riichi-lut\[rl\]"):
        getattr(probe, cls)(length="one_hand")
