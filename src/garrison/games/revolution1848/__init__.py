"""1848 - Das Kartenspiel zur Revolution (docs/rules/1848.md); registry name "1848"."""

from .game import Revolution1848Game

GAME = Revolution1848Game
