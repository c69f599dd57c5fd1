"""Gambit bots: ``greedy`` maximises the expected score of its own turn; ``exact`` plays the
round-optimal policy (avoid the lowest score, knowing the scores already posted and that the
players after it respond optimally). Both read only the observation (everything is public)."""

from __future__ import annotations

from collections import Counter

import numpy as np

from garrison.core import Bot, State

from . import actions
from .solver import round_solver, turn_solver


class _SolverBot(Bot):
    """Plays the best set-aside for a value table, one die at a time, then rolls."""

    def values(self, obs: dict) -> np.ndarray:
        raise NotImplementedError

    def step(self, state: State) -> int:
        obs = state.observation(self.seat)
        roll = tuple(obs["roll"])
        taken = tuple(obs["taken"])
        before = tuple(sorted((Counter(obs["kept"]) - Counter(taken)).elements()))
        solver = turn_solver(obs["dice"])
        best, _ = solver.best_set_aside(self.values(obs), before, roll, taken)
        still = Counter(best) - Counter(taken)
        if not still:
            return actions.ROLL
        return actions.keep(min(still.elements()))


class GreedyBot(_SolverBot):
    name = "greedy"
    description = "maximises the expected score of its own turn (exact)"

    def values(self, obs: dict) -> np.ndarray:
        solver = turn_solver(obs["dice"])
        return solver_values(obs["dice"], solver)


def solver_values(dice: int, solver) -> np.ndarray:  # noqa: ANN001
    cache = _EXPECTED.get(dice)
    if cache is None:
        cache = _EXPECTED[dice] = solver.solve(solver.utility("expected"))
    return cache


_EXPECTED: dict[int, np.ndarray] = {}


class ExactBot(_SolverBot):
    name = "exact"
    description = "round-optimal: avoids the lowest score given the scores already posted"

    def values(self, obs: dict) -> np.ndarray:
        order = obs["order"]
        after = len(order) - order.index(self.seat) - 1
        posted = [p["score"] for p in obs["players"] if p["seat"] in order and p["score"] is not None]
        return round_solver(obs["dice"]).values(after, min(posted) if posted else None)


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot, ExactBot.name: ExactBot}
