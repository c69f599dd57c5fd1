"""The ``heuristic`` bot of 1848, compiled (``policy.pxi``): it plays the recorded moves of the
Python bot it replaces, legal moves only, the same for the same seed, without peeking at hidden
cards; its playouts end in legal histories."""

from __future__ import annotations

import random
from pathlib import Path

from compiled_policy_checks import (
    random_states,
)

FIXTURE = Path(__file__).parent / "fixtures" / "policy_moves.json"
PRESETS = [{"players": 2}, {"players": 2, "rules": "base"}, {"players": 3},
           {"players": 4, "patt_limit": 2}]


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
