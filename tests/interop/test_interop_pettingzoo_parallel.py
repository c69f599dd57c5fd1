"""The ParallelEnv form: PettingZoo's parallel_api_test passes for every game, only the agent to
move acts (the others' actions are no-ops), and the same seed and actions give the AEC
environment's game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import garrison
from garrison.interop import pettingzoo as pz

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.mark.parametrize("name, config", GAMES)
def test_parallel_api_test_passes(name, config):
    env = pz.parallel_env(name, **config)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=5000)
    # a warning there means an agent got keys it should not have, or missed some
    assert not [w for w in caught if "agent" in str(w.message).lower()], [str(w.message) for w in caught]


@pytest.mark.parametrize("name, config", GAMES)
def test_parallel_env_plays_the_aec_envs_game(name, config):
    par = pz.parallel_env(name, **config)
    aec = pz.raw_env(name, **config)
    obs, infos = par.reset(seed=8)
    aec.reset(seed=8)
    rng = np.random.default_rng(2)
    for _ in range(3000):
        movers = [a for a in par.agents if infos[a]["to_move"]]
        assert movers == [aec.agent_selection]
        for agent in par.possible_agents:
            mine, theirs = obs[agent], aec.observe(agent)
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            assert mine["action_mask"].any() == (agent in movers)
        mover = movers[0]
        action = int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))
        # the others send anything: their actions are not read
        noise = {a: 10**6 for a in par.agents if a != mover}
        obs, rewards, terminations, truncations, infos = par.step({mover: action, **noise})
        aec.step(action)
        assert not any(truncations.values())
        if all(terminations.values()):
            assert par.agents == []
            assert rewards == {a: aec.rewards[a] for a in aec.possible_agents}
            break
        assert not any(terminations.values()) and not any(rewards.values())
    else:
        pytest.fail("the game did not end")
    with pytest.raises(garrison.GameOverError):
        par.step({})


def test_the_mover_must_send_a_legal_action():
    par = pz.parallel_env("gambit", players=2, illegal="raise")
    obs, infos = par.reset(seed=1)
    mover = next(a for a in par.agents if infos[a]["to_move"])
    other = next(a for a in par.agents if a != mover)
    with pytest.raises(garrison.InvalidActionError, match=mover):
        par.step({other: 0})
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    before = par.garrison_state.clone()
    with pytest.raises(garrison.IllegalActionError):
        par.step({mover: illegal})
    assert par.garrison_state == before
