"""Matches between bots: seeded, seat-rotated, in parallel, with confidence intervals."""

from .match import MatchResult, play_game, run_matches

__all__ = ["MatchResult", "play_game", "run_matches"]
