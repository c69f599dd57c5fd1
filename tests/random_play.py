"""Random play for tests: one legal action or chance outcome at a time, from a seeded generator."""

from __future__ import annotations

import random
from typing import Any

import garrison


def random_step(state: Any, rng: random.Random) -> None:
    """Apply one action: a chance outcome drawn by ``garrison.sample_chance`` at chance, else a
    legal action chosen uniformly."""
    if state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_randomly(state: Any, rng: random.Random, steps: int) -> Any:
    """At most ``steps`` random actions, stopping at the end of the game; returns ``state``."""
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state
