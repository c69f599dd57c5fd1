"""Levels for players: each game's bots as ``easy``, ``good``, ``strong`` and, where a learned
player is measured stronger, ``master``.

A person picking an opponent thinks in strength, not in bot names. Every game gets the same
three levels, each a bot name that ``make_bot`` takes, and some a fourth:

* ``easy``: ``random`` — legal moves, no plan;
* ``good``: the game's own rule-of-thumb bot (its first listed bot: ``heuristic``, ``greedy``);
* ``strong``: ISMCTS with a tenth of a second per move, rollouts by the ``good`` bot (played in
  C), and ``fallback``: it plays the ``good`` bot's move unless its search shows a better one by
  1.5 standard errors, so it is never weaker than ``good`` for want of time. A game keeps its
  own strongest bot instead where that bot is an exact solver the search was not shown to beat
  (``Game.strong_bot``: Gambit's round-optimal ``exact``). Soldateska's ``sampler`` is not its strong level: the
  search finished ahead of it (docs/bots.md, "Levels").
* ``master``: only where the game names a learned player measured stronger than ``strong``
  (``Game.master_bot``; Stratego: the same search with its rollouts and first tries played by the
  move prior learned from people's games, ``ismcts:0.1s:fallback=1.5:rollout=prior``).

``ratings(game)`` gives each level's Elo measured in an arena round robin (docs/bots.md), with
``easy`` at 0, for the games where it was measured (``Game.level_ratings``, kept with the game).

>>> import garrison
>>> levels(garrison.load("gambit", players=2))
{'easy': 'random', 'good': 'greedy', 'strong': 'exact'}
>>> levels(garrison.load("scopa", players=2))["strong"]
'ismcts:0.1s:fallback=1.5'
"""

from __future__ import annotations

from garrison.core import Game

#: The levels, weakest first (``master`` only in the games that have one).
LEVELS = ("easy", "good", "strong", "master")

#: The search that plays ``strong`` where a game keeps no stronger bot of its own.
STRONG_SEARCH = "ismcts:0.1s:fallback=1.5"

def levels(game: Game | type[Game]) -> dict[str, str]:
    """The bot name of each level for ``game`` (``LEVELS`` order; ``master`` only where the game
    has one)."""
    own = list(game.bots)
    good = own[0] if own else "random"
    named = {"easy": "random", "good": good, "strong": game.strong_bot or STRONG_SEARCH}
    if game.master_bot:
        named["master"] = game.master_bot
    return named


def ratings(game: Game | type[Game]) -> dict[str, int]:
    """Measured Elo per level (``easy`` = 0), or ``{}`` where none was measured."""
    return dict(game.level_ratings)


__all__ = ["LEVELS", "STRONG_SEARCH", "levels", "ratings"]
