"""Scopa: capture by equal card or by sum, sweeps, primiera; teams, Scopone deals, variants."""

from .game import ScopaGame

GAME = ScopaGame

__all__ = ["GAME", "ScopaGame"]
