"""Gambit bots: ``greedy`` maximises the expected score of its own turn; ``exact`` plays the
round-optimal policy (avoid the lowest score, knowing the scores already posted and that the
players after it respond optimally), with each mode's other stakes on top
(``solver.mode_values``: Treasure Hunt's pool for the prize, Coin Trader's highest score). Both
read only the typed state (everything is public).

Both play the best set-aside for a table of the solver's values (``solver.py``), one die at a
time, then roll. That move is written once, in C, in the compiled rules (``policy.pxi``):
``greedy`` is the state's compiled policy (its table, the expected score of a turn, is filled
once per dice count), so search plays its rollouts in C; ``exact`` hands the round solver's
table to the same code (``solver_move``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core import Bot, CompiledPolicyBot, State

from .rules import solver_move
from .solver import mode_values

if TYPE_CHECKING:
    from .state import GambitState


class GreedyBot(CompiledPolicyBot):
    name = "greedy"
    description = "maximises the expected score of its own turn (exact)"


class ExactBot(Bot):
    name = "exact"
    description = ("round-optimal: avoids the lowest score given the scores already posted "
                   "(and hunts the treasure's pool, or the trader's highest score)")

    def step(self, state: State) -> int:
        game_state = cast("GambitState", state)
        order = game_state.order
        after = len(order) - order.index(self.seat) - 1
        posted = [score for s in order if (score := game_state.scores[s]) is not None]
        p = game_state.params
        values = mode_values(game_state.dice, p.mode, after, min(posted, default=None),
                             max(posted, default=None), game_state.pool, p.prize)
        return solver_move(game_state, values)


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot, ExactBot.name: ExactBot}
