"""Soldier's Gambit: the dice game of seed 002."""

from .game import GambitGame

GAME = GambitGame
