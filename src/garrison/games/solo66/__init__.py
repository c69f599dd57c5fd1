"""Solo 66: the five-player Skat-family game of docs/rules/solo66.md (auction for trump, talon, 66 of 130)."""

from .game import Solo66Game

GAME = Solo66Game

__all__ = ["GAME", "Solo66Game"]
