"""PettingZoo's own checks pass on every game, parallel seed test included (it samples actions
without the mask): an illegal action ends the game with a penalty for the agent that played it,
as PettingZoo's classic games do; ``illegal="raise"`` raises instead."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import garrison
from garrison.interop import pettingzoo as pz

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.mark.parametrize("name, config", GAMES)
def test_pettingzoos_own_tests_pass(name, config):
    api_test(pz.env(name, **config), num_cycles=200)
    seed_test(lambda: pz.env(name, **config), num_cycles=200)
    parallel_api_test(pz.parallel_env(name, **config), num_cycles=200)
    parallel_seed_test(lambda: pz.parallel_env(name, **config), num_cycles=200)


def test_the_parallel_seed_test_needed_the_penalty():
    """Raising, the parallel seed test fails: its unmasked sample is illegal at once."""
    with pytest.raises(garrison.IllegalActionError):
        parallel_seed_test(lambda: pz.parallel_env("stratego", illegal="raise", max_plies=150))


def _illegal_id(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("name, config", GAMES)
def test_an_illegal_action_ends_the_game_with_a_penalty_for_its_agent(name, config):
    env = pz.env(name, **config)
    env.reset(seed=3)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    assert not mask.all()  # every game has ids its first mover may not play
    state = env.unwrapped.garrison_state
    history = list(state.history())
    env.step(_illegal_id(mask))
    assert list(state.history()) == history  # the game is left as it was
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards == {a: (float(env.unwrapped.game.min_utility) if a == offender else 0.0)
                           for a in env.possible_agents}
    assert {a: env.infos[a]["illegal_move"] for a in env.possible_agents} == \
        {a: a == offender for a in env.possible_agents}
    got = {}
    for agent in env.agent_iter():  # every agent collects its reward and steps out
        obs, reward, terminated, truncated, _ = env.last()
        assert terminated and not obs["action_mask"].any()
        got[agent] = reward
        env.step(None)
    assert got == {a: (float(env.unwrapped.game.min_utility) if a == offender else 0.0)
                   for a in env.possible_agents}
    assert env.agents == []


@pytest.mark.parametrize("name, config", GAMES)
def test_the_parallel_env_ends_the_game_the_same_way(name, config):
    par = pz.parallel_env(name, **config)
    obs, infos = par.reset(seed=3)
    mover = next(a for a in par.agents if infos[a]["to_move"])
    before = par.garrison_state.clone()
    obs, rewards, terminations, truncations, infos = par.step(
        {a: _illegal_id(obs[a]["action_mask"]) for a in par.agents})
    assert par.garrison_state == before and par.agents == []
    assert rewards == {a: (float(par.game.min_utility) if a == mover else 0.0) for a in par.possible_agents}
    assert all(terminations.values()) and not any(truncations.values())
    assert all(infos[a]["illegal_move"] == (a == mover) for a in par.possible_agents)
    assert not any(o["action_mask"].any() for o in obs.values())
    with pytest.raises(garrison.GameOverError):
        par.step({})


def test_score_rewards_penalise_the_same_way():
    env = pz.raw_env("scopa", players=2, target=3, reward="score")
    env.reset(seed=1)
    offender = env.agent_selection
    env.step(_illegal_id(env.observe(offender)["action_mask"]))
    assert env.rewards[offender] == env.game.min_utility
    assert env.infos[offender] == {"illegal_move": True, "return": float(env.game.min_utility)}


def test_raise_is_an_option_and_changes_nothing():
    for make in (pz.raw_env, pz.parallel_env):
        env = make("gambit", players=2, illegal="raise")
        env.reset(seed=2)
        state = env.garrison_state
        history = list(state.history())
        mover = pz.agent_name(state.current_player())
        illegal = _illegal_id(np.isin(np.arange(env.game.num_distinct_actions), state.legal_actions()))
        with pytest.raises(garrison.IllegalActionError):
            env.step({mover: illegal} if make is pz.parallel_env else illegal)
        assert list(state.history()) == history


def test_an_id_outside_the_space_raises_in_either_mode():
    for illegal in ("lose", "raise"):
        env = pz.raw_env("gambit", players=2, illegal=illegal)
        env.reset(seed=2)
        for bad in (10**9, -1, 1.5, True):
            with pytest.raises(garrison.InvalidActionError):
                env.step(bad)
        assert not any(env.terminations.values())


def test_a_bad_mode_is_refused():
    with pytest.raises(garrison.OptionError, match="illegal must be lose or raise"):
        pz.env("gambit", players=2, illegal="penalty")
    with pytest.raises(garrison.OptionError, match="illegal must be lose or raise"):
        pz.parallel_env("gambit", players=2, illegal="penalty")
