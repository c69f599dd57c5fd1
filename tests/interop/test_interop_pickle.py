"""Games, states and the three adapters pickle to equal objects, so they travel to worker
processes and Ray actors (the review's PicklingError on the OpenSpiel game classes)."""

from __future__ import annotations

import multiprocessing
import pickle

import pytest

import garrison
from garrison.interop import gymnasium as gym_env
from garrison.interop import openspiel as gos
from garrison.interop import pettingzoo as pz_env


@pytest.mark.parametrize("name", garrison.games())
def test_everything_pickles_to_an_equal_object(name: str) -> None:
    game = garrison.load(name)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)).history() == state.history()
    assert pickle.loads(pickle.dumps(game)).options == game.options
    spiel = gos.load_game(name)
    back = pickle.loads(pickle.dumps(spiel))
    assert back == spiel and back.get_parameters() == spiel.get_parameters()
    s = spiel.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    assert pickle.loads(pickle.dumps(s)).history() == s.history()
    env = gym_env.env(name, seat=0)
    env.reset(seed=2)
    again = pickle.loads(pickle.dumps(env))
    assert again.garrison_state.history() == env.garrison_state.history()
    aec = pz_env.env(name)
    aec.reset(seed=2)
    assert pickle.loads(pickle.dumps(aec)).agents == aec.agents


def _play_out(spiel_game) -> int:  # noqa: ANN001
    import random

    state = spiel_game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return len(state.history())


def test_an_openspiel_game_goes_to_a_process_pool() -> None:
    games = [gos.load_game("gambit", players=2), gos.load_game("scopa", players=2, target=1)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        lengths = pool.map(_play_out, games)
    assert lengths == [_play_out(g) for g in games]


def test_an_env_runs_inside_a_ray_actor() -> None:
    import ray
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    try:
        @ray.remote
        class Runner:
            def __init__(self, env) -> None:  # noqa: ANN001
                self.env = env

            def episode(self, seed: int) -> float:
                self.env.reset(seed=seed)
                total, done = 0.0, False
                while not done:
                    mask = self.env.action_masks()
                    action = int(mask.nonzero()[0][0])
                    _, reward, done, _, _ = self.env.step(action)
                    total += reward
                return total

        env = gym_env.env("gambit", seat=0, players=2)
        runner = Runner.remote(env)
        remote = ray.get(runner.episode.remote(5))
        local = env
        local.reset(seed=5)
        total, done = 0.0, False
        while not done:
            _, reward, done, _, _ = local.step(int(local.action_masks().nonzero()[0][0]))
            total += reward
        assert remote == total
    finally:
        ray.shutdown()


def test_the_game_type_follows_the_loaded_options() -> None:
    import pyspiel

    win = gos.load_game("soldateska", returns="win").get_type()
    ducats = gos.load_game("soldateska").get_type()
    assert win.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert ducats.utility == pyspiel.GameType.Utility.GENERAL_SUM
    game = garrison.load("soldateska", returns="win")
    assert game.facts.utility_sum == 1.0
