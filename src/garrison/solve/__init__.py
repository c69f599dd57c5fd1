"""Exact game theory over a game's whole tree, in C: CFR, CFR+, external- and outcome-sampling
MCCFR, best response and NashConv (``garrison.core.cfr`` iterates; this package is its Python
face).

>>> import garrison
>>> from garrison import solve
>>> game = garrison.load("scopa", players=2, deal="all", hand_limit=1, suits=1, values=4)
>>> result = solve.cfr(game, 16, algorithm="cfr+")
>>> round(result.nash_conv(), 6) < 0.05
True
"""

from .cfr import ALGORITHMS, Solution, cfr, game_tree, nash_conv

__all__ = ["ALGORITHMS", "Solution", "cfr", "game_tree", "nash_conv"]
