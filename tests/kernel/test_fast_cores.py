"""The compiled cores (``games/<game>/_core.pyx``) against the Python rules they twin.

The conformance suite plays every game through ``new_initial_state()``, so it already runs the
cores; here each core is also played for many whole games with the two compared at every node
(``FastState.check_invariants``), and the ``FastState`` wrapper itself is tested: its fields and
views come from the rules, undo and clone keep both sides in step, and bad moves change nothing.
"""

from __future__ import annotations

import pickle
import random

import pytest

import garrison
from garrison import CHANCE, IllegalActionError
from garrison.core.fast import FastState, core_for

FAST_GAMES = [name for name in garrison.games() if garrison.game_class(name).fast_core]
CONFIGS = [
    pytest.param(name, config, id=f"{name}-{i}")
    for name in FAST_GAMES
    for i, config in enumerate(
        (garrison.game_class(name).bench_options, *garrison.game_class(name).test_configs)
    )
]


def _step(state, rng):
    if state.current_player() == CHANCE:
        return garrison.sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _started(name, seed, moves):
    """A game of ``name`` (bench options) after up to ``moves`` random actions."""
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    _play(state, rng, moves)
    return game, state, rng


def _play(state, rng, moves, check=False):
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(_step(state, rng))
        if check:
            state.check_invariants()


def test_some_games_have_cores():
    assert "scopa" in FAST_GAMES


@pytest.mark.parametrize("name", FAST_GAMES)
def test_core_is_built_and_used_by_default(name):
    # a core that failed to compile would make the game fall back silently; CI must notice
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    assert core_for(game) is not None, f"{name}: its compiled core is missing or refuses its bench options"
    assert isinstance(game.new_initial_state(), FastState)


@pytest.mark.parametrize("name", FAST_GAMES)
def test_pure_python_switch(monkeypatch, name):
    monkeypatch.setenv("GARRISON_PURE", "1")
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    state = game.new_initial_state()
    assert not isinstance(state, FastState)
    assert type(state) is game.State


@pytest.mark.parametrize(("name", "config"), CONFIGS)
def test_core_agrees_with_the_rules_at_every_node(name, config):
    """Whole random games; at each node the core's player, legal ids, chance outcomes, terminal
    flag and returns equal the Python rules' (``check_invariants`` compares them)."""
    game = garrison.load(name, **config)
    if core_for(game) is None:  # options the core does not cover: the rules alone play them
        assert not isinstance(game.new_initial_state(), FastState)
        return
    rng = random.Random(f"{name}{config}")
    for _ in range(12):
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 3000:
            state.check_invariants()
            state.apply_action(_step(state, rng))
            steps += 1
        state.check_invariants()


@pytest.mark.parametrize("name", FAST_GAMES)
def test_fields_views_and_records_come_from_the_rules(name):
    game, fast, _ = _started(name, 3, 60)
    pure = game.State(game)
    for action in fast.history():
        pure.apply_action(action)
    assert fast.fields() == pure.fields()
    assert str(fast) == str(pure)
    for seat in [None, *range(game.num_players)]:
        assert fast.observation(seat) == pure.observation(seat)
        assert fast.observation_string(seat) == pure.observation_string(seat)
    for action in fast.legal_actions():
        assert fast.action_to_string(action) == pure.action_to_string(action)
    assert garrison.replay(fast.to_record()) == fast
    assert pickle.loads(pickle.dumps(fast)) == fast
    # a field of the game's state reads through to the rules' state
    some_field = next(k for k in pure.fields() if not k.startswith("_"))
    assert getattr(fast, some_field) == getattr(pure, some_field)


@pytest.mark.parametrize("name", FAST_GAMES)
def test_undo_and_clone_keep_core_and_rules_in_step(name):
    game, state, rng = _started(name, 5, 80)
    state.observation(0)  # the shadow is now at the end
    before = state.clone()
    for _ in range(10):
        state.undo()
    state.check_invariants()  # the shadow stepped back with the core
    # a different line from here, then the views must follow the new line
    _play(state, rng, 15, check=True)
    assert before.history() != state.history() or before == state
    before.check_invariants()  # the clone was not touched by the other's moves
    while before.move_number() > 0:
        before.undo()
    assert before == game.new_initial_state()


@pytest.mark.parametrize("name", FAST_GAMES)
def test_bad_moves_change_nothing_on_a_core(name):
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    rng = random.Random(9)
    state = game.new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_action(_step(state, rng))
    illegal = next(a for a in range(game.num_distinct_actions) if a not in state.legal_actions())
    snapshot = state.clone()
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state == snapshot and state.legal_actions() == snapshot.legal_actions()
    state.check_invariants()


@pytest.mark.parametrize("name", FAST_GAMES)
def test_resampled_worlds_are_python_states(name):
    _, state, _ = _started(name, 11, 50)
    seat = 0
    world = state.resample(seat, random.Random(1))
    assert not isinstance(world, FastState)
    assert world.observation(seat) == state.observation(seat)


@pytest.mark.parametrize("name", FAST_GAMES)
def test_random_play_never_builds_the_shadow(name):
    """The hot calls are answered by the core alone: a game's own ``legal_actions`` override
    (which reads fields) must not run, or every step would replay the Python rules too."""
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    rng = random.Random(13)
    state = game.new_initial_state()
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        state.returns()
    state.clone().undo()
    assert state._shadow is None
