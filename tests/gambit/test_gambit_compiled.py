"""Gambit on its compiled rules: records made by the Python rules before the conversion (their log lines
naming seats P1, P2, ... as the rules did by then) replay to the same end. What every compiled
game guarantees (tensor, undo, copies, playouts) is in tests/conformance/test_compiled_states.py."""

import json
import random
from pathlib import Path

import pytest

import garrison

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "records_before_compiled.json").read_text())


@pytest.mark.parametrize("case", FIXTURES, ids=lambda c: json.dumps(c["record"]["options"]))
def test_records_of_the_python_rules_replay_to_the_same_end(case):
    state = garrison.replay(case["record"])
    assert state.is_terminal()
    assert state.returns() == case["returns"]
    obs = state.observation(0)
    # the observation has since gained each seat's latest move (``last_moves``) for the page
    assert set(obs) - set(case["observation"]) == {"last_moves"}
    assert {k: obs[k] for k in case["observation"]} == case["observation"]


def test_an_illegal_action_changes_nothing_and_is_explained():
    state = garrison.load("gambit", players=2).new_initial_state()
    state.apply_action(0)  # rolled 1 1 1 1 1
    before, history = state.fields(), state.history()
    with pytest.raises(garrison.IllegalActionError, match="no 6 left to set aside"):
        state.apply_action(5)
    with pytest.raises(garrison.IllegalActionError, match="set aside at least one die"):
        state.apply_action(6)
    assert state.fields() == before and state.history() == history


def test_a_compiled_state_pickles_with_its_history():
    import pickle

    state = garrison.load("gambit", players=2, mode="trader").new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    copy.undo()
    assert copy.fields() != state.fields()


def test_resample_returns_a_compiled_world_that_plays_on():
    from garrison.core.compiled import CompiledState

    state = garrison.load("gambit", players=3).new_initial_state()
    state.apply_action(17)
    world = state.resample(1, random.Random(0))
    assert isinstance(world, CompiledState) and world == state
    world.apply_action(world.legal_actions()[0])
    assert world != state and state.history() == [17]
