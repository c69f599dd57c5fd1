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
  (``Game.strong_bot()``: Gambit's round-optimal ``exact``), or a setting of the search
  measured stronger (1848: ``fallback=0``, the search's own choice every move). Soldateska's
  ``sampler`` is not its strong level: the search finished ahead of it (docs/bots.md,
  "Levels").
* ``master``: only where the game names a learned player measured stronger than ``strong`` at
  the table's options (``Game.master_bot()``; Stratego with the classic army: the same search
  with its rollouts and first tries played by the move prior learned from people's games,
  ``ismcts:0.1s:fallback=1.5:rollout=prior``).

``ratings(game)`` gives each level's Elo measured by ``garrison rate`` (a round robin of the
levels; docs/bots.md, "Levels"), with ``easy`` at 0, where the ratings file shipped with the
game holds for its options (``garrison.bots.level_ratings``); ``rated(game)`` the same with
each level's 95% interval and the games a pair that measured it.

>>> import garrison
>>> levels(garrison.load("gambit", players=2))
{'easy': 'random', 'good': 'greedy', 'strong': 'exact'}
>>> levels(garrison.load("scopa", players=2))["strong"]
'ismcts:0.1s:fallback=1.5'
"""

from __future__ import annotations

from typing import Any

from garrison.core import Game

from .level_ratings import shipped_ratings

#: The levels, weakest first (``master`` only in the games that have one).
LEVELS = ("easy", "good", "strong", "master")

#: The search that plays ``strong`` where a game keeps no stronger bot of its own.
STRONG_SEARCH = "ismcts:0.1s:fallback=1.5"

def levels(game: Game | type[Game]) -> dict[str, str]:
    """The bot name of each level for ``game`` at its options (a class: its default options;
    ``LEVELS`` order; ``master`` only where the game has one at these options)."""
    if isinstance(game, type):
        game = game()
    own = list(game.bots)
    good = own[0] if own else "random"
    named = {"easy": "random", "good": good, "strong": game.strong_bot() or STRONG_SEARCH}
    master = game.master_bot()
    if master:
        named["master"] = master
    return named


def rated_bot(bot: str) -> str:
    """The bot a level is rated as: a search counts its budget in CPU time (``clock=cpu``), so
    a loaded machine slows the rating's games without weakening the bot.

    >>> rated_bot("ismcts:0.1s:fallback=1.5"), rated_bot("greedy")
    ('ismcts:0.1s:fallback=1.5:clock=cpu', 'greedy')
    """
    if bot.startswith("ismcts:") and ":clock=" not in bot:
        return f"{bot}:clock=cpu"
    return bot


def rated(game: Game) -> dict[str, dict[str, Any]]:
    """Each level's measured Elo with its 95% interval and the games a pair of levels played
    (``{"elo", "low", "high", "games"}``), or ``{}`` where no ratings file holds for the
    game's options or the file rates other bots than the game's levels now are.

    Raises:
        RecordError: a shipped ratings file is broken.
    """
    doc = shipped_ratings(game)
    return {} if doc is None else rated_in(doc, game)


def rated_in(doc: dict[str, Any], game: Game) -> dict[str, dict[str, Any]]:
    """What ``rated`` gives from the ratings document ``doc`` (``garrison.bots.level_ratings``)
    measured at ``game``'s options: ``{}`` where it rates other bots than the levels."""
    named = levels(game)
    if list(doc["levels"]) != list(named) or any(
            entry["bot"] != rated_bot(bot)
            for bot, entry in zip(named.values(), doc["levels"].values(), strict=True)):
        return {}  # measured for other levels: stale, not shown (a test keeps files current)
    return {level: {"elo": entry["elo"], "low": entry["low"], "high": entry["high"],
                    "games": doc["games_per_pair"]}
            for level, entry in doc["levels"].items()}


def ratings(game: Game) -> dict[str, int]:
    """Measured Elo per level (``easy`` = 0), rounded, or ``{}`` where none was measured.

    Raises:
        RecordError: a shipped ratings file is broken.
    """
    return {level: round(entry["elo"]) for level, entry in rated(game).items()}


__all__ = ["LEVELS", "STRONG_SEARCH", "levels", "rated", "rated_bot", "rated_in", "ratings"]
