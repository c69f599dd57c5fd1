"""Seed "End of the Round" and "End of the Game": the bank running dry, Kokette's dice."""

from __future__ import annotations

import random

from soldateska_helpers import play_recruitment_b, recruitment_b, roll_pair, rolls

import garrison
from garrison import CHANCE
from garrison.games.soldateska import rules as R


def test_wages_stop_when_the_bank_runs_dry_and_the_game_ends():
    state = recruitment_b(ducats_per_player=3, returns="win")
    play_recruitment_b(state)
    rolls(state, 0, 1, 3)  # Bomb: re-roll, dud; Kokette 3 (nothing to pay)
    assert state.bank == 7  # two medals paid
    rolls(state, 4)  # Spy +4: bank 3
    # the General (seat 1, by the Flag) gets the last 3 of his 5; the Major gets nothing
    assert state.is_terminal() and state.current_player() == garrison.TERMINAL
    assert state.bank == 0 and state.ducats == (1, 1 + 3, 4)
    assert state.returns() == [0.0, 0.5, 0.5]  # equal ducats share the win
    assert "Wages: General P2 +3, Major P3 +0. Bank: 0." in state.observation(0)["settlement"]


def test_the_game_ends_right_after_the_step_that_empties_the_bank():
    state = recruitment_b(ducats_per_player=1)
    play_recruitment_b(state)
    rolls(state, 1, 0)  # Bomb dud, Kokette 0
    assert state.bank == 1 and state.phase == R.SPY_ROLL
    rolls(state, 4)  # the Spy receives the last ducat
    assert state.is_terminal() and state.ranks == (-1, -1, -1)  # no ranks, no wages
    assert state.returns() == [1.0, 1.0, 1.0]


def test_kokette_with_both_dice():
    game = garrison.load("soldateska", players=5, kokette_dice=2)
    rng = random.Random(3)
    state = game.new_initial_state()
    while not (state.phase == R.KOKETTE_ROLL and state.ducats[state.roller] >= 6):
        assert not state.is_terminal()
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 15 and abs(outcomes[0] - 1 / 25) < 1e-12
    assert abs(outcomes[1] - 2 / 25) < 1e-12
    seat = state.roller
    assert state.action_to_string(1) == "roll 0+1"
    roll_pair(state, 4, 2)
    lines = state.observation(None)["settlement"]
    assert f"3. Kokette: P{seat + 1} rolls 2+4 and spends 6 ducats on her." in lines
    state.check_invariants()


def test_kokette_with_one_die_and_the_deserter_paying_per_trick():
    game = garrison.load("soldateska", players=4)
    rng = random.Random(9)
    state = game.new_initial_state()
    seen_deserter = False
    while not (state.phase == R.KOKETTE_ROLL and state.ducats[state.roller] >= 3):
        assert not state.is_terminal()
        if state.phase == R.BOMB_ROLL and state.round > 1:
            deserter = next(s for s in range(4) if (state.won[s] | (
                state.aside if s == state.aside_owner else 0)) >> R.K.DESERTER & 1)
            owed, had = state.ntricks[deserter], state.ducats[deserter]
            rolls(state, 1)  # a dud; step 2 follows at once
            assert state.ducats[deserter] == had - min(owed, had)
            seen_deserter = True
            continue
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert dict(state.chance_outcomes()) == {face: 0.2 for face in range(5)}
    seat = state.roller
    rolls(state, 3)
    assert f"3. Kokette: P{seat + 1} rolls 3 and spends 3 ducats on her." in state.settlement
    assert seen_deserter
