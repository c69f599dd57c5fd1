"""The ``heuristic`` bot of Stratego, compiled (``policy.pxi``): it plays the recorded moves of the
Python bot it replaces, legal moves only, the same for the same seed, without reading a hidden
rank; its playouts end in legal histories."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import garrison
from compiled_policy_checks import (
    check_legal_deterministic_and_unchanged,
    check_no_peeking,
    check_playout_to_end,
    check_playout_to_score,
    fixture_mismatches,
    random_states,
)
from garrison.bots import make_bot
from garrison.games.stratego.actions import CATALOGUE, PLACE, RANDOM_SETUP
from garrison.games.stratego.rules import PLAY, SETUP
from garrison.games.stratego.setups import HEURISTIC

FIXTURES = Path(__file__).parent / "fixtures"
PRESETS = [
    {"max_plies": 3000},
    {"rules": "barrage", "max_plies": 3000},
    {"rules": "duel", "setup": "whole", "max_plies": 3000},
    {"rules": "isf", "army": "lightning", "setup_rows": 3, "forget_revealed": True,
     "max_plies": 3000},
]


def test_plays_every_recorded_move_of_the_python_bot():
    count, wrong = fixture_mismatches(FIXTURES / "policy_moves.json", "stratego")
    assert count >= 2000
    assert wrong == []


def test_the_bot_is_the_compiled_policy():
    game = garrison.load("stratego")
    assert make_bot(game, "heuristic", 0, seed=1).compiled_policy
    assert game.new_initial_state().has_policy()


def test_legal_deterministic_and_leaves_the_state_as_it_was():
    rng = random.Random(1)
    for state in random_states("stratego", PRESETS, 120, seed=2, max_plies=500):
        check_legal_deterministic_and_unchanged(state, rng)


def test_reads_no_hidden_rank():
    rng = random.Random(3)
    played = 0
    for state in random_states("stratego", PRESETS, 120, seed=4, max_plies=500):
        played += state.phase == PLAY
        check_no_peeking(state, rng)
    assert played > 60


def test_its_noise_comes_from_the_seed():
    state = next(iter(random_states("stratego", PRESETS[:1], 1, seed=5, policy_share=1.0,
                                    max_plies=200)))
    while state.phase != PLAY or len(state.legal_actions()) < 10:
        state.apply_action(state.policy_action(len(state.history())))
    assert len({state.policy_action(seed) for seed in range(40)}) > 1


@pytest.mark.parametrize("options", PRESETS)
def test_playouts_end_in_legal_histories(options):
    rng = random.Random(6)
    for state in random_states("stratego", [options], 2, seed=7, max_plies=80):
        check_playout_to_end("stratego", options, state, rng.getrandbits(64))
        # the returns change only at the end: a playout to the next score plays to the end
        end = check_playout_to_score("stratego", options, state, rng.getrandbits(64))
        assert end.is_terminal()


def test_sets_up_piece_by_piece_whole_or_from_the_archive():
    rng = random.Random(8)
    state = garrison.load("stratego", setup="whole").new_initial_state()
    assert state.policy_action(rng.getrandbits(64)) == RANDOM_SETUP
    state = garrison.load("stratego").new_initial_state()  # pieces or whole: piece by piece
    first = {state.policy_action(rng.getrandbits(64)) for _ in range(40)}
    assert all(PLACE <= a < PLACE + 10 for a in first) and len(first) > 3  # the Flag at the back
    archive = FIXTURES / "gravon" / "classic-2015.2-0.xml"
    state = garrison.load("stratego", setup_file=str(archive)).new_initial_state()
    human = {state.policy_action(rng.getrandbits(64)) for _ in range(40)}
    assert human == {CATALOGUE + HEURISTIC, CATALOGUE + HEURISTIC + 1}  # both of the game's
    assert state.phase == SETUP
