"""The compiled Soldateska (rules.pyx): its log across undo and in resampled worlds.

Records of the Python rules it replaced (tests/soldateska/fixtures/compiled, one per test config
and more) replay in tests/conformance/test_compiled_records.py; what every compiled game
guarantees (tensor, undo, copies, playouts) is in tests/conformance/test_compiled_states.py.
"""

from __future__ import annotations

import random
from pathlib import Path

import garrison
from garrison.games.soldateska.game import SoldateskaGame


def test_there_are_records_of_the_python_rules_for_every_test_config():
    fixtures = list((Path(__file__).parent / "fixtures" / "compiled").glob("*.json"))
    assert len(fixtures) >= len(SoldateskaGame.test_configs)


def test_a_resampled_world_keeps_no_private_event_of_another_seat():
    game = garrison.load("soldateska", players=4, max_rounds=3)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.round > 1 and state.phase == 5 and state.current_player() == 1:
            world = state.resample(1, random.Random(checked))
            assert world.observation(1) == state.observation(1)
            private = {code for code, a, _b, _c in world.events() if a != 1} & set(
                garrison.games.soldateska.rules.PRIVATE
            )
            assert not private
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked


def test_the_log_read_after_an_undo_and_another_move_is_the_new_game_s():
    # the views keep the log's text on the state; an undo and a different move of the same
    # length must not show the old lines
    game = garrison.load("soldateska", players=3, max_rounds=2)
    rng = random.Random(11)
    state = game.new_initial_state()
    tried = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1:
            state.apply_action(legal[0])
            state.observation(0)
            state.undo()
            state.apply_action(legal[-1])
            fresh = garrison.replay(state.to_record())
            assert state.observation(0) == fresh.observation(0)
            tried += 1
        else:
            state.apply_action(legal[0])
        if rng.random() < 0.5 and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    assert tried > 20
