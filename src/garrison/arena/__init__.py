"""Matches and tournaments between bots: seeded, seat-rotated, mirrored, in parallel, with
confidence intervals, ratings and plots."""

from .match import MatchResult, play_game, run_matches
from .tournament import ArenaResult, run_arena

__all__ = ["ArenaResult", "MatchResult", "play_game", "run_arena", "run_matches"]
