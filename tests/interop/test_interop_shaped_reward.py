"""The optional shaped reward (``reward="score"``): in the games that score hand by hand, each
step's reward is the change of the seat's running score, so an episode's rewards add up to the
seat's final score (read from its own observation); off by default; refused, naming the games
that have it, elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

import garrison
from garrison.interop import gymnasium as gym_env
from garrison.interop import pettingzoo as pz

SCORED = [
    pytest.param("scopa", {"players": 2, "target": 3}, id="scopa"),
    pytest.param("solo66", {"deals": 2}, id="solo66"),
    pytest.param("soldateska", {"players": 3, "ducats_per_player": 2}, id="soldateska"),
    pytest.param("1848", {"players": 3}, id="1848"),
]


def _final_score(name, obs, seat):
    if name == "1848":  # the victory points the seat would get if the game ended now
        from garrison.games.revolution1848.rules import final_scoring

        return final_scoring(obs["tally"])[0][seat]
    return {"scopa": lambda: obs["scores"][obs["my_side"]], "solo66": lambda: obs["scores"][seat],
            "soldateska": lambda: obs["ducats"][seat]}[name]()


@pytest.mark.parametrize("name, config", SCORED)
def test_gymnasium_score_rewards_add_up_to_the_final_score(name, config):
    nonzero = steps = 0
    for seed in (1, 2, 3):  # a seat may score nothing in one game: per hand is seen over three
        env = gym_env.env(name, seat=1, reward="score", **config)
        plain = gym_env.env(name, seat=1, **config)
        obs, _ = env.reset(seed=seed)
        plain.reset(seed=seed)
        rng = np.random.default_rng(0)
        rewards, plain_rewards = [], []
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, _, info = env.step(action)
            _, plain_reward, _, _, _ = plain.step(action)
            rewards.append(reward)
            plain_rewards.append(plain_reward)
            nonzero += reward != 0
        steps += len(rewards)
        state = env.garrison_state
        final = _final_score(name, state.observation(1), 1)
        start = _final_score(name, garrison.load(name, **config).new_initial_state().observation(1), 1)
        assert sum(rewards) == pytest.approx(final - start)
        assert info["return"] == state.returns()[1] == plain_rewards[-1]
        assert not any(plain_rewards[:-1])  # the default is unchanged: the return, at the end
    assert 1 <= nonzero < steps  # per hand, not per step


@pytest.mark.parametrize("name, config", SCORED)
def test_pettingzoo_score_rewards_add_up_for_every_agent(name, config):
    for parallel in (False, True):
        env = pz.parallel_env(name, reward="score", **config) if parallel else \
            pz.raw_env(name, reward="score", **config)
        total = {a: 0.0 for a in env.possible_agents}
        rng = np.random.default_rng(1)
        if parallel:
            obs, infos = env.reset(seed=2)
            while env.agents:
                mover = next(a for a in env.agents if infos[a]["to_move"])
                action = int(rng.choice(np.flatnonzero(obs[mover]["action_mask"])))
                obs, rewards, _, _, infos = env.step({mover: action})
                for a, r in rewards.items():
                    total[a] += r
        else:
            env.reset(seed=2)
            infos = {}
            for agent in env.agent_iter():
                ob, reward, terminated, _, info = env.last()
                total[agent] += reward
                if terminated:
                    infos[agent] = info
                env.step(None if terminated else int(rng.choice(np.flatnonzero(ob["action_mask"]))))
        state = env.garrison_state
        begin = garrison.load(name, **config).new_initial_state()
        for seat, agent in enumerate(env.possible_agents):
            expected = (_final_score(name, state.observation(seat), seat)
                        - _final_score(name, begin.observation(seat), seat))
            assert total[agent] == pytest.approx(expected), (parallel, agent)
        for seat, agent in enumerate(env.possible_agents):
            assert infos[agent]["return"] == state.returns()[seat]
        assert any(total.values())


@pytest.mark.parametrize("name", ["gambit", "stratego"])
def test_games_without_a_running_score_refuse_it_naming_those_with_one(name):
    with pytest.raises(garrison.OptionError, match="1848, scopa, soldateska, solo66"):
        gym_env.env(name, reward="score")
    with pytest.raises(garrison.OptionError, match="1848, scopa, soldateska, solo66"):
        pz.raw_env(name, reward="score")


def test_an_unknown_reward_mode_is_refused():
    with pytest.raises(garrison.OptionError, match="return or score"):
        gym_env.env("scopa", reward="points", players=2)
