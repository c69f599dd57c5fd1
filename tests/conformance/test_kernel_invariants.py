"""The kernel invariants (ARCHITECTURE.md, "The kernel"; README.md), checked on every registered game (and its test configs).

A new game gets these tests for free by being registered. Each hypothesis example is one seed:
a whole random game is played from it and every invariant is checked along the way.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import garrison
from garrison import (
    CHANCE,
    TERMINAL,
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
)

CONFIGS = [
    pytest.param(name, config, id=f"{name}-{i}")
    for name in garrison.games()
    for i, config in enumerate(garrison.game_class(name).test_configs)
]

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _random_step(state, rng):
    if state.current_player() == CHANCE:
        return garrison.sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _check_node(game, state):
    player = state.current_player()
    assert player == CHANCE or player == TERMINAL or 0 <= player < game.num_players
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), "legal actions must be sorted and distinct"
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        # the outcomes are the legal ids, each once, in the game's order (Gambit: likeliest first)
        assert sorted(a for a, _ in outcomes) == legal
        assert len(outcomes) <= game.max_chance_outcomes
        assert all(0 <= a < game.max_chance_outcomes for a in legal)
    elif player >= 0:
        assert legal, "a seat to move must have a legal action"
        assert all(0 <= a < game.num_distinct_actions for a in legal)
    else:
        assert legal == [] and state.is_terminal()
    state.check_invariants()


def _check_observations(game, state, rng):
    for seat in [None, *range(game.num_players)]:
        obs = state.observation(seat)
        json.dumps(obs)  # JSON-safe
        tensor = state.observation_tensor(seat)
        assert tensor.dtype == np.float32 and tensor.shape == game.observation_tensor_shape
    if state.is_terminal():
        return
    seat = rng.randrange(game.num_players)
    world = state.resample(seat, random.Random(rng.random()))
    assert world.observation(seat) == state.observation(seat), "resample changed what the seat knows"
    # a world never carries the true history: it is rewritten to fit the world, or forgotten
    assert world.history() == [] or garrison.replay(world.to_record()) == world
    assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
    assert world.current_player() == state.current_player()
    if state.current_player() == seat:
        assert world.legal_actions() == state.legal_actions()


def _check_action_text(state):
    if state.current_player() < 0:
        return
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert state.parse_action(text) == action, f"'{text}' does not parse back to {action}"


def _check_clone_and_undo(state, action):
    before = state.fields()
    history = state.history()
    twin = state.clone()
    twin.apply_action(action)
    assert state.fields() == before and state.history() == history, "clone shares mutable state"
    state.apply_action(action)
    assert state == twin, "apply on a clone differs from apply on the original"
    state.undo()
    assert state.fields() == before and state.history() == history, "undo did not restore"


@pytest.mark.parametrize("name, config", CONFIGS)
@given(seed=seeds)
def test_random_play_keeps_every_invariant(name, config, seed):
    game = garrison.load(name, **config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    checkpoints = []
    decisions = 0
    while not state.is_terminal():
        _check_node(game, state)
        if rng.random() < 0.15:
            _check_observations(game, state, rng)
            _check_action_text(state)
        action = _random_step(state, rng)
        if rng.random() < 0.1:
            _check_clone_and_undo(state, action)
            checkpoints.append((state.move_number(), state.clone()))
        if state.current_player() >= 0:
            decisions += 1
        state.apply_action(action)
        assert decisions <= game.max_game_length, "game ran past its declared maximum length"
    _check_node(game, state)
    _check_observations(game, state, rng)
    returns = state.returns()
    assert len(returns) == game.num_players
    assert all(game.min_utility - 1e-9 <= r <= game.max_utility + 1e-9 for r in returns)
    if game.utility_sum is not None:
        assert abs(sum(returns) - game.utility_sum) < 1e-6
    # the teams partition the seats, and partners share every result (Game.teams)
    assert sorted(s for team in game.teams for s in team) == list(range(game.num_players))
    assert all(returns[s] == returns[team[0]] for team in game.teams for s in team)
    record = json.loads(json.dumps(state.to_record()))
    assert garrison.replay(record) == state
    for upto, snapshot in checkpoints[-3:]:
        assert garrison.replay(record, upto=upto) == snapshot
    with pytest.raises(GameOverError):
        state.apply_action(0)


@pytest.mark.parametrize("name, config", CONFIGS)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=60))
def test_bad_input_raises_our_errors_and_changes_nothing(name, config, seed, steps):
    game = garrison.load(name, **config)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(_random_step(state, rng))
    if state.is_terminal():
        return
    before, history = state.fields(), state.history()
    legal = set(state.legal_actions())
    space = max(game.num_distinct_actions, game.max_chance_outcomes)
    illegal = [a for a in range(min(space, 4000)) if a not in legal][:5]
    for bad in [*illegal, -1, space, space + 7, 10**9, "1", 2.5, None, True]:
        with pytest.raises((IllegalActionError, InvalidActionError)):
            state.apply_action(bad)  # type: ignore[arg-type]
        assert state.fields() == before and state.history() == history
    player = state.current_player()
    wrong = (player + 1) % game.num_players if player >= 0 else 0
    with pytest.raises(NotYourTurnError):
        state.apply_action(state.legal_actions()[0], seat=wrong)
    assert state.fields() == before
    with pytest.raises(GameError):
        state.observation(game.num_players)
    with pytest.raises(InvalidActionError):
        state.parse_action("this is no move at all")
    record = state.to_record()
    text = json.dumps(record)
    with pytest.raises(RecordError):
        garrison.replay(text[: len(text) // 2])
    if record["actions"]:
        broken = dict(record, actions=[*record["actions"][:-1], 10**9])
        with pytest.raises(RecordError, match=f"#{len(record['actions']) - 1}"):
            garrison.replay(broken)
    with pytest.raises(RecordError):
        garrison.replay(dict(record, game="no-such-game"))
    with pytest.raises(RecordError):
        garrison.replay(dict(record, options={"no_such_option": 1}))


@pytest.mark.parametrize("name", garrison.games())
def test_unknown_options_are_rejected_with_the_valid_ones(name):
    with pytest.raises(garrison.OptionError, match="valid options"):
        garrison.load(name, no_such_option=1)
    game = garrison.load(name)
    assert game.describe().startswith(game.title)
    assert game.min_utility < game.max_utility
