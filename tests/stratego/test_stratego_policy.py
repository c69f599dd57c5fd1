"""The ``heuristic`` bot of Stratego, compiled (``policy.pxi``): it plays the recorded moves of the
Python bot it replaces, legal moves only, the same for the same seed, without reading a hidden
rank; its playouts end in legal histories."""

from __future__ import annotations

import random
from pathlib import Path

import garrison
from compiled_policy_checks import (
    check_no_peeking,
    random_states,
)
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
