"""What every game on compiled rules (a ``CompiledState``, core/compiled.pyx) guarantees, checked
on each such game and test config without a line of game code:

* the observation tensor, encoded in C from the typed state, is exactly the encoding of the
  observation by the game's test oracle (``tests/tensor_oracles``: the gate stays the one
  definition of what a seat may know);
* undo restores the struct and the log; a copy undoes only its own actions, and a refused undo
  changes nothing;
* ``random_playout`` (the rollouts of search) plays legal games and leaves the state as it was;
* the C draw at a chance node (rollouts, the batched environment, ``garrison.sample_chance``) is
  the walk over ``chance_outcomes()`` that every other sampler makes.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import garrison
import tensor_oracles
from garrison.core.chance import outcome_at
from garrison.core.compiled import CompiledState

COMPILED = [
    pytest.param(name, config, id=f"{name}-{i}")
    for name in garrison.games()
    if isinstance(garrison.load(name).new_initial_state(), CompiledState)
    for i, config in enumerate(garrison.game_class(name).test_configs)
]


def _games(name, config, count, seed):
    """``count`` random games of a config, every node of each given to the caller."""
    game = garrison.load(name, **config)
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new_initial_state()
        while True:
            yield game, state
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, config", COMPILED)
def test_the_compiled_tensor_is_the_encoding_of_the_observation(name, config):
    for game, state in _games(name, config, 2, 7):
        for seat in [None, *range(game.num_players)]:
            expected = tensor_oracles.encode(game, state.observation(seat))
            np.testing.assert_array_equal(state.observation_tensor(seat), expected)


@pytest.mark.parametrize("name, config", COMPILED)
def test_undo_restores_the_struct_and_the_log_and_copies_undo_only_their_own(name, config):
    game = garrison.load(name, **config)
    rng = random.Random(3)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal() and len(seen) < 300:
        seen.append((state.clone(), state.observation(0)))
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    if copy.history():
        with pytest.raises(garrison.GameError, match="a copy: it can undo only"):
            copy.undo()
        assert copy == state
    for before, view in reversed(seen):
        state.undo()
        assert state == before and state.observation(0) == view


@pytest.mark.parametrize("name, config", COMPILED)
def test_random_playouts_play_legal_games_on_a_copy(name, config):
    game = garrison.load(name, **config)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(20):
        before = state.clone()
        end = state.random_playout(rng.getrandbits(64), 10_000)
        assert state == before
        assert end.is_terminal()
        replayed = garrison.replay(end.to_record())  # every action legal where it was played
        assert replayed == end and replayed.returns() == end.returns()
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, config", COMPILED)
def test_the_c_draw_at_chance_is_the_walk_over_the_published_outcomes(name, config):
    # the same outcome for the same u, in the list's order; a game may draw a uniform node by
    # floor(u * n), which differs from the float sums only within rounding of an edge, so edges
    # are probed a little way off
    rng = random.Random(11)
    checked = 0
    for _, state in _games(name, config, 2, 13):
        if not state.is_chance_node() or checked >= 200:
            continue
        checked += 1
        outcomes = state.chance_outcomes()
        probes, total = [0.0, 1.0 - 1e-12, *(rng.random() for _ in range(20))], 0.0
        for _, prob in outcomes[:-1][:30]:
            total += prob
            probes += [total - 1e-9, total + 1e-9]
        for u in probes:
            assert state.chance_outcome_at(u) == outcome_at(outcomes, u), (u, outcomes[:4])
    for _, state in _games(name, config, 1, 13):
        if state.is_chance_node():
            for bad in (-0.1, 1.0, float("nan")):
                with pytest.raises(ValueError, match=r"u must be in \[0, 1\)"):
                    state.chance_outcome_at(bad)
        elif not state.is_terminal():
            with pytest.raises(garrison.GameError, match="not a chance node"):
                state.chance_outcome_at(0.5)


@pytest.mark.parametrize("name", sorted({p.values[0] for p in COMPILED}))
def test_observation_keys_are_the_tensor_and_refuse_a_seat_that_does_not_exist(name):
    game = garrison.load(name)
    state = game.new_initial_state()
    for seat in [None, *range(game.num_players)]:
        assert state.observation_key(seat) == state.observation_tensor(seat).tobytes()
    for bad in (game.num_players, -1, "0"):
        with pytest.raises(garrison.GameError):
            state.observation_key(bad)
