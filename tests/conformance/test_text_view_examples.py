"""Every example a game's text view gives at the prompt ("e.g. 'h10'", "e.g. b4-b5") is a move
the player may make there: typed as shown, it is read as a legal move (random games of every
game, each seat's own view at its turn)."""

from __future__ import annotations

import random
import re

import pytest

import garrison

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
