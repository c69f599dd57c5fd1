"""``game.tensor_layout()``: a machine-readable layout of each game's observation tensor (name,
slice, meaning) that covers the tensor exactly, and whose parts hold what their names say."""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison

CONFIGS = [pytest.param(n, c, id=f"{n}-{i}") for n in garrison.games()
           for i, c in enumerate(garrison.game_class(n).test_configs)]


@pytest.mark.parametrize("name, config", CONFIGS)
def test_the_layout_covers_the_tensor_exactly(name, config):
    game = garrison.load(name, **config)
    layout = game.tensor_layout()
    names = [n for n, _, _ in layout]
    assert len(names) == len(set(names)), "part names are unique"
    at = 0
    for _, part, meaning in layout:
        assert part.start == at and part.stop > part.start and meaning
        at = part.stop
    assert at == game.observation_tensor_shape[0]


def _positions(state: garrison.State, rng: random.Random, steps: int = 60):
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        if state.current_player() == garrison.CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", garrison.games())
def test_the_parts_hold_what_their_names_say(name):
    game = garrison.load(name, **garrison.game_class(name).test_configs[0])
    parts = {n: s for n, s, _ in game.tensor_layout()}
    rng = random.Random(5)
    checked = 0
    for state in _positions(game.new_initial_state(), rng):
        seat = rng.randrange(game.num_players)
        obs = state.observation(seat)
        tensor = state.observation_tensor(seat)
        if "hand" in parts and isinstance(obs.get("hand"), list):  # one flag per card held
            assert int(np.count_nonzero(tensor[parts["hand"]])) == len(obs["hand"])
        for key in ("seat", "viewer"):  # the viewer, one-hot
            if key in parts:
                assert int(np.argmax(tensor[parts[key]])) == seat
        if f"seat{seat}.is_me" in parts:
            assert tensor[parts[f"seat{seat}.is_me"]][0] == 1.0
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("name, config", CONFIGS)
def test_every_tensor_stays_within_the_declared_bounds(name, config):
    """Gymnasium's Box bounds come from ``tensor_bounds`` (0 and 1 unless a part says more):
    random play never leaves them, for any seat or a spectator."""
    game = garrison.load(name, **config)
    low, high = game.tensor_bounds()
    assert low.shape == high.shape == game.observation_tensor_shape and (low <= high).all()
    rng = random.Random(11)
    for state in _positions(game.new_initial_state(), rng, steps=400):
        for seat in (None, *range(game.num_players)):
            tensor = state.observation_tensor(seat)
            outside = np.flatnonzero((tensor < low) | (tensor > high))
            assert not len(outside), [(n, tensor[i]) for i in outside[:3]
                                      for n, s, _ in game.tensor_layout() if s.start <= i < s.stop]
