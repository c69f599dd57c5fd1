"""Soldateska: the trick-taking game of seed 000 (ranks, wages, duels, a bank that runs dry)."""

from .game import SoldateskaGame

GAME = SoldateskaGame
