"""Soldier's Gambit: the dice game of docs/rules/gambit.md."""

from .game import GambitGame

GAME = GambitGame
