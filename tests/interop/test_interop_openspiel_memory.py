"""The OpenSpiel state keeps the seats' recall without a copy of the state per action: memory
stays flat over a long game, and the information states are still those of a replay."""

from __future__ import annotations

import random
import tracemalloc

import pyspiel
import pytest

import garrison
from garrison.core.events import entries
from garrison.interop import openspiel

openspiel.register()


def _step(state, rng):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _walk(name: str, options: dict, steps: int, seed: int = 0):
    game = openspiel.load_game(name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        _step(state, rng)
    return state


def test_no_state_is_kept_per_action():
    state = _walk("stratego", {"max_plies": 3000, "setup": "whole"}, 400)
    held = state._held
    assert held.pending, "the walk noted actions"
    for entry in entries(held.pending):
        assert all(isinstance(x, int) for x in entry), entry
    assert isinstance(held.base, garrison.State)  # one copy, where the recall stands


def test_memory_does_not_grow_with_the_game_length():
    game = openspiel.load_game("stratego", max_plies=5000, setup="whole")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(50):
        _step(state, rng)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        steps = 0
        while steps < 1500 and not state.is_terminal():
            _step(state, rng)
            steps += 1
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert steps >= 1000
    # a copy of a Stratego state alone is several kilobytes; the holder adds two ints an action
    assert grown / steps < 400, f"{grown / steps:.0f} bytes an action"


@pytest.mark.parametrize("name, options", [("scopa", {"players": 2, "target": 2}),
                                           ("soldateska", {"players": 3, "ducats_per_player": 2}),
                                           ("gambit", {"players": 2})])
def test_information_states_match_a_replay_when_asked_late(name, options):
    # asked only at the end (one replay of every pending action) and asked at every step
    rng = random.Random(11)
    game = openspiel.load_game(name, **options)
    late, early = game.new_initial_state(), game.new_initial_state()
    clone_points = []
    for i in range(300):
        if late.is_terminal():
            break
        if late.is_chance_node():
            actions, probs = zip(*late.chance_outcomes())
            action = rng.choices(actions, probs)[0]
        else:
            action = rng.choice(late.legal_actions())
        late.apply_action(action)
        early.apply_action(action)
        for p in range(game.num_players()):
            early.information_state_string(p)
        if i % 50 == 0:
            clone_points.append(late.clone())  # clones share the frozen copy and must not spoil it
    for p in range(game.num_players()):
        assert late.information_state_string(p) == early.information_state_string(p)
    for clone in clone_points:
        replayed = pyspiel.load_game(str(game)).new_initial_state()
        for action in clone.history():
            replayed.apply_action(action)
        for p in range(game.num_players()):
            assert clone.information_state_string(p) == replayed.information_state_string(p)


@pytest.mark.parametrize("name", ["scopa_hidden_5", "soldateska_hidden_6"])
def test_a_walk_of_the_tree_folds_each_action_into_the_recall_once(name, monkeypatch):
    """OpenSpiel lists a game's states by ``child`` before it reads their information states
    (``get_all_states``, the tabular policies of its solvers): a copy folds the actions its
    state noted, so each action is folded once, not once more in every state below it (123,456
    folds for the 17,797 states of Soldateska's tiny game when each folded its deal anew)."""
    from garrison.interop._common import Recall

    folded = 0
    after = Recall.after

    def counted(self, state, mover, action):
        nonlocal folded
        folded += 1
        return after(self, state, mover, action)

    monkeypatch.setattr(Recall, "after", counted)
    game = pyspiel.load_game(openspiel.tiny_games()[name])
    states: list[pyspiel.State] = []

    def walk(state: pyspiel.State) -> None:
        states.append(state)
        if not state.is_terminal():
            for action in state.legal_actions():
                walk(state.child(action))

    first, second = game.new_initial_state(), game.new_initial_state()
    walk(first)
    for state in states:
        if not state.is_terminal() and not state.is_chance_node():
            state.information_state_string(state.current_player())
    assert folded < len(states), (folded, len(states))
    # every new state is its own: the one walked from is still at the start, as is the other
    assert first.history() == second.history() == []
