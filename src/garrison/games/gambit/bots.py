"""Gambit bots: ``greedy`` maximises the expected score of its own turn; ``exact`` plays the
round-optimal policy (avoid the lowest score, knowing the scores already posted and that the
players after it respond optimally). Both read only the observation (everything is public)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, cast

import numpy as np

from garrison.core import Bot, State

from . import actions
from .solver import round_solver, turn_solver

if TYPE_CHECKING:
    from .state import GambitState


class _SolverBot(Bot):
    """Plays the best set-aside for a value table, one die at a time, then rolls.

    Everything in Gambit is public, so the bots read the typed state's accessors (what
    ``observation`` would tell them, without building the view and its log text)."""

    def values(self, state: GambitState) -> np.ndarray:
        raise NotImplementedError

    def step(self, state: State) -> int:
        game_state = cast("GambitState", state)
        roll = game_state.roll or ()
        taken = game_state.taken
        before = tuple(sorted((Counter(game_state.kept) - Counter(taken)).elements()))
        solver = turn_solver(game_state.params.dice)
        best, _ = solver.best_set_aside(self.values(game_state), before, roll, taken)
        still = Counter(best) - Counter(taken)
        if not still:
            return actions.ROLL
        return actions.keep(min(still.elements()))


class GreedyBot(_SolverBot):
    name = "greedy"
    description = "maximises the expected score of its own turn (exact)"

    def values(self, state: GambitState) -> np.ndarray:
        dice = state.params.dice
        return solver_values(dice, turn_solver(dice))


def solver_values(dice: int, solver) -> np.ndarray:  # noqa: ANN001
    cache = _EXPECTED.get(dice)
    if cache is None:
        cache = _EXPECTED[dice] = solver.solve(solver.utility("expected"))
    return cache


_EXPECTED: dict[int, np.ndarray] = {}


class ExactBot(_SolverBot):
    name = "exact"
    description = "round-optimal: avoids the lowest score given the scores already posted"

    def values(self, state: GambitState) -> np.ndarray:
        order = state.order
        after = len(order) - order.index(self.seat) - 1
        posted = [score for s in order if (score := state.scores[s]) is not None]
        return round_solver(state.params.dice).values(after, min(posted) if posted else None)


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot, ExactBot.name: ExactBot}
