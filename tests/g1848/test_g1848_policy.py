"""The ``heuristic`` bot of 1848, compiled (``policy.pxi``): it plays the recorded moves of the
Python bot it replaces, legal moves only, the same for the same seed, without peeking at hidden
cards; its playouts end in legal histories."""

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

FIXTURE = Path(__file__).parent / "fixtures" / "policy_moves.json"
PRESETS = [{"players": 2}, {"players": 2, "rules": "base"}, {"players": 3},
           {"players": 4, "patt_limit": 2}]


def test_plays_every_recorded_move_of_the_python_bot():
    count, wrong = fixture_mismatches(FIXTURE, "1848")
    assert count >= 2000
    assert wrong == []


def test_the_bot_is_the_compiled_policy():
    game = garrison.load("1848")
    bot = make_bot(game, "heuristic", 0, seed=3)
    assert bot.compiled_policy and bot.name == "heuristic"
    assert game.new_initial_state().has_policy()


def test_legal_deterministic_and_leaves_the_state_as_it_was():
    rng = random.Random(1)
    for state in random_states("1848", PRESETS, 120, seed=2):
        check_legal_deterministic_and_unchanged(state, rng)


def test_reads_nothing_hidden():
    rng = random.Random(3)
    for state in random_states("1848", PRESETS, 100, seed=4):
        check_no_peeking(state, rng)


@pytest.mark.parametrize("options", PRESETS)
def test_playouts_end_in_legal_histories(options):
    rng = random.Random(5)
    for state in random_states("1848", [options], 3, seed=6, max_plies=60):
        check_playout_to_end("1848", options, state, rng.getrandbits(64))
        # the returns change only at the end: a playout to the next score plays to the end
        end = check_playout_to_score("1848", options, state, rng.getrandbits(64))
        assert end.is_terminal()


def test_gives_an_army_to_itself_and_draws_from_the_shorter_pile():
    rng = random.Random(7)
    seen = set()
    for state in random_states("1848", PRESETS, 400, seed=8, policy_share=0.8):
        seat = state.current_player()
        legal = state.legal_actions()
        move = state.policy_action(rng.getrandbits(64))
        if state.phase == "assign" and 199 + seat in legal:
            assert move == 199 + seat
            seen.add("assign")
        if state.phase == "draw":
            persons, zusatz = state.hand_counts(seat)
            assert move == (203 if persons <= zusatz else 204)
            seen.add("draw")
    assert "draw" in seen
