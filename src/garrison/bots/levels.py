"""Levels for players: each game's bots as ``easy``, ``good`` and ``strong``.

A person picking an opponent thinks in strength, not in bot names. Every game gets the same
three levels, each a bot name that ``make_bot`` takes:

* ``easy``: ``random`` — legal moves, no plan;
* ``good``: the game's own rule-of-thumb bot (its first listed bot: ``heuristic``, ``greedy``);
* ``strong``: ISMCTS with a tenth of a second per move, rollouts by the ``good`` bot (played in
  C), and ``fallback``: it plays the ``good`` bot's move unless its search shows a better one by
  1.5 standard errors, so it is never weaker than ``good`` for want of time. A game keeps its
  own strongest bot instead where that bot is an exact solver the search was not shown to beat
  (Gambit's round-optimal ``exact``). Soldateska's ``sampler`` is not its strong level: the
  search finished ahead of it (docs/bots.md, "Levels").

``ratings(game)`` gives each level's Elo measured in an arena round robin (docs/bots.md), with
``easy`` at 0, for the games where it was measured.

>>> import garrison
>>> levels(garrison.load("gambit", players=2))
{'easy': 'random', 'good': 'greedy', 'strong': 'exact'}
>>> levels(garrison.load("scopa", players=2))["strong"]
'ismcts:0.1s:fallback=1.5'
"""

from __future__ import annotations

from garrison.core import Game

#: The levels, weakest first.
LEVELS = ("easy", "good", "strong")

#: The search that plays ``strong`` where a game keeps no stronger bot of its own.
STRONG_SEARCH = "ismcts:0.1s:fallback=1.5"

#: Games whose own strongest bot (last listed) stays their ``strong`` level: exact solvers.
OWN_STRONGEST = frozenset({"gambit"})

#: Elo of each level (``easy`` = 0) from ``garrison arena GAME --round-robin`` runs with the
#: strong search on the CPU clock (docs/bots.md, "Levels"); games not listed were not measured.
RATINGS: dict[str, dict[str, int]] = {
    "scopa": {"easy": 0, "good": 436, "strong": 717},       # two players, round robin
    "soldateska": {"easy": 0, "good": 285, "strong": 424},  # four seats, one table
    "1848": {"easy": 0, "good": 446, "strong": 893},        # three players, round robin
    "solo66": {"easy": 0, "good": 633, "strong": 658},      # five seats, one table
    "stratego": {"easy": 0, "good": 199, "strong": 398},    # round robin, 2 games a pair
}


def levels(game: Game | type[Game]) -> dict[str, str]:
    """The bot name of each level for ``game`` (``LEVELS`` order)."""
    own = list(game.bots)
    good = own[0] if own else "random"
    strong = own[-1] if game.name in OWN_STRONGEST and len(own) > 1 else STRONG_SEARCH
    return {"easy": "random", "good": good, "strong": strong}


def ratings(game: Game | type[Game]) -> dict[str, int]:
    """Measured Elo per level (``easy`` = 0), or ``{}`` where none was measured."""
    return dict(RATINGS.get(game.name, {}))


__all__ = ["LEVELS", "OWN_STRONGEST", "RATINGS", "STRONG_SEARCH", "levels", "ratings"]
