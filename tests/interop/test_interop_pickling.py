"""Pickling: games, states and the OpenSpiel, PettingZoo and Gymnasium wrappers of every game
pickle and come back equal (same record, same views, same future); an environment runs in a
process pool started fresh (spawn) and inside a Ray actor."""

from __future__ import annotations

import multiprocessing
import pickle
import random

import numpy as np
import pytest

import garrison
from garrison.interop import gymnasium as gym_env
from garrison.interop import openspiel as os_adapter
from garrison.interop import pettingzoo as pz

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _random_moves(state, rng, count):
    """Play ``count`` random moves (chance included) on a kernel or OpenSpiel state."""
    for _ in range(count):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def _views(state, seats):
    return [(state.observation_string(s), state.observation_tensor(s).tolist()) for s in seats]


@pytest.mark.parametrize("name, config", GAMES)
def test_games_and_states_pickle_to_equal_objects(name, config):
    game = garrison.load(name, **config)
    assert pickle.loads(pickle.dumps(game)) == game
    state = game.new_initial_state()
    _random_moves(state, random.Random(4), 12)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.game == game and copy.history() == state.history()
    assert _views(copy, range(game.num_players)) == _views(state, range(game.num_players))
    # the same moves from here lead to the same end
    _random_moves(state, random.Random(9), 10_000)
    _random_moves(copy, random.Random(9), 10_000)
    assert copy.history() == state.history() and copy.returns() == state.returns()


@pytest.mark.parametrize("name, config", GAMES)
def test_openspiel_games_and_states_pickle_to_equal_objects(name, config):
    game = os_adapter.load_game(name, **config)
    copy_game = pickle.loads(pickle.dumps(game))
    assert copy_game == game and copy_game.get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    _random_moves(state, random.Random(2), 12)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    seats = range(game.num_players())
    if not state.is_chance_node() and not state.is_terminal():
        assert [copy.information_state_string(s) for s in seats] == [
            state.information_state_string(s) for s in seats]
    _random_moves(state, random.Random(3), 10_000)
    _random_moves(copy, random.Random(3), 10_000)
    assert copy.history() == state.history() and copy.returns() == state.returns()


def _gym_rollout(env, seed_actions):
    """Step ``env`` with actions drawn from its masks by a generator seeded ``seed_actions``;
    return everything the agent received."""
    rng = np.random.default_rng(seed_actions)
    seen = []
    obs = env._observation()
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        seen.append((obs["observation"].tolist(), reward))
        if terminated:
            return seen


@pytest.mark.parametrize("name, config", GAMES)
def test_gymnasium_env_pickles_mid_episode(name, config):
    env = gym_env.env(name, seat=0, **config)
    env.reset(seed=5)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game == env.game and copy.garrison_state.history() == env.garrison_state.history()
    assert _gym_rollout(copy, 1) == _gym_rollout(env, 1)


@pytest.mark.parametrize("name, config", GAMES)
def test_pettingzoo_env_pickles_mid_game(name, config):
    env = pz.env(name, **config)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))

    def rollout(e):
        out = []
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            out.append((agent, obs["observation"].tolist(), reward))
            e.step(None if terminated else int(np.flatnonzero(obs["action_mask"])[-1]))
        return out

    assert rollout(copy) == rollout(env)


def _episode_returns(job):
    """One seeded Gymnasium episode of ``(name, config, seed)``: the agent's rewards (in a worker)."""
    name, config, seed = job
    env = gym_env.env(name, seat=0, **config)
    env.reset(seed=seed)
    return [reward for _, reward in _gym_rollout(env, seed)]


def _spiel_episode(game, seed):
    state = game.new_initial_state()
    _random_moves(state, random.Random(seed), 10_000)
    return state.history(), state.returns()


def test_envs_and_games_travel_to_a_fresh_process_pool():
    jobs = [(name, config, 7) for name, config in
            ((n, garrison.game_class(n).test_configs[0]) for n in garrison.games())]
    spiel_games = [os_adapter.load_game(name, **config) for name, config, _ in jobs]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        remote = pool.map(_episode_returns, jobs)
        # OpenSpiel games pickle to the worker, which has not registered them yet
        remote_spiel = pool.starmap(_spiel_episode, [(g, 3) for g in spiel_games])
    assert remote == [_episode_returns(job) for job in jobs]
    assert remote_spiel == [_spiel_episode(g, 3) for g in spiel_games]


def test_an_env_runs_inside_a_ray_actor():
    import ray
    name, config = "scopa", garrison.game_class("scopa").test_configs[0]

    @ray.remote(num_cpus=1)
    class Player:
        def __init__(self, env):
            self.env = env

        def play(self, seed):
            # the same steps as _gym_rollout, written here: the worker cannot import this module
            rng = np.random.default_rng(seed)
            obs, _ = self.env.reset(seed=seed)
            rewards, terminated = [], False
            while not terminated:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                obs, reward, terminated, _, _ = self.env.step(action)
                rewards.append(reward)
            return rewards

    env = gym_env.env(name, seat=0, **config)
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        actor = Player.remote(env)
        assert ray.get(actor.play.remote(11)) == _episode_returns((name, config, 11))
    finally:
        if started:
            ray.shutdown()
