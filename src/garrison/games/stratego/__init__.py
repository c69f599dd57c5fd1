"""A Stratego-style board game (docs/rules/stratego.md): hidden armies, scouts that run, bombs, spy and marshal."""

from .game import StrategoGame

GAME = StrategoGame
