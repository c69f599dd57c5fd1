"""The information-state tensor carries features of the seat's past besides the digest bits: its
previous observation (imperfect information), how often it played each action, its decisions;
the layout (``information_state_layout``) covers the tensor exactly, and each part holds what its
name says along random games of every game."""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison
from garrison.interop import openspiel

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.mark.parametrize("name, config", GAMES)
def test_information_state_features_hold_the_seats_past(name, config):
    game = openspiel.load_game(name, **config)
    ours = openspiel.garrison_state(game.new_initial_state()).game
    layout = {part: where for part, where, _ in openspiel.information_state_layout(ours)}
    size = game.information_state_tensor_shape()[0]
    assert sum(w.stop - w.start for w in layout.values()) == size == list(layout.values())[-1].stop
    assert ("previous" in layout) == (not ours.facts.perfect_information)
    n, t = ours.num_players, ours.observation_tensor_shape[0]
    state = game.new_initial_state()
    played = [np.zeros(ours.num_distinct_actions, np.float32) for _ in range(n)]
    now = [openspiel.garrison_state(state).observation_tensor(s) for s in range(n)]
    before = [np.zeros(t, np.float32) for _ in range(n)]
    rng = random.Random(3)
    checked = 0
    for step in range(400):
        if state.is_terminal():
            break
        player = state.current_player()
        if player >= 0 and step % 3 == 0:
            tensor = np.asarray(state.information_state_tensor(player), np.float32)
            assert np.array_equal(tensor[layout["observation"]], now[player])
            assert np.array_equal(tensor[layout["played"]], played[player])
            assert tensor[layout["decisions"]][0] == pytest.approx(played[player].sum() / ours.max_game_length)
            if "previous" in layout:
                assert np.array_equal(tensor[layout["previous"]], before[player])
            checked += 1
        action = rng.choice(state.legal_actions())
        if player >= 0:
            played[player][action] += 1
        state.apply_action(action)
        for s in range(n):
            seen = openspiel.garrison_state(state).observation_tensor(s)
            if openspiel.garrison_state(state).observation_string(s) != \
                    openspiel.garrison_state(_parent(game, state)).observation_string(s):
                before[s], now[s] = now[s], seen
    assert checked >= 5


def _parent(game, state):
    """The state one action earlier (replayed from the OpenSpiel history)."""
    parent = game.new_initial_state()
    for action in state.history()[:-1]:
        parent.apply_action(action)
    return parent
