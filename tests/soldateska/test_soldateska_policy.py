"""The ``heuristic`` bot of Soldateska, compiled (``policy.pxi``): it plays the recorded moves of
the Python bot it replaces, legal moves only, the same for the same seed, without peeking at
hidden cards; its playouts end in legal histories and stop at a round's settlement when asked."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import garrison
from compiled_policy_checks import (
    check_playout_to_end,
    check_playout_to_score,
    random_states,
)
from garrison.bots import make_bot
from garrison.games.soldateska import deck as K
from garrison.games.soldateska import rules

FIXTURE = Path(__file__).parent / "fixtures" / "policy_moves.json"
PRESETS = [
    {"players": 3, "ducats_per_player": 4},
    {"players": 4, "ducats_per_player": 4, "deck": "full"},
    {"players": 5, "ducats_per_player": 4, "deck": "five_suits", "tobacco_trump": True},
    {"players": 6, "ducats_per_player": 4, "duel_anytime": True, "returns": "win"},
]


def test_the_heuristic_is_the_compiled_policy_and_the_sampler_is_not():
    game = garrison.load("soldateska")
    assert make_bot(game, "heuristic", 0, seed=1).compiled_policy
    assert not make_bot(game, "sampler", 0, seed=1).compiled_policy  # rollouts must not take it
    assert game.new_initial_state().has_policy()


@pytest.mark.parametrize("options", PRESETS)
def test_playouts_end_in_legal_histories_and_stop_at_a_settlement(options):
    rng = random.Random(5)
    stops = 0
    for state in random_states("soldateska", [options], 4, seed=6, max_plies=120):
        check_playout_to_end("soldateska", options, state, rng.getrandbits(64))
        end = check_playout_to_score("soldateska", options, state, rng.getrandbits(64))
        if not end.is_terminal():
            stops += 1
            assert end.round == state.round + 1  # the round was settled: the next one began
    if options.get("returns") == "win":
        assert stops == 0  # the returns change only at the end
    else:
        assert stops > 0


def test_the_sampler_takes_the_heuristics_declaration_pass_and_lay_aside():
    rng = random.Random(9)
    looked = set()
    for state in random_states("soldateska", PRESETS[:3], 300, seed=10, policy_share=0.9):
        if state.phase in (rules.DECLARE, rules.PASS, rules.ASIDE):
            seat = state.current_player()
            sampler = make_bot(state.game, "sampler", seat, seed=rng.randrange(100))
            assert sampler.step(state) == state.policy_action(rng.getrandbits(64))
            looked.add(state.phase)
    assert looked == {rules.DECLARE, rules.PASS, rules.ASIDE}


def test_card_values():
    assert rules.loot(K.card_of(K.SABERS, 10), 5) == pytest.approx(2.0)  # 10 points and a medal
    assert rules.loot(K.BOMB, 8) == -3.0 and rules.loot(K.DESERTER, 0) == -5.0
    assert rules.keep_value(K.card_of(K.TOBACCO, 4), K.SABERS) == pytest.approx(-0.2)
    assert rules.keep_value(K.card_of(K.SABERS, 5), K.SABERS) == pytest.approx(0.4)
    assert rules.keep_value(K.GENERAL, -1) == pytest.approx(1.05)
