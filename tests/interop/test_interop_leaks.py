"""No adapter leaks: for a seat p, everything p receives through OpenSpiel, PettingZoo or Gymnasium
(tensors, strings, mask, info, rendered view) is identical in two states that differ only in what
p cannot know. The second state is a world from ``State.resample(p, ...)``."""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison
from garrison.interop import gymnasium as gym_env
from garrison.interop import openspiel
from garrison.interop import pettingzoo as pz

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _openspiel_view(state, seat):
    return (
        state.observation_string(seat),
        state.observation_tensor(seat),
        state.information_state_string(seat),
        state.information_state_tensor(seat),
        state.current_player(),
        state.legal_actions() if state.current_player() == seat else None,
    )


def _pettingzoo_view(env, ours, seat):
    raw = env.unwrapped
    raw._state = ours
    obs = raw.observe(pz.agent_name(seat))
    return obs["observation"], obs["action_mask"], dict(raw.infos[pz.agent_name(seat)])


def _gym_view(env, ours):
    env._state = ours
    obs = env._observation()
    return obs["observation"], obs["action_mask"], env._info(), env.render(), env.action_masks()


def _same(a, b):
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(a, b) and a.dtype == b.dtype
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


@pytest.mark.parametrize("name, config", GAMES)
def test_what_a_seat_receives_does_not_depend_on_what_it_cannot_know(name, config):
    openspiel.register([name])
    game = openspiel.load_game(name, **config)
    ours_game = garrison.load(name, **config)
    n = game.num_players()
    zoo = pz.env(name, **config)
    zoo.reset(seed=0)
    gyms = [gym_env.env(name, seat=s, render_mode="ansi", **config) for s in range(n)]
    for g in gyms:
        g.reset(seed=0)
    rng = random.Random(17)
    differed = 0
    checked = 0
    for game_no in range(2):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % 4 == game_no % 4:
                for seat in range(n):
                    world = state.resample_from_infostate(seat, random.Random(rng.random()))
                    real, fake = openspiel.garrison_state(state), openspiel.garrison_state(world)
                    differed += real.fields() != fake.fields()
                    checked += 1
                    assert _same(_openspiel_view(state, seat), _openspiel_view(world, seat))
                    assert _same(_pettingzoo_view(zoo, real, seat), _pettingzoo_view(zoo, fake, seat))
                    assert _same(_gym_view(gyms[seat], real), _gym_view(gyms[seat], fake))
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 0
    if not ours_game.facts.perfect_information:
        # the test means something only if the worlds really hid something
        assert differed > 0, "no resampled world ever differed: the leak test checked nothing"
