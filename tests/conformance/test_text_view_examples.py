"""The last line of a game's text view (random games of every game): the seat to move is asked
what to do, the others read whom the table waits for, and every example the prompt gives
("e.g. 'h10'", "e.g. b4-b5") is a move the player may make there: typed as shown, it is read as
a legal move."""

from __future__ import annotations

import random
import re

import pytest

import garrison
from random_play import decisions

QUOTED = re.compile(r"e\.g\. '([^']+)'")
STRATEGO_STEP = re.compile(r"e\.g\. ([a-j]\d+[-x][a-j]\d+)")
#: The games whose prompts show an example move (the others list their moves in words).
GIVE_EXAMPLES = {"gambit", "scopa", "soldateska", "solo66", "stratego"}


@pytest.mark.parametrize("name", garrison.games())
def test_every_example_at_the_prompt_is_a_legal_move(name: str) -> None:
    game = garrison.load(name)
    examples = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            if not state.is_chance_node():
                text = game.render(state.observation(state.current_player()))
                for typed in QUOTED.findall(text) + STRATEGO_STEP.findall(text):
                    examples += 1
                    assert state.parse_action(typed) in state.legal_actions(), (typed, text)
            state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
    assert (examples > 0) == (name in GIVE_EXAMPLES)


@pytest.mark.parametrize("name", garrison.games())
def test_the_others_read_whom_the_table_waits_for_and_the_mover_is_asked(name: str) -> None:
    game = garrison.load(name)
    rng = random.Random(2)
    for state in decisions(game.new_initial_state(), rng):
        mover = state.current_player()
        asked = game.render(state.observation(mover)).splitlines()[-1]
        who = ("Red", "Blue")[mover] if name == "stratego" else f"P{mover + 1}"
        for seat in [*range(game.num_players), None]:
            if seat == mover:
                continue
            waiting = game.render(state.observation(seat)).splitlines()[-1]
            assert waiting != asked
            # The mover is named, except while Stratego's two sides set up (both are asked).
            assert who in waiting or waiting == "Waiting for the other side to set up.", waiting
        state.apply_action(rng.choice(state.legal_actions()))
