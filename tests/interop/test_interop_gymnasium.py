"""Gymnasium adapter: one seat of every registered game against Garrison bots passes Gymnasium's
check_env as constructed by default; an illegal action ends the episode with the lowest return
(or raises, on request) and is never replaced."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import garrison
from garrison.bots import bot_names
from garrison.interop import gymnasium as gym_env

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.fixture(scope="module", autouse=True)
def _registered():
    gym_env.register()


@pytest.mark.parametrize("name", garrison.games())
def test_check_env_passes_on_the_default_construction(name):
    # check_env steps an action it drew before a seeded reset, in the position that reset makes
    # (check_step_determinism): the default illegal-action rule must accept it and end the episode
    env = gym_env.env(name, seat=0)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*Box observation space (minimum|maximum)")
        warnings.filterwarnings("ignore", message=".*render fps")
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        check_env(env)


@pytest.mark.parametrize("name, config", GAMES)
def test_check_env_passes(name, config):
    # the default construction: check_env steps an action it drew before a seeded reset
    # (check_step_determinism), which the default rule for illegal actions accepts
    env = gymnasium.make(gym_env.env_id(name), seat=0, **config)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render fps")
        check_env(env.unwrapped)


@pytest.mark.parametrize("name, config", GAMES)
def test_every_seat_plays_whole_episodes_with_sampled_actions(name, config):
    game = garrison.load(name, **config)
    for seat in range(game.num_players):
        env = gym_env.env(name, seat=seat, **config)
        env.action_space.seed(seat)
        obs, info = env.reset(seed=seat)
        assert obs in env.observation_space
        steps, terminated = 0, False
        while not terminated:
            mask = info["action_mask"]
            assert np.array_equal(mask, obs["action_mask"]) and mask.dtype == np.int8
            action = env.action_space.sample()
            assert mask[action] == 1, "sample() must draw a legal action"
            obs, reward, terminated, truncated, info = env.step(action)
            assert obs in env.observation_space, "a value outside the tensor's declared range"
            assert not truncated
            steps += 1
            assert steps <= game.max_game_length
            if not terminated:
                assert reward == 0.0
        assert reward == env.unwrapped.garrison_state.returns()[seat]
        with pytest.raises(garrison.GameOverError):
            env.step(0)


@pytest.mark.parametrize("name, config", GAMES)
def test_illegal_actions_raise_on_request_and_are_never_replaced(name, config):
    env = gym_env.env(name, illegal="raise", **config)
    obs, info = env.reset(seed=1)
    state = env.garrison_state
    before = state.history()
    illegal = np.flatnonzero(info["action_mask"] == 0)
    if len(illegal):
        with pytest.raises(garrison.IllegalActionError):
            env.step(int(illegal[0]))
    with pytest.raises(garrison.InvalidActionError):
        env.step(10**9)
    assert state.history() == before


@pytest.mark.parametrize("name, config", GAMES)
def test_illegal_actions_lose_by_default_and_change_nothing(name, config):
    losing = gym_env.env(name, **config)
    assert losing.illegal == "lose"
    obs, info = losing.reset(seed=1)
    before = losing.garrison_state.history()
    illegal = np.flatnonzero(info["action_mask"] == 0)
    for action in [*illegal[:1].tolist(), 10**9]:
        losing.reset(seed=1)
        obs, reward, terminated, truncated, info = losing.step(action)
        assert terminated and info["illegal_action"] and reward == losing.game.min_utility
        assert losing.garrison_state.history() == before
        with pytest.raises(garrison.GameOverError):
            losing.step(action)


@pytest.mark.parametrize("name, config", GAMES)
def test_opponents_by_name_list_or_dict_and_mask_in_info(name, config):
    game = garrison.load(name, **config)
    others = list(range(1, game.num_players))
    names = bot_names(game)
    last = names[-1]
    for opponents in (last, [last] * len(others), {s: names[0] for s in others}):
        env = gym_env.env(name, seat=0, opponents=opponents, mask="info", **config)
        obs, info = env.reset(seed=2)
        assert obs.shape == game.observation_tensor_shape and obs.dtype == np.float32
        assert np.array_equal(env.action_masks(), info["action_mask"])
    with pytest.raises(garrison.OptionError, match="bots"):
        gym_env.env(name, opponents="no_such_bot", **config)
    with pytest.raises(garrison.OptionError):
        gym_env.env(name, seat=game.num_players, **config)


@pytest.mark.parametrize("name, config", GAMES)
def test_same_seed_same_episode(name, config):
    def episode():
        env = gym_env.env(name, **config)
        env.action_space.seed(4)
        obs, info = env.reset(seed=4)
        out = [obs["observation"].tobytes()]
        terminated = False
        while not terminated:
            obs, reward, terminated, _, info = env.step(env.action_space.sample())
            out.append((obs["observation"].tobytes(), reward))
        return out, env.garrison_state.history()

    assert episode() == episode()
