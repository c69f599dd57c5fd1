"""Scopa on its compiled rules: records made by the rules before the conversion (``rules.py`` with
its ``_core`` twin) replay to the same returns and the same observation of every seat, during
the game and at its end; undo, clone, pickling and resampled worlds (the conformance suite holds
the compiled observation tensor to the encoding of the observation). The hand's score line has been
reworded since ("Hand 1 scored P1 5, P2 0. Totals: …", was "Hand 1 points: … Scores: …"): the
fixtures' log lines were rewritten for that wording alone."""

import json
import pickle
import random
from pathlib import Path

import pytest

import garrison
from garrison.core.compiled import CompiledState

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "compiled" / "records_before_compiled.json").read_text()
)


def _seat(key):
    return None if key == "None" else int(key)


@pytest.mark.parametrize("case", FIXTURES, ids=lambda c: json.dumps(c["record"]["options"]))
def test_records_of_the_old_rules_replay_to_the_same_views_and_end(case):
    record = case["record"]
    game = garrison.load("scopa", **record["options"])
    state = game.new_initial_state()
    for at, action in enumerate(record["actions"]):
        if str(at) in case["during"]:
            for key, obs in case["during"][str(at)].items():
                assert state.observation(_seat(key)) == obs, (at, key)
        state.apply_action(action)
    assert state.is_terminal()
    assert state.returns() == case["returns"]
    for key, obs in case["observations"].items():
        assert state.observation(_seat(key)) == obs, key
    assert garrison.replay(record) == state


def test_undo_and_clone_restore_the_struct_and_the_log():
    state = garrison.load("scopa", players=2, target=3).new_initial_state()
    rng = random.Random(3)
    seen = []
    while not state.is_terminal():
        seen.append((state.clone(), state.fields()))
        state.apply_action(rng.choice(state.legal_actions()))
    for before, fields in reversed(seen):
        state.undo()
        assert state.fields() == fields and state == before


def test_a_compiled_state_pickles_with_its_history():
    state = garrison.load("scopa", players=4, target=2).new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    copy.undo()
    assert copy.fields() != state.fields()


def test_a_resampled_world_is_compiled_pickles_and_plays_to_the_end():
    state = garrison.load("scopa", players=3, target=2).new_initial_state()
    rng = random.Random(9)
    while state.is_chance_node() or rng.random() < 0.9:
        state.apply_action(rng.choice(state.legal_actions()))
    world = state.resample(1, random.Random(0))
    assert isinstance(world, CompiledState) and len(world.history()) == len(state.history())
    assert world.observation(1) == state.observation(1)
    assert pickle.loads(pickle.dumps(world)) == world
    while not world.is_terminal():
        world.apply_action(rng.choice(world.legal_actions()))
        world.check_invariants()
    assert state.history() and not state.is_terminal()
