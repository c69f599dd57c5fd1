"""Levels for players: each game's bots as ``easy``, ``good`` and ``strong``.

A person picking an opponent thinks in strength, not in bot names. Every game gets the same
three levels, each a bot name that ``make_bot`` takes:

* ``easy``: ``random`` — legal moves, no plan;
* ``good``: the game's own rule-of-thumb bot (its first listed bot: ``heuristic``, ``greedy``);
* ``strong``: the game's own strongest bot when it lists a stronger one than ``good`` (Gambit's
  round-optimal ``exact``), else ISMCTS with a second per move, rollouts by the ``good`` bot,
  and ``fallback``: it plays the ``good`` bot's move unless its search shows a better one by
  1.5 standard errors, so it is never weaker than ``good`` for want of time.

>>> import garrison
>>> levels(garrison.load("gambit", players=2))
{'easy': 'random', 'good': 'greedy', 'strong': 'exact'}
>>> levels(garrison.load("scopa", players=2))["strong"]
'ismcts:1s:fallback=1.5'
"""

from __future__ import annotations

from garrison.core import Game

#: The levels, weakest first.
LEVELS = ("easy", "good", "strong")

#: The search that plays ``strong`` where a game has no stronger bot of its own.
STRONG_SEARCH = "ismcts:1s:fallback=1.5"


def levels(game: Game | type[Game]) -> dict[str, str]:
    """The bot name of each level for ``game`` (``LEVELS`` order)."""
    own = list(game.bots)
    good = own[0] if own else "random"
    strong = own[-1] if len(own) > 1 else STRONG_SEARCH
    return {"easy": "random", "good": good, "strong": strong}


__all__ = ["LEVELS", "STRONG_SEARCH", "levels"]
