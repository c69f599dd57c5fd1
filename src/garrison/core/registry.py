"""Finding games by name: every package under ``garrison.games`` that exports ``GAME``.

A new game needs no edit here: add ``garrison/games/<folder>/__init__.py`` with
``GAME = MyGame`` and it is listed, loadable, tested by the conformance suite and benchmarked.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from .errors import OptionError
from .game import Game

#: The order in which games are listed (README.md's game list); games not named here follow, by name.
_ORDER = ("soldateska", "1848", "gambit", "solo66", "stratego", "scopa")


@cache
def _catalogue() -> dict[str, type[Game]]:
    import garrison.games as package

    found: dict[str, type[Game]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game.name] = game
    ranked = sorted(found, key=lambda n: (_ORDER.index(n) if n in _ORDER else len(_ORDER), n))
    return {name: found[name] for name in ranked}


def games() -> list[str]:
    """Names of every registered game, in the project's order.

    >>> "gambit" in games()
    True
    """
    return list(_catalogue())


def game_class(name: str) -> type[Game]:
    """The ``Game`` class registered as ``name``; ``OptionError`` lists the names if unknown."""
    catalogue = _catalogue()
    key = str(name).strip().lower()
    if key not in catalogue:
        raise OptionError(f"unknown game '{name}'; games: {', '.join(catalogue)}")
    return catalogue[key]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated options.

    >>> load("gambit", players=3).num_players
    3
    """
    cls = game_class(name)
    return cls(cls.Params.from_options(options))


__all__ = ["games", "game_class", "load"]
