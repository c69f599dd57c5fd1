"""Stratego on its compiled rules: records made by the Python rules before the conversion replay
to the same end (returns, every seat's observation, the legal moves where the game goes on); the
conformance suite holds the compiled observation tensor to the encoding of the observation."""

import json
import pickle
import random
from pathlib import Path

import pytest

import garrison
from garrison.core.compiled import CompiledState
from garrison.games.stratego.game import StrategoGame
from garrison.games.stratego.rules import CHASE_MEMORY
from random_play import random_step

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "compiled" / "records_before_compiled.json").read_text())


@pytest.mark.parametrize("case", FIXTURES, ids=lambda c: json.dumps(c["record"]["options"]["rules"]))
def test_records_of_the_python_rules_replay_to_the_same_state(case):
    state = garrison.replay(case["record"])
    assert state.is_terminal() == case["terminal"]
    assert state.returns() == case["returns"]
    assert [[a, state.action_to_string(a)] for a in state.legal_actions()] == case["legal"]
    for seat in (0, 1, None):
        obs = state.observation(seat)
        # the one thing added since these records were made: at the end every piece left is
        # shown (docs/rules/stratego.md, "The end")
        assert ("revealed" in obs) == state.is_terminal()
        obs.pop("revealed", None)
        assert obs == case["observations"][str(seat)]


def _random_games(config, games=3, seed=7):
    """One state walking through random games of ``config`` (chance sampled), yielded at every
    node (the same object, moved on after each yield)."""
    game = garrison.load("stratego", **config)
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while True:
            yield state
            if state.is_terminal():
                break
            random_step(state, rng)


def test_undo_and_clone_restore_the_struct_and_the_log():
    config = {"rules": "isf", "max_plies": 120, "setup": "whole"}  # chase memory copied too
    seen = []
    state = None
    for state in _random_games(config, games=1, seed=3):
        seen.append((state.clone(), state.fields()))
    assert state is not None
    for before, fields in reversed(seen[:-1]):
        state.undo()
        assert state.fields() == fields and state == before


def test_a_compiled_state_pickles_with_its_history_and_a_world_without():
    state = garrison.load("stratego", rules="isf", setup="whole").new_initial_state()
    rng = random.Random(5)
    state.apply_action(state.legal_actions()[1])
    state.apply_action(state.legal_actions()[4])
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.history() == state.history()
    world = state.resample(0, random.Random(2))
    again = pickle.loads(pickle.dumps(world))
    assert again.fields() == world.fields() and again.history() == []


def test_resample_in_play_returns_a_compiled_world_that_plays_on():
    config = {"setup": "whole", "max_plies": 80}
    state = next(s for i, s in enumerate(_random_games(config, games=1, seed=11)) if i == 40)
    assert not state.is_terminal()
    world = state.resample(1, random.Random(0))
    assert isinstance(world, CompiledState) and type(world) is type(state)
    assert world.history() == [] and world.board == state.board
    world.apply_action(world.legal_actions()[0])
    assert world.ply == state.ply + 1 and state.history() != []


def test_a_catalogue_longer_than_the_kernels_buffer_is_offered_whole(tmp_path, monkeypatch):
    """Setup offers every catalogue entry even past the 512 ids the kernel buffers per node."""
    from garrison.games.stratego import setups

    monkeypatch.setattr(setups, "HEURISTIC", 600)
    game = StrategoGame(StrategoGame.Params(setup="whole"))
    state = game.new_initial_state()
    legal = state.legal_actions()
    assert len(legal) == 601 and legal[-1] == 3701 + 599
    state.apply_action(3701 + 599)  # the last entry is legal and sets Red up
    assert state.current_player() == 1 and state.placed == (40, 0)


def test_the_chase_memory_is_far_longer_than_any_chase_in_random_play():
    longest = 0
    for state in _random_games({"rules": "isf", "max_plies": 400, "setup": "whole"}, games=4):
        chase = state.chase
        if chase is not None:
            longest = max(longest, len(chase[2]))
    assert 0 < longest < CHASE_MEMORY // 8
