"""``garrison.replay`` builds a game once per class and options and reuses it for the records that
name them; the state it returns behaves as one played move by move: equal to it after every undo
back to the start, copied, pickled and played on alike."""

from __future__ import annotations

import pickle
import random

import pytest

import garrison
from garrison import RecordError
from garrison.core import registry


def _played(name: str, seed: int = 0, steps: int = 200) -> list:
    """The states of a random game of ``name`` (bench options), one per action, move by move."""
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= steps:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("name", garrison.games())
def test_a_replayed_state_undoes_copies_and_pickles_as_one_played_move_by_move(name):
    states = _played(name)
    record = states[-1].to_record()
    state = garrison.replay(record)
    assert state == states[-1]
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    clone = state.clone()
    for before in reversed(states[:-1]):
        state.undo()
        assert state == before
        assert state.events() == before.events()
        assert state.legal_actions() == before.legal_actions()
        assert state.observation(0) == before.observation(0)
    with pytest.raises(garrison.GameError):
        state.undo()
    assert clone == states[-1]  # the copy kept its node while the state went back
    rng = random.Random(1)
    played = states[-1].clone()
    for _ in range(30):  # and the replayed state plays on as the original does
        if clone.is_terminal():
            break
        action = (garrison.sample_chance(clone, rng) if clone.is_chance_node()
                  else rng.choice(clone.legal_actions()))
        clone.apply_action(action)
        played.apply_action(action)
        assert clone == played


def test_records_with_the_same_class_and_options_share_one_game():
    record = _played("gambit", steps=5)[-1].to_record()
    first = garrison.replay(record).game
    assert garrison.replay(record).game is first
    assert first == garrison.load("gambit", **record["options"])
    reordered = dict(record, options=dict(reversed(list(record["options"].items()))))
    assert garrison.replay(reordered).game is first
    bare = dict(record, options={})  # the defaults given by name or left out: other options
    assert garrison.replay(bare).game == garrison.load("gambit")


def test_an_option_of_another_type_is_another_game_and_a_bad_one_still_names_itself():
    record = _played("scopa", steps=0)[-1].to_record()
    one = dict(record, options=dict(record["options"], target=1))
    assert garrison.replay(one).game.params.target == 1
    with pytest.raises(RecordError, match="target"):  # True == 1, but not a target
        garrison.replay(dict(record, options=dict(record["options"], target=True)))
    for bad in ([2], {"n": 2}):  # values that cannot be a key: loaded as before, and refused
        with pytest.raises(RecordError, match="players"):
            garrison.replay(dict(record, options=dict(record["options"], players=bad)))


def test_a_game_registered_again_under_its_name_is_the_one_replay_builds():
    record = _played("gambit", steps=5)[-1].to_record()
    cls = garrison.game_class("gambit")
    assert type(garrison.replay(record).game) is cls

    class Again(cls):  # type: ignore[misc, valid-type]
        pass

    try:
        registry.register(Again)
        again = garrison.replay(record)
        assert type(again.game) is Again and again.history() == record["actions"]
    finally:
        registry._REGISTERED.pop("gambit", None)
        registry._catalogue.cache_clear()
    assert type(garrison.replay(record).game) is cls


def _undo_to_start(state, states):
    """Undo ``state`` to the start, equal at every step to the state played move by move."""
    for before in reversed(states[: state.move_number()]):
        state.undo()
        assert state == before
        assert state.events() == before.events()


@pytest.mark.parametrize("name", garrison.games())
def test_an_action_that_fails_inside_a_replay_leaves_the_state_before_it(name):
    """The log cannot take the events of an action in the middle of the record: that action is
    refused (``MemoryError``) with the state as it was before it, and it undoes to the start."""
    states = _played(name, seed=2)
    actions = states[-1].history()
    logging = [k for k in range(len(actions)) if len(states[k + 1].events()) > len(states[k].events())]
    assert logging, f"{name}: no action of this game logs an event"
    # the first in the second half of the record, else the last (never the first action: a gap
    # starts after it)
    at = next((k for k in logging if k >= len(actions) // 2), logging[-1])
    assert at > 0, f"{name}: only the first action logs an event"
    state = states[0].clone()
    state._set_event_limit(len(states[at].events()))
    with pytest.raises(MemoryError):
        state.apply_legal_prefix(actions)
    assert state == states[at] and state.history() == actions[:at]
    state._set_event_limit(2**31 - 1)
    _undo_to_start(state, states)


@pytest.mark.parametrize("name", garrison.games())
def test_a_replay_in_parts_and_a_lowered_event_limit_undo_as_played(name):
    states = _played(name, seed=5)
    actions = states[-1].history()
    third = len(actions) // 3
    state = states[0].clone()
    assert state.apply_legal_prefix(actions[:third]) == third
    assert state.apply_legal_prefix(actions[third: 2 * third]) == third  # after the first's gap
    state.apply_action(actions[2 * third])
    assert state.apply_legal_prefix(actions[2 * third + 1:]) == len(actions) - 2 * third - 1
    assert state == states[-1]
    state._set_event_limit(0)  # lowered after the fact: undo still makes the same states
    _undo_to_start(state, states)
