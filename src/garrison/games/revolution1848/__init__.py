"""1848 - Das Kartenspiel zur Revolution (seed 001); registry name "1848"."""

from .game import G1848Game

GAME = G1848Game
