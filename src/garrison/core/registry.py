"""Finding games by name: every game registered under the entry-point group ``garrison.games``.

The kernel imports no game. A game registers itself: Garrison's own games are entry points in
pyproject.toml (``[project.entry-points."garrison.games"]``: ``name = "package.module:GAME"``),
so a game of another distribution installs the same way and is listed, loadable, tested by the
conformance suite and benchmarked; a game made at run time (a test's, a researcher's) calls
``register(TheGame)``.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from .errors import OptionError
from .game import Game

#: The entry-point group games register under.
GROUP = "garrison.games"
#: Games registered at run time by ``register``.
_REGISTERED: dict[str, type[Game]] = {}


@cache
def _catalogue() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for point in entry_points(group=GROUP):
        game = point.load()
        if not (isinstance(game, type) and issubclass(game, Game)):
            raise TypeError(f"the entry point {point.name} = {point.value} of group {GROUP} "
                            f"names {game!r}, not a Game class")
        found[game.name] = game
    found.update(_REGISTERED)
    ranked = sorted(found, key=lambda n: (found[n].listing, n))
    return {name: found[name] for name in ranked}


def register(game: type[Game]) -> type[Game]:
    """Add ``game`` (a ``Game`` subclass with a ``name``) to the games ``games()`` lists and
    ``load`` finds, beside the installed ones; returns it, so it also serves as a class
    decorator. Raises ``TypeError`` for anything but a named ``Game`` subclass."""
    if not (isinstance(game, type) and issubclass(game, Game) and game.name):
        raise TypeError(f"register() takes a Game subclass with a name, not {game!r}")
    _REGISTERED[game.name] = game
    _catalogue.cache_clear()
    return game


def games() -> list[str]:
    """Names of every registered game, in the project's order (``Game.listing``, then name).

    >>> "gambit" in games()
    True
    """
    return list(_catalogue())


def game_class(name: str) -> type[Game]:
    """The ``Game`` class registered as ``name``; ``OptionError`` lists the names if unknown."""
    catalogue = _catalogue()
    key = str(name).strip().lower()
    if key not in catalogue:
        if not catalogue:
            raise OptionError(f"unknown game '{name}': no game is registered (Garrison's games are "
                              f"entry points of group {GROUP}: install the package, "
                              "pip install -e .)")
        raise OptionError(f"unknown game '{name}'; games: {', '.join(catalogue)}")
    return catalogue[key]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated options. Raises ``OptionError`` for an unknown game or a
    bad option.

    >>> load("gambit", players=3).num_players
    3
    """
    cls = game_class(name)
    return cls(cls.Params.from_options(options))


__all__ = ["GROUP", "games", "game_class", "load", "register"]
