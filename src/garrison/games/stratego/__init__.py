"""A Stratego-style board game (seed 004): hidden armies, scouts that run, bombs, spy and marshal."""

from .game import StrategoGame

GAME = StrategoGame
