"""Soldateska: the trick-taking game of docs/rules/soldateska.md (ranks, wages, duels, a bank that runs dry)."""

from .game import SoldateskaGame

GAME = SoldateskaGame
