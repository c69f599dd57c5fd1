"""Chance: picking an outcome at a chance node with a caller's seeded generator.

The rules never own a random generator; whoever drives the game (a match runner, a bot, a
test) passes one in. That is what makes every game replayable from its action list.
"""

from __future__ import annotations

import random
from typing import Any

from .errors import GameError
from .state import State


def sample_chance(state: State, rng: random.Random | Any) -> int:
    """One outcome of the chance node ``state``, drawn with ``rng`` by the outcome probabilities.

    >>> import garrison, random
    >>> state = garrison.load("gambit").new_initial_state()
    >>> outcome = sample_chance(state, random.Random(7))
    >>> outcome in state.legal_actions()
    True
    """
    draw = getattr(state, "chance_outcome_at", None)
    if draw is not None:  # compiled rules: the same walk, in C
        return int(draw(rng.random()))
    return outcome_at(state.chance_outcomes(), rng.random())


def outcome_at(outcomes: list[tuple[int, float]], u: float) -> int:
    """The outcome a uniform ``u`` in [0, 1) picks: the first, in list order, whose cumulative
    probability exceeds ``u`` (the last if rounding leaves ``u`` above the sum). Compiled states
    make the same walk in C (``chance_outcome_at``). ``GameError`` for an empty list.

    >>> outcome_at([(4, 0.25), (7, 0.75)], 0.3)
    7
    """
    if not outcomes:
        raise GameError("chance node without outcomes")
    total = 0.0
    for action, prob in outcomes:
        total += prob
        if u < total:
            return action
    return outcomes[-1][0]


def uniform(ids: list[int]) -> list[tuple[int, float]]:
    """Equal probability for each id (one card from a shuffled stock, one die face)."""
    p = 1.0 / len(ids)
    return [(i, p) for i in ids]


__all__ = ["outcome_at", "sample_chance", "uniform"]
