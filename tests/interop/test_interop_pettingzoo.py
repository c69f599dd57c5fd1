"""PettingZoo adapter: every registered game passes PettingZoo's api_test and seed_test, and the
same seed gives the same whole game (not just one step)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import garrison
from garrison.interop import pettingzoo as pz

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.fixture(autouse=True)
def _quiet():
    # api_test warns that dict observations (observation + action_mask) are not bare arrays;
    # that is PettingZoo's own convention for masks, as in its classic games.
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        yield


@pytest.mark.parametrize("name, config", GAMES)
def test_api_test_passes(name, config):
    api_test(pz.env(name, **config), num_cycles=60)


@pytest.mark.parametrize("name, config", GAMES)
def test_seed_test_passes(name, config):
    seed_test(lambda: pz.env(name, **config), num_cycles=60)


def _trace(name, config, seed, moves_seed):
    """A whole game: every agent turn with its observation, mask, reward and the action taken."""
    env = pz.env(name, **config)
    env.reset(seed=seed)
    chooser = random.Random(moves_seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        mask = obs["action_mask"]
        if terminated or truncated:
            action = None
        else:
            action = chooser.choice(np.flatnonzero(mask).tolist())
        trace.append((agent, obs["observation"].tobytes(), mask.tobytes(), reward, terminated,
                      truncated, sorted(info), action))
        env.step(action)
    history = env.unwrapped.garrison_state.history()
    return trace, history


def _chance_choices(game, history):
    """How many chance nodes with more than one outcome the game went through."""
    state = game.new_initial_state()
    count = 0
    for action in history:
        count += state.is_chance_node() and len(state.chance_outcomes()) > 1
        state.apply_action(action)
    return count


@pytest.mark.parametrize("name, config", GAMES)
def test_same_seed_same_whole_game(name, config):
    first, history = _trace(name, config, seed=7, moves_seed=1)
    second, history2 = _trace(name, config, seed=7, moves_seed=1)
    assert len(first) > 3
    assert first == second and history == history2
    # the game ends with every agent told, once, that it is over
    game = garrison.load(name, **config)
    tail = first[-game.num_players:]
    assert sorted(t[0] for t in tail) == sorted(pz.agent_name(s) for s in range(game.num_players))
    assert all(t[4] for t in tail) and not any(t[4] for t in first[:-game.num_players])
    if _chance_choices(game, history):
        # chance follows the seed: another seed deals or rolls differently
        others = [_trace(name, config, seed=s, moves_seed=1)[1] for s in (8, 9, 10)]
        assert any(o != history for o in others)


@pytest.mark.parametrize("name, config", GAMES)
def test_final_rewards_are_the_game_returns(name, config):
    env = pz.env(name, **config)
    env.reset(seed=3)
    chooser = random.Random(3)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8
        env.step(chooser.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    returns = env.unwrapped.garrison_state.returns()
    assert [totals[pz.agent_name(s)] for s in range(len(returns))] == pytest.approx(returns)


@pytest.mark.parametrize("name, config", GAMES)
def test_illegal_actions_raise_and_change_nothing(name, config):
    env = pz.env(name, illegal="raise", **config)
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    state = env.unwrapped.garrison_state
    before = state.history()
    illegal = np.flatnonzero(mask == 0)
    if len(illegal):
        with pytest.raises(garrison.IllegalActionError):
            env.step(int(illegal[0]))
    with pytest.raises(garrison.InvalidActionError):
        env.step(10**9)
    assert state.history() == before and env.agent_selection == agent
    with pytest.raises(garrison.OptionError):
        pz.env(name, no_such_option=1)


def test_render_shows_only_the_spectator_view():
    """The env's render goes through the observation gate: no seat's hidden cards appear."""
    import garrison
    from garrison.interop.pettingzoo import env as make_env

    environment = make_env("solo66", render_mode="ansi", deals=1)
    environment.reset(seed=3)
    text = environment.render()
    state = environment.garrison_state
    assert text == garrison.load("solo66", deals=1).render(state.observation(None))
    environment.close()
